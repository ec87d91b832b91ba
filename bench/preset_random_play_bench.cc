// Uniform-random play of complete hands under each preset of RULES.md §3 (presets/*.toml): the
// engine's raw speed when the variations are on (V11's 40 cards, V13a's wild cards, V18's seven
// cards, V12e's boobed deck...). One benchmark per preset and drop mode, registered at start-up:
//   BM_RandomHandsPreset/P-RUSH/players:2/drops:1
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "random_play.h"
#include "tonk/preset.h"

namespace {

void random_hands_preset(benchmark::State& st, const tonk::Preset* preset) {
  tonk::Rules rules = preset->rules;
  rules.players = static_cast<int>(st.range(0));
  tonk::bench::run_random_hands(st, rules);
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
