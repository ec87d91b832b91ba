// The presets of RULES.md §3 as data (presets/*.toml) and rule files in TOML and JSON: each preset's
// exact options, finding presets by name, loading files, and every class of error naming its option.
#include "tonk/preset.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tonk/game.h"
#include "tonk/rule_file.h"
#include "tonk/rule_options.h"

namespace tonk {
namespace {

// ---- each preset's options are exactly the listed ones ------------------------------------------

// The standard game with exactly the options the lead's mapping lists for each preset.
Rules expected_rules(std::string_view name) {
  Rules r;
  if (name == "P-DC") {  // V9
    r.dealt_low_max = 11;
    r.dealt_low_pays = 2;
    r.multiple_dealt_tonks = MultipleDealtTonks::kBest;
    r.dealt_priority = DealtPriority::kLowFirst;
  } else if (name == "P-NEWARK") {  // V10
    r.dealt_low_max = 13;
    r.dealt_low_pays = 2;
    r.multiple_dealt_tonks = MultipleDealtTonks::kBestNearest;
    r.dealt_priority = DealtPriority::kHighFirst;
    r.first_turn_out_pays = 4;
  } else if (name == "P-BATON") {  // V11
    r.deck = DeckKind::kForty;
    r.dealt_tonk_min = 47;
  } else if (name == "P-RUSH") {  // V12
    r.drop_called_tonk = true;
    r.dealt_tonk_min = 0;
    r.dealt_five_faces_pays = 2;
    r.drop_pays = 1;
    r.tonk_out_pays = 2;
    r.hit_out_pays = 2;
    r.out_by_discard_pays = 2;
    r.caught_payout = CaughtPayout::kCatchersOnly;
    r.caught_pays = 4;
    r.boobed_deck = true;
    r.stock_end = StockEnd::kLowestAsDrop;
    r.scoring = Scoring::kUnits;
  } else if (name == "P-CHICAGO") {  // V13
    r.jokers = 2;
    r.wild_cards = WildCards::kDeucesJokers;
    r.dealt_tonk_min = 50;
    r.dealt_tonk_max = 50;
    r.dealt_low_max = 13;
    r.multiple_dealt_tonks = MultipleDealtTonks::kBest;
    r.dealt_claim_total = 49;
    r.dealt_claim_pays = 1;
    r.upcard = false;
    r.hit_breaks_double = true;
    r.caught_payout = CaughtPayout::kLowestOnly;
    r.caught_pays = 2;
    r.first_turn_out_pays = 2;
    r.double_spread_out_pays = 1;  // V13h, I9: a later turn's double spread wins 1x; a single spread 2x
    r.hit_out_pays = 1;
  } else if (name == "P-WASH") {  // V14
    r.scoring = Scoring::kPoints;
    r.dealt_low_max = 14;
    r.dealt_low_pays = 2;
    r.multiple_dealt_tonks = MultipleDealtTonks::kAll;
    r.hit_wait = 1;
    r.caught_payout = CaughtPayout::kLowestOnly;
    r.caught_pays = 2;
    r.caught_pays_per_player = true;
    r.tonk_out_pays = 1;  // V14a: only V14b's double tonk pays 2
    r.hit_out_pays = 1;
  } else if (name == "P-PUSHUP") {  // V15
    r.scoring = Scoring::kPushups;
  } else if (name == "P-SEATTLE") {  // V18
    r.hand_size = 7;
  } else if (name == "P-VIETNAM") {  // V18 with V11's deck
    r.hand_size = 7;
    r.deck = DeckKind::kForty;
    r.dealt_tonk_min = 47;
  } else {
    EXPECT_EQ(name, "P-STD");
  }
  return r;
}

struct Expected {
  const char* name;
  const char* description;
  std::vector<std::string> rule_ids;
  int max_players;
};

const std::vector<Expected>& expected_presets() {
  static const std::vector<Expected> kAll = {
      {"P-STD", "the standard game", {"S1–S18"}, kMaxPlayers},
      {"P-DC", "Washington DC", {"V9"}, kMaxPlayers},
      {"P-NEWARK", "Newark, New Jersey", {"V10"}, kMaxPlayers},
      {"P-BATON", "Baton Rouge, also US Army", {"V11"}, kMaxPlayers},
      {"P-RUSH", "Rushville, Indiana", {"V12"}, kMaxPlayers},
      {"P-CHICAGO", "Chicago cab drivers", {"V13"}, kMaxPlayers},
      {"P-WASH", "Washington state", {"V14"}, 6},
      {"P-PUSHUP", "push-ups, for points", {"V15"}, kMaxPlayers},
      {"P-SEATTLE", "Seattle longshoremen", {"V18"}, kMaxPlayers},
      {"P-VIETNAM", "seven-card 40-card game", {"V18", "V11"}, kMaxPlayers},
  };
  return kAll;
}

void PrintTo(const Expected& e, std::ostream* os) { *os << e.name; }

// One test per preset: name, description, rule IDs, table size, and every option.
class PresetOptions : public ::testing::TestWithParam<Expected> {};

TEST_P(PresetOptions, AreExactlyTheListedOnesAndValidate) {
  const Expected& want = GetParam();
  const Preset* p = find_preset(want.name);
  ASSERT_NE(p, nullptr) << want.name;
  EXPECT_EQ(p->name, want.name);
  EXPECT_EQ(p->description, want.description);
  EXPECT_EQ(p->rule_ids, want.rule_ids);
  EXPECT_EQ(p->max_players, want.max_players);
  EXPECT_EQ(to_string(p->rules), to_string(expected_rules(want.name)));
  EXPECT_EQ(p->rules, expected_rules(want.name));
  EXPECT_NO_THROW(validate(p->rules));
  EXPECT_NO_THROW(Game{p->rules});
}

INSTANTIATE_TEST_SUITE_P(AllPresets, PresetOptions, ::testing::ValuesIn(expected_presets()),
                         [](const ::testing::TestParamInfo<Expected>& info) {
                           return std::string(info.param.name).substr(2);  // without "P-"
                         });

TEST(Presets, AreThoseOfRulesMdInItsOrder) {
  std::vector<std::string> names;
  for (const Preset& p : presets()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"P-STD", "P-DC", "P-NEWARK", "P-BATON", "P-RUSH", "P-CHICAGO", "P-WASH",
                                             "P-PUSHUP", "P-SEATTLE", "P-VIETNAM"}));
}

