#include "sqlite_storage.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <map>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <sqlite3.h>

#ifdef TONK_WITH_POSTGRES
#include "postgres_storage.h"
#endif

namespace tonk::serve {

SqliteStorage::SqliteStorage(const std::string& path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StorageError("cannot open the database " + path + ": " + why);
  }
  if (path != ":memory:" && path.rfind("file:", 0) != 0) {
    // One server per file: two would interleave their logs. flock(2) on a file
    // descriptor of our own does not disturb SQLite's fcntl(2) locks, and it is released when the
    // process dies however it dies. The descriptor stays open until after sqlite3_close.
    lock_fd_ = ::open(path.c_str(), O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
    if (lock_fd_ < 0 || ::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      if (lock_fd_ >= 0) ::close(lock_fd_);
      lock_fd_ = -1;
      sqlite3_close(db_);
      db_ = nullptr;
      throw StorageError(err == EWOULDBLOCK ? "the database " + path + " is in use by another tonk serve (one server per SQLite file; "
                                              "use postgresql://... to share)"
                                            : "cannot lock the database " + path + ": " + std::strerror(err));
    }
  }
  sqlite3_busy_timeout(db_, 5000);
  exec("PRAGMA journal_mode=WAL");
  exec("PRAGMA synchronous=NORMAL");  // WAL: durable across a killed process; fsync at checkpoints
  exec("CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, config TEXT NOT NULL, closed INTEGER NOT NULL DEFAULT 0)");
  exec("CREATE TABLE IF NOT EXISTS log (code TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL, "
       "PRIMARY KEY (code, seq)) WITHOUT ROWID");
  // What an ended table keeps (storage.h), added to a database written before it existed: its ended
  // tables count as ended now (the retention policy's clock starts at the upgrade), and their
  // records are stored once from their logs (tables_without_records).
  bool had_records = false;
  {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db_, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'records'", -1, &st, nullptr) != SQLITE_OK)
      fail("schema");
    had_records = sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
  }
  if (!had_records) {
    exec("BEGIN IMMEDIATE");
    exec("ALTER TABLE tables ADD COLUMN ended_ms INTEGER");
    exec("ALTER TABLE tables ADD COLUMN final TEXT NOT NULL DEFAULT ''");
    exec("ALTER TABLE tables ADD COLUMN compacted INTEGER NOT NULL DEFAULT 0");
    exec("UPDATE tables SET ended_ms = CAST(1000 * (julianday('now') - 2440587.5) * 86400 AS INTEGER) WHERE closed = 1");
    exec("CREATE TABLE records (code TEXT NOT NULL, hand INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (code, hand)) WITHOUT ROWID");
    exec("CREATE INDEX tables_to_compact ON tables (ended_ms) WHERE closed = 1 AND compacted = 0");
    exec("CREATE INDEX tables_ended ON tables (ended_ms) WHERE closed = 1");
    exec("COMMIT");
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db_, "SELECT 1 FROM log LIMIT 1", -1, &st, nullptr) != SQLITE_OK) fail("schema");
    records_missing_ = sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
  }
  create_player_tables();
  auto prepare = [&](const char* sql, sqlite3_stmt** out) {
    if (sqlite3_prepare_v2(db_, sql, -1, out, nullptr) != SQLITE_OK) fail("prepare");
  };
  prepare("INSERT INTO tables (code, config) VALUES (?1, ?2)", &insert_table_);
  prepare("INSERT INTO log (code, seq, entry) VALUES (?1, ?2, ?3)", &insert_entry_);
  prepare("UPDATE tables SET closed = 1, ended_ms = ?2, final = ?3 WHERE code = ?1", &close_);
  prepare("DELETE FROM tables WHERE code = ?1", &drop_tables_);
  prepare("DELETE FROM log WHERE code = ?1", &drop_log_);
  prepare("DELETE FROM records WHERE code = ?1", &drop_records_);
  prepare("INSERT OR REPLACE INTO records (code, hand, text) VALUES (?1, ?2, ?3)", &insert_record_);
}

SqliteStorage::~SqliteStorage() {
  sqlite3_finalize(insert_table_);
  sqlite3_finalize(insert_entry_);
  sqlite3_finalize(close_);
  sqlite3_finalize(drop_tables_);
  sqlite3_finalize(drop_log_);
  sqlite3_finalize(drop_records_);
  sqlite3_finalize(insert_record_);
  sqlite3_close(db_);
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

void SqliteStorage::fail(const std::string& what) {
  throw StorageError("database: " + what + ": " + sqlite3_errmsg(db_));
}

void SqliteStorage::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string why = error ? error : "unknown error";
    sqlite3_free(error);
    throw StorageError(std::string("database: ") + sql + ": " + why);
  }
}

