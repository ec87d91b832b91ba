#include "postgres_storage.h"

#include <algorithm>
#include <map>

#include "fair_deal.h"
#include "postgres_connection.h"

namespace tonk::serve {

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
    // Quick play across the cluster: each host publishes its listed tables waiting for people.
    w.exec0("CREATE TABLE IF NOT EXISTS tonk_waiting (code text PRIMARY KEY, entry text NOT NULL)");
    // What an ended table keeps (storage.h), added to a database written before it existed: its
    // ended tables count as ended now, and their records are stored once from their logs.
    if (w.exec1("SELECT to_regclass('tonk_records') IS NULL")[0].as<bool>()) {
      w.exec0("ALTER TABLE tonk_tables ADD COLUMN ended_ms bigint");
      w.exec0("ALTER TABLE tonk_tables ADD COLUMN final text NOT NULL DEFAULT ''");
      w.exec0("ALTER TABLE tonk_tables ADD COLUMN compacted boolean NOT NULL DEFAULT false");
      w.exec0("UPDATE tonk_tables SET ended_ms = (extract(epoch FROM now()) * 1000)::bigint WHERE closed");
      w.exec0("CREATE TABLE tonk_records (code text NOT NULL, hand integer NOT NULL, text text NOT NULL, PRIMARY KEY (code, hand))");
      w.exec0("CREATE INDEX tonk_tables_to_compact ON tonk_tables (ended_ms) WHERE closed AND NOT compacted");
      w.exec0("CREATE INDEX tonk_tables_ended ON tonk_tables (ended_ms) WHERE closed");
      records_missing_ = !w.exec("SELECT 1 FROM tonk_log LIMIT 1").empty();
    }
    create_player_schema(w);
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
bool PostgresStorage::code_used(const std::string& code) {
  try {
    pqxx::read_transaction r(*db_);
    const bool used = !r.exec_params("SELECT 1 FROM tonk_tables WHERE code = $1 UNION ALL SELECT 1 FROM tonk_records WHERE code = $1 LIMIT 1",
                                     code)
                           .empty();
    r.commit();
    return used;
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: reading code ") + code + ": " + e.what());
  }
}

void PostgresStorage::close_table(const std::string& code, std::int64_t ended_ms, const std::string& final_state) {
  staged_.push_back({2, code, ended_ms, final_state});
}
void PostgresStorage::drop_table(const std::string& code) { staged_.push_back({3, code, 0, {}}); }
void PostgresStorage::put_waiting(const std::string& code, const std::string& entry) {
  staged_.push_back({5, code, 0, entry});
}
void PostgresStorage::drop_waiting(const std::string& code) { staged_.push_back({6, code, 0, {}}); }
void PostgresStorage::put_record(const std::string& code, int hand, const std::string& text) {
  staged_.push_back({4, code, hand, text});
}

namespace {
// The SQLSTATE a commit's lease check raises (class "TL", ours: no PostgreSQL class uses it).
constexpr const char* kLeaseLost = "TL001";
}  // namespace

void PostgresStorage::commit() {
  if (!pending()) return;
  std::vector<Staged> batch;
  batch.swap(staged_);
  std::vector<PlayerWrite> players;
  players.swap(player_writes_);
  std::set<std::string> created, written, closed;
  for (const Staged& s : batch) (s.kind == 0 ? created : written).insert(s.code);
  // A batch holds the writes of many tables (the commit queue's group commit). It goes to the
  // database as one text of statements, one round trip whatever its size: the lease check, every log
  // entry in one INSERT, every record in one, the closes and drops; then COMMIT. Within it only a
  // table's creation before its entries and its close or drop after them matter (a code is never
  // reused). The lease check locks the rows of the batch's tables and raises kLeaseLost naming the
  // tables this process no longer holds: an error ends the text, and nothing of it is kept.
  pqxx::nontransaction n(*db_);
  const auto q = [&n](const std::string& text) { return n.quote(text); };
  std::string sql = "BEGIN;";
  std::vector<std::string> leased;
  for (const std::string& code : written)
    if (!created.count(code)) leased.push_back(code);
  if (!leased.empty()) {
    // Quoted values inside a dollar-quoted block: codes and the holder never hold "$tonk$".
    std::string codes;
    for (std::size_t i = 0; i < leased.size(); ++i) codes += (i ? "," : "") + q(leased[i]);
    sql += "DO $tonk$ DECLARE lost text; BEGIN "
           "PERFORM 1 FROM tonk_leases WHERE code IN (" + codes + ") ORDER BY code FOR UPDATE; "
           "SELECT string_agg(c, ', ' ORDER BY c) INTO lost FROM unnest(ARRAY[" + codes + "]::text[]) AS c "
           "WHERE NOT EXISTS (SELECT 1 FROM tonk_leases l WHERE l.code = c AND l.holder = " + q(holder_) + "); "
           "IF lost IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = '" + std::string(kLeaseLost) +
           "', MESSAGE = 'the lease of table ' || lost || ' was taken by another server'; END IF; END $tonk$;";
  }
  for (const Staged& s : batch)
    if (s.kind == 0)
      sql += "INSERT INTO tonk_tables (code, config) VALUES (" + q(s.code) + "," + q(s.text) + ");" +
             "INSERT INTO tonk_leases (code, holder, expires, address) VALUES (" + q(s.code) + "," + q(holder_) + ",now() + " +
             std::to_string(lease_.count()) + " * interval '1 millisecond'," + q(address_) + ");";
  std::string entries, records;
  std::map<std::pair<std::string, std::int64_t>, std::string> last_record;  // a hand's record staged twice: its last text
  for (const Staged& s : batch) {
    if (s.kind == 1) entries += (entries.empty() ? "(" : ",(") + q(s.code) + "," + std::to_string(s.seq) + "," + q(s.text) + ")";
    if (s.kind == 4) last_record[{s.code, s.seq}] = s.text;
  }
  for (const auto& [key, text] : last_record)
    records += (records.empty() ? "(" : ",(") + q(key.first) + "," + std::to_string(key.second) + "," + q(text) + ")";
  if (!entries.empty()) sql += "INSERT INTO tonk_log (code, seq, entry) VALUES " + entries + ";";
  std::map<std::string, std::optional<std::string>> waiting;  // a table published twice: its last word
  for (const Staged& s : batch)
    if (s.kind == 5) waiting[s.code] = s.text;
    else if (s.kind == 6) waiting[s.code] = std::nullopt;
  for (const auto& [code, entry] : waiting)
    sql += entry ? "INSERT INTO tonk_waiting (code, entry) VALUES (" + q(code) + "," + q(*entry) +
                       ") ON CONFLICT (code) DO UPDATE SET entry = excluded.entry;"
                 : "DELETE FROM tonk_waiting WHERE code = " + q(code) + ";";
  if (!records.empty())
    sql += "INSERT INTO tonk_records (code, hand, text) VALUES " + records + " ON CONFLICT (code, hand) DO UPDATE SET text = excluded.text;";
  for (const Staged& s : batch) {
    if (s.kind == 3) {
      for (const char* table : {"tonk_log", "tonk_records", "tonk_waiting", "tonk_leases", "tonk_tables"})
        sql += std::string("DELETE FROM ") + table + " WHERE code = " + q(s.code) + ";";
      closed.insert(s.code);
    } else if (s.kind == 2) {
      sql += "UPDATE tonk_tables SET closed = true, ended_ms = " + std::to_string(s.seq) + ", final = " + q(s.text) +
             " WHERE code = " + q(s.code) + ";DELETE FROM tonk_leases WHERE code = " + q(s.code) + ";" +
             "DELETE FROM tonk_waiting WHERE code = " + q(s.code) + ";";
      closed.insert(s.code);
    }
  }
  try {
    if (players.empty()) {
      n.exec(sql + "COMMIT;");
    } else {  // the players' writes (their checks need answers), then COMMIT, in the same transaction
      n.exec(sql);
      write_players(n, players);
      n.exec("COMMIT");
    }
  } catch (const std::exception& e) {
    try {
      n.exec("ROLLBACK");  // the text stopped at the error, inside its transaction
    } catch (const std::exception&) {
    }
    const auto* sql_error = dynamic_cast<const pqxx::sql_error*>(&e);
    if (sql_error && sql_error->sqlstate() == kLeaseLost) {  // the lease check: its message names the tables
      std::string what = e.what();
      if (const auto at = what.find("the lease of table"); at != std::string::npos) what = what.substr(at);
      while (!what.empty() && (what.back() == '\n' || what.back() == ' ')) what.pop_back();
      throw StorageError("database: " + what);
    }
    throw StorageError(std::string("database: write: ") + e.what());
  }
  for (const std::string& code : created) hosted_.insert(code);
  for (const std::string& code : closed) hosted_.erase(code);
}

std::optional<std::string> PostgresStorage::read_record(const std::string& code, int hand) {
  try {
    pqxx::read_transaction r(*db_);
    const pqxx::result row = r.exec_params("SELECT text FROM tonk_records WHERE code = $1 AND hand = $2", code, hand);
    r.commit();
    if (row.empty()) return std::nullopt;
    return row[0][0].as<std::string>();
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: reading a record of table ") + code + ": " + e.what());
  }
}

std::optional<EndedTable> PostgresStorage::read_ended(const std::string& code) {
  try {
    pqxx::read_transaction r(*db_);
    const pqxx::result row = r.exec_params("SELECT final, coalesce(ended_ms, 0) FROM tonk_tables WHERE code = $1 AND closed", code);
    r.commit();
    if (row.empty()) return std::nullopt;
    return EndedTable{row[0][0].as<std::string>(), row[0][1].as<std::int64_t>()};
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: reading ended table ") + code + ": " + e.what());
  }
}

std::size_t PostgresStorage::compact_logs(std::int64_t ended_before_ms, std::size_t max_entries) {
  if (max_entries == 0) return 0;
  std::size_t deleted = 0;
  try {
    pqxx::work w(*db_);
    // SKIP LOCKED: two servers of a cluster compacting at once take different tables.
    const pqxx::result codes = w.exec_params(
        "SELECT code FROM tonk_tables WHERE closed AND NOT compacted AND ended_ms <= $1 ORDER BY ended_ms LIMIT $2 "
        "FOR UPDATE SKIP LOCKED",
        ended_before_ms, static_cast<std::int64_t>(max_entries));
    for (const auto& row : codes) {
      const std::string code = row[0].as<std::string>();
      const std::int64_t left = static_cast<std::int64_t>(max_entries - deleted);
      deleted += static_cast<std::size_t>(
          w.exec_params("DELETE FROM tonk_log WHERE code = $1 AND seq IN "
                        "(SELECT seq FROM tonk_log WHERE code = $1 ORDER BY seq DESC LIMIT $2)",
                        code, left)
              .affected_rows());
      if (deleted >= max_entries) break;  // this log may not be empty yet: the next call goes on
      w.exec_params("UPDATE tonk_tables SET compacted = true WHERE code = $1", code);
    }
    w.commit();
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: compacting ended tables' logs: ") + e.what());
  }
  return deleted;
}

std::size_t PostgresStorage::delete_ended(std::int64_t ended_before_ms, bool keep_records, std::size_t max_tables) {
  if (max_tables == 0) return 0;
  std::size_t deleted = 0;
  try {
    pqxx::work w(*db_);
    const pqxx::result codes = w.exec_params(
        "SELECT code FROM tonk_tables WHERE closed AND compacted AND ended_ms <= $1 ORDER BY ended_ms LIMIT $2 "
        "FOR UPDATE SKIP LOCKED",
        ended_before_ms, static_cast<std::int64_t>(max_tables));
    for (const auto& row : codes) {
      const std::string code = row[0].as<std::string>();
      if (!keep_records) w.exec_params("DELETE FROM tonk_records WHERE code = $1", code);
      deleted += static_cast<std::size_t>(w.exec_params("DELETE FROM tonk_tables WHERE code = $1", code).affected_rows());
    }
    w.commit();
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: deleting old ended tables: ") + e.what());
  }
  return deleted;
}

std::vector<std::string> PostgresStorage::tables_without_records() {
  std::vector<std::string> out;
  if (!records_missing_) return out;
  try {
    pqxx::read_transaction r(*db_);
    for (const auto& row : r.exec("SELECT DISTINCT code FROM tonk_log")) out.push_back(row[0].as<std::string>());
    r.commit();
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: listing tables to store records of: ") + e.what());
  }
  records_missing_ = false;
  return out;
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

std::vector<PublishedWaiting> PostgresStorage::waiting_elsewhere() {
  std::vector<PublishedWaiting> out;
  try {
    pqxx::read_transaction r(*db_);
    for (const auto& row : r.exec_params(
             "SELECT w.entry, coalesce(l.address, '') FROM tonk_waiting w JOIN tonk_leases l ON l.code = w.code "
             "JOIN tonk_tables t ON t.code = w.code WHERE NOT t.closed AND l.holder <> $1 AND l.expires > now() "
             "ORDER BY w.code LIMIT 1000",
             holder_))
      out.push_back({row[0].as<std::string>(), row[1].as<std::string>()});
    r.commit();
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: reading the cluster's waiting tables: ") + e.what());
  }
  return out;
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
