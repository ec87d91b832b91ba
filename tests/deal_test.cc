// The deal (S6), dealt tonks (S7, S18), the first player (S8), the cut for the first deal (S5, I7)
// and sessions: dealer rotation and the zero-sum ledger (S4, S17).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "test_util.h"
#include "tonk/bot_factory.h"
#include "tonk/preset.h"
#include "tonk/session.h"

namespace tonk {
namespace {

using test::card;
using test::card_list;
using test::cards;
using test::payouts;
using test::rules_for;
using test::seats;

// The deck in id order: Ac 2c .. Kc Ad .. Kd Ah .. Kh As .. Ks.
std::vector<Card> id_order(const Game& game) { return {game.deck().begin(), game.deck().end()}; }

// S6: one card at a time, clockwise from the dealer's left; the next card is the upcard; the rest is
// the stock, top first. Two players, dealer 0: seat 1 gets the 1st, 3rd, ... card.
TEST(Deal, S6TwoPlayersFromAnExplicitDeck) {
  const Game game;
  const State s = State::deal(game, id_order(game), 0);
  EXPECT_EQ(s.hand(1), cards("Ac 3c 5c 7c 9c"));
  EXPECT_EQ(s.hand(0), cards("2c 4c 6c 8c Tc"));
  EXPECT_EQ(s.top_discard(), card("Jc"));
  EXPECT_EQ(s.discard_size(), 1);
  ASSERT_EQ(s.stock_size(), 41);
  EXPECT_EQ(s.stock()[0], card("Qc"));
  EXPECT_EQ(s.stock()[1], card("Kc"));
  EXPECT_EQ(s.stock()[2], card("Ad"));
  EXPECT_EQ(s.stock()[40], card("Ks"));
}

// S6 with three players and the dealer in seat 2: the first card goes to seat 0.
TEST(Deal, S6ThreePlayersDealerInSeatTwo) {
  const Game game(rules_for(3));
  const State s = State::deal(game, id_order(game), 2);
  EXPECT_EQ(s.hand(0), cards("Ac 4c 7c Tc Kc"));
  EXPECT_EQ(s.hand(1), cards("2c 5c 8c Jc Ad"));
  EXPECT_EQ(s.hand(2), cards("3c 6c 9c Qc 2d"));
  EXPECT_EQ(s.top_discard(), card("3d"));
  ASSERT_EQ(s.stock_size(), 36);
  EXPECT_EQ(s.stock()[0], card("4d"));
}

// V1 (upcard=false): no upcard; the stock starts right after the hands.
TEST(Deal, S6WithoutUpcard) {
  Rules r;
  r.upcard = false;
  const Game game(r);
  const State s = State::deal(game, id_order(game), 0);
  EXPECT_EQ(s.discard_size(), 0);
  EXPECT_EQ(s.top_discard(), Card::none());
  EXPECT_EQ(s.stock_size(), 42);
  EXPECT_EQ(s.stock()[0], card("Jc"));
}

// The test helper deals what it is asked to deal, for any dealer.
TEST(Deal, StackedDeckDealsTheGivenHands) {
  const Game game(rules_for(3));
  for (int dealer = 0; dealer < 3; ++dealer) {
    const State s = test::deal(game, {"Kc Qd 2h 3s 4c", "5c 6d 7h 8s 9c", "Tc Jd Qh Ks Ad"}, "As", "2s 3c", dealer);
    EXPECT_EQ(s.hand(0), cards("Kc Qd 2h 3s 4c"));
    EXPECT_EQ(s.hand(1), cards("5c 6d 7h 8s 9c"));
    EXPECT_EQ(s.hand(2), cards("Tc Jd Qh Ks Ad"));
    EXPECT_EQ(s.top_discard(), card("As"));
    EXPECT_EQ(s.stock()[0], card("2s"));
    EXPECT_EQ(s.stock()[1], card("3c"));
    EXPECT_EQ(s.stock_size(), 52 - 16);
  }
}

TEST(Deal, RefusesBadDeckOrders) {
  const Game game;
  std::vector<Card> deck = id_order(game);
  EXPECT_THROW(State::deal(game, deck, 2), BadDeal);   // no seat 2 with two players
  EXPECT_THROW(State::deal(game, deck, -1), BadDeal);
  std::vector<Card> short_deck(deck.begin(), deck.end() - 1);
  EXPECT_THROW(State::deal(game, short_deck, 0), BadDeal);
  std::vector<Card> twice = deck;
  twice[5] = twice[6];
  EXPECT_THROW(State::deal(game, twice, 0), BadDeal);
  std::vector<Card> joker = deck;
  joker[0] = Card::joker(0);  // S2: no jokers in the standard deck
  EXPECT_THROW(State::deal(game, joker, 0), BadDeal);
  // Ids that are not cards: 255 (Card::none()), and 64 + 5, which a 64-bit mask would take for
  // card 5 (the card it replaces), so that the order would look complete.
  for (const int id : {255, 64 + 5, 63}) {
    std::vector<Card> bad = deck;
    *std::find_if(bad.begin(), bad.end(), [](Card x) { return x.id() == 5; }) = Card::from_id(id);
    EXPECT_THROW(State::deal(game, bad, 0), BadDeal) << id;
  }
}

// S8: the player at the dealer's left plays first.
// The in-place deals give exactly what State::deal gives from shuffled_deck with the same
// generator, under decks of every size (V11's forty cards, V16's jokers), and leave no trace of
// the hand they replace; a bad order or dealer is refused with the State unchanged.
TEST(Deal, RedealInPlaceEqualsAFreshDeal) {
  for (const char* preset : {"P-STD", "P-CHICAGO", "P-BATON"}) {
    Rules rules = preset_or_throw(preset).rules;
    rules.players = 3;
    const std::shared_ptr<const Game> game = make_game(rules);
    ASSERT_EQ(static_cast<int>(game->deck_cards().size()), game->deck_size());
    ASSERT_TRUE(std::is_sorted(game->deck_cards().begin(), game->deck_cards().end(),
                               [](Card a, Card b) { return a.id() < b.id(); }));
    Rng a(17), b(17), c(17), other(99);
    State in_place = State::deal(*game, shuffled_deck(*game, other), 0);  // hands to be replaced
    Hand hand(game, shuffled_deck(*game, other), 0);
    if (!hand.is_over()) hand.apply(hand.legal_actions()[0]);
    for (int i = 0; i < 200; ++i) {
      const int dealer = i % 3;
      const std::vector<Card> order = shuffled_deck(*game, a);
      const State fresh = State::deal(*game, order, dealer);
      in_place.redeal(*game, b, dealer);
      EXPECT_EQ(in_place.hand(0), fresh.hand(0)) << preset << " deal " << i;
      EXPECT_EQ(in_place.hand(2), fresh.hand(2)) << preset << " deal " << i;
      EXPECT_EQ(std::vector<Card>(in_place.stock().begin(), in_place.stock().end()),
                std::vector<Card>(fresh.stock().begin(), fresh.stock().end()));
      EXPECT_EQ(in_place.phase(), fresh.phase());
      EXPECT_EQ(in_place.outcome().payouts, fresh.outcome().payouts);
      hand.redeal(c, dealer);
      EXPECT_EQ(hand.deck_order(), order) << preset << " deal " << i;
      EXPECT_TRUE(hand.history().empty());
    }
    EXPECT_THROW(in_place.redeal(*game, b, 3), BadDeal);
    EXPECT_THROW(hand.redeal(c, -1), std::invalid_argument);
  }
}

TEST(Deal, S8FirstPlayerIsLeftOfTheDealer) {
  for (int n = 2; n <= 4; ++n) {
    const Game game(rules_for(n));
    for (int dealer = 0; dealer < n; ++dealer) {
      const State s = State::deal(game, id_order(game), dealer);
      EXPECT_EQ(s.current_player(), (dealer + 1) % n) << n << " players, dealer " << dealer;
      EXPECT_EQ(s.phase(), Phase::kStartOfTurn);
      EXPECT_EQ(s.turn(), 1);
      EXPECT_EQ(s.turns_of((dealer + 1) % n), 1);
      EXPECT_EQ(s.turns_of(dealer), 0);
    }
  }
}

// S7: a dealt 50 ends the hand at once; 2x from every other player.
TEST(DealtTonk, S7FiftyTwoPlayers) {
  const Game game;
  const State s = test::deal(game, {"2c 3d 4h 5s 7c", "Kc Kd Kh Ks Qc"}, "9d");
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kDealtTonk);
  EXPECT_EQ(s.outcome().player, 1);
  EXPECT_EQ(s.outcome().winners, seats({1}));
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{-2, 2}));
  EXPECT_EQ(test::counts(s.outcome(), 2), (std::vector<int>{21, 50}));
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_TRUE(legal.empty());
}

