// The `tonk` command line, run as a program (TONK_CLI is the built binary): exit codes, error
// messages, the exact output of non-interactive runs, and scripted `play` sessions fed through stdin.
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

using tonk::test::contains;

// Drops the lines that measure wall-clock time, so two runs can be compared exactly.
std::string without_timing(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line))
    if (line.rfind("speed:", 0) != 0) out += line + "\n";
  return out;
}

// ---- the program and its help --------------------------------------------------------------

TEST(Cli, HelpListsTheSubcommands) {
  const CliRun r = tonk("--help");
  EXPECT_EQ(r.code, 0);
  for (const char* sub : {"play", "sim", "rules", "replay"}) EXPECT_TRUE(contains(r.out, sub)) << sub;
  EXPECT_EQ(r.err, "");
}

TEST(Cli, EachSubcommandHasHelp) {
  for (const char* sub : {"play", "sim", "rules", "replay"}) {
    const CliRun r = tonk(std::string(sub) + " --help");
    EXPECT_EQ(r.code, 0) << sub;
    EXPECT_TRUE(contains(r.out, std::string("Usage: tonk ") + sub)) << r.out;
  }
  EXPECT_TRUE(contains(tonk("play --help").out, "--opponents"));
  EXPECT_TRUE(contains(tonk("sim --help").out, "--json"));
}

TEST(Cli, VersionFlag) {
  const CliRun r = tonk("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("tonk ", 0), 0u) << r.out;
}

TEST(Cli, MissingSubcommandIsAUsageError) {
  const CliRun r = tonk("");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "subcommand")) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(Cli, UnknownFlagIsAUsageError) {
  const CliRun r = tonk("play --bogus");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "--bogus")) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(tonk("dance").code, 2);
  EXPECT_EQ(tonk("sim --bots greedy --hands lots").code, 2);
}

// ---- rule flags: errors name the option, exit 2, nothing starts -------------------------------

TEST(Cli, UnknownRuleOptionIsRefused) {
  const CliRun r = tonk("play --seed 1 --set nonsense=3", "s\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: invalid rules: unknown rule option 'nonsense' (see `tonk rules`)\n");
  EXPECT_EQ(r.out, "");
}

TEST(Cli, RuleValueOutOfRangeNamesTheOption) {
  const CliRun r = tonk("sim --bots greedy --hands 3 --set players=9");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: invalid rules: option 'players' must be from 2 to 8, not 9\n");
  EXPECT_EQ(r.out, "");
}

TEST(Cli, RuleValueOfTheWrongTypeNamesTheOption) {
  const CliRun r = tonk("rules --set upcard=maybe");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: invalid rules: option 'upcard' takes true or false, not 'maybe'\n");
  EXPECT_EQ(tonk("rules --set hand_size").code, 2);
}

TEST(Cli, RuleCombinationThatCannotBeDealtIsRefused) {  // S1
  const CliRun r = tonk("sim --bots greedy --hands 3 --players 6 --set hand_size=9");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "players")) << r.err;
  EXPECT_TRUE(contains(r.err, "(S1)")) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(Cli, PlayersFlagMustAgreeWithSetPlayers) {
  const CliRun r = tonk("rules --players 3 --set players=4");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: --players 3 contradicts --set players=4\n");
}

TEST(Cli, BadBotListsAreRefused) {
  CliRun r = tonk("sim --bots greedy,wizard --hands 3");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: --bots: unknown bot 'wizard' (known: beginner, easy, medium, hard, expert, random, greedy, mc, "
            "mc:N (N worlds per decision), mc:Nms (N ms per decision), expert:OPTIONS (docs/BOTS.md))\n");
  r = tonk("sim --bots greedy,random --players 3 --hands 3");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: --bots lists 2 bots but the table has 3 players\n");
  EXPECT_EQ(tonk("sim --hands 3").code, 2);  // --bots is required
  EXPECT_EQ(tonk("sim --bots greedy --hands 0").code, 2);
}

TEST(Cli, PlaySeatsOneToThreeBots) {
  EXPECT_EQ(tonk("play --opponents 4", "").code, 2);
  EXPECT_EQ(tonk("play --opponents 0", "").code, 2);
  EXPECT_EQ(tonk("play --players 5", "").code, 2);
  EXPECT_EQ(tonk("play --hands 0", "").code, 2);
  const CliRun r = tonk("play --opponents 2 --bots greedy,random,random", "");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: --bots lists 3 bots but the table has 2 opponents\n");
}