std::vector<StoredTable> SqliteStorage::load_tables() {
  std::vector<StoredTable> out;
  std::map<std::string, std::size_t> index;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT code, config FROM tables WHERE closed = 0 ORDER BY code", -1, &st, nullptr) != SQLITE_OK)
    fail("load tables");
  while (sqlite3_step(st) == SQLITE_ROW) {
    StoredTable t;
    t.code = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    t.config = reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
    index[t.code] = out.size();
    out.push_back(std::move(t));
  }
  sqlite3_finalize(st);
  if (sqlite3_prepare_v2(db_, "SELECT code, seq, entry FROM log ORDER BY code, seq", -1, &st, nullptr) != SQLITE_OK)
    fail("load log");
  while (sqlite3_step(st) == SQLITE_ROW) {
    const auto it = index.find(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    if (it == index.end()) continue;
    StoredTable& t = out[it->second];
    if (sqlite3_column_int64(st, 1) != static_cast<std::int64_t>(t.log.size())) {
      sqlite3_finalize(st);
      throw StorageError("database: the log of table " + t.code + " has a gap at entry " + std::to_string(t.log.size()));
    }
    t.log.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 2)));
  }
  sqlite3_finalize(st);
  return out;
}

std::optional<StoredTable> SqliteStorage::read_table(const std::string& code) {
  std::optional<StoredTable> out;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT config, closed FROM tables WHERE code = ?1", -1, &st, nullptr) != SQLITE_OK) fail("read table");
  sqlite3_bind_text(st, 1, code.data(), static_cast<int>(code.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(st) == SQLITE_ROW) {
    out.emplace();
    out->code = code;
    out->config = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    out->closed = sqlite3_column_int(st, 1) != 0;
  }
  sqlite3_finalize(st);
  if (!out) return out;
  if (sqlite3_prepare_v2(db_, "SELECT seq, entry FROM log WHERE code = ?1 ORDER BY seq", -1, &st, nullptr) != SQLITE_OK)
    fail("read log");
  sqlite3_bind_text(st, 1, code.data(), static_cast<int>(code.size()), SQLITE_TRANSIENT);
  while (sqlite3_step(st) == SQLITE_ROW) {
    if (sqlite3_column_int64(st, 0) != static_cast<std::int64_t>(out->log.size())) {
      sqlite3_finalize(st);
      throw StorageError("database: the log of table " + code + " has a gap at entry " + std::to_string(out->log.size()));
    }
    out->log.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 1)));
  }
  sqlite3_finalize(st);
  return out;
}

void SqliteStorage::create_table(const std::string& code, const std::string& config) {
  staged_.push_back({0, code, 0, config});
}
void SqliteStorage::append(const std::string& code, std::int64_t seq, const std::string& entry) {
  staged_.push_back({1, code, seq, entry});
}
bool SqliteStorage::code_used(const std::string& code) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT 1 FROM tables WHERE code = ?1 UNION ALL SELECT 1 FROM records WHERE code = ?1 LIMIT 1", -1, &st,
                         nullptr) != SQLITE_OK)
    fail("read code");
  sqlite3_bind_text(st, 1, code.data(), static_cast<int>(code.size()), SQLITE_TRANSIENT);
  const bool used = sqlite3_step(st) == SQLITE_ROW;
  sqlite3_finalize(st);
  return used;
}

void SqliteStorage::close_table(const std::string& code, std::int64_t ended_ms, const std::string& final_state) {
  staged_.push_back({2, code, ended_ms, final_state});
}
void SqliteStorage::drop_table(const std::string& code) { staged_.push_back({3, code, 0, {}}); }
void SqliteStorage::put_record(const std::string& code, int hand, const std::string& text) {
  staged_.push_back({4, code, hand, text});
}

void SqliteStorage::commit() {
  if (!pending()) return;
  std::vector<Staged> batch;
  batch.swap(staged_);
  std::vector<PlayerWrite> players;
  players.swap(player_writes_);
  exec("BEGIN IMMEDIATE");
  try {
    for (const Staged& s : batch) {
      if (s.kind == 3) {
        for (sqlite3_stmt* st : {drop_log_, drop_records_, drop_tables_}) {
          sqlite3_reset(st);
          sqlite3_bind_text(st, 1, s.code.data(), static_cast<int>(s.code.size()), SQLITE_TRANSIENT);
          if (sqlite3_step(st) != SQLITE_DONE) fail("drop");
        }
        continue;
      }
      sqlite3_stmt* st = s.kind == 0 ? insert_table_ : s.kind == 1 ? insert_entry_ : s.kind == 2 ? close_ : insert_record_;
      sqlite3_reset(st);
      sqlite3_bind_text(st, 1, s.code.data(), static_cast<int>(s.code.size()), SQLITE_TRANSIENT);
      if (s.kind == 0) {
        sqlite3_bind_text(st, 2, s.text.data(), static_cast<int>(s.text.size()), SQLITE_TRANSIENT);
      } else {
        sqlite3_bind_int64(st, 2, s.seq);
        sqlite3_bind_text(st, 3, s.text.data(), static_cast<int>(s.text.size()), SQLITE_TRANSIENT);
      }
      if (sqlite3_step(st) != SQLITE_DONE) fail("write");
    }
    write_players(players);
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

int SqliteStorage::run(const char* sql, const std::string& code, std::int64_t number) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, sql, -1, &st, nullptr) != SQLITE_OK) fail("prepare");
  sqlite3_bind_text(st, 1, code.data(), static_cast<int>(code.size()), SQLITE_TRANSIENT);
  if (sqlite3_bind_parameter_count(st) >= 2) sqlite3_bind_int64(st, 2, number);
  const int rc = sqlite3_step(st);
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE) fail("write");
  return sqlite3_changes(db_);
}

