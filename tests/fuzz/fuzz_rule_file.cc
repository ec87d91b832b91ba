// libFuzzer target: the rule-file reader (TOML via toml++, JSON via nlohmann-json) on arbitrary text;
// the first byte picks the format. Oracles: parse_rule_file() throws only RuleError (a crash, an
// assertion of toml++, a stack overflow or any other exception is a finding); what it accepts is
// a valid rule set whose text form (to_string) reads back to the same rules.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string_view>

#include "random_game.h"
#include "tonk/rule_file.h"
#include "tonk/rule_options.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tonk;
  if (size == 0) return 0;
  const RuleFileFormat format = (data[0] & 1) ? RuleFileFormat::kJson : RuleFileFormat::kToml;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    RuleFile file;
    try {
      file = parse_rule_file(text, format, "fuzz");
    } catch (const RuleError&) {
      return 0;
    }
    try {
      validate(file.rules);
    } catch (const RuleError& e) {
      throw fuzz::Finding(std::string("accepted rules that validate() refuses: ") + e.what());
    }
    fuzz::require(file.rules.players <= file.max_players, "accepted more players than max_players");
    Rules back;
    apply_options(back, to_string(file.rules));
    fuzz::require(back == file.rules, "to_string -> apply_options is not the rules accepted");
  } catch (const fuzz::Finding& f) {
    std::cerr << "FINDING: " << f.what() << "\n";
    std::abort();
  }
  return 0;
}
