// The cost of a `state` broadcast (src/table/state_message.h): after every move `tonk serve` writes
// the shared parts once and one text per seat and for the spectators. The table is the standard
// game with one person and three bots, a few moves into its first hand.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <cstdint>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "state_message.h"
#include "table_machine.h"
#include "tonk/preset.h"

namespace {

using tonk::serve::seeded_hex;
using tonk::serve::TableMachine;


void apply_all(TableMachine& m, const tonk::serve::Decision& d) {
  for (const tonk::serve::LogEntry& e : std::get<std::vector<tonk::serve::LogEntry>>(d)) m.apply(e);
}

// The table: dealt, and played by the bots until it is Ann's turn.
struct BenchTable {
  tonk::serve::TableConfig config;
  std::mt19937_64 rng{7};
  TableMachine machine;
  BenchTable(tonk::serve::TableConfig c) : config(std::move(c)), machine(config, [this](int bytes) { return seeded_hex(rng, bytes); }) {}
};

std::unique_ptr<BenchTable> bench_table() {
  tonk::serve::TableConfig config;
  config.code = "BENCH1";
  config.rules = tonk::preset_or_throw("P-STD").rules;
  config.rules.players = 4;
  config.bots = {"", "greedy", "greedy", "greedy"};
  auto table = std::make_unique<BenchTable>(config);
  TableMachine& m = table->machine;
  apply_all(m, m.decide(tonk::serve::JoinRequest{"Ann", 0, "", std::string(64, 'a'), ""}, 0));
  std::array<bool, tonk::kMaxPlayers> connected{};
  connected[0] = true;
  m.set_presence(connected, 2);
  // Deal, then let the bots play until it is Ann's turn (or the hand is over).
  for (int step = 0; step < 200; ++step) {
    auto next = m.advance(0);
    if (auto* entry = std::get_if<tonk::serve::LogEntry>(&next)) {
      m.apply(*entry);
      continue;
    }
    const tonk::serve::Plan plan = std::get<tonk::serve::Plan>(next);
    if (plan.bot_seat < 0) break;
    tonk::ActionList legal;
    m.table()->legal_actions(legal);
    apply_all(m, m.decide(tonk::serve::BotMove{plan.hand, plan.seq, plan.bot_seat, legal[0]}, 0));
  }
  return table;
}

template <class Writer>
void broadcast(benchmark::State& st) {
  const std::unique_ptr<BenchTable> table = bench_table();
  const TableMachine& m = table->machine;
  const tonk::serve::TableConfig& config = table->config;
  const Writer writer(config);
  std::size_t bytes = 0;
  for (auto _ : st) {
    const tonk::serve::StateMessage::Shared shared = writer.shared(m, 1000);
    for (int seat = -1; seat < config.seats(); ++seat) {
      const std::string text = writer.text(m, seat, shared);
      bytes += text.size();
      benchmark::DoNotOptimize(text.data());
    }
  }
  st.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

void BM_StateBroadcast(benchmark::State& st) { broadcast<tonk::serve::StateMessage>(st); }
BENCHMARK(BM_StateBroadcast);

}  // namespace

