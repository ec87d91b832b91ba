// Uniform-random play of complete hands under each preset of RULES.md §3 (presets/*.toml): the
// engine's raw speed when the variations are on (V11's 40 cards, V13a's wild cards, V18's seven
// cards, V12e's boobed deck...). One benchmark per preset and drop mode, registered at start-up:
//   BM_RandomHandsPreset/P-RUSH/players:2/drops:1
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "tonk/hand.h"
#include "tonk/preset.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace {

// Plays one hand uniformly at random from a fresh deal; returns the number of actions applied.
// With `drops` false a drawn drop is replaced by the next action, so hands run to the stock's end.
int play_random_hand(const tonk::Game& game, const std::vector<tonk::Card>& deck, tonk::Rng& rng,
                     tonk::ActionList& legal, bool drops) {
  tonk::State s = tonk::State::deal(game, deck, 0);
  int actions = 0;
  while (!s.is_over()) {
    s.legal_actions(legal);
    int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
    if (!drops && legal[i].kind == tonk::ActionKind::kDrop) i = (i + 1) % legal.size();
    s.apply(legal[i]);
    ++actions;
  }
  return actions;
}

void random_hands_preset(benchmark::State& st, const tonk::Preset* preset) {
  tonk::Rules rules = preset->rules;
  rules.players = static_cast<int>(st.range(0));
  const tonk::Game game(rules);
  tonk::Rng rng(42);
  tonk::ActionList legal;
  // Pre-shuffled decks so the shuffle is not measured with the play.
  std::vector<std::vector<tonk::Card>> decks;
  for (int i = 0; i < 1024; ++i) decks.push_back(tonk::shuffled_deck(game, rng));
  std::int64_t actions = 0, hands = 0;
  for (auto _ : st) {
    actions += play_random_hand(game, decks[hands & 1023], rng, legal, st.range(1) != 0);
    ++hands;
  }
  st.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  st.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  st.counters["actions/hand"] = static_cast<double>(actions) / static_cast<double>(hands);
}

const bool kRegistered = [] {
  for (const tonk::Preset& preset : tonk::presets()) {
    const std::string name = "BM_RandomHandsPreset/" + preset.name;
    benchmark::RegisterBenchmark(name.c_str(), random_hands_preset, &preset)
        ->ArgNames({"players", "drops"})
        ->Args({2, 1})
        ->Args({2, 0});
  }
  return true;
}();

}  // namespace
