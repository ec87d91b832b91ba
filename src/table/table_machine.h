// A served table as a state machine (docs/DESIGN.md "The server"): the library's Table plus what a
// server adds, seats taken by people with tokens, bots and the turn timer, provably fair deals, the
// per-seat hand history, with no I/O, no clock, no threads and no randomness of its own.
//
// A request is judged once by decide(), which returns the log entries it makes (or why it is
// refused) and changes nothing logged; each entry is then stored by the runtime and applied by
// apply(), which returns what it causes: messages to send, records to store, tokens to register.
// Between requests the runtime calls advance() until it names no entry to log: the table deals,
// draws the next seed, starts a turn timer by itself, and finally says what it waits for (a bot's
// move, a turn deadline, the pause between hands). The time is always an argument (ms since the
// Unix epoch), the random bytes come from the RandomHex given at construction, so the same requests
// at the same times give the same log, and applying a log gives the same table (crash recovery,
// record downloads, the tests).
//
// Volatile state, never logged, is the runtime's input: which seats have a connection and how many
// spectators follow (set_presence), the seats ready for the next hand, the bot being asked.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "hand_history.h"
#include "table_config.h"
#include "table_log.h"
#include "tonk/fair_deal.h"
#include "tonk/record.h"
#include "tonk/table.h"

namespace tonk::serve {

/// `bytes` random bytes in hex: the server's CSPRNG, or a seeded generator in tests.
using RandomHex = std::function<std::string(int bytes)>;
/// `bytes` bytes of `rng` (a seeded generator such as std::mt19937_64, its low byte per draw) in
/// lowercase hex: a seeded RandomHex for tests and benchmarks (never a server's: its seeds must not
/// be predictable). A template, so the machine itself includes no randomness.
template <typename Rng>
std::string seeded_hex(Rng& rng, int bytes) {
  std::vector<std::uint8_t> out;
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(rng() & 0xff));
  return to_hex(out);
}

/// The bot that plays a seat whose turn timer ran out, or that its person left.
inline constexpr const char* kAutoBot = "greedy";
/// How long a seat must be away before the host may remove its person, at a table with no turn
/// timer, in ms; with one, the turn timer's length.
inline constexpr std::int64_t kRemoveAfterUntimedMs = 60'000;

/// A request refused: the protocol's error code, a sentence, and a rule ID when a rule refuses it.
struct Refused {
  std::string code;
  std::string message;
  std::string rule_id;
};

// Requests of docs/PROTOCOL.md, as the machine judges them (the connection's checks, such as
// holding the seat, are the lobby's).
struct JoinRequest {
  std::string name;
  std::optional<int> seat;
  std::string entropy;     // hex, or empty
  std::string token_hash;  // SHA-256 (hex) of the token the runtime drew for the seat
  std::string player;      // the person's player id (SHA-256 of their player key, hex), "" for none
};
struct ActRequest {
  int seat = 0;
  std::string action;  // the action's text (tonk/action.h)
  std::int64_t hand = 0;
  std::int64_t seq = 0;
};
struct ContributeRequest {
  int seat = 0;
  int hand = 0;
  std::string entropy;
};
struct BackRequest {
  int seat = 0;
};
struct LeaveRequest {
  int seat = 0;
};
struct EndRequest {
  int seat = 0;
};
/// A chat line from `seat` (-1: a spectator): exactly one of `phrase` (an id of chat_phrases())
/// and `text` (free text the chat rule accepts) is not empty, as the message reader checked.
struct ChatRequest {
  int seat = -1;
  std::string phrase;
  std::string text;
};
/// The table's host (`by`, host_seat()) removes the person in `seat`, whose seat has had no
/// connection for `away_ms` (the runtime's count: presence is not logged).
struct RemoveRequest {
  int by = 0;
  int seat = 0;
  std::int64_t away_ms = 0;
};
/// The bot asked at (`hand`, `seq`) for `seat` chose `action` (a choice from the legal list).
struct BotMove {
  int hand = 0;
  std::size_t seq = 0;
  int seat = 0;
  Action action;
};
/// The turn timer armed by the last plan ran out.
struct TurnTimeout {};
/// The pause between hands armed by the last plan ran out.
struct PauseOver {};
/// A listed table's wait for people (Plan::fill_until_ms) ran out: bots take its open seats.
struct FillTimeout {};
using Request = std::variant<JoinRequest, ActRequest, ContributeRequest, BackRequest, LeaveRequest, EndRequest, BotMove,
                             TurnTimeout, PauseOver, FillTimeout, ChatRequest, RemoveRequest>;
/// What decide() answers: the entries to log, in order (none: nothing changes), or a refusal.
using Decision = std::variant<std::vector<LogEntry>, Refused>;

