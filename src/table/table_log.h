// The log of a served table (docs/DESIGN.md "The server"): every change to a table is one entry,
// appended to the Storage before anything it causes is sent, and a table is rebuilt by applying
// its entries in order (TableMachine::apply). Each entry is a struct; the variant LogEntry is one
// of them. The stored form is one JSON object per entry, {"k": kind, ...}, as servers have always
// written it: to_text() writes the same bytes for the same entry, and parse_log_entry() reads every
// entry an older server wrote.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "chat.h"
#include "tonk/action.h"

namespace tonk::serve {

/// The server seed of hand `hand` (64 hex digits), drawn before it is dealt; its SHA-256 is the
/// commitment published until the hand is revealed (docs/PROTOCOL.md "Provably fair deals").
struct SeedEntry {
  int hand = 0;
  std::string seed;
};
/// A person took seat `seat` under `name`; `token` is the SHA-256 (hex) of the seat's token;
/// `player` the person's player id (the SHA-256 of their player key, apps/server/player_key.h), ""
/// when they gave none: kept in the log so that a restarted server knows who sat where.
struct JoinEntry {
  int seat = 0;
  std::string name;
  std::string token;
  std::string player;
};
/// A seat's entropy (hex) for the deal of hand `hand`; a later one of the same seat replaces it.
struct ContribEntry {
  int hand = 0;
  int seat = 0;
  std::string entropy;
};
/// Hand `hand` is dealt from its seed and contributions.
struct DealEntry {
  int hand = 0;
};
/// Seat `seat` played `action`, judged legal when it was logged; `autoplay`: a bot played it for
/// a person whose turn timer ran out.
struct ActEntry {
  int seat = 0;
  Action action;
  bool autoplay = false;
};
/// The turn timer of seat `seat` at position (`hand`, `seq`) runs out at `until_ms` (ms since
/// the Unix epoch): a restart keeps the time left.
struct TimerEntry {
  int hand = 0;
  std::size_t seq = 0;
  int seat = 0;
  std::int64_t until_ms = 0;
};
/// The turn timer ran out (`on`: a bot plays the person's seat), or the person is back (`on` false).
struct AutoEntry {
  int seat = 0;
  bool on = false;
};
/// The person left seat `seat` for good: a bot plays it. `by` the seat of the table's host who
/// removed the person, away too long (-1: they left themselves).
struct LeaveEntry {
  int seat = 0;
  int by = -1;
};
/// Before the first deal, the person in seat `seat` left (or, when a listed table's wait ran out,
/// was not there): the seat is open again, for a person or for the bots that fill the table.
struct VacateEntry {
  int seat = 0;
  int by = -1;  ///< as LeaveEntry's
};
/// Seat `seat` voted to end the table.
struct EndEntry {
  int seat = 0;
};
/// The table ended: `why` "agreed", "left", or "" when the session is over (an older log gave no
/// reason).
struct OverEntry {
  std::string why;
};

/// A quick-play table (TableConfig::listed) waits for people until `until_ms` (ms since the Unix
/// epoch), logged when its first person sits: then bots fill its open seats (FillEntry). A restart
/// keeps the time left.
struct WaitEntry {
  std::int64_t until_ms = 0;
};
/// The wait ran out: bots of kind `kind` (a bot level) take every open seat.
struct FillEntry {
  std::string kind;
};

/// A chat line said at the table (chat.h): stored with the table, never in a hand's record.
struct ChatEntry {
  ChatLine line;
};

using LogEntry = std::variant<SeedEntry, JoinEntry, ContribEntry, DealEntry, ActEntry, TimerEntry, AutoEntry, LeaveEntry,
                              EndEntry, OverEntry, WaitEntry, FillEntry, ChatEntry, VacateEntry>;

/// The stored text of `entry` (a JSON object, keys in alphabetical order).
std::string to_text(const LogEntry& entry);
/// Reads a stored entry. Throws std::runtime_error naming what is wrong (not JSON, an unknown kind,
/// a field missing or of the wrong type, an action that does not parse).
LogEntry parse_log_entry(const std::string& text);

}  // namespace tonk::serve
