#include "hand_history.h"

#include "tonk/record.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

json card_or_null(Card c) { return c.valid() ? json(to_string(c)) : json(nullptr); }

// One sentence per action (docs/PROTOCOL.md `event`); `drawn` only in the drawer's.
std::string narrate(const std::string& who, const Action& a, Card drawn, Card taken) {
  switch (a.kind) {
    case ActionKind::kDrop: return who + " drops (S15).";
    case ActionKind::kTakeStock:
      return who + " draws from the stock" + (drawn.valid() ? " (" + to_string(drawn) + ")" : "") + ".";
    case ActionKind::kTakeDiscard:
      return who + " takes the " + (taken.valid() ? to_string(taken) : "top card") + " from the discard pile.";
    case ActionKind::kSpread: return who + " lays " + to_string(a.cards) + ".";
    case ActionKind::kHit: return who + " hits spread " + std::to_string(a.target) + " with " + to_string(a.cards) + ".";
    case ActionKind::kDiscard: return who + " discards the " + to_string(a.card()) + ".";
    case ActionKind::kClaim: return who + " claims a win with the dealt count (V13d).";
    case ActionKind::kEndTurn: return who + " ends the turn (V19c).";
    case ActionKind::kSlap: return who + " slaps the discard onto spread " + std::to_string(a.target) + " (V21).";
    case ActionKind::kPass: return who + " passes (V21).";
  }
  return who + " acts.";
}

}  // namespace

void HandHistory::note(const TableEvent& e, const std::string& actor_name, bool auto_play) {
  if (e.kind == TableEventKind::kHandDealt) {
    if (!entries_.empty() && entries_.front().hand == e.hand_number) return;  // another seat's rendering
    entries_.clear();
    Entry deal;
    deal.hand = e.hand_number;
    deal.actor = e.view->dealer;
    deal.text = "Hand " + std::to_string(e.hand_number) + " is dealt by " + actor_name + ".";
    entries_.push_back(std::move(deal));
    return;
  }
  if (e.kind != TableEventKind::kAction) return;
  const std::size_t seq = e.view->history.size();
  if (entries_.empty() || entries_.back().hand != e.hand_number || entries_.back().seq != seq) {
    Entry entry;
    entry.hand = e.hand_number;
    entry.seq = seq;
    entry.actor = e.actor;
    entry.action = e.action;
    if (e.action.kind == ActionKind::kTakeDiscard && e.before) entry.taken = e.before->top_discard;
    entry.auto_play = auto_play;
    entry.text = narrate(actor_name, e.action, Card::none(), entry.taken);
    entries_.push_back(std::move(entry));
  }
  Entry& entry = entries_.back();
  if (e.seat == e.actor && e.drawn.valid()) {
    entry.drawn = e.drawn;
    entry.drawer_text = narrate(actor_name, e.action, e.drawn, entry.taken);
  }
}

json HandHistory::render(const std::string& table, const Entry& e, int seat) const {
  const bool drawer = seat >= 0 && seat == e.actor && e.drawn.valid();
  return json{{"type", "event"},
              {"table", table},
              {"hand", e.hand},
              {"seq", e.seq},
              {"actor", e.actor},
              {"action", e.action ? json(to_string(*e.action)) : json(nullptr)},
              {"drawn", drawer ? card_or_null(e.drawn) : json(nullptr)},
              {"taken", card_or_null(e.taken)},
              {"auto", e.auto_play},
              {"text", drawer ? e.drawer_text : e.text}};
}

json HandHistory::latest(const std::string& table, int seat) const { return render(table, entries_.back(), seat); }

std::optional<json> HandHistory::message(const std::string& table, int seat) const {
  if (entries_.empty()) return std::nullopt;
  json events = json::array();
  for (const Entry& e : entries_) events.push_back(render(table, e, seat));
  return json{{"type", "history"}, {"table", table}, {"hand", entries_.back().hand}, {"seq", entries_.back().seq},
              {"events", std::move(events)}};
}

}  // namespace tonk::serve
