// resample_from_view (determinized search rests on it) and the View's public state: the
// only door to hidden cards is the view, and nothing hidden passes through it.
#include <gtest/gtest.h>

#include <map>

#include "test_util.h"
#include "tonk/bot_factory.h"
#include "tonk/view.h"

namespace tonk {
namespace {

using test::cards;
using test::make_hand;

// Every card is in exactly one place: hands, spreads, stock or discard pile.
void expect_conserved(const State& s) {
  CardSet all;
  int total = 0;
  for (int p = 0; p < s.game().num_players(); ++p) {
    EXPECT_TRUE((all & s.hand(p)).empty());
    all |= s.hand(p);
    total += s.hand(p).size();
  }
  for (int i = 0; i < s.num_spreads(); ++i) {
    all |= s.spread(i);
    total += s.spread(i).size();
  }
  for (Card c : s.stock()) {
    all.insert(c);
    ++total;
  }
  for (Card c : s.discard_pile()) {
    all.insert(c);
    ++total;
  }
  EXPECT_EQ(all, s.game().deck());
  EXPECT_EQ(total, s.game().deck_size());
}

TEST(Resample, PublicStateHoldsNoHiddenCard) {
  const std::shared_ptr<const Game> game = make_game();
  // Seat 1 takes the upcard 7h (public), so only that card of its hand may show in seat 0's view.
  Hand hand = make_hand(game, {"Ac 2c 3c Kd Qd", "9s 9h 4d 5d Jc"}, "7h", "8c", /*dealer=*/1);
  hand.apply(Action::take_stock());      // seat 0 draws 8c
  hand.apply(Action::discard(test::card("Kd")));
  hand.apply(Action::take_discard());    // seat 1 takes Kd: now known
  const View v = hand.view(0);
  EXPECT_EQ(v.public_state().hand(1), cards("Kd"));
  for (Card c : v.public_state().stock()) EXPECT_FALSE(c.valid());
  EXPECT_EQ(v.public_state().hand(0), hand.state().hand(0));
}

TEST(Resample, ResampledStateIsConsistentWithTheView) {
  const std::shared_ptr<const Game> shared = make_game();
  const Game& game = *shared;
  Rng rng(5);
  auto a = make_bot("greedy", 1), b = make_bot("greedy", 2);
  for (int deal = 0; deal < 200; ++deal) {
    Hand hand(shared, shuffled_deck(game, rng), deal % 2);
    ActionList legal;
    while (!hand.is_over()) {
      const int p = hand.current_player();
      const View v = hand.view(p);
      const State r = resample_from_view(v, rng);
      expect_conserved(r);
      EXPECT_EQ(r.hand(p), v.hand);
      EXPECT_EQ(r.stock_size(), v.stock_size);
      EXPECT_EQ(r.top_discard(), v.top_discard);
      for (int q = 0; q < 2; ++q) {
        EXPECT_EQ(r.hand(q).size(), v.hand_sizes[q]);
        EXPECT_TRUE(r.hand(q).contains_all(v.known_cards[q]));
      }
      // The mover's legal actions depend only on what the mover knows.
      ActionList mine;
      r.legal_actions(mine);
      hand.state().legal_actions(legal);
      ASSERT_EQ(mine.size(), legal.size());
      for (int i = 0; i < legal.size(); ++i) EXPECT_EQ(mine[i], legal[i]);
      Bot* bots[] = {a.get(), b.get()};
      hand.apply(bots[p]->choose(v, legal));
    }
  }
}

// Two deals that differ only in cards seat 0 cannot see give seat 0 the same view, and so the same
// resampled states for the same seed: the resampling reads nothing hidden.
TEST(Resample, DependsOnlyOnWhatThePlayerKnows) {
  const std::shared_ptr<const Game> game = make_game();
  Hand one = make_hand(game, {"Ac 2c 3c Kd Qd", "9s 9h 4d 5d Jc"}, "7h", "8c 2s", 1);
  Hand two = make_hand(game, {"Ac 2c 3c Kd Qd", "2s 9h 4d 5d Jc"}, "7h", "8c 9s", 1);
  for (Hand* h : {&one, &two}) {
    h->apply(Action::take_stock());
    h->apply(Action::discard(test::card("Kd")));
  }
  Rng r1(77), r2(77);
  for (int i = 0; i < 50; ++i) {
    const State s1 = resample_from_view(one.view(0), r1);
    const State s2 = resample_from_view(two.view(0), r2);
    EXPECT_EQ(s1.hand(1), s2.hand(1));
    ASSERT_EQ(s1.stock_size(), s2.stock_size());
    for (int k = 0; k < s1.stock_size(); ++k) EXPECT_EQ(s1.stock()[k], s2.stock()[k]);
  }
}

// Each unseen card lands in the opponent's hand with probability hand size / unseen cards.
TEST(Resample, HiddenCardsAreDealtUniformly) {
  const std::shared_ptr<const Game> game = make_game();
  Hand hand = make_hand(game, {"Ac 2c 3c Kd Qd", "9s 9h 4d 5d Jc"}, "7h", "", 1);
  const View v = hand.view(0);
  const int unseen = v.unseen().size();  // 52 - 5 own - 1 upcard = 46
  ASSERT_EQ(unseen, 46);
  Rng rng(3);
  std::map<int, int> in_hand;
  const int trials = 46000;
  for (int t = 0; t < trials; ++t)
    for (Card c : resample_from_view(v, rng).hand(1)) ++in_hand[c.id()];
  const double expected = trials * 5.0 / 46.0;  // 5000
  for (Card c : v.unseen()) EXPECT_NEAR(in_hand[c.id()], expected, 0.06 * expected) << to_string(c);
}

}  // namespace
}  // namespace tonk
