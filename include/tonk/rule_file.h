// Rule files: a rule set written as data, in TOML or JSON (`tonk play --rules FILE`).
//
// A rule file and a built-in preset (presets/*.toml, preset.h) have the same shape:
//
//   base = "P-RUSH"          # optional: start from a preset instead of the standard game
//   name = "Grandma's"       # optional: a name, a description and the RULES.md items played
//   description = "..."
//   rules = "V12, V6.1"
//   max_players = 6          # optional: the largest table the rules are meant for (V14: 6)
//   [options]                # any rule option of docs/OPTIONS.md, with a value of its type:
//   hand_size = 7            #   a whole number, true/false, or a choice's name as a string
//   stock_end = "dead"
//
// In JSON the same keys, with "options" an object: {"base": "P-RUSH", "options": {"hand_size": 7}}.
// Options not listed keep the value of the base (the standard game when there is none).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/rules.h"

namespace tonk {

/// The syntax of a rule file.
enum class RuleFileFormat : std::uint8_t { kToml, kJson };

/// A rule file as read and checked.
struct RuleFile {
  std::string base;         ///< the preset it starts from, by its full name ("P-RUSH"); "" for none
  std::string name;         ///< `name`, "" when absent
  std::string description;  ///< `description`, "" when absent
  std::vector<std::string> rule_ids;  ///< `rules` split at commas ("V18, V11" -> {"V18", "V11"})
  int max_players = kMaxPlayers;      ///< `max_players`, else the base's, else kMaxPlayers
  std::vector<std::string> options;   ///< the options the file sets, in the order they appear
  Rules rules;              ///< the base's rules (or `start`) with the file's options applied; valid
};

/// Longest rule file, in bytes (a real one has a few hundred).
inline constexpr std::size_t kMaxRuleFileBytes = 1 << 20;

/// Parses a rule file's text. `source` names it in messages ("house.toml"). The options apply on top
/// of the preset named by `base`, or of `start` (and `start_max_players`, the largest table of the
/// preset it is layered on) when the file has no base: what the file does not set keeps the value it
/// is layered on. The result is checked with validate() and against max_players. Throws RuleError
/// and nothing else (but std::bad_alloc), whose what() begins "SOURCE:LINE: " where a line is known
/// and whose option() names the option at fault, for: a text longer than kMaxRuleFileBytes or not
/// UTF-8; malformed TOML or JSON (a number out of range included); tables nested deeper than the
/// two levels of a rule file (the top and its options); a key given twice; an unknown key or option;
/// a value of the wrong type (a whole number written in another base than decimal included) or out
/// of range; an unknown base preset; and a rule set that validate() refuses.
RuleFile parse_rule_file(std::string_view text, RuleFileFormat format, std::string_view source,
                         const Rules& start = Rules{}, int start_max_players = kMaxPlayers);

/// Reads and parses the rule file at `path`: JSON when the name ends in ".json", TOML when it ends
/// in ".toml", otherwise JSON if the text starts with '{' and TOML if not. Throws RuleError as
/// parse_rule_file() does, and when the file cannot be read, is not a regular file or a pipe (a
/// directory, a device), or has more than kMaxRuleFileBytes bytes.
RuleFile load_rule_file(const std::string& path, const Rules& start = Rules{}, int start_max_players = kMaxPlayers);

/// Checks that `rules` seats at most `max_players` (a preset's or a rule file's table, V14: 6).
/// `rule_set` names the rules in the message ("P-WASH"). Throws RuleError naming "players".
void check_max_players(const Rules& rules, int max_players, std::string_view rule_set);

}  // namespace tonk
