// A View as JSON (docs/VIEW_JSON.md): the exact document for a view built by hand, with no State
// behind it; and over random hands of several presets, no document names a card hidden from its seat.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "test_util.h"
#include "tonk/bot_factory.h"
#include "tonk/preset.h"
#include "tonk/view_json.h"

namespace tonk {
namespace {

using test::act;
using test::card;
using test::cards;

// Seat 0 of two (seat 1 deals; the upcard was Qh) has drawn on its second turn. On its first it
// drew and discarded 7h; seat 1 took the 7h (publicly known since), laid 4s5s6s and discarded 8c.
// Built field by field: no State is involved.
View hand_built_view(const Game& game) {
  View v;
  v.game = &game;
  v.player = 0;
  v.num_players = 2;
  v.dealer = 1;
  v.current_player = 0;
  v.phase = Phase::kAfterDraw;
  v.turn = 3;
  v.turns_of = {2, 1};
  v.hand = cards("Ac 2c 3c 9d Kd 5h");
  v.hand_sizes = {6, 2};
  v.known_cards[1] = cards("7h");
  v.num_spreads = 1;
  v.spreads[0] = cards("4s 5s 6s");
  v.spread_owners[0] = 1;
  v.top_discard = card("8c");
  v.discard_size = 2;
  v.discard_pile = cards("8c Qh");
  v.stock_size = 39;  // 52 - 10 dealt - the upcard - 2 drawn
  return v;
}

TEST(ViewJson, TheExactDocumentOfAHandBuiltView) {
  const Game game;
  View v = hand_built_view(game);
  static const std::vector<Move> history = {
      {0, act("stock")}, {0, act("discard 7h")}, {1, act("take")}, {1, act("spread 4s5s6s")},
      {1, act("discard 8c")}, {0, act("stock")}};
  v.history = history;
  EXPECT_EQ(to_json(v, 2), R"({
  "schema": "tonk.view/1",
  "player": 0,
  "players": 2,
  "dealer": 1,
  "to_move": 0,
  "phase": "after_draw",
  "turn": 3,
  "hand": [
    "Ac",
    "2c",
    "3c",
    "9d",
    "Kd",
    "5h"
  ],
  "count": 30,
  "card_values": {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "J": 10,
    "Q": 10,
    "K": 10
  },
  "taken_discard": null,
  "seats": [
    {
      "seat": 0,
      "hand_size": 6,
      "known": [],
      "turns": 2,
      "empty_stock_takes": 0
    },
    {
      "seat": 1,
      "hand_size": 2,
      "known": [
        "7h"
      ],
      "turns": 1,
      "empty_stock_takes": 0
    }
  ],
  "spreads": [
    {
      "owner": 1,
      "cards": [
        "4s",
        "5s",
        "6s"
      ],
      "shape": null,
      "form": {
        "kind": "run",
        "suit": "s",
        "places": [
          "4",
          "5",
          "6"
        ]
      }
    }
  ],
  "top_discard": "8c",
  "discard_size": 2,
  "discard_pile": [
    "8c",
    "Qh"
  ],
  "stock_size": 39,
  "history": [
    {
      "player": 0,
      "action": "stock"
    },
    {
      "player": 0,
      "action": "discard 7h"
    },
    {
      "player": 1,
      "action": "take"
    },
    {
      "player": 1,
      "action": "spread 4s5s6s"
    },
    {
      "player": 1,
      "action": "discard 8c"
    },
    {
      "player": 0,
      "action": "stock"
    }
  ],
  "outcome": null
})");
  // I8: the count is of the whole hand, a spread held in it included: 1+2+3 + 9 + 10 + 5 = 30.
  // Compact, the document is one line.
  EXPECT_EQ(to_json(v).find('\n'), std::string::npos);
  v.game = nullptr;
  EXPECT_THROW(to_json(v), std::invalid_argument);
}

// A spectator's document (docs/PROTOCOL.md "state") is the seat's, from the same writer, less what
// only the seat knows.
TEST(ViewJson, ThePublicDocumentIsTheSeatsLessItsOwnCards) {
  const Game game;
  View v = hand_built_view(game);
  v.taken_discard = card("5h");
  const std::string seat = to_json(v), open = to_public_json(v);
  nlohmann::ordered_json expected = nlohmann::ordered_json::parse(seat);
  expected["player"] = nullptr;
  expected["hand"] = nlohmann::ordered_json::array();
  expected["count"] = nullptr;
  expected["taken_discard"] = nullptr;
  EXPECT_EQ(open, expected.dump()) << "the same keys in the same order";
  for (const char* c : {"Ac", "9d", "Kd", "5h"}) EXPECT_EQ(open.find(c), std::string::npos) << c;
  EXPECT_EQ(to_public_json(v, 2), nlohmann::ordered_json::parse(open).dump(2));
}

TEST(ViewJson, TheShowdownShowsEveryHand) {
  const std::shared_ptr<const Game> game = make_game(test::rules_for(2));
  Hand hand = test::make_hand(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s");
  test::play(hand, {"drop"});  // seat 1 drops with 35 against 29: caught (S15b)
  const std::string json = to_json(hand.view(0));
  EXPECT_NE(json.find(R"("outcome":{"reason":"caught","player":1,"winners":[0],"payouts":[2,-2],"counts":[29,35],)"
                      R"("points":[0,0],"hands":[["3c","Ad","6d","9h","Qs"],["2c","Kc","5d","8h","Js"]]})"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find(R"("phase":"over")"), std::string::npos);
}

// Every card named in `json`, spread shapes and the places wild cards stand for left out ("run:Jc"
// names where a run of wild cards starts, `"stands_for":{"X1":"Jc"}` a place of it: not cards
// anyone holds; the wild cards themselves are in the spread's `cards`).
CardSet cards_named(const std::string& json) {
  static const std::regex shape(R"((run|book):[0-9TJQKA][cdhs]?|"stands_for":\{[^}]*\})");
  static const std::regex token(R"(([2-9TJQKA][cdhs]|X[1-4]))");
  const std::string text = std::regex_replace(json, shape, "");
  CardSet out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), token); it != std::sregex_iterator(); ++it)
    out.insert(card(it->str()));
  return out;
}

