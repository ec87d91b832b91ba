#include "tonk/bot_level.h"

#include <array>

namespace tonk {

namespace {
// The mistake rates were chosen so that each level beats the one below it by a clear margin
// (docs/BOTS.md, the levels' round-robin).
constexpr std::array<BotLevel, 5> kLevels = {{
    {"beginner", "greedy", 0.40, "the greedy bot, with a human-looking mistake at 40% of its choices"},
    {"easy", "greedy", 0.15, "the greedy bot, with a human-looking mistake at 15% of its choices"},
    {"medium", "greedy", 0.0, "the greedy bot: sound one-move-ahead play"},
    {"hard", "mc:50", 0.0, "the Monte Carlo bot, 50 imagined deals a decision"},
    {"expert", "expert", 0.0, "the expert bot: sharper reading of the other hands and of when they drop, exact drop odds"},
}};
}  // namespace

std::span<const BotLevel> bot_levels() { return kLevels; }

const BotLevel* find_bot_level(std::string_view name) {
  for (const BotLevel& l : kLevels)
    if (l.name == name) return &l;
  return nullptr;
}

}  // namespace tonk