TEST(Presets, StandardPresetIsTheDefaultRules) { EXPECT_EQ(find_preset("P-STD")->rules, Rules{}); }

TEST(Presets, ChangedOptionsListsWhatDiffersFromTheStandardGame) {
  EXPECT_EQ(changed_options(find_preset("P-STD")->rules), std::vector<std::string>{});
  EXPECT_EQ(changed_options(find_preset("P-VIETNAM")->rules),
            (std::vector<std::string>{"hand_size=7", "deck=forty", "dealt_tonk_min=47"}));
}

// The files in presets/ are the ones built into the library (the build embeds them).
TEST(Presets, EveryFileInPresetsDirIsBuiltIn) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TONK_SOURCE_DIR) + "/presets")) {
    if (entry.path().extension() != ".toml") continue;
    ++files;
    const RuleFile f = load_rule_file(entry.path().string());
    const Preset* p = find_preset(f.name);
    ASSERT_NE(p, nullptr) << entry.path();
    EXPECT_EQ(entry.path().stem().string(), p->name);
    EXPECT_EQ(f.rules, p->rules) << p->name << ": rebuild to embed the changed file";
    EXPECT_EQ(f.description, p->description);
  }
  EXPECT_EQ(files, static_cast<int>(presets().size()));
}

// ---- finding presets ------------------------------------------------------------------------------