std::optional<std::string> SqliteStorage::read_record(const std::string& code, int hand) {
  std::optional<std::string> out;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT text FROM records WHERE code = ?1 AND hand = ?2", -1, &st, nullptr) != SQLITE_OK)
    fail("read record");
  sqlite3_bind_text(st, 1, code.data(), static_cast<int>(code.size()), SQLITE_TRANSIENT);
  sqlite3_bind_int(st, 2, hand);
  if (sqlite3_step(st) == SQLITE_ROW) out = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  sqlite3_finalize(st);
  return out;
}

std::optional<EndedTable> SqliteStorage::read_ended(const std::string& code) {
  std::optional<EndedTable> out;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT final, ended_ms FROM tables WHERE code = ?1 AND closed = 1", -1, &st, nullptr) != SQLITE_OK)
    fail("read ended table");
  sqlite3_bind_text(st, 1, code.data(), static_cast<int>(code.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(st) == SQLITE_ROW)
    out = EndedTable{reinterpret_cast<const char*>(sqlite3_column_text(st, 0)), sqlite3_column_int64(st, 1)};
  sqlite3_finalize(st);
  return out;
}

namespace {

// The codes of at most `limit` tables that `sql` (?1 a time, ?2 the limit) selects.
std::vector<std::string> codes_of(sqlite3* db, const char* sql, std::int64_t before, std::size_t limit) {
  std::vector<std::string> out;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK)
    throw StorageError(std::string("database: retention: ") + sqlite3_errmsg(db));
  sqlite3_bind_int64(st, 1, before);
  sqlite3_bind_int64(st, 2, static_cast<std::int64_t>(limit));
  while (sqlite3_step(st) == SQLITE_ROW) out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
  sqlite3_finalize(st);
  return out;
}

}  // namespace

std::size_t SqliteStorage::compact_logs(std::int64_t ended_before_ms, std::size_t max_entries) {
  if (max_entries == 0) return 0;
  std::size_t deleted = 0;
  exec("BEGIN IMMEDIATE");
  try {
    for (const std::string& code : codes_of(db_, "SELECT code FROM tables WHERE closed = 1 AND compacted = 0 AND ended_ms <= ?1 "
                                                 "ORDER BY ended_ms LIMIT ?2", ended_before_ms, max_entries)) {
      const std::size_t left = max_entries - deleted;
      // The newest entries first: what stays of a log being compacted is still its beginning.
      deleted += static_cast<std::size_t>(run("DELETE FROM log WHERE code = ?1 AND seq IN "
                                              "(SELECT seq FROM log WHERE code = ?1 ORDER BY seq DESC LIMIT ?2)",
                                              code, static_cast<std::int64_t>(left)));
      if (deleted >= max_entries) break;  // this table's log may not be empty yet: the next call goes on
      run("UPDATE tables SET compacted = 1 WHERE code = ?1", code);
    }
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  return deleted;
}

std::size_t SqliteStorage::delete_ended(std::int64_t ended_before_ms, bool keep_records, std::size_t max_tables) {
  if (max_tables == 0) return 0;
  std::size_t deleted = 0;
  exec("BEGIN IMMEDIATE");
  try {
    for (const std::string& code : codes_of(db_, "SELECT code FROM tables WHERE closed = 1 AND compacted = 1 AND ended_ms <= ?1 "
                                                 "ORDER BY ended_ms LIMIT ?2", ended_before_ms, max_tables)) {
      if (!keep_records) run("DELETE FROM records WHERE code = ?1", code);
      deleted += static_cast<std::size_t>(run("DELETE FROM tables WHERE code = ?1", code));
    }
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  return deleted;
}

std::vector<std::string> SqliteStorage::tables_without_records() {
  if (!records_missing_) return {};
  records_missing_ = false;
  return codes_of(db_, "SELECT DISTINCT code FROM log WHERE ?1 = ?1 LIMIT ?2", 0, static_cast<std::size_t>(INT64_MAX));
}

std::unique_ptr<Storage> open_storage(const std::string& url, std::chrono::milliseconds lease) {
  if (url.rfind("postgresql://", 0) == 0 || url.rfind("postgres://", 0) == 0) {
#ifdef TONK_WITH_POSTGRES
    return std::make_unique<PostgresStorage>(url, lease);
#else
    (void)lease;
    throw StorageError("this tonk was built without PostgreSQL (libpqxx-dev, cmake -DTONK_POSTGRES=ON); use a SQLite file");
#endif
  }
  return std::make_unique<SqliteStorage>(url);
}

}  // namespace tonk::serve
