#include "spread_text.h"

#include <vector>

#include "tonk/action.h"
#include "tonk/wild_reading.h"

namespace tonk::cli {

namespace {

const char* suit_word(Suit s) {
  static constexpr const char* kWords[] = {"club", "diamond", "heart", "spade"};
  return kWords[static_cast<int>(s)];
}

}  // namespace

std::string spread_text(const Game& game, CardSet spread, std::uint8_t shape, const Style& style) {
  const WildReading reading = read_wild_cards(game, spread, shape);  // V13a: the engine's reading
  if (reading.size == 0) return style.cards(spread);
  CardSet stand_ins;
  for (const StandIn& s : reading) stand_ins.insert(s.wild);
  std::vector<std::string> parts;
  if (shape_is_book(shape)) {
    for (Card c : spread - stand_ins) parts.push_back(style.card(c));
    for (const StandIn& s : reading) parts.push_back("[" + style.card(s.wild) + "=" + rank_char(s.rank) + "]");
  } else {
    const Suit suit = shape_suit(shape);
    const int low = game.shape_low(shape);
    for (int pos = low; pos < low + spread.size(); ++pos) {
      const auto rank = game.rank_at(pos);
      if (!rank) break;
      const Card here(*rank, suit);
      if (spread.contains(here)) {
        parts.push_back(style.card(here));
        continue;
      }
      for (const StandIn& s : reading)
        if (s.rank == *rank) parts.push_back("[" + style.card(s.wild) + "=" + style.card(here) + "]");
    }
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : " ") + p;
  return out;
}

std::string shape_problem(const Game& game, CardSet cards, std::uint8_t shape) {
  if (shape == 0 || game.fits(cards, shape)) return "";
  const std::string name = shape_text(shape);
  const CardSet wild = cards & game.wild_cards();
  const CardSet natural = cards - wild;
  const int n = cards.size();
  if (n < 3) return "V13a: a spread has at least 3 cards, and " + to_string(cards) + " is " + std::to_string(n);
  if (shape_is_book(shape)) {
    const Rank rank = shape_rank(shape);
    if (n > game.rules().book_max)
      return "V13a, I5: " + name + " is a book of at most " + std::to_string(game.rules().book_max) + " cards, not " +
             std::to_string(n);
    for (Card c : natural)
      if (c.is_joker() || c.rank() != rank)
        return "V13a: " + name + " is a book of " + std::string(1, rank_char(rank)) + "s, and " + to_string(c) +
               " is not one (a wild card may stand for one)";
    return "V13a: " + name + " needs at least one real " + std::string(1, rank_char(rank)) +
           " (wild cards alone make no book)";
  }
  const Suit suit = shape_suit(shape);
  const int low = game.shape_low(shape);
  const int high = low + n - 1;
  if (low < 0) return "V13a: " + name + " starts at a rank this deck does not have";
  if (!game.rank_at(high))
    return "V13a: " + name + " with " + std::to_string(n) + " cards would run past the top of the suit; start it lower";
  std::string covered;
  for (int pos = low; pos <= high; ++pos) covered += (covered.empty() ? "" : " ") + to_string(Card(*game.rank_at(pos), suit));
  for (Card c : natural)
    if (c.is_joker() || c.suit() != suit)
      return "V13a: " + name + " is a run of " + suit_word(suit) + "s, and " + to_string(c) + " is not a " + suit_word(suit);
  std::string outside;
  for (Card c : natural) {
    const int pos = game.run_position(c.rank());
    if (pos < low || pos > high) outside += (outside.empty() ? "" : " ") + to_string(c);
  }
  if (!outside.empty())
    return "V13a: " + name + " with " + std::to_string(n) + " cards is " + covered + "; " + outside +
           (outside.size() > 2 ? " are" : " is") + " outside it (name the lowest card of the run)";
  return "V13a: the cards do not make " + name + " (" + covered + ")";
}

}  // namespace tonk::cli