TEST(FindPreset, IgnoresCaseAndThePrefix) {
  const Preset* rush = find_preset("P-RUSH");
  ASSERT_NE(rush, nullptr);
  for (const char* name : {"rush", "RUSH", "Rush", "p-rush", "P-Rush"}) EXPECT_EQ(find_preset(name), rush) << name;
  EXPECT_EQ(find_preset("std"), find_preset("P-STD"));
  EXPECT_EQ(find_preset("vietnam")->name, "P-VIETNAM");
}

TEST(FindPreset, UnknownNamesAreNotFound) {
  for (const char* name : {"", "P-", "rus", "P-RUSHVILLE", "X-RUSH", " rush"})
    EXPECT_EQ(find_preset(name), nullptr) << name;
}

TEST(FindPreset, OrThrowNamesTheOptionAndListsThePresets) {
  try {
    preset_or_throw("bogus");
    FAIL() << "no RuleError";
  } catch (const RuleError& e) {
    EXPECT_EQ(e.option(), "preset");
    EXPECT_EQ(std::string(e.what()),
              "unknown preset 'bogus' (known: P-STD, P-DC, P-NEWARK, P-BATON, P-RUSH, P-CHICAGO, P-WASH, P-PUSHUP, "
              "P-SEATTLE, P-VIETNAM)");
  }
  EXPECT_EQ(&preset_or_throw("wash"), find_preset("P-WASH"));
}

// ---- rule files that load ---------------------------------------------------------------------------

TEST(RuleFile, TomlWithABaseAndOptions) {
  const RuleFile f = parse_rule_file(
      "# Rushville with seven cards\n"
      "base = \"rush\"\n"
      "name = \"Rush7\"\n"
      "description = \"Rushville, seven cards\"\n"
      "rules = \"V12, V18\"\n"
      "[options]\n"
      "hand_size = 7\n"
      "must_lay_spreads = true\n"
      "stock_end = \"dead\"\n",
      RuleFileFormat::kToml, "rush7.toml");
  EXPECT_EQ(f.base, "P-RUSH");
  EXPECT_EQ(f.name, "Rush7");
  EXPECT_EQ(f.description, "Rushville, seven cards");
  EXPECT_EQ(f.rule_ids, (std::vector<std::string>{"V12", "V18"}));
  EXPECT_EQ(f.options, (std::vector<std::string>{"hand_size", "must_lay_spreads", "stock_end"}));
  Rules want = find_preset("P-RUSH")->rules;
  want.hand_size = 7;
  want.must_lay_spreads = true;
  want.stock_end = StockEnd::kDead;
  EXPECT_EQ(f.rules, want);
}

TEST(RuleFile, JsonWithABaseAndOptions) {
  const RuleFile f = parse_rule_file(
      "{\n"
      "  \"base\": \"P-WASH\",\n"
      "  \"options\": {\"players\": 4, \"hit_wait\": 2, \"upcard\": false, \"caught_payout\": \"standard\"}\n"
      "}\n",
      RuleFileFormat::kJson, "wash.json");
  EXPECT_EQ(f.base, "P-WASH");
  EXPECT_EQ(f.max_players, 6);  // the base's
  EXPECT_EQ(f.options, (std::vector<std::string>{"players", "hit_wait", "upcard", "caught_payout"}));
  Rules want = find_preset("P-WASH")->rules;
  want.players = 4;
  want.hit_wait = 2;
  want.upcard = false;
  want.caught_payout = CaughtPayout::kStandard;
  EXPECT_EQ(f.rules, want);
}

TEST(RuleFile, WithoutABaseStartsFromTheGivenRules) {
  Rules start;
  start.hand_size = 6;
  const RuleFile toml = parse_rule_file("[options]\nupcard = false\n", RuleFileFormat::kToml, "a.toml", start);
  EXPECT_EQ(toml.base, "");
  Rules want = start;
  want.upcard = false;
  EXPECT_EQ(toml.rules, want);
  EXPECT_EQ(parse_rule_file("{\"options\": {\"upcard\": false}}", RuleFileFormat::kJson, "a.json", start).rules, want);
  // An empty file is the start itself.
  EXPECT_EQ(parse_rule_file("", RuleFileFormat::kToml, "empty.toml").rules, Rules{});
  EXPECT_EQ(parse_rule_file("{}", RuleFileFormat::kJson, "empty.json").rules, Rules{});
}

