// At the command line: numbers that mean what they say, a player's data never lost
// (--record, full disks, signals), readers that refuse what is not a file and stop early
// (readers), presets kept under --rules, and the arena's unit under push-ups.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_runner.h"

namespace tonk {
namespace {

using test::slurp;
using test::temp_path;
using test::tonk;

// Runs a shell script with TONK set to the binary; returns its exit code and output.
test::CliRun shell(const std::string& script) {
  const std::string file = temp_path("script.sh");
  std::ofstream(file) << "TONK='" << TONK_CLI << "'\n" << script << "\n";
  const std::string out = temp_path("sh_out"), err = temp_path("sh_err");
  const int status = std::system(("sh '" + file + "' >'" + out + "' 2>'" + err + "'").c_str());
  test::CliRun r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  for (const std::string& f : {file, out, err}) std::remove(f.c_str());
  return r;
}

// ---- numbers -------------------------------------------------------------------------------

TEST(CliNumbers, SeedsAreDecimalAndInRange) {
  // --seed -1 and --seed 99999999999999999999 both became 18446744073709551615; 0x10 was 16.
  auto r = tonk("sim --bots greedy --hands 1 --seed -1");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "--seed: '-1' is not a whole number from 0 to 18446744073709551615 in decimal digits\n"
                   "Run with --help for more information.\n");
  r = tonk("sim --bots greedy --hands 1 --seed 99999999999999999999");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "--seed: '99999999999999999999' is out of range: expected a whole number from 0 to "
                   "18446744073709551615 in decimal digits\nRun with --help for more information.\n");
  r = tonk("arena --bots greedy,random --deals 1 --seed 0x10");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--seed: '0x10' is not a whole number"), std::string::npos);
  r = tonk("sim --bots greedy --hands 1 --seed 18446744073709551615");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("seed 18446744073709551615"), std::string::npos);
}

TEST(CliNumbers, LeadingZerosAreDecimal) {
  // --hands 010 was 8 (octal).
  const auto r = tonk("sim --bots greedy --hands 010 --seed 010");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("10 hands: greedy1 vs greedy2 (2 players, standard game), seed 10\n", 0), 0u) << r.out;
}

TEST(CliNumbers, EveryNumericFlagIsChecked) {
  for (const char* args : {"sim --bots greedy --hands +5", "sim --bots greedy --hands 0x5", "sim --bots greedy --hands 0",
                           "sim --bots greedy --hands 1000000000", "sim --bots greedy --hands 1 --players -2",
                           "arena --bots greedy --deals 1e3", "arena --bots greedy --deals 10000001",
                           "arena --bots greedy --deals 1 --threads 0x2", "arena --bots greedy --deals 1 --threads 65",
                           "play --opponents -1", "play --opponents 4", "play --hands 08x", "play --seed ' 7'"}) {
    const auto r = tonk(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find("decimal digits"), std::string::npos) << args << "\n" << r.err;
  }
}

TEST(CliNumbers, PlayersAreCheckedAsAFlag) {
  // --players 0 was refused as the rule option 'players', and --players -1 with a range of 0 to 1000.
  auto r = tonk("rules --players 0");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "--players: '0' is out of range: expected a whole number from 2 to 8 in decimal digits\n"
                   "Run with --help for more information.\n");
  r = tonk("rules --players -1");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "--players: '-1' is not a whole number from 2 to 8 in decimal digits\n"
                   "Run with --help for more information.\n");
  r = tonk("rules --players 8");
  EXPECT_EQ(r.code, 0) << r.err;
}

