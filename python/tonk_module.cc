// The `tonk` Python module (docs/PYTHON.md): an OpenSpiel-style Game/State API over the engine, the
// bots, and a batched environment (vector_env.h). pybind11 is used only here.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "observation.h"
#include "py_state.h"
#include "tonk/bot_factory.h"
#include "tonk/expert_bot.h"
#include "tonk/hand.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/preset.h"
#include "tonk/record.h"
#include "tonk/rng.h"
#include "tonk/rule_options.h"
#include "tonk/view_json.h"
#include "vector_env.h"

namespace py = pybind11;

namespace tonk::py {

namespace {

/// OpenSpiel's current_player() of a terminal state.
constexpr int kTerminalPlayer = -4;

struct IllegalActionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::shared_ptr<const GameData> make_game_data(const std::string& preset, int players, const pybind11::kwargs& options) {
  try {
    Rules rules = preset_or_throw(preset).rules;
    rules.players = players;
    for (const auto& [key, value] : options) {
      const std::string name = pybind11::str(key);
      std::string text;
      if (pybind11::isinstance<pybind11::bool_>(value)) text = value.cast<bool>() ? "true" : "false";
      else text = pybind11::str(value);
      set_option(rules, name, text);
    }
    auto game = make_game(rules);  // shared by the GameData and the Hands of to_record
    return std::make_shared<const GameData>(std::move(game), preset_or_throw(preset).name);
  } catch (const RuleError& e) {
    throw pybind11::value_error(e.what());
  }
}

constexpr const char* kPhaseNames[] = {"start of turn", "after draw", "over", "slap", "slap discard"};

// The view as the engine's one JSON document (docs/VIEW_JSON.md, tonk.view/1), read into Python
// values: the same words the server and the CLI use.
pybind11::object view_dict(const View& v) { return pybind11::module_::import("json").attr("loads")(to_json(v)); }

std::string view_text(const View& v, bool with_history) {
  std::ostringstream out;
  out << "player " << v.player << " | to move " << v.current_player << " (" << kPhaseNames[static_cast<int>(v.phase)]
      << ") | turn " << v.turn << "\nhand: " << to_string(v.hand) << " (count " << v.count() << ")\n";
  out << "hand sizes:";
  for (int p = 0; p < v.num_players; ++p) out << ' ' << v.hand_sizes[p];
  out << "\n";
  for (int p = 0; p < v.num_players; ++p)
    if (p != v.player && !v.known_cards[p].empty()) out << "known in " << p << ": " << to_string(v.known_cards[p]) << "\n";
  for (int i = 0; i < v.num_spreads; ++i)
    out << "spread " << i << " (" << v.spread_owners[i] << "): " << to_string(v.spreads[i]) << ' '
        << shape_text(v.spread_shapes[i]) << "\n";
  out << "discard: " << to_string(v.top_discard) << " (" << v.discard_size << " in pile) | stock " << v.stock_size << "\n";
  if (with_history) {
    out << "history:";
    for (const Move& m : v.history) out << " " << m.player << ":" << to_string(m.action) << ";";
    out << "\n";
  }
  if (v.outcome.reason != EndReason::kNone) out << "over: " << to_string(v.outcome.reason) << "\n";
  return out.str();
}

std::vector<double> returns_of(const PyState& s) {
  const int n = s.data->game->num_players();
  std::vector<double> out(static_cast<std::size_t>(n), 0.0);
  if (!s.state.is_over()) return out;
  const Outcome& o = s.state.outcome();
  const bool pushups = s.data->game->rules().scoring == Scoring::kPushups;
  for (int p = 0; p < n; ++p) out[static_cast<std::size_t>(p)] = pushups ? -o.points[p] : o.payouts[p];
  return out;
}

int player_or_current(const PyState& s, std::optional<int> player) {
  const int p = player.value_or(s.state.current_player());
  if (p < 0 || p >= s.data->game->num_players())
    throw pybind11::value_error("player " + std::to_string(p) + " is not a seat of this game (0.." +
                                std::to_string(s.data->game->num_players() - 1) + ")");
  return p;
}

PyState new_state(const std::shared_ptr<const GameData>& data, std::uint64_t seed, int dealer) {
  const Game& game = *data->game;
  if (dealer < 0 || dealer >= game.num_players())
    throw pybind11::value_error("dealer " + std::to_string(dealer) + " is not a seat of this game");
  Rng rng(seed);
  std::vector<Card> deck = shuffled_deck(game, rng);
  PyState s{data, State::deal(game, deck, dealer), {}, {}, deck, dealer};
  return s;
}

}  // namespace

std::vector<int> PyState::legal_codes() const {
  ActionList legal;
  state.legal_actions(legal);
  std::vector<int> out;
  out.reserve(static_cast<std::size_t>(legal.size()));
  for (const Action& a : legal) out.push_back(data->codec.encode(state, a));
  std::sort(out.begin(), out.end());
  return out;
}

void PyState::apply_code(int code) {
  const auto action = data->codec.decode(state, code);
  if (!action) {
    throw IllegalActionError("S9: action " + std::to_string(code) +
                             (code < 0 || code >= data->codec.num_distinct_actions()
                                  ? " is out of range [0, " + std::to_string(data->codec.num_distinct_actions()) + ")"
                                  : " names no action in this state (see docs/PYTHON.md, the action codec)"));
  }
  if (const auto refusal = state.why_illegal(*action))
    throw IllegalActionError(refusal->text() + " (action " + std::to_string(code) + ": " + to_string(*action) + ")");
  const int player = state.current_player();
  state.apply(*action);
  history.push_back({player, *action});
  codes.push_back(code);
}

std::string code_to_string(const PyState& s, int code) {
  const auto a = s.data->codec.decode(s.state, code);
  return a ? to_string(*a) : "#" + std::to_string(code);
}

}  // namespace tonk::py

