// The state of one hand of Tonk: the engine's hot path.
//
// A State is a trivially copyable value of a few hundred bytes (see docs/PERFORMANCE.md): search
// bots clone it by plain copy. Generating legal actions and applying an action never allocate.
// The State holds every card, hidden or not; players see it only through a View (view.h).
#pragma once

#include <array>
#include <optional>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "tonk/action.h"
#include "tonk/card_set.h"
#include "tonk/game.h"
#include "tonk/outcome.h"
#include "tonk/refusal.h"

namespace tonk {

struct View;
struct Move;
class Rng;

/// Most spreads that can lie on the table: every card of the largest deck in books of three.
inline constexpr int kMaxSpreads = kNumCardIds / 3;

/// Where in a turn the player to move is (S9).
enum class Phase : std::uint8_t {
  kStartOfTurn = 0,  ///< May drop (S15) or must take a card (S9); may claim (V13d).
  kAfterDraw = 1,    ///< Has taken a card: may spread and hit, then must discard (or end, V19c).
  kOver = 2,         ///< The hand has ended; see outcome().
  kSlap = 3,         ///< V21: the player to move may slap the top discard onto a spread, or pass.
  kSlapDiscard = 4,  ///< V21: the player who slapped discards one extra card.
};

/// An action was refused. refusal() names the rule broken; what() is refusal().text().
class IllegalAction : public std::runtime_error {
 public:
  explicit IllegalAction(Refusal refusal) : std::runtime_error(refusal.text()), refusal_(std::move(refusal)) {}
  const Refusal& refusal() const { return refusal_; }

 private:
  Refusal refusal_;
};

/// A deck order or other set-up argument was refused. what() says why.
class BadDeal : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class State {
 public:
  /// Deals a hand (S6) under `game`. The State keeps a non-owning pointer to it: the Game is owned
  /// by whoever holds the State (its Hand or Table, which share it, or the caller), and must live
  /// as long as the State is used. `deck_order` lists every card of
  /// the game's deck exactly once, in the order they come off the deck: the first card goes to the
  /// dealer's left, one card at a time clockwise until each player has hand_size cards; the next
  /// card is the upcard (S6; none under V1); the rest is the stock, top first. `dealer` is a seat
  /// 0..players-1; seats are numbered clockwise. A dealt tonk (S7) ends the hand at once.
  /// Throws BadDeal naming the problem when the order is not a permutation of the deck or the
  /// dealer is out of range.
  static State deal(const Game& game, std::span<const Card> deck_order, int dealer);
  /// The same deal into this State, in place: `*this = State::deal(game, deck_order, dealer)`
  /// without building and copying a second State (a table dealing hand after hand). Throws BadDeal
  /// as deal() does, before anything changes.
  void redeal(const Game& game, std::span<const Card> deck_order, int dealer);
  /// A fresh shuffle dealt in place: the deck order shuffled_deck(game, rng) gives (the same random
  /// numbers drawn), which, a permutation of the deck by construction, needs no check. For random
  /// play and simulation that keep no record of the order (Hand::redeal(Rng&, int) keeps it).
  /// Throws BadDeal when `dealer` is not a seat.
  void redeal(const Game& game, Rng& rng, int dealer);

  const Game& game() const { return *game_; }
  Phase phase() const { return phase_; }
  bool is_over() const { return phase_ == Phase::kOver; }
  /// The player to act, 0..players-1; after the end, the player who acted last.
  int current_player() const { return current_; }
  int dealer() const { return dealer_; }
  /// Turns begun so far in this hand, all players together (0 before the first turn).
  int turn() const { return turn_; }
  /// Turns player p has begun in this hand (I3, I4).
  int turns_of(int p) const { return turns_of_[p]; }

