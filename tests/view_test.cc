// Views: a player sees only what they may know. Opponents' hands never appear until the hand is over
// (then all are shown, S15/S16 showdown); known_cards holds only cards publicly taken from the pile;
// unseen() is exactly the stock plus the hidden part of the other hands.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "test_util.h"
#include "tonk/bot_factory.h"
#include "tonk/hand.h"
#include "tonk/view.h"

namespace tonk {
namespace {

using test::card;
using test::cards;
using test::play;

CardSet stock_cards(const State& s) {
  CardSet out;
  for (Card c : s.stock()) out.insert(c);
  return out;
}

// Checks every view of a hand against the full state.
void check_views(const Hand& hand) {
  const State& s = hand.state();
  const int n = s.game().num_players();
  for (int p = 0; p < n; ++p) {
    SCOPED_TRACE(::testing::Message() << "view of seat " << p << " at turn " << s.turn());
    const View v = hand.view(p);
    EXPECT_EQ(v.player, p);
    EXPECT_EQ(v.hand, s.hand(p));
    EXPECT_EQ(v.current_player, s.current_player());
    EXPECT_EQ(v.phase, s.phase());
    EXPECT_EQ(v.top_discard, s.top_discard());
    EXPECT_EQ(v.stock_size, s.stock_size());
    EXPECT_EQ(v.history.size(), hand.history().size());
    EXPECT_EQ(v.taken_discard, p == s.current_player() ? s.taken_discard() : Card::none());
    CardSet hidden_elsewhere = stock_cards(s);  // what p may not see
    for (int q = 0; q < n; ++q) {
      EXPECT_EQ(v.hand_sizes[q], s.hand(q).size());
      EXPECT_EQ(v.known_cards[q], s.known_cards(q));
      EXPECT_TRUE(s.hand(q).contains_all(v.known_cards[q]));
      if (q != p && !s.is_over()) hidden_elsewhere |= s.hand(q) - s.known_cards(q);
    }
    CardSet visible = v.hand | v.discard_pile;
    for (int i = 0; i < v.num_spreads; ++i) visible |= v.spreads[i];
    for (int q = 0; q < n; ++q) visible |= v.known_cards[q] | v.revealed[q];
    EXPECT_TRUE((visible & hidden_elsewhere).empty()) << "leaked: " << to_string(visible & hidden_elsewhere);
    EXPECT_EQ(v.unseen(), hidden_elsewhere);
    if (s.is_over()) {
      for (int q = 0; q < n; ++q) EXPECT_EQ(v.revealed[q], s.hand(q));
      EXPECT_EQ(v.outcome.reason, s.outcome().reason);
      EXPECT_EQ(v.outcome.payouts, s.outcome().payouts);
    } else {
      for (int q = 0; q < n; ++q) EXPECT_TRUE(v.revealed[q].empty());
      // The outcome carries every count at the end; before it, nothing.
      EXPECT_EQ(v.outcome.reason, EndReason::kNone);
      for (int q = 0; q < kMaxPlayers; ++q) EXPECT_EQ(v.outcome.counts[q], 0);
    }
    EXPECT_EQ(v.count(), s.showdown_count(p));
  }
  for (const Move& m : hand.history()) {
    if (m.action.kind == ActionKind::kTakeStock || m.action.kind == ActionKind::kTakeDiscard ||
        m.action.kind == ActionKind::kDrop) {
      EXPECT_TRUE(m.action.cards.empty()) << "a draw in the history names a card";
    }
  }
}

// At the deal each player sees the own hand, the upcard and the other hands' sizes only.
TEST(View, AtTheDeal) {
  const std::shared_ptr<const Game> shared = make_game(test::rules_for(3));
  const Game& game = *shared;
  const Hand hand = test::make_hand(shared, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc", "4c 7d Th 2s 3d"}, "4s");
  const View v = hand.view(0);
  EXPECT_EQ(v.hand, cards("3c 6d 9h Qs Ad"));
  EXPECT_EQ(v.hand_sizes[1], 5);
  EXPECT_EQ(v.hand_sizes[2], 5);
  EXPECT_TRUE(v.known_cards[1].empty());
  EXPECT_EQ(v.discard_pile, cards("4s"));
  EXPECT_EQ(v.stock_size, 36);
  EXPECT_EQ(v.unseen(), game.deck() - cards("3c 6d 9h Qs Ad 4s"));
  check_views(hand);
}

// known_cards: a card taken from the pile is known to all while it stays in that hand; a card drawn
// from the stock is not. The taken card leaves known_cards when it is spread or discarded.
//   seat 1: 4h 5h 9c Kc 2d     upcard 6h     stock 7c 3s
TEST(View, KnownCardsOnlyFromThePile) {
  const std::shared_ptr<const Game> game = make_game();
  Hand hand = test::make_hand(game, {"3c 6d 9h Qs Ad", "4h 5h 9c Kc 2d"}, "6h", "7c 3s");
  play(hand, {"take"});
  EXPECT_EQ(hand.view(0).known_cards[1], cards("6h"));
  EXPECT_FALSE(hand.view(0).unseen().contains(card("6h")));
  EXPECT_EQ(hand.view(1).taken_discard, card("6h"));
  EXPECT_EQ(hand.view(0).taken_discard, Card::none());
  check_views(hand);
  play(hand, {"discard Kc"});
  EXPECT_EQ(hand.view(0).known_cards[1], cards("6h"));
  play(hand, {"stock"});  // seat 0 draws 7c: hidden from seat 1
  EXPECT_TRUE(hand.view(1).known_cards[0].empty());
  EXPECT_TRUE(hand.view(1).unseen().contains(card("7c")));
  check_views(hand);
  play(hand, {"discard 7c"});
  EXPECT_FALSE(hand.view(1).unseen().contains(card("7c")));  // seen when discarded
  play(hand, {"stock", "spread 4h5h6h"});
  EXPECT_TRUE(hand.view(0).known_cards[1].empty());
  check_views(hand);
}

// S15: after a drop every hand is shown to every player.
TEST(View, ShowdownRevealsAllHands) {
  const std::shared_ptr<const Game> game = make_game(test::rules_for(3));
  Hand hand = test::make_hand(game, {"3c 6d 9h Qs Ad", "2c 5d 8h Js Kc", "4c 7d Th 2s 3d"}, "4s");
  play(hand, {"drop"});
  const View v = hand.view(2);
  EXPECT_EQ(v.revealed[0], cards("3c 6d 9h Qs Ad"));
  EXPECT_EQ(v.revealed[1], cards("2c 5d 8h Js Kc"));
  EXPECT_EQ(v.outcome.counts[1], 2 + 5 + 8 + 10 + 10);
  check_views(hand);
  // The showdown shows the hands, never the stock: the public state holds none of its cards.
  ASSERT_GT(hand.state().stock_size(), 0);
  for (Card c : v.public_state().stock()) EXPECT_FALSE(c.valid()) << "the stock's " << to_string(c) << " is shown";
}

// S7: a dealt tonk is shown at once: the hand is over at the deal and all hands are revealed.
TEST(View, DealtTonkIsShown) {
  const std::shared_ptr<const Game> game = make_game();
  const Hand hand = test::make_hand(game, {"2c 3d 4h 5s 7c", "Kc Kd Kh Ks Qc"}, "9d");
  ASSERT_TRUE(hand.is_over());
  EXPECT_EQ(hand.view(0).revealed[1], cards("Kc Kd Kh Ks Qc"));
  check_views(hand);
}

// I8: the view's own count follows held_spreads_count.
TEST(View, I8OwnCount) {
  Rules r;
  r.held_spreads_count = false;
  const std::shared_ptr<const Game> lay_aside = make_game(r);
  const std::shared_ptr<const Game> standard = make_game();
  const std::vector<std::string> hands = {"As 2c 2s 3c 3d", "4h 5h 6h Ac 2d"};
  EXPECT_EQ(test::make_hand(standard, hands, "Qc").view(1).count(), 18);
  EXPECT_EQ(test::make_hand(lay_aside, hands, "Qc").view(1).count(), 3);
}

// Random play: after every action, every view of every seat holds nothing it may not.
TEST(View, NothingLeaksDuringRandomPlay) {
  for (int n = 2; n <= 4; ++n) {
    const std::shared_ptr<const Game> shared = make_game(test::rules_for(n));
    const Game& game = *shared;
    std::vector<std::unique_ptr<Bot>> bots;
    std::vector<Bot*> raw;
    for (int p = 0; p < n; ++p) {
      bots.push_back(make_bot("random", 31 * n + p));
      raw.push_back(bots.back().get());
    }
    Rng deck_rng(900 + n);
    for (int h = 0; h < 150; ++h) {
      Hand hand(shared, shuffled_deck(game, deck_rng), h % n);
      check_views(hand);
      ActionList legal;
      while (!hand.is_over()) {
        const int p = hand.current_player();
        hand.state().legal_actions(legal);
        hand.apply(raw[p]->choose(hand.view(p), legal));
        check_views(hand);
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

}  // namespace
}  // namespace tonk