// load_rule_file() picks the syntax by the file's name, else by its first character.
TEST(RuleFile, LoadsFromDiskByExtensionOrContent) {
  const std::string dir = testing::TempDir() + "tonk_preset_test_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  const std::vector<std::pair<std::string, std::string>> files = {
      {"a.toml", "[options]\nhand_size = 6\n"},
      {"a.json", "{\"options\": {\"hand_size\": 6}}"},
      {"a.rules", "  {\"options\": {\"hand_size\": 6}}"},
      {"b.rules", "[options]\nhand_size = 6\n"},
  };
  for (const auto& [name, text] : files) {
    std::ofstream(dir + "/" + name) << text;
    EXPECT_EQ(load_rule_file(dir + "/" + name).rules.hand_size, 6) << name;
  }
  try {
    load_rule_file(dir + "/missing.toml");
    FAIL() << "no RuleError";
  } catch (const RuleError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot read rule file '" + dir + "/missing.toml'");
  }
  std::filesystem::remove_all(dir);
}

// ---- every class of error names the option and the line ---------------------------------------------

struct ErrorCase {
  const char* label;
  RuleFileFormat format;
  const char* text;
  const char* option;
  const char* message;
};

void PrintTo(const ErrorCase& c, std::ostream* os) { *os << c.label; }

class RuleFileErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(RuleFileErrors, NameTheOptionAndTheLine) {
  const ErrorCase& c = GetParam();
  const std::string source = c.format == RuleFileFormat::kJson ? "house.json" : "house.toml";
  try {
    parse_rule_file(c.text, c.format, source);
    FAIL() << "no RuleError for " << c.label;
  } catch (const RuleError& e) {
    EXPECT_EQ(e.option(), c.option);
    EXPECT_EQ(std::string(e.what()), c.message);
  }
}

constexpr auto kToml = RuleFileFormat::kToml;
constexpr auto kJson = RuleFileFormat::kJson;

