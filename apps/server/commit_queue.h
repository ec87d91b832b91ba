// The storage as the I/O thread sees it: writes are staged in memory and committed in batches on a
// thread of their own (group commit), so that a slow commit (a PostgreSQL round trip, a full disk's
// fsync) stalls no table; what a handler sends is held until the batch holding what it tells about
// is durable (docs/RELIABILITY.md "Durability").
//
// Staging (create_table, append, close_table, drop_table, put_record) only records the call: the
// backend (storage.h, not thread-safe) sees it when the commit thread replays the whole batch into it
// and commits, under the backend's lock. Every other call (reads, leases, retention) takes the same
// lock on the caller's thread: it waits for a commit in progress, and never sees a batch half staged.
//
// submit(released) closes what was staged so far: `released` runs on the I/O thread once every write
// staged before it is durable, and the `released` of successive submits run in submit order. While a
// batch is being committed, what is staged meanwhile, from any number of handlers, waits and goes
// into the next batch, handed over when the one in flight returns: at most one batch is in flight.
// A commit that fails stops the process (exit 3, a message on stderr) before anything of its batch is
// released; a restart resumes from what was committed.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "storage.h"

namespace tonk::serve {

class CommitQueue {
 public:
  /// Commits `backend`'s batches on a thread of the queue's own when `threaded`; else inside submit(),
  /// on the caller's thread, before it returns (deterministic: the tests' in-memory lobby and the
  /// protocol fuzz target). `released` callbacks run on `io`'s thread, which must be the caller's.
  CommitQueue(boost::asio::io_context& io, std::unique_ptr<Storage> backend, bool threaded);
  /// Waits for the batch in flight, then commits what is still staged (a stop, not a crash: nothing
  /// staged is lost); the `released` of both never run. A failure is printed, not thrown.
  ~CommitQueue();
  CommitQueue(const CommitQueue&) = delete;
  CommitQueue& operator=(const CommitQueue&) = delete;

  // Staging, as Storage's: durable once the batch holding the call is committed.
  void create_table(const std::string& code, const std::string& config);
  void append(const std::string& code, std::int64_t seq, const std::string& entry);
  void close_table(const std::string& code, std::int64_t ended_ms, const std::string& final_state);
  void drop_table(const std::string& code);
  void put_record(const std::string& code, int hand, const std::string& text);
  void put_waiting(const std::string& code, const std::string& entry);
  void drop_waiting(const std::string& code);
  /// Players' writes (storage.h), checked at once as the backend checks them (std::invalid_argument:
  /// a bad key hash, name or group), so that a batch never fails for one.
  void put_player(const std::string& key_hash, const std::string& name, std::int64_t created_ms);
  void put_standing(const std::string& key_hash, const PlayerStanding& standing);
  void add_player_hand(const std::string& key_hash, const PlayerHand& hand);
  void forget_player(const std::string& key_hash);
  /// True when something is staged and not yet handed to the commit thread.
  bool pending() const { return !staged_.empty(); }

  /// Runs `released` on the I/O thread once everything staged so far is durable: at once (inside this
  /// call) when nothing is staged nor in flight.
  void submit(std::function<void()> released);
  /// Batches committed so far (each one backend commit()).
  std::uint64_t batches() const { return batches_; }

  // Reads and immediate calls, as Storage's, under the backend's lock (they wait for a commit in
  // progress; committed state only: nothing staged here is visible). Throw StorageError.
  std::vector<StoredTable> load_tables();
  std::optional<StoredTable> read_table(const std::string& code);
  bool code_used(const std::string& code);
  std::optional<std::string> read_record(const std::string& code, int hand);
  std::optional<EndedTable> read_ended(const std::string& code);
  std::optional<PlayerRecord> read_player(const std::string& key_hash);
  std::vector<PlayerHand> player_hands(const std::string& key_hash, std::size_t limit);
  std::vector<LeaderboardRow> leaderboard(const std::string& group, double max_deviation, std::size_t limit);
  std::size_t compact_logs(std::int64_t ended_before_ms, std::size_t max_entries);
  std::size_t delete_ended(std::int64_t ended_before_ms, bool keep_records, std::size_t max_tables);
  std::vector<std::string> tables_without_records();
  void renew_leases();
  std::vector<StoredTable> take_over();
  void set_address(const std::string& url);
  std::optional<LeaseInfo> lease_of(const std::string& code);
  std::vector<PublishedWaiting> waiting_elsewhere();
  std::chrono::milliseconds lease_period() const;
  /// Runs `job` on the backend under its lock, now, on the caller's thread, with nothing of the queue
  /// staged in it: for a migration that stages and commits on its own before the tables run
  /// (Lobby::restore). Nothing may be in flight (throws std::logic_error otherwise).
  void with_backend(const std::function<void(Storage&)>& job);

 private:
  using Write = std::function<void(Storage&)>;
  struct Batch {
    std::vector<Write> writes;
    std::vector<std::function<void()>> released;
  };
  void hand_over();
  /// On the commit thread (or inline): replays `writes` into the backend and commits. Exits 3 on failure.
  void commit(const std::vector<Write>& writes);
  /// On the I/O thread: the batch in flight is durable.
  void committed();
  void run();  // the commit thread

  boost::asio::io_context& io_;
  std::unique_ptr<Storage> backend_;
  mutable std::mutex backend_mutex_;  // the backend is used by one thread at a time
  // I/O thread only:
  std::vector<Write> staged_;                         // staged since the last hand-over
  std::vector<std::function<void()>> waiting_;        // submitted since the last hand-over
  std::vector<std::function<void()>> in_flight_released_;
  bool in_flight_ = false;
  std::uint64_t batches_ = 0;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work_;  // io runs while in flight
  // The commit thread (threaded only) and its one job, under job_mutex_:
  std::mutex job_mutex_;
  std::condition_variable job_ready_;
  std::optional<std::vector<Write>> job_;
  bool stopping_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);  // the completion posted to io checks it
  std::thread thread_;
};

}  // namespace tonk::serve
