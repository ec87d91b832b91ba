// `tonk arena` as a program, and the line between fair bots and the oracle on the command line:
// the arena seats the oracle, `tonk play` and `tonk sim` refuse it.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "text_contains.h"

namespace {

using tonk::test::CliRun;
using tonk::test::tonk;

using tonk::test::contains;

// The JSON of a run without what measures wall-clock time or the machine.
nlohmann::json arena_json_without_timing(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text);
  j.erase("seconds");
  j.erase("threads");
  for (auto& e : j["entrants"]) e.erase("decision_ms");
  return j;
}

TEST(ArenaCli, SameResultsOnOneAndTwoThreads) {
  const std::string args = "arena --bots mc:2,greedy,random --deals 20 --seed 4 --json --threads ";
  const CliRun one = tonk(args + "1");
  const CliRun two = tonk(args + "2");
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_EQ(arena_json_without_timing(one.out), arena_json_without_timing(two.out));
  const nlohmann::json j = nlohmann::json::parse(one.out);
  EXPECT_EQ(j["deals"], 20);
  EXPECT_EQ(j["hands"], 60);  // 20 deals x 3 rotations
  EXPECT_EQ(j["players"], 3);
  EXPECT_EQ(j["entrants"].size(), 3u);
  EXPECT_EQ(j["entrants"][0]["bot"], "mc:2");
  EXPECT_EQ(j["entrants"][0]["ci95"].size(), 2u);
}

TEST(ArenaCli, TableNamesEveryEntrant) {
  const CliRun r = tonk("arena --bots oracle:1,greedy --deals 5 --seed 2");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "5 deals x 2 rotations = 10 hands: oracle:1 vs greedy")) << r.out;
  EXPECT_TRUE(contains(r.out, "median ms")) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(ArenaCli, BadInputIsRefused) {
  EXPECT_EQ(tonk("arena --bots greedy --deals 0").code, 2);
  EXPECT_EQ(tonk("arena --bots greedy --deals 5 --threads 0").code, 2);
  EXPECT_EQ(tonk("arena --bots greedy,mc:0 --deals 5").code, 2);
  const CliRun r = tonk("arena --bots greedy,wizard --deals 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "unknown bot 'wizard'")) << r.err;
  EXPECT_TRUE(contains(r.err, "oracle")) << r.err;  // the arena lists the oracle among its kinds
}

// The oracle sees every card: `tonk play` must never seat it as an opponent, nor may `tonk sim`.
TEST(ArenaCli, OracleIsNotOfferedByPlayOrSim) {
  CliRun r = tonk("play --bots oracle --seed 1", "q\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "unknown bot 'oracle'")) << r.err;
  EXPECT_FALSE(contains(r.err, "oracle,")) << r.err;  // and it is not listed among the known kinds
  r = tonk("play --bots oracle:5 --seed 1", "q\n");
  EXPECT_EQ(r.code, 2);
  r = tonk("sim --bots oracle,greedy --hands 3");
  EXPECT_EQ(r.code, 2);
  EXPECT_FALSE(contains(tonk("play --help").out, "oracle"));
}

TEST(ArenaCli, PlayAndSimAcceptTheMonteCarloBot) {
  const CliRun sim = tonk("sim --bots mc:2,greedy --hands 5 --seed 3");
  EXPECT_EQ(sim.code, 0) << sim.err;
  EXPECT_TRUE(contains(sim.out, "mc:2")) << sim.out;
  const CliRun play = tonk("play --bots mc:2 --seed 3 --hands 1", "q\n");
  EXPECT_EQ(play.code, 0) << play.err;
}

// The hint searches from the person's view with the Monte Carlo bot, and is reproducible from the seed.
TEST(PlayHint, ShowsTheMonteCarloBotsBestActions) {
  const CliRun r = tonk("play --seed 7 --hands 1", "hint\nq\n");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Hint from the Monte Carlo bot (200 deals of the cards you have not seen)")) << r.out;
  EXPECT_TRUE(contains(r.out, "(its choice)")) << r.out;
  EXPECT_EQ(r.out, tonk("play --seed 7 --hands 1", "hint\nq\n").out);
  EXPECT_TRUE(contains(tonk("play --seed 7 --hands 1", "help\nq\n").out, "hint ")) << r.out;
  EXPECT_TRUE(contains(tonk("play --seed 7 --hands 1", "hint now\nq\n").out, "'hint' takes nothing after it"));
}

}  // namespace
