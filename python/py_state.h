// The C++ side of the Python module's Game and State (docs/PYTHON.md): a rule set with its action
// codec, shared by every state played under it, and a state with its public history.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tonk/action_codec.h"
#include "tonk/game.h"
#include "tonk/state.h"
#include "tonk/view.h"

namespace tonk::py {

/// A rule set and its codec. The State objects point into `game`, so every Python state keeps a
/// shared_ptr to this.
struct GameData {
  std::shared_ptr<const Game> game;
  ActionCodec codec;
  std::string preset;
  explicit GameData(std::shared_ptr<const Game> g, std::string preset_name)
      : game(std::move(g)), codec(*game), preset(std::move(preset_name)) {}
};

/// One hand in play: the engine's State, the public history, and the deck order when it is known
/// (a state from new_initial_state, not one from resample_from_view), for records.
struct PyState {
  std::shared_ptr<const GameData> data;
  State state;
  std::vector<Move> history;
  std::vector<int> codes;  ///< the history as action codes
  std::vector<Card> deck;  ///< empty when not known
  int dealer = 0;

  View view(int player) const { return make_view(state, player, history); }
  /// The legal actions' codes, ascending.
  std::vector<int> legal_codes() const;
  /// Applies a code; throws IllegalActionError (a ValueError) naming the rule broken.
  void apply_code(int code);
};

/// The action a code names here, as text; "#N" for a code that names nothing in this state.
std::string code_to_string(const PyState& s, int code);

}  // namespace tonk::py
