// Every reader bounded, for rule files and records: each case
// that once crashed, hung, took quadratic time, threw the wrong exception or lost
// a limit before, and the write -> parse property over random rule sets and hands.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>
#include <type_traits>

#include "fuzz/random_game.h"
#include "tonk/arena.h"
#include "tonk/game.h"
#include "tonk/input_file.h"
#include "tonk/preset.h"
#include "tonk/record.h"
#include "tonk/rule_file.h"
#include "tonk/rule_options.h"
#include "tonk/session.h"

namespace tonk {
namespace {

// The message of the RuleError that parsing `text` throws; "" when it does not throw.
std::string rule_error(const std::string& text, RuleFileFormat format, const std::string& source = "f") {
  try {
    parse_rule_file(text, format, source);
  } catch (const RuleError& e) {
    return e.what();
  }
  return "";
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  out.reserve(s.size() * static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// ---- recursion on input ------------------------------------------------------------------

TEST(RuleFileLimits, DeepJsonIsRefusedNamingTheLine) {
  // 117 KB nested 20,000 deep crashed with a stack overflow.
  const std::string text = "{\"options\":\n{\"x\":\n" + repeat("{\"a\":", 20000) + "1" + repeat("}", 20002);
  EXPECT_EQ(rule_error(text, RuleFileFormat::kJson, "deep.json"),
            "deep.json:3: objects and arrays nested too deep: a rule file has two levels, the top and its options "
            "(options.hand_size = 7 or [options])");
}

TEST(RuleFileLimits, LongDottedTomlKeyIsRefusedNamingTheLine) {
  // A 30,000-part dotted key overflowed the stack (in toml++ and in the tree built from it).
  const std::string text = "name = \"x\"\n" + std::string("a") + repeat(".a", 30000) + " = 1\n";
  EXPECT_EQ(rule_error(text, RuleFileFormat::kToml, "deep.toml"),
            "deep.toml:2: more than 16 dots on one line: a rule file has two levels, the top and its options "
            "(options.hand_size = 7 or [options])");
}

TEST(RuleFileLimits, ATableBelowTheOptionsIsRefused) {
  EXPECT_EQ(rule_error("[options]\nhand_size = 7\n[options.x.y]\nz = 1\n", RuleFileFormat::kToml),
            "f:3: 'y' is nested too deep: a rule file has two levels, the top and its options "
            "(options.hand_size = 7 or [options])");
}

// ---- kinds 2 and 3: reading without limits, quadratic work ---------------------------------------

TEST(RuleFileLimits, NotARegularFileIsRefused) {
  // A directory was read as an empty file (the standard game started); /dev/zero was read forever.
  try {
    load_rule_file("/");
    FAIL() << "a directory was read";
  } catch (const RuleError& e) {
    EXPECT_EQ(std::string(e.what()), "/: is a directory, not a file");
  }
  try {
    load_rule_file("/dev/zero");
    FAIL() << "/dev/zero was read";
  } catch (const RuleError& e) {
    EXPECT_EQ(std::string(e.what()), "/dev/zero: is not a regular file (a device or a socket); give the path of a file");
  }
}

TEST(RuleFileLimits, TooLongATextIsRefused) {
  const std::string text = "description = \"" + std::string(kMaxRuleFileBytes, 'x') + "\"\n";
  EXPECT_EQ(rule_error(text, RuleFileFormat::kToml),
            "f: the text has " + std::to_string(text.size()) + " bytes; a rule file may have at most 1048576");
  const std::string dir = testing::TempDir() + "tonk_limits_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/big.toml") << text;
  try {
    load_rule_file(dir + "/big.toml");
    FAIL() << "a file over the limit was read";
  } catch (const RuleError& e) {
    EXPECT_EQ(std::string(e.what()), dir + "/big.toml: has more than 1048576 bytes; a rule file may have at most 1048576");
  }
  std::filesystem::remove_all(dir);
}

TEST(RuleFileLimits, ManyJsonKeysTakeLinearTime) {
  // 1.7 MB took 187 s: every key's line was counted from the start of the text.
  std::string text = "{\"options\": {";
  for (int i = 0; i < 60000; ++i) text += (i ? ",\n\"k" : "\"k") + std::to_string(i) + "\": 1";
  text += "}}";
  ASSERT_LT(text.size(), kMaxRuleFileBytes);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(rule_error(text, RuleFileFormat::kJson), "f:1: unknown rule option 'k0' (see `tonk rules`)");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 5.0);  // about 0.05 s; the quadratic version took minutes
}

// ---- exceptions that escape their contract -----------------------------------------------

TEST(RuleFileLimits, NumberOutOfRangeIsARuleErrorWithItsLine) {
  // nlohmann-json threw out_of_range, which escaped parse_rule_file.
  EXPECT_EQ(rule_error("{\"options\": {\n\"hand_size\": 1e400}}", RuleFileFormat::kJson),
            "f:2: malformed JSON: number overflow parsing '1e400'");
  // A whole number too large for 64 bits is still a whole number (nlohmann-json gives it as a float).
  EXPECT_EQ(rule_error("{\"options\": {\"hand_size\": 99999999999999999999}}", RuleFileFormat::kJson),
            "f:1: option 'hand_size' must be from 3 to 9, not 99999999999999999999");
  EXPECT_EQ(rule_error("{\"options\": {\"hand_size\": -12345678901234567890123}}", RuleFileFormat::kJson),
            "f:1: option 'hand_size' must be from 3 to 9, not -12345678901234567890123");
  EXPECT_EQ(rule_error("{\"options\": {\"hand_size\": 7.5}}", RuleFileFormat::kJson),
            "f:1: option 'hand_size' takes a whole number, not a decimal number");
  // A number of any length is quoted at most kMaxQuotedBytes long.
  EXPECT_EQ(rule_error("{\"options\": {\"hand_size\": " + repeat("9", 300) + "}}", RuleFileFormat::kJson),
            "f:1: option 'hand_size' must be from 3 to 9, not " + repeat("9", 40) + "...");
  EXPECT_EQ(rule_error("{\"options\": {\"hand_size\": " + repeat("9", 5000) + "}}", RuleFileFormat::kJson),
            "f:1: malformed JSON: number overflow parsing '" + repeat("9", 40) + "...'");
}

TEST(RuleFileLimits, ANulByteDoesNotEndTheText) {
  // nlohmann-json took a NUL byte for the end of the text: what followed it was ignored, exit 0.
  const std::string json("{\"options\":{\"hand_size\":7}}\0garbage {{{", 39);
  EXPECT_EQ(rule_error(json, RuleFileFormat::kJson),
            "f:1: the text holds a control character (byte 28, 0x00); a rule file is text");
  EXPECT_EQ(rule_error(std::string("{\"options\":{\"hand_size\":7}\0,\"bad\":1}", 36), RuleFileFormat::kJson),
            "f:1: the text holds a control character (byte 27, 0x00); a rule file is text");
  EXPECT_EQ(rule_error("[options]\nhand_size = 7 \x1b[2J\n", RuleFileFormat::kToml),
            "f:2: the text holds a control character (byte 25, 0x1b); a rule file is text");
  EXPECT_EQ(rule_error("[options]\r\n\thand_size = 7\r\n", RuleFileFormat::kToml), "");  // tab, CR, LF are text
}

TEST(RuleFileLimits, AUsersTextIsQuotedEscapedAndShort) {
  // Values were echoed raw and whole: terminal escapes reached the terminal, a NUL cut the message
  // short, and a 100 KB name came back 100 KB long.
  EXPECT_EQ(rule_error("[options]\ndeck = \"\\u001b[31mRED\\u0007\"\n", RuleFileFormat::kToml),
            "f:2: option 'deck' takes one of full52, forty, not '\\x1b[31mRED\\x07'");
  EXPECT_EQ(rule_error("[options]\n\"hand\\u0000size\" = 7\n", RuleFileFormat::kToml),
            "f:2: unknown rule option 'hand\\x00size' (see `tonk rules`)");
  const std::string long_base = rule_error("base = \"" + repeat("A", 20000) + "\"\n", RuleFileFormat::kToml);
  EXPECT_EQ(long_base.rfind("f:1: unknown preset '" + repeat("A", 40) + "...' (known: P-STD, ", 0), 0u) << long_base;
  EXPECT_LT(long_base.size(), 300u);
  EXPECT_EQ(rule_error("{\"options\": {\"upcard\": \"no\\u001b\"}}", RuleFileFormat::kJson),
            "f:1: option 'upcard' takes true or false, not a string (\"no\\x1b\")");
  Rules rules;
  try {
    set_option(rules, "deck", std::string("full52\0", 7));
    ADD_FAILURE() << "accepted";
  } catch (const RuleError& e) {
    EXPECT_STREQ(e.what(), "option 'deck' takes one of full52, forty, not 'full52\\x00'");
  }
  try {
    (void)preset_or_throw(repeat("P", 100000));
    ADD_FAILURE() << "accepted";
  } catch (const RuleError& e) {
    EXPECT_LT(std::string(e.what()).size(), 300u);
  }
}

TEST(RuleFileLimits, TextThatIsNotUtf8IsRefusedNamingTheLine) {
  EXPECT_EQ(rule_error("name = \"a\"\ndescription = \"\xff\"\n", RuleFileFormat::kToml),
            "f:2: the text is not UTF-8 (byte 27)");
  EXPECT_EQ(rule_error("{\"name\": \"\xc0\xaf\"}", RuleFileFormat::kJson), "f:1: the text is not UTF-8 (byte 11)");
  EXPECT_EQ(rule_error("name = \"caf\xc3\xa9\"\n", RuleFileFormat::kToml), "");  // UTF-8 is fine
}

// ---- numbers in files --------------------------------------------------------------------

TEST(RuleFileLimits, WholeNumbersAreDecimalOnly) {
  EXPECT_EQ(rule_error("[options]\nhand_size = 0x7\n", RuleFileFormat::kToml),
            "f:2: option 'hand_size' takes a whole number, not a whole number in another base (7); write whole "
            "numbers in decimal digits");
  EXPECT_NE(rule_error("[options]\nhand_size = 0o7\n", RuleFileFormat::kToml), "");
  EXPECT_NE(rule_error("[options]\nhand_size = 0b111\n", RuleFileFormat::kToml), "");
  EXPECT_EQ(parse_rule_file("[options]\nhand_size = 7\n", RuleFileFormat::kToml, "f").rules.hand_size, 7);
}

TEST(RuleFileLimits, AJsonKeyGivenTwiceIsRefused) {
  EXPECT_EQ(rule_error("{\"options\": {\"hand_size\": 7,\n\"hand_size\": 6}}", RuleFileFormat::kJson),
            "f:2: 'hand_size' is given twice (first on line 1)");
  EXPECT_EQ(rule_error("{\"base\": \"rush\",\n\"options\": {},\n\"base\": \"P-STD\"}", RuleFileFormat::kJson),
            "f:3: 'base' is given twice (first on line 1)");
}

// toml++ refuses a repeated key itself: the file and the line of the repeat.
TEST(RuleFileLimits, ATomlKeyGivenTwiceIsRefused) {
  const std::string why = rule_error("[options]\nhand_size = 5\nhand_size = 7\n", RuleFileFormat::kToml);
  EXPECT_EQ(why.rfind("f:3: ", 0), 0u) << why;
  EXPECT_NE(why.find("'hand_size'"), std::string::npos) << why;
}

// ---- presets silently widened ------------------------------------------------------------

TEST(RuleFileLimits, AFileWithoutBaseKeepsThePresetsTableLimit) {
  // --preset wash --rules file.toml (no base) dropped P-WASH's max_players: an 8-player game started.
  const Preset& wash = preset_or_throw("wash");
  ASSERT_EQ(wash.max_players, 6);
  const RuleFile file =
      parse_rule_file("description = \"no base\"\n", RuleFileFormat::kToml, "f", wash.rules, wash.max_players);
  EXPECT_EQ(file.max_players, 6);
  EXPECT_EQ(file.rules, wash.rules);
  // What the file sets, it changes.
  EXPECT_EQ(parse_rule_file("max_players = 4\n", RuleFileFormat::kToml, "f", wash.rules, wash.max_players).max_players,
            4);
}

// ---- toml++ 3.3.0 ------------------------------------------------------------------------

TEST(RuleFileLimits, InputsTomlPlusPlusMishandlesAreRefused) {
  // "[" and a newline aborted in an assertion of toml++ (with assertions on).
  for (const char* text : {"[\n", "[ \n", "[[\n", "[#x]\n", "[\r\n", "name = \"x\"\n[\n"})
    EXPECT_NE(rule_error(text, RuleFileFormat::kToml).find("malformed TOML: a table header is [name], with its name on "
                                                           "the same line"),
              std::string::npos)
        << text;
  // A non-ASCII character after a line-ending backslash reached code marked unreachable (upstream #190).
  EXPECT_EQ(rule_error("description = \"\"\"\\\n\xc2\xa7\"\"\"\n", RuleFileFormat::kToml),
            "f:2: a non-ASCII character right after a line-ending backslash in a multi-line string cannot be read (a "
            "bug of toml++ 3.3.0); put it after an ASCII character or drop the backslash");
  // Multi-line strings and arrays that are fine stay fine.
  EXPECT_EQ(rule_error("description = \"\"\"\\\n  \xc3\xa9t\xc3\xa9\"\"\"\nrules = \"V1\"\n", RuleFileFormat::kToml),
            "f:2: a non-ASCII character right after a line-ending backslash in a multi-line string cannot be read (a "
            "bug of toml++ 3.3.0); put it after an ASCII character or drop the backslash");
  EXPECT_EQ(rule_error("description = \"\"\"\\\n  caf\xc3\xa9 au lait\"\"\"\n", RuleFileFormat::kToml), "");
  EXPECT_EQ(rule_error("[options]\nhand_size = [\n  7,\n]\n", RuleFileFormat::kToml),
            "f:2: option 'hand_size' takes a whole number, not an array");
}

// ---- records: kinds 2 and 7 ----------------------------------------------------------------------

static_assert(std::is_same_v<decltype(RecordError(0, "").line()), std::int64_t>, "line numbers are 64-bit");
static_assert(std::is_same_v<decltype(RecordLines{}.moves)::value_type, std::int64_t>, "line numbers are 64-bit");

// A stream of a header and then `line` forever: nothing like it fits in memory.
class EndlessRecord : public std::streambuf {
 public:
  EndlessRecord(std::string head, std::string line) : head_(std::move(head)), line_(std::move(line)) {
    chunk_ = head_;
    setg(chunk_.data(), chunk_.data(), chunk_.data() + chunk_.size());
  }
  long long bytes_served() const { return served_; }

