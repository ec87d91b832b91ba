// One served table's runtime: a TableMachine (the table's logic, src/table/table_machine.h) run on
// the I/O thread with what the machine leaves out: Asio timers, bots and hints on the worker pool,
// the storage, and the connections following the table. Given a TableHost (its Lobby), it never
// calls up into the Lobby otherwise.
//
// Every change is an entry of the table's log: record() stages it in the Storage and applies it to
// the machine, then carries out the effects (messages, records, tokens); a restarted server applies
// the stored entries in order (replay) and reaches the same machine. Messages go to the host's
// outbox, delivered only after the Storage committed the entries.
//
// Everything here runs on the I/O thread, except Bot::choose and hints, which run on the worker
// pool on copies of a seat's View and legal actions.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "audience.h"
#include "bot_pacing.h"
#include "client.h"
#include "state_message.h"
#include "storage.h"
#include "table_config.h"
#include "table_host.h"
#include "table_machine.h"
#include "tonk/bot.h"

namespace tonk::serve {

class ServerTable : public std::enable_shared_from_this<ServerTable> {
 public:
  ServerTable(TableHost& host, TableConfig config);
  ~ServerTable();

  const TableConfig& config() const { return machine_.config(); }
  const std::string& code() const { return machine_.code(); }
  bool over() const { return machine_.over(); }
  /// True when a person holds `seat` (joined, not left).
  bool holds(int seat) const { return machine_.holds(seat); }

  /// A new table: logs the first commitment (seed of hand 1). Call once, live.
  void open();
  /// Applies a stored entry (restore), sending nothing. Throws std::runtime_error for an entry that
  /// does not read or fit.
  void replay(const std::string& entry);
  /// After restore: starts what a live table runs (bots, timers, the next deal).
  void go_live();

  // Requests of docs/PROTOCOL.md; each throws ProtocolError when refused (nothing changes then).
  /// Seats a person (`player` their player id, "" for none: logged with the seat); returns the seat
  /// and its token (hex). Deals nothing and starts nothing: the caller has the joining connection
  /// follow the seat, then calls subscribe_joined, so that the joiner is sent everything the join
  /// causes (a deal, and a hand over at its deal, S7, with its `hand_over`).
  std::pair<int, std::string> join(const std::string& name, std::optional<int> seat, const std::string& entropy,
                                   const std::string& player = "");
  /// Plays `action` for `seat` if the table is at position (`hand`, `seq`) (else `stale`): a resent
  /// act can never be applied in another hand, whose seq may be the same.
  void act(int seat, const std::string& action, std::int64_t hand, std::int64_t seq);
  /// One contribution per seat and hand (the first counts): returns false, writing and sending
  /// nothing, for a repeat. Else logs it and sends the seat's connections their new `state`.
  bool contribute(int seat, int hand, const std::string& entropy);
  /// Marks the seat ready between hands; a repeat does nothing.
  void ready(int seat);
  /// The seat is played by its person again. When it was not `auto`, only `client` (if any) gets
  /// its `state`: a repeat costs one message, never a broadcast.
  void back(int seat, const std::shared_ptr<Client>& client);
  /// Hands the seat to a bot for good. Every connection following it becomes a spectator at once
  /// and is sent `seat_lost` (docs/PROTOCOL.md), before any state of the bot's seat is rendered.
  void leave(int seat);
  /// The host in seat `by` removes the person in `seat`, away longer than the table allows
  /// (TableMachine::remove_after_ms): as `leave` for them, with `seat_lost` reason "removed".
  /// Throws ProtocolError when the table refuses it (not the host, the seat not away long enough).
  void remove(int by, int seat);
  /// Votes to end the table; a repeat writes nothing and sends only `client` its state.
  void end(int seat, const std::shared_ptr<Client>& client);
  /// Says a chat line at the table for `seat` (-1: a spectator): logged, then sent to everyone
  /// following the table (`chat`). Throws ProtocolError when the table refuses it (free text or a
  /// spectator's line it does not allow).
  void chat(int seat, const std::string& phrase, const std::string& text);
  /// Starts a hint for `client`'s seat (a reply is sent when the pool has computed it). One hint
  /// at a time per seat (`rate_limited`), and at most TableHost::max_hints() of this table on the pool (`busy`).
  void hint(const std::shared_ptr<Client>& client, nlohmann::json re);
  /// True while nobody ever took a person seat (the table expires, lobby.h).
  bool never_joined() const { return !machine_.ever_joined(); }
  /// The table's logic, to read (quick play's matching reads its seats and wait).
  const TableMachine& machine() const { return machine_; }
  /// Who created the table (for the lobby's limits of unjoined tables); set once by the lobby.
  std::weak_ptr<Client> creator;
  std::string creator_address;
  /// The record text of finished hand `hand`, or nullopt.
  std::optional<std::string> hand_record(int hand) const;
  /// The record texts of the finished hands of a stored table (hand 1 first; an empty text for a
  /// hand not finished), replayed from its log into a TableMachine without hosting it: no tokens,
  /// no messages, no storage writes; `final_state`, when given, gets its last public `state`. For
  /// a database written before records were stored apart (Lobby::restore). Throws
  /// std::runtime_error for a log that does not replay.
  static std::vector<std::string> records_of(const StoredTable& stored, std::string* final_state = nullptr);
  /// The public `state` message (a spectator's), as text: what `watch` answers once the table ended.
  std::string final_state();
  /// The table leaves the server (it ended, or expired): stops its timers and forgets its followers.
  void retire();