TEST(Cli, UnwritableRecordFileIsRefusedBeforeAnythingRuns) {
  CliRun r = tonk("play --seed 1 --record /nonexistent-dir/x.tonk", "drop\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "/nonexistent-dir/x.tonk")) << r.err;
  r = tonk("sim --bots greedy --hands 2 --record /nonexistent-dir/x.tonk");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
}

// ---- tonk rules ---------------------------------------------------------------------------------

TEST(Cli, RulesListsEveryOption) {
  const CliRun r = tonk("rules");
  EXPECT_EQ(r.code, 0);
  for (const tonk::OptionSpec& o : tonk::rule_options()) {
    const std::regex line("(^|\\n)" + std::string(o.name) + " +" + o.format(o.default_value()) + " +" +
                          std::string(o.rule_id) + " ");
    EXPECT_TRUE(std::regex_search(r.out, line)) << o.name;
    EXPECT_TRUE(contains(r.out, std::string(o.doc))) << o.name;
  }
  EXPECT_FALSE(contains(r.out, "*")) << "nothing is changed from the standard game";
}

TEST(Cli, RulesShowsAModifiedRuleSet) {
  const CliRun r = tonk("rules --set hand_size=7 --set upcard=false --all");
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\nhand_size +7 \\* +S6 +3 to 9; default 5\\n"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\nupcard +false \\* +S6 +true, false; default true\\n")));
}

TEST(Cli, RulesMarkdownIsTheGeneratedDocument) {
  const CliRun r = tonk("rules --markdown");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, tonk::rules_markdown());
  EXPECT_EQ(tonk("rules --markdown --set upcard=false").code, 2);
}

// ---- tonk sim -----------------------------------------------------------------------------------

TEST(Cli, SimJsonIsCompleteAndZeroSum) {
  const CliRun r = tonk("sim --bots greedy,random --hands 300 --seed 42 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["hands"], 300);
  EXPECT_EQ(j["seed"], 42);
  EXPECT_EQ(j["players"], 2);
  ASSERT_EQ(j["seats"].size(), 2u);
  EXPECT_EQ(j["seats"][0]["bot"], "greedy");
  EXPECT_EQ(j["seats"][1]["bot"], "random");
  long long total = 0;
  long long wins = 0;
  for (const auto& seat : j["seats"]) {
    total += seat["total"].get<long long>();
    const double mean = seat["mean"];
    EXPECT_DOUBLE_EQ(mean, seat["total"].get<double>() / 300);
    EXPECT_LE(seat["ci95"][0].get<double>(), mean);
    EXPECT_GE(seat["ci95"][1].get<double>(), mean);
    long long kinds = 0;
    for (const char* k : {"dealt_tonk", "tonk_out", "out_by_discard", "drop", "caught", "stock_exhausted"})
      kinds += seat["wins"][k].get<long long>();
    EXPECT_EQ(kinds, seat["wins"]["total"].get<long long>());
    wins += kinds;
  }
  EXPECT_EQ(total, 0) << "payouts sum to zero (S4)";
  // Every hand has a winner except void deals; ties may give a hand several winners.
  EXPECT_GE(wins + j["void_deals"].get<long long>(), 300);
  EXPECT_GT(j["hands_per_second"].get<double>(), 0);
}

TEST(Cli, SimIsDeterministicForASeed) {
  const CliRun a = tonk("sim --bots greedy,random,greedy --hands 200 --seed 9");
  const CliRun b = tonk("sim --bots greedy,random,greedy --hands 200 --seed 9");
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(without_timing(a.out), without_timing(b.out));
  EXPECT_TRUE(contains(a.out, "200 hands: greedy1 vs random vs greedy2 (3 players, standard game), seed 9\n"));
  const CliRun c = tonk("sim --bots greedy,random,greedy --hands 200 --seed 10");
  EXPECT_NE(without_timing(a.out), without_timing(c.out));

  auto json_a = nlohmann::json::parse(tonk("sim --bots random --hands 50 --seed 3 --json").out);
  auto json_b = nlohmann::json::parse(tonk("sim --bots random --hands 50 --seed 3 --json").out);
  for (auto* j : {&json_a, &json_b}) {
    j->erase("seconds");
    j->erase("hands_per_second");
  }
  EXPECT_EQ(json_a, json_b);
}

TEST(Cli, SimProgressGoesToStderrOnly) {
  const CliRun r = tonk("sim --bots greedy --hands 100 --seed 1 --json --progress");
  ASSERT_EQ(r.code, 0);
  EXPECT_TRUE(nlohmann::json::accept(r.out)) << r.out;
  EXPECT_TRUE(contains(r.err, "100/100 hands")) << r.err;
  // Without --progress, and stderr not a terminal, there is no bar.
  EXPECT_EQ(tonk("sim --bots greedy --hands 100 --seed 1").err, "");
}

TEST(Cli, SimRecordReplays) {
  const std::string file = temp_path("sim.tonk");
  const CliRun r = tonk("sim --bots greedy,random --hands 20 --seed 5 --record '" + file + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string text = slurp(file);
  EXPECT_TRUE(contains(text, "[Seat0 \"greedy\"]"));
  EXPECT_TRUE(contains(text, "[Seat1 \"random\"]"));
  EXPECT_TRUE(contains(text, "\n\n[Game")) << "hands are separated by a blank line";
  const CliRun replay = tonk("replay --quiet '" + file + "'");
  EXPECT_EQ(replay.code, 0) << replay.out << replay.err;
}

// ---- tonk play, scripted through stdin -----------------------------------------------------------

TEST(Cli, PlayEndOfInputQuitsCleanly) {
  const CliRun r = tonk("play --seed 1", "");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Seed 1 "));
  EXPECT_TRUE(contains(r.out, "Cut for the first deal (S5"));
  EXPECT_TRUE(contains(r.out, "End of input: leaving the game."));
  EXPECT_TRUE(contains(r.out, "Thanks for playing."));
  EXPECT_EQ(r.err, "");
}

TEST(Cli, PlayExplainsRefusedCommands) {
  // Seed 1: greedy deals the first hand, so you play first.
  const CliRun r = tonk("play --seed 1 --hands 1", "help\nbogus\nsp 4h5h6h\nx Zz\nh 0\na\n7\ndrop\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Commands you can use now (the engine's legal actions; type a to list them all):"));
  EXPECT_TRUE(contains(r.out, "unknown command 'bogus'; type help for the commands"));
  EXPECT_TRUE(contains(r.out, "Not allowed: S9: take a card (stock or discard) before laying spreads."));
  EXPECT_TRUE(contains(r.out, "'Zz' is not a card"));
  EXPECT_TRUE(contains(r.out, "'hit' needs a spread number and cards"));
  EXPECT_TRUE(contains(r.out, "Legal actions now"));
  EXPECT_TRUE(contains(r.out, "there are 3 legal actions; type a to list them"));
  EXPECT_TRUE(contains(r.out, "You drop: all hands are shown (S15)."));
  EXPECT_TRUE(contains(r.out, "*** Hand 1 over: "));
  EXPECT_TRUE(contains(r.out, "Final score after 1 hand (stakes): you "));
  EXPECT_FALSE(contains(r.out, "Another hand?")) << "--hands 1 does not ask";
  EXPECT_FALSE(contains(r.out, "\x1b[")) << "no colours when stdout is not a terminal";
}

TEST(Cli, PlayShowsTheTable) {
  const CliRun r = tonk("play --seed 1 --hands 1 --opponents 2", "q\n");
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* part :
       {"=== Hand 1 ===", "spreads", "discard", "stock", "your hand", "greedy1", "greedy2", "(5 cards, count "})
    EXPECT_TRUE(contains(r.out, part)) << part << "\n" << r.out;
  EXPECT_TRUE(contains(r.out, "You left during hand 1; it is not scored."));
}