INSTANTIATE_TEST_SUITE_P(
    AllClasses, RuleFileErrors,
    ::testing::Values(
        ErrorCase{"UnknownOption", kToml, "[options]\nhand_size = 7\nhand_sise = 7\n", "hand_sise",
                  "house.toml:3: unknown rule option 'hand_sise' (see `tonk rules`)"},
        ErrorCase{"UnknownOptionJson", kJson, "{\n\"options\": {\n  \"hand_sise\": 7\n}}", "hand_sise",
                  "house.json:3: unknown rule option 'hand_sise' (see `tonk rules`)"},
        ErrorCase{"IntGivenAString", kToml, "[options]\nhand_size = \"7\"\n", "hand_size",
                  "house.toml:2: option 'hand_size' takes a whole number, not a string (\"7\")"},
        ErrorCase{"IntGivenADecimal", kJson, "{\"options\": {\"hand_size\": 7.5}}", "hand_size",
                  "house.json:1: option 'hand_size' takes a whole number, not a decimal number"},
        ErrorCase{"BoolGivenANumber", kToml, "[options]\n\nupcard = 0\n", "upcard",
                  "house.toml:3: option 'upcard' takes true or false, not a whole number (0)"},
        ErrorCase{"ChoiceGivenABool", kJson, "{\"options\": {\n\"deck\": true}}", "deck",
                  "house.json:2: option 'deck' takes one of full52, forty (as a string), not a boolean (true)"},
        ErrorCase{"ChoiceUnknown", kToml, "[options]\ndeck = \"fifty\"\n", "deck",
                  "house.toml:2: option 'deck' takes one of full52, forty, not 'fifty'"},
        ErrorCase{"OutOfRange", kToml, "[options]\nhand_size = 12\n", "hand_size",
                  "house.toml:2: option 'hand_size' must be from 3 to 9, not 12"},
        ErrorCase{"OutOfRangeHuge", kJson, "{\"options\": {\"players\": 10000000000000000000}}", "players",
                  "house.json:1: option 'players' must be from 2 to 8, not 10000000000000000000"},
        ErrorCase{"OutOfRangeNegative", kToml, "[options]\ncaught_pays = -1\n", "caught_pays",
                  "house.toml:2: option 'caught_pays' must be from 0 to 100, not -1"},
        ErrorCase{"ContradictorySet", kToml, "[options]\nplayers = 6\nhand_size = 9\n", "players",
                  "house.toml:2: the deal needs 56 cards (6 players x 9 cards + upcard + one stock card) but the "
                  "deck has 52 (S1)"},
        ErrorCase{"ContradictoryWithBase", kToml, "base = \"P-VIETNAM\"\n[options]\nplayers = 6\n", "players",
                  "house.toml:3: the deal needs 44 cards (6 players x 7 cards + upcard + one stock card) but the "
                  "deck has 40 (S1)"},
        ErrorCase{"OptionNotSetByTheFile", kToml, "[options]\ndealt_low_max = 49\n", "dealt_low_max",
                  "house.toml:2: dealt_low_max (49) overlaps the dealt tonk totals from dealt_tonk_min (49)"},
        ErrorCase{"MalformedToml", kToml, "[options]\nhand_size = 7\nupcard = \n", "",
                  "house.toml:3: malformed TOML: Error while parsing key-value pair: expected value, saw '\\n'"},
        ErrorCase{"MalformedJson", kJson, "{\"options\": {\n  \"hand_size\": 7,\n}}", "",
                  "house.json:3: malformed JSON: syntax error while parsing object key - unexpected '}'; expected "
                  "string literal"},
        ErrorCase{"JsonNotAnObject", kJson, "[1, 2]", "",
                  "house.json:1: a JSON rule file is an object: {\"base\": ..., \"options\": {...}}"},
        ErrorCase{"UnknownBase", kToml, "name = \"x\"\nbase = \"P-MARS\"\n", "base",
                  "house.toml:2: unknown preset 'P-MARS' (known: P-STD, P-DC, P-NEWARK, P-BATON, P-RUSH, P-CHICAGO, "
                  "P-WASH, P-PUSHUP, P-SEATTLE, P-VIETNAM)"},
        ErrorCase{"BaseNotAString", kToml, "base = 3\n", "base",
                  "house.toml:1: 'base' takes a preset's name, not a whole number (3)"},
        ErrorCase{"OptionOutsideTheTable", kToml, "hand_size = 7\n", "hand_size",
                  "house.toml:1: rule option 'hand_size' belongs under [options]"},
        ErrorCase{"OptionOutsideTheObject", kJson, "{\"hand_size\": 7}", "hand_size",
                  "house.json:1: rule option 'hand_size' belongs under \"options\""},
        ErrorCase{"UnknownKey", kToml, "colour = \"red\"\n", "colour",
                  "house.toml:1: unknown key 'colour' (a rule file has base, name, description, rules, max_players "
                  "and options)"},
        ErrorCase{"OptionsNotATable", kToml, "options = 3\n", "options",
                  "house.toml:1: 'options' takes a table of rule options, not a whole number (3)"},
        ErrorCase{"TableTooBig", kToml, "base = \"wash\"\n[options]\nplayers = 7\n", "players",
                  "house.toml:3: P-WASH is for 2 to 6 players, not 7"},
        ErrorCase{"MaxPlayersOutOfRange", kToml, "max_players = 9\n", "max_players",
                  "house.toml:1: 'max_players' must be from 2 to 8, not 9"}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) { return std::string(info.param.label); });

}  // namespace
}  // namespace tonk
