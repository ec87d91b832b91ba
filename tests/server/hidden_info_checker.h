// The hidden-information oracle of the server (issue 9 point 3), shared by
// tests/server/hidden_info_test.cc (through the real WebSocket server) and the protocol fuzz target
// tests/fuzz/fuzz_protocol.cc (in memory): the messages one client received during one hand, checked
// against the hand's record replayed by the engine. A seat's `state` holds exactly the engine's View
// of that seat (docs/VIEW_JSON.md) and its legal actions, a spectator's only the public view, an
// `event` names the card drawn from the stock to the drawer alone, and no message names a card the
// client could not see then.
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
// ("run:3h", V13a) and a rule ID in the narration ("V13d": S, V or I at the start of a word, then
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
  } else if (j.is_array() || j.is_object()) {
    for (const json& x : j) cards_in(x, out, names);
  }
}

struct Checker {
  int seat = -1;  // -1: a spectator
  int hands_checked = 0;
  int messages_checked = 0;
  std::vector<std::string> failures;

  void fail(const std::string& what) {
    if (failures.size() < 5) failures.push_back(what);
  }

  // Checks the messages of one hand against its record.
  void check(const std::vector<json>& messages, const std::string& record_text) {
    const std::vector<HandRecord> recs = parse_records(record_text);
    if (recs.size() != 1) return fail("record does not parse to one hand");
    const HandRecord& r = recs[0];
    Hand hand(make_game(r.rules), r.deck, static_cast<int>(r.dealer));
    // The truth after each move: each seat's view document and legal ids, and the card drawn.
    std::vector<json> views;          // by seq
    std::vector<std::set<std::string>> legal;  // by seq, for the seat to move
    std::vector<int> to_move;
    std::vector<std::string> drawn(r.moves.size() + 1);
    auto snapshot = [&] {
      json v = json::parse(to_json(hand.view(seat < 0 ? 0 : seat)));
      views.push_back(seat < 0 ? spectator_of(std::move(v)) : std::move(v));
      std::set<std::string> ids;
      if (!hand.is_over())
        for (const Action& a : hand.legal_actions()) ids.insert(to_string(a));
      legal.push_back(std::move(ids));
      to_move.push_back(hand.is_over() ? -1 : hand.current_player());
    };
    snapshot();
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
      const State& s = hand.state();
      if (r.moves[i].action.kind == ActionKind::kTakeStock && s.stock_size() > 0) drawn[i + 1] = to_string(s.stock()[0]);
      hand.apply(r.moves[i].action);
      snapshot();
    }
    // The seats' names, longest first: the record's (who played the hand; the narration may name a
    // player whose seat the client's states no longer show) and those in this hand's states.
    std::vector<std::string> names = r.seats;
    for (const json& m : messages)
      if (m["type"] == "state" && m.contains("seats") && m["seats"].is_array())
        for (const json& seat : m["seats"])
          if (seat.contains("name") && seat["name"].is_string()) names.push_back(seat["name"]);
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size() || (a.size() == b.size() && a < b); });
    names.erase(std::unique(names.begin(), names.end()), names.end());
    for (const json& m : messages) {
      ++messages_checked;
      const std::string type = m["type"];
      const std::size_t seq = m["seq"].get<std::size_t>();
      if (seq >= views.size()) {
        fail("seq " + std::to_string(seq) + " beyond the record");
        continue;
      }
      std::set<std::string> allowed;
      cards_in(views[seq], allowed);
      if (type == "state") {
        if (m["view"] != views[seq]) fail("state view differs from the engine's at seq " + std::to_string(seq) + ": " + m["view"].dump());
        std::set<std::string> ids;
        for (const json& a : m["legal"]) ids.insert(a["id"].get<std::string>());
        const bool mine = seat >= 0 && to_move[seq] == seat;
        if (ids != (mine ? legal[seq] : std::set<std::string>{})) fail("legal actions differ at seq " + std::to_string(seq));
      } else if (type == "event") {
        const bool own_draw = seat >= 0 && m["actor"] == seat && m["action"] == "stock";
        const json want = own_draw && !drawn[seq].empty() ? json(drawn[seq]) : json(nullptr);
        if (m["drawn"] != want) fail("event drawn " + m["drawn"].dump() + " for seat " + std::to_string(seat));
        if (own_draw && !drawn[seq].empty()) allowed.insert(drawn[seq]);
        // the card taken from the pile is named by the text: it was the top discard before
        cards_in(views[seq - (seq > 0 ? 1 : 0)], allowed);
      }
      std::set<std::string> named;
      json visible = m;
      // Not cards: the rule line, the table code, the hex commitment of the next deal.
      visible.erase("rules");
      visible.erase("table");
      visible.erase("fair");
      cards_in(visible, named, names);
      for (const std::string& c : named)
        if (!allowed.count(c)) fail(type + " at seq " + std::to_string(seq) + " names " + c + " hidden from seat " + std::to_string(seat) + ": " + m.dump().substr(0, 400));
    }
    ++hands_checked;
  }
};

}  // namespace tonk::test
