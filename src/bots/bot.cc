#include "tonk/bot.h"

#include <array>
#include <stdexcept>
#include <string>

#include "greedy_bot.h"
#include "random_bot.h"

namespace tonk {

namespace {
constexpr std::array<std::string_view, 2> kKinds = {"random", "greedy"};
}

std::span<const std::string_view> bot_kinds() { return kKinds; }

std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t seed) {
  if (kind == "random") return std::make_unique<RandomBot>(seed);
  if (kind == "greedy") return std::make_unique<GreedyBot>(seed);
  std::string known;
  for (auto k : kKinds) known += (known.empty() ? "" : ", ") + std::string(k);
  throw std::invalid_argument("unknown bot '" + std::string(kind) + "' (known: " + known + ")");
}

void play_out(Hand& hand, std::span<Bot* const> bots) {
  if (static_cast<int>(bots.size()) != hand.game().num_players())
    throw std::invalid_argument("play_out: " + std::to_string(bots.size()) + " bots for " +
                                std::to_string(hand.game().num_players()) + " players");
  ActionList legal;
  while (!hand.is_over()) {
    const int p = hand.current_player();
    hand.state().legal_actions(legal);
    hand.apply(bots[p]->choose(hand.view(p), legal));
  }
}

}  // namespace tonk
