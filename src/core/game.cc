#include "tonk/game.h"

#include <bit>

#include "spread_gen.h"
#include "tonk/rule_options.h"

namespace tonk {

Game::Game(const Rules& rules) : rules_(rules) {
  validate(rules_);
  const bool forty = rules_.deck == DeckKind::kForty;
  int pos = 0;
  for (int r = 0; r < kNumRanks; ++r) {
    const bool in_deck = !(forty && r >= static_cast<int>(Rank::kEight) && r <= static_cast<int>(Rank::kTen));
    run_pos_[r] = static_cast<std::int8_t>(in_deck ? pos++ : -1);
    for (int s = 0; s < kNumSuits; ++s) {
      const Card c(static_cast<Rank>(r), static_cast<Suit>(s));
      int v = r + 1;                                                       // S3: ace 1, 2..10 face value
      if (r >= static_cast<int>(Rank::kJack)) v = rules_.face_values == FaceValues::kRanked ? r + 1 : 10;  // S3 / V17
      values_[c.id()] = static_cast<std::int8_t>(v);
      if (in_deck) deck_.insert(c);
    }
  }
  for (int k = 0; k < kMaxJokers; ++k) values_[Card::joker(k).id()] = 0;  // V16: jokers count 0
  for (int k = 0; k < rules_.jokers; ++k) deck_.insert(Card::joker(k));      // V16, V13a
}

int Game::count(CardSet cards) const {
  int total = 0;
  for (Card c : cards) total += values_[c.id()];
  return total;
}

std::uint32_t Game::run_line(CardSet cards, Suit suit) const {
  const std::uint32_t ranks = cards.suit_ranks(suit);
  if (rules_.deck == DeckKind::kForty) return (ranks & 0x7Fu) | ((ranks >> 3) & 0x380u);  // V11
  return ranks;
}

bool Game::is_book(CardSet cards) const {
  const int n = cards.size();
  if (n < 3 || n > rules_.book_max || !cards.jokers().empty()) return false;  // S11, I5, V16
  return detail::rank_cards(cards, cards.first().rank()) == cards;
}

bool Game::is_run(CardSet cards) const {
  if (cards.size() < 3 || !cards.jokers().empty() || !deck_.contains_all(cards)) return false;
  const Suit suit = cards.first().suit();
  const std::uint32_t line = run_line(cards, suit);
  if (std::popcount(line) != cards.size()) return false;  // some card of another suit
  const std::uint32_t shifted = line >> std::countr_zero(line);
  return (shifted & (shifted + 1)) == 0;  // consecutive, ace low only (S11)
}

bool Game::can_hit(CardSet spread, CardSet cards) const {
  if (cards.empty() || !(spread & cards).empty()) return false;
  if (is_book(spread)) return is_book(spread | cards);  // S12: 3-card book to 4 (I5)
  if (is_run(spread)) return is_run(spread | cards);    // S12: extend a run at either end
  return false;
}

namespace {
// Largest value that can be laid from `hand` in disjoint spreads (exhaustive; hands are small).
int best_laid(const Game& game, CardSet hand) {
  // Only cards that can be part of some spread matter; pick the lowest such card and branch on
  // whether it is laid (in each spread containing it) or kept.
  CardSet spreadable;
  detail::for_each_spread(game, hand, [&](CardSet s) { spreadable |= s; });
  if (spreadable.empty()) return 0;
  const Card c = spreadable.first();
  int best = best_laid(game, spreadable - CardSet(c));  // c stays in hand
  detail::for_each_spread(
      game, spreadable,
      [&](CardSet s) {
        const int v = game.count(s) + best_laid(game, spreadable - s);
        if (v > best) best = v;
      },
      CardSet(c));
  return best;
}
}  // namespace

int Game::lowest_count(CardSet hand) const { return count(hand) - best_laid(*this, hand); }

}  // namespace tonk
