#include "sqlite_storage.h"

#include <map>

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
  sqlite3_busy_timeout(db_, 5000);
  exec("PRAGMA journal_mode=WAL");
  exec("PRAGMA synchronous=NORMAL");  // WAL: durable across a killed process; fsync at checkpoints
  exec("CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, config TEXT NOT NULL, closed INTEGER NOT NULL DEFAULT 0)");
  exec("CREATE TABLE IF NOT EXISTS log (code TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL, "
       "PRIMARY KEY (code, seq)) WITHOUT ROWID");
  auto prepare = [&](const char* sql, sqlite3_stmt** out) {
    if (sqlite3_prepare_v2(db_, sql, -1, out, nullptr) != SQLITE_OK) fail("prepare");
  };
  prepare("INSERT INTO tables (code, config) VALUES (?1, ?2)", &insert_table_);
  prepare("INSERT INTO log (code, seq, entry) VALUES (?1, ?2, ?3)", &insert_entry_);
  prepare("UPDATE tables SET closed = 1 WHERE code = ?1", &close_);
}

SqliteStorage::~SqliteStorage() {
  sqlite3_finalize(insert_table_);
  sqlite3_finalize(insert_entry_);
  sqlite3_finalize(close_);
  sqlite3_close(db_);
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
void SqliteStorage::close_table(const std::string& code) { staged_.push_back({2, code, 0, {}}); }

void SqliteStorage::commit() {
  if (staged_.empty()) return;
  std::vector<Staged> batch;
  batch.swap(staged_);
  exec("BEGIN IMMEDIATE");
  try {
    for (const Staged& s : batch) {
      sqlite3_stmt* st = s.kind == 0 ? insert_table_ : s.kind == 1 ? insert_entry_ : close_;
      sqlite3_reset(st);
      sqlite3_bind_text(st, 1, s.code.data(), static_cast<int>(s.code.size()), SQLITE_TRANSIENT);
      if (s.kind == 0) sqlite3_bind_text(st, 2, s.text.data(), static_cast<int>(s.text.size()), SQLITE_TRANSIENT);
      if (s.kind == 1) {
        sqlite3_bind_int64(st, 2, s.seq);
        sqlite3_bind_text(st, 3, s.text.data(), static_cast<int>(s.text.size()), SQLITE_TRANSIENT);
      }
      if (sqlite3_step(st) != SQLITE_DONE) fail("write");
    }
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
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
