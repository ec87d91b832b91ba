// The embedded Storage backend: one SQLite file (WAL), next to the server.
#pragma once

#include <string>
#include <vector>

#include "storage.h"

struct sqlite3;
struct sqlite3_stmt;

namespace tonk::serve {

/// Storage in one SQLite database: tables(code, config, closed) and log(code, seq, entry) with
/// (code, seq) the primary key. WAL journal with synchronous=NORMAL: a commit survives the server
/// process being killed (kill -9) at any point; an OS crash or power loss may lose the last commits
/// (never corrupt the file). One writer: a single server process.
class SqliteStorage final : public Storage {
 public:
  /// Opens (creating when missing) the database at `path`; ":memory:" for a private in-memory one.
  /// Throws StorageError.
  explicit SqliteStorage(const std::string& path);
  ~SqliteStorage() override;
  SqliteStorage(const SqliteStorage&) = delete;
  SqliteStorage& operator=(const SqliteStorage&) = delete;

  std::vector<StoredTable> load_tables() override;
  std::optional<StoredTable> read_table(const std::string& code) override;
  void create_table(const std::string& code, const std::string& config) override;
  void append(const std::string& code, std::int64_t seq, const std::string& entry) override;
  void close_table(const std::string& code) override;
  void commit() override;
  bool pending() const override { return !staged_.empty(); }

 private:
  struct Staged {
    int kind;  // 0 table, 1 entry, 2 close
    std::string code;
    std::int64_t seq;
    std::string text;
  };
  void exec(const char* sql);
  [[noreturn]] void fail(const std::string& what);

  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_table_ = nullptr;
  sqlite3_stmt* insert_entry_ = nullptr;
  sqlite3_stmt* close_ = nullptr;
  std::vector<Staged> staged_;
};

}  // namespace tonk::serve
