// `tonk arena` as a program, and the line between fair bots and the oracle on the command line:
// the arena seats the oracle, `tonk play` and `tonk sim` refuse it.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

namespace {

struct CliResult {
  int code = -1;
  std::string out;
  std::string err;
};

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `tonk ARGS` with `input` on stdin (TONK_CLI is the built binary).
CliResult tonk(const std::string& args, const std::string& input = "") {
  const std::string base = testing::TempDir() + "tonk_arena_cli_" + std::to_string(::getpid()) + "_";
  const std::string in = base + "in", out = base + "out", err = base + "err";
  std::ofstream(in, std::ios::binary) << input;
  const std::string cmd = std::string("'") + TONK_CLI + "' " + args + " <'" + in + "' >'" + out + "' 2>'" + err + "'";
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_all(out);
  r.err = read_all(err);
  for (const std::string& f : {in, out, err}) std::remove(f.c_str());
  return r;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The JSON of a run without what measures wall-clock time or the machine.
nlohmann::json without_timing(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text);
  j.erase("seconds");
  j.erase("threads");
  for (auto& e : j["entrants"]) e.erase("decision_ms");
  return j;
}

TEST(ArenaCli, SameResultsOnOneAndTwoThreads) {
  const std::string args = "arena --bots mc:2,greedy,random --deals 20 --seed 4 --json --threads ";
  const CliResult one = tonk(args + "1");
  const CliResult two = tonk(args + "2");
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_EQ(without_timing(one.out), without_timing(two.out));
  const nlohmann::json j = nlohmann::json::parse(one.out);
  EXPECT_EQ(j["deals"], 20);
  EXPECT_EQ(j["hands"], 60);  // 20 deals x 3 rotations
  EXPECT_EQ(j["players"], 3);
  EXPECT_EQ(j["entrants"].size(), 3u);
  EXPECT_EQ(j["entrants"][0]["bot"], "mc:2");
  EXPECT_EQ(j["entrants"][0]["ci95"].size(), 2u);
}

TEST(ArenaCli, TableNamesEveryEntrant) {
  const CliResult r = tonk("arena --bots oracle:1,greedy --deals 5 --seed 2");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "5 deals x 2 rotations = 10 hands: oracle:1 vs greedy")) << r.out;
  EXPECT_TRUE(has(r.out, "median ms")) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(ArenaCli, BadInputIsRefused) {
  EXPECT_EQ(tonk("arena --bots greedy --deals 0").code, 2);
  EXPECT_EQ(tonk("arena --bots greedy --deals 5 --threads 0").code, 2);
  EXPECT_EQ(tonk("arena --bots greedy,mc:0 --deals 5").code, 2);
  const CliResult r = tonk("arena --bots greedy,wizard --deals 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(has(r.err, "unknown bot 'wizard'")) << r.err;
  EXPECT_TRUE(has(r.err, "oracle")) << r.err;  // the arena lists the oracle among its kinds
}

// The oracle sees every card: `tonk play` must never seat it as an opponent, nor may `tonk sim`.
TEST(ArenaCli, OracleIsNotOfferedByPlayOrSim) {
  CliResult r = tonk("play --bots oracle --seed 1", "q\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(has(r.err, "unknown bot 'oracle'")) << r.err;
  EXPECT_FALSE(has(r.err, "oracle,")) << r.err;  // and it is not listed among the known kinds
  r = tonk("play --bots oracle:5 --seed 1", "q\n");
  EXPECT_EQ(r.code, 2);
  r = tonk("sim --bots oracle,greedy --hands 3");
  EXPECT_EQ(r.code, 2);
  EXPECT_FALSE(has(tonk("play --help").out, "oracle"));
}

TEST(ArenaCli, PlayAndSimAcceptTheMonteCarloBot) {
  const CliResult sim = tonk("sim --bots mc:2,greedy --hands 5 --seed 3");
  EXPECT_EQ(sim.code, 0) << sim.err;
  EXPECT_TRUE(has(sim.out, "mc:2")) << sim.out;
  const CliResult play = tonk("play --bots mc:2 --seed 3 --hands 1", "q\n");
  EXPECT_EQ(play.code, 0) << play.err;
}

// The hint searches from the person's view with the Monte Carlo bot, and is reproducible from the seed.
TEST(PlayHint, ShowsTheMonteCarloBotsBestActions) {
  const CliResult r = tonk("play --seed 7 --hands 1", "hint\nq\n");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "Hint from the Monte Carlo bot (200 deals of the cards you have not seen)")) << r.out;
  EXPECT_TRUE(has(r.out, "(its choice)")) << r.out;
  EXPECT_EQ(r.out, tonk("play --seed 7 --hands 1", "hint\nq\n").out);
  EXPECT_TRUE(has(tonk("play --seed 7 --hands 1", "help\nq\n").out, "hint ")) << r.out;
  EXPECT_TRUE(has(tonk("play --seed 7 --hands 1", "hint now\nq\n").out, "'hint' takes nothing after it"));
}

}  // namespace