 protected:
  int_type underflow() override {
    chunk_.clear();
    while (chunk_.size() < (1 << 16)) chunk_ += line_;
    served_ += static_cast<long long>(chunk_.size());
    setg(chunk_.data(), chunk_.data(), chunk_.data() + chunk_.size());
    return traits_type::to_int_type(chunk_[0]);
  }

 private:
  std::string head_, line_, chunk_;
  long long served_ = 0;
};

const char* kHeader =
    "[Game \"Tonk\"]\n[Hand \"1\"]\n[Rules \"players=2\"]\n[Seat0 \"a\"]\n[Seat1 \"b\"]\n[Dealer \"1\"]\n[Deck \"Ah 5s "
    "2h 6s 3h 7s 9c 2c Kd Jc Qd 9s 4h Ac 3c 4c 5c 6c 7c 8c Tc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd 5h 6h 7h 8h 9h "
    "Th Jh Qh Kh As 2s 3s 4s 8s Ts Js Qs Ks\"]\n";

TEST(RecordLimits, EndlessMovesStopAtTheRulesBound) {
  // A 1 GB file of "0 stock" lines took 7.9 GB and 300 s: the whole file was parsed first.
  EndlessRecord source(kHeader, "0 stock\n");
  std::istream in(&source);
  RecordReader reader(in);
  const std::size_t bound = max_record_moves(Rules{});
  try {
    reader.next();
    FAIL() << "an endless hand was read";
  } catch (const RecordError& e) {
    EXPECT_EQ(e.line(), 7 + static_cast<std::int64_t>(bound) + 1);
    EXPECT_EQ(std::string(e.what()), "the hand has more than " + std::to_string(bound) +
                                         " moves, more than its rules allow (a hand ends within max_turns=200 turns, I2)");
  }
  EXPECT_LT(source.bytes_served(), 8LL * static_cast<long long>(bound) + (1 << 17));  // read no further
}

TEST(RecordLimits, AnEndlessLineStopsAtTheLineLimit) {
  EndlessRecord source("", "x");
  std::istream in(&source);
  RecordReader reader(in);
  try {
    reader.next();
    FAIL() << "an endless line was read";
  } catch (const RecordError& e) {
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(std::string(e.what()), "the line has more than 10000 bytes; a record line may have at most 10000");
  }
  EXPECT_LT(source.bytes_served(), 1 << 17);
}

TEST(RecordLimits, TheReaderStreamsHandByHand) {
  // The first hand is handed over before the second is read: an error later in the file does not
  // stop the hands before it.
  std::string text = std::string(kHeader) + "0 stock\n0 discard Kd\n\n" + kHeader + "1 bogus\n";
  std::istringstream in(text);
  RecordReader reader(in);
  const auto first = reader.next();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->moves.size(), 2u);
  try {
    reader.next();
    FAIL() << "the second hand's bad move was read";
  } catch (const RecordError& e) {
    EXPECT_EQ(e.line(), 18);
  }
}

TEST(RecordLimits, ThePotsLargestSideBetsReadBack) {
  // [Pot "1000000000"] was accepted, but its side bets exceeded the reader's limit: the replayed
  // hand's record could not be read back.
  Rules rules;
  rules.naturals_bet = 1;
  Rng rng(5);
  const Hand hand = fuzz::random_hand(make_game(rules), rng);
  SessionTags tags;
  tags.pot = 1'000'000'000;
  HandRecord r = make_record(hand, {"a", "b"}, 1, tags);
  EXPECT_NO_THROW(fuzz::check_round_trip(r));
  tags.pot = kMaxRecordPot;  // the largest pot a record holds
  EXPECT_NO_THROW(fuzz::check_round_trip(make_record(hand, {"a", "b"}, 1, tags)));
  r.pot = kMaxRecordPot + 1;  // what the reader would refuse, the writer refuses
  EXPECT_THROW(write_record(r), std::invalid_argument);
}

TEST(RecordLimits, RandomRuleSetsAndHandsRoundTrip) {
  // The property of docs/RECORDS.md over random valid rule sets, hands and session tags
  // (tests/fuzz/fuzz_record_round_trip.cc runs it without end).
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    try {
      fuzz::check_random_record(seed);
    } catch (const fuzz::Finding& f) {
      FAIL() << "seed " << seed << ": " << f.what();
    }
  }
}

}  // namespace
}  // namespace tonk

