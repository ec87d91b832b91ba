// docs/OPTIONS.md, generated from the option table (rule_options.h) and the presets (preset.h). Help
// text lives above the core: the table itself is in src/core/rule_options.cc.
#include <sstream>
#include <string>

#include "tonk/preset.h"
#include "tonk/rule_options.h"

namespace tonk {

std::string rules_markdown() {
  std::ostringstream md;
  md << "# Rule options\n\n"
     << "Generated from the option table in `src/core/rule_options.cc` by `tonk rules --markdown`;\n"
     << "a test fails when this file is stale. Rule IDs refer to `RULES.md` (S = standard game,\n"
     << "V = variation, I = interpretation). The defaults are the standard game, preset `P-STD`.\n\n"
     << "Set an option with `--set name=value`; a record's `Rules` tag lists every option this way.\n\n"
     << "| option | type | default | allowed | rule | meaning |\n"
     << "|---|---|---|---|---|---|\n";
  for (const auto& o : rule_options()) {
    std::string type, allowed;
    switch (o.type) {
      case OptionType::kInt:
        type = "int";
        allowed = std::to_string(o.min) + "–" + std::to_string(o.max);
        break;
      case OptionType::kBool:
        type = "bool";
        allowed = "true, false";
        break;
      case OptionType::kChoice:
        type = "choice";
        for (std::size_t i = 0; i < o.choices.size(); ++i) allowed += (i ? ", " : "") + std::string(o.choices[i]);
        break;
    }
    md << "| `" << o.name << "` | " << type << " | `" << o.format(o.default_value()) << "` | " << allowed << " | "
       << o.rule_id << " | " << o.doc << " |\n";
  }
  md << "\nBesides the ranges above, a rule set is refused, with a message naming the option, when:\n\n"
     << "- the deal does not fit the deck (S1: players × hand size + upcard + one stock card);\n"
     << "- a dealt-hand total (`dealt_tonk_min`, `dealt_low_max`, `dealt_claim_total`) can never be dealt,\n"
     << "  or two of them overlap;\n"
     << "- an option only qualifies another that is off (`may_hold_three_aces` without `must_lay_spreads`,\n"
     << "  `waits_add`, `round_hits_one_wait` or `hit_blocks_going_out` without the waits they change,\n"
     << "  `pushup_limit` without push-ups);\n"
     << "- push-ups (points) are combined with stakes-only rules (`suit_bet`, `naturals_bet`, `big_one_hands`).\n";
  md << "\n" << presets_markdown();  // preset.cc: the presets and rule files
  return md.str();
}

}  // namespace tonk
