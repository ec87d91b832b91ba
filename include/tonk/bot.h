// Bots: players that choose an action from a view and the legal actions.
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
};

/// The kinds of bot make_bot() knows.
std::span<const std::string_view> bot_kinds();

/// A new bot of the named kind, its decisions reproducible from `seed`. Throws std::invalid_argument
/// naming the kind when it is unknown.
std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t seed);

/// Plays `hand` to its end, asking bots[p] for player p's actions. bots.size() must equal the
/// number of players.
void play_out(Hand& hand, std::span<Bot* const> bots);

}  // namespace tonk
