#include "tonk/session.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace tonk {

namespace {
// I7: the ace is low (1) and the king high (13), or the ace high (14); suits are equal.
int cut_rank(const Game& game, Card c) {
  const int r = static_cast<int>(c.rank()) + 1;
  return (r == 1 && game.rules().cut_ace_high) ? 14 : r;
}
}  // namespace

Cut cut_for_deal(const Game& game, Rng& rng) {
  const int n = game.num_players();
  Cut cut;
  std::uint32_t contenders = (1u << n) - 1;
  while (true) {
    std::vector<Card> deck = shuffled_deck(game, rng);
    std::array<Card, kMaxPlayers> round;
    round.fill(Card::none());
    std::size_t k = 0;
    int best = -1;
    for (int p = 0; p < n; ++p) {
      if (!((contenders >> p) & 1)) continue;
      round[p] = deck[k++];
      best = std::max(best, cut_rank(game, round[p]));
    }
    cut.rounds.push_back(round);
    std::uint32_t top = 0;
    for (int p = 0; p < n; ++p)
      if (round[p].valid() && cut_rank(game, round[p]) == best) top |= 1u << p;
    if (std::popcount(top) == 1) {  // S5: the highest card deals first
      cut.dealer = std::countr_zero(top);
      return cut;
    }
    contenders = top;  // I7: players tied for the highest cut cut again
  }
}

Session::Session(const Game& game, std::uint64_t seed, int first_dealer) : game_(&game), rng_(seed) {
  if (first_dealer >= game.num_players())
    throw std::invalid_argument("first dealer " + std::to_string(first_dealer) + " is not a seat (0.." +
                                std::to_string(game.num_players() - 1) + ")");
  if (first_dealer < 0) {
    cut_ = cut_for_deal(game, rng_);
    dealer_ = cut_.dealer;
  } else {
    dealer_ = first_dealer;
    cut_.dealer = first_dealer;
  }
}

Hand Session::deal() { return Hand(*game_, shuffled_deck(*game_, rng_), dealer_); }

void Session::finish(const Hand& hand) {
  if (!hand.is_over()) throw std::logic_error("Session::finish: the hand is not over");
  for (int p = 0; p < game_->num_players(); ++p) ledger_[p] += hand.outcome().payouts[p];
  ++hands_played_;
  dealer_ = (dealer_ + 1) % game_->num_players();  // S17: the deal passes clockwise, void hands too
}

}  // namespace tonk
