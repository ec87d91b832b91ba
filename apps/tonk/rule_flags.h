// The rule flags shared by play, sim and rules: `--set option=value` (repeatable) and `--players N`.
#pragma once

#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "tonk/rules.h"

namespace tonk::cli {

/// Bad command-line input that is not one rule option's fault (exit code 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The standard rules with each `--set` item applied ("option=value"; one item may hold several,
/// separated by commas), then `--players`. rules.players is left 0 when neither names the table
/// size, so the caller can size the table from the seats it has. Throws RuleError naming the
/// option, or UsageError when --players contradicts --set players=.
Rules rules_from_flags(std::span<const std::string> settings, std::optional<int> players);

/// The options whose values differ from the standard game, as "name=value name=value", or
/// "standard game" when none do.
std::string describe_changes(const Rules& rules);

}  // namespace tonk::cli
