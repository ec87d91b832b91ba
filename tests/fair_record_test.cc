// The fair-deal lines of a served hand's record (docs/RECORDS.md "Fair-deal lines"): written, found
// before the right hand, and checked against the deck, the commitment and the first dealer.
#include "tonk/fair_record.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tonk/fair_deal.h"
#include "tonk/game.h"
#include "tonk/hand.h"
#include "tonk/record.h"
#include "tonk/session.h"

namespace tonk {
namespace {

const std::string kSeed = "9f2c" + std::string(60, 'a');

// Hand `number` dealt as tonk-deal/1 gives it (hand 1's dealer cut from the derived session seed),
// unplayed, with its fair lines; contributions given out of seat order and partly in capitals.
struct FairHand {
  FairLines fair;
  HandRecord record;
};
FairHand fair_hand(int number) {
  FairLines fair{std::string(kFairVersion), kSeed, fair_commitment(kSeed), {{1, "C4"}, {0, "3b61c0a2"}}, "", 0};
  const std::string digest = deal_digest(fair.seed, number, fair.contributions);
  const auto game = make_game();
  const int dealer = number == 1 ? Session(game, fair_session_seed(digest)).dealer() : 0;
  const Hand hand(game, fair_deck(*game, digest), dealer);
  return {fair, make_record(hand, {"ann", "bob"}, number)};
}

TEST(FairRecord, TheLinesAreWrittenAsDocumentedAndFoundBeforeTheirHand) {
  const FairHand h = fair_hand(1);
  const std::string lines = write_fair_lines(h.fair);
  EXPECT_EQ(lines, "# fair: tonk-deal/1\n# fair-seed: " + kSeed + "\n# fair-commitment: " + fair_commitment(kSeed) +
                       "\n# fair-contribution: 0:3b61c0a2\n# fair-contribution: 1:C4\n");
  // Hand 1 served, hand 2 not (its [Game] has no group of its own), as in a file of both.
  const std::string text = lines + write_record(h.record) + "\n" + write_record(fair_hand(2).record);
  const std::vector<HandRecord> records = parse_records(text);
  ASSERT_EQ(records.size(), 2u);
  const std::vector<std::optional<FairLines>> found = find_fair_lines(text, records);
  ASSERT_EQ(found.size(), 2u);
  ASSERT_TRUE(found[0].has_value());
  EXPECT_EQ(found[0]->line, 1);
  EXPECT_EQ(found[0]->seed, kSeed);
  EXPECT_EQ(found[0]->commitment, h.fair.commitment);
  EXPECT_EQ(found[0]->contributions, (std::vector<Contribution>{{0, "3b61c0a2"}, {1, "C4"}}));
  EXPECT_FALSE(found[1].has_value());
  EXPECT_EQ(why_not_fair(*found[0], records[0]), std::nullopt);
}

TEST(FairRecord, BlanksAndCarriageReturnsAtALineEndAreIgnored) {
  const FairHand h = fair_hand(1);
  std::string lines = write_fair_lines(h.fair);
  for (std::size_t at = lines.find('\n'); at != std::string::npos; at = lines.find('\n', at + 3)) lines.replace(at, 1, " \r\n");
  const std::string text = lines + write_record(h.record);
  const std::vector<HandRecord> records = parse_records(text);
  const auto found = find_fair_lines(text, records);
  ASSERT_TRUE(found[0].has_value());
  EXPECT_EQ(why_not_fair(*found[0], records[0]), std::nullopt);
}

TEST(FairRecord, EachFalsehoodIsNamed) {
  const FairHand h = fair_hand(1);
  const auto why = [&](auto change) {
    FairLines f = h.fair;
    change(f);
    return why_not_fair(f, h.record).value_or("verified");
  };
  EXPECT_EQ(why([](FairLines& f) { f.version = "tonk-deal/2"; }), "unknown derivation 'tonk-deal/2'");
  EXPECT_EQ(why([](FairLines& f) { f.seed.pop_back(); }), "the seed is not 64 hex digits");
  EXPECT_EQ(why([](FairLines& f) { f.contributions[0].entropy = "xyz1"; }), "a contribution is not 2 to 64 hex digits");
  EXPECT_EQ(why([](FairLines& f) { f.commitment = std::string(64, '0'); }),
            "SHA-256 of the seed is " + h.fair.commitment + ", not the commitment '" + std::string(40, '0') + "...'");
  EXPECT_EQ(why([](FairLines& f) { f.contributions[1].entropy = "3b61c0a3"; }),
            "the deck dealt is not the one the seed and the contributions give");
  EXPECT_EQ(why([](FairLines& f) { f.contributions.pop_back(); }),
            "the deck dealt is not the one the seed and the contributions give");
  HandRecord other_dealer = h.record;
  other_dealer.dealer = 1 - other_dealer.dealer;
  EXPECT_EQ(why_not_fair(h.fair, other_dealer).value_or("verified"), "the first dealer is not the cut of the derived session seed (S5)");
}

TEST(FairRecord, AContributionThatIsNotSeatColonHexIsAnErrorNamingItsLine) {
  const FairHand h = fair_hand(1);
  for (const std::string bad : {"12:ff", "8:ff", ":ff", "ff", "a:ff"}) {
    const std::string text = "# fair: tonk-deal/1\n# fair-seed: " + kSeed + "\n# fair-contribution: " + bad + "\n" + write_record(h.record);
    const std::vector<HandRecord> records = parse_records(text);
    try {
      (void)find_fair_lines(text, records);
      ADD_FAILURE() << bad << " was read";
    } catch (const RecordError& e) {
      EXPECT_EQ(e.line(), 3) << bad;
      EXPECT_STREQ(e.what(), "a fair-contribution is SEAT:HEX");
    }
  }
}

}  // namespace
}  // namespace tonk
