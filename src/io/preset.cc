// The built-in presets (RULES.md §3): presets/*.toml, embedded at build time (preset_sources.h),
// parsed once on first use with the rule-file parser.
#include "tonk/preset.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "preset_sources.h"
#include "rule_file_parse.h"
#include "tonk/rule_file.h"
#include "tonk/quoted_text.h"
#include "tonk/rule_options.h"

namespace tonk {

namespace {

// The order of RULES.md §3: by the first rule ID, S before V, then by its number; then by name.
bool before(const Preset& a, const Preset& b) {
  auto key = [](const Preset& p) {
    const std::string& id = p.rule_ids.empty() ? p.name : p.rule_ids.front();
    int number = 0;
    for (std::size_t i = 1; i < id.size() && std::isdigit(static_cast<unsigned char>(id[i])); ++i)
      number = number * 10 + (id[i] - '0');
    return std::make_tuple(id.empty() ? '\0' : id[0], number, p.name);
  };
  return key(a) < key(b);
}

std::vector<Preset> load_builtin() {
  std::vector<Preset> out;
  for (const detail::PresetSource& source : detail::builtin_preset_sources()) {
    const std::string file = "presets/" + std::string(source.file);
    RuleFile f;
    try {
      f = detail::parse_rule_text(source.text, RuleFileFormat::kToml, file, Rules{}, kMaxPlayers, /*builtin=*/true);
    } catch (const RuleError& e) {
      throw std::logic_error(std::string("built-in preset: ") + e.what());
    }
    // The file is named after the preset, so `presets/P-RUSH.toml` is where P-RUSH is found.
    if (f.name + ".toml" != source.file)
      throw std::logic_error(file + ": the preset's name '" + f.name + "' is not the file's name");
    out.push_back(Preset{f.name, f.description, f.rule_ids, f.max_players, f.rules});
  }
  std::sort(out.begin(), out.end(), before);
  return out;
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

int largest_table(const Preset& p) {
  for (int n = p.max_players; n > 2; --n) {
    Rules r = p.rules;
    r.players = n;
    try {
      validate(r);
      return n;
    } catch (const RuleError&) {
    }
  }
  return 2;
}

std::span<const Preset> presets() {
  static const std::vector<Preset> kPresets = load_builtin();
  return kPresets;
}

const Preset* find_preset(std::string_view name) {
  for (const Preset& p : presets()) {
    const std::string_view full = p.name;
    if (equal_ignoring_case(name, full) || (full.starts_with("P-") && equal_ignoring_case(name, full.substr(2))))
      return &p;
  }
  return nullptr;
}

const Preset& preset_or_throw(std::string_view name, std::string_view option) {
  if (const Preset* p = find_preset(name)) return *p;
  std::string known;
  for (const Preset& p : presets()) known += (known.empty() ? "" : ", ") + p.name;
  throw RuleError(std::string(option), "unknown preset " + quoted_text(name) + " (known: " + known + ")");
}

std::vector<std::string> changed_options(const Rules& rules) {
  const Rules standard;
  std::vector<std::string> out;
  for (const OptionSpec& o : rule_options())
    if (o.get(rules) != o.get(standard)) out.push_back(std::string(o.name) + "=" + o.format(o.get(rules)));
  return out;
}

std::string presets_markdown() {
  std::ostringstream md;
  md << "## Presets\n\n"
     << "House-rule presets (RULES.md §3), one file each in `presets/` and built into the program. Choose\n"
     << "one with `--preset NAME` (`P-RUSH` or just `rush`) on `tonk play`, `tonk sim` and `tonk arena`,\n"
     << "and see all its values with `tonk rules NAME`. Options a preset does not list keep the standard\n"
     << "game's default.\n\n"
     << "| preset | description | rules | players | options changed from the standard game |\n"
     << "|---|---|---|---|---|\n";
  for (const Preset& p : presets()) {
    std::string ids, changes;
    for (const std::string& id : p.rule_ids) ids += (ids.empty() ? "" : ", ") + id;
    for (const std::string& c : changed_options(p.rules)) changes += (changes.empty() ? "`" : ", `") + c + "`";
    md << "| `" << p.name << "` | " << p.description << " | " << ids << " | 2–" << largest_table(p) << " | "
       << (changes.empty() ? "none" : changes) << " |\n";
  }
  md << "\n## Rule files\n\n"
     << "`--rules FILE` reads a rule set in the same shape as a preset file, in TOML or JSON (by the\n"
     << "name's ending `.toml` or `.json`; otherwise JSON when the text starts with `{`). `base` starts\n"
     << "from a preset instead of the standard game; `[options]` sets any option of the table above with\n"
     << "a value of its type (a whole number, `true`/`false`, or a choice's name as a string).\n\n"
     << "```toml\n"
     << "base = \"P-RUSH\"            # optional\n"
     << "description = \"Rushville, but spreads must be laid\"  # optional, as are name and rules\n"
     << "[options]\n"
     << "must_lay_spreads = true\n"
     << "hand_size = 7\n"
     << "```\n\n"
     << "In JSON: `{\"base\": \"P-RUSH\", \"options\": {\"must_lay_spreads\": true, \"hand_size\": 7}}`.\n\n"
     << "The flags apply in order: `--preset`, then `--rules`, then each `--set` and `--players`. An\n"
     << "unknown key or option, a value of the wrong type or out of range, an unknown preset, malformed\n"
     << "TOML or JSON and a rule set refused as above are reported with the file, the line and the option.\n";
  return md.str();
}

}  // namespace tonk
