// Where tables live between restarts: one interface, an embedded SQLite backend (sqlite_storage.h)
// and a PostgreSQL backend shared by several servers, with per-table leases (postgres_storage.h).
//
// A table is its configuration (written once, when it is created) plus an append-only log of
// entries, numbered from 0 without gaps: every accepted change (a join, a seed, a contribution, a
// deal, an action, a timer running out, a seat left). The server's state of a table is a pure
// function of the two (ServerTable::restore replays them), so a backend stores text and never
// interprets it.
//
// Durability: append() stages an entry; commit() makes every staged entry durable at once (one
// transaction: group commit) and the server sends nothing about an entry before the commit that
// holds it returned. A crash loses only entries nobody has heard of. A backend is not thread-safe: the
// server uses it from one thread at a time (commit_queue.h: its commit thread stages and commits a
// whole batch, the I/O thread reads under the same lock).
//
// An ended table leaves the server's memory: what is read of it afterwards is stored apart from its
// log, written as it happens (so reading it never replays a log, whatever the table's history): each
// finished hand's record (put_record, with the entry that finished the hand) and, when the table
// closes, its final public `state` (the final ledger in it) and the time it ended. The retention
// policy (docs/DEPLOY.md "Retention") then compacts an ended table's log away (compact_logs: a
// closed table is never replayed again) and deletes old ended tables (delete_ended).
//
// For a backend shared by several servers (PostgreSQL): load_tables() returns only the tables whose
// lease this process holds (taking the leases of tables whose holder's lease expired), and the
// (table, seq) key is unique, so a process that lost its lease fails at commit() (a StorageError)
// instead of forking a table's log; it then drops the table. renew_leases() is called periodically.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tonk/outcome.h"

namespace tonk::serve {

/// A backend failed (I/O, a broken database, a lost lease). what() says why.
class StorageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One table as stored.
struct StoredTable {
  std::string code;                 ///< the table's join code, unique
  std::string config;               ///< its configuration (JSON, ServerTable's), as created
  std::vector<std::string> log;     ///< its entries (JSON), seq 0 first
  bool closed = false;              ///< the table ended (its records stay readable)
};

/// What is kept of an ended table once it left memory.
struct EndedTable {
  std::string final_state;  ///< its last public `state` message (JSON text, docs/PROTOCOL.md), ledger included
  std::int64_t ended_ms = 0;  ///< when it ended, ms since the Unix epoch (Lobby::now_ms)
};

/// Where a table is hosted, as a shared backend's lease records it (docs/SCALING.md, routing).
struct LeaseInfo {
  std::string address;  ///< the holder's advertised URL (`tonk serve --advertise`); "" when not recorded
  std::string until;    ///< the lease's expiry, RFC 3339 in UTC ("2026-11-30T21:05:09.250Z")
  bool expired = false; ///< the expiry has passed: the holder stopped renewing (another server takes it over soon)
};

/// A listed table waiting for people, as another server of the cluster published it (quick play
/// across servers, docs/SCALING.md).
struct PublishedWaiting {
  std::string entry;    ///< the table as the matcher sees it (JSON text, quick_play.h waiting_entry)
  std::string address;  ///< its host's advertised URL; "" when the host advertises none
};

/// A player's standing in one preset group (docs/RATINGS.md).
struct PlayerStanding {
  std::string group;          ///< the preset group ("standard", ...): 1 to 64 bytes
  double rating = 1500;       ///< Glicko-2 rating (tonk/glicko2.h)
  double deviation = 350;     ///< its deviation, rating points
  double volatility = 0.06;   ///< its volatility
  std::int64_t hands = 0;     ///< rated hands played in the group
  /// Hands won, by how the hand ended (index: tonk::EndReason; a drop, a tonk out, a catch ...).
  std::array<std::int64_t, kNumEndReasons> wins{};
  std::int64_t stakes_won = 0;  ///< net result over the rated hands, in the group's unit (stakes)
  std::string period;           ///< the open rating period's results (tonk::encode_results); "" none
  int period_hands = 0;         ///< rated hands in the open period
  std::int64_t period_start_ms = 0;  ///< when the open period began, ms since the Unix epoch
};

/// A player as stored.
struct PlayerRecord {
  std::string key_hash;   ///< SHA-256 of the player's key, 64 lowercase hex digits (player_key_hash)
  std::string name;       ///< display name (tonk::name_problem accepts it)
  std::int64_t created_ms = 0;  ///< first stored, ms since the Unix epoch
  std::vector<PlayerStanding> standings;  ///< one per preset group played, by group
};

/// One rated hand in a player's history (their page's recent tables).
struct PlayerHand {
  std::string code;      ///< the table's code
  int hand = 0;          ///< the hand's number at the table, from 1
  std::string group;     ///< the preset group
  std::int64_t ended_ms = 0;  ///< when it ended, ms since the Unix epoch
  int payout = 0;        ///< the player's result in the hand, in the group's unit
};

/// One line of a preset group's leaderboard.
struct LeaderboardRow {
  std::string name;
  double rating = 0;
  double deviation = 0;
  std::int64_t hands = 0;
};

class Storage {
 public:
  virtual ~Storage() = default;