// S7: a dealt 49 (the dealer's own hand) in a three-player game: 2x from each of the two others.
TEST(DealtTonk, S7FortyNineThreePlayersDealerHoldsIt) {
  const Game game(rules_for(3));
  const State s = test::deal(game, {"Jc Qd Kh Ts 9c", "2c 3d 4h 5s 7c", "Ac 2d 3h 4s 6c"}, "9d", "", /*dealer=*/0);
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kDealtTonk);
  EXPECT_EQ(s.outcome().player, 0);
  EXPECT_EQ(s.outcome().winners, seats({0}));
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{4, -2, -2}));
  EXPECT_TRUE(test::zero_sum(s.outcome()));
}

// S7: 48 is no dealt tonk; play starts.
TEST(DealtTonk, S7FortyEightIsNotATonk) {
  const Game game;
  const State s = test::deal(game, {"2c 3d 4h 5s 7c", "Kc Kd Kh Qc 8c"}, "9d");
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kNone);
  EXPECT_EQ(s.current_player(), 1);
}

// S7: two dealt tonks (49 and 50) void the hand: no payments.
TEST(DealtTonk, S7TwoTonksVoidTheHand) {
  const Game game;
  const State s = test::deal(game, {"Kc Kd Kh Ks Qc", "Qd Qh Qs Jc 9c"}, "9d");
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kVoidDeal);
  EXPECT_EQ(s.outcome().player, -1);
  EXPECT_EQ(s.outcome().winners, 0);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{0, 0}));
}

