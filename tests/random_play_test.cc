// Random play with invariants, and known-answer counts of the action tree ("perft").
//
// Random play drives State directly (no history, no views) for speed. After every action it checks:
//   - no card is lost or duplicated: hands + spreads + stock + discard pile == the deck, pairwise
//     disjoint (S2, S6);
//   - every state not over has a legal action, within ActionList's capacity;
//   - is_legal agrees with membership in legal_actions, for every listed action and for random
//     actions that may or may not be listed;
//   - every hand ends within a bound on its actions and within max_turns turns (I2), and its payouts
//     sum to zero (S4).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "brute_force.h"
#include "test_util.h"
#include "tonk/rng.h"

namespace tonk {
namespace {

// No state of a standard hand needs more actions than this; random play ends far sooner.
constexpr int kMaxActionsPerHand = 20000;

// S2, S6: every card of the deck is in exactly one place.
::testing::AssertionResult cards_conserved(const State& s) {
  const Game& game = s.game();
  CardSet all;
  auto add = [&](CardSet part, const char* where) -> bool {
    if (!(all & part).empty()) return false;
    all |= part;
    (void)where;
    return true;
  };
  for (int p = 0; p < game.num_players(); ++p) {
    if (!add(s.hand(p), "hand")) return ::testing::AssertionFailure() << "a card of hand " << p << " is elsewhere too";
    if (!s.hand(p).contains_all(s.known_cards(p)))
      return ::testing::AssertionFailure() << "known cards of " << p << " not in the hand";
  }
  for (int i = 0; i < s.num_spreads(); ++i) {
    if (!game.is_spread(s.spread(i))) return ::testing::AssertionFailure() << "spread " << i << " is not a spread";
    if (!add(s.spread(i), "spread")) return ::testing::AssertionFailure() << "spread " << i << " overlaps";
  }
  for (Card c : s.stock())
    if (!add(CardSet(c), "stock")) return ::testing::AssertionFailure() << "stock card " << to_string(c) << " twice";
  for (Card c : s.discard_pile())
    if (!add(CardSet(c), "pile")) return ::testing::AssertionFailure() << "pile card " << to_string(c) << " twice";
  if (all != game.deck()) return ::testing::AssertionFailure() << "missing: " << to_string(game.deck() - all);
  return ::testing::AssertionSuccess();
}

// A random action that may or may not be legal: random kind, target and cards, mostly from the hand.
Action random_action(const State& s, Rng& rng) {
  const CardSet hand = s.hand(s.current_player());
  CardSet cards;
  const int how = static_cast<int>(rng.below(4));
  if (how == 0) {
    cards = CardSet(Card::from_id(static_cast<int>(rng.below(52))));
  } else {
    for (Card c : hand)
      if (rng.below(3) == 0) cards.insert(c);
    if (how == 3 && s.num_spreads() > 0) cards |= s.spread(static_cast<int>(rng.below(s.num_spreads())));
  }
  Action a;
  a.kind = static_cast<ActionKind>(rng.below(6));
  a.target = static_cast<std::uint8_t>(rng.below(static_cast<std::uint32_t>(s.num_spreads() + 2)));
  if (a.kind == ActionKind::kDiscard) {
    a.cards = cards.empty() ? CardSet(hand.first()) : CardSet(cards.first());
    if (rng.below(4) == 0) a.cards = cards;  // sometimes several cards
  } else if (a.kind != ActionKind::kHit && rng.below(2) == 0) {
    a.target = 0;
    a.cards = a.kind == ActionKind::kSpread ? cards : CardSet();
  } else {
    a.cards = cards;
  }
  return a;
}

struct PlayTally {
  std::array<long long, kNumEndReasons> reasons{};
  long long hands = 0;
  long long actions = 0;
  long long nonlisted_checked = 0;
};

// Plays one hand; `no_drop` makes drops rare (1 in 50 where a drop is legal) so that hands are long,
// the stock runs out and I2 is reached. Returns false after the first failure.
bool play_one(const Game& game, Rng& rng, bool no_drop, PlayTally& tally) {
  const std::vector<Card> deck = shuffled_deck(game, rng);
  const int dealer = static_cast<int>(rng.below(static_cast<std::uint32_t>(game.num_players())));
  State s = State::deal(game, deck, dealer);
  ActionList legal;
  ActionList choices;
  int actions = 0;
  int turns_on_empty_stock = 0;
  while (true) {
    EXPECT_TRUE(cards_conserved(s)) << "after " << actions << " actions";
    s.legal_actions(legal);
    if (s.is_over()) {
      EXPECT_TRUE(legal.empty());
      break;
    }
    EXPECT_FALSE(legal.empty()) << "a state in play with no legal action";
    EXPECT_LT(legal.size(), ActionList::kCapacity);
    if (legal.empty()) return false;
    for (const Action& a : legal) EXPECT_TRUE(s.is_legal(a)) << to_string(a);
    for (int k = 0; k < 3; ++k) {
      const Action a = random_action(s, rng);
      EXPECT_EQ(s.is_legal(a), legal.contains(a)) << to_string(a);
      ++tally.nonlisted_checked;
    }
    const Action* pick_from = legal.begin();
    int count = legal.size();
    if (no_drop && legal[0].kind == ActionKind::kDrop && legal.size() > 1 && rng.below(50) != 0) {
      ++pick_from;
      --count;
    }
    const Action chosen = pick_from[rng.below(static_cast<std::uint32_t>(count))];
    const bool starts_turn_on_empty_stock = s.phase() == Phase::kStartOfTurn && s.stock_size() == 0;
    s.apply(chosen);
    ++actions;
    EXPECT_LE(s.turn(), game.rules().max_turns);  // I2: the turn bound
    // I2: once the stock is empty, each player takes at most empty_stock_takes discards, so at most
    // players x bound turns follow before someone must draw (ending play) or drop.
    if (starts_turn_on_empty_stock) ++turns_on_empty_stock;
    for (int p = 0; p < game.num_players(); ++p)
      EXPECT_LE(s.empty_stock_takes(p), game.rules().empty_stock_takes);
    if (turns_on_empty_stock > game.num_players() * game.rules().empty_stock_takes + 1) {
      ADD_FAILURE() << turns_on_empty_stock << " turns on the empty stock exceed the I2 bound";
      return false;
    }
    if (actions > kMaxActionsPerHand) {
      ADD_FAILURE() << "a hand did not end within " << kMaxActionsPerHand << " actions";
      return false;
    }
  }
  const Outcome& o = s.outcome();
  EXPECT_NE(o.reason, EndReason::kNone);
  EXPECT_TRUE(test::zero_sum(o));
  for (int p = 0; p < game.num_players(); ++p) EXPECT_EQ(o.counts[p], s.showdown_count(p));
  if (o.reason == EndReason::kVoidDeal) {
    EXPECT_EQ(o.winners, 0);
  } else {
    EXPECT_NE(o.winners, 0);
    int net_winners = 0;
    for (int p = 0; p < game.num_players(); ++p) net_winners += o.payouts[p] > 0;
    EXPECT_LE(net_winners, game.num_players() - 1);
  }
  ++tally.reasons[static_cast<int>(o.reason)];
  ++tally.hands;
  tally.actions += actions;
  return !::testing::Test::HasFailure();
}

std::vector<Game> games(const Rules& base) {
  std::vector<Game> out;
  for (int n = 2; n <= 4; ++n) {
    Rules r = base;
    r.players = n;
    out.emplace_back(r);
  }
  return out;
}

// 100,000 hands of uniform-random play, 2, 3 and 4 players in turn, standard rules.
TEST(RandomPlay, UniformRandomHundredThousandHands) {
  const std::vector<Game> g = games(Rules{});
  Rng rng(20240601);
  PlayTally tally;
  for (int h = 0; h < 100000; ++h)
    if (!play_one(g[h % 3], rng, /*no_drop=*/false, tally)) return;
  EXPECT_EQ(tally.hands, 100000);
  for (EndReason r : {EndReason::kDealtTonk, EndReason::kTonkOut, EndReason::kOutByDiscard, EndReason::kDrop,
                      EndReason::kCaught})
    EXPECT_GT(tally.reasons[static_cast<int>(r)], 0) << "no hand ended by " << to_string(r);
  EXPECT_GT(tally.nonlisted_checked, 100000);
  std::string summary = std::to_string(tally.actions) + " actions;";
  for (int r = 1; r < kNumEndReasons; ++r)
    summary += " " + std::string(to_string(static_cast<EndReason>(r))) + " " + std::to_string(tally.reasons[r]) + ",";
  RecordProperty("summary", summary);
}

// Long hands: drops are rare, so the stock runs out (S16) and the I2 bound is reached; standard rules
// and a set of alternative interpretations.
TEST(RandomPlay, LongHandsReachTheEmptyStock) {
  Rules alt;
  alt.rediscard_taken_card = true;  // I1
  alt.empty_stock_takes = 1;        // I2
  alt.drop_on_first_turn = false;   // I3
  alt.book_max = 3;                 // I5
  alt.held_spreads_count = false;   // I8
  alt.upcard = false;               // V1
  for (const Rules& base : {Rules{}, alt}) {
    const std::vector<Game> g = games(base);
    Rng rng(base == Rules{} ? 7 : 8);
    PlayTally tally;
    for (int h = 0; h < 15000; ++h)
      if (!play_one(g[h % 3], rng, /*no_drop=*/true, tally)) return;
    EXPECT_GT(tally.reasons[static_cast<int>(EndReason::kStockExhausted)], 0);
    EXPECT_GT(tally.reasons[static_cast<int>(EndReason::kTonkOut)], 0);
    EXPECT_GT(tally.reasons[static_cast<int>(EndReason::kOutByDiscard)], 0);
    EXPECT_GT(tally.reasons[static_cast<int>(EndReason::kDrop)], 0);
    EXPECT_GT(tally.reasons[static_cast<int>(EndReason::kCaught)], 0);
    std::string summary = std::to_string(tally.actions) + " actions;";
    for (int r = 1; r < kNumEndReasons; ++r)
      summary += " " + std::string(to_string(static_cast<EndReason>(r))) + " " + std::to_string(tally.reasons[r]) + ",";
    RecordProperty(base == Rules{} ? "standard" : "alternative", summary);
  }
}

// ---- perft ----------------------------------------------------------------------------------------

// The number of action sequences of exactly `depth` actions from `s` (a hand that ends earlier
// contributes nothing), as chess "perft" counts move sequences.
long long perft(const State& s, int depth) {
  if (depth == 0) return 1;
  ActionList legal;
  s.legal_actions(legal);
  if (depth == 1) return legal.size();
  long long total = 0;
  for (const Action& a : legal) {
    State next = s;
    next.apply(a);
    total += perft(next, depth - 1);
  }
  return total;
}

// The same count walked with the brute-force enumerator's actions (tests/brute_force.h), which
// proposes every action of every kind and asks the predicates: a second count that does not use
// the engine's generators, so the pasted figures below are checked, not just repeated.
long long perft_brute(const State& s, int depth) {
  if (depth == 0) return 1;
  const std::vector<Action> legal = test::brute_force_actions(s);
  if (depth == 1) return static_cast<long long>(legal.size());
  long long total = 0;
  for (const Action& a : legal) {
    State next = s;
    next.apply(a);
    total += perft_brute(next, depth - 1);
  }
  return total;
}

std::vector<long long> perft_counts(const State& s, int max_depth) {
  std::vector<long long> out;
  for (int d = 1; d <= max_depth; ++d) {
    out.push_back(perft(s, d));
    EXPECT_EQ(perft_brute(s, d), out.back()) << "depth " << d << ": the brute-force count differs";
  }
  return out;
}

// Deal A, two players, dealer 0; no spread is possible in the first turns.
//   seat 0: 3c 6d 9h Qs Ad     seat 1: 2c 5d 8h Js Kc     upcard 4s     stock 7c ...
// Checked by hand: depth 1 is seat 1's {drop, stock, take} = 3. Depth 2: drop ends the hand (0);
// after the stock (7c) there are 6 discards and no spread; after taking 4s, 5 discards (I1 bars
// 4s) = 11. Depth 3: each of those 11 turns ends with seat 0 to choose among drop, stock, take:
// 33.
TEST(Perft, DealA) {
  const Game game;
  const State s = test::deal(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc"}, "4s", "7c");
  EXPECT_EQ(perft_counts(s, 6), (std::vector<long long>{3, 11, 33, 121, 363, 1331}));
}

// Deal B, two players, dealer 0: spreads, hits and a possible tonk out on the first turn.
//   seat 0: 2d 3d 4d Qh Jh     seat 1: 4h 5h 6h 9c 9d     upcard 9s     stock 7h 5d ...
// Checked by hand at depth 2: after the stock (7h), spreads 4h5h6h, 5h6h7h, 4h5h6h7h and 6 discards
// (9); after taking 9s, spreads 4h5h6h and 9c9d9s and 5 discards (7); 16 in all.
TEST(Perft, DealB) {
  const Game game;
  const State s = test::deal(game, {"2d 3d 4d Qh Jh", "4h 5h 6h 9c 9d"}, "9s", "7h 5d");
  EXPECT_EQ(perft_counts(s, 6), (std::vector<long long>{3, 16, 50, 198, 661, 2564}));
}

// Deal C, three players, dealer 2, with I1 relaxed (rediscard_taken_card).
//   seat 0: 7c 8c 9c Ks 2h     seat 1: 5s 5d 5c Ah Jd     seat 2: 3h 4h Td Tc 6s     upcard 5h
TEST(Perft, DealC) {
  Rules r = test::rules_for(3);
  r.rediscard_taken_card = true;
  const Game game(r);
  const State s = test::deal(game, {"7c 8c 9c Ks 2h", "5s 5d 5c Ah Jd", "3h 4h Td Tc 6s"}, "5h", "6c 2c", 2);
  EXPECT_EQ(perft_counts(s, 6), (std::vector<long long>{3, 16, 49, 209, 709, 2640}));
}

}  // namespace
}  // namespace tonk
