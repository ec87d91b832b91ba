// One served table: the library's Table plus what a server adds (seats taken by people with tokens,
// bots thinking off the I/O thread, the turn timer, provably fair deals, the per-seat messages of
// docs/PROTOCOL.md), driven by an append-only log.
//
// Every change is an entry of the table's log (JSON): record() stages it in the Storage and applies
// it; a restarted server applies the stored entries in order (restore) and reaches the same state,
// since applying is deterministic (the deck comes from the logged seed and contributions; a bot's
// choice is logged as an action). Messages produced while applying go to the Lobby's outbox, which
// is delivered only after the Storage committed the entries.
//
// Everything here runs on the I/O thread, except Bot::choose and hints, which run on the Lobby's
// worker pool on copies of a seat's View and legal actions.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "audience.h"
#include "bot_pacing.h"
#include "client.h"
#include "fair_deal.h"
#include "hand_history.h"
#include "next_hand_clock.h"
#include "storage.h"
#include "table_config.h"
#include "tonk/bot.h"
#include "tonk/record.h"
#include "tonk/table.h"

namespace tonk::serve {

class Lobby;

class ServerTable : public std::enable_shared_from_this<ServerTable> {
 public:
  ServerTable(Lobby& lobby, TableConfig config);
  ~ServerTable();

  const TableConfig& config() const { return config_; }
  const std::string& code() const { return config_.code; }
  bool over() const { return over_; }
  /// True when a person holds `seat` (joined, not left).
  bool holds(int seat) const;

  /// A new table: logs the first commitment (seed of hand 1). Call once, live.
  void open();
  /// Applies a stored entry (restore), sending nothing.
  void replay(const std::string& entry);
  /// After restore: starts what a live table runs (bots, timers, the next deal).
  void go_live();

  // Requests of docs/PROTOCOL.md; each throws ProtocolError when refused (nothing changes then).
  /// Seats a person; returns the seat and its token (hex).
  std::pair<int, std::string> join(const std::string& name, std::optional<int> seat, const std::string& entropy);
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
  /// Votes to end the table; a repeat writes nothing and sends only `client` its state.
  void end(int seat, const std::shared_ptr<Client>& client);
  /// Starts a hint for `client`'s seat (a reply is sent when the pool has computed it). One hint
  /// at a time per seat (`rate_limited`), and at most LobbyLimits::max_hints of this table on the pool (`busy`).
  void hint(const std::shared_ptr<Client>& client, nlohmann::json re);
  /// True while nobody ever took a person seat (the table expires, lobby.h).
  bool never_joined() const { return !ever_joined_; }
  /// Who created the table (for the lobby's limits of unjoined tables); set once by the lobby.
  std::weak_ptr<Client> creator;
  std::string creator_address;
  /// The record text of finished hand `hand`, or nullopt.
  std::optional<std::string> hand_record(int hand) const;
  /// The record texts of the finished hands of a stored table (hand 1 first; an empty text for a
  /// hand not finished), replayed from its log without hosting it: no tokens, no messages, no
  /// storage writes; `final_state`, when given, gets its last public `state`. For a database
  /// written before records were stored apart (Lobby::restore). Throws std::runtime_error (or a
  /// json error) for a log that does not replay.
  static std::vector<std::string> records_of(Lobby& lobby, const StoredTable& stored, std::string* final_state = nullptr);
  /// The public `state` message (a spectator's), as text: what `watch` answers once the table ended.
  std::string final_state() const;
  /// The table leaves the server (it ended, or expired): stops its timers and forgets its followers.
  void retire();

  /// Follows the table: `client.following.seat` a seat (-1: spectator). Sends the current state.
  void subscribe(const std::shared_ptr<Client>& client);
  void unsubscribe(const Client* client);
  /// Sends `client` the full current state.
  void send_state(const std::shared_ptr<Client>& client);
  /// Sends `client` the hand so far as its seat may see it (`history`), when a hand was dealt.
  void send_history(const std::shared_ptr<Client>& client);
  /// The table is removed (it expired unjoined): tells the connections following it.
  void expire();

 private:
  enum class SeatKind : std::uint8_t { kOpen, kPerson, kBot };
  struct SeatInfo {
    SeatKind kind = SeatKind::kOpen;
    std::string name;
    std::string token_hash;
    std::string bot_kind;  // the bot that plays the seat (kBot), or for auto play
    bool autoplay = false;  // the turn timer ran out: a bot plays the person's seat
    bool ended = false;     // voted to end the table
    bool ready = false;     // not logged: between hands only
    std::shared_ptr<Bot> bot;
  };

