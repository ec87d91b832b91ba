// Quick play across two `tonk serve` processes on one PostgreSQL database (docs/SCALING.md "Quick
// play"): a waiting table on server A is published to the cluster; a `quick` ask sent to server B is
// pointed at it (`elsewhere`, naming A), following it to A seats the asker there, B's `tables` and
// GET /tables/public list it with its host, an asker whose name is taken there is not pointed at it,
// two askers pointed at one last seat: the host seats one and refuses the other (`table_full`), and
// once its hand is dealt no server lists it. And the storage's rows themselves (PostgresWaitingRows).
// Run through with_postgres.sh (ctest does), which starts a private PostgreSQL and sets TONK_PG_URL.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "storage.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

constexpr int kReplyTimeout = 5;  // seconds a client waits for a reply before the test fails


// A P-STD table of three seats: no other test of this binary asks for one.
json quick(const std::string& name) {
  return json{{"type", "quick"}, {"preset", "P-STD"}, {"seats", 3}, {"name", name}};
}

// The entry of `table` in a `tables` message, or null.
json listed(const json& tables, const std::string& table) {
  for (const json& t : tables["tables"])
    if (t["table"] == table) return t;
  return nullptr;
}

TEST(ServePostgresQuickPlay, AnAskOnOneServerIsPointedAtAnotherServersWaitingTable) {
  const char* url_env = std::getenv("TONK_PG_URL");
  ASSERT_TRUE(url_env != nullptr && *url_env)
      << "TONK_PG_URL is not set: run this test through tests/server/postgres/with_postgres.sh (ctest does)";
  // A long lease: nothing here expires, and a loaded machine's late renewal never hides A's table.
  const std::vector<std::string> extra = {"--lease", "10", "--quick-wait-seconds", "600"};
  ServerProcess a(url_env, 1, "20", extra);
  ServerProcess b(url_env, 1, "20", extra);

  // Ann waits at a new table on A.
  WsClient ann(a.port(), kReplyTimeout);
  const json joined = ann.request(quick("Ann"));
  ASSERT_EQ(joined["type"], "joined") << joined.dump();
  const std::string table = joined["table"];

  // B lists it, hosted by A; A lists it as its own.
  WsClient on_b(b.port(), kReplyTimeout);
  const json b_tables = on_b.request({{"type", "tables"}});
  const json entry = listed(b_tables, table);
  ASSERT_TRUE(entry.is_object()) << b_tables.dump();
  EXPECT_EQ(entry["host"], a.url());
  EXPECT_EQ(entry["people"], 1);
  EXPECT_EQ(entry["open"], 2);
  WsClient on_a(a.port(), kReplyTimeout);
  const json a_entry = listed(on_a.request({{"type", "tables"}}), table);
  ASSERT_TRUE(a_entry.is_object());
  EXPECT_TRUE(a_entry["host"].is_null()) << a_entry.dump();
  {
    const auto [status, body] = http_get(b.port(), "/tables/public");
    ASSERT_EQ(status, 200) << body;
    const json e = listed(json::parse(body), table);
    ASSERT_TRUE(e.is_object()) << body;
    EXPECT_EQ(e["host"], a.url());
  }

  // Bob asks B: he is pointed at A's table, and following it seats him there.
  WsClient bob_b(b.port(), kReplyTimeout);
  const json pointed = bob_b.request(quick("Bob"));
  ASSERT_EQ(pointed["type"], "elsewhere") << pointed.dump();
  EXPECT_EQ(pointed["table"], table);
  EXPECT_EQ(pointed["host"], a.url());
  WsClient bob(a.port(), kReplyTimeout);
  const json bob_joined = bob.request({{"type", "join"}, {"table", table}, {"name", "Bob"}});
  ASSERT_EQ(bob_joined["type"], "joined") << bob_joined.dump();
  EXPECT_EQ(bob_joined["table"], table);

  // B sees the seat taken (the update was committed with the join).
  const json after_bob = listed(on_b.request({{"type", "tables"}}), table);
  ASSERT_TRUE(after_bob.is_object());
  EXPECT_EQ(after_bob["people"], 2);
  EXPECT_EQ(after_bob["open"], 1);

  // An asker whose name a seat there shows is not pointed at it (its host would refuse the join):
  // B seats her at a new table of its own.
  WsClient ann2(b.port(), kReplyTimeout);
  const json ann2_joined = ann2.request(quick("ANN"));
  ASSERT_EQ(ann2_joined["type"], "joined") << ann2_joined.dump();
  EXPECT_NE(ann2_joined["table"], table);

  // Cy and Dan are both pointed at the last seat (fewest open seats wins); Cy takes it, the hand is
  // dealt, Dan's join is refused by the host, and no server lists the table any more.
  WsClient cy_b(b.port(), kReplyTimeout);
  const json cy_pointed = cy_b.request(quick("Cy"));
  ASSERT_EQ(cy_pointed["type"], "elsewhere") << cy_pointed.dump();
  EXPECT_EQ(cy_pointed["table"], table);
  WsClient dan_b(b.port(), kReplyTimeout);
  const json dan_pointed = dan_b.request(quick("Dan"));
  ASSERT_EQ(dan_pointed["type"], "elsewhere") << dan_pointed.dump();
  EXPECT_EQ(dan_pointed["table"], table);
  WsClient cy(a.port(), kReplyTimeout);
  ASSERT_EQ(cy.request({{"type", "join"}, {"table", table}, {"name", "Cy"}})["type"], "joined");
  WsClient dan(a.port(), kReplyTimeout);
  const json dan_refused = dan.request({{"type", "join"}, {"table", table}, {"name", "Dan"}});
  EXPECT_EQ(dan_refused["type"], "error") << dan_refused.dump();
  EXPECT_EQ(dan_refused["code"], "table_full") << dan_refused.dump();
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {  // bounded: the hand is dealt once every seat is taken
    gone = listed(on_b.request({{"type", "tables"}}), table).is_null() &&
           listed(on_a.request({{"type", "tables"}}), table).is_null();
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(gone) << "table " << table << " is still listed after its seats were all taken";

  // Asked again, Dan is seated on B, at the table waiting there.
  const json dan_again = dan_b.request(quick("Dan"));
  ASSERT_EQ(dan_again["type"], "joined") << dan_again.dump();
  EXPECT_EQ(dan_again["table"], ann2_joined["table"]);
}


// How many of `rows` carry `entry`, and the address of the last one.
std::pair<int, std::string> rows_of(const std::vector<serve::PublishedWaiting>& rows, const std::string& entry) {
  std::pair<int, std::string> out{0, ""};
  for (const serve::PublishedWaiting& r : rows)
    if (r.entry == entry) out = {out.first + 1, r.address};
  return out;
}

TEST(PostgresWaitingRows, AreSeenByTheOtherServersOnceCommittedAndGoWithTheTable) {
  const char* url = std::getenv("TONK_PG_URL");
  ASSERT_NE(url, nullptr) << "TONK_PG_URL is not set: run this test through tests/server/postgres/with_postgres.sh";
  std::unique_ptr<serve::Storage> a = serve::open_storage(url, std::chrono::seconds(10));
  std::unique_ptr<serve::Storage> b = serve::open_storage(url, std::chrono::seconds(10));
  a->set_address("http://a.example:8080");
  b->set_address("http://b.example:8080");
  a->load_tables();
  b->load_tables();
  const std::string v1 = R"({"table":"WAIT01","v":1})", v2 = R"({"table":"WAIT01","v":2})", v3 = R"({"table":"WAIT01","v":3})";
  a->create_table("WAIT01", "{}");
  a->put_waiting("WAIT01", v1);
  EXPECT_EQ(rows_of(b->waiting_elsewhere(), v1).first, 0) << "staged, not committed";
  a->commit();
  EXPECT_EQ(rows_of(b->waiting_elsewhere(), v1), std::make_pair(1, std::string("http://a.example:8080")));
  EXPECT_EQ(rows_of(a->waiting_elsewhere(), v1).first, 0) << "a server's own tables are not elsewhere";
  // Updated: the last of a batch stands, one row per table.
  a->put_waiting("WAIT01", v2);
  a->put_waiting("WAIT01", v3);
  a->commit();
  EXPECT_EQ(rows_of(b->waiting_elsewhere(), v1).first + rows_of(b->waiting_elsewhere(), v2).first, 0);
  EXPECT_EQ(rows_of(b->waiting_elsewhere(), v3).first, 1);
  // Withdrawn, published again, then gone with the table's close.
  a->drop_waiting("WAIT01");
  a->commit();
  EXPECT_EQ(rows_of(b->waiting_elsewhere(), v3).first, 0);
  a->put_waiting("WAIT01", v1);
  a->commit();
  EXPECT_EQ(rows_of(b->waiting_elsewhere(), v1).first, 1);
  a->close_table("WAIT01", 1, "");
  a->commit();
  EXPECT_EQ(rows_of(b->waiting_elsewhere(), v1).first, 0) << "a closed table waits no more";
  // And with a dropped table.
  const std::string w2 = R"({"table":"WAIT02"})";
  a->create_table("WAIT02", "{}");
  a->put_waiting("WAIT02", w2);
  a->commit();
  EXPECT_EQ(rows_of(b->waiting_elsewhere(), w2).first, 1);
  a->drop_table("WAIT02");
  a->commit();
  EXPECT_EQ(rows_of(b->waiting_elsewhere(), w2).first, 0);
}

}  // namespace
}  // namespace tonk::test
