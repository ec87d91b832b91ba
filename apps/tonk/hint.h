// The `hint` command of `tonk play`: what the Monte Carlo bot would do in the person's place.
#pragma once

#include <cstdint>
#include <string>

#include "terminal.h"
#include "tonk/action.h"
#include "tonk/view.h"

namespace tonk::cli {

/// Worlds the hint searches per request (MonteCarloBot; about 10 ms on one core at 2 players).
inline constexpr int kHintWorlds = 200;
/// How many of the best actions the hint lists.
inline constexpr int kHintShown = 3;

/// Runs the Monte Carlo bot (kHintWorlds worlds, seeded with `seed`) on the person's `view` only, so
/// the hint knows no more than the person does, and returns the lines to print: the best kHintShown
/// legal actions in the notation the prompt accepts, each with its estimated value in stakes per
/// hand. `legal` must be the legal actions of `view`'s player, who is to move.
std::string hint_text(const View& view, const ActionList& legal, std::uint64_t seed, const Style& style);

}  // namespace tonk::cli
