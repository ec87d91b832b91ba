// `tonk serve` (the game server, apps/server/), `tonk serve-backup` (a copy of its SQLite database
// taken while it runs) and `tonk verify` (provably fair deals), registered with the command line from
// here so that main.cc only calls these functions.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "server.h"

namespace tonk::cli {

struct ServerCommands {
  CLI::App* serve = nullptr;
  CLI::App* serve_backup = nullptr;
  CLI::App* verify = nullptr;
  serve::ServeOptions serve_options;
  std::string static_dir;   ///< --static, "" for the default (web/dist here, else the installed page)
  std::string config_file;  ///< --config, "" for none
  std::string backup_db;    ///< serve-backup DB
  std::string backup_file;  ///< serve-backup FILE
  bool backup_force = false;
  std::string verify_path;
};

/// Adds the `serve`, `serve-backup` and `verify` subcommands to `app`, their flags written into
/// `commands`.
void add_server_commands(CLI::App& app, ServerCommands& commands);

/// After `app` parsed the command line (argv): with `tonk serve --config FILE`, parses it again with
/// FILE's settings (config_file.h) placed before the command line's arguments to `serve`; a flag
/// given on the command line wins over its key. Throws ConfigError naming the file, line and key.
void apply_serve_config(CLI::App& app, ServerCommands& commands, int argc, char** argv);
/// Runs the subcommand that was parsed, returning its exit code; nullopt when neither was.
std::optional<int> run_server_commands(ServerCommands& commands);

/// `tonk verify RECORD`: for every hand of the file, checks the fair-deal lines a served hand's record
/// carries (docs/PROTOCOL.md "Provably fair deals"): SHA-256(seed) is the commitment, the deck order
/// re-derived from the seed and the contributions is the [Deck] dealt, hand 1's dealer is the cut of
/// the derived session seed, and the hand replays. Exit 0 when every hand checks, 1 when one does not,
/// 2 when the file cannot be read or parsed. (verify_command.cc)
int run_verify(const std::string& path);

/// `tonk serve-backup DB FILE`: copies the SQLite database DB into FILE with SQLite's online backup
/// API, in one read transaction, so the copy is consistent even while `tonk serve` writes to DB; the
/// copy is written beside FILE and renamed into place only when complete and checked. FILE is not
/// replaced unless `force`. Exit 0 when copied, 1 when the copy failed, 2 for bad input (DB missing
/// or not a SQLite database, FILE existing). (serve_backup.cc)
int run_serve_backup(const std::string& db, const std::string& file, bool force);

}  // namespace tonk::cli
