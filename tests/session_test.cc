// The session's ledger (S17) and the session-level rules: push-up totals and their limit (V15), The
// Big One (V22), the suit side bet (V23a) and the naturals pot (V23b). Hands are dealt from stacked
// decks (Session::deal with a deck order), so every amount is exact.
#include "tonk/session.h"

#include <gtest/gtest.h>

#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_util.h"
#include "tonk/bot_factory.h"

namespace tonk {
namespace {

using test::card;
using test::play;

std::vector<long long> first(const std::array<long long, kMaxPlayers>& a, int n) { return {a.begin(), a.begin() + n}; }
std::vector<int> first(const std::array<int, kMaxPlayers>& a, int n) { return {a.begin(), a.begin() + n}; }

long long sum(const std::array<long long, kMaxPlayers>& a) { return std::accumulate(a.begin(), a.end(), 0LL); }

// Deals the session's next hand from a stacked deck (test::stacked_deck) with the session's dealer.
Hand deal(Session& session, const std::vector<std::string>& hands, std::string_view upcard,
          std::string_view stock_top = "") {
  return session.deal(test::stacked_deck(session.game(), hands, upcard, stock_top, session.dealer()));
}

// S7: a dealt 50 for `winner`; the other seats hold `others` in turn (counts below 49).
std::vector<std::string> dealt_tonk_for(int n, int winner) {
  const std::vector<std::string> others = {"2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h"};
  std::vector<std::string> hands;
  int k = 0;
  for (int p = 0; p < n; ++p) hands.push_back(p == winner ? "Qc Kc Kd Kh Ks" : others[k++]);
  return hands;
}

Rules rules_with(int players, void (*change)(Rules&)) {
  Rules r = test::rules_for(players);
  change(r);
  return r;
}

// ---- S17: the plain ledger ----------------------------------------------------------------------

TEST(SessionTest, S17LedgerAddsThePayoutsAndPassesTheDeal) {
  const std::shared_ptr<const Game> game = make_game(test::rules_for(2));
  Session session(game, 1, /*first_dealer=*/0);
  EXPECT_EQ(session.stake(), 1);
  EXPECT_FALSE(session.is_over());  // open-ended
  Hand h1 = deal(session, dealt_tonk_for(2, 1), "Ac");
  ASSERT_TRUE(h1.is_over());
  const HandLedger& booked = session.finish(h1);
  EXPECT_EQ(booked.number, 1);
  EXPECT_EQ(booked.stake, 1);
  EXPECT_EQ(first(booked.payouts, 2), (std::vector<int>{-2, 2}));
  EXPECT_EQ(first(session.ledger(), 2), (std::vector<long long>{-2, 2}));
  EXPECT_EQ(session.dealer(), 1);  // S17: clockwise
  EXPECT_EQ(session.leaders(), test::seats({1}));
  Hand h2 = deal(session, dealt_tonk_for(2, 0), "Ac");
  session.finish(h2);
  EXPECT_EQ(first(session.ledger(), 2), (std::vector<long long>{0, 0}));
  EXPECT_EQ(session.leaders(), test::seats({0, 1}));  // a tie: both lead
  EXPECT_EQ(session.hands_played(), 2);
  EXPECT_EQ(session.dealer(), 0);
  EXPECT_EQ(session.side_ledger(), (std::array<long long, kMaxPlayers>{}));
}

TEST(SessionTest, FinishRefusesAnUnfinishedHandOrAnotherTable) {
  const std::shared_ptr<const Game> game = make_game(test::rules_for(2));
  const std::shared_ptr<const Game> other = make_game(test::rules_for(2));
  Session session(game, 1, 0);
  Hand unfinished = deal(session, {"2c 3c 4c 5c 7d", "2d 3d 4d 5d 7h"}, "Ac");
  ASSERT_FALSE(unfinished.is_over());
  EXPECT_THROW(session.finish(unfinished), std::logic_error);
  // The wrong dealer (S17: seat 0 deals now), or another Game.
  EXPECT_THROW(session.finish(test::make_hand(game, dealt_tonk_for(2, 1), "Ac", "", 1)), std::logic_error);
  EXPECT_THROW(session.finish(test::make_hand(other, dealt_tonk_for(2, 1), "Ac", "", 0)), std::logic_error);
  EXPECT_EQ(session.hands_played(), 0);
  // A finished hand dealt elsewhere by the right dealer is booked (a test's stacked deck).
  session.finish(test::make_hand(game, dealt_tonk_for(2, 1), "Ac", "", 0));
  EXPECT_EQ(first(session.ledger(), 2), (std::vector<long long>{-2, 2}));
  EXPECT_THROW(Session(game, 1, 2), std::invalid_argument);      // not a seat
  EXPECT_THROW(Session(game, 1, -1, -3), std::invalid_argument);  // negative length
}

// ---- V22: The Big One ---------------------------------------------------------------------------

TEST(SessionTest, V22TheLastHandsOfAPlannedSessionPayDouble) {
  const std::shared_ptr<const Game> game = make_game(rules_with(2, [](Rules& r) { r.big_one_hands = 2; }));
  Session session(game, 1, /*first_dealer=*/0, /*planned_hands=*/4);
  EXPECT_EQ(session.planned_hands(), 4);
  const int winners[] = {1, 0, 1, 1};
  const int stakes[] = {1, 1, 2, 2};  // exactly the last two hands
  const std::vector<long long> ledgers[] = {{-2, 2}, {0, 0}, {-4, 4}, {-8, 8}};
  for (int h = 0; h < 4; ++h) {
    EXPECT_FALSE(session.is_over()) << h;
    EXPECT_EQ(session.stake(), stakes[h]) << h;
    EXPECT_EQ(session.is_big_one(), stakes[h] == 2) << h;
    Hand hand = deal(session, dealt_tonk_for(2, winners[h]), "Ac");
    EXPECT_EQ(hand.outcome().payouts[winners[h]], 2);  // the hand itself pays 2x (S7) ...
    const HandLedger& booked = session.finish(hand);
    EXPECT_EQ(booked.stake, stakes[h]);
    EXPECT_EQ(booked.payouts[winners[h]], 2 * stakes[h]);  // ... and the ledger books it times the stake
    EXPECT_EQ(first(session.ledger(), 2), ledgers[h]) << h;
    EXPECT_EQ(sum(session.ledger()), 0);
  }
  EXPECT_TRUE(session.is_over());  // the planned hands are played
  EXPECT_THROW(session.deal(), std::logic_error);
}

TEST(SessionTest, V22ASessionShorterThanTheBigOneIsAllDouble) {
  const std::shared_ptr<const Game> game = make_game(rules_with(2, [](Rules& r) { r.big_one_hands = 3; }));
  Session session(game, 1, 0, 2);
  EXPECT_EQ(session.stake(), 2);
  session.finish(deal(session, dealt_tonk_for(2, 1), "Ac"));
  EXPECT_EQ(session.stake(), 2);
  EXPECT_EQ(first(session.ledger(), 2), (std::vector<long long>{-4, 4}));
}

TEST(SessionTest, V22NeedsASessionOfKnownLength) {
  const std::shared_ptr<const Game> game = make_game(rules_with(2, [](Rules& r) { r.big_one_hands = 1; }));
  try {
    Session session(game, 1);
    FAIL() << "an open-ended session with The Big One was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "The Big One (big_one_hands=1, V22) doubles the last hands of a session, so the session needs a "
              "planned number of hands");
  }
  const std::shared_ptr<const Game> plain = make_game(test::rules_for(2));
  Session open(plain, 1);
  EXPECT_EQ(open.stake(), 1);  // no Big One without the rule, planned or not
  Session planned(plain, 1, -1, 3);
  EXPECT_EQ(planned.stake(), 1);
}

// ---- V23a: the suit bet -------------------------------------------------------------------------

// Seat 0 is dealt a 50 (S7) and no heart; seat 1 holds Ah, seat 2 Jh; the upcard Qh is nobody's.
const std::vector<std::string> kSuitHands = {"Qc Kc Kd Qs Ks", "Ah 2c 3c 4c 5c", "Jh 2d 3d 4d 5d"};

TEST(SessionTest, V23aTheHighestDealtCardOfTheNamedSuitTakesThePot) {
  const std::shared_ptr<const Game> game = make_game(rules_with(3, [](Rules& r) { r.suit_bet = 1; }));
  Session session(game, 1, 0);
  session.name_suit(Suit::kHearts);
  Hand hand = deal(session, kSuitHands, "Qh");
  EXPECT_EQ(session.side_suit(), Suit::kHearts);
  const HandLedger& booked = session.finish(hand);
  EXPECT_EQ(booked.side.suit, Suit::kHearts);
  EXPECT_EQ(booked.side.suit_high.player, 2);  // Jh: the ace is low (I7), the upcard Qh is not dealt to a player
  EXPECT_EQ(booked.side.suit_high.card, card("Jh"));
  EXPECT_EQ(first(booked.side.net, 3), (std::vector<long long>{-1, -1, 2}));
  EXPECT_EQ(first(session.hand_ledger(), 3), (std::vector<long long>{4, -2, -2}));  // S7, kept apart
  EXPECT_EQ(first(session.side_ledger(), 3), (std::vector<long long>{-1, -1, 2}));
  EXPECT_EQ(first(session.ledger(), 3), (std::vector<long long>{3, -3, 0}));
  EXPECT_EQ(sum(session.ledger()), 0);
}

TEST(SessionTest, V23aTheAceIsHighWhenTheCutSaysSo) {
  const std::shared_ptr<const Game> shared = make_game(rules_with(3, [](Rules& r) {
    r.suit_bet = 2;
    r.cut_ace_high = true;  // I7
  }));
  Session session(shared, 1, 0);
  session.name_suit(Suit::kHearts);
  const HandLedger& booked = session.finish(deal(session, kSuitHands, "Qh"));
  EXPECT_EQ(booked.side.suit_high.player, 1);
  EXPECT_EQ(booked.side.suit_high.card, card("Ah"));
  EXPECT_EQ(first(booked.side.net, 3), (std::vector<long long>{-2, 4, -2}));
}

TEST(SessionTest, V23aNobodyDealtTheSuitReturnsTheBets) {
  const std::shared_ptr<const Game> game = make_game(rules_with(3, [](Rules& r) { r.suit_bet = 1; }));
  Session session(game, 1, 0);
  session.name_suit(Suit::kSpades);
  const HandLedger& booked =
      session.finish(deal(session, {"Qc Kc Kd Qd Jd", "Ah 2c 3c 4c 5c", "Jh 2d 3d 4d 5d"}, "As"));
  EXPECT_EQ(booked.side.suit_high.player, -1);
  EXPECT_EQ(booked.side.net, (std::array<long long, kMaxPlayers>{}));
  EXPECT_EQ(first(session.ledger(), 3), (std::vector<long long>{4, -2, -2}));
}

TEST(SessionTest, V23aTheSuitIsNamedAtRandomFromTheSeed) {
  const std::shared_ptr<const Game> game = make_game(rules_with(2, [](Rules& r) { r.suit_bet = 1; }));
  Session a(game, 42, 0), b(game, 42, 0), c(make_game(test::rules_for(2)), 42, 0);
  std::array<int, kNumSuits> seen{};
  for (int h = 0; h < 40; ++h) {
    Hand ha = a.deal();
    Hand hb = b.deal();
    ASSERT_TRUE(a.side_suit().has_value());
    EXPECT_EQ(a.side_suit(), b.side_suit());
    EXPECT_EQ(ha.deck_order(), hb.deck_order());
    ++seen[static_cast<int>(*a.side_suit())];
  }
  for (int s = 0; s < kNumSuits; ++s) EXPECT_GT(seen[s], 0) << s;
  c.deal();
  EXPECT_FALSE(c.side_suit().has_value());  // no suit bet, no suit
  EXPECT_THROW(c.name_suit(Suit::kClubs), std::logic_error);
}

TEST(SessionTest, V23aHighestDealtFollowsTheDeal) {  // S6: the k-th card goes to seat (dealer + 1 + k) mod n
  const std::shared_ptr<const Game> shared = make_game(test::rules_for(3));
  const Game& game = *shared;
  const auto order = test::stacked_deck(game, kSuitHands, "Qh", "", 2);
  const SuitHigh high = highest_dealt(game, order, 2, Suit::kHearts);
  EXPECT_EQ(high.player, 2);
  EXPECT_EQ(high.card, card("Jh"));
  EXPECT_EQ(highest_dealt(game, order, 2, Suit::kClubs).card, card("Kc"));
  EXPECT_EQ(highest_dealt(game, order, 2, Suit::kClubs).player, 0);
  EXPECT_THROW(highest_dealt(game, std::vector<Card>(order.begin(), order.begin() + 5), 2, Suit::kClubs), BadDeal);
}

// ---- V23b: the naturals pot ---------------------------------------------------------------------

TEST(SessionTest, V23bThePotCarriesOverUntilTheFirstBook) {
  const std::shared_ptr<const Game> game = make_game(rules_with(2, [](Rules& r) { r.naturals_bet = 1; }));
  Session session(game, 1, 0);
  // Hands 1 and 2: dealt tonks, no book laid; the pot carries over.
  const HandLedger& b1 = session.finish(deal(session, dealt_tonk_for(2, 1), "Ac"));
  EXPECT_EQ(b1.side.naturals_winner, -1);
  EXPECT_EQ(b1.side.pot_before, 0);
  EXPECT_EQ(b1.side.pot_after, 2);
  EXPECT_EQ(session.naturals_pot(), 2);
  EXPECT_EQ(first(session.ledger(), 2), (std::vector<long long>{-3, 1}));
  EXPECT_EQ(sum(session.ledger()) + session.naturals_pot(), 0);
  session.finish(deal(session, dealt_tonk_for(2, 0), "Ac"));
  EXPECT_EQ(session.naturals_pot(), 4);
  EXPECT_EQ(first(session.ledger(), 2), (std::vector<long long>{-2, -2}));
  EXPECT_EQ(sum(session.ledger()) + session.naturals_pot(), 0);
  // Hand 3, dealer 0: seat 1 draws 4s, lays the book 7c7d7h, then the run 2s3s4s: a tonk out (S13).
  Hand h3 = deal(session, {"Kc Qd Jh 9s 8c", "7c 7d 7h 2s 3s"}, "5d", "4s");
  play(h3, {"stock", "spread 7c7d7h", "spread 2s3s4s"});
  ASSERT_TRUE(h3.is_over());
  EXPECT_EQ(h3.outcome().reason, EndReason::kTonkOut);
  EXPECT_EQ(h3.outcome().first_book, 1);
  const HandLedger& b3 = session.finish(h3);
  EXPECT_EQ(b3.side.naturals_winner, 1);
  EXPECT_EQ(b3.side.pot_before, 4);
  EXPECT_EQ(b3.side.pot_after, 0);
  EXPECT_EQ(first(b3.side.net, 2), (std::vector<long long>{-1, 5}));  // the pot of 6, less seat 1's own bet
  EXPECT_EQ(session.naturals_pot(), 0);
  EXPECT_EQ(first(session.hand_ledger(), 2), (std::vector<long long>{-2, 2}));
  EXPECT_EQ(first(session.side_ledger(), 2), (std::vector<long long>{-3, 3}));
  EXPECT_EQ(first(session.ledger(), 2), (std::vector<long long>{-5, 5}));
}

TEST(SessionTest, V23bARunIsNotABook) {
  const std::shared_ptr<const Game> game = make_game(rules_with(2, [](Rules& r) { r.naturals_bet = 2; }));
  Session session(game, 1, 0);
  // Seat 1 draws 4s, lays the run 2s3s4s and discards 9h; seat 0 draws and discards; seat 1 drops
  // with Ac 9d (10). A run is no natural: the pot carries over.
  Hand hand = deal(session, {"Kc Qd Jh 9s 8c", "Ac 2s 3s 9d 9h"}, "5d", "4s");
  play(hand, {"stock", "spread 2s3s4s", "discard 9h", "stock", "discard Kc", "drop"});
  ASSERT_TRUE(hand.is_over());
  EXPECT_EQ(hand.outcome().first_book, -1);
  const HandLedger& booked = session.finish(hand);
  EXPECT_EQ(booked.side.naturals_winner, -1);
  EXPECT_EQ(session.naturals_pot(), 4);
  EXPECT_EQ(sum(session.side_ledger()), -4);
}

// ---- V15: push-ups ------------------------------------------------------------------------------

TEST(SessionTest, V15PointsAddUpAndTheLimitEndsTheSession) {
  const std::shared_ptr<const Game> shared = make_game(rules_with(2, [](Rules& r) {
    r.scoring = Scoring::kPushups;
    r.pushup_limit = 60;
  }));
  Session session(shared, 1, 0);
  // Hand 1: seat 1 is dealt a 50 (a double win): seat 0 scores its 20, doubled.
  const HandLedger& b1 = session.finish(deal(session, dealt_tonk_for(2, 1), "Ac"));
  EXPECT_EQ(first(b1.points, 2), (std::vector<int>{40, 0}));
  EXPECT_EQ(first(b1.payouts, 2), (std::vector<int>{0, 0}));  // no stakes change hands
  EXPECT_EQ(first(session.points(), 2), (std::vector<long long>{40, 0}));
  EXPECT_FALSE(session.is_over());
  // Hand 2, dealer 1: seat 1 again, seat 0 holds Ac Ad Ah 2s 5c (10): 20 more, total 60 = the limit.
  session.finish(deal(session, {"Ac Ad Ah 2s 5c", "Qc Kc Kd Kh Ks"}, "2c"));
  EXPECT_EQ(first(session.points(), 2), (std::vector<long long>{60, 0}));
  EXPECT_TRUE(session.is_over());
  EXPECT_EQ(session.leaders(), test::seats({1}));  // the lowest total wins
  EXPECT_EQ(first(session.ledger(), 2), (std::vector<long long>{0, 0}));
  EXPECT_THROW(session.deal(), std::logic_error);
}

TEST(SessionTest, V15AWinBySingleStakeIsNotDoubledAndTiesShareTheLead) {
  const std::shared_ptr<const Game> game = make_game(rules_with(2, [](Rules& r) { r.scoring = Scoring::kPushups; }));
  Session session(game, 1, 0);
  EXPECT_EQ(session.leaders(), test::seats({0, 1}));
  // Seat 1 drops at once with 9 against seat 0's 47: seat 0 scores 47 (S15a, not doubled).
  Hand hand = deal(session, {"Kc Qd Jh 9s 8c", "Ac 2d 3h 2s Ad"}, "5d");
  play(hand, {"drop"});
  ASSERT_EQ(hand.outcome().reason, EndReason::kDrop);
  session.finish(hand);
  EXPECT_EQ(first(session.points(), 2), (std::vector<long long>{47, 0}));
  EXPECT_FALSE(session.is_over());  // no limit: the session is open-ended
  EXPECT_EQ(session.leaders(), test::seats({1}));
}

// ---- every rule at once, from the seed ----------------------------------------------------------

struct Trace {
  std::vector<std::array<long long, kMaxPlayers>> ledgers;
  std::vector<long long> pots;
  std::vector<int> suits;
};

Trace play_session(const std::shared_ptr<const Game>& shared, std::uint64_t seed, int hands) {
  const Game& game = *shared;
  Session session(shared, seed, -1, hands);
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;
  for (int p = 0; p < game.num_players(); ++p) {
    owned.push_back(make_bot("greedy", mix_seed(seed, 7 + p)));
    bots.push_back(owned.back().get());
  }
  Trace t;
  while (!session.is_over()) {
    Hand hand = session.deal();
    play_out(hand, bots);
    const HandLedger& booked = session.finish(hand);
    // S4, S17, V23b: the hands' part sums to zero; the side part to minus the pot.
    EXPECT_EQ(sum(session.hand_ledger()), 0);
    EXPECT_EQ(sum(session.ledger()) + session.naturals_pot(), 0);
    EXPECT_EQ(booked.stake, session.hands_played() > hands - game.rules().big_one_hands ? 2 : 1);
    t.ledgers.push_back(session.ledger());
    t.pots.push_back(session.naturals_pot());
    t.suits.push_back(static_cast<int>(*booked.side.suit));
  }
  EXPECT_EQ(session.hands_played(), hands);
  return t;
}

TEST(SessionTest, S17SessionRulesAreZeroSumAndReproducibleFromTheSeed) {
  const std::shared_ptr<const Game> shared = make_game(rules_with(3, [](Rules& r) {
    r.big_one_hands = 5;
    r.suit_bet = 1;
    r.naturals_bet = 1;
  }));
  const Trace a = play_session(shared, 9, 60);
  const Trace b = play_session(shared, 9, 60);
  EXPECT_EQ(a.ledgers, b.ledgers);
  EXPECT_EQ(a.pots, b.pots);
  EXPECT_EQ(a.suits, b.suits);
  EXPECT_NE(a.ledgers, play_session(shared, 10, 60).ledgers);
}

}  // namespace
}  // namespace tonk
