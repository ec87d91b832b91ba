// `tonk rules`: the presets (RULES.md §3) and every rule option from the option table
// (tonk::rule_options()), with its value, range, rule ID and meaning; or the generated docs/OPTIONS.md.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "rules_in_words.h"
#include "text_layout.h"
#include "tonk/preset.h"
#include "tonk/rule_options.h"

namespace tonk::cli {

namespace {

std::string allowed_values(const OptionSpec& o) {
  switch (o.type) {
    case OptionType::kInt: return std::to_string(o.min) + " to " + std::to_string(o.max);
    case OptionType::kBool: return "true, false";
    case OptionType::kChoice: break;
  }
  std::string out;
  for (std::size_t i = 0; i < o.choices.size(); ++i) out += (i ? ", " : "") + std::string(o.choices[i]);
  return out;
}

void print_presets() {
  std::cout << "Presets (RULES.md §3). Show one with `tonk rules NAME`; use one with --preset NAME (e.g. rush).\n\n"
            << pad_right("preset", 11) << " " << pad_right("description", 26) << " rules\n";
  for (const Preset& p : presets()) {
    std::string ids;
    for (const std::string& id : p.rule_ids) ids += (ids.empty() ? "" : ", ") + id;
    std::cout << pad_right(p.name, 11) << " " << pad_right(p.description, 26) << " " << ids << "\n";
  }
  std::cout << "\n";
}

}  // namespace

int run_rules(const RulesOptions& options) {
  if (options.markdown) {
    std::cout << rules_markdown();
    return 0;
  }
  const Rules& rules = options.rules;
  const Rules standard;
  bool changed = false;
  for (const OptionSpec& o : rule_options())
    changed = changed || (o.name != "players" && o.get(rules) != o.get(standard));
  if (options.source.empty() && !changed) {
    print_presets();
  } else {
    std::cout << "Rules of " << (options.source.empty() ? "the standard game with changes" : options.source) << ".\n";
  }
  // The differences first, in words; the option table after them.
  if (const std::vector<std::string> words = rules_in_words(rules, options.base); !words.empty()) {
    std::cout << "\nDifferences from the standard game (`tonk rules ID` explains a rule ID):\n";
    for (const std::string& w : words) std::cout << "  - " << w << "\n";
    if (const std::string note = dealt_end_note(options.base); !note.empty()) std::cout << note << "\n";
    std::cout << "\n";
  }
  const bool only_changes = changed && !options.all;
  if (only_changes)
    std::cout << "The options that differ from the standard game (`--all` shows all " << rule_options().size()
              << "). Change one with --set option=value.\n";
  else
    std::cout << "Rule options (rule IDs refer to docs/RULES.md). Change one with --set option=value on\n"
                 "`tonk play`, `tonk sim`, `tonk arena` and `tonk rules`, after --preset NAME and --rules FILE.\n";
  if (changed && !only_changes) std::cout << "* marks a value changed from the standard game.\n";
  // The value column fits the longest value shown ("lowest_as_drop *").
  std::size_t value_width = 13;
  for (const OptionSpec& o : rule_options())
    value_width = std::max(value_width, o.format(o.get(rules)).size() + (o.get(rules) != o.get(standard) ? 2 : 0));
  auto row = [&](std::string_view name, std::string_view value, std::string_view rule, std::string_view allowed) {
    return pad_right(name, 22) + " " + pad_right(value, value_width) + " " + pad_right(rule, 5) + " " +
           std::string(allowed) + "\n";
  };
  std::cout << "\n" << row("option", "value", "rule", "allowed");
  for (const OptionSpec& o : rule_options()) {
    const int value = o.get(rules);
    const bool is_changed = value != o.get(standard);
    if (only_changes && !is_changed) continue;
    const std::string shown = o.format(value) + (is_changed && !only_changes ? " *" : "");
    std::string allowed = allowed_values(o);
    if (is_changed) allowed += "; default " + o.format(o.get(standard));
    std::cout << row(o.name, shown, o.rule_id, allowed) << "    " << o.doc << "\n";
  }
  return 0;
}

}  // namespace tonk::cli
