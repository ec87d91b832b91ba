// `tonk serve-backup DB FILE`: a consistent copy of the server's SQLite database, taken while it runs.
// SQLite's online backup API copies every page within one read transaction (sqlite3_backup_step with
// -1): under WAL the server goes on writing meanwhile, and the copy is the database as of one commit,
// so a server started on it replays every table's log to the same position (docs/DEPLOY.md).
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>

#include <sqlite3.h>
#include <unistd.h>

#include "server_commands.h"

namespace tonk::cli {

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitBadInput = 2;

// An open SQLite connection, closed when it goes.
struct Connection {
  sqlite3* db = nullptr;
  ~Connection() { sqlite3_close(db); }
  std::string error() const { return db ? sqlite3_errmsg(db) : "out of memory"; }
};

// The single integer a query returns, or -1 with the reason in `why`.
long long query_number(sqlite3* db, const char* sql, std::string& why) {
  sqlite3_stmt* statement = nullptr;
  long long value = -1;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) != SQLITE_OK) {
    why = sqlite3_errmsg(db);
  } else if (sqlite3_step(statement) == SQLITE_ROW) {
    value = sqlite3_column_int64(statement, 0);
  } else {
    why = sqlite3_errmsg(db);
  }
  sqlite3_finalize(statement);
  return value;
}

// Removes the partial copy (and any journal SQLite left beside it) unless it was renamed into place.
struct PartialCopy {
  std::string path;
  bool kept = false;
  ~PartialCopy() {
    if (kept) return;
    std::error_code ignored;
    for (const char* suffix : {"", "-journal", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ignored);
  }
};

}  // namespace

int run_serve_backup(const std::string& db, const std::string& file, bool force) {
  namespace fs = std::filesystem;
  const std::string me = "tonk serve-backup: ";
  if (db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0) {
    std::cerr << me << "backs up a SQLite database; for PostgreSQL use pg_dump (docs/DEPLOY.md)\n";
    return kExitBadInput;
  }
  std::error_code error;
  const fs::file_status status = fs::status(db, error);
  if (error || !fs::is_regular_file(status)) {
    std::cerr << me << db << ": " << (error ? error.message() : "not a regular file") << "\n";
    return kExitBadInput;
  }
  if (fs::is_directory(file, error)) {
    std::cerr << me << file << " is a directory; give the copy's file name (" << file << "/tonk-serve.db)\n";
    return kExitBadInput;
  }
  if (fs::exists(fs::symlink_status(file, error)) && !force) {
    std::cerr << me << file << " exists; --force replaces it\n";
    return kExitBadInput;
  }
  if (fs::exists(file, error) && fs::equivalent(db, file, error)) {
    std::cerr << me << file << " is the database itself\n";
    return kExitBadInput;
  }

  // Opened for writing (nothing is written) when allowed: as the last connection to close, it folds
  // the write-ahead log back into the file and removes it, as the server does; a read-only connection
  // to a stopped server's database would leave a -wal and a -shm file behind.
  Connection source;
  if (sqlite3_open_v2(db.c_str(), &source.db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    sqlite3_close(source.db);
    source.db = nullptr;
    if (sqlite3_open_v2(db.c_str(), &source.db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
      std::cerr << me << "cannot open " << db << ": " << source.error() << "\n";
      return kExitBadInput;
    }
  }
  sqlite3_busy_timeout(source.db, 10000);
  std::string why;
  const long long schema =
      query_number(source.db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('tables', 'log')", why);
  if (schema != 2) {
    std::cerr << me << db << " is not a database of tonk serve"
              << (why.empty() ? " (it has no tables and log)" : ": " + why) << "\n";
    return kExitBadInput;
  }

  // Written beside FILE under another name and renamed when complete: FILE is never half a copy.
  PartialCopy partial{file + ".partial-" + std::to_string(::getpid())};
  Connection copy;
  if (sqlite3_open_v2(partial.path.c_str(), &copy.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    std::cerr << me << "cannot write " << partial.path << ": " << copy.error() << "\n";
    return kExitFailed;
  }
  sqlite3_backup* backup = sqlite3_backup_init(copy.db, "main", source.db, "main");
  if (!backup) {
    std::cerr << me << "cannot start the copy: " << copy.error() << "\n";
    return kExitFailed;
  }
  int step = SQLITE_OK;
  for (int tries = 0; tries < 100; ++tries) {  // every page in one step: one read transaction
    step = sqlite3_backup_step(backup, -1);
    if (step != SQLITE_BUSY && step != SQLITE_LOCKED) break;
    sqlite3_sleep(100);
  }
  const int pages = sqlite3_backup_pagecount(backup);
  sqlite3_backup_finish(backup);
  if (step != SQLITE_DONE) {
    std::cerr << me << "the copy failed: " << sqlite3_errstr(step) << " (" << copy.error() << ")\n";
    return kExitFailed;
  }
  const std::string check_sql = "PRAGMA quick_check";
  sqlite3_stmt* check = nullptr;
  std::string verdict = "no answer";
  if (sqlite3_prepare_v2(copy.db, check_sql.c_str(), -1, &check, nullptr) == SQLITE_OK && sqlite3_step(check) == SQLITE_ROW)
    verdict = reinterpret_cast<const char*>(sqlite3_column_text(check, 0));
  sqlite3_finalize(check);
  if (verdict != "ok") {
    std::cerr << me << "the copy does not check (" << verdict << ")\n";
    return kExitFailed;
  }
  const long long open_tables = query_number(copy.db, "SELECT count(*) FROM tables WHERE closed = 0", why);
  const long long all_tables = query_number(copy.db, "SELECT count(*) FROM tables", why);
  if (sqlite3_close(copy.db) != SQLITE_OK) {
    std::cerr << me << "cannot finish " << partial.path << ": " << copy.error() << "\n";
    return kExitFailed;
  }
  copy.db = nullptr;
  fs::rename(partial.path, file, error);
  if (error) {
    std::cerr << me << "cannot rename the copy to " << file << ": " << error.message() << "\n";
    return kExitFailed;
  }
  partial.kept = true;
  std::cout << me << "copied " << db << " to " << file << ": " << all_tables << " tables (" << open_tables
            << " open), " << pages << " pages\n";
  return 0;
}

}  // namespace tonk::cli