// Effects of applying an entry, in the order they happen.
/// A message for the connections following `seat` (-1: spectators, -2: everyone); `spectators_too`
/// adds the spectators to a seat's.
struct Send {
  int seat = -2;
  bool spectators_too = false;
  nlohmann::json message;
};
/// Every connection following `seat` becomes a spectator and is sent `seat_lost` {reason}, before
/// any state rendered for the seat's new player.
struct SeatLost {
  int seat = 0;
  std::string reason;
};
/// The record text of finished (or abandoned) hand `hand`, to store.
struct RecordMade {
  int hand = 0;
  std::string text;
};
struct TokenAdded {
  std::string hash;
  int seat = 0;
};
struct TokenRemoved {
  std::string hash;
};
/// A hand of a rated table (TableConfig::rated) was booked: what rating it takes (docs/RATINGS.md).
/// The host rates it when `seats` passes rated_hand_problem (every seat a different identified
/// person) and the deal was not void.
struct HandFinished {
  int hand = 0;
  Outcome outcome;                           ///< the hand's result
  Scoring scoring = Scoring::kStakes;        ///< the table's unit
  std::array<int, kMaxPlayers> booked{};     ///< each seat's result as the ledger booked it, in stakes (V22)
  std::vector<std::optional<std::string>> seats;  ///< each seat's player id; nullopt: a bot, or nobody identified
  std::vector<std::string> names;            ///< each seat's name
};
/// The table got its first person (it no longer expires unjoined).
struct TableJoined {};
/// The table ended: its close is stored, then it leaves memory.
struct TableEnded {};
using Effect = std::variant<Send, SeatLost, RecordMade, TokenAdded, TokenRemoved, TableJoined, TableEnded, HandFinished>;
using Effects = std::vector<Effect>;

/// What the table waits for once advance() names no entry.
struct Plan {
  /// Ask the bot of seat `bot_seat` (kind `bot_kind`) for its move at (`hand`, `seq`); -1: none.
  int bot_seat = -1;
  std::string bot_kind;
  int hand = 0;
  std::size_t seq = 0;
  /// The turn timer runs out at this time (ms since the epoch): then decide(TurnTimeout).
  std::optional<std::int64_t> turn_until_ms;
  /// The pause between hands ends at this time: then decide(PauseOver).
  std::optional<std::int64_t> pause_until_ms;
  /// A listed table's wait for people ends at this time: then decide(FillTimeout).
  std::optional<std::int64_t> fill_until_ms;
  /// No hand is dealt while no person is present.
  bool held = false;
};

enum class SeatKind : std::uint8_t { kOpen, kPerson, kBot };

struct SeatInfo {
  SeatKind kind = SeatKind::kOpen;
  std::string name;
  std::string token_hash;
  std::string player;     // the person's player id (kPerson; "" when they gave no player key)
  std::string bot_kind;   // the bot that plays the seat (kBot)
  bool autoplay = false;  // the turn timer ran out: a bot plays the person's seat
  bool ended = false;     // voted to end the table
};

class TableMachine {
 public:
  /// Seats `config`'s bots (named after their kind, numbered when two or more share it).
  TableMachine(TableConfig config, RandomHex random);

  // --- Judging and applying -----------------------------------------------------------------------
  /// Judges `request` at time `now_ms`: the entries it makes, or why it is refused. Changes no
  /// logged state (a bot's answer clears `thinking`). A person's action is parsed and judged here,
  /// once: its entry is applied without a second check.
  Decision decide(const Request& request, std::int64_t now_ms);
  /// Applies one entry (a decided one, or a stored one when replaying). Throws std::runtime_error
  /// for an entry that does not fit the table (a seat out of range, a deal without its seed).
  Effects apply(const LogEntry& entry);
  /// What the table does by itself at `now_ms`: an entry to log and apply (a deal, the next seed, a
  /// turn timer), or, when there is none, the Plan of what it waits for. Call until it is a Plan.
  std::variant<LogEntry, Plan> advance(std::int64_t now_ms);
  /// Whether apply() renders the `event`, `hand_over` and `table_over` messages (off: replaying a
  /// log with nobody to send them to; the history is kept either way).
  void set_messages(bool on) { messages_ = on; }
  /// The table expired unjoined (not logged): over, with its `table_over` message.
  Effects expire();

  // --- Volatile inputs --------------------------------------------------------------------------
  /// Which seats have a connection, and how many connections watch as spectators.
  void set_presence(const std::array<bool, kMaxPlayers>& connected, int watching);
  /// The seat is ready for the next hand; returns false for a repeat (or when no hand was dealt yet).
  bool set_ready(int seat);

