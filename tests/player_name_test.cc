// The rule for a player's name (tonk/player_name.h, docs/PROTOCOL.md "Names"): Unicode's data by
// ICU, so names that look alike compare equal, blank ones and mixed-script look-alikes are refused,
// and the record writer and reader apply the same rule.
#include "tonk/player_name.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "tonk/record.h"

namespace tonk {
namespace {

const std::string kCyrillicA = "\xD0\x90";  // U+0410 CYRILLIC CAPITAL LETTER A, drawn as "A"

TEST(PlayerName, OrdinaryNamesInAnyOneScriptAreAccepted) {
  for (const std::string name : {"Ann", "Zo\xC3\xAB \xF0\x9F\x98\x80", "\xCE\xA3\xCE\xBF\xCF\x86\xCE\xAF\xCE\xB1",  // Zoë 😀, Σοφία
                                 "\xE6\x9D\x8E", "\xD0\x90\xD0\xBD\xD0\xBD\xD0\xB0",                                // 李, Анна
                                 "greedy 1", "mc:200", "O'Brien-Smith", "Jos\x65\xCC\x81"})                          // José (e + U+0301)
    EXPECT_EQ(name_problem(name), "") << name;
}

TEST(PlayerName, NamesThatDrawNothingAreBlank) {
  for (const std::string name : {"\xCC\x81",              // U+0301 combining acute accent alone
                                 "\xCC\x81\xCC\x88",      // two combining marks
                                 "\xE3\x85\xA4",          // U+3164 HANGUL FILLER
                                 "\xE2\xA0\x80",          // U+2800 BRAILLE PATTERN BLANK
                                 "\xE1\x85\x9F\xE1\x85\xA0",  // U+115F U+1160 Hangul choseong/jungseong fillers
                                 "\xE3\x80\x80"}) {       // U+3000 ideographic space
    const std::string why = name_problem(name);
    EXPECT_EQ(why.rfind("is blank", 0), 0u) << why;
  }
}

TEST(PlayerName, ControlAndFormatCharactersAreRefusedByTheirUnicodeCategory) {
  EXPECT_EQ(name_problem("A\tB"), "holds a control character");
  EXPECT_EQ(name_problem("A\xC2\x85" "B"), "holds a control character");  // U+0085 NEL
  EXPECT_EQ(name_problem("A\xE2\x80\xA8" "B"), "holds a line break");  // U+2028 LINE SEPARATOR
  EXPECT_EQ(text_problem("one\xE2\x80\xA9" "two", 200), "holds a line break");  // U+2029 PARAGRAPH SEPARATOR
  EXPECT_EQ(name_problem("Ann\xE2\x80\x8B").rfind("holds an invisible format", 0), 0u);          // U+200B
  EXPECT_EQ(name_problem("\xF3\xA0\x80\x81" "Ann").rfind("holds an invisible format", 0), 0u);   // U+E0001 LANGUAGE TAG
  EXPECT_EQ(name_problem("Ann "), "starts or ends with a space");
  EXPECT_EQ(name_problem(""), "is empty: type a name");
  EXPECT_EQ(name_problem(std::string(33, 'x')), "is 33 characters long; at most 32");
  EXPECT_EQ(name_problem("\xFF"), "is not valid UTF-8");
}

TEST(PlayerName, MixedScriptsThatLookAlikeAreRefused) {
  const std::string mixed = kCyrillicA + "nn";  // Cyrillic А, Latin nn
  EXPECT_EQ(name_problem(mixed).rfind("mixes scripts", 0), 0u) << name_problem(mixed);
  EXPECT_EQ(name_problem("P\xCE\xB1ul").rfind("mixes scripts", 0), 0u);  // a Greek alpha among Latin
  EXPECT_EQ(name_form_problem(mixed), "");  // its form is fine: only its scripts are not
}

TEST(PlayerName, NamesAreComparedByTheirConfusableSkeleton) {
  EXPECT_TRUE(names_look_alike("Ann", kCyrillicA + "nn"));
  EXPECT_TRUE(names_look_alike("Ann", "ANN"));
  EXPECT_TRUE(names_look_alike("greedy 1", "greedy l"));
  EXPECT_TRUE(names_look_alike("Jos\xC3\xA9", "Jos\x65\xCC\x81"));        // NFC: é and e + U+0301
  EXPECT_TRUE(names_look_alike("Ann", "A\xE3\x85\xA4nn"));                // a Hangul filler inside draws nothing
  EXPECT_TRUE(names_look_alike("\xD0\x90\xD0\xBD\xD0\xBD\xD0\xB0", "\xD0\xB0\xD0\xBD\xD0\xBD\xD0\xB0"));  // Анна, анна
  EXPECT_FALSE(names_look_alike("Ann", "Anne"));
  EXPECT_FALSE(names_look_alike("greedy 1", "greedy 2"));
  EXPECT_FALSE(names_look_alike("\xE6\x9D\x8E", "\xE7\x8E\x8B"));  // 李, 王
}

TEST(PlayerName, RecordsHoldOnlyNamesTheRuleAccepts) {
  HandRecord r;
  r.number = 1;
  r.rules.players = 2;
  r.seats = {"Ann", "\xCC\x81"};
  try {
    write_record(r);
    ADD_FAILURE() << "a blank seat name was written";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("is blank"), std::string::npos) << e.what();
  }
  r.seats = {"Ann", kCyrillicA + "nn"};
  EXPECT_THROW(write_record(r), std::invalid_argument);
  const std::string text = "[Game \"Tonk\"]\n[Hand \"1\"]\n[Rules \"players=2\"]\n[Seat0 \"Ann\"]\n[Seat1 \"\xE3\x85\xA4\"]\n";
  try {
    parse_records(text);
    ADD_FAILURE() << "a blank seat name was read";
  } catch (const RecordError& e) {
    EXPECT_EQ(e.line(), 5);
    EXPECT_NE(std::string(e.what()).find("is blank"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tonk
