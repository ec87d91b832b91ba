#include "postgres_storage.h"

#include <algorithm>
#include <map>

#include <pqxx/pqxx>

#include "fair_deal.h"

namespace tonk::serve {

struct PostgresStorage::Connection : pqxx::connection {
  using pqxx::connection::connection;
};

namespace {

// Serializes schema creation between processes starting at once (CREATE ... IF NOT EXISTS races).
constexpr long long kSchemaLock = 0x746f6e6b;  // "tonk"

}  // namespace

PostgresStorage::PostgresStorage(const std::string& url, std::chrono::milliseconds lease)
    : lease_(lease), holder_(random_hex(8)) {
  if (lease_ < std::chrono::milliseconds(100)) throw StorageError("the lease time must be at least 0.1 s");
  try {
    db_ = std::make_unique<Connection>(url);
    pqxx::work w(*db_);
    w.exec_params("SELECT pg_advisory_xact_lock($1::bigint)", kSchemaLock);
    w.exec0("CREATE TABLE IF NOT EXISTS tonk_tables (code text PRIMARY KEY, config text NOT NULL, "
            "closed boolean NOT NULL DEFAULT false)");
    w.exec0("CREATE TABLE IF NOT EXISTS tonk_log (code text NOT NULL, seq bigint NOT NULL, entry text NOT NULL, "
            "PRIMARY KEY (code, seq))");
    w.exec0("CREATE TABLE IF NOT EXISTS tonk_leases (code text PRIMARY KEY, holder text NOT NULL, "
            "expires timestamptz NOT NULL)");
    // The routing registry (docs/SCALING.md): the holder's advertised URL next to its lease. Added
    // to a database made before it existed.
    w.exec0("ALTER TABLE tonk_leases ADD COLUMN IF NOT EXISTS address text");
    w.commit();
  } catch (const std::exception& e) {
    throw StorageError(std::string("cannot open the PostgreSQL database: ") + e.what());
  }
}

PostgresStorage::~PostgresStorage() = default;

std::vector<StoredTable> PostgresStorage::take_over() {
  std::vector<StoredTable> out;
  try {
    pqxx::work w(*db_);
    const pqxx::result taken = w.exec_params(
        "UPDATE tonk_leases l SET holder = $1, expires = now() + $2::bigint * interval '1 millisecond', address = $3 "
        "FROM tonk_tables t WHERE l.code = t.code AND NOT t.closed AND l.holder <> $1 AND l.expires < now() "
        "RETURNING l.code, t.config",
        holder_, lease_.count(), address_);
    for (const auto& row : taken) {
      StoredTable t;
      t.code = row[0].as<std::string>();
      t.config = row[1].as<std::string>();
      out.push_back(std::move(t));
    }
    std::sort(out.begin(), out.end(), [](const StoredTable& a, const StoredTable& b) { return a.code < b.code; });
    for (StoredTable& t : out) {
      // A new statement: it sees every entry committed by the former host before it lost the row.
      for (const auto& row : w.exec_params("SELECT seq, entry FROM tonk_log WHERE code = $1 ORDER BY seq", t.code)) {
        if (row[0].as<std::int64_t>() != static_cast<std::int64_t>(t.log.size()))
          throw StorageError("database: the log of table " + t.code + " has a gap at entry " + std::to_string(t.log.size()));
        t.log.push_back(row[1].as<std::string>());
      }
    }
    w.commit();
  } catch (const StorageError&) {
    throw;
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: taking over tables: ") + e.what());
  }
  for (const StoredTable& t : out) hosted_.insert(t.code);
  return out;
}

std::optional<StoredTable> PostgresStorage::read_table(const std::string& code) {
  std::optional<StoredTable> out;
  try {
    pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> r(*db_);  // one snapshot: the row and its log agree
    const pqxx::result t = r.exec_params("SELECT config, closed FROM tonk_tables WHERE code = $1", code);
    if (t.empty()) return out;
    out.emplace();
    out->code = code;
    out->config = t[0][0].as<std::string>();
    out->closed = t[0][1].as<bool>();
    for (const auto& row : r.exec_params("SELECT seq, entry FROM tonk_log WHERE code = $1 ORDER BY seq", code)) {
      if (row[0].as<std::int64_t>() != static_cast<std::int64_t>(out->log.size()))
        throw StorageError("database: the log of table " + code + " has a gap at entry " + std::to_string(out->log.size()));
      out->log.push_back(row[1].as<std::string>());
    }
    r.commit();
  } catch (const StorageError&) {
    throw;
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: reading table ") + code + ": " + e.what());
  }
  return out;
}

void PostgresStorage::create_table(const std::string& code, const std::string& config) {
  staged_.push_back({0, code, 0, config});
}
void PostgresStorage::append(const std::string& code, std::int64_t seq, const std::string& entry) {
  staged_.push_back({1, code, seq, entry});
}
void PostgresStorage::close_table(const std::string& code) { staged_.push_back({2, code, 0, {}}); }

void PostgresStorage::commit() {
  if (staged_.empty()) return;
  std::vector<Staged> batch;
  batch.swap(staged_);
  std::set<std::string> created, written, closed;
  for (const Staged& s : batch) (s.kind == 0 ? created : written).insert(s.code);
  try {
    pqxx::work w(*db_);
    for (const std::string& code : written) {
      if (created.count(code)) continue;
      const pqxx::result r = w.exec_params("SELECT holder FROM tonk_leases WHERE code = $1 FOR UPDATE", code);
      if (r.empty() || r[0][0].as<std::string>() != holder_)
        throw StorageError("database: the lease of table " + code + " was taken by another server");
    }
    for (const Staged& s : batch) {
      if (s.kind == 0) {
        w.exec_params("INSERT INTO tonk_tables (code, config) VALUES ($1, $2)", s.code, s.text);
        w.exec_params("INSERT INTO tonk_leases (code, holder, expires, address) "
                      "VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond', $4)",
                      s.code, holder_, lease_.count(), address_);
      } else if (s.kind == 1) {
        w.exec_params("INSERT INTO tonk_log (code, seq, entry) VALUES ($1, $2, $3)", s.code, s.seq, s.text);
      } else {
        w.exec_params("UPDATE tonk_tables SET closed = true WHERE code = $1", s.code);
        w.exec_params("DELETE FROM tonk_leases WHERE code = $1", s.code);
        closed.insert(s.code);
      }
    }
    w.commit();
  } catch (const StorageError&) {
    throw;
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: write: ") + e.what());
  }
  for (const std::string& code : created) hosted_.insert(code);
  for (const std::string& code : closed) hosted_.erase(code);
}

std::optional<LeaseInfo> PostgresStorage::lease_of(const std::string& code) {
  try {
    pqxx::read_transaction r(*db_);
    const pqxx::result row = r.exec_params(
        "SELECT coalesce(l.address, ''), "
        "to_char(l.expires AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), l.expires < now() "
        "FROM tonk_leases l JOIN tonk_tables t ON t.code = l.code WHERE l.code = $1 AND NOT t.closed",
        code);
    r.commit();
    if (row.empty()) return std::nullopt;
    return LeaseInfo{row[0][0].as<std::string>(), row[0][1].as<std::string>(), row[0][2].as<bool>()};
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: reading the lease of table ") + code + ": " + e.what());
  }
}

void PostgresStorage::renew_leases() {
  std::set<std::string> renewed;
  try {
    pqxx::work w(*db_);
    for (const auto& row : w.exec_params(
             "UPDATE tonk_leases SET expires = now() + $2::bigint * interval '1 millisecond' WHERE holder = $1 RETURNING code",
             holder_, lease_.count()))
      renewed.insert(row[0].as<std::string>());
    w.commit();
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: renewing leases: ") + e.what());
  }
  for (const std::string& code : hosted_)
    if (!renewed.count(code)) throw StorageError("database: the lease of table " + code + " was taken by another server");
}

}  // namespace tonk::serve
