#include "rule_flags.h"

#include "tonk/rule_options.h"

namespace tonk::cli {

Rules rules_from_flags(std::span<const std::string> settings, std::optional<int> players) {
  Rules rules;
  rules.players = 0;  // "not given": no --set item has touched it yet
  for (const std::string& item : settings) {
    if (item.find('=') == std::string::npos)
      throw RuleError(item, "--set takes option=value, not '" + item + "' (see `tonk rules`)");
    apply_options(rules, item);
  }
  if (players) {
    const std::string text = std::to_string(*players);
    if (rules.players != 0 && rules.players != *players)
      throw UsageError("--players " + text + " contradicts --set players=" + std::to_string(rules.players));
    set_option(rules, "players", text);  // S1: checks the range, naming the option
  }
  return rules;
}

std::string describe_changes(const Rules& rules) {
  const Rules standard;
  std::string out;
  for (const OptionSpec& o : rule_options()) {
    const int value = o.get(rules);
    if (value == o.get(standard) || o.name == "players") continue;
    if (!out.empty()) out += ' ';
    out.append(o.name).append("=").append(o.format(value));
  }
  return out.empty() ? "standard game" : out;
}

}  // namespace tonk::cli
