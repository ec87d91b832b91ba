// The `tonk` command line with presets and rule files (TONK_CLI is the built binary): --preset and
// --rules on play, sim and arena, the order preset -> file -> --set, `tonk rules` listing the
// presets and showing one, and errors that name the option and exit 2 before anything starts.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "text_contains.h"
#include "cli_runner.h"

#include "tonk/preset.h"
#include "tonk/rule_options.h"

namespace {

using tonk::test::CliRun;
using tonk::test::slurp;
using tonk::test::temp_path;
using tonk::test::tonk;

// A rule file of this process's own with `text`; removed when the test ends.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text) : path_(temp_path(name)) {
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

using tonk::test::contains;

// The full rule line of a preset at a table of `players`.
std::string rule_line(const char* preset, int players) {
  tonk::Rules r = tonk::find_preset(preset)->rules;
  r.players = players;
  return tonk::to_string(r);
}

// ---- tonk rules -----------------------------------------------------------------------------------

TEST(CliPresets, RulesListsThePresets) {
  const CliRun r = tonk("rules");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "preset      description                rules\n")) << r.out;
  for (const tonk::Preset& p : tonk::presets()) EXPECT_TRUE(contains(r.out, "\n" + p.name + " ")) << p.name;
  EXPECT_TRUE(contains(r.out, "\nP-RUSH      Rushville, Indiana         V12\n"));
  EXPECT_TRUE(contains(r.out, "\nP-VIETNAM   seven-card 40-card game    V18, V11\n"));
  EXPECT_TRUE(contains(r.out, "\nplayers ")) << "the options follow";
}

TEST(CliPresets, RulesShowsAPresetMarkingItsChanges) {
  const CliRun r = tonk("rules P-RUSH --all");  // every option; without --all only the changes
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1), "Rules of preset P-RUSH (Rushville, Indiana; V12).\n");
  EXPECT_TRUE(contains(r.out, "* marks a value changed from the standard game.\n"));
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex("\\ndrop_called_tonk +true \\* +V12a +true, false; default false\\n")))
      << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\ncaught_pays +4 \\* +S15b +0 to 100; default 2\\n")));
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\nstock_end +lowest_as_drop \\* +S16 +lowest_wins, dead, "
                                                  "after_last_draw, lowest_as_drop; default lowest_wins\\n")));
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\nhand_size +5 +S6 +3 to 9\\n"))) << "unchanged, unmarked";
  // Each option's doc follows its line.
  EXPECT_TRUE(contains(r.out, "    Call a drop \"tonk\" (words only).\n"));
  // Exactly the preset's changes are marked.
  std::size_t marked = 0;
  for (std::size_t at = r.out.find(" * "); at != std::string::npos; at = r.out.find(" * ", at + 1)) ++marked;
  EXPECT_EQ(marked, tonk::changed_options(tonk::find_preset("P-RUSH")->rules).size());
  // The short name and --preset show the same.
  EXPECT_EQ(tonk("rules rush --all").out, r.out);
  EXPECT_EQ(tonk("rules --preset p-rush --all").out, r.out);
}

TEST(CliPresets, RulesShowsARuleFile) {
  const TempFile file("house.toml", "base = \"rush\"\n[options]\nhand_size = 6\n");
  const CliRun r = tonk("rules --all --rules '" + file.path() + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1), "Rules of rule file " + file.path() + " (base P-RUSH).\n");
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\nhand_size +6 \\* +S6 +3 to 9; default 5\\n"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\ncaught_pays +4 \\* ")));
}

TEST(CliPresets, UnknownPresetIsRefused) {
  for (const char* args : {"rules bogus", "sim --preset bogus --bots greedy --hands 3", "play --preset bogus --seed 1",
                           "arena --preset bogus --bots greedy,random --deals 2"}) {
    const CliRun r = tonk(args, "q\n");
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(r.err,
              "tonk: invalid rules: unknown preset 'bogus' (known: P-STD, P-DC, P-NEWARK, P-BATON, P-RUSH, P-CHICAGO, "
              "P-WASH, P-PUSHUP, P-SEATTLE, P-VIETNAM)\n")
        << args;
  }
  EXPECT_EQ(tonk("rules rush --preset dc").code, 2);
  EXPECT_EQ(tonk("rules rush --markdown").code, 2);
}

// ---- --preset and --rules on play, sim and arena -----------------------------------------------------

