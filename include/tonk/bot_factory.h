// Making bots by kind ("random", "greedy", "mc:200"): the tonk_bots library's entry point.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "tonk/bot.h"

namespace tonk {

/// The kinds of bot make_bot() knows.
std::span<const std::string_view> bot_kinds();

/// A new bot of the named kind, its decisions reproducible from `seed`. Throws std::invalid_argument
/// naming the kind when it is unknown.
std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t seed);

}  // namespace tonk