// S7: "two or more": with three players, two tonks void the hand although the third has none.
TEST(DealtTonk, S7TwoOfThreeVoid) {
  const Game game(rules_for(3));
  const State s = test::deal(game, {"Kc Kd Kh Ks Qc", "2c 3d 4h 5s 7c", "Qd Qh Qs Jc 9c"}, "9d");
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.outcome().reason, EndReason::kVoidDeal);
  EXPECT_EQ(payouts(s.outcome(), 3), (std::vector<int>{0, 0, 0}));
}

// S7 option: dealt_tonk_min=0 turns dealt tonks off.
TEST(DealtTonk, S7DisabledByOption) {
  Rules r;
  r.dealt_tonk_min = 0;
  const std::shared_ptr<const Game> shared = make_game(r);
  const Game& game = *shared;
  const State s = test::deal(game, {"2c 3d 4h 5s 7c", "Kc Kd Kh Ks Qc"}, "9d");
  EXPECT_FALSE(s.is_over());
}

// S18: a count of 49 or 50 reached in play wins nothing; S7 looks at dealt hands only. Seat 1 is
// dealt 48, takes the upcard 9s and discards 8c: 49. Play goes on, and seat 0 wins by dropping.
TEST(DealtTonk, S18FortyNineReachedInPlayWinsNothing) {
  const std::shared_ptr<const Game> shared = make_game();
  const Game& game = *shared;
  State s = test::deal(game, {"Ac 2d 3h 4s 6c", "Kc Kd Kh Qc 8c"}, "9s", "Qd");
  ASSERT_FALSE(s.is_over());
  test::play(s, {"take", "discard 8c"});
  EXPECT_EQ(game.count(s.hand(1)), 49);
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.current_player(), 0);
  test::play(s, {"stock", "discard Qd"});  // seat 0 takes Qd and throws it
  test::play(s, {"take", "discard 9s"});   // seat 1 takes Qd: 59 before, 50 after the discard
  EXPECT_EQ(game.count(s.hand(1)), 50);
  EXPECT_FALSE(s.is_over());
  test::play(s, {"drop"});  // seat 0: 16 against 50
  EXPECT_EQ(s.outcome().reason, EndReason::kDrop);
  EXPECT_EQ(payouts(s.outcome(), 2), (std::vector<int>{1, -1}));
}

