// `tonk review`: the table of a seat's decisions, its JSON, reproducibility, records of presets in
// other units, and the errors for a hand, a seat or a file that is not there.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "text_contains.h"
#include "cli_runner.h"

namespace tonk::test {
namespace {


int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// A record of `hands` hands of greedy against random (small searches keep the review fast).
std::string recorded(const std::string& name, const std::string& flags, int hands) {
  const std::string file = temp_path(name);
  std::remove(file.c_str());
  const CliRun r = tonk("sim --bots greedy,random --hands " + std::to_string(hands) + " --seed 8 " + flags + " --record '" + file + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  return file;
}

constexpr const char* kSmall = " --worlds 10 --hindsight 3";

TEST(CliReview, PrintsEachDecisionWithBothColumns) {
  const std::string file = recorded("review.tonk", "", 3);
  const CliRun r = tonk("review '" + file + "' --hand 2 --seat 1" + kSmall);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "hand 2, seat 1 (random)")) << r.out;
  EXPECT_TRUE(contains(r.out, "fair: expert:10 from the seat's own view")) << r.out;
  EXPECT_TRUE(contains(r.out, "hindsight: oracle:3, every card known")) << r.out;
  EXPECT_TRUE(contains(r.out, "values in stakes per hand")) << r.out;
  EXPECT_TRUE(contains(r.out, "decision")) << r.out;
  EXPECT_EQ(r.err, "");
  // The same seed, the same review; every hand without --hand.
  EXPECT_EQ(tonk("review '" + file + "' --hand 2 --seat 1" + kSmall).out, r.out);
  EXPECT_EQ(count_of(tonk("review '" + file + "'" + kSmall).out, ", seat 0 (greedy)"), 3);
  const CliRun plain = tonk("review '" + file + "' --hand 2 --worlds 10 --hindsight 0");
  EXPECT_FALSE(contains(plain.out, "hindsight")) << plain.out;
  std::remove(file.c_str());
}

TEST(CliReview, JsonHasTheValuesAndMarksTheMistakes) {
  const std::string file = recorded("review_json.tonk", "", 2);
  const CliRun r = tonk("review '" + file + "' --hand 1 --seat 1 --threshold 0.1 --json" + std::string(kSmall));
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["reviews"].size(), 1u);
  const nlohmann::json& review = j["reviews"][0];
  EXPECT_EQ(review["hand"], 1);
  EXPECT_EQ(review["seat"], 1);
  EXPECT_EQ(review["unit"], "stakes");
  EXPECT_EQ(review["hindsight"], true);
  int mistakes = 0;
  for (const nlohmann::json& d : review["decisions"]) {
    const double cost = d["fair"]["cost"];
    EXPECT_NEAR(cost, d["fair"]["best"].get<double>() - d["fair"]["played"].get<double>(), 1e-9);
    EXPECT_EQ(d["mistake"], cost > 0.1);
    mistakes += d["mistake"].get<bool>();
    EXPECT_GE(d["choices"].get<int>(), 2);
    EXPECT_TRUE(d["hindsight"].is_object());
  }
  EXPECT_EQ(review["mistakes"], mistakes);
  std::remove(file.c_str());
}

TEST(CliReview, ReviewsRecordsInEveryUnit) {
  for (const char* preset : {"pushup", "rush", "chicago"}) {
    const std::string file = recorded(std::string("review_") + preset + ".tonk", std::string("--preset ") + preset, 2);
    const CliRun r = tonk("review '" + file + "' --json" + std::string(kSmall));
    ASSERT_EQ(r.code, 0) << preset << ": " << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["reviews"].size(), 2u) << preset;
    std::remove(file.c_str());
  }
}

TEST(CliReview, NamesWhatIsMissing) {
  const std::string file = recorded("review_missing.tonk", "", 1);
  CliRun r = tonk("review '" + file + "' --hand 9" + std::string(kSmall));
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.err, "no hand 9 in the record")) << r.err;
  r = tonk("review '" + file + "' --seat 3" + std::string(kSmall));
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.err, "has 2 seats (0 to 1), not seat 3")) << r.err;
  EXPECT_EQ(tonk("review '" + file + "' --threshold -1").code, 2);
  EXPECT_EQ(tonk("review '" + temp_path("no_such.tonk") + "'").code, 2);
  std::remove(file.c_str());
}

}  // namespace
}  // namespace tonk::test
