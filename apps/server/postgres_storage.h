// The shared Storage backend: one PostgreSQL database for several `tonk serve` processes, each
// table hosted by one process at a time under a lease row (docs/SCALING.md).
#pragma once

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "player_rows.h"
#include "storage.h"

namespace tonk::serve {

/// Storage in PostgreSQL (libpqxx): tonk_tables(code, config, closed, ended_ms, final, compacted),
/// tonk_log(code, seq, entry) with (code, seq) the primary key, tonk_records(code, hand, text), and tonk_leases(code, holder, expires, address): `address` is the
/// holder's advertised URL, for a load balancer's routing (lease_of); tonk_waiting(code, entry): the
/// listed tables waiting for people, published by their hosts for quick play across the cluster; the players in tonk_players,
/// tonk_player_ratings and tonk_player_hands (postgres_players.cc), shared by every server.
///
/// Leases: every process has a random holder id. A table's lease row names the process hosting it
/// and an expiry on the database's clock (now() + the lease time). The host renews its leases every
/// third of the lease time (renew_leases); a process takes a table whose lease expired with one
/// UPDATE (two takers cannot both win: the second re-reads the row after the first committed) and
/// reads its log in the same transaction. Fencing: commit() locks the lease row of every table it
/// writes (SELECT ... FOR UPDATE) and refuses (StorageError, nothing written) when another process
/// holds it, so a process that lost a lease never forks a table's log; (code, seq) being unique is a
/// second guard.
class PostgresStorage final : public PlayerStagingStorage {
 public:
  /// Connects to `url` (postgresql://USER@HOST:PORT/DB?...) and creates the schema when missing.
  /// `lease` is the lease time (>= 100 ms). Throws StorageError.
  PostgresStorage(const std::string& url, std::chrono::milliseconds lease);
  ~PostgresStorage() override;
  PostgresStorage(const PostgresStorage&) = delete;
  PostgresStorage& operator=(const PostgresStorage&) = delete;

  /// Takes every table whose lease expired (at start-up: every table whose host died) and returns
  /// them with their logs.
  std::vector<StoredTable> load_tables() override { return take_over(); }
  std::vector<StoredTable> take_over() override;
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
  /// Extends this process's leases; throws StorageError when one of its tables was taken by
  /// another process (this one stalled past its lease).
  void renew_leases() override;
  std::chrono::milliseconds lease_period() const override { return lease_ / 3; }
  void set_address(const std::string& url) override { address_ = url; }
  std::optional<LeaseInfo> lease_of(const std::string& code) override;
  void put_waiting(const std::string& code, const std::string& entry) override;
  void drop_waiting(const std::string& code) override;
  std::vector<PublishedWaiting> waiting_elsewhere() override;
  /// This process's holder id (16 hex digits).
  const std::string& holder() const { return holder_; }

 private:
  struct Staged {
    int kind;  // 0 table, 1 entry, 2 close, 3 drop, 4 record, 5 waiting, 6 not waiting
    std::string code;
    std::int64_t seq;  // an entry's seq, a record's hand, a close's ended_ms
    std::string text;
  };
  struct Connection;  // the libpqxx connection (kept out of this header)
  std::unique_ptr<Connection> db_;
  std::chrono::milliseconds lease_;
  std::string holder_;
  std::string address_;  // advertised with each lease (tonk_leases.address)
  std::set<std::string> hosted_;  // the tables whose lease this process holds
  std::vector<Staged> staged_;
  bool records_missing_ = false;  // opened a log written before tonk_records existed
};

}  // namespace tonk::serve