  CardSet hand(int p) const { return hands_[p]; }
  /// Cards publicly known to be in p's hand: those p took from the discard pile and still holds.
  CardSet known_cards(int p) const { return known_[p]; }
  int num_spreads() const { return num_spreads_; }
  CardSet spread(int i) const { return spreads_[i]; }
  int spread_owner(int i) const { return spread_owner_[i]; }
  /// The shape of spread i (action.h: shape_book / shape_run): what its wild cards stand for (V13a).
  std::uint8_t spread_shape(int i) const { return spread_shape_[i]; }
  int stock_size() const { return stock_end_ - stock_pos_; }
  /// The cards left in the stock, top first.
  std::span<const Card> stock() const { return {stock_.data() + stock_pos_, stock_.data() + stock_end_}; }
  int discard_size() const { return discard_size_; }
  /// The discard pile, bottom first; its last card is the top discard (S10).
  std::span<const Card> discard_pile() const { return {discard_.data(), discard_.data() + discard_size_}; }
  /// The top discard, or Card::none() when the pile is empty.
  Card top_discard() const { return discard_size_ ? discard_[discard_size_ - 1] : Card::none(); }
  /// The card the current player took from the discard pile this turn (I1), or Card::none().
  Card taken_discard() const { return taken_discard_; }
  /// Discards player p has taken since the stock ran out (I2).
  int empty_stock_takes(int p) const { return empty_takes_[p]; }
  /// Player p's coming turns on which a drop is forbidden (V6, V14c).
  int drop_wait(int p) const { return drop_wait_[p]; }
  /// True when the current player may not drop this turn because of a wait (V6).
  bool drop_blocked() const { return drop_blocked_; }
  /// True when the current player may not go out this turn (V6c).
  bool out_blocked() const { return out_blocked_; }
  /// True when nobody may go out: the stock holds no more cards than there are players (V12e).
  bool boobed() const;
  /// V21: the player whose discard may be slapped (valid in the slap phases).
  int slap_discarder() const { return slap_from_; }
  /// The result; reason is kNone until the hand is over.
  const Outcome& outcome() const { return outcome_; }

  /// A player's count for a showdown, in points (S15, S16, I8).
  int showdown_count(int p) const;

  /// Fills `out` with every legal action of the current player, in a fixed order (claim, drop,
  /// stock, take; then spreads, hits, discards or end; pass, slaps). Empty when the hand is over.
  /// Each candidate the phase's generator proposes is kept when no rule refuses it (the same
  /// predicates as why_illegal). Allocation-free.
  void legal_actions(ActionList& out) const;
  /// True when `action` is legal now: the same answer as membership of normalize(action) in
  /// legal_actions(), computed for this one action without listing the others. Allocation-free.
  bool is_legal(const Action& action) const;
  /// nullopt when `action` is legal; otherwise the first rule it breaks, as a Refusal with the rule's
  /// ID ("S9", "I1", "V19d", ...) and a sentence for a person.
  std::optional<Refusal> why_illegal(const Action& action) const;

  /// Applies a legal action. Precondition: is_legal(action) (checked only by assert). Allocation-free.
  void apply(const Action& action);
  /// Applies an action after checking it (normalize, then the rules). Throws IllegalAction carrying
  /// the Refusal of why_illegal(); the state is unchanged then.
  void apply_checked(const Action& action);
  /// The action as the legal list names it (V13a): with interchangeable jokers, a spread or hit
  /// naming X2 while X1 is also held is read as naming X1; a spread or hit with wild cards that
  /// names no shape takes its shape when only one is legal. Other actions are returned unchanged.
  Action normalize(const Action& action) const;

 private:
  friend struct View;
  friend class Hand;  // Hand::redeal(Rng&, int): a deal it shuffled itself needs no check
  friend View make_view(const State& state, int player, std::span<const struct Move> history);
  friend State resample_from_view(const View& view, class Rng& rng);
  friend State deal_from_view(const View& view, std::span<const Card> hidden);
  friend State reshuffle_stock(State state, class Rng& rng);

