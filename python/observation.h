// The observation tensor of the Python module (docs/PYTHON.md, "The observation tensor"): what one
// player may know of a hand, as a flat float32 vector, written from that player's View alone (the
// State API and VectorEnv both build it with make_view). Tests check that the tensor does not change
// when the hidden cards are dealt again.
#pragma once

#include <array>
#include <span>

#include "tonk/game.h"
#include "tonk/view.h"

namespace tonk::py {

/// Number of card columns of each card plane: every card id (52 suited cards, up to 4 jokers).
inline constexpr int kCardColumns = kNumCardIds;

/// The size of the observation vector for a game of `players` seats (docs/PYTHON.md lists the parts).
int observation_size(int players);

/// Writes `view`'s observation into out (observation_size(view.num_players) floats). Everything
/// comes from the View (make_view decides what a seat may know; nothing here reads a State but the
/// View's public_state()). Seats are relative to the observer: seat offset k is the player k places
/// to the observer's left.
void encode_observation(const View& view, std::span<float> out);

}  // namespace tonk::py
