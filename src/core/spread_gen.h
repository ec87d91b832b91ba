// Internal: enumerating the spreads that can be laid from a set of cards (S11, I5, V11).
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

#include "tonk/game.h"

namespace tonk::detail {

/// The cards of `suit` at the run positions in `line` (inverse of Game::run_line).
inline CardSet cards_on_line(const Game& game, Suit suit, std::uint32_t line) {
  const std::uint64_t ranks = game.line_ranks(line);
  return CardSet(ranks << (static_cast<int>(suit) * kNumRanks));
}

/// V13a: the jokers are interchangeable (they count 0 and never stand for themselves), so of the
/// ways to use k of them only one is listed: the k lowest-numbered jokers held. True when the
/// jokers in `chosen` are that prefix of the jokers in `held`.
inline bool canonical_jokers(std::uint64_t chosen, std::uint64_t held) {
  const std::uint64_t jokers_held = held & CardSet::kJokerMask;
  std::uint64_t used = chosen & CardSet::kJokerMask;
  std::uint64_t prefix = 0;
  std::uint64_t rest = jokers_held;
  for (; used; used &= used - 1, rest &= rest - 1) prefix |= rest & (~rest + 1);
  return (chosen & CardSet::kJokerMask) == prefix;
}

/// The cards of one rank held in `cards`.
inline CardSet rank_cards(CardSet cards, Rank rank) {
  constexpr std::uint64_t kAces = 1ull | (1ull << 13) | (1ull << 26) | (1ull << 39);  // one bit per suit
  return CardSet(cards.mask() & (kAces << static_cast<int>(rank)));
}

/// The ranks (bit r for rank r) of which `cards` holds at least three natural cards: of the four
/// suits' rank lines, the bits set in at least three.
inline std::uint32_t ranks_held_thrice(CardSet cards) {
  const std::uint32_t a = cards.suit_ranks(Suit{0}), b = cards.suit_ranks(Suit{1});
  const std::uint32_t c = cards.suit_ranks(Suit{2}), d = cards.suit_ranks(Suit{3});
  return (a & b & (c | d)) | (c & d & (a | b));
}

/// Calls f(spread) or f(spread, shape) for every spread that can be laid from `cards`: every book of
/// 3..book_max cards of one rank, and every run of 3 or more consecutive cards of one suit; with wild
/// cards (V13a) every way of making one with them, each with its shape (0 when the spread has no
/// wild card, whose shape its cards tell). When `must` is not empty, only spreads containing every
/// card of `must` are visited.
template <class F>
void for_each_spread(const Game& game, CardSet cards, F&& f, CardSet must = {}) {
  auto emit = [&](CardSet s, std::uint8_t shape) {
    if constexpr (std::is_invocable_v<F, CardSet, std::uint8_t>) {
      f(s, shape);
    } else {
      (void)shape;
      f(s);
    }
  };
  const int book_max = game.rules().book_max;
  const CardSet wild = cards & game.wild_cards();
  if (wild.empty()) {
    // Books: only the ranks held three times or more are visited (in rank order, as before).
    for (std::uint32_t ranks = ranks_held_thrice(cards); ranks != 0; ranks &= ranks - 1) {
      const CardSet same = rank_cards(cards, static_cast<Rank>(std::countr_zero(ranks)));
      if (!must.empty() && !same.contains_all(must)) continue;
      const std::uint64_t m = same.mask();
      for (std::uint64_t sub = m; sub != 0; sub = (sub - 1) & m) {  // every subset of 3..book_max cards
        const int k = std::popcount(sub);
        if (k >= 3 && k <= book_max && CardSet(sub).contains_all(must)) emit(CardSet(sub), 0);
      }
    }
    // Runs.
    for (int s = 0; s < kNumSuits; ++s) {
      const Suit suit = static_cast<Suit>(s);
      const std::uint32_t line = game.run_line(cards, suit);
      if ((line & (line >> 1) & (line >> 2)) == 0) continue;  // no three consecutive positions
      for (int lo = 0; lo < 13; ++lo) {
        if (!((line >> lo) & 1)) continue;
        std::uint32_t seg = 0;
        for (int hi = lo; hi < 13 && ((line >> hi) & 1); ++hi) {
          seg |= 1u << hi;
          if (hi - lo >= 2) {
            const CardSet run = cards_on_line(game, suit, seg);
            if (run.contains_all(must)) emit(run, 0);
          }
        }
      }
    }
    return;
  }
  // V13a: wild cards stand for any card. Books: a rank with at least one card standing for itself.
  const std::uint64_t wm = wild.mask();
  for (int r = 0; r < kNumRanks; ++r) {
    const Rank rank = static_cast<Rank>(r);
    const CardSet natural = rank_cards(cards, rank);  // a deuce in a book of deuces stands for itself
    if (natural.empty()) continue;
    const std::uint64_t others = (wild - natural).mask();
    const std::uint64_t nm = natural.mask();
    for (std::uint64_t a = nm; a != 0; a = (a - 1) & nm) {
      for (std::uint64_t b = others;; b = (b - 1) & others) {
        const CardSet set(a | b);
        const int k = set.size();
        if (k >= 3 && k <= book_max && set.contains_all(must) && canonical_jokers(b, wm))
          emit(set, (set & game.wild_cards()).empty() ? 0 : shape_book(rank));
        if (b == 0) break;
      }
    }
  }
  // Runs: every range of positions, filled by natural cards of the suit and wild cards.
  const int top = game.top_run_position();
  const int num_wild = wild.size();
  for (int s = 0; s < kNumSuits; ++s) {
    const Suit suit = static_cast<Suit>(s);
    const std::uint32_t line = game.run_line(cards - wild, suit);
    const Card deuce(Rank::kTwo, suit);
    const int deuce_pos = game.run_position(Rank::kTwo);
    for (int lo = 0; lo + 2 <= top; ++lo) {
      for (int hi = lo + 2; hi <= top; ++hi) {
        const int len = hi - lo + 1;
        const std::uint32_t range = ((1u << (hi + 1)) - 1) & ~((1u << lo) - 1);
        const std::uint32_t in = line & range;
        if (std::popcount(in) + num_wild < len) continue;
        const std::uint64_t nm = cards_on_line(game, suit, in).mask();
        for (std::uint64_t a = nm;; a = (a - 1) & nm) {
          const int need = len - std::popcount(a);
          if (need >= 0 && need <= num_wild) {
            for (std::uint64_t b = wm;; b = (b - 1) & wm) {
              if (std::popcount(b) == need && canonical_jokers(b, wm)) {
                const CardSet set(a | b);
                const bool stands = a != 0 || (CardSet(b).contains(deuce) && deuce_pos >= lo && deuce_pos <= hi);
                if (stands && set.contains_all(must)) emit(set, b == 0 ? 0 : game.run_shape(suit, lo));
              }
              if (b == 0) break;
            }
          }
          if (a == 0) break;
        }
      }
    }
  }
}

}  // namespace tonk::detail
