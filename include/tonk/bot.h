// The Bot interface: a player that chooses an action from its view and the legal actions. The bots
// themselves (random, greedy, Monte Carlo) are in the tonk_bots library: bot_factory.h.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "tonk/action.h"
#include "tonk/hand.h"
#include "tonk/view.h"

namespace tonk {

class Bot {
 public:
  virtual ~Bot() = default;
  /// The bot's kind, as accepted by make_bot ("random", "greedy").
  virtual std::string_view name() const = 0;
  /// Chooses one of `legal` (never empty) for the player whose view this is. Bots see only the view.
  virtual Action choose(const View& view, const ActionList& legal) = 0;
  /// Optional: a bot that picks an entry of `legal` may say which one, as an index 0..legal.size()-1,
  /// making the same choice (and drawing the same random numbers) as choose(). A Table then applies
  /// that entry with no search of the list. -1, the default, means "ask choose()".
  virtual int choose_index(const View& /*view*/, const ActionList& /*legal*/) { return -1; }
  /// False when choose() reads nothing of its view but the legal actions (the uniform-random bot):
  /// a Table then spares itself building the view and passes one without cards, holding only the
  /// game, the seat, the dealer, the player to move and the phase. True by default.
  virtual bool reads_view() const { return true; }
};

/// Plays `hand` to its end, asking bots[p] for player p's actions. bots.size() must equal the
/// number of players.
void play_out(Hand& hand, std::span<Bot* const> bots);

}  // namespace tonk
