// Difficulty levels a person chooses: named configurations of the bots, weakest first.
//
// beginner and easy are the greedy bot making deliberate mistakes that still look human (a missed
// or hasty drop, a discard passed up, a spread held back, a wrong but harmless discard: never a
// card that completes a spread in hand or on the table, nor one of a pair); medium is the greedy
// bot; hard the Monte Carlo bot at 50 worlds; expert the expert bot (expert_bot.h). Each level
// beats the one below it (the round-robin table of docs/BOTS.md). Every level is a bot kind of
// make_bot (bot_factory.h) under its own name.
#pragma once

#include <span>
#include <string_view>

namespace tonk {

struct BotLevel {
  std::string_view name;       ///< "beginner" .. "expert"; the make_bot kind
  std::string_view bot;        ///< what plays: "greedy", "mc:50", "expert"
  double mistake_rate = 0;     ///< share of decisions (with a choice) turned into a mistake, 0..1
  std::string_view words;      ///< a short description for people
};

/// The levels, weakest first.
std::span<const BotLevel> bot_levels();

/// The level named `name`, or nullptr.
const BotLevel* find_bot_level(std::string_view name);

}  // namespace tonk
