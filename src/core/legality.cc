// Legality: which actions the player to move may take, each rule written once.
//
// Every condition is one predicate that returns the rule an action breaks (a Breach), or kNone.
// Each phase has a generator of candidate actions: legal_actions() keeps the candidates that no
// predicate refuses, is_legal() runs the predicates on one action, and why_illegal() turns the
// first breach into a Refusal with the rule's ID. docs/DESIGN.md maps each rule ID to its place.
//
// The generators propose only actions of the right shape (spreads that are spreads, hits that
// extend, cards held); the predicates check shape too, for actions that come from outside. A test
// compares the two over random states of every preset (tests/legality_property_test.cc).
#include <bit>

#include "breach.h"
#include "spread_gen.h"
#include "tonk/state.h"

namespace tonk {


namespace {

bool is_book_shape(CardSet spread) { return detail::rank_cards(spread, spread.first().rank()) == spread; }

// True when an action carries only the operands its kind takes (Action's documentation).
bool operands_fit(const Action& a) {
  switch (a.kind) {
    case ActionKind::kDrop:
    case ActionKind::kTakeStock:
    case ActionKind::kTakeDiscard:
    case ActionKind::kClaim:
    case ActionKind::kEndTurn:
    case ActionKind::kPass: return a.target == 0 && a.shape == 0 && a.cards.empty();
    case ActionKind::kSlap: return a.shape == 0 && a.cards.empty();
    case ActionKind::kDiscard: return a.target == 0 && a.shape == 0;
    case ActionKind::kSpread: return a.target == 0;
    case ActionKind::kHit: return true;
  }
  return false;  // not an ActionKind
}

}  // namespace

// ---- the predicates -----------------------------------------------------------------------------

auto State::check(const Action& a) const -> Breach {
  if (!operands_fit(a)) return Breach::kBadOperands;
  switch (phase_) {
    case Phase::kOver: return Breach::kHandOver;
    case Phase::kStartOfTurn: return check_start(a);
    case Phase::kAfterDraw: return check_play(a);
    case Phase::kSlap: return check_slap(a);
    case Phase::kSlapDiscard: return check_slap_discard(a);
  }
  return Breach::kHandOver;
}

// One predicate per kind of action at the start of a turn.
inline auto State::refuse_claim() const -> Breach {  // V13d
  const Rules& r = game_->rules();
  if (r.dealt_claim_total == 0) return Breach::kNoClaimRule;
  if (turns_of_[current_] != 1) return Breach::kClaimNotFirstTurn;
  if (num_spreads_ > 0) return Breach::kClaimAfterSpread;
  if (game_->count(hands_[current_]) != r.dealt_claim_total) return Breach::kClaimWrongCount;
  return Breach::kNone;
}

inline auto State::refuse_drop() const -> Breach {
  if (drop_blocked_) return Breach::kDropWait;                                                        // V6
  if (!game_->rules().drop_on_first_turn && turns_of_[current_] <= 1) return Breach::kDropFirstTurn;  // I3
  return Breach::kNone;
}

inline auto State::refuse_take_discard() const -> Breach {
  const Rules& r = game_->rules();
  if (discard_size_ == 0) return Breach::kPileEmpty;                                                  // S10
  if (stock_size() == 0 && empty_takes_[current_] >= r.empty_stock_takes) return Breach::kEmptyStockTakes;  // I2
  if (r.taken_discard_must_spread) {  // V19d: only when it makes a new spread at once
    bool fits = false;
    const CardSet top(top_discard());
    detail::for_each_spread(*game_, hands_[current_] | top, [&](CardSet) { fits = true; }, top);
    if (!fits) return Breach::kTakeMustSpread;
  }
  return Breach::kNone;
}

auto State::check_start(const Action& a) const -> Breach {
  switch (a.kind) {
    case ActionKind::kClaim: return refuse_claim();
    case ActionKind::kDrop: return refuse_drop();
    case ActionKind::kTakeStock: return Breach::kNone;  // S9; on an empty stock it ends play (S16)
    case ActionKind::kTakeDiscard: return refuse_take_discard();
    case ActionKind::kHit: return Breach::kHitBeforeDraw;
    case ActionKind::kSpread:
    case ActionKind::kDiscard:
    case ActionKind::kEndTurn: return Breach::kDrawFirst;
    case ActionKind::kSlap:
    case ActionKind::kPass: return Breach::kNoSlapNow;
  }
  return Breach::kBadOperands;
}

auto State::check_play(const Action& a) const -> Breach {
  const Rules& r = game_->rules();
  const CardSet hand = hands_[current_];
  Breach structure = Breach::kNone;
  switch (a.kind) {
    case ActionKind::kClaim: return Breach::kClaimAfterDraw;
    case ActionKind::kDrop: return Breach::kDropAfterDraw;
    case ActionKind::kTakeStock:
    case ActionKind::kTakeDiscard: return Breach::kAlreadyDrew;
    case ActionKind::kSlap:
    case ActionKind::kPass: return Breach::kNoSlapNow;
    case ActionKind::kSpread: structure = check_spread_cards(a); break;
    case ActionKind::kHit: structure = check_hit_cards(a); break;
    case ActionKind::kDiscard:
      if (a.cards.size() != 1) return Breach::kOneCard;
      if (!hand.contains_all(a.cards)) return Breach::kNotHeld;
      break;
    case ActionKind::kEndTurn:
      if (!r.hit_skips_discard) return Breach::kNoEndTurnRule;
      if (!hit_this_turn_) return Breach::kEndWithoutHit;
      break;
  }
  if (structure != Breach::kNone) return structure;
  const Breach restriction = check_play_rules(a);
  if (restriction == Breach::kNone) return Breach::kNone;
  // A player is never stuck (S9): when the restrictions (V2, V6c, V19) leave nothing at all, any card
  // may be discarded, or the turn ended after a hit under V19c.
  const bool ends_by_end = r.hit_skips_discard && hit_this_turn_;
  const bool fallback = a.kind == (ends_by_end ? ActionKind::kEndTurn : ActionKind::kDiscard);
  if (fallback && !has_legal_play()) return Breach::kNone;
  return restriction;
}

// One predicate per kind of play after the draw: the restrictions on an action of the right shape.
inline auto State::refuse_spread(CardSet cards) const -> Breach {
  if (must_spread_taken_ && !cards.contains(taken_discard_)) return Breach::kMustSpreadTaken;  // V19d
  if (!keeps_cards(cards, false)) return cards == hands_[current_] ? Breach::kNoGoingOut : Breach::kNoKeepingOne;  // V6c
  return Breach::kNone;
}

inline auto State::refuse_hit(CardSet cards) const -> Breach {
  const Rules& r = game_->rules();
  if (must_spread_taken_) return Breach::kMustSpreadTaken;  // V19d
  if (r.hit_cards_per_turn > 0 && hit_cards_turn_ + cards.size() > r.hit_cards_per_turn) return Breach::kHitLimit;  // V19b
  if (!keeps_cards(cards, true)) return cards == hands_[current_] ? Breach::kNoGoingOut : Breach::kNoKeepingOne;  // V6c
  return Breach::kNone;
}

inline auto State::refuse_discard(Card c) const -> Breach {
  const Rules& r = game_->rules();
  const CardSet hand = hands_[current_];
  if (must_spread_taken_) return Breach::kMustSpreadTaken;                     // V19d
  if (r.hit_skips_discard && hit_this_turn_) return Breach::kDiscardAfterHit;  // V19c
  // I1: the card just taken from the pile goes back only if it is the last card in the hand.
  if (c == taken_discard_ && !r.rediscard_taken_card && hand.size() > 1) return Breach::kTakenDiscard;
  if (hand.size() == 1 && !going_out_allowed()) return Breach::kLastCardBlocked;           // V6c
  if (r.must_lay_spreads && spread_held(hand - CardSet(c))) return Breach::kHoldsSpread;  // V2
  return Breach::kNone;
}

inline auto State::refuse_end() const -> Breach {
  if (must_spread_taken_) return Breach::kMustSpreadTaken;                                       // V19d
  if (game_->rules().must_lay_spreads && spread_held(hands_[current_])) return Breach::kHoldsSpread;  // V2
  return Breach::kNone;
}

auto State::check_play_rules(const Action& a) const -> Breach {
  switch (a.kind) {
    case ActionKind::kSpread: return refuse_spread(a.cards);
    case ActionKind::kHit: return refuse_hit(a.cards);
    case ActionKind::kDiscard: return refuse_discard(a.card());
    case ActionKind::kEndTurn: return refuse_end();
    default: return Breach::kNone;
  }
}

auto State::check_spread_cards(const Action& a) const -> Breach {  // S11, V13a
  if (a.cards.empty()) return Breach::kNoCards;
  if (!hands_[current_].contains_all(a.cards)) return Breach::kNotHeld;
  const Game& game = *game_;
  if ((a.cards & game.wild_cards()).empty()) {
    if (!game.is_spread(a.cards)) return Breach::kNotASpread;
    return a.shape == 0 ? Breach::kNone : Breach::kShapeWithoutWild;
  }
  if (!game.is_spread(a.cards)) return Breach::kNotASpread;
  if (a.shape == 0) return Breach::kShapeMissing;  // normalize() names the shape when only one fits
  return game.fits(a.cards, a.shape) ? Breach::kNone : Breach::kShapeMisfit;
}

auto State::check_hit_cards(const Action& a) const -> Breach {  // S12, I5, V13a
  if (a.target >= num_spreads_) return Breach::kNoSuchSpread;
  if (a.cards.empty()) return Breach::kNoCards;
  if (!hands_[current_].contains_all(a.cards)) return Breach::kNotHeld;
  const Game& game = *game_;
  const CardSet spread = spreads_[a.target];
  const std::uint8_t shape = spread_shape_[a.target];
  const bool book = shape_is_book(shape);
  if (book && spread.size() >= game.rules().book_max) return Breach::kFullBook;  // I5
  const bool wild_in = !(a.cards & game.wild_cards()).empty();
  if (!wild_in) {
    if (a.shape != 0) return Breach::kShapeWithoutWild;
    if (!game.has_wilds()) return game.can_hit(spread, a.cards) ? Breach::kNone : Breach::kDoesNotExtend;
    return game.can_hit(spread, shape, a.cards, hit_shape(a)) ? Breach::kNone : Breach::kDoesNotExtend;
  }
  // V13a: the hit names the spread's new shape; a book keeps its own.
  if (a.shape != 0 && game.can_hit(spread, shape, a.cards, a.shape)) return Breach::kNone;
  bool some_shape = false;  // does any shape take these cards?
  if (book) {
    some_shape = game.can_hit(spread, shape, a.cards, shape);
  } else {
    const int low = game.shape_low(shape);
    for (int new_low = std::max(0, low - a.cards.size()); new_low <= low && !some_shape; ++new_low)
      some_shape = game.can_hit(spread, shape, a.cards, game.run_shape(shape_suit(shape), new_low));
  }
  if (!some_shape) return Breach::kDoesNotExtend;
  return a.shape == 0 ? Breach::kShapeMissing : Breach::kShapeMisfit;
}

auto State::check_slap(const Action& a) const -> Breach {  // V21
  if (a.kind == ActionKind::kPass) return Breach::kNone;
  if (a.kind != ActionKind::kSlap) return Breach::kSlapOrPass;
  if (a.target >= num_spreads_) return Breach::kNoSuchSpread;
  return slap_shape(a.target) != 0 ? Breach::kNone : Breach::kSlapDoesNotFit;
}

auto State::check_slap_discard(const Action& a) const -> Breach {  // V21: one extra card, any card
  if (a.kind != ActionKind::kDiscard) return Breach::kSlapDiscardOnly;
  if (a.cards.size() != 1) return Breach::kOneCard;
  if (!hands_[current_].contains_all(a.cards)) return Breach::kNotHeld;
  return Breach::kNone;
}

bool State::going_out_allowed() const { return boobed() || !out_blocked_; }  // V6c (V12e: not going out)

bool State::keeps_cards(CardSet cards, bool is_hit) const {
  // V6c: a player who may not go out may not keep a single card either when a discard must follow
  // (throwing it would empty the hand); after a hit under V19c no discard follows.
  if (going_out_allowed()) return true;
  const int left = (hands_[current_] - cards).size();
  return left >= 2 || (left == 1 && game_->rules().hit_skips_discard && (is_hit || hit_this_turn_));
}

bool State::spread_held(CardSet hand) const {  // V2, V2a
  const Rules& r = game_->rules();
  bool held = false;
  detail::for_each_spread(*game_, hand, [&](CardSet s) {
    if (r.may_hold_three_aces && s.size() == 3 && is_book_shape(s) && s.first().rank() == Rank::kAce &&
        detail::rank_cards(hand, Rank::kAce).size() == 3)
      return;
    held = true;
  });
  return held;
}

std::uint8_t State::slap_shape(int i) const {
  // V21 (with V13a): the shape spread i has once the top discard is added to it, or 0 when it
  // cannot be. A wild card goes to the high end of a run when there is room there, else the low end.
  const Game& game = *game_;
  const CardSet spread = spreads_[i];
  const std::uint8_t shape = spread_shape_[i];
  const CardSet card(top_discard());
  if (shape_is_book(shape)) return game.can_hit(spread, shape, card, shape) ? shape : 0;
  const int low = game.shape_low(shape);
  if (game.can_hit(spread, shape, card, shape)) return shape;  // at the high end
  if (low > 0) {
    const std::uint8_t lower = game.run_shape(shape_suit(shape), low - 1);
    if (game.can_hit(spread, shape, card, lower)) return lower;
  }
  return 0;
}

// ---- the generators -----------------------------------------------------------------------------
// Each calls f(action) for every candidate no predicate refuses, in the listing order, and stops
// (returning true) as soon as f returns true.

template <class F>
bool State::for_each_candidate(F&& f) const {
  switch (phase_) {
    case Phase::kOver: return false;
    case Phase::kStartOfTurn:
      if (refuse_claim() == Breach::kNone && f(Action::claim())) return true;
      if (refuse_drop() == Breach::kNone && f(Action::drop())) return true;
      if (f(Action::take_stock())) return true;
      return refuse_take_discard() == Breach::kNone && f(Action::take_discard());
    case Phase::kAfterDraw: {
      bool any = false;
      if (for_each_play_candidate([&](const Action& a) {
            any = true;
            return f(a);
          }))
        return true;
      if (any) return false;
      // S9: a player is never stuck (see check_play).
      if (game_->rules().hit_skips_discard && hit_this_turn_) return f(Action::end_turn());
      for (Card c : hands_[current_])
        if (f(Action::discard(c))) return true;
      return false;
    }
    case Phase::kSlap:  // V21
      if (f(Action::pass())) return true;
      for (int i = 0; i < num_spreads_; ++i)
        if (slap_shape(i) != 0 && f(Action::slap(i))) return true;
      return false;
    case Phase::kSlapDiscard:  // V21: one extra card
      for (Card c : hands_[current_])
        if (f(Action::discard(c))) return true;
      return false;
  }
  return false;
}

template <class F>
bool State::for_each_play_candidate(F&& f) const {
  const Rules& rules = game_->rules();
  const Game& game = *game_;
  const CardSet hand = hands_[current_];
  bool stop = false;
  auto offer = [&](const Action& hit) {
    if (!stop && refuse_hit(hit.cards) == Breach::kNone && f(hit)) stop = true;
    return stop;
  };
  // S11, V13a: every spread the hand holds (V19d: only those with the card taken from the pile).
  const CardSet must = must_spread_taken_ ? CardSet(taken_discard_) : CardSet();
  detail::for_each_spread(
      game, hand,
      [&](CardSet s, std::uint8_t shape) {
        if (!stop && refuse_spread(s) == Breach::kNone && f(Action::spread(s, shape))) stop = true;
      },
      must);
  if (stop) return true;
  if (must_spread_taken_) return false;  // V19d: nothing else until the taken card is spread
  // S12: hits.
  for (int i = 0; i < num_spreads_; ++i) {
    if (game.has_wilds()) {  // V13a
      if (for_each_wild_hit(i, offer)) return true;
      continue;
    }
    const CardSet spread = spreads_[i];
    if (is_book_shape(spread)) {
      if (spread.size() >= rules.book_max) continue;  // I5: a full book takes no more
      const std::uint64_t m = detail::rank_cards(hand, spread.first().rank()).mask();
      for (std::uint64_t sub = m; sub != 0; sub = (sub - 1) & m)
        if (spread.size() + std::popcount(sub) <= rules.book_max && offer(Action::hit(i, CardSet(sub)))) return true;
      continue;
    }
    const Suit suit = spread.first().suit();
    const std::uint32_t line = game.run_line(spread, suit);
    const std::uint32_t held = game.run_line(hand, suit);
    const int lo = std::countr_zero(line);
    const int hi = 31 - std::countl_zero(line);
    std::uint32_t below[14];
    std::uint32_t above[14];
    int nb = 0;
    int na = 0;
    below[nb++] = 0;
    above[na++] = 0;
    for (int pos = lo - 1; pos >= 0 && ((held >> pos) & 1); --pos) {
      below[nb] = below[nb - 1] | (1u << pos);
      ++nb;
    }
    for (int pos = hi + 1; pos < 13 && ((held >> pos) & 1); ++pos) {
      above[na] = above[na - 1] | (1u << pos);
      ++na;
    }
    for (int a = 0; a < nb; ++a)
      for (int b = 0; b < na; ++b)
        if ((a || b) && offer(Action::hit(i, detail::cards_on_line(game, suit, below[a] | above[b])))) return true;
  }
  // S9: a discard ends the turn; V19c: after a hit the turn ends without one.
  if (rules.hit_skips_discard && hit_this_turn_) return refuse_end() == Breach::kNone && f(Action::end_turn());
  for (Card c : hand)
    if (refuse_discard(c) == Breach::kNone && f(Action::discard(c))) return true;
  return false;
}

template <class F>
bool State::for_each_wild_hit(int i, F&& f) const {
  // V13a: a book takes naturals of its rank and wild cards up to book_max; a run grows at its ends,
  // each new place filled by the natural card of that place or by a wild card.
  const Game& game = *game_;
  const CardSet hand = hands_[current_];
  const CardSet spread = spreads_[i];
  const std::uint8_t shape = spread_shape_[i];
  const CardSet wild = hand & game.wild_cards();
  auto offer = [&](CardSet cards, std::uint8_t new_shape) {
    return f(Action::hit(i, cards, (cards & game.wild_cards()).empty() ? 0 : new_shape));
  };
  if (shape_is_book(shape)) {
    const int room = game.rules().book_max - spread.size();
    const CardSet natural = detail::rank_cards(hand, shape_rank(shape));
    const std::uint64_t nm = natural.mask();
    const std::uint64_t om = (wild - natural).mask();
    for (std::uint64_t a = nm;; a = (a - 1) & nm) {
      for (std::uint64_t b = om;; b = (b - 1) & om) {
        const int k = std::popcount(a | b);
        if (k >= 1 && k <= room && detail::canonical_jokers(b, om) && offer(CardSet(a | b), shape)) return true;
        if (b == 0) break;
      }
      if (a == 0) break;
    }
    return false;
  }
  const Suit suit = shape_suit(shape);
  const int low = game.shape_low(shape);
  const int high = low + spread.size() - 1;
  const std::uint32_t held = game.run_line(hand - wild, suit);
  const int most = hand.size();
  const std::uint64_t wm = wild.mask();
  for (int new_low = low; new_low >= 0 && low - new_low <= most; --new_low) {
    for (int new_high = high; new_high <= game.top_run_position() && (low - new_low) + (new_high - high) <= most;
         ++new_high) {
      const int places = (low - new_low) + (new_high - high);
      if (places == 0) continue;
      const std::uint32_t below = low > new_low ? ((1u << low) - 1) & ~((1u << new_low) - 1) : 0;
      const std::uint32_t above = new_high > high ? ((1u << (new_high + 1)) - 1) & ~((1u << (high + 1)) - 1) : 0;
      const std::uint64_t nm = detail::cards_on_line(game, suit, held & (below | above)).mask();
      for (std::uint64_t a = nm;; a = (a - 1) & nm) {
        const int need = places - std::popcount(a);
        if (need >= 0 && need <= static_cast<int>(std::popcount(wm))) {
          for (std::uint64_t b = wm;; b = (b - 1) & wm) {
            if (std::popcount(b) == need && detail::canonical_jokers(b, wm) &&
                offer(CardSet(a | b), game.run_shape(suit, new_low)))
              return true;
            if (b == 0) break;
          }
        }
        if (a == 0) break;
      }
    }
  }
  return false;
}

bool State::has_legal_play() const {
  return for_each_play_candidate([](const Action&) { return true; });
}

// ---- the public face ----------------------------------------------------------------------------

void State::legal_actions(ActionList& out) const {
  out.clear();
  for_each_candidate([&](const Action& a) {
    out.push_back(a);
    return false;
  });
}

bool State::is_legal(const Action& action) const { return check(normalize(action)) == Breach::kNone; }

std::optional<Refusal> State::why_illegal(const Action& action) const {
  const Action a = normalize(action);
  const Breach b = check(a);
  if (b == Breach::kNone) return std::nullopt;
  return describe(b, a);
}

Action State::normalize(const Action& a) const {
  if (a.kind != ActionKind::kSpread && a.kind != ActionKind::kHit) return a;
  if (phase_ != Phase::kAfterDraw) return a;
  Action b = a;
  // V13a: the engine lists only the lowest-numbered jokers of a hand (they are interchangeable);
  // an action naming others is read as naming those.
  const CardSet named = a.cards.jokers();
  const CardSet held = hands_[current_].jokers();
  if (!named.empty() && held.contains_all(named)) {
    CardSet canonical;
    for (Card c : held) {
      if (canonical.size() == named.size()) break;
      canonical.insert(c);
    }
    b.cards = (a.cards - named) | canonical;
  }
  // V13a: a spread or hit with wild cards that names no shape takes the only shape it can have.
  if (b.shape != 0 || !game_->has_wilds() || (b.cards & game_->wild_cards()).empty()) return b;
  const Game& game = *game_;
  int found = 0;
  std::uint8_t only = 0;
  auto consider = [&](std::uint8_t shape) {
    Action c = b;
    c.shape = shape;
    if (check(c) == Breach::kNone) {
      ++found;
      only = shape;
    }
  };
  if (b.kind == ActionKind::kSpread) {
    for (int r = 0; r < kNumRanks; ++r) consider(shape_book(static_cast<Rank>(r)));
    for (int s = 0; s < kNumSuits; ++s)
      for (int low = 0; low <= game.top_run_position(); ++low) consider(game.run_shape(static_cast<Suit>(s), low));
  } else if (b.target < num_spreads_) {
    const std::uint8_t shape = spread_shape_[b.target];
    if (shape_is_book(shape)) {
      consider(shape);
    } else {
      const int low = game.shape_low(shape);
      for (int new_low = std::max(0, low - b.cards.size()); new_low <= low; ++new_low)
        consider(game.run_shape(shape_suit(shape), new_low));
    }
  }
  if (found == 1) b.shape = only;
  return b;
}

// ---- refusals for people ------------------------------------------------------------------------

namespace {

// The rule that ended the hand, for a refusal after its end.
const char* end_rule(EndReason reason) {
  switch (reason) {
    case EndReason::kDealtTonk:
    case EndReason::kVoidDeal: return "S7";
    case EndReason::kTonkOut: return "S13";
    case EndReason::kOutByDiscard: return "S14";
    case EndReason::kDrop:
    case EndReason::kCaught: return "S15";
    case EndReason::kStockExhausted: return "S16";
    case EndReason::kTurnLimit: return "I2";
    case EndReason::kDeadHand: return "V5";
    case EndReason::kNone: break;
  }
  return "S9";
}

std::string shape_name(std::uint8_t shape) {
  std::string text = shape_text(shape);
  return text.empty() ? "no shape" : text;
}

}  // namespace

Refusal State::describe(Breach b, const Action& a) const {
  const Rules& r = game_->rules();
  const CardSet hand = hands_[current_];
  const std::string spread_no = std::to_string(a.target);
  auto spread_text = [&] { return "spread " + spread_no + " (" + to_string(spreads_[a.target]) + ")"; };
  switch (b) {
    case Breach::kNone: break;
    case Breach::kBadOperands: return {"S9", to_string(a) + " carries operands this kind of action does not take"};
    case Breach::kHandOver: return {end_rule(outcome_.reason), "the hand is over"};
    case Breach::kDrawFirst:
      return {"S9", std::string("take a card (stock or discard) before ") +
                        (a.kind == ActionKind::kSpread    ? "laying spreads"
                         : a.kind == ActionKind::kDiscard ? "discarding"
                                                          : "ending the turn")};
    case Breach::kHitBeforeDraw: return {"S12", "hits are made after taking a card, before discarding"};
    case Breach::kAlreadyDrew: return {"S9", "you have already taken a card this turn; lay spreads, hit, or discard"};
    case Breach::kDropAfterDraw: return {"S15", "a drop is made only at the start of your turn, before taking a card"};
    case Breach::kClaimAfterDraw:
    case Breach::kClaimNotFirstTurn: return {"V13d", "a claim is made only just before your first turn"};
    case Breach::kNoSlapNow: return {"V21", "there is no discard to slap now"};
    case Breach::kSlapOrPass: return {"V21", "the top discard may be slapped onto a spread; slap or pass"};
    case Breach::kSlapDiscardOnly: return {"V21", "after a slap you discard one extra card"};
    case Breach::kNoClaimRule: return {"V13d", "this table has no claim"};
    case Breach::kClaimAfterSpread: return {"V13d", "someone has already spread"};
    case Breach::kClaimWrongCount:
      return {"V13d", "only a dealt count of " + std::to_string(r.dealt_claim_total) + " may claim; yours is " +
                          std::to_string(game_->count(hand))};
    case Breach::kDropWait: return {"V6", "you must wait before dropping (a spread laid or a hit)"};
    case Breach::kDropFirstTurn: return {"I3", "this table does not allow a drop on a player's first turn"};
    case Breach::kPileEmpty: return {"S10", "the discard pile is empty"};
    case Breach::kEmptyStockTakes:
      return {"I2", "you have taken " + std::to_string(empty_takes_[current_]) +
                        " discards since the stock ran out, the most this table allows; take from the stock (ending "
                        "play, S16) or drop"};
    case Breach::kTakeMustSpread:
      return {"V19d", "the top discard can be taken only to make a new spread with it at once"};
    case Breach::kNoCards:
      return {a.kind == ActionKind::kHit ? "S12" : "S11", "name the cards to " + std::string(a.kind == ActionKind::kHit ? "hit with" : "lay")};
    case Breach::kNotHeld: return {"S9", "you do not hold " + to_string(a.cards - hand)};
    case Breach::kOneCard: return {"S9", "discard exactly one card"};
    case Breach::kNotASpread:
      return {"S11", to_string(a.cards) +
                         " is neither a book (3 or 4 of one rank) nor a run (3 or more in sequence in one suit, ace low)"};
    case Breach::kShapeWithoutWild:
      return {"V13a", "only a spread or hit with wild cards names a shape; drop '" + shape_name(a.shape) + "'"};
    case Breach::kShapeMissing:
      return {"V13a", a.kind == ActionKind::kSpread
                          ? "the wild cards could stand for more than one spread: name its shape, e.g. 'spread "
                            "4h5hX1 run:3h' or 'spread 9c9dX1 book:9'"
                          : "the wild cards could go to either end: name the spread's new shape, e.g. 'hit 0 X1 run:3h'"};
    case Breach::kShapeMisfit:
      return {"V13a", to_string(a.cards) + " cannot be " + (a.kind == ActionKind::kHit ? "added to make " : "laid as ") +
                          shape_name(a.shape)};
    case Breach::kNoSuchSpread:
      return {a.kind == ActionKind::kSlap ? "V21" : "S12",
              num_spreads_ == 0 ? "there are no spreads on the table"
                                : "there is no spread " + spread_no + " (spreads are numbered 0.." +
                                      std::to_string(num_spreads_ - 1) + ")"};
    case Breach::kFullBook: return {"I5", spread_text() + " is a full book"};
    case Breach::kDoesNotExtend: return {"S12", to_string(a.cards) + " does not extend " + spread_text()};
    case Breach::kMustSpreadTaken:
      return {"V19d", a.kind == ActionKind::kSpread
                          ? "your next spread must use " + to_string(taken_discard_) + ", taken from the pile"
                          : "first lay a new spread with " + to_string(taken_discard_) + ", taken from the pile"};
    case Breach::kHitLimit:
      return {"V19b", "you may hit with only " + std::to_string(r.hit_cards_per_turn) + " card(s) a turn"};
    case Breach::kNoGoingOut:
    case Breach::kLastCardBlocked: return {"V6c", "your spread was hit, so you may not go out this turn"};
    case Breach::kNoKeepingOne:
      return {"V6c", "your spread was hit, so you may not go out this turn, nor keep one card to throw"};
    case Breach::kDiscardAfterHit: return {"V19c", "you hit this turn, so you end it without a discard"};
    case Breach::kTakenDiscard:
      return {"I1", "you may not discard " + to_string(a.card()) + ", the card you took from the discard pile this turn"};
    case Breach::kHoldsSpread:
      return {"V2", std::string("you hold a complete spread; lay it down before ") +
                        (a.kind == ActionKind::kDiscard ? "discarding" : "ending the turn")};
    case Breach::kNoEndTurnRule: return {"V19c", "this table has no ending a turn without a discard"};
    case Breach::kEndWithoutHit: return {"V19c", "a turn ends without a discard only after a hit"};
    case Breach::kSlapDoesNotFit: return {"V21", "the top discard does not fit " + spread_text()};
  }
  return {"S9", "not a legal action"};
}

}  // namespace tonk