PYBIND11_MODULE(tonk, m) {
  using namespace tonk;
  using namespace tonk::py;
  m.doc() = "Tonk (Tunk), the knock-rummy card game: an OpenSpiel-style API over the tonk engine. See docs/PYTHON.md.";
  pybind11::register_exception<IllegalActionError>(m, "IllegalActionError", PyExc_ValueError);
  m.attr("TERMINAL") = kTerminalPlayer;
  m.attr("NATURAL_ACTIONS") = ActionCodec::kNaturalActions;

  pybind11::class_<GameData, std::shared_ptr<GameData>>(m, "Game")
      .def(pybind11::init([](const std::string& preset, int players, const pybind11::kwargs& options) {
             return std::const_pointer_cast<GameData>(make_game_data(preset, players, options));
           }),
           pybind11::arg("preset") = "P-STD", pybind11::arg("players") = 2,
           "A rule set: a preset (RULES.md §3) with any rule option overridden by name (`tonk rules` lists them).")
      .def("num_distinct_actions", [](const GameData& g) { return g.codec.num_distinct_actions(); })
      .def("num_players", [](const GameData& g) { return g.game->num_players(); })
      .def("observation_tensor_shape", [](const GameData& g) { return std::vector<int>{observation_size(g.game->num_players())}; })
      .def("observation_tensor_size", [](const GameData& g) { return observation_size(g.game->num_players()); })
      .def("max_game_length", [](const GameData& g) {
        // I2 bounds a hand by max_turns; a turn takes at most hand_size + 3 actions, plus slap windows (V21).
        const Rules& r = g.game->rules();
        return (r.max_turns + 1) * (r.hand_size + 3 + (r.slapping != Slapping::kOff ? 2 * r.players : 0));
      })
      .def("preset", [](const GameData& g) { return g.preset; })
      .def("options", [](const GameData& g) {
        pybind11::dict d;
        for (const OptionSpec& o : rule_options()) d[pybind11::str(std::string(o.name))] = o.format(o.get(g.game->rules()));
        return d;
      }, "Every rule option as name -> value text (the rule line of a record).")
      .def("new_initial_state", [](const std::shared_ptr<GameData>& g, std::uint64_t seed, int dealer) {
             return new_state(g, seed, dealer);
           },
           pybind11::arg("seed") = 0, pybind11::arg("dealer") = 0,
           "A freshly dealt hand: the deck shuffled from `seed`; seat `dealer` deals (S6).")
      .def("__repr__", [](const GameData& g) {
        return "tonk.Game(preset='" + g.preset + "', players=" + std::to_string(g.game->num_players()) + ")";
      });

  pybind11::class_<PyState>(m, "State")
      .def("current_player", [](const PyState& s) { return s.state.is_over() ? kTerminalPlayer : s.state.current_player(); })
      .def("is_terminal", [](const PyState& s) { return s.state.is_over(); })
      .def("is_chance_node", [](const PyState&) { return false; })
      .def("is_simultaneous_node", [](const PyState&) { return false; })
      .def("legal_actions", [](const PyState& s, std::optional<int> player) {
             if (player && (s.state.is_over() || *player != s.state.current_player())) return std::vector<int>{};
             return s.legal_codes();
           },
           pybind11::arg("player") = pybind11::none())
      .def("legal_actions_mask", [](const PyState& s, std::optional<int> player) {
             pybind11::array_t<std::int8_t> mask(s.data->codec.num_distinct_actions());
             std::fill(mask.mutable_data(), mask.mutable_data() + mask.size(), 0);
             if (!player || (!s.state.is_over() && *player == s.state.current_player()))
               for (int c : s.legal_codes()) mask.mutable_data()[c] = 1;
             return mask;
           },
           pybind11::arg("player") = pybind11::none())
      .def("action_to_string", [](const PyState& s, int action) { return code_to_string(s, action); })
      .def("action_to_string", [](const PyState& s, int, int action) { return code_to_string(s, action); })
      .def("string_to_action", [](const PyState& s, const std::string& text) {
        std::string error;
        const auto a = parse_action(text, &error);
        if (!a) throw pybind11::value_error("not an action: '" + text + "': " + error);
        const int code = s.data->codec.encode(s.state, s.state.normalize(*a));
        if (code < 0) throw pybind11::value_error("'" + text + "' names no action in this state");
        return code;
      })
      .def("string_to_action", [](const PyState& s, int, const std::string& text) {
        std::string error;
        const auto a = parse_action(text, &error);
        if (!a) throw pybind11::value_error("not an action: '" + text + "': " + error);
        const int code = s.data->codec.encode(s.state, s.state.normalize(*a));
        if (code < 0) throw pybind11::value_error("'" + text + "' names no action in this state");
        return code;
      })
      .def("apply_action", &PyState::apply_code, pybind11::arg("action"),
           "Applies an action code; raises IllegalActionError (a ValueError) whose message starts with the rule ID.")
      .def("returns", &returns_of, "Each player's net result of the hand in the table's scoring unit (S4, V12c, V14a; "
                                   "V15: minus the push-up points); zeros until the hand is over.")
      .def("rewards", &returns_of)
      .def("history", [](const PyState& s) { return s.codes; })
      .def("move_number", [](const PyState& s) { return static_cast<int>(s.codes.size()); })
      .def("clone", [](const PyState& s) { return s; })
      .def("__copy__", [](const PyState& s) { return s; })
      .def("__deepcopy__", [](const PyState& s, pybind11::dict) { return s; })
      .def("get_game", [](const PyState& s) { return std::const_pointer_cast<GameData>(s.data); })
      .def("observation_tensor", [](const PyState& s, std::optional<int> player) {
             const int p = player_or_current(s, player);
             pybind11::array_t<float> out(observation_size(s.data->game->num_players()));
             encode_observation(s.view(p), std::span<float>(out.mutable_data(), static_cast<std::size_t>(out.size())));
             return out;
           },
           pybind11::arg("player") = pybind11::none())
      .def("observation_string", [](const PyState& s, std::optional<int> player) {
             return view_text(s.view(player_or_current(s, player)), false);
           },
           pybind11::arg("player") = pybind11::none())
      .def("information_state_string", [](const PyState& s, std::optional<int> player) {
             return view_text(s.view(player_or_current(s, player)), true);
           },
           pybind11::arg("player") = pybind11::none())
      .def("view", [](const PyState& s, std::optional<int> player) { return view_dict(s.view(player_or_current(s, player))); },
           pybind11::arg("player") = pybind11::none())
      .def("resample_from_view", [](const PyState& s, int player, std::uint64_t seed) {
             const int p = player_or_current(s, player);
             Rng rng(seed);
             PyState out = s;
             const View v = s.view(p);
             out.state = resample_from_view(v, rng);
             out.deck.clear();  // the deck order of a resampled hand is not known
             return out;
           },
           pybind11::arg("player"), pybind11::arg("seed"),
           "A state consistent with everything `player` knows, hidden cards dealt at random (determinization).")
      .def("to_record", [](const PyState& s, std::optional<std::vector<std::string>> seats) {
             if (s.deck.empty()) throw pybind11::value_error("a resampled state has no deck order to record");
             Hand hand(s.data->game, s.deck, s.dealer);  // shares the Game (make_game style)
             for (const Move& m : s.history) hand.apply(m.action);
             std::vector<std::string> names = seats.value_or(std::vector<std::string>{});
             if (!seats)
               for (int p = 0; p < s.data->game->num_players(); ++p) names.push_back("python" + std::to_string(p));
             try {
               return write_record(make_record(hand, names, 1));
             } catch (const std::invalid_argument& e) {
               throw pybind11::value_error(e.what());
             }
           },
           pybind11::arg("seats") = pybind11::none(), "The hand as a record (docs/RECORDS.md), for `tonk replay`.")
      .def("__str__", [](const PyState& s) {
        std::ostringstream out;
        for (int p = 0; p < s.data->game->num_players(); ++p) out << "seat " << p << ": " << to_string(s.state.hand(p)) << "\n";
        out << view_text(s.view(s.state.current_player()), false);
        return out.str();
      });

  pybind11::class_<Bot>(m, "Bot")
      .def(pybind11::init([](const std::string& kind, std::uint64_t seed) {
             try {
               return make_bot(kind, seed);
             } catch (const std::invalid_argument& e) {
               throw pybind11::value_error(e.what());
             }
           }),
           pybind11::arg("kind"), pybind11::arg("seed") = 0, "A bot: 'random', 'greedy' or 'mc:N' (docs/BOTS.md).")
      .def("name", [](const Bot& b) { return std::string(b.name()); })
      .def("step", [](Bot& b, const PyState& s) {
        if (s.state.is_over()) throw pybind11::value_error("the hand is over");
        ActionList legal;
        s.state.legal_actions(legal);
        const Action a = b.choose(s.view(s.state.current_player()), legal);
        return s.data->codec.encode(s.state, a);
      }, "The action code the bot chooses for the player to move, from that player's view only.")
      .def("evaluate", [](Bot& b, const PyState& s) {
        if (s.state.is_over()) throw pybind11::value_error("the hand is over");
        ActionList legal;
        s.state.legal_actions(legal);
        const View view = s.view(s.state.current_player());
        std::vector<ActionValue> values;
        if (auto* expert = dynamic_cast<ExpertBot*>(&b)) {
          values = expert->evaluate(view, legal);
        } else if (auto* mc = dynamic_cast<MonteCarloBot*>(&b)) {
          values = mc->evaluate(view, legal);
        } else {
          throw pybind11::value_error("evaluate: '" + std::string(b.name()) + "' does not search; use an 'mc' or 'expert' bot");
        }
        std::vector<std::pair<int, double>> out;
        for (const ActionValue& v : values) out.emplace_back(s.data->codec.encode(s.state, v.action), v.value);
        return out;
      }, "Every legal action's (code, value) for the player to move, best first, from that player's view only: "
         "the search's mean result per hand in the table's unit (docs/BOTS.md). Only 'mc' and 'expert' bots search.");
  m.def("bot_kinds", [] {
    std::vector<std::string> out;
    for (auto k : bot_kinds()) out.emplace_back(k);
    return out;
  });
  m.def("presets", [] {
    std::vector<std::string> out;
    for (const Preset& p : presets()) out.push_back(p.name);
    return out;
  });

  bind_vector_env(m);
}
