// A subcommand's settings from a TOML file (`tonk serve --config /etc/tonk/serve.toml`): each key is
// one of the subcommand's long flags without its dashes (`max-connections = 4096`), so a flag added
// to the subcommand is a key at once, with no code here. The file is turned into arguments that the
// command line's own parser reads before the command line's, and flags given on the command line win.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace tonk::cli {

/// A config file refused: the message names the file, the line and the key ("FILE:LINE: KEY: why").
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses `arguments` (e.g. {"--workers=3"}) as the subcommand would: "" when it accepts them,
/// otherwise its reason. The values of a file are checked one key at a time this way, so that a
/// refusal names the line.
using ArgumentCheck = std::function<std::string(const std::vector<std::string>& arguments)>;

/// The options of `command` a config file may set: every named long option but --help, the option
/// that names the config file itself (`config_flag`, e.g. "--config"), and hidden ones (the group ""
/// holds options for tests only). Keyed by the first long name without its dashes.
std::vector<CLI::Option*> config_options(CLI::App& command, const std::string& config_flag);

/// The key of an option in a config file: its first long name without the dashes ("max-hints").
std::string config_key(const CLI::Option& option);

/// The arguments the config file at `path` stands for, for `command` (whose command line has been
/// parsed: an option given there, count() > 0, is left out, so the command line wins). A string,
/// integer or float value gives "--key=VALUE" ("--key" "" for an empty text); a flag takes true
/// ("--key") or false ("--key=false"); a repeatable option takes an array, one value per element. An option that takes whole
/// numbers (a "decimal_range" validator, number_flags.h) takes a TOML integer; one that takes
/// decimal numbers ("decimal_number_range") an integer or a float; any other a string.
/// Throws ConfigError naming the file, the line and the key for: a file that cannot be read, is a
/// directory or is larger than 1 MiB, TOML that does not parse, a key given twice, a key that names no option (a
/// [table] among them), a value of the wrong type, and a value `check` refuses.
std::vector<std::string> config_arguments(const std::string& path, CLI::App& command, const std::string& config_flag,
                                          const ArgumentCheck& check);

}  // namespace tonk::cli