  /// Every table this process should host (not closed), with its whole log. Throws StorageError.
  virtual std::vector<StoredTable> load_tables() = 0;
  /// Table `code` as committed, read only, whoever hosts it and whether or not it is closed (no lease
  /// is taken); nullopt when there is no such table. For the records of ended tables after a restart
  /// and of tables another server hosts. Throws StorageError.
  virtual std::optional<StoredTable> read_table(const std::string& code) = 0;
  /// True when code `code` is taken in the storage: a table (open or ended) has it, or the records of
  /// a deleted one kept it. A new table never reuses one (its records would mix). Throws StorageError.
  virtual bool code_used(const std::string& code) = 0;
  /// Stages a new table with its configuration; durable at the next commit(). The code is unique
  /// (a clash throws StorageError at commit).
  virtual void create_table(const std::string& code, const std::string& config) = 0;
  /// Stages entry `seq` of table `code`'s log (the next one: its log's size so far).
  virtual void append(const std::string& code, std::int64_t seq, const std::string& entry) = 0;
  /// Stages marking table `code` closed at `ended_ms` (ms since the Unix epoch), with its final public
  /// `state` message (JSON text; "" for none).
  virtual void close_table(const std::string& code, std::int64_t ended_ms, const std::string& final_state) = 0;
  /// Stages removing table `code`, its log and its records for good (a table nobody ever joined,
  /// expired).
  virtual void drop_table(const std::string& code) = 0;
  /// Stages the record text of finished hand `hand` (1 or more) of table `code` (a repeat replaces it).
  virtual void put_record(const std::string& code, int hand, const std::string& text) = 0;
  /// The committed record of hand `hand` of table `code`, or nullopt: one row read, whatever the
  /// table's history. Throws StorageError.
  virtual std::optional<std::string> read_record(const std::string& code, int hand) = 0;
  /// What is kept of closed table `code`, or nullopt (no such table, not closed, or deleted by the
  /// retention policy). Throws StorageError.
  virtual std::optional<EndedTable> read_ended(const std::string& code) = 0;
  /// Retention, step 1: deletes at most `max_entries` log entries of tables closed at or before
  /// `ended_before_ms` (their records and final state stay). Returns how many it deleted (fewer than
  /// `max_entries`: nothing is left to compact). Immediate, not staged: call with nothing staged.
  /// Throws StorageError.
  virtual std::size_t compact_logs(std::int64_t ended_before_ms, std::size_t max_entries) = 0;
  /// Retention, step 2: deletes at most `max_tables` tables closed at or before `ended_before_ms`
  /// (configuration, final state, what is left of the log; their records too unless `keep_records`).
  /// Returns how many it deleted. Immediate, not staged. Throws StorageError.
  virtual std::size_t delete_ended(std::int64_t ended_before_ms, bool keep_records, std::size_t max_tables) = 0;
  /// The codes of the tables whose records were never stored apart (a database written by a server
  /// older than the records' table): Lobby::restore replays their logs once to store them. Empty
  /// otherwise. Throws StorageError.
  virtual std::vector<std::string> tables_without_records() { return {}; }
  /// Makes everything staged durable, atomically. Throws StorageError (nothing staged is kept then).
  virtual void commit() = 0;
  /// True when something is staged.
  virtual bool pending() const = 0;
  /// Extends this process's leases (a no-op for a single-process backend). Throws StorageError,
  /// also when another process took one of this process's tables.
  virtual void renew_leases() {}
  /// The tables whose holder's lease expired since, taken over by this process, with their logs
  /// (always none for a single-process backend). Throws StorageError.
  virtual std::vector<StoredTable> take_over() { return {}; }
  /// The URL this process advertises to the cluster (a shared backend records it with each lease it
  /// holds, for routing). Call before load_tables().
  virtual void set_address(const std::string& /*url*/) {}
  /// The lease of open table `code` (a shared backend), or nullopt: no such open table, or a
  /// single-process backend (the process itself hosts every table). Throws StorageError.
  virtual std::optional<LeaseInfo> lease_of(const std::string& /*code*/) { return std::nullopt; }
  /// Stages publishing open table `code`, hosted by this process, as waiting for people: `entry` is
  /// what the matcher needs (JSON text; a repeat replaces it). A no-op for a single-process backend.
  virtual void put_waiting(const std::string& /*code*/, const std::string& /*entry*/) {}
  /// Stages withdrawing table `code` from the published waiting tables (its close and drop withdraw
  /// it too). A no-op for a single-process backend.
  virtual void drop_waiting(const std::string& /*code*/) {}
  /// The waiting tables other processes published whose host's lease is live (never this process's
  /// own), committed state; none for a single-process backend. Throws StorageError.
  virtual std::vector<PublishedWaiting> waiting_elsewhere() { return {}; }
  /// How often the server calls renew_leases() and take_over(); zero for a single-process backend.
  virtual std::chrono::milliseconds lease_period() const { return std::chrono::milliseconds(0); }

