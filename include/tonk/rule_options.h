// The table of rule options: the one place where each option of Rules is described.
//
// Everything that names, parses, prints, validates or documents an option reads this table:
// `tonk rules`, `--set option=value`, the rule line of a record, and docs/OPTIONS.md.
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tonk/rules.h"

namespace tonk {

/// A rule set was refused. option() names the offending option ("" when the problem is not one
/// option's, e.g. a malformed rule line).
class RuleError : public std::runtime_error {
 public:
  RuleError(std::string option, const std::string& message)
      : std::runtime_error(message), option_(std::move(option)) {}
  const std::string& option() const { return option_; }

 private:
  std::string option_;
};

/// The kind of value an option takes.
enum class OptionType : std::uint8_t { kInt, kBool, kChoice };

/// The description of one rule option. Values are read and written as ints: an int is itself, a
/// bool is 0 or 1, a choice is the index of its name in `choices` (the enum's underlying value).
struct OptionSpec {
  std::string_view name;     ///< snake_case name used in files and on the command line
  OptionType type;
  std::string_view rule_id;  ///< the RULES.md item it implements, e.g. "S7" or "I2"
  std::string_view doc;      ///< one line
  int min;                   ///< smallest allowed value (inclusive)
  int max;                   ///< largest allowed value (inclusive)
  std::span<const std::string_view> choices;  ///< value names for kChoice; empty otherwise
  int (*get)(const Rules&);
  void (*set)(Rules&, int);

  /// The value this option has in the standard game (a default-constructed Rules).
  int default_value() const { return get(Rules{}); }
  /// The value as text: a number, "true"/"false", or the choice's name.
  std::string format(int value) const;
  /// Parses text into a value and checks its range. Throws RuleError naming this option.
  int parse(std::string_view text) const;
};

/// Every rule option, in the order they are documented.
std::span<const OptionSpec> rule_options();

/// The option with this name, or nullptr.
const OptionSpec* find_option(std::string_view name);

/// Sets one option from text ("hand_size", "7"). Throws RuleError for an unknown option, a value
/// that is not of the option's type, or one out of its range.
void set_option(Rules& rules, std::string_view name, std::string_view value);

/// Applies "name=value" overrides separated by spaces or commas (the record's rule line).
/// Throws RuleError naming the first bad option.
void apply_options(Rules& rules, std::string_view text);

/// Every option as "name=value", space-separated, in table order: a full, self-contained rule line.
std::string to_string(const Rules& rules);

/// Checks every option's range and the combinations: the deal must fit the deck (S1: players ×
/// hand size + upcard + one stock card), dealt-tonk totals must be reachable, and so on. Throws
/// RuleError naming the option at fault and the reason.
void validate(const Rules& rules);

}  // namespace tonk
