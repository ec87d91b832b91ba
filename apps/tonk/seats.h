// Seats at the table: the bot kinds named on the command line and the names shown for each seat.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tonk::cli {

/// Splits a comma-separated list of bot kinds ("greedy,mc:200") and checks each one by building it
/// with tonk::make_bot (so a search budget is checked too). With `allow_omniscient` (`tonk arena`
/// only, never `tonk play`) the omniscient kinds of oracle_bot.h ("oracle", "oracle:20") are
/// accepted as well. A kind with a budget comes back written as the bot names itself ("mc:0200" is
/// "mc:200"), so that seat names stay short enough for a record. Throws UsageError naming a bad
/// kind and listing the known ones.
std::vector<std::string> parse_bot_list(std::string_view text, bool allow_omniscient = false);

/// Fits a bot list to `count` seats: a single kind fills every seat; otherwise the list must have
/// exactly `count` kinds. Throws UsageError otherwise; `what` names the seats in the message
/// ("opponents", "players").
std::vector<std::string> fit_bot_list(std::vector<std::string> bots, int count, std::string_view what);

/// The names of the seats, seat 0 first, as shown on screen and written in records: "you" for a
/// human in seat 0, then each bot by its kind, numbered from 1 when a kind sits more than once
/// ("greedy1", "greedy2").
std::vector<std::string> seat_names(std::span<const std::string> bots, bool human_first);

}  // namespace tonk::cli
