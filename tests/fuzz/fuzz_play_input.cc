// libFuzzer target: the `tonk play` prompt's parser (apps/tonk/play_input.h, its public function
// only). The first 8 bytes seed a random hand of the standard game played part way; the rest is a
// line typed at the prompt. Oracles: parsing never throws; an action the engine accepts
// (why_illegal gives no Refusal) is one of the legal actions and applies without error, and the hand then
// goes on to a zero-sum end with its deck intact.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string_view>

#include "play_input.h"
#include "random_game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tonk;
  std::uint64_t seed = 0;
  const std::size_t head = std::min<std::size_t>(size, 8);
  std::memcpy(&seed, data, head);
  const std::string_view line(reinterpret_cast<const char*>(data) + head, size - head);
  try {
    const cli::PlayCommand cmd = cli::parse_play_command(line);
    if (cmd.kind != cli::PlayCommand::Kind::kAction) return 0;
    Rng rng(seed);
    const std::shared_ptr<const Game> shared = make_game(Rules{});
    const Game& game = *shared;
    const int dealer = static_cast<int>(rng.below(2));
    Hand hand(shared, shuffled_deck(game, rng), dealer);
    const int steps = static_cast<int>(rng.below(12));
    for (int i = 0; i < steps && !hand.is_over(); ++i) {
      const ActionList legal = hand.legal_actions();
      hand.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    if (hand.is_over()) return 0;
    if (hand.state().why_illegal(cmd.action)) return 0;
    fuzz::require(hand.legal_actions().contains(cmd.action), "accepted an action that is not listed as legal: " +
                                                                   to_string(cmd.action));
    hand.apply(cmd.action);
    while (!hand.is_over()) {
      const ActionList legal = hand.legal_actions();
      hand.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    fuzz::check_finished(hand);
  } catch (const fuzz::Finding& f) {
    std::cerr << "FINDING: " << f.what() << "\n";
    std::abort();
  }
  return 0;
}
