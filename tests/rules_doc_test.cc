// docs/OPTIONS.md is generated from the option table ("rules are data"); this test fails when the
// committed file is stale. Regenerate with: build/tonk rules --markdown > docs/OPTIONS.md
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tonk/preset.h"
#include "tonk/rule_options.h"

namespace tonk {
namespace {

TEST(RulesDoc, DocsRulesMdIsGeneratedFromTheOptionTable) {
  std::ifstream in(std::string(TONK_SOURCE_DIR) + "/docs/OPTIONS.md");
  ASSERT_TRUE(in) << "docs/OPTIONS.md is missing";
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), rules_markdown())
      << "docs/OPTIONS.md is stale: regenerate it with `build/tonk rules --markdown > docs/OPTIONS.md`";
}

TEST(RulesDoc, EveryOptionCitesARuleAndHasADoc) {
  for (const OptionSpec& o : rule_options()) {
    EXPECT_FALSE(o.rule_id.empty()) << o.name;
    EXPECT_FALSE(o.doc.empty()) << o.name;
    EXPECT_TRUE(o.rule_id[0] == 'S' || o.rule_id[0] == 'V' || o.rule_id[0] == 'I') << o.name;
    EXPECT_GE(o.default_value(), o.min) << o.name;
    EXPECT_LE(o.default_value(), o.max) << o.name;
  }
}

TEST(RulesDoc, RuleLineRoundTripsEveryOption) {
  Rules changed;
  changed.players = 3;
  changed.hand_size = 7;
  changed.rediscard_taken_card = true;
  changed.book_max = 3;
  Rules parsed;
  apply_options(parsed, to_string(changed));
  EXPECT_EQ(parsed, changed);
}

}  // namespace
}  // namespace tonk
