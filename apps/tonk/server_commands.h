// `tonk serve` (the game server, apps/server/) and `tonk verify` (provably fair deals), registered
// with the command line from here so that main.cc only calls these two functions.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "server.h"

namespace tonk::cli {

struct ServerCommands {
  CLI::App* serve = nullptr;
  CLI::App* verify = nullptr;
  serve::ServeOptions serve_options;
  std::string static_dir;  ///< --static, "" for the default (web/dist when present)
  std::string verify_path;
};

/// Adds the `serve` and `verify` subcommands to `app`, their flags written into `commands`.
void add_server_commands(CLI::App& app, ServerCommands& commands);
/// Runs the subcommand that was parsed, returning its exit code; nullopt when neither was.
std::optional<int> run_server_commands(ServerCommands& commands);

/// `tonk verify RECORD`: for every hand of the file, checks the fair-deal lines a served hand's record
/// carries (docs/PROTOCOL.md "Provably fair deals"): SHA-256(seed) is the commitment, the deck order
/// re-derived from the seed and the contributions is the [Deck] dealt, hand 1's dealer is the cut of
/// the derived session seed, and the hand replays. Exit 0 when every hand checks, 1 when one does not,
/// 2 when the file cannot be read or parsed. (verify_command.cc)
int run_verify(const std::string& path);

}  // namespace tonk::cli