TEST(CliPresets, SimPlaysThePreset) {
  const CliRun r = tonk("sim --preset rush --bots greedy,random --hands 50 --seed 3 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rules"], rule_line("P-RUSH", 2));
  const CliRun text = tonk("sim --preset rush --bots greedy,random --hands 50 --seed 3");
  EXPECT_TRUE(contains(text.out, "50 hands: greedy vs random (2 players, P-RUSH), seed 3\n")) << text.out;
}

TEST(CliPresets, PlayersWorksWithPresets) {
  CliRun r = tonk("sim --preset wash --players 6 --bots random --hands 20 --seed 1 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["rules"], rule_line("P-WASH", 6));
  r = tonk("sim --preset wash --bots random,greedy,random --hands 20 --seed 1 --json");  // sized by the bots
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["rules"], rule_line("P-WASH", 3));
  // V14: 2 to 6 players.
  r = tonk("sim --preset wash --players 7 --bots random --hands 20");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "tonk: invalid rules: preset P-WASH (Washington state; V14) is for 2 to 6 players, not 7\n");
  // S1: seven cards each from 40 do not seat six.
  r = tonk("sim --preset vietnam --players 6 --bots random --hands 20");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "tonk: invalid rules: the deal needs 44 cards (6 players x 7 cards + upcard + one stock card) but the deck "
            "has 40 (S1)\n");
}

TEST(CliPresets, PresetThenFileThenSet) {
  const TempFile file("order.toml", "[options]\nhand_size = 6\nmust_lay_spreads = true\nupcard = false\n");
  const CliRun r = tonk("sim --preset rush --rules '" + file.path() +
                        "' --set hand_size=7 --bots greedy --hands 5 --seed 3 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  tonk::Rules want = tonk::find_preset("P-RUSH")->rules;
  want.must_lay_spreads = true;  // the file over the preset
  want.upcard = false;
  want.hand_size = 7;  // --set over the file
  EXPECT_EQ(nlohmann::json::parse(r.out)["rules"], tonk::to_string(want));
}

TEST(CliPresets, JsonRuleFileWithABase) {
  const TempFile file("house.json", "{\"base\": \"P-CHICAGO\", \"options\": {\"players\": 3}}");
  const CliRun r = tonk("sim --rules '" + file.path() + "' --bots greedy --hands 5 --seed 3 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["rules"], rule_line("P-CHICAGO", 3));
}

TEST(CliPresets, BadRuleFilesNameTheOptionAndTheLine) {
  const TempFile unknown("unknown.toml", "base = \"rush\"\n[options]\nhand_sise = 6\n");
  CliRun r = tonk("sim --rules '" + unknown.path() + "' --bots greedy --hands 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "tonk: invalid rules: " + unknown.path() + ":3: unknown rule option 'hand_sise' (see `tonk rules`)\n");

  const TempFile type("type.json", "{\n  \"options\": {\n    \"upcard\": \"no\"\n  }\n}\n");
  r = tonk("play --seed 1 --rules '" + type.path() + "'", "q\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "tonk: invalid rules: " + type.path() +
                       ":3: option 'upcard' takes true or false, not a string (\"no\")\n");

  const TempFile malformed("malformed.toml", "[options]\nhand_size = = 6\n");
  r = tonk("rules --rules '" + malformed.path() + "'");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "tonk: invalid rules: " + malformed.path() + ":2: malformed TOML: ")) << r.err;

  r = tonk("rules --rules /nonexistent-dir/house.toml");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: invalid rules: /nonexistent-dir/house.toml: cannot open the file (No such file or directory)\n");
}

TEST(CliPresets, PresetContradictingTheFilesBaseIsRefused) {
  const TempFile file("base.toml", "base = \"rush\"\n");
  const CliRun r = tonk("sim --preset dc --rules '" + file.path() + "' --bots greedy --hands 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: --preset P-DC contradicts base = \"P-RUSH\" in " + file.path() + "\n");
  // The same preset twice is no contradiction.
  EXPECT_EQ(tonk("sim --preset rush --rules '" + file.path() + "' --bots greedy --hands 5 --seed 1").code, 0);
}

TEST(CliPresets, PlayAndArenaTakePresets) {
  CliRun r = tonk("play --preset rush --seed 1", "q\n");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "(2 players; rules: P-RUSH)")) << r.out;
  r = tonk("arena --preset chicago --bots greedy,random --deals 10 --seed 1");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "(2 players, P-CHICAGO), seed 1\n")) << r.out;
}

}  // namespace
