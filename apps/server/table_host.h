// What a served table's runtime (ServerTable) is given by its owner (the Lobby): the I/O thread,
// the worker pool, the storage, the clock, the outbox and the token registry. The table calls its
// host through this interface only.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "client.h"
#include "commit_queue.h"
#include "table_machine.h"

namespace tonk::serve {

class ServerTable;

class TableHost {
 public:
  virtual ~TableHost() = default;

  /// The I/O thread's context: the table's timers and replies run on it.
  virtual boost::asio::io_context& io() = 0;
  /// The storage as the I/O thread uses it: writes staged for the next commit batch (commit_queue.h).
  virtual CommitQueue& storage() = 0;
  /// The wall clock the turn deadlines are logged in, ms since the Unix epoch.
  virtual std::int64_t now_ms() const = 0;
  /// Runs `job` for table `code` on the worker pool, in that table's turn.
  virtual void run_on_pool(const std::string& code, std::function<void()> job) = 0;
  /// Queues a message for `client`, delivered after the next commit (flush()).
  virtual void send(const std::shared_ptr<Client>& client, const nlohmann::json& message) = 0;
  virtual void send(const std::shared_ptr<Client>& client, std::shared_ptr<const std::string> text) = 0;
  virtual void send_error(const std::shared_ptr<Client>& client, const nlohmann::json& re, const std::string& code,
                          const std::string& message, const std::string& rule_id = "") = 0;
  /// Ends a handler: what it staged is committed (in a batch), then its messages are delivered.
  virtual void flush() = 0;
  /// The seat tokens (SHA-256, hex) that `resume` finds.
  virtual void add_token(const std::string& hash, const std::string& code, int seat) = 0;
  virtual void remove_token(const std::string& hash) = 0;
  /// The table got its first person.
  virtual void table_joined(ServerTable& table) = 0;
  /// The table ended: closed in the storage at the next commit, then it leaves memory.
  virtual void table_ended(const ServerTable& table) = 0;
  /// A hand of a rated table was booked (live, not replayed): the host rates it if its seats allow
  /// (docs/RATINGS.md), staging the standings in the same commit as the hand's entries.
  virtual void hand_finished(const ServerTable& table, const HandFinished& hand) = 0;
  /// The host's ceilings (LobbyLimits): worlds a bot or a hint searches, hints per table at once.
  virtual int max_bot_worlds() const = 0;
  virtual int hint_worlds() const = 0;
  virtual int max_hints() const = 0;
};

}  // namespace tonk::serve
