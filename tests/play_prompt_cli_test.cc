// A newcomer's game, case by case, driving the real `tonk` binary (through a
// pseudo-terminal where the prompt matters).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "text_contains.h"
#include "cli_runner.h"
#include "pty_runner.h"

namespace tonk::test {
namespace {


TEST(NewcomerCli, ClaimIsOfferedAndNamedAsAClaim) {  // V13d: `--seed 7 --set dealt_claim_total=23`, dealt 23
  const CliRun r = tonk("play --seed 7 --set dealt_claim_total=23 --hands 1", "claim\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "  your hand  3c 6c Kc   Ah   3s   (5 cards, count 23)\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "claim a win with your dealt 23 (V13d), drop, s take from the stock or t take the Td  "
                              "(help, a)\n> claim\n"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "*** Hand 1 over: claim ***\n"));
  EXPECT_TRUE(contains(r.out, "  You claimed a win with a dealt count of 23 points before the first turn (V13d).\n"));
  EXPECT_FALSE(contains(r.out, "You were dealt a tonk"));
}

TEST(NewcomerCli, SlapWindowOffersSlapAndPass) {  // V21, `--set slapping=on --bots random`
  const CliRun r = tonk("play --seed 8 --set slapping=on --bots random --hands 1", "s\n1\ns\n1\nhelp\nslap 0\nq\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Hand 1, turn 2: your chance to slap the 9d (V21)")) << r.out;
  EXPECT_TRUE(contains(r.out, "slap N to slap the 9d onto spread N (V21) or pass (V21)  (help, a)\n> "));
  EXPECT_TRUE(contains(r.out, "    slap N                slap the top discard onto spread N and discard one more card "
                              "(V21) (now e.g. `slap 0`)\n"));
  EXPECT_TRUE(contains(r.out, "  You slap 9d onto spread 0 (V21).\n"));
  EXPECT_TRUE(contains(r.out, "x CARD for your extra discard (V21)  (help, a)\n> "));
}

TEST(NewcomerCli, CardTokensAreNamed) {
  const CliRun r = tonk("play --seed 1 --hands 1", "x Zz\nsp 5h5h5h\nq\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "  'Zz' is not a card (cards are rank then suit"));
  EXPECT_TRUE(contains(r.out, "  5h is named twice (each card is in the deck once)"));
}

TEST(NewcomerCli, HeaderNamesThePresetAfterOverrides) {
  const CliRun v = tonk("sim --preset vietnam --set hand_size=9 --bots greedy --hands 10 --seed 1");
  ASSERT_EQ(v.code, 0) << v.err;
  EXPECT_TRUE(contains(v.out, "(2 players, P-VIETNAM + hand_size=9), seed 1")) << v.out;
  const CliRun s = tonk("play --preset seattle --set hand_size=9 --seed 1 --hands 1", "q\n");
  ASSERT_EQ(s.code, 0) << s.err;
  EXPECT_TRUE(contains(s.out, "rules: P-SEATTLE + hand_size=9)")) << s.out;
}

TEST(NewcomerCli, IntroNamesTheDifferencesInWords) {
  const CliRun r = tonk("play --preset chicago --seed 1 --hands 1", "q\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Rules that differ from the standard game (tonk rules ID explains an ID):\n"
                              "  - Chicago: six wild cards, the deuces and two jokers; a joker counts 0 (V13a);"));
  const CliRun standard = tonk("play --seed 1 --hands 1", "q\n");
  EXPECT_FALSE(contains(standard.out, "Rules that differ"));
}

TEST(NewcomerCli, RulesSaysHowOftenSeattleAndVietnamEndAtTheDeal) {  // V18
  const CliRun s = tonk("rules seattle");
  EXPECT_TRUE(contains(s.out, "17.6% of 100,000 two-player hands ended with a dealt tonk or a void deal")) << s.out;
  const CliRun v = tonk("rules vietnam");
  EXPECT_TRUE(contains(v.out, "23.5% of 100,000 two-player hands")) << v.out;
  EXPECT_FALSE(contains(tonk("rules rush").out, "ended with a dealt tonk"));
}

TEST(NewcomerCli, RulesShowsTheDifferencesFirst) {
  const CliRun r = tonk("rules rush");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto words = r.out.find("Differences from the standard game");
  const auto table = r.out.find("option                 value");
  ASSERT_NE(words, std::string::npos);
  ASSERT_NE(table, std::string::npos);
  EXPECT_LT(words, table);
  EXPECT_TRUE(contains(r.out, "(`--all` shows all"));
  EXPECT_TRUE(contains(r.out, "\nboobed_deck "));
  EXPECT_FALSE(contains(r.out, "\nhand_size ")) << "an unchanged option is not listed without --all";
  const CliRun all = tonk("rules rush --all");
  EXPECT_TRUE(contains(all.out, "\nhand_size "));
  EXPECT_TRUE(contains(all.out, "\nboobed_deck            true *"));
}

TEST(NewcomerCli, RulesExplainsAnId) {
  const CliRun r = tonk("rules V13d");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("V13 Chicago\n\n- **V13d** A dealt 49 may **claim**", 0), 0u) << r.out;
  const CliRun e = tonk("explain S15b");
  ASSERT_EQ(e.code, 0) << e.err;
  EXPECT_TRUE(contains(e.out, "Otherwise you are **caught**"));
  const CliRun bad = tonk("explain V99");
  EXPECT_EQ(bad.code, 2);
  EXPECT_TRUE(contains(bad.err, "tonk: no rule 'V99' in docs/RULES.md"));
}