namespace tonk {
namespace {

// ---- the arena's decision times in fixed memory ------------------------------------------

TEST(ArenaMemory, TheTimeHistogramIsWithinHalfABinOfTheExactPercentiles) {
  // One sample per decision was kept for the whole run (4.4 GB at 10 M deals of 8 players).
  Rng rng(9);
  std::vector<float> exact;
  TimeHistogram histogram;
  for (int i = 0; i < 100000; ++i) {
    const double ms = std::exp(rng.uniform() * 12 - 8);  // 0.3 µs to 50 ms
    exact.push_back(static_cast<float>(ms));
    histogram.add(ms);
  }
  const DecisionTimes a = histogram.summary();
  const DecisionTimes b = summarize_times(exact);
  EXPECT_EQ(a.decisions, 100000);
  EXPECT_NEAR(a.mean_ms, b.mean_ms, 1e-6 * b.mean_ms);
  EXPECT_NEAR(a.median_ms, b.median_ms, 0.011 * b.median_ms);
  EXPECT_NEAR(a.p99_ms, b.p99_ms, 0.011 * b.p99_ms);
  TimeHistogram other;
  other.add(1.0);
  histogram.merge(other);
  EXPECT_EQ(histogram.summary().decisions, 100001);
}

TEST(ArenaMemory, PushUpsAreScoredInPoints) {
  ArenaOptions o;
  o.rules = preset_or_throw("pushup").rules;
  o.rules.players = 2;
  o.lineup = {"greedy", "random"};
  o.deals = 10;
  o.seed = 3;
  long long points = 0;
  o.on_hand = [&](const ArenaHand& h) {
    for (int seat = 0; seat < 2; ++seat)
      if (h.entrant_of_seat[static_cast<std::size_t>(seat)] == 1) points += h.outcome.points[seat];
  };
  const ArenaResult r = run_arena(o);
  // Results are signed so that higher is better: minus the push-ups scored.
  EXPECT_EQ(r.unit, "push-ups");
  EXPECT_FALSE(r.lower_is_better);
  EXPECT_GT(points, 0);
  EXPECT_EQ(r.entrants[1].total, -points);
  EXPECT_DOUBLE_EQ(r.entrants[1].payout.mean, -static_cast<double>(points) / 20);
}

}  // namespace
}  // namespace tonk
