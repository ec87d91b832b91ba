// A server that runs for months: a table that ended leaves memory (its records and final state are
// read from the storage, one row each, never by replaying its log), and the retention policy
// (retention.h) compacts ended tables' logs and deletes old ended tables.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <span>
#include <filesystem>
#include <memory>
#include <string>

#include <sqlite3.h>

#include <nlohmann/json.hpp>

#include "clock_ahead.h"
#include "fair_deal.h"
#include "forwarding_storage.h"
#include "memory_lobby.h"

namespace tonk::test {
namespace {

using nlohmann::json;
using serve::EndedTable;
using serve::Storage;
using serve::StoredTable;

// The lobby's storage over one SQLite database that outlives it (a second lobby restores from it: a
// restart), counting the reads that return a whole log.
class CountingStorage final : public ForwardingStorage {
 public:
  CountingStorage(std::shared_ptr<Storage> db, int& log_reads) : ForwardingStorage(std::move(db)), log_reads_(log_reads) {}
  std::optional<StoredTable> read_table(const std::string& code) override {
    ++log_reads_;
    return ForwardingStorage::read_table(code);
  }

 private:
  int& log_reads_;
};

struct Fixture {
  std::shared_ptr<Storage> db = std::make_shared<serve::SqliteStorage>(":memory:");
  int log_reads = 0;
  std::unique_ptr<MemoryLobby> server = std::make_unique<MemoryLobby>(std::make_unique<CountingStorage>(db, log_reads));
  /// A server restarted on the same database.
  void restart() {
    server = std::make_unique<MemoryLobby>(std::make_unique<CountingStorage>(db, log_reads));
    server->lobby().restore();
  }
};

// Ann plays a one-hand table against a bot to its end (the first legal action each turn); returns its code.
std::string play_one_hand(MemoryLobby& server, const std::shared_ptr<MemoryClient>& ann) {
  server.send(ann, {{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "random"}}}}, {"hands", 1}, {"pause_seconds", 0}});
  const std::string code = ann->last("created")["table"];
  server.send(ann, {{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}});
  for (int turn = 0; turn < 500 && ann->last("table_over").is_null(); ++turn) {
    const json s = ann->last("state");
    if (s["to_move"] != 0 || s["legal"].empty()) {
      server.idle();
      continue;
    }
    server.send(ann, {{"type", "act"}, {"action", s["legal"][0]["id"]}, {"hand", s["hand"]}, {"seq", s["seq"]}});
  }
  EXPECT_FALSE(ann->last("table_over").is_null()) << "the one-hand table did not end";
  return code;
}

TEST(ServeEndedTables, TablesThatEndedLeaveMemory) {
  MemoryLobby server;
  auto ann = std::make_shared<MemoryClient>();
  for (int i = 0; i < 300; ++i) {
    server.send(ann, {{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "random"}}}}});
    const std::string code = ann->last("created")["table"];
    server.send(ann, {{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}});
    server.send(ann, {{"type", "leave"}});  // the last person gone: the table is over
    ASSERT_EQ(ann->last("table_over")["table"], code);
  }
  EXPECT_EQ(server.lobby().table_count(), 0u) << "the lobby still holds tables that ended";
}