TEST(NewcomerCli, DroppingWithDAsksFirst) {
  const CliRun r = tonk("play --seed 1 --hands 1", "d\nn\nd\nmaybe\ny\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Drop with a count of 37? Every hand is shown and the hand ends (S15). [y/N] n\n"
                              "  Not dropped (type drop in full to drop without this question).\n"));
  EXPECT_TRUE(contains(r.out, "[y/N] maybe\nPlease answer y or n.\n"));
  EXPECT_TRUE(contains(r.out, "  You drop: all hands are shown (S15).\n"));
  const CliRun off = tonk("play --seed 1 --hands 1 --no-confirm", "d\n");
  EXPECT_FALSE(contains(off.out, "Drop with a count"));
  EXPECT_TRUE(contains(off.out, "  You drop: all hands are shown (S15).\n"));
  const CliRun full = tonk("play --seed 1 --hands 1", "drop\n");
  EXPECT_FALSE(contains(full.out, "Drop with a count"));
}

TEST(NewcomerCli, ArrowKeysRecallEarlierCommands) {  // line editing with libedit, at a terminal
  const PtyRun r = pty_tonk({"play", "--seed", "1", "--hands", "1"}, {"score\r", "\x1b[A\r", "q\r"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_FALSE(contains(r.out, "unknown command")) << r.out;
  std::size_t scores = 0;
  for (std::size_t at = r.out.find("Score after 0 hands"); at != std::string::npos;
       at = r.out.find("Score after 0 hands", at + 1))
    ++scores;
  EXPECT_EQ(scores, 2u) << "the up arrow brought back `score`:\n" << r.out;
}

TEST(NewcomerCli, PromptAtATerminalIsTheSameAsPiped) {  // the prompt is generated, colours aside
  const PtyRun r = pty_tonk({"play", "--seed", "7", "--set", "dealt_claim_total=23", "--hands", "1"}, {"claim\r"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "claim")) << r.out;
  EXPECT_TRUE(contains(r.out, "(V13d)"));
  EXPECT_TRUE(contains(r.out, "claimed a win with a dealt count of 23 points"));
}

TEST(NewcomerCli, SimAndArenaReportPushUpsSoThatHigherIsBetter) {  // V15
  const CliRun sim = tonk("sim --preset pushup --bots greedy,random --hands 200 --seed 1 --json");
  ASSERT_EQ(sim.code, 0) << sim.err;
  const auto j = nlohmann::json::parse(sim.out);
  EXPECT_EQ(j["unit"], "push-ups");
  EXPECT_GT(j["seats"][0]["mean"].get<double>(), j["seats"][1]["mean"].get<double>());  // greedy beats random
  EXPECT_LE(j["seats"][0]["mean"].get<double>(), 0.0);
  const CliRun arena = tonk("arena --preset pushup --bots greedy,random --deals 100 --seed 1 --json");
  ASSERT_EQ(arena.code, 0) << arena.err;
  const auto a = nlohmann::json::parse(arena.out);
  EXPECT_EQ(a["unit"], "push-ups");
  const double m0 = a["entrants"][0]["mean"], m1 = a["entrants"][1]["mean"];
  EXPECT_NEAR(a["entrants"][0]["edge"].get<double>(), (m0 - m1) / 2, 1e-9);
  EXPECT_GT(a["entrants"][0]["edge_ci95"][0].get<double>(), 0.0);
  const CliRun table = tonk("arena --preset pushup --bots greedy,random --deals 100 --seed 1");
  EXPECT_TRUE(contains(table.out, "edge over the table (95% CI)"));
  EXPECT_TRUE(contains(table.out, "Results are in push-ups per hand, negative (V15: minus the push-ups scored)"));
}

TEST(NewcomerCli, HintUnderPushUpsValuesActionsDifferently) {  // V15: it said +0.00 for everything
  const CliRun r = tonk("play --preset pushup --seed 1 --hands 1", "hint\nq\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "in push-ups (V15; shown negative, so higher is better) per hand:")) << r.out;
  const auto at = r.out.find("Hint from");
  ASSERT_NE(at, std::string::npos);
  const std::string hint = r.out.substr(at, r.out.find("\n>", at) - at);
  EXPECT_FALSE(contains(hint, "+0.00  (its choice)")) << hint;
}

TEST(NewcomerCli, PlayScriptResolvesPathsFromTheCallersDirectory) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(temp_path("caller_dir"));
  fs::create_directories(dir);
  const std::string script = std::string(TONK_SOURCE_DIR) + "/scripts/play.sh";
  const std::string cmd = "cd '" + dir.string() + "' && printf 'drop\\n' | TONK_BIN='" + TONK_CLI + "' '" + script +
                          "' --seed 1 --hands 1 --record game.tonk > out.txt 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << slurp((dir / "out.txt").string());
  EXPECT_TRUE(fs::exists(dir / "game.tonk")) << "the record is written where the user ran the script";
  const std::string out = slurp((dir / "out.txt").string());
  EXPECT_TRUE(contains(out, "check it with: ")) << out;
  EXPECT_TRUE(contains(out, " replay game.tonk\n"));
  EXPECT_FALSE(contains(out, "warning")) << out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tonk::test
