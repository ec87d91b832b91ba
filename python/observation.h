// The observation tensor of the Python module (docs/PYTHON.md, "The observation tensor"): what one
// player may know of a hand, as a flat float32 vector. It is written from ObservationFacts, which
// hold only public facts and the player's own hand; they come from the player's View (the State
// API) or, for speed in VectorEnv, are read from the State field by field (facts_of_state, the one
// place that reads a State here: it takes only what the View would give). Tests check that the two
// agree and that the tensor does not change when hidden cards are dealt again.
#pragma once

#include <array>
#include <span>

#include "tonk/game.h"
#include "tonk/state.h"
#include "tonk/view.h"

namespace tonk::py {

/// Number of card columns of each card plane: every card id (52 suited cards, up to 4 jokers).
inline constexpr int kCardColumns = kNumCardIds;

/// What the observation is made of: public facts and one player's hand.
struct ObservationFacts {
  const Game* game = nullptr;
  int player = 0;
  int num_players = 0;
  int current_player = 0;
  Phase phase = Phase::kStartOfTurn;
  int turn = 0;
  CardSet hand;
  Card taken_discard = Card::none();  // own, this turn (I1)
  int num_spreads = 0;
  std::array<CardSet, kMaxSpreads> spreads{};
  std::array<int, kMaxSpreads> spread_owners{};
  std::array<std::uint8_t, kMaxSpreads> spread_shapes{};
  Card top_discard = Card::none();
  int discard_size = 0;
  CardSet discard_pile;
  int stock_size = 0;
  bool drop_blocked = false;
  bool out_blocked = false;
  bool boobed = false;
  int slap_discarder = 0;
  std::array<int, kMaxPlayers> hand_sizes{};
  std::array<CardSet, kMaxPlayers> known_cards{};
  std::array<int, kMaxPlayers> drop_wait{};
  std::array<int, kMaxPlayers> empty_stock_takes{};
  std::array<int, kMaxPlayers> turns_of{};
};

/// The facts of a View.
ObservationFacts facts_of_view(const View& view);
/// The same facts read from a State for `player`, without building a View (VectorEnv).
ObservationFacts facts_of_state(const State& state, int player);

/// The size of the observation vector for a game of `players` seats (docs/PYTHON.md lists the parts).
int observation_size(int players);

/// Writes the observation into out (observation_size(facts.num_players) floats). Seats are
/// relative to the observer: seat offset k is the player k places to the observer's left.
void encode_observation(const ObservationFacts& facts, std::span<float> out);

}  // namespace tonk::py