  // --- Reading --------------------------------------------------------------------------------------
  const TableConfig& config() const { return config_; }
  const std::string& code() const { return config_.code; }
  bool over() const { return over_; }
  bool ever_joined() const { return ever_joined_; }
  /// True when a person holds `seat` (joined, not left).
  bool holds(int seat) const;
  /// The table's host: the person seated longest who is here (the creator, who joins first, while
  /// connected), who may remove a person away too long; with nobody here the one seated longest; -1
  /// when no person is seated. Read from presence, which is not logged: a removal logs its outcome.
  int host_seat() const;
  /// How long a seat must be away before the host may remove its person, in ms.
  std::int64_t remove_after_ms() const;
  const SeatInfo& seat(int s) const { return seats_.at(static_cast<std::size_t>(s)); }
  bool connected(int seat) const;
  int watching() const { return watching_; }
  /// The library's table, null before the first deal.
  const Table* table() const { return table_.get(); }
  int hand_number() const;
  /// Moves of the hand in play (or the last hand) so far.
  std::size_t seq() const;
  /// "waiting", "playing", "between" or "over".
  const char* status() const;
  /// The seat whose bot's move is being asked, or -1.
  int thinking() const;
  /// True when a bot plays `seat` (a bot's seat, or a person's whose turn timer ran out).
  bool bot_plays(int seat) const;
  /// Between hands: the table waits on this seat for *Next hand*.
  bool awaited(int seat) const;
  /// The commitment (SHA-256 of the seed, hex) of hand `hand` while it is secret, or null.
  const std::string* commitment(int hand) const;
  /// True when `seat` contributed to the deal of hand `hand`.
  bool contributed(int hand, int seat) const;
  /// The turn deadline the last plan armed (ms since the epoch), if any.
  std::optional<std::int64_t> turn_deadline_ms() const { return shown_turn_until_; }
  /// The end of the pause between hands while it counts, if any.
  std::optional<std::int64_t> next_hand_ms() const;
  /// A listed table waiting for people: when bots take its open seats (ms since the epoch), if any.
  std::optional<std::int64_t> bots_at_ms() const;
  /// When a listed table began to wait (its first person sat), ms since the epoch; nullopt before.
  std::optional<std::int64_t> waiting_since_ms() const;
  /// Seats nobody (person or bot) holds yet.
  int open_seats() const;
  /// Quick play's rating rule: the table is marked rated (TableConfig::rated) and no seat is a bot's
  /// (no bot filled a seat, nobody left to a bot); open seats may still be taken by people.
  bool rated() const;
  /// The record text of finished hand `hand` (1..), or empty; records().size() hands so far.
  const std::vector<std::string>& records() const { return records_; }
  /// The hand so far as each seat saw it.
  const HandHistory& history() const { return history_; }
  /// The recent chat lines (at most kChatLinesKept), oldest first: logged, so kept across a restart.
  const std::vector<ChatLine>& chat_lines() const { return chat_; }
  /// The ledger of a `state` or `hand_over` message.
  nlohmann::json ledger_json() const;

 private:
  Decision join(const JoinRequest& r);
  Decision act(const ActRequest& r);
  Decision contribute(const ContributeRequest& r);
  Decision bot_move(const BotMove& r);
  Decision chat(const ChatRequest& r, std::int64_t now_ms);
  Decision remove(const RemoveRequest& r);
  void apply_deal(int hand);
  /// Bots of `kind` take every open seat (FillEntry), named after it.
  void fill_open_seats(const std::string& kind);
  void on_event(const TableEvent& e);
  void finish_table(const std::string& why);
  nlohmann::json reveal(int n, const Hand& hand, const SessionTags& tags, const std::string& abandoned);
  bool person_present() const;
  bool all_seated() const;
  SeatInfo& seat_at(int s);

  TableConfig config_;
  RandomHex random_;
  std::unique_ptr<Table> table_;  // created at the first deal (its session seed comes from hand 1)
  std::array<SeatInfo, kMaxPlayers> seats_;
  bool over_ = false;
  bool ever_joined_ = false;
  bool messages_ = true;
  // Provably fair deals: the seed of each hand committed and not yet revealed, contributions.
  std::map<int, std::string> seeds_;                        // hand -> server seed (hex)
  std::map<int, std::string> commitments_;                  // hand -> SHA-256 of its seed, while secret
  std::map<int, std::vector<Contribution>> contributions_;  // hand -> by seat, last wins
  std::vector<std::string> records_;                        // record text of each finished hand
  HandHistory history_;
  std::vector<ChatLine> chat_;  // the last kChatLinesKept lines; never in a record
  std::vector<int> join_order_;  // the seats people hold, in the order they sat (host_seat)
  struct TurnClock {
    int hand = 0;
    std::size_t seq = 0;
    int seat = -1;
    std::int64_t until_ms = 0;
  };
  std::optional<TurnClock> turn_clock_;  // the turn timer of the position in play, as logged
  bool current_auto_ = false;            // the action being applied was played for a timed-out seat
  Effects* effects_ = nullptr;           // where apply() collects what the Table's events cause
  // Volatile.
  std::array<bool, kMaxPlayers> connected_{};
  int watching_ = 0;
  std::array<bool, kMaxPlayers> ready_{};
  int bot_thinking_ = -1;
  std::optional<std::int64_t> shown_turn_until_;
  // The pause after a hand runs to a deadline fixed when first armed (a `ready` or a connection
  // redraws the table but does not restart the countdown); a held table forgets it.
  int next_hand_for_ = -1;
  std::int64_t next_hand_until_ = 0;
  bool next_hand_counting_ = false;
  std::optional<std::int64_t> wait_until_;  // a listed table's logged wait (WaitEntry)
};

}  // namespace tonk::serve
