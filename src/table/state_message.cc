#include "state_message.h"

#include <algorithm>

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

std::string ms_left(std::optional<std::int64_t> until, std::int64_t now_ms) {
  return until ? std::to_string(std::max<std::int64_t>(0, *until - now_ms)) : std::string("null");
}

}  // namespace

StateMessage::StateMessage(const TableConfig& config)
    : rules_json_(",\"preset\":" + json(config.preset).dump() + ",\"rules\":" + json(tonk::to_string(config.rules)).dump()) {}

StateMessage::Shared StateMessage::shared(const TableMachine& t, std::int64_t now_ms) const {
  const Table* table = t.table();
  const bool in_hand = table && table->in_hand();
  const int hand = t.hand_number();
  Shared out;
  // What the table's chat takes (docs/PROTOCOL.md "Chat"): free text, spectators' lines.
  const TableConfig& config = t.config();
  out.head = std::string("{\"chat\":{\"spectators\":") + (config.chat_spectators ? "true" : "false") +
             ",\"text\":" + (config.chat_text ? "true" : "false") + "},\"deadline_ms\":" +
             ms_left(t.turn_deadline_ms(), now_ms) + ",\"fair\":";
  const int next = hand + 1;
  if (const std::string* commitment = t.commitment(next); commitment && !t.over()) {
    out.fair_head = "{\"commitment\":\"" + *commitment + "\",\"contributed\":";  // hex: nothing to escape
    // The hand in play's commitment, published before its deal: a client that reloads mid-hand
    // shows it and checks the reveal against it (docs/PROTOCOL.md "state").
    out.fair_tail = ",\"current\":";
    const std::string* current = in_hand ? t.commitment(hand) : nullptr;
    if (current)
      out.fair_tail += "{\"commitment\":\"" + *current + "\",\"hand\":" + std::to_string(hand) + "}";
    else
      out.fair_tail += "null";
    out.fair_tail += ",\"hand\":" + std::to_string(next) + "}";
  }
  out.middle = ",\"hand\":" + std::to_string(hand) + ",\"ledger\":" + t.ledger_json().dump() + ",\"legal\":";
  out.rules_part = ",\"next_hand_ms\":" + ms_left(t.next_hand_ms(), now_ms) + rules_json_ + ",\"seat\":";
  const int thinking = t.thinking();
  out.tail = ",\"seats\":" + seats_json(t).dump() + ",\"seq\":" + std::to_string(t.seq()) + ",\"status\":\"" + t.status() +
             "\",\"table\":" + json(t.code()).dump() +
             ",\"thinking\":" + (thinking >= 0 ? std::to_string(thinking) : std::string("null")) + ",\"to_move\":" +
             std::to_string(!t.over() && in_hand ? table->to_move() : -1) + ",\"type\":\"state\",\"view\":";
  // Between hands: the seats the table waits on for *Next hand* (docs/PROTOCOL.md "state").
  json waiting = json::array();
  if (!t.over() && table && !in_hand)
    for (int s = 0; s < t.config().seats(); ++s)
      if (t.awaited(s)) waiting.push_back(s);
  out.end = ",\"waiting_for\":" + waiting.dump() + ",\"watching\":" + std::to_string(t.watching()) + "}";
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
  std::string text;
  text.reserve(shared.head.size() + shared.middle.size() + shared.rules_part.size() + shared.tail.size() + shared.end.size() +
               view.size() + legal.size() + 200);
  text += shared.head;
  if (shared.fair_head.empty()) {
    text += "null";
  } else {
    text += shared.fair_head;
    text += t.contributed(t.hand_number() + 1, seat) ? "true" : "false";
    text += shared.fair_tail;
  }
  text += shared.middle;
  text += legal;
  text += shared.rules_part;
  text += seat < 0 ? "null" : std::to_string(seat);
  text += shared.tail;
  text += view;
  text += shared.end;
  return text;
}

}  // namespace tonk::serve
