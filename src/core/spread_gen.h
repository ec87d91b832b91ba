// Internal: enumerating the spreads that can be laid from a set of cards (S11, I5, V11).
#pragma once

#include <bit>
#include <cstdint>

#include "tonk/game.h"

namespace tonk::detail {

/// The cards of `suit` at the run positions in `line` (inverse of Game::run_line).
inline CardSet cards_on_line(const Game& game, Suit suit, std::uint32_t line) {
  // V11: run positions 7, 8, 9 are the J, Q, K (ranks 10, 11, 12).
  const std::uint64_t ranks =
      game.rules().deck == DeckKind::kForty ? (line & 0x7Fu) | ((line & 0x380u) << 3) : line;
  return CardSet(ranks << (static_cast<int>(suit) * kNumRanks));
}

/// The cards of one rank held in `cards`.
inline CardSet rank_cards(CardSet cards, Rank rank) {
  const std::uint64_t r = static_cast<std::uint64_t>(rank);
  const std::uint64_t m = (1ull << r) | (1ull << (r + 13)) | (1ull << (r + 26)) | (1ull << (r + 39));
  return CardSet(cards.mask() & m);
}

/// Calls f(CardSet spread) for every spread that can be laid from `cards`: every book of 3..book_max
/// cards of one rank, and every run of 3 or more consecutive cards of one suit. When `must` is not
/// empty, only spreads containing every card of `must` are visited.
template <class F>
void for_each_spread(const Game& game, CardSet cards, F&& f, CardSet must = {}) {
  const int book_max = game.rules().book_max;
  // Books.
  for (int r = 0; r < kNumRanks; ++r) {
    const CardSet same = rank_cards(cards, static_cast<Rank>(r));
    const int n = same.size();
    if (n < 3) continue;
    if (!must.empty() && !same.contains_all(must)) continue;
    const std::uint64_t m = same.mask();
    for (std::uint64_t sub = m; sub != 0; sub = (sub - 1) & m) {  // every subset of 3..book_max cards
      const int k = std::popcount(sub);
      if (k >= 3 && k <= book_max && CardSet(sub).contains_all(must)) f(CardSet(sub));
    }
  }
  // Runs.
  for (int s = 0; s < kNumSuits; ++s) {
    const Suit suit = static_cast<Suit>(s);
    const std::uint32_t line = game.run_line(cards, suit);
    if (std::popcount(line) < 3) continue;
    for (int lo = 0; lo < 13; ++lo) {
      if (!((line >> lo) & 1)) continue;
      std::uint32_t seg = 0;
      for (int hi = lo; hi < 13 && ((line >> hi) & 1); ++hi) {
        seg |= 1u << hi;
        if (hi - lo >= 2) {
          const CardSet run = cards_on_line(game, suit, seg);
          if (run.contains_all(must)) f(run);
        }
      }
    }
  }
}

}  // namespace tonk::detail