TEST(Cli, PlayAsksForAnotherHand) {
  const CliRun r = tonk("play --seed 1", "drop\nmaybe\nn\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Another hand? [Y/n] "));
  EXPECT_TRUE(contains(r.out, "Please answer y or n."));
  EXPECT_TRUE(contains(r.out, "Score after 1 hand (stakes)"));
  EXPECT_FALSE(contains(r.out, "=== Hand 2 ==="));
}

TEST(Cli, PlayIsReproducibleFromTheSeed) {
  const std::string script = "s\n1\ns\n1\nt\n2\ns\n1\ndrop\n\ndrop\n";
  const CliRun a = tonk("play --seed 77 --hands 3 --bots random", script);
  const CliRun b = tonk("play --seed 77 --hands 3 --bots random", script);
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, tonk("play --seed 78 --hands 3 --bots random", script).out);
}

TEST(Cli, PlayRecordReplays) {
  const std::string file = temp_path("play.tonk");
  const CliRun r = tonk("play --seed 1 --hands 2 --record '" + file + "'", "drop\ndrop\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Saved 2 hands to " + file));
  const std::string text = slurp(file);
  EXPECT_TRUE(contains(text, "[Seat0 \"you\"]"));
  EXPECT_TRUE(contains(text, "[Seat1 \"greedy\"]"));
  EXPECT_EQ(tonk("replay --quiet '" + file + "'").code, 0);
}

// ---- the session's rules: V15, V22, V23a, V23b --------------------------------------------------

TEST(Cli, PlayTheBigOneNeedsAPlannedNumberOfHands) {  // V22
  const CliRun r = tonk("play --seed 1 --set big_one_hands=1", "drop\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk play: The Big One (big_one_hands=1, V22) doubles the last hands of a session of known "
                   "length: give the number of hands with --hands N\n");
}

