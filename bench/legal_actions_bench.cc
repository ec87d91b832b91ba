// The cost of enumerating the legal actions, and of cloning a State (search bots do both millions
// of times). States are sampled from uniform-random play, so the mix of phases is that of real play.
#include <benchmark/benchmark.h>

#include <vector>

#include "tonk/hand.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace {

using tonk::ActionList;
using tonk::Game;
using tonk::Rng;
using tonk::State;

// Every state met in `hands` random hands, with the given phase (or any phase when `after_draw` < 0).
std::vector<State> sample_states(const Game& game, int hands, int after_draw) {
  Rng rng(1234);
  ActionList legal;
  std::vector<State> out;
  for (int h = 0; h < hands; ++h) {
    const auto deck = tonk::shuffled_deck(game, rng);
    State s = State::deal(game, deck, h % game.num_players());
    while (!s.is_over()) {
      const bool ad = s.phase() == tonk::Phase::kAfterDraw;
      if (after_draw < 0 || ad == (after_draw == 1)) out.push_back(s);
      s.legal_actions(legal);
      // Random play that never drops, so hands last and tables fill with spreads.
      int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
      if (legal[i].kind == tonk::ActionKind::kDrop) i = (i + 1) % legal.size();
      s.apply(legal[i]);
    }
  }
  return out;
}

void BM_LegalActions(benchmark::State& st) {
  const Game game;
  const auto states = sample_states(game, 2000, static_cast<int>(st.range(0)));
  ActionList legal;
  std::size_t i = 0;
  std::int64_t listed = 0;
  for (auto _ : st) {
    states[i].legal_actions(legal);
    benchmark::DoNotOptimize(legal);
    listed += legal.size();
    if (++i == states.size()) i = 0;
  }
  st.counters["actions/list"] = static_cast<double>(listed) / static_cast<double>(st.iterations());
  st.SetLabel(st.range(0) == 1 ? "after the draw" : st.range(0) == 0 ? "start of turn" : "any phase");
}
BENCHMARK(BM_LegalActions)->Arg(-1)->Arg(0)->Arg(1);

void BM_CloneState(benchmark::State& st) {
  const Game game;
  const auto states = sample_states(game, 200, -1);
  std::size_t i = 0;
  for (auto _ : st) {
    State copy = states[i];
    benchmark::DoNotOptimize(copy);
    if (++i == states.size()) i = 0;
  }
  st.counters["bytes"] = static_cast<double>(sizeof(State));
}
BENCHMARK(BM_CloneState);

}  // namespace
