// A server that lost a table's lease cannot write to it: its commit fails (StorageError, and the
// server stops) and nothing of the batch is kept, whatever else the batch held. The PostgreSQL
// backend sends a batch as one text of statements whose lease check fails the whole text.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>

#include "storage.h"

namespace tonk::test {
namespace {

TEST(ServePostgresLease, ACommitOfATableWhoseLeaseWasTakenFailsAndKeepsNothing) {
  const char* url = std::getenv("TONK_PG_URL");
  ASSERT_NE(url, nullptr) << "TONK_PG_URL is not set: run this test through tests/server/postgres/with_postgres.sh";
  const auto lease = std::chrono::milliseconds(200);
  std::unique_ptr<serve::Storage> a = serve::open_storage(url, lease);
  std::unique_ptr<serve::Storage> b = serve::open_storage(url, lease);
  a->load_tables();
  b->load_tables();
  // A holds two tables; a batch of several entries of both commits in one text.
  a->create_table("FENCE1", "{}");
  a->create_table("FENCE2", "{}");
  a->commit();
  a->append("FENCE1", 0, "{\"k\":\"seed\",\"text\":\"it's quoted\"}");
  a->append("FENCE2", 0, "{\"k\":\"seed\"}");
  a->put_record("FENCE1", 1, "first");
  a->put_record("FENCE1", 1, "second: a repeat replaces it");
  a->commit();
  EXPECT_EQ(a->read_table("FENCE1")->log, std::vector<std::string>{"{\"k\":\"seed\",\"text\":\"it's quoted\"}"});
  EXPECT_EQ(a->read_record("FENCE1", 1), "second: a repeat replaces it");
  // A stops renewing; B takes both tables over once the leases expired. (Other tests' tables in the
  // same database, whose servers stopped, may be taken over too: only these two are counted.)
  std::size_t taken = 0;
  for (int i = 0; i < 50 && taken < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    for (const serve::StoredTable& t : b->take_over()) taken += t.code == "FENCE1" || t.code == "FENCE2";
  }
  ASSERT_EQ(taken, 2u);
  // A's next batch (an entry of each table, a record) fails as a whole.
  a->append("FENCE1", 1, "{\"k\":\"deal\"}");
  a->append("FENCE2", 1, "{\"k\":\"deal\"}");
  a->put_record("FENCE2", 1, "lost");
  try {
    a->commit();
    ADD_FAILURE() << "a commit after the lease was taken succeeded";
  } catch (const serve::StorageError& e) {  // the operator reads which tables were lost
    EXPECT_NE(std::string(e.what()).find("the lease of table FENCE1, FENCE2 was taken by another server"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(b->read_table("FENCE1")->log.size(), 1u);
  EXPECT_EQ(b->read_table("FENCE2")->log.size(), 1u);
  EXPECT_EQ(b->read_record("FENCE2", 1), std::nullopt);
  // B, the holder now, writes on.
  b->append("FENCE1", 1, "{\"k\":\"deal\"}");
  b->commit();
  EXPECT_EQ(b->read_table("FENCE1")->log.size(), 2u);
}

}  // namespace
}  // namespace tonk::test
