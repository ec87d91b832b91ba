// Records under every preset (RULES.md §3): a record names its full rule set, so hands played by bots
// under a preset are written, parsed back and replayed to the same actions, end and payouts.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "tonk/bot_factory.h"
#include "every_preset.h"
#include "tonk/preset.h"
#include "tonk/record.h"
#include "tonk/rule_options.h"
#include "tonk/session.h"

namespace tonk {
namespace {

class PresetRecords : public ::testing::TestWithParam<std::string> {};

TEST_P(PresetRecords, ReplayExactly) {
  const Preset& preset = *find_preset(GetParam());
  for (int players = 2; players <= 3; ++players) {
    Rules rules = preset.rules;
    rules.players = players;
    const std::shared_ptr<const Game> game = make_game(rules);
    Session session(game, /*seed=*/1000 + static_cast<std::uint64_t>(players));
    std::vector<std::unique_ptr<Bot>> bots;
    std::vector<Bot*> seats;
    std::vector<std::string> names;
    for (int p = 0; p < players; ++p) {
      bots.push_back(make_bot(p % 2 == 0 ? "greedy" : "random", 77 + static_cast<std::uint64_t>(p)));
      seats.push_back(bots.back().get());
      names.push_back("seat" + std::to_string(p));
    }
    std::vector<HandRecord> records;
    std::vector<Outcome> outcomes;
    for (int h = 1; h <= 20; ++h) {
      Hand hand = session.deal();
      play_out(hand, seats);
      records.push_back(make_record(hand, names, h));
      outcomes.push_back(hand.outcome());
      session.finish(hand);
    }
    const std::string text = write_records(records);
    // The record's rule line is the preset's full rule set.
    EXPECT_NE(text.find(to_string(rules)), std::string::npos) << preset.name;
    const std::vector<HandRecord> parsed = parse_records(text);
    ASSERT_EQ(parsed.size(), records.size());
    for (std::size_t i = 0; i < parsed.size(); ++i) {
      EXPECT_EQ(parsed[i], records[i]) << preset.name << " hand " << i + 1;
      EXPECT_EQ(parsed[i].rules, rules);
      const Hand replayed = replay(parsed[i]);
      ASSERT_TRUE(replayed.is_over());
      EXPECT_EQ(replayed.history().size(), records[i].moves.size());
      EXPECT_EQ(replayed.outcome().reason, outcomes[i].reason);
      EXPECT_EQ(replayed.outcome().payouts, outcomes[i].payouts);
      EXPECT_EQ(replayed.outcome().counts, outcomes[i].counts);
      EXPECT_EQ(replayed.outcome().points, outcomes[i].points);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(EveryPreset, PresetRecords, ::testing::ValuesIn(preset_names()), preset_test_name);

}  // namespace
}  // namespace tonk
