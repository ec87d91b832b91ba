// The rule flags shared by play, sim, arena and rules: `--preset NAME`, `--rules FILE`,
// `--set option=value` (repeatable) and `--players N`, applied in that order.
#pragma once

#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "tonk/rules.h"

namespace tonk::cli {

/// Bad command-line input that is not one rule option's fault (exit code 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The rule flags as given on the command line.
struct RuleFlags {
  std::string preset;                 ///< --preset NAME ("rush", "P-RUSH"); "" for none
  std::string rules_file;             ///< --rules FILE (TOML or JSON, rule_file.h); "" for none
  std::vector<std::string> settings;  ///< each --set item, "option=value[,option=value]"
  std::optional<int> players;         ///< --players N
};

/// The rule set the flags choose, before the table is sized from the seats.
struct ChosenRules {
  /// The preset (or the standard game), then the rule file, then each --set item, then --players.
  /// rules.players is 0 when no flag and no file names the table size, so the caller can size the
  /// table from the seats it has.
  Rules rules;
  int max_players = kMaxPlayers;  ///< the largest table of the preset or rule file (V14: 6)
  std::string source;  ///< where the rules come from: "preset P-RUSH (Rushville, Indiana; V12)",
                       ///< "rule file house.toml (base P-RUSH)", or "" for the standard game
  std::string base;    ///< the preset the rules start from ("P-RUSH"), or "" for the standard game
};

/// Resolves the flags. Throws RuleError naming the option (an unknown preset names "preset"; a
/// rule file's problems name its file and line), or UsageError when --players contradicts
/// --set players=, or --preset contradicts the rule file's base.
ChosenRules choose_rules(const RuleFlags& flags);

/// Checks the final rules once the table is sized: validate() and the preset's or file's largest
/// table. Throws RuleError naming the option.
void check_rules(const ChosenRules& chosen, const Rules& rules);

/// choose_rules() with only --set and --players: the standard rules with each item applied.
Rules rules_from_flags(std::span<const std::string> settings, std::optional<int> players);

/// A short description of the rules for a heading: with a `base` preset, that preset and what
/// differs from it ("P-VIETNAM + hand_size=9"); otherwise "standard game", the options that differ
/// from it ("hand_size=7 upcard=false"), or the nearest preset and what differs from it ("P-RUSH",
/// "P-RUSH + hand_size=7") when that is shorter. The table size is left out.
std::string describe_changes(const Rules& rules, std::string_view base = "");

}  // namespace tonk::cli