TEST(ViewJson, NoDocumentNamesAHiddenCard) {
  long long documents = 0;
  for (const char* name : {"P-STD", "P-CHICAGO", "P-SEATTLE", "P-RUSH"}) {
    Rules rules = preset_or_throw(name).rules;
    rules.players = 3;
    const std::shared_ptr<const Game> game = make_game(rules);
    Rng rng(17);
    auto greedy = make_bot("greedy", 5);
    for (int h = 0; h < 40; ++h) {
      Hand hand(game, shuffled_deck(*game, rng), h % 3);
      while (true) {
        const State& s = hand.state();
        for (int p = 0; p < 3; ++p) {
          CardSet hidden;
          for (Card c : s.stock()) hidden.insert(c);
          for (int q = 0; q < 3 && !s.is_over(); ++q)
            if (q != p) hidden |= s.hand(q) - s.known_cards(q);
          const std::string json = to_json(hand.view(p));
          const CardSet leaked = cards_named(json) & hidden;
          ASSERT_TRUE(leaked.empty()) << name << ", seat " << p << " is sent " << to_string(leaked) << ": " << json;
          ASSERT_TRUE(cards_named(json).contains_all(s.hand(p))) << "the seat's own hand is in it";
          ++documents;
        }
        if (hand.is_over()) break;
        const ActionList legal = hand.legal_actions();
        hand.apply(greedy->choose(hand.view(hand.current_player()), legal));
      }
    }
  }
  EXPECT_GT(documents, 3000);
}

// The document is written as text, not built through the JSON library (the server writes one per
// seat per move): it must be exactly what the library writes for the same object, compact and
// pretty-printed, at every position of random hands of every preset (wild-card shapes, slapping,
// showdowns) and for every seat.
TEST(ViewJson, TheTextIsWhatTheJsonLibraryWrites) {
  long long documents = 0;
  for (const Preset& preset : presets()) {
    Rules rules = preset.rules;
    rules.players = std::min(3, largest_table(preset));
    const std::shared_ptr<const Game> game = make_game(rules);
    Rng rng(23);
    auto random = make_bot("random", 9);
    for (int h = 0; h < 30; ++h) {
      Hand hand(game, shuffled_deck(*game, rng), h % rules.players);
      while (true) {
        for (int p = 0; p < rules.players; ++p) {
          const std::string text = to_json(hand.view(p));
          const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(text);
          ASSERT_EQ(parsed.dump(), text) << preset.name;
          ASSERT_EQ(to_json(hand.view(p), 2), parsed.dump(2)) << preset.name;
          ++documents;
        }
        if (hand.is_over()) break;
        hand.apply(random->choose(hand.view(hand.current_player()), hand.legal_actions()));
      }
    }
  }
  EXPECT_GT(documents, 4000);
}

}  // namespace
}  // namespace tonk