TEST(Cli, PlayShowsTheBigOneAndTheSideBets) {  // V22, V23a, V23b
  const std::string file = temp_path("side.tonk");
  const CliRun r = tonk(
      "play --seed 1 --hands 2 --set big_one_hands=1 --set suit_bet=1 --set naturals_bet=1 --record '" + file + "'",
      "drop\ndrop\n");
  ASSERT_EQ(r.code, 0) << r.err;
  // Hand 2 is the last: The Big One. The dealer names a suit before each deal.
  const auto hand2 = r.out.find("=== Hand 2 ===");
  ASSERT_NE(hand2, std::string::npos);
  EXPECT_FALSE(contains(r.out.substr(0, hand2), "The Big One: double stakes"));
  EXPECT_TRUE(contains(r.out.substr(hand2), "The Big One: double stakes"));
  EXPECT_TRUE(contains(r.out, "Suit bet (V23a): greedy names "));
  EXPECT_TRUE(contains(r.out, "Naturals pot (V23b): 2 (0 carried over, 1 from everyone)"));
  EXPECT_TRUE(contains(r.out, "The Big One (V22): the payouts count 2x: "));
  EXPECT_TRUE(contains(r.out, "Final score after 2 hands (stakes): "));
  const std::string text = slurp(file);
  EXPECT_TRUE(contains(text, "[Stake \"2\"]"));
  EXPECT_TRUE(contains(text, "[SideSuit \""));
  EXPECT_TRUE(contains(text, "[Pot \"0\"]"));
  EXPECT_EQ(tonk("replay --quiet '" + file + "'").code, 0);
}

TEST(Cli, PlayPushupsStopsAtTheLimit) {  // V15
  // Every hand you drop at once; a total soon reaches 30 and the session ends without asking again.
  std::string script;
  for (int i = 0; i < 20; ++i) script += "drop\ny\n";
  const CliRun r = tonk("play --seed 3 --set scoring=pushups --set pushup_limit=30", script);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Scores are push-up points (V15)"));
  EXPECT_TRUE(contains(r.out, "(push-up points, V15: lowest wins): you "));
  EXPECT_TRUE(contains(r.out, "A total reached the limit of 30 points: the session is over (V15).\n"));
  EXPECT_TRUE(contains(r.out, "the session with the lowest total (V15).\n") ||
              contains(r.out, "share the session (V15).\n"));
  EXPECT_FALSE(contains(r.out, "(stakes)"));
}

TEST(Cli, SimPushupsCountsSessions) {  // V15
  const std::string args = "sim --bots greedy,random --hands 400 --seed 5 --set scoring=pushups --set pushup_limit=100";
  const CliRun r = tonk(args + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["unit"], "push-ups");
  const long long sessions = j["sessions"];
  EXPECT_GT(sessions, 10);
  long long won = 0;
  for (const auto& seat : j["seats"]) {
    EXPECT_LE(seat["total"].get<long long>(), 0);  // minus the push-ups scored: higher is better
    won += seat["sessions_won"].get<long long>();
  }
  EXPECT_GE(won, sessions);  // each finished session has a winner; a tie counts for each
  EXPECT_LE(j["hands_per_session"].get<double>() * static_cast<double>(sessions), 400.0);
  const CliRun table = tonk(args);
  EXPECT_TRUE(contains(table.out, "Results are push-ups per hand, negative (V15: minus the push-ups scored), so higher is better;\n"));
  EXPECT_TRUE(contains(table.out, "Sessions (V15, to 100 points): " + std::to_string(sessions) + " finished"));
}

TEST(Cli, SimSideBetsKeepTheLedgerZeroSumWithThePot) {  // V22, V23a, V23b, S17
  const CliRun r = tonk("sim --bots greedy --players 3 --hands 300 --seed 8 --set big_one_hands=10 --set suit_bet=1 "
                        "--set naturals_bet=1 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["unit"], "stakes");
  long long total = 0, side = 0;
  for (const auto& seat : j["seats"]) {
    total += seat["total"].get<long long>();
    side += seat["side"].get<long long>();
  }
  const long long pot = j["naturals_pot"];
  EXPECT_EQ(total + pot, 0);
  EXPECT_EQ(side + pot, 0);
  const std::string file = temp_path("sim_side.tonk");
  EXPECT_EQ(tonk("sim --bots greedy --players 3 --hands 30 --seed 8 --set big_one_hands=10 --set suit_bet=1 "
                 "--set naturals_bet=1 --record '" + file + "'")
                .code,
            0);
  const CliRun replay = tonk("replay '" + file + "'");
  EXPECT_EQ(replay.code, 0) << replay.err;
  EXPECT_TRUE(contains(replay.out, "The Big One: double stakes, the ledger books 2x the payouts (V22)"));
  EXPECT_TRUE(contains(replay.out, "naturals pot left after the last hand: "));
}

}  // namespace
