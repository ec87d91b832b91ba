// The PostgreSQL storage keeps what an ended table needs apart from its log (its records, its final
// state) and applies the retention policy (retention.h): logs compacted in bounded steps, old ended
// tables deleted with or without their records. Run through with_postgres.sh (ctest does).
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "fair_deal.h"
#include "storage.h"

namespace tonk::test {
namespace {

TEST(ServePostgresRetention, EndedTablesAreCompactedThenDeletedRecordsKeptOrNot) {
  const char* url = std::getenv("TONK_PG_URL");
  ASSERT_NE(url, nullptr) << "TONK_PG_URL is not set: run this test through tests/server/postgres/with_postgres.sh";
  std::unique_ptr<serve::Storage> db = serve::open_storage(url);
  for (const bool keep_records : {false, true}) {
    // Ended "at" 1 s and 2 s after the epoch: older than every other table of the database.
    const std::string ended = "R" + serve::random_hex(4), open = "O" + serve::random_hex(4);
    db->create_table(ended, "{}");
    db->create_table(open, "{}");
    for (int i = 0; i < 5; ++i) {
      db->append(ended, i, "{\"e\":" + std::to_string(i) + "}");
      db->append(open, i, "{\"e\":" + std::to_string(i) + "}");
    }
    db->put_record(ended, 1, "record one");
    db->commit();
    EXPECT_EQ(db->read_record(ended, 1), "record one") << "a record of a table in play is readable at once";
    EXPECT_FALSE(db->read_ended(ended).has_value()) << "a table in play is not ended";
    db->close_table(ended, 1000, "{\"type\":\"state\"}");
    db->commit();
    ASSERT_TRUE(db->read_ended(ended).has_value());
    EXPECT_EQ(db->read_ended(ended)->final_state, "{\"type\":\"state\"}");
    EXPECT_EQ(db->read_ended(ended)->ended_ms, 1000);
    EXPECT_EQ(db->compact_logs(999, 100), 0u) << "compacted before its time";
    EXPECT_EQ(db->compact_logs(2000, 2), 2u) << "a step deletes at most its bound";
    EXPECT_EQ(db->compact_logs(2000, 2), 2u);
    EXPECT_EQ(db->compact_logs(2000, 2), 1u);
    EXPECT_EQ(db->compact_logs(2000, 2), 0u);
    EXPECT_TRUE(db->read_table(ended)->log.empty());
    EXPECT_EQ(db->read_table(open)->log.size(), 5u) << "an open table's log was touched";
    EXPECT_EQ(db->read_record(ended, 1), "record one") << "compaction lost the record";
    EXPECT_EQ(db->delete_ended(2000, keep_records, 10), 1u);
    EXPECT_FALSE(db->read_table(ended).has_value());
    EXPECT_FALSE(db->read_ended(ended).has_value());
    EXPECT_EQ(db->read_record(ended, 1).has_value(), keep_records);
    EXPECT_TRUE(db->read_table(open).has_value());
    db->drop_table(open);
    db->commit();
    EXPECT_FALSE(db->read_table(open).has_value());
  }
}

}  // namespace
}  // namespace tonk::test