TEST(CliNumbers, EveryServeNumberIsChecked) {
  // `tonk serve` took its numbers with CLI11's own conversion: 0x10, 010 (octal), +5 and ' 5' were
  // counts, "nan" a rate or a lease (the server started), and --unjoined-expiry nan was refused naming
  // an internal field with exit 1. Each is refused before the server starts, naming the flag.
  const std::string serve = "timeout 60 \"$TONK\" serve --db :memory: --listen 127.0.0.1:0 ";
  for (const char* flag :
       {"--workers 0x10", "--workers 010x", "--workers +5", "--workers ' 5'", "--workers '5 '", "--workers 65",
        "--max-hints 0", "--max-connections 1e3", "--max-connections-per-address -1", "--max-unjoined-per-address 0x1",
        "--rate nan", "--rate inf", "--rate 1e3", "--rate -20", "--rate .5", "--rate 5.", "--rate 0.5",
        "--lease nan", "--lease 3600.5", "--lease ' 1'", "--unjoined-expiry nan", "--unjoined-expiry 0",
        "--unjoined-expiry 1,5"}) {
    const auto r = shell(serve + flag + " </dev/null; echo \"exit $?\"");
    EXPECT_EQ(r.out, "exit 2\n") << flag << "\n" << r.err;
    const std::string name = std::string(flag).substr(0, std::string(flag).find(' '));
    EXPECT_EQ(r.err.rfind(name + ": '", 0), 0u) << flag << "\n" << r.err;
    EXPECT_NE(r.err.find("in decimal digits"), std::string::npos) << flag << "\n" << r.err;
  }
}

// ---- empty texts ---------------------------------------------------------------------------------

TEST(CliTexts, AnEmptyTextIsRefused) {
  // `--record ""` wrote no record and said nothing; --rules "", --preset "" and --static "" were taken
  // as not given.
  for (const char* args : {"sim --bots greedy --hands 1 --seed 1 --record ''", "play --seed 1 --record ''",
                           "rules --rules ''", "rules --preset ''", "sim --bots greedy --hands 1 --preset ''",
                           "serve --db :memory: --listen 127.0.0.1:0 --static ''", "serve --db ''",
                           "serve --listen ''", "serve --db :memory: --advertise ''", "play --bots '' --hands 1",
                           "rules ''"}) {
    const auto r = tonk(args, "q\n");
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find(", not an empty text\n"), std::string::npos) << args << "\n" << r.err;
    EXPECT_EQ(r.out, "") << args;
  }
}

TEST(CliTexts, AUsersTextIsQuotedEscapedAndShort) {
  // Flags, bot names, prompt commands and a record's fair-deal lines were echoed raw and whole: a
  // terminal escape reached the terminal, a 100 KB name came back 100 KB long.
  auto r = tonk("sim --hands 1 --bots '\x1b[31mfoo'");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind("tonk: --bots: unknown bot '\\x1b[31mfoo' (known: ", 0), 0u) << r.err;
  r = tonk("sim --hands 1 --bots " + std::string(100000, 'g'));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown bot '" + std::string(40, 'g') + "...' (known: "), std::string::npos) << r.err.size();
  EXPECT_LT(r.err.size(), 400u);
  r = tonk("play --hands '\x1b[31mX\x07'");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "--hands: '\\x1b[31mX\\x07' is not a whole number from 1 to 999999999 in decimal digits\n"
                   "Run with --help for more information.\n");
  r = tonk("play --seed 1 --hands 1", "\x1b[31mred\nx \x1b[31mK\n" + std::string(4000, 'a') + "\n");
  EXPECT_NE(r.out.find("  unknown command '\\x1b[31mred'; type help for the commands\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  '\\x1b[' is not a card (cards are rank then suit"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  unknown command '" + std::string(40, 'a') + "...'; type help"), std::string::npos);
  // tonk verify: a fair-deal line is quoted too.
  const std::string path = temp_path("fair_escape.tonk");
  std::remove(path.c_str());
  ASSERT_EQ(tonk("sim --bots greedy --hands 1 --seed 1 --record " + path).code, 0);
  const std::string hand = slurp(path);
  std::ofstream(path, std::ios::binary) << "# fair: \x1b]0;pwned\x07" << std::string(9000, 'A') << "\n" << hand;
  r = tonk("verify " + path);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(": hand 1: NOT VERIFIED: unknown derivation '\\x1b]0;pwned\\x07" + std::string(30, 'A') + "...'\n"),
            std::string::npos)
      << r.out;
  EXPECT_LT(r.out.size(), 400u);
  std::remove(path.c_str());
  // tonk explain quotes what was typed, not its canonical form.
  r = tonk("explain V13dd");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind("tonk: no rule 'V13dd' in docs/RULES.md", 0), 0u) << r.err;
}

