// The review of a hand (tonk/hand_review.h): its fair values are the expert bot's own evaluation of
// the seat's view, they do not move when the cards the seat never saw are dealt differently, the
// mistakes follow the threshold, the time limit is kept, and records of every preset are reviewed.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "tonk/bot_factory.h"
#include "tonk/expert_bot.h"
#include "tonk/hand.h"
#include "tonk/hand_review.h"
#include "tonk/oracle_bot.h"
#include "every_preset.h"
#include "tonk/preset.h"
#include "tonk/record.h"
#include "tonk/rule_options.h"

namespace tonk {
namespace {

// Small searches: the test checks what is computed, not how well.
ReviewOptions small_options() {
  ReviewOptions o;
  o.fair.worlds = 6;
  o.hindsight_rollouts = 3;
  o.seed = 42;
  return o;
}

// A hand played to its end by `kinds` under `rules` from a deck shuffled by `seed`.
Hand played_hand(const Rules& rules, const std::vector<std::string>& kinds, std::uint64_t seed) {
  const std::shared_ptr<const Game> game = make_game(rules);
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;
  for (int p = 0; p < game->num_players(); ++p) {
    owned.push_back(make_bot(kinds[static_cast<std::size_t>(p) % kinds.size()], seed + 10 + static_cast<std::uint64_t>(p)));
    bots.push_back(owned.back().get());
  }
  Rng rng(seed);
  Hand hand(game, shuffled_deck(*game, rng), static_cast<int>(seed % static_cast<std::uint64_t>(game->num_players())));
  play_out(hand, bots);
  return hand;
}

// The same deal and moves played again on another deck order; throws when a move is not legal there.
Hand replayed_on(const Hand& hand, std::vector<Card> deck) {
  Hand out(hand.shared_game(), std::move(deck), hand.state().dealer());
  for (const Move& m : hand.history()) out.apply(m.action);
  return out;
}

// Cards `seat` could see at none of its decisions in `hand` (View::unseen at every one).
CardSet never_seen(const Hand& hand, int seat) {
  Hand replay(hand.shared_game(), hand.deck_order(), hand.state().dealer());
  CardSet hidden = replay.view(seat).unseen();
  for (const Move& m : hand.history()) {
    if (replay.current_player() == seat) hidden &= replay.view(seat).unseen();
    replay.apply(m.action);
  }
  return hidden;
}

void expect_same_values(const std::vector<ActionValue>& a, const std::vector<ActionValue>& b, const std::string& where) {
  ASSERT_EQ(a.size(), b.size()) << where;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].action, b[i].action) << where << " entry " << i;
    EXPECT_EQ(a[i].value, b[i].value) << where << " entry " << i;
    EXPECT_EQ(a[i].worlds, b[i].worlds) << where << " entry " << i;
  }
}

TEST(HandReview, FairValuesAreTheExpertsOwnEvaluationOfTheSeatsView) {
  const ReviewOptions o = small_options();
  int decisions = 0;
  for (std::uint64_t seed : {3u, 4u, 5u}) {
    const Hand hand = played_hand(Rules{}, {"greedy", "mc:5"}, seed);
    for (int seat = 0; seat < 2; ++seat) {
      const HandReview review = review_hand(hand, seat, o);
      EXPECT_TRUE(review.hindsight);
      Hand replay(hand.shared_game(), hand.deck_order(), hand.state().dealer());
      std::size_t next = 0;
      int forced = 0;
      for (std::size_t k = 0; k < hand.history().size(); ++k) {
        const Move& m = hand.history()[k];
        if (replay.current_player() == seat) {
          const ActionList legal = replay.legal_actions();
          if (legal.size() < 2) {
            ++forced;
          } else {
            ASSERT_LT(next, review.decisions.size());
            const DecisionReview& d = review.decisions[next++];
            EXPECT_EQ(d.move, k);
            EXPECT_EQ(d.played, m.action);
            ExpertBot bot(o.fair, review_seed(o.seed, k));
            const std::string where = "seed " + std::to_string(seed) + " seat " + std::to_string(seat) + " move " + std::to_string(k);
            expect_same_values(d.fair.values, bot.evaluate(replay.view(seat), legal), where);
            // The played and best values are read from those values.
            EXPECT_EQ(d.fair.best, d.fair.values.front().value);
            EXPECT_EQ(d.fair.played, std::find_if(d.fair.values.begin(), d.fair.values.end(), [&](const ActionValue& v) {
                                       return v.action == m.action;
                                     })->value);
            EXPECT_GE(d.fair.cost(), 0);
            EXPECT_EQ(d.mistake, d.fair.cost() > o.mistake_threshold);
            ASSERT_EQ(d.hindsight.values.size(), legal.size());
            EXPECT_GE(d.hindsight.cost(), 0);
            ++decisions;
          }
        }
        replay.apply(m.action);
      }
      EXPECT_EQ(next, review.decisions.size());
      EXPECT_EQ(forced, review.forced);
    }
  }
  EXPECT_GT(decisions, 10);
}

