// The Monte Carlo bot's time per decision (the median must stay within 50 ms on one core).
// Positions are every decision with a real choice (two or more legal actions) met by the greedy bot
// in self-play, so the mix of phases is that of real play; each iteration decides one of them.
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "tonk/bot_factory.h"
#include "tonk/expert_bot.h"
#include "tonk/hand.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/rng.h"

namespace {

using tonk::ActionList;
using tonk::Game;
using tonk::Hand;

// A decision point: the hand as it stood (for the view and its history) and the legal actions.
struct Position {
  Hand hand;
  ActionList legal;
};

std::vector<Position> sample_positions(const std::shared_ptr<const Game>& shared, int hands) {
  const Game& game = *shared;
  tonk::Rng rng(2024);
  auto greedy = tonk::make_bot("greedy", 7);
  std::vector<Position> out;
  for (int h = 0; h < hands; ++h) {
    Hand hand(shared, tonk::shuffled_deck(game, rng), h % game.num_players());
    while (!hand.is_over()) {
      const ActionList legal = hand.legal_actions();
      if (legal.size() > 1) out.push_back({hand, legal});
      hand.apply(greedy->choose(hand.view(hand.current_player()), legal));
    }
  }
  return out;
}

void BM_MonteCarloDecision(benchmark::State& st) {
  tonk::Rules rules;
  rules.players = static_cast<int>(st.range(1));
  const auto positions = sample_positions(tonk::make_game(rules), 60);
  tonk::MonteCarloBot bot(tonk::SearchBudget::of_worlds(static_cast<int>(st.range(0))), 1);
  std::size_t i = 0;
  for (auto _ : st) {
    const Position& p = positions[i];
    benchmark::DoNotOptimize(bot.choose(p.hand.view(p.hand.current_player()), p.legal));
    if (++i == positions.size()) i = 0;
  }
  st.counters["positions"] = static_cast<double>(positions.size());
}
BENCHMARK(BM_MonteCarloDecision)
    ->ArgNames({"worlds", "players"})
    ->Args({50, 2})->Args({200, 2})->Args({50, 3})->Args({200, 3})
    ->Unit(benchmark::kMillisecond);

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

// The expert bot at the same positions, with the options after "expert:" in `options` (empty: the
// "expert" level). Besides the mean, the median and the 99th percentile of each decision's CPU time
// on its thread (one core; other load on the machine does not count), as counters median_ms and p99_ms.
void BM_ExpertDecision(benchmark::State& st, const char* options) {
  tonk::Rules rules;
  rules.players = static_cast<int>(st.range(0));
  const auto positions = sample_positions(tonk::make_game(rules), 60);
  tonk::ExpertBot bot(tonk::parse_expert_options(options), 1);
  std::vector<double> ms;
  std::size_t i = 0;
  for (auto _ : st) {
    const Position& p = positions[i];
    const double start = thread_cpu_ms();
    benchmark::DoNotOptimize(bot.choose(p.hand.view(p.hand.current_player()), p.legal));
    ms.push_back(thread_cpu_ms() - start);
    if (++i == positions.size()) i = 0;
  }
  std::sort(ms.begin(), ms.end());
  st.counters["positions"] = static_cast<double>(positions.size());
  st.counters["median_ms"] = ms[ms.size() / 2];
  st.counters["p99_ms"] = ms[std::min(ms.size() - 1, ms.size() * 99 / 100)];
}
BENCHMARK_CAPTURE(BM_ExpertDecision, default, "")->ArgNames({"players"})->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond)->MinTime(20.0);
// The default until 7 December 2026, whose rollouts model the opponents' drops by greedy's
// threshold alone, and the one until 6 December (docs/BOTS.md), to compare side by side in one run.
BENCHMARK_CAPTURE(BM_ExpertDecision, opdropoff, "opdropoff")
    ->ArgNames({"players"})->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond)->MinTime(20.0);
BENCHMARK_CAPTURE(BM_ExpertDecision, fullbelief_nochain, "fullbelief/opdropoff/nochain")
    ->ArgNames({"players"})->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond)->MinTime(20.0);
// The strongest bot against greedy, and the same with racing (raceN: the worlds go to the close
// choices), to compare what racing saves side by side in one run.
BENCHMARK_CAPTURE(BM_ExpertDecision, alldiscards, "alldiscards/tremble20/opdropoff/chain32")
    ->ArgNames({"players"})->Arg(2)->Unit(benchmark::kMillisecond)->MinTime(20.0);
BENCHMARK_CAPTURE(BM_ExpertDecision, alldiscards_race50, "alldiscards/tremble20/race50/opdropoff/chain32")
    ->ArgNames({"players"})->Arg(2)->Unit(benchmark::kMillisecond)->MinTime(20.0);

}  // namespace