TEST(CliTexts, ServeRefusesWhatIsNotItsKindOfFile) {
  // --static on a symlink loop exited 1 with the library's "filesystem error"; --db /dev/zero let
  // SQLite fail with "disk I/O error" after writing /dev/zero-journal beside it.
  const std::string loop = temp_path("static_loop");
  std::filesystem::remove(loop);
  std::filesystem::create_symlink(loop, loop);
  auto r = tonk("serve --db :memory: --listen 127.0.0.1:0 --static " + loop);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk serve: --static " + loop + " is not a directory (Too many levels of symbolic links)\n");
  std::filesystem::remove(loop);
  std::filesystem::remove("/dev/zero-journal");
  for (const std::string db : {"/dev/zero", "/"}) {
    r = tonk("serve --listen 127.0.0.1:0 --static / --db " + db);
    EXPECT_EQ(r.code, 2) << db;
    EXPECT_EQ(r.err, "tonk serve: --db " + db +
                         ": is not a regular file; give a SQLite database file, :memory: or a postgresql:// URL\n");
  }
  EXPECT_FALSE(std::filesystem::exists("/dev/zero-journal"));
}

// ---- losing a player's data -------------------------------------------------------------

TEST(CliRecord, AnExistingFileIsKeptUnlessForced) {
  const std::string path = temp_path("existing.tonk");
  std::ofstream(path) << "precious\n";
  auto r = tonk("sim --bots greedy --hands 2 --seed 1 --record '" + path + "'");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk sim: the record file '" + path + "' exists; give --force to replace it, or choose another name\n");
  EXPECT_EQ(slurp(path), "precious\n");
  r = tonk("sim --bots greedy --hands 2 --seed 1 --force --record '" + path + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(tonk("replay --quiet '" + path + "'").code, 0);
  std::remove(path.c_str());
}

TEST(CliRecord, TheRuleFileIsNeverWrittenOver) {
  // --rules house.toml --record house.toml emptied the rule file.
  const std::string path = temp_path("house.toml");
  std::ofstream(path) << "[options]\nhand_size = 7\n";
  for (const std::string force : {"", " --force"}) {
    const auto r = tonk("sim --bots greedy --hands 1 --rules '" + path + "' --record '" + path + "'" + force);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "tonk sim: --record " + path + " is " + path +
                         ", a file this run reads; refusing to write over it (choose another name)\n");
    EXPECT_EQ(slurp(path), "[options]\nhand_size = 7\n");
  }
  const auto r = tonk("play --hands 1 --rules '" + path + "' --force --record '" + path + "'", "q\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(slurp(path), "[options]\nhand_size = 7\n");
  std::remove(path.c_str());
}

TEST(CliRecord, AFullDiskWarnsAndTheGameGoesOn) {
  // /dev/full: play aborted after hand 12 with no final score, sim printed no results.
  auto r = tonk("sim --bots greedy --hands 40 --seed 1 --force --record /dev/full");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("speed: "), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "tonk: warning: writing the record file '/dev/full' failed (No space left on device); it keeps the "
                   "0 hands written before, and recording stops here\n");
  std::string input;
  for (int i = 0; i < 2000; ++i) input += "1\n";  // the first legal action, every time
  r = tonk("play --hands 3 --seed 2 --force --record /dev/full", input);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("Final score"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("writing the record file '/dev/full' failed"), std::string::npos) << r.err;
  // It said "Saved 0 hands to /dev/full; check it with: tonk replay /dev/full".
  EXPECT_NE(r.out.find("Saved no hand to /dev/full: writing it failed (see above).\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("check it with"), std::string::npos) << r.out;
}

TEST(CliRecord, ABudgetWithLeadingZerosNamesTheSeatTheBotsWay) {
  // `--bots mc:000…05` named the seat with every zero typed: past a record's 64 bytes, so recording
  // stopped with a warning before the first hand. The seat is named "mc:5" now, and the record reads.
  const std::string path = temp_path("zeros.tonk");
  const std::string zeros(80, '0');
  const auto r = tonk("sim --bots greedy,mc:" + zeros + "5 --hands 1 --seed 1 --force --record '" + path + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(slurp(path).find("[Seat1 \"mc:5\"]"), std::string::npos) << slurp(path);
  EXPECT_EQ(tonk("replay --quiet '" + path + "'").code, 0);
  std::remove(path.c_str());
}

TEST(CliRecord, AFailedWriteLeavesTheFileEndingOnAWholeHand) {
  // A half-written last hand made the whole file unreadable. A file-size limit makes the write fail
  // part way (with SIGXFSZ ignored, write() returns EFBIG).
  const std::string path = temp_path("limited.tonk");
  std::remove(path.c_str());
  const auto r = shell("trap '' XFSZ\nulimit -f 8\n\"$TONK\" sim --bots greedy,random --hands 40 --seed 3 --record '" +
                       path + "' >/dev/null\necho \"exit $?\"");
  EXPECT_EQ(r.out, "exit 1\n");
  EXPECT_NE(r.err.find("warning: writing the record file"), std::string::npos) << r.err;
  const std::string text = slurp(path);
  EXPECT_GT(text.size(), 1000u);
  EXPECT_LE(text.size(), 8u * 512u);
  const auto replayed = tonk("replay '" + path + "'");
  EXPECT_EQ(replayed.code, 0) << replayed.err;
  EXPECT_EQ(replayed.out.find("unfinished"), std::string::npos);
  std::remove(path.c_str());
}

TEST(CliRecord, SignalsEndLikeEndOfInput) {
  // SIGINT or SIGTERM dropped the unfinished hand from the record and printed no final score.
  const std::string path = temp_path("signal.tonk");
  std::remove(path.c_str());
  auto r = shell("sleep 3 | \"$TONK\" play --seed 4 --record '" + path +
                 "' & pid=$!\nsleep 1\nkill -TERM $pid\nwait $pid\necho \"exit $?\"");
  EXPECT_NE(r.out.find("You left during hand 1; it is not scored."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Saved 1 hand (the last one unfinished)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exit 0\n"), std::string::npos) << r.out;
  EXPECT_EQ(tonk("replay --quiet '" + path + "'").code, 0);
  std::remove(path.c_str());

  r = shell("\"$TONK\" sim --bots greedy --hands 999999999 --seed 5 --record '" + path +
            "' & pid=$!\nsleep 1\nkill -INT $pid\nwait $pid\necho \"exit $?\"");
  EXPECT_NE(r.out.find("speed: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exit 130\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("tonk sim: stopped by a signal after "), std::string::npos) << r.err;
  EXPECT_EQ(tonk("replay --quiet '" + path + "'").code, 0);
  std::remove(path.c_str());
}

// ---- readers ------------------------------------------------------------------------------

TEST(CliReaders, WhatIsNotAFileIsRefused) {
  // --rules /some/dir was read as an empty file and the standard game started; /dev/zero hung.
  auto r = tonk("rules --rules /");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: invalid rules: /: is a directory, not a file\n");
  r = shell("timeout 60 \"$TONK\" rules --rules /dev/zero; echo \"exit $?\"");
  EXPECT_EQ(r.out, "exit 2\n");
  r = tonk("replay /dev/zero");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "/dev/zero: is not a regular file (a device or a socket); give the path of a file\n");
}

TEST(CliReaders, VerifyReadsWithinItsBound) {
  // `tonk verify /dev/zero` read until memory ran out (std::bad_alloc, exit 1); a directory "held
  // no hand".
  auto r = shell("timeout 60 \"$TONK\" verify /dev/zero; echo \"exit $?\"");
  EXPECT_EQ(r.out, "exit 2\n");
  EXPECT_EQ(r.err, "tonk verify: /dev/zero: is not a regular file (a device or a socket); give the path of a file\n");
  r = tonk("verify /");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk verify: /: is a directory, not a file\n");
  r = shell("head -c 300000000 /dev/zero | timeout 60 \"$TONK\" verify /dev/stdin; echo \"exit $?\"");
  EXPECT_EQ(r.out, "exit 2\n");
  EXPECT_EQ(r.err, "tonk verify: /dev/stdin: has more than 268435456 bytes; a record to verify may have at most "
                   "268435456\n");
}

TEST(CliReaders, PlayReadsLinesWithinABound) {
  // `tonk play < /dev/zero` read one endless line until memory ran out, then took that for the end
  // of input and exited 0.
  auto r = shell("timeout 60 \"$TONK\" play --seed 1 --hands 1 < /dev/zero > /dev/null; echo \"exit $?\"");
  EXPECT_EQ(r.out, "exit 2\n");
  EXPECT_EQ(r.err, "tonk play: line 1 of the input is longer than 4096 bytes; leaving the game\n");
  // A long line ends the game where it stands, the record keeping the hand as end of input does.
  const std::string path = temp_path("long_line.tonk");
  std::remove(path.c_str());
  r = tonk("play --seed 1 --hands 2 --record " + path, "h\n" + std::string(4097, 'x') + "\n1\n1\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk play: line 2 of the input is longer than 4096 bytes; leaving the game\n");
  EXPECT_NE(r.out.find("You left during hand 1; it is not scored.\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Saved 1 hand (the last one unfinished) to " + path), std::string::npos) << r.out;
  EXPECT_EQ(tonk("replay --quiet " + path).code, 0);
  std::remove(path.c_str());
  // 4096 bytes is a line still (an unknown command, then the end of input), with LF or CRLF.
  for (const char* ending : {"\n", "\r\n"}) {
    r = tonk("play --seed 1 --hands 1", std::string(4096, 'x') + ending);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("End of input: leaving the game."), std::string::npos);
  }
}

TEST(CliReaders, ReplayStopsAtTheBoundOfAnEndlessHand) {
  // A file of "0 stock" lines was parsed whole before any hand was replayed.
  const auto r = shell(
      "{ printf '[Game \"Tonk\"]\\n[Hand \"1\"]\\n[Rules \"players=2\"]\\n[Seat0 \"a\"]\\n[Seat1 \"b\"]\\n"
      "[Dealer \"1\"]\\n[Deck \"Ah 5s 2h 6s 3h 7s 9c 2c Kd Jc Qd 9s 4h Ac 3c 4c 5c 6c 7c 8c Tc Qc Kc Ad 2d 3d 4d 5d "
      "6d 7d 8d 9d Td Jd 5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 3s 4s 8s Ts Js Qs Ks\"]\\n'; yes '0 stock'; } | "
      "timeout 60 \"$TONK\" replay /dev/stdin; echo \"exit $?\"");
  EXPECT_EQ(r.out, "exit 1\n");
  EXPECT_NE(r.err.find(" moves, more than its rules allow (a hand ends within max_turns=200 turns, I2)"),
            std::string::npos)
      << r.err;
}

TEST(CliReaders, ANumberOutOfRangeNamesTheFileAndLine) {
  const std::string path = temp_path("big.json");
  std::ofstream(path) << "{\"options\": {\n\"hand_size\": 1e400}}\n";
  const auto r = tonk("rules --rules '" + path + "'");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: invalid rules: " + path + ":2: malformed JSON: number overflow parsing '1e400'\n");
  std::remove(path.c_str());
}

// ---- presets kept --------------------------------------------------------------------------

TEST(CliPresetsKept, ARuleFileWithoutBaseKeepsThePresetsTable) {
  // --preset wash --rules file.toml (no base) started an 8-player P-WASH game.
  const std::string path = temp_path("nobase.toml");
  std::ofstream(path) << "description = \"house\"\n";
  const auto r = tonk("sim --preset wash --rules '" + path + "' --bots greedy --players 8 --hands 1");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tonk: invalid rules: rule file " + path + " (on P-WASH) is for 2 to 6 players, not 8\n");
  std::remove(path.c_str());
}

// ---- the arena's unit --------------------------------------------------------------------

TEST(CliArenaUnit, PushUpsReportPoints) {
  // Under push-ups the arena reported +0.000 for every bot.
  const auto r = tonk("arena --preset pushup --bots greedy,random --deals 20 --seed 1 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  // In the table's unit, signed so that higher is better (minus the push-ups scored).
  EXPECT_NE(r.out.find("\"unit\": \"push-ups\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"mean\": 0.0,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"total\": -247,"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tonk
