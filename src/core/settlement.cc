// Settlement: how a hand ends and who pays what (S7, S13-S16, I2, I8, I9, V3-V5, V10, V12-V15).
#include <algorithm>
#include <bit>

#include "tonk/state.h"

namespace tonk {

void State::finish_dealt(int winner_mask, const std::array<int, kMaxPlayers>& pays) {
  const int n = game_->num_players();
  phase_ = Phase::kOver;
  fill_counts();
  if (winner_mask == 0) {
    outcome_.reason = EndReason::kVoidDeal;
    settle();
    return;
  }
  outcome_.reason = EndReason::kDealtTonk;
  outcome_.winners = static_cast<std::uint8_t>(winner_mask);
  outcome_.player = static_cast<std::int8_t>(std::countr_zero(static_cast<unsigned>(winner_mask)));
  for (int w = 0; w < n; ++w)
    if ((winner_mask >> w) & 1)
      for (int q = 0; q < n; ++q)
        if (q != w) pay(q, w, pays[w]);
  settle();
}
int State::going_out_pays() const {
  // The hand was emptied with no final discard (S13) by the player to move.
  const Rules& r = game_->rules();
  const int p = current_;
  int pays = r.tonk_out_pays;                                       // S13; I9: a later turn, one spread: 2x
  if (hit_this_turn_) {
    pays = r.hit_out_pays;                                          // V3a, I11: the going-out turn included a hit
  } else if (spreads_turn_ >= 2) {                                  // two spreads laid in this turn (I10)
    if (turns_of_[p] == 1 && r.first_turn_out_pays > 0) {
      pays = r.first_turn_out_pays;                                 // V10, V13h: on one's first turn
    } else if (turns_of_[p] > 1 && r.double_spread_out_pays > 0) {
      pays = r.double_spread_out_pays;                              // V13h, I9: on a later turn
    }
  }
  if (r.hit_breaks_double && ((hitters_ >> p) & 1)) pays = std::min(pays, r.out_by_discard_pays);  // V13f, I9
  return pays;
}

void State::fill_counts() {
  for (int p = 0; p < game_->num_players(); ++p) outcome_.counts[p] = showdown_count(p);
}

void State::finish_going_out(EndReason reason, int player, int pays) {
  phase_ = Phase::kOver;
  fill_counts();
  outcome_.reason = reason;
  outcome_.player = static_cast<std::int8_t>(player);
  outcome_.winners = static_cast<std::uint8_t>(1u << player);
  for (int q = 0; q < game_->num_players(); ++q)
    if (q != player) pay(q, player, pays);
  settle();
}

void State::finish_drop() {
  const Rules& rules = game_->rules();
  const int n = rules.players;
  const int d = current_;
  phase_ = Phase::kOver;
  fill_counts();
  const auto& counts = outcome_.counts;
  outcome_.player = static_cast<std::int8_t>(d);
  int low = 1 << 30;  // the lowest count among the others
  for (int q = 0; q < n; ++q)
    if (q != d && counts[q] < low) low = counts[q];
  if (counts[d] < low) {  // S15a: strictly the lowest
    outcome_.reason = EndReason::kDrop;
    outcome_.winners = static_cast<std::uint8_t>(1u << d);
    for (int q = 0; q < n; ++q)
      if (q != d) pay(q, d, rules.drop_pays);
    settle();
    return;
  }
  outcome_.reason = EndReason::kCaught;
  const int cd = counts[d];
  const int caught_pays = rules.caught_pays * (rules.caught_pays_per_player ? n : 1);  // V14d
  const int extra = rules.caught_lowest_pays;
  auto lowest = [&](int q) { return q != d && counts[q] == low; };
  for (int q = 0; q < n; ++q)
    if (lowest(q)) outcome_.winners |= static_cast<std::uint8_t>(1u << q);
  switch (rules.caught_payout) {
    case CaughtPayout::kStandard:  // S15b
    case CaughtPayout::kCzech:     // V4.6: the extra only from counts above the dropper's
      for (int q = 0; q < n; ++q) {
        if (q == d) continue;
        if (counts[q] <= cd) pay(d, q, caught_pays);
        if (!lowest(q)) continue;
        for (int o = 0; o < n; ++o) {
          if (o == d || counts[o] <= low) continue;
          if (rules.caught_payout == CaughtPayout::kCzech && counts[o] <= cd) continue;
          pay(o, q, extra);
        }
      }
      break;
    case CaughtPayout::kLowestDouble:  // V4.1
      for (int q = 0; q < n; ++q) {
        if (!lowest(q)) continue;
        pay(d, q, caught_pays);
        for (int o = 0; o < n; ++o)
          if (o != d && !lowest(o)) pay(o, q, extra);
      }
      break;
    case CaughtPayout::kDropperPaysLowest: {  // V4.2 [I]: on behalf of the n-1 others (or n-2, the dropper aside)
      const int others = rules.caught_for_dropper_too ? n - 1 : n - 2;
      for (int q = 0; q < n; ++q)
        if (lowest(q)) pay(d, q, extra * others);
      break;
    }
    case CaughtPayout::kEqualOrLowerAndLowest:  // V4.3
      for (int q = 0; q < n; ++q) {
        if (q == d) continue;
        if (counts[q] <= cd) pay(d, q, caught_pays);
        if (!lowest(q)) continue;
        for (int o = 0; o < n; ++o)
          if (o != q && !lowest(o)) pay(o, q, extra);  // the dropper included
      }
      break;
    case CaughtPayout::kDropperPaysAll:  // V4.4
      for (int q = 0; q < n; ++q)
        if (q != d) pay(d, q, caught_pays);
      break;
    case CaughtPayout::kLowestNearest: {  // V4.5: one lowest player, the nearest the dealer's left
      for (int i = 1; i <= n; ++i) {
        const int q = (dealer_ + i) % n;
        if (lowest(q)) {
          outcome_.winners = static_cast<std::uint8_t>(1u << q);
          pay(d, q, caught_pays);
          break;
        }
      }
      break;
    }
    case CaughtPayout::kCatchersOnly:  // V12d
      for (int q = 0; q < n; ++q)
        if (q != d && counts[q] <= cd) pay(d, q, caught_pays);
      break;
    case CaughtPayout::kLowestOnly:  // V13g, V14d
      for (int q = 0; q < n; ++q)
        if (lowest(q)) pay(d, q, caught_pays);
      break;
  }
  settle();
}

void State::finish_stock_end(EndReason reason) {
  const Rules& rules = game_->rules();
  switch (rules.stock_end) {
    case StockEnd::kLowestWins:
    case StockEnd::kAfterLastDraw: finish_lowest_wins(reason, rules.stock_end_pays); return;  // S16, V5a
    case StockEnd::kDead:  // V5
      phase_ = Phase::kOver;
      fill_counts();
      outcome_.reason = EndReason::kDeadHand;
      outcome_.player = static_cast<std::int8_t>(current_);
      settle();
      return;
    case StockEnd::kLowestAsDrop: {  // V12e: the lowest wins as a drop; a tie is a dead hand
      fill_counts();
      const int n = rules.players;
      const int low = *std::min_element(outcome_.counts.begin(), outcome_.counts.begin() + n);
      if (std::count(outcome_.counts.begin(), outcome_.counts.begin() + n, low) > 1) {
        phase_ = Phase::kOver;
        outcome_.reason = EndReason::kDeadHand;
        outcome_.player = static_cast<std::int8_t>(current_);
        settle();
        return;
      }
      finish_lowest_wins(reason, rules.drop_pays);
      return;
    }
  }
}

void State::finish_lowest_wins(EndReason reason, int pays) {
  const int n = game_->num_players();
  phase_ = Phase::kOver;
  fill_counts();
  const auto& counts = outcome_.counts;
  outcome_.reason = reason;
  outcome_.player = static_cast<std::int8_t>(current_);
  const int low = *std::min_element(counts.begin(), counts.begin() + n);
  // S16: the lowest count receives from every other player; tied lowest each receive from every
  // player with a higher count.
  for (int w = 0; w < n; ++w) {
    if (counts[w] != low) continue;
    outcome_.winners |= static_cast<std::uint8_t>(1u << w);
    for (int o = 0; o < n; ++o)
      if (counts[o] > low) pay(o, w, pays);
  }
  settle();
}

void State::settle() {
  outcome_.first_book = first_book_;
  if (game_->rules().scoring != Scoring::kPushups) return;
  // V15: no stakes change hands; the winner scores nothing and each loser the count left in hand,
  // doubled after a double win (a tonk out or a dealt tonk). A void or dead hand scores nothing.
  const int n = game_->num_players();
  const bool void_hand = outcome_.reason == EndReason::kVoidDeal || outcome_.reason == EndReason::kDeadHand;
  const bool double_win = outcome_.reason == EndReason::kTonkOut || outcome_.reason == EndReason::kDealtTonk;
  for (int p = 0; p < n; ++p) {
    outcome_.payouts[p] = 0;
    outcome_.points[p] = void_hand || outcome_.is_winner(p) ? 0 : outcome_.counts[p] * (double_win ? 2 : 1);
  }
}

}  // namespace tonk