  // Players. Both backends keep them; a storage that does not (a test's) throws StorageError.
  /// Stages storing player `key_hash` with display name `name`: a new player is created at
  /// `created_ms`; an existing one only changes name (its creation time and standings stay).
  /// Throws std::invalid_argument at once when `key_hash` is not 64 lowercase hex digits or the name
  /// breaks the name rules (tonk::name_problem, the words say why).
  virtual void put_player(const std::string& key_hash, const std::string& name, std::int64_t created_ms);
  /// Stages a player's standing in `standing.group` (replacing it). The player must exist when it is
  /// committed (put earlier or in the same commit), else commit() throws StorageError. Throws
  /// std::invalid_argument at once for a bad key hash or group.
  virtual void put_standing(const std::string& key_hash, const PlayerStanding& standing);
  /// Stages a rated hand in the player's history (a repeat of the same table and hand replaces it).
  virtual void add_player_hand(const std::string& key_hash, const PlayerHand& hand);
  /// Stages deleting player `key_hash`: their record, standings and history (the `forget` message).
  /// Tables and records the player sat at keep their names: they are the other players' too.
  virtual void forget_player(const std::string& key_hash);
  /// Player `key_hash` as committed, with every standing; nullopt when unknown. Throws StorageError.
  virtual std::optional<PlayerRecord> read_player(const std::string& key_hash);
  /// The player's `limit` most recent rated hands, newest first. Throws StorageError.
  virtual std::vector<PlayerHand> player_hands(const std::string& key_hash, std::size_t limit);
  /// The best `limit` players of `group` whose deviation is below `max_deviation`, best first (by
  /// rating; ties by name). Throws StorageError.
  virtual std::vector<LeaderboardRow> leaderboard(const std::string& group, double max_deviation, std::size_t limit);
};

/// Opens the backend named by `url`: a file path (SQLite; created when missing), ":memory:" (SQLite
/// in memory, for tests), or postgresql://... (or postgres://...; shared by several servers, each
/// table under a lease of `lease` time; a build without libpqxx refuses it). Throws StorageError.
std::unique_ptr<Storage> open_storage(const std::string& url, std::chrono::milliseconds lease = std::chrono::seconds(10));

}  // namespace tonk::serve