TEST(ServeEndedTables, AnEndedTableIsWatchedAndItsRecordsReadFromTheStorageNeverFromItsLog) {
  Fixture f;
  auto ann = std::make_shared<MemoryClient>();
  const std::string code = play_one_hand(*f.server, ann);
  const json ledger = ann->last("table_over")["ledger"];
  ASSERT_EQ(f.server->lobby().table_count(), 0u);
  const std::optional<std::string> record = f.server->lobby().record_text(code, 1);
  ASSERT_TRUE(record.has_value());
  EXPECT_NE(record->find("# fair-seed: "), std::string::npos);
  // Ann still follows the ended table: `record` answers, a seat's request says it is over.
  f.server->send(ann, {{"type", "record"}, {"id", 1}, {"hand", 1}});
  EXPECT_EQ(ann->messages.back()["text"], *record) << ann->messages.back().dump();
  f.server->send(ann, {{"type", "ready"}, {"id", 2}});
  EXPECT_EQ(ann->messages.back()["code"], "not_found") << ann->messages.back().dump();
  // A new spectator sees its final state and ledger.
  auto bo = std::make_shared<MemoryClient>();
  f.server->send(bo, {{"type", "watch"}, {"id", 3}, {"table", code}});
  ASSERT_EQ(bo->messages.size(), 3u);
  EXPECT_EQ(bo->messages[0]["type"], "watching");
  EXPECT_EQ(bo->messages[0]["re"], 3);
  EXPECT_EQ(bo->messages[1]["type"], "state");
  EXPECT_EQ(bo->messages[1]["status"], "over");
  EXPECT_TRUE(bo->messages[1]["seat"].is_null()) << "the final state is a spectator's";
  EXPECT_EQ(bo->messages[2], (json{{"type", "table_over"}, {"table", code}, {"ledger", ledger}}));
  f.server->send(bo, {{"type", "record"}, {"id", 4}, {"hand", 1}});
  EXPECT_EQ(bo->messages.back()["text"], *record);
  f.server->send(bo, {{"type", "record"}, {"id", 5}, {"hand", 2}});
  EXPECT_EQ(bo->messages.back()["code"], "not_found");
  // After a restart too; no request read the table's log.
  f.restart();
  EXPECT_EQ(f.server->lobby().table_count(), 0u);
  EXPECT_EQ(f.server->lobby().record_text(code, 1), record);
  auto cy = std::make_shared<MemoryClient>();
  f.server->send(cy, {{"type", "watch"}, {"table", code}});
  EXPECT_EQ(cy->last("table_over")["ledger"], ledger);
  EXPECT_EQ(f.log_reads, 0) << "an ended table's records or state were replayed from its log";
}

TEST(ServeEndedTables, RetentionCompactsEndedLogsThenDeletesOldEndedTables) {
  for (const bool keep_records : {false, true}) {
    Fixture f;
    serve::RetentionPolicy policy;
    policy.keep_log = std::chrono::minutes(5);
    policy.delete_after = std::chrono::hours(24);
    policy.keep_records = keep_records;
    policy.step_entries = 2;  // several steps: each is bounded
    f.server->lobby().set_retention(policy);
    auto ann = std::make_shared<MemoryClient>();
    const std::string ended = play_one_hand(*f.server, ann);
    f.server->send(ann, {{"type", "create"}, {"seats", 2}});
    const std::string open = ann->last("created")["table"];
    f.server->send(ann, {{"type", "join"}, {"table", open}, {"name", "Ann"}, {"seat", 0}});
    const std::size_t ended_log = f.db->read_table(ended)->log.size(), open_log = f.db->read_table(open)->log.size();
    ASSERT_GE(ended_log, 3u);  // seed, join, deal, ..., over (a hand can end at its deal: a tonk, S7)
    EXPECT_FALSE(f.server->lobby().sweep()) << "nothing is due before keep_log";
    EXPECT_EQ(f.db->read_table(ended)->log.size(), ended_log);
    f.server->lobby().set_wall_clock(clock_ahead(std::chrono::minutes(6)));
    int steps = 1;
    while (f.server->lobby().sweep() && steps < 100) ++steps;
    EXPECT_GE(steps, static_cast<int>(ended_log / 2)) << "a step deletes more than its bound";
    EXPECT_TRUE(f.db->read_table(ended)->log.empty()) << "the ended table's log is not compacted";
    EXPECT_EQ(f.db->read_table(open)->log.size(), open_log) << "an open table's log was touched";
    EXPECT_TRUE(f.server->lobby().record_text(ended, 1).has_value()) << "compaction lost the records";
    auto bo = std::make_shared<MemoryClient>();
    f.server->send(bo, {{"type", "watch"}, {"table", ended}});
    EXPECT_FALSE(bo->last("table_over").is_null()) << "compaction lost the final state";
    f.server->lobby().set_wall_clock(clock_ahead(std::chrono::hours(25)));
    while (f.server->lobby().sweep()) {
    }
    EXPECT_FALSE(f.db->read_table(ended).has_value()) << "the old ended table was not deleted";
    EXPECT_EQ(f.server->lobby().record_text(ended, 1).has_value(), keep_records);
    f.server->send(bo, {{"type", "watch"}, {"id", 7}, {"table", ended}});
    EXPECT_EQ(bo->messages.back()["code"], "not_found");
    EXPECT_EQ(f.db->read_table(open)->log.size(), open_log) << "an open table was touched";
  }
}

