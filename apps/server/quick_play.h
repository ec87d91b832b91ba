// Quick play's matching (docs/PROTOCOL.md `quick`, `tables`): given the listed tables waiting for
// people and one ask, the table to seat the asker at, or the table to make. Pure: no lobby, no clock
// of its own (times are arguments), no I/O; the Lobby (lobby_quick.cc) gathers the waiting tables,
// seats the asker at once (so two asks in one commit batch never get the same seat) and makes the
// table when none fits.
//
// The rules, kept simple:
// - A table fits an ask when it is listed, waiting (no hand dealt), has an open seat, plays the
//   asked preset (any, for the group "any") and has the asked number of seats (any, for "any").
// - Among the tables that fit: the one with the fewest open seats (it starts soonest), then the one
//   waiting longest, then the smallest code.
// - A table made for an ask plays its preset (P-STD for "any") at its seats (kAnySeats for "any",
//   fewer when the preset's table is smaller); listed; rated when it has 2 to 4 seats (every
//   built-in preset is a standard one: quick play never changes a preset's rules), which only
//   counts while every seat is a person (TableMachine::rated: bots filling seats unrate it).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "table_config.h"

namespace tonk::serve {

/// The preset group matching every preset (a table made for it plays P-STD).
inline constexpr const char* kAnyPreset = "any";
/// The seats of a table made for an ask of "any" seats (fewer when its preset seats fewer).
inline constexpr int kAnySeats = 4;
/// The bot level that fills a table when the ask names none.
inline constexpr const char* kDefaultQuickLevel = "medium";
/// A quick table's turn timer, in seconds: a stranger who goes away does not hold the others up.
inline constexpr int kQuickTurnSeconds = 30;
/// A quick table's bots show each move no sooner than this (ms; the page's "Normal" pace).
inline constexpr int kQuickBotDelayMs = 700;
/// The default wait for people before bots fill a quick table (`--quick-wait-seconds`), in ms.
inline constexpr std::int64_t kDefaultQuickWaitMs = 20'000;

/// One ask: `preset` a built-in preset's name as presets() spells it ("P-STD"), or kAnyPreset;
/// `seats` 2..kMaxPlayers, or 0 for any.
struct QuickAsk {
  std::string preset = kAnyPreset;
  int seats = 0;
};

/// A listed table waiting for people, as the matcher and the public list see it.
struct WaitingTable {
  std::string code;
  std::string preset;
  int seats = 0;                      ///< 2..kMaxPlayers
  int people = 0;                     ///< seats people hold
  int open = 0;                       ///< seats nobody holds; 1 or more
  std::int64_t waiting_since_ms = 0;  ///< when its first person sat (ms since the epoch)
  std::optional<std::int64_t> bots_at_ms;  ///< when bots fill its open seats
  std::string level;                  ///< the bot level that fills it
  bool rated = false;                 ///< rated if it starts with people only
  std::string host;                   ///< "" when this server hosts it; else its host's advertised URL
  std::vector<std::string> names;     ///< the names its taken seats show (published, never listed)
};

/// The table an ask is seated at: `code` an existing one, or "" to make one with `preset`, `seats`.
struct QuickPick {
  std::string code;
  std::string preset;
  int seats = 0;
};

/// The ask with its preset resolved: a preset's name in any case, with or without "P-", or "any"
/// (in any case). Throws ProtocolError bad_request for an unknown preset or level, and for more
/// seats than the preset's largest table.
QuickAsk read_quick_ask(const std::string& preset, int seats);
/// The level's name when it is a bot level (bot_level.h), kDefaultQuickLevel when `level` is ""; else throws
/// ProtocolError bad_request listing the levels.
std::string read_quick_level(const std::string& level);

/// True when `table` can seat the ask.
bool fits(const WaitingTable& table, const QuickAsk& ask);
/// Where the ask sits (rules above). `waiting` in any order.
QuickPick pick_table(std::span<const WaitingTable> waiting, const QuickAsk& ask);
/// The configuration of a table made for `pick` (its code left empty: the lobby draws it): listed,
/// the preset's rules at pick.seats, `level` bots fill it after `wait_ms` (1 or more).
TableConfig quick_table_config(const QuickPick& pick, const std::string& level, std::int64_t wait_ms);

/// The table as a host publishes it to the cluster (Storage::put_waiting): JSON text of every field
/// but `host` (the reader takes it from the lease).
std::string waiting_entry(const WaitingTable& table);
/// A published entry read back, `host` set to `host`; nullopt when the text is not one (a newer or
/// broken writer: it is passed over, never a crash).
std::optional<WaitingTable> read_waiting_entry(const std::string& entry, const std::string& host);

/// The `tables` message (and GET /tables/public) at `now_ms`: each waiting table with its preset,
/// seats, people, open seats, ms it has waited, ms until bots fill it and its host (null: this
/// server), the longest-waiting first;
/// at most `limit` of them (`total` says how many there are).
nlohmann::json public_tables_json(std::vector<WaitingTable> waiting, std::int64_t now_ms, std::size_t limit = 100);

}  // namespace tonk::serve
