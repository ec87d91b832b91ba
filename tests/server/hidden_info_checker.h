// The hidden-information oracle of the server, shared by
// tests/server/hidden_info_test.cc (through the real WebSocket server) and the protocol fuzz target
// tests/fuzz/fuzz_protocol.cc (in memory): the messages one client received during one hand, checked
// against the hand's record replayed by the engine. A seat's `state` holds exactly the engine's View
// of that seat (docs/VIEW_JSON.md) and its legal actions, a spectator's only the public view, an
// `event` names the card drawn from the stock to the drawer alone, a `history` (the hand so far, sent
// to a seat that resumes or a spectator that arrives) holds each event as it was sent live, and no
// message names a card the client could not see then.
#pragma once

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tonk/record.h"
#include "tonk/view_json.h"

namespace tonk::test {

using nlohmann::json;

inline json spectator_of(json v) {
  v["player"] = nullptr;
  v["hand"] = json::array();
  v["count"] = nullptr;
  v["taken_discard"] = nullptr;
  return v;
}

// Every card named in `j` (a whole string value that is a card, or card tokens inside text): each
// "[A2-9TJQK][cdhs]" or "X[1-4]" (a joker, V13) read left to right, except a wild run's lowest place
// ("run:3h", V13a) and what a wild card stands for (`stands_for`), and a rule ID in the narration ("V13d": S, V or I at the start of a word, then
// digits and letters). A scan, not std::regex: the protocol fuzz target calls it for every message.
inline bool is_card_at(const std::string& s, std::size_t i) {
  if (i + 1 >= s.size()) return false;
  const char r = s[i], x = s[i + 1];
  if (r == 'X') return x >= '1' && x <= '4';
  const bool rank = r == 'A' || (r >= '2' && r <= '9') || r == 'T' || r == 'J' || r == 'Q' || r == 'K';
  return rank && (x == 'c' || x == 'd' || x == 'h' || x == 's');
}

// `names` (the seats' names: text the players chose, "Ann Ac" as well as "Ann") are blanked out of
// every string before it is read: a card in a name is no card shown. (A name that is exactly a card
// the text also names as a card hides that one from the check: the oracle's one blind spot.)
inline void cards_in(const json& j, std::set<std::string>& out, const std::vector<std::string>& names = {}) {
  if (j.is_string()) {
    std::string s = j.get<std::string>();
    for (const std::string& name : names)  // longest first (see Checker::check)
      for (std::size_t at = name.empty() ? std::string::npos : s.find(name); at != std::string::npos; at = s.find(name, at + name.size()))
        s.replace(at, name.size(), name.size(), ' ');
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    for (std::size_t i = 0; i < s.size();) {
      if (s.compare(i, 4, "run:") == 0 && is_card_at(s, i + 4)) {
        i += 6;
      } else if ((s[i] == 'S' || s[i] == 'V' || s[i] == 'I') && (i == 0 || !word(s[i - 1])) && i + 1 < s.size() && digit(s[i + 1])) {
        for (++i; i < s.size() && digit(s[i]); ++i) {
        }
        while (i < s.size() && s[i] >= 'a' && s[i] <= 'z') ++i;
      } else if (is_card_at(s, i)) {
        out.insert(s.substr(i, 2));
        i += 2;
      } else {
        ++i;
      }
    }
  } else if (j.is_object()) {
    // A spread's `stands_for` (V13a) names places of a run, not cards anyone holds: only its keys,
    // the wild cards on the table, are cards shown.
    for (const auto& [key, value] : j.items()) {
      if (key != "stands_for") cards_in(value, out, names);
      else if (value.is_object()) for (const auto& [wild, place] : value.items()) cards_in(json(wild), out, names);
    }
  } else if (j.is_array()) {
    for (const json& x : j) cards_in(x, out, names);
  }
}

// What the engine says of one hand for one seat (-1: a spectator), replayed once from its record
// and shared by every client of that seat (the protocol fuzz target checks several per hand).
struct HandTruth {
  bool parsed = false;                       // the record parsed to exactly one hand
  std::vector<std::string> seats;            // the record's names, seat 0 first
  std::vector<json> views;                   // by seq: the seat's view document
  std::vector<std::set<std::string>> shown;  // by seq: the cards that view shows (cards_in)
  std::vector<std::set<std::string>> legal;  // by seq: the legal ids, for the seat to move
  std::vector<int> to_move;                  // by seq: the seat to move, -1 once the hand is over
  std::vector<std::string> drawn;            // by seq: the card the move before it drew from the stock
};

inline HandTruth hand_truth(const std::string& record_text, int seat) {
  HandTruth t;
  const std::vector<HandRecord> recs = parse_records(record_text);
  if (recs.size() != 1) return t;
  t.parsed = true;
  const HandRecord& r = recs[0];
  t.seats = r.seats;
  Hand hand(make_game(r.rules), r.deck, static_cast<int>(r.dealer));
  t.drawn.resize(r.moves.size() + 1);
  auto snapshot = [&] {
    json v = json::parse(to_json(hand.view(seat < 0 ? 0 : seat)));
    t.views.push_back(seat < 0 ? spectator_of(std::move(v)) : std::move(v));
    cards_in(t.views.back(), t.shown.emplace_back());
    std::set<std::string> ids;
    if (!hand.is_over())
      for (const Action& a : hand.legal_actions()) ids.insert(to_string(a));
    t.legal.push_back(std::move(ids));
    t.to_move.push_back(hand.is_over() ? -1 : hand.current_player());
  };
  snapshot();
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const State& s = hand.state();
    if (r.moves[i].action.kind == ActionKind::kTakeStock && s.stock_size() > 0) t.drawn[i + 1] = to_string(s.stock()[0]);
    hand.apply(r.moves[i].action);
    snapshot();
  }
  return t;
}

