// The lobby: every table of the server, the seat tokens, the messages of docs/PROTOCOL.md, and the
// outbox that is delivered only after the Storage committed what the messages tell. Its parts, a
// file each: lobby.cc (entry points, outbox), lobby_dispatch.cc (the router: one handler per
// message type of client_message.h), lobby_limits.cc (unjoined tables per connection and address,
// their expiry), lobby_hosting.cc (restore, leases), lobby_records.cc (records and ended tables
// from the storage), lobby_retention.cc, lobby_rematch.cc (Play again: an ended table's seats
// answering a rematch); the tokens are a TokenRegistry, the codes table_code.h.
// The storage's commits run on a thread of their own, in batches (commit_queue.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <array>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <nlohmann/json.hpp>

#include "chat_rate.h"
#include "client.h"
#include "client_message.h"
#include "commit_queue.h"
#include "fair_scheduler.h"
#include "pending_players.h"
#include "quick_play.h"
#include "request_rate.h"
#include "retention.h"
#include "server_message.h"
#include "storage.h"
#include "table_config.h"
#include "table_host.h"
#include "token_registry.h"
#include "tonk/rating_period.h"

namespace tonk::serve {

class ServerTable;

/// Limits against a client that would make the server grow or work for nothing (docs/PROTOCOL.md
/// "Limits").
struct LobbyLimits {
  int unjoined_per_connection = 5;   ///< tables a connection created that nobody joined yet
  int unjoined_per_address = 20;     ///< the same, over every connection of one remote address
  std::chrono::milliseconds unjoined_expiry{std::chrono::minutes(10)};  ///< an unjoined table is removed after
  /// Hints one table may have on the worker pool at once, queued or running (then `busy`): a table
  /// asks at most one per seat at a time, so the default (kMaxPlayers) never refuses one; hints of
  /// other tables never count.
  int max_hints = kMaxPlayers;
  /// The host's ceiling on a bot's budget: worlds a Monte Carlo bot or a hint searches per decision
  /// (`--max-bot-worlds`), 1 to SearchBudget::kMaxWorlds. `create` refuses a bot above it; a stored
  /// table's bot above it (a lower ceiling after a restart) searches this many.
  int max_bot_worlds = kMaxServedWorlds;
  int hint_worlds = 200;             ///< worlds a hint's Monte Carlo search samples, 1 or more (the
                                     ///< protocol fuzz target lowers it: the search is not what it tests)
  /// Quick play: how long a new listed table waits for people before bots fill it
  /// (`--quick-wait-seconds`), 1 ms or more.
  std::chrono::milliseconds quick_wait{20'000};
  /// Quick-play asks one remote address may make a minute, on average (`--max-quick-asks-per-minute`),
  /// with as many at once: each ask may make a table, so a flood is refused `rate_limited`. 1 or more.
  int quick_asks_per_minute = 30;
  /// A rematch's offer stands this long from its first accept (`--rematch-wait-seconds`), 1 ms or
  /// more: then bots take the seats nobody accepted (lobby_rematch.cc).
  std::chrono::milliseconds rematch_wait{60'000};
};

/// How the server rates people (docs/RATINGS.md): when a player's rating period closes, and which
/// players a leaderboard lists.
struct RatingSettings {
  RatingPeriod period;  ///< `--rating-period-hands N` (1..1000, default 10), or `--rating-period-day`
  /// A leaderboard lists the players whose deviation is below this (`--leaderboard-deviation`), in
  /// rating points, above 0 up to 350: a player is listed once their rating is known well enough.
  double leaderboard_deviation = 150;
};

/// Most players a `leaderboard` lists, and most recent hands a `player` reply holds.
inline constexpr std::size_t kLeaderboardRows = 50;
inline constexpr std::size_t kRecentPlayerHands = 20;

/// How long after a table ended its seats may ask for a rematch (`rematch`), in ms.
inline constexpr std::int64_t kRematchWindowMs = 10 * 60'000;

class Lobby : public TableHost {
 public:
  /// Tables are run on `io` (one thread); bots and hints on a pool of `workers` threads; the storage's
  /// commits on a thread of their own (commit_queue.h). With `workers` 0 there is neither: bots and
  /// hints are posted to `io` and run on its thread, and each flush() commits before it returns, so
  /// that a test or the fuzz target (tests/fuzz/fuzz_protocol.cc) is deterministic and can run `io`
  /// until idle (`tonk serve --workers` is at least 1).
  Lobby(boost::asio::io_context& io, std::unique_ptr<Storage> storage, int workers);
  ~Lobby() override;
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;

  /// Loads every stored table and replays its log, then lets the tables run. Throws StorageError,
  /// or std::runtime_error naming a table whose settings or log do not restore when the storage is
  /// one server's; with a shared storage (leases) such a table is set aside instead: reported on
  /// stderr with its code and reason, not hosted, its rows left as they are (the same when it is
  /// taken over). Returns the number of tables hosted. A database
  /// written before records were stored apart gets them first (each such log replayed once).
  std::size_t restore();

  /// The retention policy (retention.h); throws std::invalid_argument naming a field out of range.
  void set_retention(const RetentionPolicy& policy);
  const RetentionPolicy& retention() const { return retention_; }
  /// Applies the retention policy one bounded step (compacting logs, then deleting old ended tables).
  /// Returns true when there is more to do at once (call again soon; other work may run between).
  /// A storage failure stops the server (exit 3).
  bool sweep();

  /// For a shared storage (storage.h leases): renews this process's leases and hosts the tables
  /// whose host's lease expired, resumed from their logs. Called every storage().lease_period().
  /// A storage failure (also a lease taken by another server) stops the server (exit 3).
  void keep_leases();

  /// One message from `client` (docs/PROTOCOL.md). Never throws for bad input: it replies `error`.
  void on_message(const std::shared_ptr<Client>& client, std::string_view text);
  /// The `id` of a message's text (docs/PROTOCOL.md "Framing"), for a reply that refuses it unread
  /// (a flood's `rate_limited`); null when it has none, or none that is valid and given once.
  static nlohmann::json request_id(std::string_view text);
  /// The client is gone.
  void on_close(const Client* client);

  /// The record of finished hand `hand` of table `code`, or nullopt: from memory for a table this
  /// server hosts, else the storage's stored record (an ended table, also after a restart; a table
  /// another server of a shared database hosts): one row read, never a log replayed. Throws StorageError.
  std::optional<std::string> record_text(const std::string& code, int hand);
  /// Tables in memory: the open ones. A table that ended leaves memory once its end is committed
  /// (its records and final state are served from the storage), so this never grows with the tables
  /// that ended.
  std::size_t table_count() const { return tables_.size(); }
  /// Table `table` ended (ServerTable::finish_table, live): the next flush() stages its close with
  /// its final state, commits, then drops it from memory.
  void table_ended(const ServerTable& table) override;
  /// A rated table's hand was booked: when every seat is a different identified person, each one's
  /// standing in the table's preset group takes the hand (add_rated_hand, with the pairwise results
  /// against the others' ratings as they stood) and the hand joins their history, staged with the
  /// hand's entries (lobby_players.cc).
  void hand_finished(const ServerTable& table, const HandFinished& hand) override;
  /// The URL this server advertises (`--advertise`; by default http://HOST:PORT it listens on). With a
  /// shared storage it is recorded with each lease (the routing registry). Call before restore().
  void set_advertise(const std::string& url);
  /// GET /tables/CODE/host (docs/PROTOCOL.md): `{"table", "host", "lease_until", "expired"}` for an
  /// open table, asked of any server of the cluster; nullopt when there is no such open table.
  /// Throws StorageError.
  std::optional<nlohmann::json> table_host(const std::string& code);
  /// The listed tables waiting for people (quick play, lobby_quick.cc): the `tables` message, and
  /// GET /tables/public (docs/PROTOCOL.md).
  nlohmann::json public_tables();
  /// The rate limit of each connection: messages per second on average (docs/PROTOCOL.md: 20).
  double rate() const { return rate_; }
  void set_rate(double per_second) { rate_ = per_second; }
  /// Throws std::invalid_argument, naming the field, when a limit is below 1 (a hint's worlds above
  /// SearchBudget::kMaxWorlds too).
  void set_limits(const LobbyLimits& limits);
  const LobbyLimits& limits() const { return limits_; }
  /// Throws std::invalid_argument, naming the setting, for a period's hands outside 1..1000 or a
  /// leaderboard deviation outside (0, 350].
  void set_ratings(const RatingSettings& ratings);
  const RatingSettings& ratings() const { return ratings_; }
  /// GET /leaderboard/GROUP and the `leaderboard` reply (without `re`): the best players of preset
  /// group `group` (a preset's name) and the bots' fixed ratings. Throws ProtocolError bad_request
  /// for an unknown group, StorageError.
  nlohmann::json leaderboard_json(const std::string& group);
  /// Writes staged about players and not yet durable (for the tests: none once idle).
  std::size_t pending_players() const { return pending_players_.size(); }

  /// A table got its first person: it no longer counts against its creator's limits nor expires.
  void table_joined(ServerTable& table) override;
  /// The wall clock the turn timers' deadlines are logged in: ms since the Unix epoch. Absolute, so a
  /// restarted server (or the one that took a table over: keep servers' clocks in sync, NTP) keeps
  /// the time left.
  std::int64_t now_ms() const override;
  /// The clock now_ms() reads, ms since the Unix epoch; empty (the default) for the system clock.
  /// Tests give a later one (a restart "later" without waiting).
  void set_wall_clock(std::function<std::int64_t()> clock) { wall_clock_ = std::move(clock); }

  // For the tables.
  /// The storage as the I/O thread uses it: writes staged for the next commit batch, reads under its lock.
  CommitQueue& storage() override { return *storage_; }
  boost::asio::io_context& io() override { return io_; }
  /// Runs `job` for table `code` on the worker pool (never on the I/O thread; with 0 workers, posted
  /// to the I/O thread), in that table's turn (fair_scheduler.h).
  void run_on_pool(const std::string& code, std::function<void()> job) override;
  void send(const std::shared_ptr<Client>& client, const nlohmann::json& message) override;
  void send(const std::shared_ptr<Client>& client, std::shared_ptr<const std::string> text) override;
  /// Ends a handler: hands what it staged to the commit queue, and delivers the outbox once that is
  /// durable (with everything staged before it; in the order sent, also across flushes). The tables
  /// that ended leave memory then. A storage failure stops the server (exit 3): nothing of what failed
  /// was sent, and a restart resumes from what was committed.
  void flush() override;
  void add_token(const std::string& hash, const std::string& code, int seat) override;
  void remove_token(const std::string& hash) override;
  int max_bot_worlds() const override { return limits_.max_bot_worlds; }
  int hint_worlds() const override { return limits_.hint_worlds; }
  int max_hints() const override { return limits_.max_hints; }
  /// Sends an error reply.
  void send_error(const std::shared_ptr<Client>& client, const nlohmann::json& re, const std::string& code,
                  const std::string& message, const std::string& rule_id = "") override;

 private:
  /// Runs the handler of the request's message; throws ProtocolError when it is refused.
  void dispatch(const std::shared_ptr<Client>& client, const ClientRequest& request);
  // One handler per message (lobby_dispatch.cc); `re` the request's id, for the replies.
  void handle(const std::shared_ptr<Client>& client, const in::Ping& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Presets& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Create& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Join& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Resume& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Watch& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Record& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Act& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Hint& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Contribute& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Ready& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Back& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Leave& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::End& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Remove& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Quick& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Tables& m, out::RequestId re);
  /// The listed tables waiting for people now (forgetting the codes of those that no longer wait).
  std::vector<WaitingTable> waiting_tables();
  /// waiting_tables() and, with a shared storage, the ones the other servers of the cluster published
  /// (their `host` set). Throws StorageError.
  std::vector<WaitingTable> cluster_waiting_tables();
  /// With a shared storage: stages publishing this server's waiting tables as they changed since the
  /// last call (new or changed: put; no longer waiting: withdrawn), in the batch flush() submits.
  void publish_waiting();
  void handle(const std::shared_ptr<Client>& client, const in::Chat& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Player& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Leaderboard& m, out::RequestId re);
  void handle(const std::shared_ptr<Client>& client, const in::Forget& m, out::RequestId re);
  /// The player id of a `join`'s or `quick`'s key ("" for none); the name is stored with the player
  /// once the seat is taken (remember_player). Throws ProtocolError bad_request for a bad key.
  static std::string player_id(const std::string& player_key);
  /// Stages player `player` (a player id, or "": nothing) under `name`: a new one, or a new name.
  void remember_player(const std::string& player, const std::string& name);
  /// `player`'s standing in `group` as the next rated hand starts from it: staged, else stored, else new.
  PlayerStanding current_standing(const std::string& player, const std::string& group);
  void handle(const std::shared_ptr<Client>& client, const in::Rematch& m, out::RequestId re);

  /// An ended table whose seats may ask for a rematch (lobby_rematch.cc), kept kRematchWindowMs.
  struct Rematchable {
    TableConfig config;                                   // the ended table's
    std::array<std::string, kMaxPlayers> tokens{};        // each person seat's token hash; "" none
    std::array<std::string, kMaxPlayers> names{};
    std::array<std::string, kMaxPlayers> players{};       // each person seat's player id; "" none
    std::array<bool, kMaxPlayers> declined{};
    std::vector<std::weak_ptr<Client>> followers;         // told of the offer (`rematch_offer`)
    std::int64_t ended_ms = 0;
    std::string offer;                                    // the rematch's code once one accepted
    std::int64_t until_ms = 0;                            // its deadline
  };
  /// Forgets the ended tables older than kRematchWindowMs.
  void prune_rematchable();
  /// `code`'s rematch table rebuilt after a restart (its offer is in its configuration).
  void adopt_rematch(const ServerTable& table);
  /// True when `seat` of `table` is kept for a former seat's answer (a rematch waiting for it).
  bool reserved(const ServerTable& table, int seat) const;
  /// Tells everyone of `r` the offer's answers; fills a private rematch's declined seats with bots
  /// once every seat answered.
  void rematch_changed(Rematchable& r);
  std::shared_ptr<ServerTable> find(const std::string& code) const;
  std::shared_ptr<ServerTable> followed(const std::shared_ptr<Client>& client, bool need_seat) const;
  /// The table and seat a message acting for a seat is about: `unauthorized` when the connection
  /// holds none (not following a table, a spectator, or a seat it left).
  std::pair<std::shared_ptr<ServerTable>, int> held_seat(const std::shared_ptr<Client>& client) const;
  /// `client` follows `table` (or the ended table `code`) at `seat` (-1 a spectator), and no longer
  /// the one it followed: a seat it held there at a listed table still waiting for people is left.
  void follow(const std::shared_ptr<Client>& client, const std::shared_ptr<ServerTable>& table, int seat);
  void follow(const std::shared_ptr<Client>& client, const std::string& code, int seat);
  /// A code no table has (in memory or in the storage).
  std::string new_code() const;
  std::size_t adopt(std::vector<StoredTable> stored);
  /// A stored table `code` that does not restore (`why`): with one server's storage throws
  /// std::runtime_error naming it; with a shared one reports it on stderr.
  void set_aside_unrestorable(const std::string& code, const std::exception& why);
  /// Throws `too_many_tables` when `client`, or its address, has created as many tables nobody joined
  /// as the limits allow.
  void check_unjoined(const Client& client) const;
  /// `table` was just created by `creator`: counted against it and its address until joined.
  void count_unjoined(const std::shared_ptr<Client>& creator, ServerTable& table);
  /// Removes `code` (from storage too) if nobody joined it `limits_.unjoined_expiry` from now.
  void arm_expiry(const std::string& code);
  /// `watch` of a table no longer in memory: its final state from the storage, or not_found.
  void watch_ended(const std::shared_ptr<Client>& client, const std::string& code, out::RequestId re);
  /// Stores the records of the tables a database older than the records' table has only in logs.
  void store_missing_records();

  boost::asio::io_context& io_;
  double rate_ = 20;
  LobbyLimits limits_;
  std::unordered_map<std::string, int> unjoined_by_address_;
  ChatRateByAddress chat_by_address_;  // the chat's lines per remote address (chat_rate.h)
  ChatRateByAddress chat_by_player_;   // the same per player id (a seat's identified person)
  std::string advertise_;
  std::function<std::int64_t()> wall_clock_;  // empty: the system clock
  std::unique_ptr<CommitQueue> storage_;
  std::unique_ptr<boost::asio::thread_pool> pool_;  // null with 0 workers
  std::unique_ptr<FairScheduler> scheduler_;        // bots and hints, per table in turn, on pool_ (or io_)
  std::unordered_map<std::string, std::shared_ptr<ServerTable>> tables_;
  TokenRegistry tokens_;
  std::vector<std::pair<std::weak_ptr<Client>, std::shared_ptr<const std::string>>> outbox_;
  std::vector<std::string> ending_;  // tables that ended since the last flush (table_ended)
  std::unordered_map<std::string, std::shared_ptr<boost::asio::steady_timer>> expiries_;  // unjoined tables' expiry (arm_expiry)
  RetentionPolicy retention_;
  RatingSettings ratings_;
  PendingPlayers pending_players_;  // standings and forgets staged, not yet durable
  std::set<std::string> listed_;  // codes of listed tables that may still wait for people (quick play)
  std::map<std::string, std::string> published_;  // waiting tables as last published to the cluster (publish_waiting)
  std::map<std::string, std::int64_t> published_since_;  // their waiting_since_ms as published
  std::optional<bool> shared_storage_;             // the storage has leases (asked once)
  std::unique_ptr<RequestRate> quick_asks_;  // quick-play asks per remote address (limits_.quick_asks_per_minute)
  std::unordered_map<std::string, Rematchable> rematchable_;  // by the ended table's code
  std::deque<std::string> rematchable_order_;                 // their codes, oldest end first
};

}  // namespace tonk::serve
