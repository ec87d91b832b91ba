// The action codec (action_codec.h, docs/PYTHON.md): over random states of every preset and player
// count, every legal action has a code in range that decodes back to it, no two legal actions of a
// state share a code, and on a sample of states every code that decodes to a legal action is the
// code of a listed one. A few codes are pinned, so that a change of the layout fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "test_util.h"
#include "tonk/action_codec.h"
#include "tonk/hand.h"
#include "tonk/preset.h"
#include "tonk/rng.h"
#include "tonk/rule_options.h"
#include "tonk/state.h"

// P-CHICAGO's wild-card codes (docs/PYTHON.md, "Wild cards"), worked out from the layout by hand:
// 1651 + 13 books x 216 forms = 4459 starts the runs, 10595 per suit; 46839 starts the hits, 7798
// per target (5 book hits first). Offsets within a suit and forms' indices are in brackets.
#define PINNED_SIZE 187203  // 46839 + 18 * 7798
#define PINNED_A 29461      // 4459 + 2 * 10595 + [low 3, length 4: 3725] + [M 0111, D {c}, j 0: 87]
#define PINNED_B 28301      // 4459 + 2 * 10595 + [low 2, length 4: 2504] + [M 1110, D {}, j 1: 148]
#define PINNED_C 46850      // 46839 + [1 place, 1 below: 10] + [M 0, D {c}, j 0: 1]

