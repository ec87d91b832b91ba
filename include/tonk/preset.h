// House-rule presets (RULES.md §3): named, complete rule sets kept as data.
//
// Each preset is a file presets/P-NAME.toml in the rule-file shape of rule_file.h; the files are
// embedded in the library when it is built, so a program finds them from any directory.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/rules.h"

namespace tonk {

/// A house-rule preset: the standard game plus the variations it lists (RULES.md §3).
struct Preset {
  std::string name;                   ///< "P-RUSH"
  std::string description;            ///< "Rushville, Indiana"
  std::vector<std::string> rule_ids;  ///< the RULES.md items it plays: {"V12"}
  int max_players = kMaxPlayers;      ///< the largest table it is meant for (V14: 6)
  Rules rules;                        ///< the full rule set, valid; players = 2 unless the preset says
};

/// The largest table `p` can seat: its max_players, or fewer when the deal does not fit there (the
/// S1 check of validate(): hands, upcard and one stock card from the preset's deck); at least 2.
int largest_table(const Preset& p);

/// The built-in presets, in the order of RULES.md §3 (P-STD first, then by their first rule ID).
std::span<const Preset> presets();

/// The built-in preset with this name, ignoring case, with or without the "P-" prefix ("rush",
/// "P-RUSH", "p-rush"); nullptr when there is none.
const Preset* find_preset(std::string_view name);

/// As find_preset(), but throws RuleError naming `option` (e.g. "preset" or "base") and listing
/// the presets when there is none.
const Preset& preset_or_throw(std::string_view name, std::string_view option = "preset");

/// The options of `rules` that differ from the standard game, as "name=value" items in table order.
std::vector<std::string> changed_options(const Rules& rules);

/// The "Presets" section of docs/OPTIONS.md (part of rules_markdown()): a table of the presets and,
/// for each, the options it changes.
std::string presets_markdown();

/// docs/OPTIONS.md as generated from the option table (rule_options.h) and the presets: every
/// option with its type, default, range, rule ID and doc line (a test checks the committed file is
/// not stale).
std::string rules_markdown();

}  // namespace tonk