  void record(nlohmann::json entry);
  void apply(const nlohmann::json& e);
  void apply_deal(int hand);
  void on_event(const TableEvent& e);
  void after_change();
  void maybe_run();
  void start_bot(int seat);
  void on_bot_move(int hand, std::size_t seq, int seat, Action action);
  void arm_turn_timer();
  void arm_pause_timer();
  void deal_next();
  bool bot_plays(int seat) const;
  bool all_seated() const;
  /// Between hands: the table waits on this seat for *Next hand* (a person not connected, played
  /// by the turn timer's bot, or not ready).
  bool awaited(int seat) const;
  /// True when a person holds a seat, is connected to it and is not played by the turn timer's bot.
  bool person_present() const;
  /// The table ends (`why`: "agreed", "left", or "" when the session is over or an older log gave
  /// no reason). A hand in play is revealed and recorded as abandoned.
  void finish_table(const std::string& why);
  /// Reveals hand `n` (finished, or cut short: `abandoned` names why, else ""): stores its record
  /// with the fair-deal comment lines, forgets its seed, and returns hand_over's `fair` object.
  nlohmann::json reveal(int n, const Hand& hand, const SessionTags& tags, const std::string& abandoned);

  int hand_number() const;
  /// The seat whose bot's move is being chosen or waits for the table's pace (`state.thinking`), or -1.
  int thinking() const;
  std::size_t seq() const;
  std::string status() const;
  nlohmann::json ledger_json() const;
  nlohmann::json seats_json() const;
  /// The `state` message for `seat` (-1: a spectator), as text (docs/PROTOCOL.md). The view is
  /// the library's to_json(View) text spliced in as it is, not parsed and written again: one state
  /// per subscriber per move is the server's busiest work (docs/PERFORMANCE.md, "The server").
  std::string state_text(int seat) const;
  /// The parts of a `state` message that every seat shares (seats, ledger, rules, the deadline,
  /// the commitments), as JSON text, built once per broadcast and around which state_text(seat,
  /// shared) puts each seat's own parts. Keys stay in the order nlohmann::json writes them.
  struct StateShared {
    std::string head;        // {"deadline_ms":…,"fair":
    std::string fair_head;   // {"commitment":…,"contributed":  (empty: "fair" is null)
    std::string fair_tail;   // ,"current":…,"hand":…}
    std::string middle;      // ,"hand":…,"ledger":…,"legal":
    std::string rules_part;  // ,"preset":…,"rules":…,"seat":
    std::string tail;        // ,"seats":…,"seq":…,"status":…,"table":…,"thinking":…,"to_move":…,"type":"state","view":
    std::string end;         // ,"waiting_for":…,"watching":…}
  };
  StateShared state_shared() const;
  std::string state_text(int seat, const StateShared& shared) const;
  void broadcast_state();
  void broadcast_seats();
  bool connected(int seat) const;
  /// Connections following the table as spectators.
  int watching() const;
  /// A spectator came or went: the players hear the new count within Audience::kPeriod.
  void audience_changed();
  void send_to_seat(int seat, const nlohmann::json& message, bool spectators_too);
  /// Sends a fresh `state` to each connection of `seat` only.
  void send_state_to_seat(int seat);
  /// Every connection following `seat` becomes a spectator and gets `seat_lost` {reason}.
  void demote(int seat, const char* reason);

  Lobby& lobby_;
  TableConfig config_;
  std::unique_ptr<Table> table_;  // created at the first deal (its session seed comes from hand 1)
  std::array<SeatInfo, kMaxPlayers> seats_;
  std::int64_t log_size_ = 0;
  bool live_ = false;
  bool detached_ = false;  // records_of: replayed for its records only (its tokens are not the lobby's)
  bool over_ = false;
  // Provably fair deals: the seed of each hand committed and not yet revealed, contributions.
  std::map<int, std::string> seeds_;                 // hand -> server seed (hex)
  std::map<int, std::string> commitments_;           // hand -> SHA-256 of its seed, while it is secret
  std::string rules_json_;                           // ,"preset":…,"rules":… of every state (config_ is fixed)
  std::map<int, std::vector<Contribution>> contributions_;  // hand -> by seat, last wins
  std::map<int, nlohmann::json> fair_revealed_;      // hand -> the `fair` object of hand_over
  std::vector<std::string> records_;                 // record text of each finished hand
  bool current_auto_ = false;                        // the action being applied was played for a timed-out seat
  bool held_ = false;                                // no hand dealt: no person present (after_change)
  int bot_thinking_ = -1;                            // the seat whose bot's move is chosen or waits for its pace
  BotPacing pacing_;
  HandHistory history_;                              // the hand so far, as each seat saw it
  NextHandClock next_hand_;
  Audience audience_;
  bool ever_joined_ = false;                         // a person took a seat once (log: join)
  std::array<bool, kMaxPlayers> hint_running_{};     // one hint at a time per seat                            // the seat whose bot runs on the pool
  std::vector<std::weak_ptr<Client>> subscribers_;
  std::vector<nlohmann::json> pending_events_;       // per live apply: (seat rendering) events
  boost::asio::steady_timer turn_timer_;
  boost::asio::steady_timer pause_timer_;
  std::int64_t timer_token_ = 0;                     // invalidates timers armed for an older state
  std::chrono::steady_clock::time_point deadline_{};
  // The turn timer of the position in play, as logged (a "timer" entry): it runs for `seat` at
  // (`hand`, `seq`) until `until_ms` (Lobby::now_ms), so a restart keeps the time left.
  struct TurnClock {
    int hand = 0;
    std::size_t seq = 0;
    int seat = -1;
    std::int64_t until_ms = 0;
  };
  std::optional<TurnClock> turn_clock_;
};

}  // namespace tonk::serve
