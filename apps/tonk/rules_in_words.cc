#include "rules_in_words.h"

#include <utility>

#include "tonk/preset.h"
#include "tonk/rule_options.h"

namespace tonk::cli {

namespace {

// What each preset changes, in words (RULES.md §2 and §3; presets/*.toml hold the options).
constexpr std::pair<std::string_view, std::string_view> kSummaries[] = {
    {"P-STD", ""},
    {"P-DC",
     "Washington DC: a dealt count of 11 or less wins 2x like a dealt tonk; if several players are dealt a win, only "
     "the best is paid: 11-or-less beats 50 beats 49, the lower count first (V9)"},
    {"P-NEWARK",
     "Newark: a dealt count of 13 or less wins 2x; 50 beats 49 beats 13-or-less, a tie going to the player nearest "
     "the dealer's left; going out on your first turn with two spreads pays 4x (V10)"},
    {"P-BATON",
     "Baton Rouge: a 40-card deck without 8s, 9s and 10s, in which the 7 is next to the jack in runs (67J); a dealt "
     "tonk is 47 or 50 (V11)"},
    {"P-RUSH",
     "Rushville: a drop is called \"tonk\" (V12a); only five dealt face cards win at the deal (V12b); payments are "
     "units: a drop wins 1 from each player, going out 2 (V12c); a caught dropper pays 4 to each player with an "
     "equal or lower count, nothing else (V12d); with no more stock cards than players nobody may go out, and a "
     "stock that runs out ends the hand as a drop of the lowest count (V12e)"},
    {"P-CHICAGO",
     "Chicago: six wild cards, the deuces and two jokers; a joker counts 0 (V13a); only a dealt 50 is a tonk (V13b) "
     "and a dealt 13 or less wins 2x (V13c); a dealt 49 may claim a 1x win before its first turn (V13d); no upcard "
     "(V13e); after you hit, going out pays only 1x (V13f); a caught dropper pays 2x to the catcher only (V13g); "
     "two spreads on your first turn going out pay 2x (V13h)"},
    {"P-WASH",
     "Washington state: 2 to 6 players, scored in points, +(n-1) to a winner and -1 to each loser (V14a); a dealt "
     "14 or less is a double tonk like 49 and 50, and every such hand is paid (V14b); a player whose spread was hit "
     "waits a turn before dropping (V14c); a caught dropper pays 2 points per player to the catcher (V14d)"},
    {"P-PUSHUP",
     "Push-ups: scored in points against you: the winner of a hand scores nothing, each loser the count left in "
     "hand, doubled after a tonk out or a dealt tonk; the lowest total wins (V15)"},
    {"P-SEATTLE", "Seattle: seven cards are dealt to each player, from the 52-card deck (V18)"},
    {"P-VIETNAM",
     "Vietnam: seven cards each from V11's 40-card deck (no 8s, 9s, 10s; 7 next to the jack); a dealt tonk is 47 or "
     "more (V18, V11)"},
};

std::string option_sentence(const OptionSpec& o, int value) {
  return std::string(o.name) + "=" + o.format(value) + ": " + std::string(o.doc) + " (" + std::string(o.rule_id) + ")";
}

}  // namespace

std::vector<std::string> rules_in_words(const Rules& rules, std::string_view base) {
  std::vector<std::string> out;
  Rules reference;
  if (!base.empty()) {
    const Preset& preset = preset_or_throw(base, "preset");
    reference = preset.rules;
    for (const auto& [name, summary] : kSummaries)
      if (name == preset.name && !summary.empty()) out.emplace_back(summary);
  }
  for (const OptionSpec& o : rule_options())
    if (o.name != "players" && o.get(rules) != o.get(reference)) out.push_back(option_sentence(o, o.get(rules)));
  return out;
}

std::string dealt_end_note(std::string_view base) {
  // Measured with `tonk sim --preset NAME --bots greedy,greedy --hands 100000 --seed 1`: hands that
  // ended with a dealt tonk (S7) or a void deal; the bots play no part in it (docs/RULES.md, V18).
  if (base == "P-SEATTLE" || base == "seattle")
    return "With seven cards many hands end at the deal: 17.6% of 100,000 two-player hands ended with a dealt tonk "
           "or a void deal (S7; 0.9% in the standard game).";
  if (base == "P-VIETNAM" || base == "vietnam")
    return "With seven cards of the 40-card deck many hands end at the deal: 23.5% of 100,000 two-player hands "
           "ended with a dealt tonk or a void deal (S7, V11; 0.9% in the standard game).";
  return "";
}

std::string rules_intro(const Rules& rules, std::string_view base) {
  const std::vector<std::string> words = rules_in_words(rules, base);
  if (words.empty()) return "";
  std::string out = "Rules that differ from the standard game (tonk rules ID explains an ID):\n";
  for (const std::string& w : words) out += "  - " + w + "\n";
  if (const std::string note = dealt_end_note(base); !note.empty()) out += note + "\n";
  return out;
}

}  // namespace tonk::cli
