// A session: a sequence of hands at one table with a running, zero-sum ledger (S17), and the rules
// that belong to the session rather than to one hand: push-up totals and their limit (V15), The Big
// One (V22) and the side bets (V23a, V23b).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "tonk/hand.h"
#include "tonk/rng.h"

namespace tonk {

/// The cut for the first deal (S5, I7): each player's cut card and the dealer it gives.
struct Cut {
  /// Every round of cutting: rounds[0] has a card per player; later rounds hold cards only for the
  /// players who tied for the highest card (others are Card::none()).
  std::vector<std::array<Card, kMaxPlayers>> rounds;
  int dealer = 0;  ///< the player who cut highest (I7: ace low unless cut_ace_high; suits equal)
};

/// Cuts for the first dealer under `game`'s rules using `rng` (S5, I7). Ties for the highest cut
/// cut again, from a fresh shuffle, until one player is highest.
Cut cut_for_deal(const Game& game, Rng& rng);

/// The highest card of a suit among the dealt hands (V23a).
struct SuitHigh {
  int player = -1;               ///< its owner, or -1 when nobody was dealt a card of the suit
  Card card = Card::none();      ///< the card, or Card::none()
};

/// V23a: who was dealt the highest card of `suit` when `deck_order` is dealt by `dealer` (S6). Only
/// the players' hands count, not the upcard or the stock; jokers have no suit. Ranks are ordered as
/// in the cut (I7): the ace low, or high under cut_ace_high. Throws BadDeal when the deck order is
/// too short to deal or the dealer is not a seat.
SuitHigh highest_dealt(const Game& game, std::span<const Card> deck_order, int dealer, Suit suit);

/// The side bets of one finished hand (V23a, V23b), in stakes. Each player's net result plus the
/// change of the naturals pot sums to zero: sum(net) + pot_after - pot_before == 0.
struct SideBets {
  /// Each player's net result from the side bets of this hand; 0 for unused seats.
  std::array<long long, kMaxPlayers> net{};
  /// V23a: the suit the dealer named, when the suit bet is played (suit_bet > 0).
  std::optional<Suit> suit;
  /// V23a: the highest dealt card of `suit` and its owner, who takes the suit pot of players ×
  /// suit_bet; player -1 when nobody was dealt the suit and every bet is returned.
  SuitHigh suit_high;
  /// V23b: the player who laid the first book of the hand (Outcome::first_book) and takes the
  /// naturals pot, or -1 when nobody did and the pot carries over.
  int naturals_winner = -1;
  /// V23b: the naturals pot carried into the hand, before this deal's bets, in stakes.
  long long pot_before = 0;
  /// V23b: the pot after the hand (carried to the next hand): pot_before + players × naturals_bet,
  /// or 0 when it was won.
  long long pot_after = 0;
};

/// Settles the side bets of a finished hand: V23a when `game.rules().suit_bet` > 0 and `suit` is
/// given (no suit: no suit bet is settled), V23b when naturals_bet > 0 with `pot_before` carried
/// in. Every player bets (each player is a bettor). Throws std::logic_error if the hand is not over.
SideBets settle_side_bets(const Hand& hand, std::optional<Suit> suit, long long pot_before);

/// What the ledger booked for one hand (S17, V15, V22, V23).
struct HandLedger {
  int number = 0;  ///< the hand's number in the session, from 1
  /// V22: the multiple of the hand's payouts booked: 2 in The Big One, otherwise 1.
  int stake = 1;
  /// The hand's payouts times `stake`, in stakes (S4, V22).
  std::array<int, kMaxPlayers> payouts{};
  /// V15: the push-up points each player scored (Outcome::points); all 0 under other scoring.
  std::array<int, kMaxPlayers> points{};
  /// V23a, V23b: the side bets.
  SideBets side;
};

/// A session of hands at one table (S17). Its ledger, in stakes, holds each hand's payouts (doubled
/// in The Big One, V22) and, kept apart, the side bets (V23a, V23b): at every point the ledger plus
/// the naturals pot sums to zero. Under push-ups (V15) no stakes change hands and the session keeps
/// each player's points total instead; lower is better.
class Session {
 public:
  /// A session of `game` (shared by the session and the hands it deals), its randomness from `seed`. The first dealer is chosen by the cut (S5)
  /// unless `first_dealer` is a seat number (0..players-1). `planned_hands` is the session's known
  /// length, 0 for an open-ended session; The Big One (V22) needs one. Throws std::invalid_argument
  /// when `game` is null, `first_dealer` is not a seat, `planned_hands` is negative, or
  /// big_one_hands > 0 and the session has no planned length.
  Session(std::shared_ptr<const Game> game, std::uint64_t seed, int first_dealer = -1, int planned_hands = 0);

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& shared_game() const { return game_; }
  const Cut& cut() const { return cut_; }
  /// The dealer of the next hand (or of the hand in play).
  int dealer() const { return dealer_; }
  int hands_played() const { return hands_played_; }
  /// The session's known length in hands; 0 for an open-ended session.
  int planned_hands() const { return planned_hands_; }

