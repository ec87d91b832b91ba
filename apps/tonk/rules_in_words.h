// The rules of a table in words, for a player: what a preset changes from the standard game, and
// any option changed on top of it, so that the start of a game and `tonk rules NAME` say what is
// different before the option table does.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tonk/rules.h"

namespace tonk::cli {

/// One sentence per difference from the standard game: first the `base` preset's own summary
/// ("Chicago: six wild cards, the deuces and two jokers; a joker counts 0 (V13a)"), then each option
/// that differs from the preset (or from the standard game without a base) with its meaning and
/// rule ID ("hand_size=9: Cards dealt to each player (V18)"). The table size is left out. Empty
/// for the standard game.
std::vector<std::string> rules_in_words(const Rules& rules, std::string_view base);

/// For a preset known to end many hands at the deal, the measured share, in a sentence ("About 18%
/// of hands end at the deal ..."); "" for the others. Measured at 2 players with `tonk sim`.
std::string dealt_end_note(std::string_view base);

/// The lines the start of a game prints about its rules: "Rules that differ from the standard game:"
/// and one "  - " line per rules_in_words() sentence, then dealt_end_note(); "" for the standard game.
std::string rules_intro(const Rules& rules, std::string_view base);

}  // namespace tonk::cli
