#include "tonk/wild_reading.h"

#include "tonk/action.h"

namespace tonk {

WildReading read_wild_cards(const Game& game, CardSet spread, std::uint8_t shape) {
  WildReading out;
  const CardSet wild = spread & game.wild_cards();
  if (wild.empty() || shape == 0) return out;
  auto add = [&](Card w, Rank rank, std::optional<Suit> suit) {
    if (out.size < static_cast<int>(out.items.size())) out.items[static_cast<std::size_t>(out.size++)] = {w, rank, suit};
  };
  if (shape_is_book(shape)) {
    const Rank rank = shape_rank(shape);
    for (Card w : wild)
      if (w.is_joker() || w.rank() != rank) add(w, rank, std::nullopt);
    return out;
  }
  if (!shape_is_run(shape)) return out;
  const Suit suit = shape_suit(shape);
  const int low = game.shape_low(shape);
  const Card deuce(Rank::kTwo, suit);
  // The places no card fills by standing for itself, from the lowest (the suit's own deuce there
  // is such a card).
  std::array<Rank, kNumRanks> open{};
  int num_open = 0;
  for (int pos = low; pos < low + spread.size(); ++pos) {
    const std::optional<Rank> rank = game.rank_at(pos);
    if (!rank) break;
    if (!spread.contains(Card(*rank, suit))) open[static_cast<std::size_t>(num_open++)] = *rank;
  }
  int next = 0;
  for (Card w : wild) {
    const bool in_own_place = w == deuce && game.run_position(Rank::kTwo) >= low &&
                              game.run_position(Rank::kTwo) < low + spread.size();
    if (in_own_place) continue;
    if (next < num_open) add(w, open[static_cast<std::size_t>(next++)], suit);
  }
  return out;
}

std::string stands_for_text(const StandIn& s) {
  return s.suit ? to_string(Card(s.rank, *s.suit)) : std::string(1, rank_char(s.rank));
}

}  // namespace tonk