inline const json& message_of(const json& m) { return m; }
inline const json& message_of(const json* m) { return *m; }

struct Checker {
  int seat = -1;  // -1: a spectator
  int hands_checked = 0;
  int messages_checked = 0;
  int histories_checked = 0;
  std::vector<std::string> failures;

  void fail(const std::string& what) {
    if (failures.size() < 5) failures.push_back(what);
  }

  // One `state` or `event` of the hand against its truth.
  void check_message(const json& m, const std::vector<std::string>& names, const HandTruth& t) {
    const std::string type = m["type"];
    const std::size_t seq = m["seq"].get<std::size_t>();
    if (seq >= t.views.size()) {
      fail("seq " + std::to_string(seq) + " beyond the record");
      return;
    }
    const std::set<std::string>* allowed = &t.shown[seq];
    std::set<std::string> more;  // an event may name more than its position's view shows
    if (type == "state") {
      if (m["view"] != t.views[seq]) fail("state view differs from the engine's at seq " + std::to_string(seq) + ": " + m["view"].dump());
      std::set<std::string> ids;
      for (const json& a : m["legal"]) ids.insert(a["id"].get<std::string>());
      // A table that ended offers nothing, also mid-hand (a hand cut short has a record too).
      const bool mine = seat >= 0 && t.to_move[seq] == seat && m.value("status", "") != "over";
      if (ids != (mine ? t.legal[seq] : std::set<std::string>{})) fail("legal actions differ at seq " + std::to_string(seq));
    } else if (type == "event") {
      const bool own_draw = seat >= 0 && m["actor"] == seat && m["action"] == "stock";
      const json want = own_draw && !t.drawn[seq].empty() ? json(t.drawn[seq]) : json(nullptr);
      if (m["drawn"] != want) fail("event drawn " + m["drawn"].dump() + " for seat " + std::to_string(seat));
      more = *allowed;
      if (own_draw && !t.drawn[seq].empty()) more.insert(t.drawn[seq]);
      // the card taken from the pile is named by the text: it was the top discard before
      const std::set<std::string>& before = t.shown[seq - (seq > 0 ? 1 : 0)];
      more.insert(before.begin(), before.end());
      allowed = &more;
    }
    std::set<std::string> named;
    // Not cards: the rule line, the table code, the hex commitment of the next deal.
    if (m.is_object()) {
      for (const auto& [key, value] : m.items())
        if (key != "rules" && key != "table" && key != "fair") cards_in(value, named, names);
    } else {
      cards_in(m, named, names);
    }
    for (const std::string& c : named)
      if (!allowed->count(c)) fail(type + " at seq " + std::to_string(seq) + " names " + c + " hidden from seat " + std::to_string(seat) + ": " + m.dump().substr(0, 400));
  }

  // A `history`: every event of the hand up to its `seq`, in order from the deal, each checked as
  // an event and equal to the live event of that position when the client received one.
  template <class Messages>
  void check_history(const json& h, const Messages& messages, const std::vector<std::string>& names, const HandTruth& t) {
    ++histories_checked;
    const json& events = h["events"];
    if (!events.is_array() || events.size() != h["seq"].get<std::size_t>() + 1)
      return fail("history of seq " + h["seq"].dump() + " holds " + std::to_string(events.size()) + " events");
    for (std::size_t i = 0; i < events.size(); ++i) {
      const json& e = events[i];
      if (e["type"] != "event" || e["seq"] != i || e["hand"] != h["hand"]) return fail("history event " + std::to_string(i) + " is out of place: " + e.dump());
      check_message(e, names, t);
      for (const auto& each : messages)
        if (const json& live = message_of(each); live["type"] == "event" && live["seq"] == i && live != e)
          fail("history event " + std::to_string(i) + " differs from the live one: " + e.dump() + " vs " + live.dump());
    }
  }

  // Checks the messages of one hand against its record.
  void check(const std::vector<json>& messages, const std::string& record_text) { check(messages, hand_truth(record_text, seat)); }

  // The same against the hand's truth for this checker's seat (hand_truth(record, seat)); the
  // messages are json or pointers to json (the fuzz target's, which it keeps).
  template <class Messages>
  void check(const Messages& messages, const HandTruth& t) {
    if (!t.parsed) return fail("record does not parse to one hand");
    // The seats' names, longest first: the record's (who played the hand; the narration may name a
    // player whose seat the client's states no longer show) and those in this hand's states.
    std::vector<std::string> names = t.seats;
    for (const auto& each : messages)
      if (const json& m = message_of(each); m["type"] == "state" && m.contains("seats") && m["seats"].is_array())
        for (const json& seat : m["seats"])
          if (seat.contains("name") && seat["name"].is_string()) names.push_back(seat["name"]);
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size() || (a.size() == b.size() && a < b); });
    names.erase(std::unique(names.begin(), names.end()), names.end());
    for (const auto& each : messages) {
      const json& m = message_of(each);
      ++messages_checked;
      if (m["type"] == "history") {
        check_history(m, messages, names, t);
        continue;
      }
      check_message(m, names, t);
    }
    ++hands_checked;
  }
};

}  // namespace tonk::test
