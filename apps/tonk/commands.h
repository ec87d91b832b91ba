// The subcommands of the `tonk` command line. main.cc parses arguments (CLI11) and calls these;
// each returns the process exit code.
#pragma once

#include <string>

namespace tonk::cli {

/// `tonk replay FILE`: checks every action of every hand in the record against the rules and prints
/// how each hand ended and each player's payout. Exit 0 when every hand replays; 1 with an error
/// naming the line and the reason otherwise; 2 when the file cannot be read. (replay_command.cc)
int run_replay(const std::string& path, bool quiet);

}  // namespace tonk::cli