namespace tonk {
namespace {

struct CodecTally {
  long long states = 0;
  long long actions = 0;
  long long wild_codes = 0;   // legal actions whose code is in the wild region (V13a)
  long long multi_hits = 0;   // hits of two or more cards
  long long full_scans = 0;
};

// Random play that prefers spreads and hits, so that the table fills and hits of every kind occur.
void check_random_states(const Game& game, std::uint64_t seed, long long states, int scan_every, CodecTally& tally) {
  const ActionCodec codec(game);
  Rng rng(seed);
  ActionList legal;
  while (tally.states < states) {
    State s = State::deal(game, shuffled_deck(game, rng), static_cast<int>(rng.below(game.num_players())));
    while (!s.is_over() && tally.states < states) {
      ++tally.states;
      s.legal_actions(legal);
      std::set<int> codes;
      std::vector<int> melds;
      for (int i = 0; i < legal.size(); ++i) {
        const Action& a = legal[i];
        const int code = codec.encode(s, a);
        ASSERT_GE(code, 0) << to_string(a) << " has no code";
        ASSERT_LT(code, codec.num_distinct_actions()) << to_string(a);
        const auto back = codec.decode(s, code);
        ASSERT_TRUE(back.has_value()) << to_string(a) << " -> " << code << " decodes to nothing";
        ASSERT_EQ(*back, a) << to_string(a) << " -> " << code << " -> " << to_string(*back);
        ASSERT_TRUE(codes.insert(code).second) << to_string(a) << ": code " << code << " is used twice";
        if (code >= ActionCodec::kNaturalActions) ++tally.wild_codes;
        if (a.kind == ActionKind::kHit && a.cards.size() >= 2) ++tally.multi_hits;
        if (a.kind == ActionKind::kSpread || a.kind == ActionKind::kHit) melds.push_back(i);
        ++tally.actions;
      }
      if (tally.states % scan_every == 0) {  // every code: a legal decoding is a listed action
        ++tally.full_scans;
        for (int code = 0; code < codec.num_distinct_actions(); ++code) {
          const auto a = codec.decode(s, code);
          if (!a) continue;
          ASSERT_EQ(codec.encode(s, *a), code) << to_string(*a);
          if (s.is_legal(*a)) {
            ASSERT_TRUE(codes.count(code)) << code << " " << to_string(*a) << " is legal but not listed";
          }
        }
      }
      const bool meld = !melds.empty() && rng.below(4) != 0;
      const int pick = meld ? melds[rng.below(static_cast<std::uint32_t>(melds.size()))]
                            : static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
      s.apply(legal[pick]);
    }
  }
}

class CodecProperty : public ::testing::TestWithParam<std::string> {};

TEST_P(CodecProperty, EveryLegalActionRoundTripsAndNoTwoCollide) {
  const Preset& preset = preset_or_throw(GetParam());
  CodecTally tally;
  const int most = std::min(4, preset.max_players);
  for (int players = 2; players <= most; ++players) {
    Rules rules = preset.rules;
    rules.players = players;
    const Game game(rules);
    const long long before = tally.states;
    check_random_states(game, 100 + static_cast<std::uint64_t>(players), before + 4000, game.has_wilds() ? 997 : 97, tally);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(tally.multi_hits, 0) << "no hit of several cards was checked";
  EXPECT_GT(tally.full_scans, 0);
  if (preset.rules.wild_cards != WildCards::kNone) {
    EXPECT_GT(tally.wild_codes, 0) << "no wild-card code was checked";
  }
  RecordProperty("actions", std::to_string(tally.actions));
}

INSTANTIATE_TEST_SUITE_P(EveryPreset, CodecProperty,
                         ::testing::Values("P-STD", "P-BATON", "P-CHICAGO", "P-DC", "P-NEWARK", "P-PUSHUP", "P-RUSH",
                                           "P-SEATTLE", "P-VIETNAM", "P-WASH"),
                         [](const auto& info) { return info.param.substr(2); });

TEST(CodecProperty, CoversEveryPreset) {
  EXPECT_EQ(presets().size(), 10u) << "a preset was added: add it to EveryPreset above";
}

// Wild cards with more jokers, a forty-card deck, slapping and V19c's end: rule sets no preset plays.
TEST(CodecProperty, RuleSetsBeyondThePresets) {
  std::vector<Rules> sets;
  Rules wild4;
  wild4.wild_cards = WildCards::kDeucesJokers;
  wild4.jokers = 4;
  wild4.hand_size = 7;
  sets.push_back(wild4);
  Rules forty;
  forty.deck = DeckKind::kForty;
  forty.slapping = Slapping::kOn;
  forty.hit_skips_discard = true;
  sets.push_back(forty);
  Rules forty_wild = forty;
  forty_wild.wild_cards = WildCards::kDeucesJokers;
  forty_wild.jokers = 1;
  forty_wild.book_max = 3;
  sets.push_back(forty_wild);
  Rules big;
  big.hand_size = 9;
  big.players = 3;
  sets.push_back(big);
  for (const Rules& rules : sets) {
    const Game game(rules);
    CodecTally tally;
    check_random_states(game, 7, 3000, 499, tally);
    if (HasFatalFailure()) return;
    EXPECT_GT(tally.multi_hits, 0) << to_string(rules);
  }
}

// The layout is part of the API: these codes must never change (docs/PYTHON.md).
TEST(ActionCodec, PinnedEncodings) {
  const Game game;  // the standard game
  const ActionCodec codec(game);
  EXPECT_EQ(codec.num_distinct_actions(), 1651);
  EXPECT_EQ(ActionCodec::kNaturalActions, 1651);
  // Before the first turn: drop, stock, take; a discard is named by card id (suit * 13 + rank).
  State s = test::deal(game, {"Ah 2h 3h 4h 9c", "7s 7d 7c Kd Qd"}, "5s", "", /*dealer=*/1);
  EXPECT_EQ(codec.encode(s, Action::drop()), 0);
  EXPECT_EQ(codec.encode(s, Action::take_stock()), 1);
  EXPECT_EQ(codec.encode(s, Action::take_discard()), 2);
  EXPECT_EQ(codec.encode(s, Action::claim()), 3);
  EXPECT_EQ(codec.encode(s, Action::end_turn()), 4);
  EXPECT_EQ(codec.encode(s, Action::pass()), 5);
  EXPECT_EQ(codec.encode(s, Action::discard(test::card("Ac"))), 6);
  EXPECT_EQ(codec.encode(s, Action::discard(test::card("Ks"))), 6 + 51);
  EXPECT_EQ(codec.encode(s, Action::slap(0)), 62);
  test::play(s, {"take"});
  // Books: 80 + rank * 5 + (the suit missing, or 4 for all four); runs: 145 + suit * 66 + run index.
  EXPECT_EQ(codec.encode(s, test::act("spread AhAcAs")), 80 + 0 * 5 + 1);  // not held: a code all the same
  EXPECT_EQ(codec.encode(s, test::act("spread 2h3h4h")), 145 + 2 * 66 + 11);  // hearts, low 1, length 3
  EXPECT_EQ(codec.encode(s, test::act("spread Ah2h3h4h")), 145 + 2 * 66 + 1);
  EXPECT_EQ(codec.encode(s, test::act("spread Ah2h3h4h5h")), 145 + 2 * 66 + 2);
  EXPECT_EQ(codec.encode(s, test::act("spread 7c7d7h")), 80 + 6 * 5 + 3);
  EXPECT_EQ(codec.encode(s, test::act("spread 7c7d7h7s")), 80 + 6 * 5 + 4);
  EXPECT_EQ(codec.encode(s, test::act("spread Jc Qc Kc")), 145 + 0 * 66 + 65);
  test::play(s, {"spread 2h3h4h"});
  // Hits: 409 + target * 69 + (4 + index of (below, above)) onto a run.
  EXPECT_EQ(codec.encode(s, test::act("hit 0 Ah")), 409 + 4 + 1);  // one below
  EXPECT_EQ(codec.encode(s, test::act("hit 0 5h")), 409 + 4 + 0);  // one above
  EXPECT_EQ(codec.encode(s, test::act("hit 0 Ah5h6h")), 409 + 4 + 6);  // (1 below, 2 above): 3*4/2 - 1 + 1
  EXPECT_EQ(codec.encode(s, test::act("hit 0 5h")), 413);
  EXPECT_EQ(codec.encode(s, test::act("hit 1 5h")), -1);  // no spread 1
  EXPECT_EQ(codec.encode(s, test::act("hit 0 7h")), -1);  // not next to the run
  EXPECT_EQ(codec.decode(s, 413), test::act("hit 0 5h"));
  EXPECT_EQ(codec.decode(s, 409 + 69), std::nullopt);  // spread 1 is not there
  EXPECT_EQ(codec.decode(s, 1651), std::nullopt);
  EXPECT_EQ(codec.decode(s, -1), std::nullopt);
}

TEST(ActionCodec, PinnedWildCardEncodings) {
  const Game game(preset_or_throw("P-CHICAGO").rules);
  const ActionCodec codec(game);
  EXPECT_EQ(codec.num_distinct_actions(), PINNED_SIZE);
  State s = test::deal(game, {"4h 5h 2c X1 9c", "7s 7d 8c Kd Qd"}, "", "6h", /*dealer=*/1);  // V13e: no upcard
  test::play(s, {"stock"});
  // The natural reading comes first: 4h5h6h is a natural run (hearts, low 3, length 3).
  EXPECT_EQ(codec.encode(s, test::act("spread 4h5h6h")), 145 + 2 * 66 + 30);
  // V13a: 2c standing for 7h, and X1 standing for 3h.
  EXPECT_EQ(codec.encode(s, test::act("spread 4h5h6h2c run:4h")), PINNED_A);
  EXPECT_EQ(codec.encode(s, test::act("spread 4h5h6hX1 run:3h")), PINNED_B);
  EXPECT_EQ(codec.decode(s, PINNED_A), test::act("spread 4h5h6h2c run:4h"));
  EXPECT_EQ(codec.decode(s, PINNED_B), test::act("spread 4h5h6hX1 run:3h"));
  EXPECT_EQ(codec.encode(s, test::act("spread 4h5h6hX2 run:3h")), PINNED_B);  // jokers are named by number
  test::play(s, {"spread 4h5h6hX1 run:3h"});
  EXPECT_EQ(codec.encode(s, test::act("hit 0 2c run:2h")), PINNED_C);  // 2c stands for 2h
  EXPECT_EQ(codec.decode(s, PINNED_C), test::act("hit 0 2c run:2h"));
}

}  // namespace
}  // namespace tonk
