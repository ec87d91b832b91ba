#include "opponent_model.h"

#include <cmath>
#include <cstdlib>

namespace tonk {

namespace {

// How much a card helps toward spreads in `hand`: partners of its rank, neighbours in its suit.
int potential(const Game& game, CardSet hand, Card c) {
  if (c.is_joker()) return 0;
  int score = 0;
  const int pos = game.run_position(c.rank());
  for (Card o : hand) {
    if (o == c || o.is_joker()) continue;
    if (o.rank() == c.rank()) score += 2;
    if (o.suit() == c.suit() && pos >= 0) {
      const int other = game.run_position(o.rank());
      const int gap = other >= 0 ? std::abs(other - pos) : 99;
      if (gap <= 2) score += gap == 1 ? 2 : 1;
    }
  }
  return score;
}

}  // namespace

OpponentModel::OpponentModel(const View& view) : game_(view.game), num_players_(view.num_players) {
  last_discard_.fill(Card::none());
  std::array<bool, kMaxPlayers> seen{};
  seen[static_cast<std::size_t>(view.player)] = true;
  // Each opponent's last move; it is evidence only when it is the discard that ended their turn
  // (otherwise, e.g. they acted out of turn since, their hand now is not their hand then less it).
  for (auto it = view.history.rbegin(); it != view.history.rend(); ++it) {
    const auto p = static_cast<std::size_t>(it->player);
    if (p >= static_cast<std::size_t>(num_players_) || seen[p]) continue;
    seen[p] = true;
    if (it->action.kind == ActionKind::kDiscard) {
      last_discard_[p] = it->action.card();
      informative_ = true;
    }
  }
  num_spreads_ = view.num_spreads;
  for (int i = 0; i < num_spreads_; ++i) spreads_[static_cast<std::size_t>(i)] = view.spreads[static_cast<std::size_t>(i)];
}

double OpponentModel::log_weight(const State& world) const {
  if (!informative_) return 0;
  const Game& game = *game_;
  double total = 0;
  for (int p = 0; p < num_players_; ++p) {
    const Card discard = last_discard_[static_cast<std::size_t>(p)];
    if (!discard.valid()) continue;
    const CardSet held = world.hand(p) | CardSet(discard);
    // How much discarding c appeals, in units of the temperature: 4 per point of value, less 3 per
    // unit of potential, less 20 for a card that fits a spread on the table.
    auto appeal = [&](Card c) {
      double s = 4.0 * game.value(c) - 3.0 * potential(game, held, c);
      for (int i = 0; i < num_spreads_; ++i)
        if (game.can_hit(spreads_[static_cast<std::size_t>(i)], CardSet(c))) {
          s -= 20;
          break;
        }
      return s / kDiscardTemperature;
    };
    double norm = 0;
    for (Card c : held) norm += std::exp(appeal(c));
    total += appeal(discard) - std::log(norm);
  }
  return total;
}

}  // namespace tonk
