// The worker pool shared fairly between tables (docs/PROTOCOL.md "The worker pool"): bots' moves and
// hints are queued per table, and the workers take one job of each table that has work in turn
// (round robin), so a table's job waits behind at most one job of each other table, however many
// that table queues. How long one job may run is bounded by the host's ceiling on a bot's budget
// (`--max-bot-worlds`).
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace tonk::serve {

class FairScheduler {
 public:
  using Job = std::function<void()>;
  /// Starts a pump (a function that runs one job) on a worker: the thread pool's post, the
  /// io_context's (0 workers: deterministic), or a test's own queue.
  using Executor = std::function<void(std::function<void()>)>;

  /// At most `workers` (1 or more) jobs run at once, each started through `executor`.
  FairScheduler(Executor executor, int workers);

  /// Queues `job` for `table` (any key; a table's code). Thread-safe. A job that throws is reported
  /// on stderr and the queue goes on.
  void post(const std::string& table, Job job);
  /// Jobs queued and not yet started, over every table (thread-safe).
  std::size_t waiting() const;

 private:
  struct State {
    std::mutex mutex;
    std::unordered_map<std::string, std::deque<Job>> queues;  // per table, first come first served
    std::deque<std::string> turns;                            // tables with jobs, in the order served
    int free_pumps = 0;                                       // pumps not started (workers not busy)
    Executor executor;
  };
  /// Runs the job of the table whose turn it is, then starts itself again while jobs wait.
  static void pump(const std::shared_ptr<State>& state);

  std::shared_ptr<State> state_;  // shared with the pumps in flight, which may outlive a moved-from this
};

}  // namespace tonk::serve