// The fair column cannot depend on a card the seat could not see: dealing those cards to other
// places (other hands, the stock) leaves every fair value as it was, while hindsight sees them.
TEST(HandReview, FairColumnIsTheSameWhenTheCardsTheSeatNeverSawAreDealtElsewhere) {
  const ReviewOptions o = small_options();
  int permuted = 0;
  for (std::uint64_t seed = 20; seed < 26; ++seed) {
    const Hand hand = played_hand(Rules{}, {"greedy"}, seed);
    const int seat = static_cast<int>(seed % 2);
    const CardSet hidden = never_seen(hand, seat);
    if (hidden.size() < 2) continue;
    std::vector<std::size_t> places;
    for (std::size_t i = 0; i < hand.deck_order().size(); ++i)
      if (hidden.contains(hand.deck_order()[i])) places.push_back(i);
    // Shuffle the hidden cards among their places until the hand's moves are still all legal (a
    // different deal can make a dealt tonk, S7, which would end the hand at once).
    Rng rng(seed * 7);
    for (int attempt = 0; attempt < 50; ++attempt) {
      std::vector<Card> deck = hand.deck_order();
      std::vector<Card> cards;
      for (std::size_t i : places) cards.push_back(deck[i]);
      rng.shuffle(cards);
      for (std::size_t j = 0; j < places.size(); ++j) deck[places[j]] = cards[j];
      if (deck == hand.deck_order()) continue;
      std::optional<Hand> other;
      try {
        other.emplace(replayed_on(hand, deck));
      } catch (const std::exception&) {
        continue;
      }
      const HandReview a = review_hand(hand, seat, o);
      const HandReview b = review_hand(*other, seat, o);
      ASSERT_EQ(a.decisions.size(), b.decisions.size());
      for (std::size_t i = 0; i < a.decisions.size(); ++i)
        expect_same_values(a.decisions[i].fair.values, b.decisions[i].fair.values, "seed " + std::to_string(seed));
      ++permuted;
      break;
    }
  }
  EXPECT_GE(permuted, 3);
}

TEST(HandReview, TheThresholdMarksTheMistakes) {
  const Hand hand = played_hand(Rules{}, {"random"}, 9);
  ReviewOptions o = small_options();
  o.mistake_threshold = 0;
  const HandReview all = review_hand(hand, 0, o);
  o.mistake_threshold = 1000;
  const HandReview none = review_hand(hand, 0, o);
  ASSERT_FALSE(all.decisions.empty());
  EXPECT_EQ(none.mistakes(), 0);
  int costly = 0;
  for (const DecisionReview& d : all.decisions) costly += d.fair.cost() > 0;
  EXPECT_EQ(all.mistakes(), costly);
  EXPECT_GT(costly, 0);  // a random player loses value somewhere
  EXPECT_DOUBLE_EQ(all.total_cost(), none.total_cost());
}

TEST(HandReview, StopsSearchingAtTheTimeLimit) {
  const Hand hand = played_hand(Rules{}, {"greedy"}, 11);
  ReviewOptions o = small_options();
  const HandReview whole = review_hand(hand, 0, o);
  ASSERT_GE(whole.decisions.size(), 2u);
  o.fair.worlds = 1000;  // one decision takes far longer than the limit
  o.time_limit_ms = 1;
  o.hindsight = false;
  const HandReview cut = review_hand(hand, 0, o);
  EXPECT_GE(cut.unreviewed, 1);
  EXPECT_EQ(cut.decisions.size() + static_cast<std::size_t>(cut.unreviewed), whole.decisions.size());
  EXPECT_FALSE(cut.hindsight);
}

TEST(HandReview, RefusesASeatOrOptionOutOfRange) {
  const Hand hand = played_hand(Rules{}, {"greedy"}, 12);
  ReviewOptions o = small_options();
  EXPECT_THROW(review_hand(hand, 2, o), std::invalid_argument);
  EXPECT_THROW(review_hand(hand, -1, o), std::invalid_argument);
  o.mistake_threshold = -1;
  EXPECT_THROW(review_hand(hand, 0, o), std::invalid_argument);
  o = small_options();
  o.fair.worlds = 0;
  EXPECT_THROW(review_hand(hand, 0, o), std::invalid_argument);
}

// A hand of every preset, written to a record and read back, is reviewed with both columns.
class PresetReview : public ::testing::TestWithParam<std::string> {};

TEST_P(PresetReview, ReviewsARecordedHand) {
  const Preset& preset = *find_preset(GetParam());
  Rules rules = preset.rules;
  if (rules.players == 0) rules.players = 2;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Hand played = played_hand(rules, {"greedy", "random"}, seed);
    std::vector<std::string> names;
    for (int p = 0; p < rules.players; ++p) names.push_back("seat" + std::to_string(p));
    const std::vector<HandRecord> parsed = parse_records(write_record(make_record(played, names, 1)));
    ASSERT_EQ(parsed.size(), 1u);
    const HandReview review = review_hand(replay(parsed[0]), 0, small_options());
    if (review.decisions.empty()) continue;  // a dealt tonk: nothing to review; try another deal
    EXPECT_TRUE(review.hindsight) << preset.name;
    for (const DecisionReview& d : review.decisions) {
      EXPECT_EQ(d.fair.values.size(), static_cast<std::size_t>(d.choices)) << preset.name;
      EXPECT_EQ(d.hindsight.values.size(), static_cast<std::size_t>(d.choices)) << preset.name;
    }
    return;
  }
  ADD_FAILURE() << preset.name << ": no hand with a decision to review in 10 deals";
}

INSTANTIATE_TEST_SUITE_P(EveryPreset, PresetReview, ::testing::ValuesIn(preset_names()), preset_test_name);

}  // namespace
}  // namespace tonk