  /// True when the session is over: its planned hands have been played, or under push-ups a
  /// player's total has reached pushup_limit (V15). No hand may be dealt then.
  bool is_over() const;
  /// V22: the multiple of the payouts the ledger books for the next hand (or the hand in play): 2
  /// for the last big_one_hands hands of a session of planned length (every hand when the session
  /// is shorter), otherwise 1.
  int stake() const;
  /// V22: true when the next hand (or the hand in play) is played at double stakes.
  bool is_big_one() const { return stake() == 2; }

  /// Each player's net result so far, in stakes: hand_ledger() plus side_ledger(). Together with
  /// naturals_pot() it sums to zero (S4, S17, V23b).
  const std::array<long long, kMaxPlayers>& ledger() const { return ledger_; }
  /// The part of ledger() from the hands' payouts, in stakes, Big One hands doubled (V22); sums to 0.
  const std::array<long long, kMaxPlayers>& hand_ledger() const { return hand_ledger_; }
  /// The part of ledger() from the side bets (V23a, V23b), in stakes; sums to -naturals_pot().
  const std::array<long long, kMaxPlayers>& side_ledger() const { return side_ledger_; }
  /// V23b: the naturals pot waiting for the first book of a later hand, in stakes.
  long long naturals_pot() const { return naturals_pot_; }
  /// V15: each player's push-up points total (lower is better); all 0 under other scoring.
  const std::array<long long, kMaxPlayers>& points() const { return points_; }
  /// The players ahead, bit p for player p: the lowest points total under push-ups (V15), otherwise
  /// the highest ledger(). Players tied for the best all lead (a tie shares the session's win).
  std::uint8_t leaders() const;

  /// V23a: the dealer names `suit` for the next deal, instead of deal() naming one at random.
  /// Throws std::logic_error when the rules have no suit bet (suit_bet = 0).
  void name_suit(Suit suit);
  /// V23a: the suit named for the hand in play; nullopt with no suit bet or before the first deal.
  std::optional<Suit> side_suit() const { return suit_; }

  /// Deals the next hand with the current dealer from a fresh shuffle. With a suit bet (V23a) the
  /// dealer first names a suit, at random from the session's generator unless name_suit() named
  /// one. A hand dealt before and not finished is abandoned: nothing of it is booked. Throws
  /// std::logic_error when the session is over.
  Hand deal();
  /// The same as deal(), dealing into `hand` (a hand of this session's Game, e.g. the last one
  /// played) and reusing its storage: a simulation's hands then allocate nothing. Throws
  /// std::logic_error when the session is over or `hand` is played under another Game.
  void deal_into(Hand& hand);
  /// The same, dealing `deck_order` instead of a shuffle (see State::deal; throws BadDeal): for
  /// tests with stacked decks and for replaying a recorded session.
  Hand deal(std::vector<Card> deck_order);

  /// Books the hand in play, once it is over: its payouts times stake() (V22), its push-up points
  /// (V15) and the side bets (V23a, V23b); then passes the deal clockwise, a void hand included
  /// (S17). Returns what was booked. Normally `hand` is the one the last deal() returned; a hand
  /// built elsewhere (a test's Hand) is booked too, with the suit named for it by name_suit() or
  /// at random then. Throws std::logic_error if the hand is not over, or is not played under this
  /// session's Game (the same shared Game) with the session's dealer.
  const HandLedger& finish(const Hand& hand);
  /// What finish() booked for the last hand (number 0 before the first).
  const HandLedger& last_hand() const { return last_; }

 private:
  Hand deal_order(std::vector<Card> deck_order);

  std::shared_ptr<const Game> game_;
  Rng rng_;
  Cut cut_;
  int dealer_ = 0;
  int hands_played_ = 0;
  int planned_hands_ = 0;
  std::array<long long, kMaxPlayers> ledger_{};
  std::array<long long, kMaxPlayers> hand_ledger_{};
  std::array<long long, kMaxPlayers> side_ledger_{};
  std::array<long long, kMaxPlayers> points_{};
  long long naturals_pot_ = 0;
  std::optional<Suit> named_suit_;   // named for the next deal (name_suit)
  std::optional<Suit> suit_;         // named for the hand in play
  bool in_hand_ = false;             // a hand has been dealt and not finished
  std::vector<Card> dealt_order_;    // its deck order, to check finish()
  HandLedger last_;
};

}  // namespace tonk