  /// Follows the table: `client.following.seat` a seat (-1: spectator). Sends the current state.
  void subscribe(const std::shared_ptr<Client>& client);
  /// As subscribe, for the seat `client` has just joined (join): the table goes on first (a full
  /// table deals) and tells everyone, the joiner too, then the joiner gets the hand so far.
  void subscribe_joined(const std::shared_ptr<Client>& client);
  void unsubscribe(const Client* client);
  /// Sends `client` the full current state.
  void send_state(const std::shared_ptr<Client>& client);
  /// Sends `client` the hand so far as its seat may see it (`history`), when a hand was dealt, then
  /// the recent chat (`chat_log`) when anything was said.
  void send_history(const std::shared_ptr<Client>& client);
  /// The connections following the table (some may be gone).
  const std::vector<std::weak_ptr<Client>>& followers() const { return subscribers_; }
  /// A table waiting for people (a rematch whose seats all answered): bots take its open seats now,
  /// as when its wait runs out. Does nothing when it does not wait.
  void fill_now();
  /// The table is removed (it expired unjoined): tells the connections following it.
  void expire();

 private:
  /// Stages `entry` in the storage, applies it and carries out its effects.
  void record(const LogEntry& entry);
  /// Records every entry of a decision; throws ProtocolError for a refusal. Returns the entries.
  std::vector<LogEntry> record_decision(const Request& request);
  void perform(const Effects& effects);
  /// Logs what the table does by itself, then arms what its plan waits for, and broadcasts.
  void after_change();
  void start_bot(const Plan& plan);
  void arm_turn_timer(std::int64_t until_ms);
  void arm_pause_timer(std::int64_t until_ms);
  /// A listed table's wait for people: at `until_ms` bots take its open seats.
  void arm_fill_timer(std::int64_t until_ms);
  /// Tells the machine which seats have a connection and how many spectators follow.
  void sync_presence();
  int watching() const;
  /// A spectator came or went: the players hear the new count within Audience::kPeriod.
  void audience_changed();
  void send_to_seat(int seat, const nlohmann::json& message, bool spectators_too);
  /// Sends a fresh `state` to each connection of `seat` only.
  void send_state_to_seat(int seat);
  void broadcast_state();
  /// Every connection following `seat` becomes a spectator and gets `seat_lost` {reason}.
  void demote(int seat, const std::string& reason);

  TableHost& host_;
  TableMachine machine_;
  StateMessage state_message_;
  std::int64_t log_size_ = 0;
  bool live_ = false;
  bool held_ = false;  // the last plan: no hand is dealt while no person is present
  std::array<std::shared_ptr<Bot>, kMaxPlayers> bots_;  // the bot playing each seat, made when first asked
  BotPacing pacing_;
  Audience audience_;
  std::array<bool, kMaxPlayers> hint_running_{};  // one hint at a time per seat
  // Since when each seat has had no connection (ms since the epoch; from the server's start for a
  // seat nobody resumed since): presence is not logged, so neither is this.
  std::array<std::optional<std::int64_t>, kMaxPlayers> away_since_{};
  std::vector<std::weak_ptr<Client>> subscribers_;
  boost::asio::steady_timer turn_timer_;
  boost::asio::steady_timer pause_timer_;
  boost::asio::steady_timer fill_timer_;
  std::int64_t timer_token_ = 0;  // invalidates timers armed for an older state
};

}  // namespace tonk::serve