// Found by the server soak: a new table drew the code of an ended table (no longer in memory) and the
// commit failed on the storage's unique code, stopping the server.
TEST(ServeEndedTables, ANewTableNeverTakesTheCodeOfAnEndedOne) {
  // A table code is drawn as 26 random bytes, one a character (6 shown, 20 secret).
  const std::string twos = std::string(6, '2') + "-" + std::string(20, '2');
  const std::string threes = std::string(6, '3') + "-" + std::string(20, '3');
  int codes = 0;
  serve::set_random_source_for_testing([&codes](std::span<unsigned char> out) {
    unsigned char fill = 0x5a;
    if (out.size() == 26) fill = codes++ < 2 ? 0 : 1;  // table codes: all 2s twice, then all 3s
    std::fill(out.begin(), out.end(), fill);
  });
  MemoryLobby server;
  auto ann = std::make_shared<MemoryClient>();
  server.send(ann, {{"type", "create"}, {"seats", 2}});
  ASSERT_EQ(ann->last("created")["table"], twos);
  server.send(ann, {{"type", "join"}, {"table", twos}, {"name", "Ann"}, {"seat", 0}});
  server.send(ann, {{"type", "leave"}});
  ASSERT_EQ(server.lobby().table_count(), 0u);
  server.send(ann, {{"type", "create"}, {"seats", 2}});
  serve::set_random_source_for_testing({});
  EXPECT_EQ(ann->last("created")["table"], threes);
}

TEST(ServeEndedTables, ADatabaseFromBeforeStoredRecordsGetsThemOnceAtStartup) {
  const std::string path = (std::filesystem::temp_directory_path() / ("tonk-upgrade-" + serve::random_hex(6) + ".db")).string();
  std::string code;
  std::optional<std::string> record;
  json ledger;
  {
    MemoryLobby server(std::make_unique<serve::SqliteStorage>(path));
    auto ann = std::make_shared<MemoryClient>();
    code = play_one_hand(server, ann);
    record = server.lobby().record_text(code, 1);
    ledger = ann->last("table_over")["ledger"];
  }
  ASSERT_TRUE(record.has_value());
  {  // As an older server left it: no records' table, no final state.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    for (const char* sql : {"DROP TABLE records", "DROP INDEX tables_to_compact", "DROP INDEX tables_ended",
                            "ALTER TABLE tables DROP COLUMN ended_ms", "ALTER TABLE tables DROP COLUMN final",
                            "ALTER TABLE tables DROP COLUMN compacted"})
      ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sql << ": " << sqlite3_errmsg(db);
    sqlite3_close(db);
  }
  {
    MemoryLobby server(std::make_unique<serve::SqliteStorage>(path));
    server.lobby().restore();
    EXPECT_EQ(server.lobby().record_text(code, 1), record);
    auto bo = std::make_shared<MemoryClient>();
    server.send(bo, {{"type", "watch"}, {"table", code}});
    EXPECT_EQ(bo->last("table_over")["ledger"], ledger) << "the ended table's final state was not stored at the upgrade";
    // Its end counts from the upgrade: the default policy deletes nothing yet.
    while (server.lobby().sweep()) {
    }
    EXPECT_EQ(server.lobby().record_text(code, 1), record);
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
}

}  // namespace
}  // namespace tonk::test
