// Applying actions: one applier per phase (S9 the turn, V21 the slap window), and the turn's
// bookkeeping between them (S8, waits V6, V12e's boobed deck, I2's turn bound).
#include <algorithm>
#include <bit>
#include <cassert>

#include "breach.h"
#include "tonk/state.h"

namespace tonk {

void State::apply_checked(const Action& action) {
  const Action named = normalize(action);
  if (const Breach b = check(named); b != Breach::kNone) throw IllegalAction(describe(b, named));
  apply(named);
}

void State::apply(const Action& a) {
  assert(is_legal(a));
  switch (phase_) {
    case Phase::kStartOfTurn: apply_start(a); return;
    case Phase::kAfterDraw: apply_play(a); return;
    case Phase::kSlap: apply_slap(a); return;
    case Phase::kSlapDiscard: apply_slap_discard(a); return;
    case Phase::kOver: return;
  }
}

void State::apply_start(const Action& a) {
  const Rules& rules = game_->rules();
  const int p = current_;
  switch (a.kind) {
    case ActionKind::kClaim: {  // V13d
      std::array<int, kMaxPlayers> pays{};
      pays[p] = rules.dealt_claim_pays;
      finish_dealt(1 << p, pays);
      return;
    }
    case ActionKind::kDrop:  // S15
      finish_drop();
      return;
    case ActionKind::kTakeStock:
      if (stock_pos_ == stock_end_) {  // S16: would have to draw from the empty stock
        finish_stock_end(EndReason::kStockExhausted);
        return;
      }
      hands_[p].insert(stock_[stock_pos_++]);
      taken_discard_ = Card::none();
      phase_ = Phase::kAfterDraw;
      return;
    case ActionKind::kTakeDiscard: {
      const Card c = discard_[--discard_size_];
      hands_[p].insert(c);
      known_[p].insert(c);
      taken_discard_ = c;
      if (stock_pos_ == stock_end_) ++empty_takes_[p];       // I2
      must_spread_taken_ = rules.taken_discard_must_spread;  // V19d
      phase_ = Phase::kAfterDraw;
      return;
    }
    default: return;  // not legal at the start of a turn
  }
}

void State::apply_play(const Action& a) {
  const Rules& rules = game_->rules();
  const int p = current_;
  switch (a.kind) {
    case ActionKind::kSpread: {  // S11
      hands_[p] -= a.cards;
      known_[p] -= a.cards;
      const std::uint8_t shape = a.shape ? a.shape : game_->shape_of(a.cards);
      spreads_[num_spreads_] = a.cards;
      spread_owner_[num_spreads_] = static_cast<std::uint8_t>(p);
      spread_shape_[num_spreads_] = shape;
      if (first_book_ < 0 && shape_is_book(shape)) first_book_ = static_cast<std::int8_t>(p);  // V23b
      ++num_spreads_;
      spreads_turn_ = static_cast<std::uint8_t>(spreads_turn_ + game_->spreads_in(a.cards, shape));  // I9, I10
      must_spread_taken_ = false;
      add_wait(p, rules.spread_wait);  // V6.1
      if (hands_[p].empty()) emptied_hand(false);
      return;
    }
    case ActionKind::kHit:  // S12
      hands_[p] -= a.cards;
      known_[p] -= a.cards;
      spread_shape_[a.target] = hit_shape(a);
      spreads_[a.target] |= a.cards;
      hit_cards_turn_ = static_cast<std::uint8_t>(hit_cards_turn_ + a.cards.size());
      note_hit(p, spread_owner_[a.target], true);
      if (hands_[p].empty()) emptied_hand(false);
      return;
    case ActionKind::kDiscard:  // S9, S14
      hands_[p] -= a.cards;
      known_[p] -= a.cards;
      discard_[discard_size_++] = a.card();
      if (hands_[p].empty()) {
        emptied_hand(true);
        return;
      }
      end_turn(true);
      return;
    case ActionKind::kEndTurn:  // V19c
      end_turn(false);
      return;
    default: return;  // not legal after the draw
  }
}

void State::apply_slap(const Action& a) {  // V21
  const Rules& rules = game_->rules();
  const int p = current_;
  if (a.kind == ActionKind::kPass) {  // ask the next player in priority order
    const int n = game_->num_players();
    if (++slap_step_ >= n) {
      resume_after_slap();
    } else {
      current_ = static_cast<std::uint8_t>((slap_from_ + 1 + slap_step_) % n);
    }
    return;
  }
  const std::uint8_t shape = slap_shape(a.target);
  const Card c = discard_[--discard_size_];
  spreads_[a.target] |= CardSet(c);
  spread_shape_[a.target] = shape;
  note_hit(p, spread_owner_[a.target], false);
  const int next = (slap_from_ + 1) % game_->num_players();
  const bool no_extra = p == slap_from_ || (rules.slapping == Slapping::kNextPriority && p == next);
  if (no_extra || hands_[p].empty()) {
    resume_after_slap();
  } else {
    phase_ = Phase::kSlapDiscard;
  }
}

void State::apply_slap_discard(const Action& a) {  // V21: the slapper's extra discard
  const int p = current_;
  hands_[p] -= a.cards;
  known_[p] -= a.cards;
  discard_[discard_size_++] = a.card();
  if (hands_[p].empty() && !boobed()) {
    finish_going_out(EndReason::kOutByDiscard, p, game_->rules().out_by_discard_pays);
    return;
  }
  resume_after_slap();
}

std::uint8_t State::hit_shape(const Action& a) const {
  const std::uint8_t old = spread_shape_[a.target];
  if (!shape_is_run(old)) return old;  // a book keeps its rank
  if (a.shape) return a.shape;          // V13a: a hit with wild cards names the run's new shape
  // The run's lowest card may change: natural cards go to their own places.
  const Suit suit = shape_suit(old);
  const int low = std::min(game_->shape_low(old), std::countr_zero(game_->run_line(a.cards, suit)));
  return game_->run_shape(suit, low);
}

void State::add_wait(int player, int turns) {  // V6.4: waits add up, or the longest applies
  if (turns <= 0) return;
  const int now = drop_wait_[player];
  const int next = game_->rules().waits_add ? now + turns : std::max(now, turns);
  drop_wait_[player] = static_cast<std::uint8_t>(std::min(next, 255));
}

void State::note_hit(int hitter, int owner, bool in_turn) {
  const Rules& rules = game_->rules();
  hitters_ |= static_cast<std::uint8_t>(1u << hitter);  // V13f
  if (in_turn) hit_this_turn_ = true;                    // V3a, V19c
  if (owner == hitter) {                                 // V6.3
    // V6a joins the own hits of one turn: the player's own, or the discarder's slap after it (V21);
    // another player's slap onto their own spread is a wait of its own.
    const bool same_turn = in_turn || hitter == slap_from_;
    if (!(rules.round_hits_one_wait && same_turn && own_hit_waited_)) add_wait(hitter, rules.own_hit_wait);
    if (same_turn) own_hit_waited_ = true;
    return;
  }
  // V6.2, V14c; V6a: several hits between the owner's turns make one wait; V6c.
  const bool counted = (hit_pending_ >> owner) & 1;
  if (!(rules.round_hits_one_wait && counted)) {
    add_wait(owner, rules.hit_wait);
    if (rules.hit_blocks_going_out) out_wait_[owner] = 1;
  }
  hit_pending_ |= static_cast<std::uint8_t>(1u << owner);
}

void State::emptied_hand(bool by_discard) {
  const int p = current_;
  if (boobed()) {  // V12e: nobody goes out; the empty hand counts 0 and the turn ends
    end_turn(by_discard);
    return;
  }
  if (by_discard) {
    finish_going_out(EndReason::kOutByDiscard, p, game_->rules().out_by_discard_pays);  // S14
    return;
  }
  finish_going_out(EndReason::kTonkOut, p, going_out_pays());  // S13
}

void State::end_turn(bool discarded) {
  const Rules& rules = game_->rules();
  // V5a: play ends when the player who took the last stock card finishes that turn.
  if (rules.stock_end == StockEnd::kAfterLastDraw && stock_size() == 0) {
    finish_lowest_wins(EndReason::kStockExhausted, rules.stock_end_pays);
    return;
  }
  // I2: every hand terminates. Discards can be passed round for ever while the stock still has
  // cards, so the number of turns is bounded too. At that bound the stock has not run out, so play
  // ends as in S16 whatever the stock-end rule (V5, V12e speak of a stock that has run out); with
  // the stock empty the table's stock-end rule applies.
  if (turn_ >= rules.max_turns) {
    if (stock_size() > 0) {
      finish_lowest_wins(EndReason::kTurnLimit, rules.stock_end_pays);
    } else {
      finish_stock_end(EndReason::kTurnLimit);
    }
    return;
  }
  const int next = (current_ + 1) % rules.players;  // S8: clockwise
  if (discarded && rules.slapping != Slapping::kOff) {  // V21: a discard that fits a spread may be slapped
    for (int i = 0; i < num_spreads_; ++i) {
      if (slap_shape(i) != 0) {
        phase_ = Phase::kSlap;
        slap_from_ = current_;
        slap_step_ = 0;
        current_ = static_cast<std::uint8_t>(next);  // priority: clockwise from the discarder's left
        return;
      }
    }
  }
  begin_turn(next);
}

void State::resume_after_slap() { begin_turn((slap_from_ + 1) % game_->num_players()); }

void State::begin_turn(int player) {
  current_ = static_cast<std::uint8_t>(player);
  phase_ = Phase::kStartOfTurn;
  taken_discard_ = Card::none();
  ++turn_;
  // I3, I4: saturate rather than wrap, so a late turn never looks like a first turn.
  if (turns_of_[player] < UINT8_MAX) ++turns_of_[player];
  hit_this_turn_ = false;
  own_hit_waited_ = false;
  hit_cards_turn_ = 0;
  spreads_turn_ = 0;
  must_spread_taken_ = false;
  drop_blocked_ = drop_wait_[player] > 0;  // V6: this turn is one of the waiting turns
  if (drop_blocked_) --drop_wait_[player];
  out_blocked_ = out_wait_[player] > 0;  // V6c
  if (out_blocked_) --out_wait_[player];
  hit_pending_ &= static_cast<std::uint8_t>(~(1u << player));
}

}  // namespace tonk
