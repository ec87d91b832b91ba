#include "rule_flags.h"

#include <algorithm>

#include "tonk/preset.h"
#include "tonk/rule_file.h"
#include "tonk/quoted_text.h"
#include "tonk/rule_options.h"

namespace tonk::cli {

namespace {

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : std::string(separator)) + item;
  return out;
}

// The options of `rules` that differ from `base`, as "name=value", the table size left out.
std::vector<std::string> differences(const Rules& rules, const Rules& base) {
  std::vector<std::string> out;
  for (const OptionSpec& o : rule_options())
    if (o.name != "players" && o.get(rules) != o.get(base))
      out.push_back(std::string(o.name) + "=" + o.format(o.get(rules)));
  return out;
}

}  // namespace

ChosenRules choose_rules(const RuleFlags& flags) {
  ChosenRules chosen;
  const Preset* preset = nullptr;
  if (!flags.preset.empty()) {
    preset = &preset_or_throw(flags.preset, "preset");
    chosen.rules = preset->rules;
    chosen.max_players = preset->max_players;
    std::string ids = "";
    for (const std::string& id : preset->rule_ids) ids += (ids.empty() ? "" : ", ") + id;
    chosen.source = "preset " + preset->name + " (" + preset->description + "; " + ids + ")";
    chosen.base = preset->name;
  }
  int players = 0;  // the table size named by the file or the flags; 0 for none
  if (!flags.rules_file.empty()) {
    const RuleFile file = load_rule_file(flags.rules_file, chosen.rules, chosen.max_players);
    if (preset && !file.base.empty() && file.base != preset->name)
      throw UsageError("--preset " + preset->name + " contradicts base = \"" + file.base + "\" in " + flags.rules_file);
    chosen.rules = file.rules;
    chosen.max_players = file.max_players;
    chosen.source = "rule file " + flags.rules_file;
    if (!file.base.empty()) chosen.base = preset_or_throw(file.base, "base").name;
    if (!file.base.empty()) chosen.source += " (base " + file.base + ")";
    else if (preset) chosen.source += " (on " + preset->name + ")";
    if (std::find(file.options.begin(), file.options.end(), "players") != file.options.end())
      players = file.rules.players;
  }
  chosen.rules.players = 0;  // "not given": no --set item has touched it yet
  for (const std::string& item : flags.settings) {
    if (item.find('=') == std::string::npos)
      throw RuleError(item, "--set takes option=value, not " + quoted_text(item) + " (see `tonk rules`)");
    apply_options(chosen.rules, item);
  }
  if (flags.players) {
    const std::string text = std::to_string(*flags.players);
    if (chosen.rules.players != 0 && chosen.rules.players != *flags.players)
      throw UsageError("--players " + text + " contradicts --set players=" + std::to_string(chosen.rules.players));
    set_option(chosen.rules, "players", text);  // S1: checks the range, naming the option
  }
  if (chosen.rules.players == 0) chosen.rules.players = players;
  return chosen;
}

void check_rules(const ChosenRules& chosen, const Rules& rules) {
  validate(rules);
  check_max_players(rules, chosen.max_players, chosen.source.empty() ? "these rules" : chosen.source);
}

Rules rules_from_flags(std::span<const std::string> settings, std::optional<int> players) {
  RuleFlags flags;
  flags.settings.assign(settings.begin(), settings.end());
  flags.players = players;
  return choose_rules(flags).rules;
}

std::string describe_changes(const Rules& rules, std::string_view base) {
  // The preset the person chose names the rules, whatever the overrides (vietnam with
  // hand_size=9 is not "P-BATON + hand_size=9").
  if (!base.empty()) {
    const Preset& preset = preset_or_throw(base, "preset");
    const std::vector<std::string> d = differences(rules, preset.rules);
    return d.empty() ? preset.name : preset.name + " + " + join(d, " ");
  }
  std::vector<std::string> best = differences(rules, Rules{});
  std::string name;
  for (const Preset& p : presets()) {
    std::vector<std::string> d = differences(rules, p.rules);
    if (d.size() < best.size()) {
      best = std::move(d);
      name = p.name;
    }
  }
  if (name.empty()) return best.empty() ? "standard game" : join(best, " ");
  return best.empty() ? name : name + " + " + join(best, " ");
}

}  // namespace tonk::cli
