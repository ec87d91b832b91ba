#include "tonk/game.h"

#include <algorithm>
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
  std::copy(deck_.begin(), deck_.end(), deck_cards_.begin());
  // The run order follows from the ranks in the deck: the ranks left out are one gap, skipped.
  top_pos_ = pos - 1;
  gap_ = kNumRanks - pos;
  gap_at_ = static_cast<int>(std::find(run_pos_.begin(), run_pos_.end(), -1) - run_pos_.begin());
  if (rules_.wild_cards == WildCards::kDeucesJokers)  // V13a: deuces and jokers are wild
    wild_ = (deck_.jokers() | detail::rank_cards(deck_, Rank::kTwo));
}

int Game::count(CardSet cards) const {
  int total = 0;
  for (Card c : cards) total += values_[c.id()];
  return total;
}

std::uint32_t Game::run_line(CardSet cards, Suit suit) const {
  const std::uint32_t ranks = cards.suit_ranks(suit);
  const std::uint32_t below = (1u << gap_at_) - 1;  // V11: the ranks above the gap move down
  return (ranks & below) | ((ranks >> gap_) & ~below);
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

bool Game::is_spread(CardSet cards) const {
  if (!has_wilds() || (cards & wild_).empty()) return is_book(cards) || is_run(cards);
  for (int r = 0; r < kNumRanks; ++r)
    if (fits(cards, shape_book(static_cast<Rank>(r)))) return true;
  for (int s = 0; s < kNumSuits; ++s)
    for (int low = 0; low <= top_pos_; ++low)
      if (fits(cards, run_shape(static_cast<Suit>(s), low))) return true;
  return false;
}

bool Game::can_hit(CardSet spread, CardSet cards) const {
  if (cards.empty() || !(spread & cards).empty()) return false;
  if (!has_wilds() || ((spread | cards) & wild_).empty()) {
    if (is_book(spread)) return is_book(spread | cards);  // S12: 3-card book to 4 (I5)
    if (is_run(spread)) return is_run(spread | cards);    // S12: extend a run at either end
    return false;
  }
  // V13a: try every shape the spread may have and every shape of the result. Only shapes the
  // spread itself can fit are tried (fits() refuses the others): its natural cards name the one
  // rank of a book and the one suit of a run; with none, a wild deuce standing for itself does.
  const CardSet natural = spread - wild_;
  if (!natural.jokers().empty()) return false;  // a joker that is not wild fits no shape
  const CardSet deuces = detail::rank_cards(spread & wild_, Rank::kTwo);
  const int first_rank = natural.empty() ? static_cast<int>(Rank::kTwo) : static_cast<int>(natural.first().rank());
  if (!natural.empty() || !deuces.empty()) {
    const std::uint8_t b = shape_book(static_cast<Rank>(first_rank));
    if (fits(spread, b) && fits(spread | cards, b)) return true;
  }
  const int first_suit = natural.empty() ? 0 : static_cast<int>(natural.first().suit());
  const int last_suit = natural.empty() ? kNumSuits - 1 : first_suit;
  for (int s = first_suit; s <= last_suit; ++s) {
    if (natural.empty() && !deuces.contains(Card(Rank::kTwo, static_cast<Suit>(s)))) continue;
    // The run's places low .. low+n-1 must hold the natural cards (or the deuce standing for itself).
    const std::uint32_t line = natural.empty() ? 1u << run_position(Rank::kTwo) : run_line(natural, static_cast<Suit>(s));
    const int n = spread.size();
    const int low_from = std::max(0, (31 - std::countl_zero(line)) - n + 1);
    const int low_to = std::min(std::countr_zero(line), top_pos_);
    for (int low = low_from; low <= low_to; ++low) {
      const std::uint8_t shape = run_shape(static_cast<Suit>(s), low);
      if (!fits(spread, shape)) continue;
      for (int new_low = std::max(0, low - cards.size()); new_low <= low; ++new_low)
        if (can_hit(spread, shape, cards, run_shape(static_cast<Suit>(s), new_low))) return true;
    }
  }
  return false;
}

std::uint8_t Game::run_shape(Suit suit, int low) const {
  const std::optional<Rank> rank = rank_at(low);
  return rank ? shape_run(suit, *rank) : std::uint8_t{0};
}

std::uint8_t Game::shape_of(CardSet cards) const {
  if (!(cards & wild_).empty()) return 0;
  if (is_book(cards)) return shape_book(cards.first().rank());
  if (is_run(cards)) {
    const Suit suit = cards.first().suit();
    return run_shape(suit, std::countr_zero(run_line(cards, suit)));
  }
  return 0;
}

bool Game::fits(CardSet cards, std::uint8_t shape) const {
  const int n = cards.size();
  if (n < 3 || !deck_.contains_all(cards)) return false;
  const CardSet wild = cards & wild_;
  const CardSet natural = cards - wild;
  if (shape_is_book(shape)) {
    const Rank rank = shape_rank(shape);
    if (n > rules_.book_max || detail::rank_cards(natural, rank) != natural) return false;  // jokers never fit
    // At least one card stands for itself: a natural card, or a deuce in a book of deuces.
    return !natural.empty() || !detail::rank_cards(wild, rank).empty();
  }
  if (!shape_is_run(shape)) return false;
  const Suit suit = shape_suit(shape);
  const int low = run_position(shape_rank(shape));
  const int high = low + n - 1;
  if (low < 0 || high > top_pos_) return false;
  const std::uint32_t line = run_line(natural, suit);
  if (std::popcount(line) != natural.size()) return false;  // a natural card of another suit (or a joker)
  const std::uint32_t range = ((1u << (high + 1)) - 1) & ~((1u << low) - 1);
  if ((line & ~range) != 0) return false;
  if (!natural.empty()) return true;
  // Only wild cards: a deuce of the suit in its own place stands for itself.
  const Card deuce(Rank::kTwo, suit);
  const int deuce_pos = run_position(Rank::kTwo);
  return wild.contains(deuce) && deuce_pos >= low && deuce_pos <= high;
}

bool Game::can_hit(CardSet spread, std::uint8_t shape, CardSet cards, std::uint8_t new_shape) const {
  if (cards.empty() || !(spread & cards).empty()) return false;
  const CardSet all = spread | cards;
  if (shape_is_book(shape)) return new_shape == shape && fits(all, shape);  // S12, I5
  if (!shape_is_run(shape) || !shape_is_run(new_shape) || shape_suit(new_shape) != shape_suit(shape)) return false;
  const int low = shape_low(shape);
  const int high = low + spread.size() - 1;
  const int new_low = shape_low(new_shape);
  const int new_high = new_low + all.size() - 1;
  if (new_low > low || new_high < high || !fits(all, new_shape)) return false;
  // A card added must go outside the run already laid: nothing on the table moves.
  const std::uint32_t added = run_line(cards - wild_, shape_suit(shape));
  const std::uint32_t old_range = ((1u << (high + 1)) - 1) & ~((1u << low) - 1);
  return (added & old_range) == 0;
}

int Game::spreads_in(CardSet cards, std::uint8_t shape) const {
  if (shape == 0) shape = shape_of(cards);
  const int n = cards.size();
  if (!shape_is_run(shape) || n < 6) return 1;  // I10: only a run of six or more splits in two
  const Suit suit = shape_suit(shape);
  const int low = shape_low(shape);
  // A part stands when it holds a natural card in its places, or the suit's deuce in its own place.
  const std::uint32_t natural = run_line(cards - wild_, suit);
  const Card deuce(Rank::kTwo, suit);
  const std::uint32_t own_deuce =
      has_wilds() && cards.contains(deuce) ? 1u << run_position(Rank::kTwo) : 0u;
  const std::uint32_t standing = natural | own_deuce;
  for (int k = 3; k <= n - 3; ++k) {  // the lower part takes run places low .. low+k-1
    const std::uint32_t lower = ((1u << (low + k)) - 1) & ~((1u << low) - 1);
    const std::uint32_t upper = ((1u << (low + n)) - 1) & ~((1u << (low + k)) - 1);
    if ((standing & lower) != 0 && (standing & upper) != 0) return 2;
  }
  return 1;
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

std::shared_ptr<const Game> make_game(const Rules& rules) { return std::make_shared<const Game>(rules); }

}  // namespace tonk