// S5, I7: every cut is well formed: the first round has a card for every player; later rounds only
// for the players who tied for the highest rank of the round before (suits are equal); the dealer
// is the one player highest in the last round.
TEST(Cut, S5CutRoundsAreConsistent) {
  for (int n = 2; n <= 4; ++n) {
    for (bool ace_high : {false, true}) {
      Rules r = rules_for(n);
      r.cut_ace_high = ace_high;
      const std::shared_ptr<const Game> shared = make_game(r);
      const Game& game = *shared;
      auto rank_of = [&](Card c) {
        const int v = static_cast<int>(c.rank()) + 1;
        return v == 1 && ace_high ? 14 : v;
      };
      for (std::uint64_t seed = 0; seed < 300; ++seed) {
        Rng rng(seed);
        const Cut cut = cut_for_deal(game, rng);
        ASSERT_FALSE(cut.rounds.empty());
        std::uint32_t contenders = (1u << n) - 1;
        for (std::size_t k = 0; k < cut.rounds.size(); ++k) {
          const auto& round = cut.rounds[k];
          int best = 0;
          CardSet drawn;
          for (int p = 0; p < n; ++p) {
            const bool in = (contenders >> p) & 1;
            ASSERT_EQ(round[p].valid(), in) << "seed " << seed << " round " << k << " seat " << p;
            if (!in) continue;
            EXPECT_FALSE(drawn.contains(round[p]));
            drawn.insert(round[p]);
            best = std::max(best, rank_of(round[p]));
          }
          std::uint32_t top = 0;
          for (int p = 0; p < n; ++p)
            if (round[p].valid() && rank_of(round[p]) == best) top |= 1u << p;
          if (k + 1 < cut.rounds.size()) {
            ASSERT_GE(std::popcount(top), 2) << "a re-cut without a tie, seed " << seed;  // I7
          } else {
            ASSERT_EQ(std::popcount(top), 1) << "seed " << seed;
            EXPECT_EQ(cut.dealer, std::countr_zero(top));  // S5: the highest card deals
          }
          contenders = top;
        }
      }
    }
  }
}

// I7: the ace is low in the cut by default, high with cut_ace_high. The same seed gives the same
// cards; find a two-player cut of an ace against a lower non-ace card.
TEST(Cut, I7AceLowByDefaultHighByOption) {
  Rules low_rules;
  Rules high_rules;
  high_rules.cut_ace_high = true;
  const Game low(low_rules);
  const Game high(high_rules);
  int found = 0;
  for (std::uint64_t seed = 0; seed < 2000 && found < 3; ++seed) {
    Rng rng_low(seed);
    Rng rng_high(seed);
    const Cut a = cut_for_deal(low, rng_low);
    const Cut b = cut_for_deal(high, rng_high);
    const auto& r0 = a.rounds[0];
    ASSERT_EQ(r0, b.rounds[0]);  // same cards
    const bool ace0 = r0[0].rank() == Rank::kAce;
    const bool ace1 = r0[1].rank() == Rank::kAce;
    if (ace0 == ace1) continue;
    const int ace_seat = ace0 ? 0 : 1;
    EXPECT_EQ(a.rounds.size(), 1u);
    EXPECT_EQ(a.dealer, 1 - ace_seat) << "seed " << seed << ": ace low, the other card is higher";
    EXPECT_EQ(b.dealer, ace_seat) << "seed " << seed << ": ace high beats every other card";
    ++found;
  }
  EXPECT_EQ(found, 3);
}

