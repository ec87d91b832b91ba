// Uniform-random play under every preset of RULES.md §3, driving State directly. After every action:
//   - no card is lost or duplicated: hands + spreads + stock + discard pile == the deck (S2, S6,
//     V11's 40 cards, V13a's 54);
//   - every state not over has a legal action, and every listed action is legal;
//   - under a boobed deck nobody goes out (V12e).
// At the end of every hand:
//   - it ended, within a bound on its actions (I2);
//   - the payouts sum to zero (S4); under push-ups they are all 0 and the points are >= 0, 0 for
//     the winners (V15);
//   - a dealt win was a hand the rules pay (S7, V8-V14b, V12b five faces, V13d claim).
// 20,000 uniform hands per preset at 2 and 3 players (P-WASH: 2 to 6), plus 2,000 long hands in
// which drops are rare, so the stock runs out (S16, V5, V12e).
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "test_util.h"
#include "tonk/hand.h"
#include "every_preset.h"
#include "tonk/preset.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace tonk {
namespace {

constexpr int kUniformHands = 20000;
constexpr int kLongHands = 2000;
constexpr int kMaxActionsPerHand = 20000;

// S2, S6: every card of the deck is in exactly one place.
::testing::AssertionResult cards_conserved(const State& s) {
  const Game& game = s.game();
  CardSet all;
  int total = 0;
  for (int p = 0; p < game.num_players(); ++p) {
    all |= s.hand(p);
    total += s.hand(p).size();
  }
  for (int i = 0; i < s.num_spreads(); ++i) {
    if (!game.is_spread(s.spread(i))) return ::testing::AssertionFailure() << "spread " << i << " is not a spread";
    all |= s.spread(i);
    total += s.spread(i).size();
  }
  for (Card c : s.stock()) all.insert(c);
  for (Card c : s.discard_pile()) all.insert(c);
  total += s.stock_size() + s.discard_size();
  if (total != game.deck_size())
    return ::testing::AssertionFailure() << total << " cards in play, the deck has " << game.deck_size();
  if (all != game.deck()) return ::testing::AssertionFailure() << "missing: " << to_string(game.deck() - all);
  return ::testing::AssertionSuccess();
}

bool all_face_cards(CardSet hand) {
  for (Card c : hand)
    if (c.is_joker() || (c.rank() != Rank::kJack && c.rank() != Rank::kQueen && c.rank() != Rank::kKing)) return false;
  return true;
}

// A dealt win (S7 and its variations) is a hand the rules pay.
bool is_paid_dealt_hand(const State& s, int p) {
  const Rules& r = s.game().rules();
  const int count = s.game().count(s.hand(p));
  return (r.dealt_tonk_min > 0 && count >= r.dealt_tonk_min && count <= r.dealt_tonk_max) ||
         (r.dealt_low_max > 0 && count <= r.dealt_low_max) ||
         (r.dealt_five_faces_pays > 0 && all_face_cards(s.hand(p))) ||
         (r.dealt_claim_total > 0 && count == r.dealt_claim_total);
}

struct PresetPlayTally {
  std::array<long long, kNumEndReasons> reasons{};
  long long hands = 0;
  long long actions = 0;
};

// Plays one hand; with `rare_drops`, a drop is taken only 1 time in 50 where it is legal. Returns
// false after the first failure.
bool play_one(const Game& game, Rng& rng, bool rare_drops, PresetPlayTally& tally) {
  const std::vector<Card> deck = shuffled_deck(game, rng);
  const int n = game.num_players();
  State s = State::deal(game, deck, static_cast<int>(rng.below(static_cast<std::uint32_t>(n))));
  ActionList legal;
  int actions = 0;
  while (true) {
    if (!cards_conserved(s)) {
      ADD_FAILURE() << cards_conserved(s).message() << " after " << actions << " actions";
      return false;
    }
    s.legal_actions(legal);
    if (s.is_over()) break;
    if (legal.empty()) {
      ADD_FAILURE() << "a state in play with no legal action, after " << actions << " actions";
      return false;
    }
    for (const Action& a : legal)
      if (!s.is_legal(a)) {
        ADD_FAILURE() << "listed but not legal: " << to_string(a) << " (" << test::why(s, a) << ")";
        return false;
      }
    int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
    if (rare_drops && legal[i].kind == ActionKind::kDrop && legal.size() > 1 && rng.below(50) != 0)
      i = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size() - 1)));
    const bool boobed = s.boobed();
    s.apply(legal[i]);
    ++actions;
    if (boobed && (s.outcome().reason == EndReason::kTonkOut || s.outcome().reason == EndReason::kOutByDiscard)) {
      ADD_FAILURE() << "V12e: went out on a boobed deck with " << to_string(legal[i]);
      return false;
    }
    if (actions > kMaxActionsPerHand) {
      ADD_FAILURE() << "a hand did not end within " << kMaxActionsPerHand << " actions";
      return false;
    }
  }
  const Outcome& o = s.outcome();
  EXPECT_NE(o.reason, EndReason::kNone);
  int sum = 0;
  for (int p = 0; p < kMaxPlayers; ++p) sum += o.payouts[p];
  EXPECT_EQ(sum, 0) << "payouts sum to zero (S4), ended by " << to_string(o.reason);
  if (game.rules().scoring == Scoring::kPushups) {  // V15
    for (int p = 0; p < n; ++p) {
      EXPECT_EQ(o.payouts[p], 0) << "push-ups pay no stakes (V15)";
      EXPECT_GE(o.points[p], 0);
      if (o.is_winner(p)) {
        EXPECT_EQ(o.points[p], 0) << "the winner scores nothing (V15)";
      }
    }
  }
  if (o.reason == EndReason::kDealtTonk)
    for (int p = 0; p < n; ++p)
      if (o.is_winner(p)) {
        EXPECT_TRUE(is_paid_dealt_hand(s, p)) << "dealt win of " << to_string(s.hand(p));
      }
  ++tally.reasons[static_cast<int>(o.reason)];
  ++tally.hands;
  tally.actions += actions;
  return !::testing::Test::HasFailure();
}

