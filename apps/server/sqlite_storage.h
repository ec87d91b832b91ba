// The embedded Storage backend: one SQLite file (WAL), next to the server.
#pragma once

#include <string>
#include <vector>

#include "player_rows.h"
#include "storage.h"

struct sqlite3;
struct sqlite3_stmt;

namespace tonk::serve {

/// Storage in one SQLite database: tables(code, config, closed, ended_ms, final, compacted),
/// log(code, seq, entry) with (code, seq) the primary key and records(code, hand, text) with (code,
/// hand) the primary key; the players in players, player_ratings and player_hands (sqlite_players.cc).
/// WAL journal with synchronous=NORMAL: a commit survives the server
/// process being killed (kill -9) at any point; an OS crash or power loss may lose the last commits
/// (never corrupt the file). One writer: a single server process, enforced with an exclusive
/// flock(2) on the file held while open (a second server on the same file is refused at once).
class SqliteStorage final : public PlayerStagingStorage {
 public:
  /// Opens (creating when missing) the database at `path`; ":memory:" for a private in-memory one.
  /// Throws StorageError.
  explicit SqliteStorage(const std::string& path);
  ~SqliteStorage() override;
  SqliteStorage(const SqliteStorage&) = delete;
  SqliteStorage& operator=(const SqliteStorage&) = delete;

  std::vector<StoredTable> load_tables() override;
  std::optional<StoredTable> read_table(const std::string& code) override;
  bool code_used(const std::string& code) override;
  void create_table(const std::string& code, const std::string& config) override;
  void append(const std::string& code, std::int64_t seq, const std::string& entry) override;
  void close_table(const std::string& code, std::int64_t ended_ms, const std::string& final_state) override;
  void drop_table(const std::string& code) override;
  void put_record(const std::string& code, int hand, const std::string& text) override;
  std::optional<std::string> read_record(const std::string& code, int hand) override;
  std::optional<EndedTable> read_ended(const std::string& code) override;
  std::size_t compact_logs(std::int64_t ended_before_ms, std::size_t max_entries) override;
  std::size_t delete_ended(std::int64_t ended_before_ms, bool keep_records, std::size_t max_tables) override;
  std::vector<std::string> tables_without_records() override;
  void commit() override;
  bool pending() const override { return !staged_.empty() || !player_writes_.empty(); }
  std::optional<PlayerRecord> read_player(const std::string& key_hash) override;
  std::vector<PlayerHand> player_hands(const std::string& key_hash, std::size_t limit) override;
  std::vector<LeaderboardRow> leaderboard(const std::string& group, double max_deviation, std::size_t limit) override;

 private:
  struct Staged {
    int kind;  // 0 table, 1 entry, 2 close, 3 drop, 4 record
    std::string code;
    std::int64_t seq;  // an entry's seq, a record's hand, a close's ended_ms
    std::string text;
  };
  void exec(const char* sql);
  /// Runs `sql` with text `code` as ?1 (and `number` as ?2 when it has one); returns the rows changed.
  int run(const char* sql, const std::string& code, std::int64_t number = 0);
  [[noreturn]] void fail(const std::string& what);
  // sqlite_players.cc: the players' tables, created when missing; their staged writes, in commit().
  void create_player_tables();
  void write_players(const std::vector<PlayerWrite>& writes);

  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_table_ = nullptr;
  sqlite3_stmt* insert_entry_ = nullptr;
  sqlite3_stmt* close_ = nullptr;
  sqlite3_stmt* drop_tables_ = nullptr;
  sqlite3_stmt* drop_log_ = nullptr;
  sqlite3_stmt* drop_records_ = nullptr;
  sqlite3_stmt* insert_record_ = nullptr;
  bool records_missing_ = false;  // opened a log written before the records' table existed
  int lock_fd_ = -1;  // flock'd: one server per file
  std::vector<Staged> staged_;
};

}  // namespace tonk::serve
