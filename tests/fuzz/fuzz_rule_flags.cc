// libFuzzer target: the rule flags' layering (apps/tonk/rule_flags.cc: --preset, then --set items,
// then --players), as `tonk play/sim/arena` apply them. The input's lines are: a preset name, a
// players count, then --set items. Oracles: only RuleError or UsageError escape; rules that pass
// check_rules() are valid, keep the preset's table limit, read back from their text form, and a
// hand played under them is zero-sum with its deck intact and records round trip.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "random_game.h"
#include "rule_flags.h"
#include "tonk/preset.h"
#include "tonk/rule_options.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tonk;
  if (size > 4096) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> lines;
  std::size_t pos = 0;
  while (pos <= text.size() && lines.size() < 12) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  cli::RuleFlags flags;
  flags.preset = lines[0];
  if (lines.size() > 1 && !lines[1].empty() && lines[1].size() <= 2 &&
      lines[1].find_first_not_of("0123456789") == std::string::npos)
    flags.players = std::stoi(lines[1]);
  for (std::size_t i = 2; i < lines.size(); ++i) flags.settings.push_back(lines[i]);
  try {
    cli::ChosenRules chosen;
    Rules rules;
    try {
      chosen = cli::choose_rules(flags);
      rules = chosen.rules;
      if (rules.players == 0) rules.players = 2;
      cli::check_rules(chosen, rules);
    } catch (const RuleError&) {
      return 0;
    } catch (const cli::UsageError&) {
      return 0;
    }
    validate(rules);
    fuzz::require(rules.players <= chosen.max_players, "the preset's table limit was lost");
    if (const Preset* p = find_preset(flags.preset))
      fuzz::require(chosen.max_players == p->max_players, "the preset's max_players changed");
    Rules back;
    apply_options(back, to_string(rules));
    fuzz::require(back == rules, "to_string -> apply_options is not the rules chosen");
    Rng rng(size);
    const std::shared_ptr<const Game> shared = make_game(rules);
    const Game& game = *shared;
    const Hand hand = fuzz::random_hand(shared, rng);
    fuzz::check_finished(hand);
    std::vector<std::string> seats;
    for (int p = 0; p < game.num_players(); ++p) seats.push_back("s" + std::to_string(p));
    fuzz::check_round_trip(make_record(hand, seats, 1, fuzz::random_tags(rules, rng)));
  } catch (const fuzz::Finding& f) {
    std::cerr << "FINDING: " << f.what() << "\n";
    std::abort();
  }
  return 0;
}