std::string summary(const PresetPlayTally& t) {
  std::string out = std::to_string(t.hands) + " hands, " + std::to_string(t.actions) + " actions;";
  for (int r = 1; r < kNumEndReasons; ++r)
    if (t.reasons[r])
      out += " " + std::string(to_string(static_cast<EndReason>(r))) + " " + std::to_string(t.reasons[r]) + ",";
  return out;
}

class PresetRandomPlay : public ::testing::TestWithParam<std::string> {};

TEST_P(PresetRandomPlay, KeepsTheInvariants) {
  const Preset& preset = *find_preset(GetParam());
  // 2 and 3 players; P-WASH is for 2 to 6 (V14).
  const int max_players = preset.max_players < kMaxPlayers ? preset.max_players : 3;
  std::vector<Game> games;
  for (int n = 2; n <= max_players; ++n) {
    Rules r = preset.rules;
    r.players = n;
    games.emplace_back(r);
  }
  std::uint64_t seed = 20240901;
  for (char c : preset.name) seed = seed * 131 + static_cast<unsigned char>(c);
  Rng rng(seed);
  PresetPlayTally uniform, long_hands;
  for (int h = 0; h < kUniformHands; ++h)
    if (!play_one(games[static_cast<std::size_t>(h) % games.size()], rng, /*rare_drops=*/false, uniform)) return;
  for (int h = 0; h < kLongHands; ++h)
    if (!play_one(games[static_cast<std::size_t>(h) % games.size()], rng, /*rare_drops=*/true, long_hands)) return;
  EXPECT_EQ(uniform.hands, kUniformHands);
  EXPECT_EQ(long_hands.hands, kLongHands);
  // Uniform play drops often, so drops and catches happen under every preset.
  EXPECT_GT(uniform.reasons[static_cast<int>(EndReason::kDrop)], 0);
  EXPECT_GT(uniform.reasons[static_cast<int>(EndReason::kCaught)], 0);
  // The long hands reach the end of the stock (S16, V12e) or the I2 bound.
  const long long stock_ends = long_hands.reasons[static_cast<int>(EndReason::kStockExhausted)] +
                               long_hands.reasons[static_cast<int>(EndReason::kDeadHand)] +
                               long_hands.reasons[static_cast<int>(EndReason::kTurnLimit)];
  EXPECT_GT(stock_ends, 0);
  RecordProperty("uniform", summary(uniform));
  RecordProperty("long", summary(long_hands));
}

INSTANTIATE_TEST_SUITE_P(EveryPreset, PresetRandomPlay, ::testing::ValuesIn(preset_names()), preset_test_name);

}  // namespace
}  // namespace tonk
