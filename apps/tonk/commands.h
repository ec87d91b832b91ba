// The subcommands of the `tonk` command line. main.cc parses arguments (CLI11) and calls these;
// each returns the process exit code: 0 done, 1 failed while running, 2 bad input (nothing ran).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tonk/rules.h"

namespace tonk::cli {

/// `tonk replay FILE`: checks every action of every hand in the record against the rules and prints
/// how each hand ended and each player's payout. Exit 0 when every hand replays; 1 with an error
/// naming the line and the reason otherwise; 2 when the file cannot be read. (replay_command.cc)
int run_replay(const std::string& path, bool quiet);

/// What `tonk play` needs, already checked by main.cc: valid rules and one bot kind per opponent.
struct PlayOptions {
  Rules rules;                    ///< rules.players = 1 + bots.size()
  std::vector<std::string> bots;  ///< the bot kind of seats 1.. (the human is seat 0)
  std::optional<int> hands;       ///< play this many hands, then stop; unset: ask after each hand
  std::uint64_t seed = 0;
  std::string record_path;  ///< "" for no record
};

/// `tonk play`: an interactive game at the terminal, reading commands from stdin. (play_command.cc)
int run_play(const PlayOptions& options);

/// What `tonk sim` needs, already checked by main.cc.
struct SimOptions {
  Rules rules;                    ///< rules.players = bots.size()
  std::vector<std::string> bots;  ///< the bot kind of each seat, seat 0 first
  long long hands = 0;            ///< >= 1
  std::uint64_t seed = 0;
  bool json = false;        ///< print JSON on stdout instead of the table
  bool progress = false;    ///< show the progress bar even when stderr is not a terminal
  std::string record_path;  ///< "" for no record
};

/// `tonk sim`: plays hands between bots in a Session and prints each seat's results. (sim_command.cc)
int run_sim(const SimOptions& options);

/// `tonk rules`: prints every rule option with its value under `rules`, or the Markdown document of
/// the defaults (tonk::rules_markdown()). (rules_command.cc)
int run_rules(const Rules& rules, bool markdown);

}  // namespace tonk::cli