// I7: suits are equal, so two cards of one rank tie and the tied players cut again.
TEST(Cut, I7SameRankTiesAndCutsAgain) {
  const std::shared_ptr<const Game> shared = make_game(rules_for(2));
  const Game& game = *shared;
  int found = 0;
  for (std::uint64_t seed = 0; seed < 5000 && found < 2; ++seed) {
    Rng rng(seed);
    const Cut cut = cut_for_deal(game, rng);
    const auto& r0 = cut.rounds[0];
    if (r0[0].rank() != r0[1].rank()) {
      EXPECT_EQ(cut.rounds.size(), 1u);
      continue;
    }
    EXPECT_NE(r0[0].suit(), r0[1].suit());
    EXPECT_GE(cut.rounds.size(), 2u) << "seed " << seed;
    ++found;
  }
  EXPECT_EQ(found, 2);
}

// S5: a session without a first dealer cuts for it.
TEST(Session, S5FirstDealerByTheCut) {
  const std::shared_ptr<const Game> game = make_game(rules_for(3));
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Session session(game, seed);
    EXPECT_FALSE(session.cut().rounds.empty());
    EXPECT_EQ(session.dealer(), session.cut().dealer);
  }
  const Session fixed(game, 1, 2);
  EXPECT_EQ(fixed.dealer(), 2);
  EXPECT_THROW(Session(game, 1, 3), std::invalid_argument);
}

// S17: the deal passes clockwise after every hand; the ledger is the running, zero-sum total (S4).
TEST(Session, S17DealerRotatesAndLedgerIsZeroSum) {
  for (int n = 2; n <= 4; ++n) {
    const std::shared_ptr<const Game> game = make_game(rules_for(n));
    Session session(game, 77 + n, /*first_dealer=*/n - 1);
    std::vector<std::unique_ptr<Bot>> bots;
    std::vector<Bot*> raw;
    for (int p = 0; p < n; ++p) {
      bots.push_back(make_bot("random", 1000 + p));
      raw.push_back(bots.back().get());
    }
    std::vector<long long> expected(n, 0);
    for (int k = 0; k < 60; ++k) {
      const int dealer = session.dealer();
      EXPECT_EQ(dealer, (n - 1 + k) % n);
      Hand hand = session.deal();
      EXPECT_EQ(hand.state().dealer(), dealer);
      play_out(hand, raw);
      for (int p = 0; p < n; ++p) expected[p] += hand.outcome().payouts[p];
      session.finish(hand);
      EXPECT_EQ(session.hands_played(), k + 1);
      EXPECT_EQ(session.dealer(), (dealer + 1) % n);
      long long sum = 0;
      for (int p = 0; p < n; ++p) {
        EXPECT_EQ(session.ledger()[p], expected[p]);
        sum += session.ledger()[p];
      }
      EXPECT_EQ(sum, 0);
    }
  }
}

// S17: a void hand passes the deal too, and changes no balance.
TEST(Session, S17VoidHandPassesTheDeal) {
  const std::shared_ptr<const Game> game = make_game();
  Session session(game, 5, 0);
  const Hand normal = test::make_hand(game, {"2c 3d 4h 5s 7c", "Kc Kd Kh Ks Qc"}, "9d", "", 0);
  session.finish(normal);  // a dealt tonk for seat 1
  EXPECT_EQ(session.ledger()[0], -2);
  EXPECT_EQ(session.ledger()[1], 2);
  EXPECT_EQ(session.dealer(), 1);
  const Hand void_hand = test::make_hand(game, {"Kc Kd Kh Ks Qc", "Qd Qh Qs Jc 9c"}, "9d", "", 1);
  ASSERT_EQ(void_hand.outcome().reason, EndReason::kVoidDeal);
  session.finish(void_hand);
  EXPECT_EQ(session.dealer(), 0);
  EXPECT_EQ(session.hands_played(), 2);
  EXPECT_EQ(session.ledger()[0], -2);
  EXPECT_EQ(session.ledger()[1], 2);
}

TEST(Session, FinishRefusesAHandInPlay) {
  const std::shared_ptr<const Game> game = make_game();
  Session session(game, 5, 0);
  const Hand hand = session.deal();
  ASSERT_FALSE(hand.is_over());
  EXPECT_THROW(session.finish(hand), std::logic_error);
  EXPECT_EQ(session.dealer(), 0);
  EXPECT_EQ(session.hands_played(), 0);
}

}  // namespace
}  // namespace tonk
