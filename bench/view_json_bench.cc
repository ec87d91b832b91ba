// The cost of a view's JSON document (docs/VIEW_JSON.md): `tonk serve` writes one for every seat
// and spectator after every move, so it is the server's busiest work under load. The views are the
// last ones of 20 random hands of the standard game with 3 players: the whole history, which the
// document carries, and the showdown (the largest document of a hand).
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tonk/bot_factory.h"
#include "tonk/game.h"
#include "tonk/hand.h"
#include "tonk/rng.h"
#include "tonk/view_json.h"

namespace {

void BM_ViewToJson(benchmark::State& st) {
  tonk::Rules rules;
  rules.players = 3;
  const std::shared_ptr<const tonk::Game> game = tonk::make_game(rules);
  tonk::Rng rng(99);
  auto bot = tonk::make_bot("random", 7);
  std::vector<tonk::Hand> hands;
  std::vector<std::size_t> lengths;
  for (int h = 0; h < 20; ++h) {
    tonk::Hand hand(game, tonk::shuffled_deck(*game, rng), h % 3);
    while (!hand.is_over()) hand.apply(bot->choose(hand.view(hand.current_player()), hand.legal_actions()));
    hands.push_back(std::move(hand));
  }
  std::size_t bytes = 0, i = 0;
  for (auto _ : st) {
    const tonk::Hand& hand = hands[i++ % hands.size()];
    const std::string text = tonk::to_json(hand.view(static_cast<int>(i % 3)));
    bytes += text.size();
    benchmark::DoNotOptimize(text.data());
  }
  st.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_ViewToJson);

}  // namespace