  // Legality (legality.cc): one predicate per phase, returning the first rule an action breaks
  // (Breach::kNone when legal), and one generator of candidates per phase. Listing keeps the
  // candidates no rule refuses; is_legal checks one action; why_illegal formats the breach.
  enum class Breach : std::uint8_t;
  Breach check(const Action& a) const;
  Breach check_start(const Action& a) const;
  Breach check_play(const Action& a) const;
  Breach check_play_rules(const Action& a) const;
  Breach refuse_claim() const;
  Breach refuse_drop() const;
  Breach refuse_take_discard() const;
  Breach refuse_spread(CardSet cards) const;
  Breach refuse_hit(CardSet cards) const;
  Breach refuse_discard(Card card) const;
  Breach refuse_end() const;
  Breach check_spread_cards(const Action& a) const;
  Breach check_hit_cards(const Action& a) const;
  Breach check_slap(const Action& a) const;
  Breach check_slap_discard(const Action& a) const;
  template <class F> bool for_each_candidate(F&& f) const;
  template <class F> bool for_each_play_candidate(F&& f) const;
  template <class F> bool for_each_wild_hit(int spread, F&& f) const;
  bool has_legal_play() const;
  Refusal describe(Breach b, const Action& a) const;
  bool going_out_allowed() const;
  bool keeps_cards(CardSet cards, bool is_hit) const;
  bool spread_held(CardSet hand) const;
  std::uint8_t slap_shape(int spread) const;
  std::uint8_t hit_shape(const Action& a) const;
  // Applying (apply.cc): one applier per phase.
  void apply_start(const Action& a);
  void apply_play(const Action& a);
  void apply_slap(const Action& a);
  void apply_slap_discard(const Action& a);
  void end_turn(bool discarded);
  void begin_turn(int player);
  void resume_after_slap();
  void note_hit(int hitter, int owner, bool in_turn);
  void add_wait(int player, int turns);
  void emptied_hand(bool by_discard);
  // Settlement (settlement.cc): who wins and who pays what.
  void finish_drop();
  void finish_stock_end(EndReason reason);
  void finish_lowest_wins(EndReason reason, int pays);
  void finish_dealt(int winner_mask, const std::array<int, kMaxPlayers>& pays);
  void finish_going_out(EndReason reason, int player, int pays);
  int going_out_pays() const;
  void settle();
  void pay(int from, int to, int stakes) {
    outcome_.payouts[from] -= stakes;
    outcome_.payouts[to] += stakes;
  }
  void fill_counts();
  // Dealing (state.cc): the checks of deal() (BadDeal), then the deal into a fresh State.
  static void check_deal(const Game& game, std::span<const Card> deck_order, int dealer);
  void deal_cards(const Game& game, std::span<const Card> deck_order, int dealer);
  void reset_and_deal(const Game& game, std::span<const Card> deck_order, int dealer);  // unchecked

  const Game* game_ = nullptr;
  std::array<CardSet, kMaxPlayers> hands_{};
  std::array<CardSet, kMaxPlayers> known_{};
  std::array<CardSet, kMaxSpreads> spreads_{};
  std::array<std::uint8_t, kMaxSpreads> spread_owner_{};
  std::array<std::uint8_t, kMaxSpreads> spread_shape_{};
  std::array<Card, kNumCardIds> stock_{};
  std::array<Card, kNumCardIds> discard_{};
  std::array<std::uint8_t, kMaxPlayers> turns_of_{};
  std::array<std::uint8_t, kMaxPlayers> empty_takes_{};
  std::array<std::uint8_t, kMaxPlayers> drop_wait_{};  // V6
  std::array<std::uint8_t, kMaxPlayers> out_wait_{};   // V6c
  Outcome outcome_{};
  std::uint16_t turn_ = 0;
  std::uint8_t stock_pos_ = 0;
  std::uint8_t stock_end_ = 0;
  std::uint8_t discard_size_ = 0;
  std::uint8_t num_spreads_ = 0;
  std::uint8_t current_ = 0;
  std::uint8_t dealer_ = 0;
  Card taken_discard_ = Card::none();
  Phase phase_ = Phase::kStartOfTurn;
  std::uint8_t hit_pending_ = 0;       // V6a: players whose spreads were hit since their last turn
  std::uint8_t hitters_ = 0;           // V13f: players who have hit this hand
  std::uint8_t hit_cards_turn_ = 0;    // V19b: cards hit with this turn
  std::uint8_t spreads_turn_ = 0;      // I9, I10: spreads laid this turn (a run of 6+ counts as two)
  std::uint8_t slap_from_ = 0;         // V21: the discarder
  std::uint8_t slap_step_ = 0;         // V21: how many players have been asked
  std::int8_t first_book_ = -1;        // V23b
  bool hit_this_turn_ = false;         // V3a, V19c
  bool own_hit_waited_ = false;        // V6a: own hits this turn already made a wait
  bool drop_blocked_ = false;          // V6
  bool out_blocked_ = false;           // V6c
  bool must_spread_taken_ = false;     // V19d
};

/// `state` with the cards left in its stock in a new uniform order; every hand, the discard pile and
/// the table are as they were. What a player who sees every hand but not the stock may imagine
/// (the "handsight" measuring player, oracle_bot.h).
State reshuffle_stock(State state, class Rng& rng);

}  // namespace tonk
