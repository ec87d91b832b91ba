#include "state_message.h"

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol_json.h"
#include "tonk/rule_options.h"
#include "tonk/view_json.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

json seats_json(const TableMachine& t) {
  json out = json::array();
  for (int s = 0; s < t.config().seats(); ++s) {
    const SeatInfo& info = t.seat(s);
    json j{{"seat", s},
           {"name", info.kind == SeatKind::kOpen ? json(nullptr) : json(info.name)},
           {"kind", info.kind == SeatKind::kOpen ? "open" : info.kind == SeatKind::kPerson ? "person" : "bot"},
           {"connected", info.kind == SeatKind::kBot || t.connected(s)},
           {"auto", info.autoplay}};
    if (info.kind == SeatKind::kBot) j["bot"] = info.bot_kind;
    out.push_back(std::move(j));
  }
  return out;
}

json ms_left(std::optional<std::int64_t> until, std::int64_t now_ms) {
  return until ? json(std::max<std::int64_t>(0, *until - now_ms)) : json(nullptr);
}

// A placeholder's text: a string no value of the message can hold (names, codes and rules refuse
// control characters; hex and numbers have none), so its dump is found only where it was put. Its
// dump begins with a backslash, rare in the message, which the search looks for.
constexpr int kRulesPlaceholder = 9;
std::string placeholder(int n) { return std::string(1, '\0') + std::to_string(n); }
std::string placeholder(StateMessage::Slot slot) { return placeholder(static_cast<int>(slot)); }
std::string quoted(int n) { return "\"\\u0000" + std::to_string(n) + "\""; }  // "\u0000N" as dumped

}  // namespace

StateMessage::StateMessage(const TableConfig& config)
    : preset_(config.preset), rules_json_(json(tonk::to_string(config.rules)).dump()) {}

StateMessage::Shared StateMessage::shared(const TableMachine& t, std::int64_t now_ms) const {
  const Table* table = t.table();
  const bool in_hand = table && table->in_hand();
  const int hand = t.hand_number();
  // Key by key, not from an initializer list (whose pairs are arrays made and taken apart).
  json m = json::object();
  m["type"] = "state";
  m["table"] = t.code();
  m["hand"] = hand;
  m["seq"] = t.seq();
  m["status"] = t.status();
  m["deadline_ms"] = ms_left(t.turn_deadline_ms(), now_ms);
  m["next_hand_ms"] = ms_left(t.next_hand_ms(), now_ms);
  m["preset"] = preset_;
  m["rules"] = placeholder(kRulesPlaceholder);
  m["ledger"] = t.ledger_json();
  m["seats"] = seats_json(t);
  m["host"] = t.host_seat();  // who may `remove` a person away too long (-1: nobody is seated)
  m["thinking"] = t.thinking() >= 0 ? json(t.thinking()) : json(nullptr);
  m["to_move"] = !t.over() && in_hand ? table->to_move() : -1;
  m["watching"] = t.watching();
  m["seat"] = placeholder(Slot::kSeat);
  m["legal"] = placeholder(Slot::kLegal);
  m["view"] = placeholder(Slot::kView);
  m["fair"] = nullptr;
  // A listed table (quick play) says when bots take its open seats: ms from now, null when not waiting.
  if (t.config().listed || !t.config().rematch_of.empty()) m["bots_in_ms"] = ms_left(t.bots_at_ms(), now_ms);
  // What the table's chat takes (docs/PROTOCOL.md "Chat"): free text, spectators' lines.
  m["chat"] = {{"spectators", t.config().chat_spectators}, {"text", t.config().chat_text}};
  const int next = hand + 1;
  if (const std::string* commitment = t.commitment(next); commitment && !t.over()) {
    // The hand in play's commitment, published before its deal: a client that reloads mid-hand
    // shows it and checks the reveal against it (docs/PROTOCOL.md "state").
    const std::string* current = in_hand ? t.commitment(hand) : nullptr;
    m["fair"] = {{"commitment", *commitment},
                 {"contributed", placeholder(Slot::kContributed)},
                 {"current", current ? json{{"commitment", *current}, {"hand", hand}} : json(nullptr)},
                 {"hand", next}};
  }
  // Between hands: the seats the table waits on for *Next hand* (docs/PROTOCOL.md "state").
  json waiting = json::array();
  if (!t.over() && table && !in_hand)
    for (int s = 0; s < t.config().seats(); ++s)
      if (t.awaited(s)) waiting.push_back(s);
  m["waiting_for"] = std::move(waiting);

  // Cut the dump at each slot, in the order the keys are written; the rules go in as dumped once.
  const std::string text = m.dump();
  Shared out;
  std::size_t from = 0;
  const auto take = [&](int n) -> bool {
    const std::string q = quoted(n);
    const std::size_t after_quote = text.find(std::string_view(q).substr(1), from);
    if (after_quote == std::string::npos || after_quote == 0 || text[after_quote - 1] != '"') return false;
    const std::size_t at = after_quote - 1;
    out.pieces[out.count].append(text, from, at - from);
    from = at + q.size();
    return true;
  };
  const auto slot = [&](Slot s) {
    if (!take(static_cast<int>(s))) {
      if (s == Slot::kContributed) return;  // no commitment to contribute to
      throw std::logic_error("state message: a slot is missing");
    }
    out.slots[out.count++] = s;
  };
  slot(Slot::kContributed);
  slot(Slot::kLegal);
  if (!take(kRulesPlaceholder)) throw std::logic_error("state message: the rules are missing");
  out.pieces[out.count] += rules_json_;
  slot(Slot::kSeat);
  slot(Slot::kView);
  out.pieces[out.count].append(text, from, std::string::npos);
  return out;
}

std::string StateMessage::text(const TableMachine& t, int seat, const Shared& shared) const {
  const Table* table = t.table();
  std::string view = "null";
  std::string legal = "[]";
  if (table && table->hand()) {
    // Schema tonk.view/1, a JSON object; a spectator's is the public one (docs/PROTOCOL.md "state").
    view = seat < 0 ? to_public_json(table->view(0)) : to_json(table->view(seat));
    // An ended table (every person sent `end`, or none is left) offers nothing, even mid-hand: act
    // refuses every action there.
    if (seat >= 0 && !t.over() && table->in_hand() && table->to_move() == seat && !t.bot_plays(seat)) {
      ActionList list;
      table->legal_actions(list);
      json array = json::array();
      for (const Action& a : list) array.push_back(action_json(a, table->game()));
      legal = array.dump();
    }
  }
  std::size_t size = view.size() + legal.size() + 16;
  for (std::size_t i = 0; i <= shared.count; ++i) size += shared.pieces[i].size();
  std::string text;
  text.reserve(size);
  for (std::size_t i = 0; i < shared.count; ++i) {
    text += shared.pieces[i];
    switch (shared.slots[i]) {
      case Slot::kContributed: text += t.contributed(t.hand_number() + 1, seat) ? "true" : "false"; break;
      case Slot::kLegal: text += legal; break;
      case Slot::kSeat: text += seat < 0 ? "null" : std::to_string(seat); break;
      case Slot::kView: text += view; break;
    }
  }
  text += shared.pieces[shared.count];
  return text;
}

}  // namespace tonk::serve
