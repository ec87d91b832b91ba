// Internal: the rule-file parser shared by load_rule_file() (rule_file.h) and the built-in presets
// (preset.cc), which are rule files with stricter requirements.
#pragma once

#include <string_view>

#include "tonk/rule_file.h"

namespace tonk::detail {

/// parse_rule_file(), and for a built-in preset (`builtin`): `name`, `description` and `rules` are
/// required and `base` is refused (a preset lists its options itself, and presets cannot be looked
/// up while they are being loaded).
RuleFile parse_rule_text(std::string_view text, RuleFileFormat format, std::string_view source, const Rules& start,
                         int start_max_players, bool builtin);

}  // namespace tonk::detail
