// A session: a sequence of hands at one table with a running, zero-sum ledger (S17).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "tonk/hand.h"
#include "tonk/rng.h"

namespace tonk {

/// The cut for the first deal (S5, I7): each player's cut card and the dealer it gives.
struct Cut {
  /// Every round of cutting: rounds[0] has a card per player; later rounds hold cards only for the
  /// players who tied for the highest card (others are Card::none()).
  std::vector<std::array<Card, kMaxPlayers>> rounds;
  int dealer = 0;  ///< the player who cut highest (I7: ace low unless cut_ace_high; suits equal)
};

/// Cuts for the first dealer under `game`'s rules using `rng` (S5, I7). Ties for the highest cut
/// cut again, from a fresh shuffle, until one player is highest.
Cut cut_for_deal(const Game& game, Rng& rng);

class Session {
 public:
  /// A session of `game`, its randomness from `seed`. The first dealer is chosen by the cut
  /// (S5) unless `first_dealer` is a seat number (0..players-1).
  Session(const Game& game, std::uint64_t seed, int first_dealer = -1);

  const Game& game() const { return *game_; }
  const Cut& cut() const { return cut_; }
  /// The dealer of the next hand.
  int dealer() const { return dealer_; }
  int hands_played() const { return hands_played_; }
  /// Each player's net result so far, in stakes; sums to zero (S4, S17).
  const std::array<long long, kMaxPlayers>& ledger() const { return ledger_; }

  /// Shuffles and deals the next hand with the current dealer.
  Hand deal();
  /// Books a finished hand's payouts into the ledger and passes the deal clockwise, a void hand
  /// included (S17). Throws std::logic_error if the hand is not over.
  void finish(const Hand& hand);

 private:
  const Game* game_;
  Rng rng_;
  Cut cut_;
  int dealer_ = 0;
  int hands_played_ = 0;
  std::array<long long, kMaxPlayers> ledger_{};
};

}  // namespace tonk
