// The parts of docs/PROTOCOL.md's messages that depend only on the library: a legal action, the
// presets list, a session's ledger and a finished hand's `hand_over`. Kept apart from the lobby and
// the served table (no Boost, no storage) so that the page's offline table (apps/wasm) sends the
// very same messages as `tonk serve`.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "tonk/action.h"
#include "tonk/game.h"
#include "tonk/session.h"

namespace tonk::serve {

/// One entry of a `state` message's `legal` list: {id, kind, cards, target, shape}, and for a
/// spread with wild cards (V13a) `stands_for`, what each wild card stands for under `game`'s run
/// order (tonk/wild_reading.h).
nlohmann::json action_json(const Action& a, const Game& game);

/// The `presets` message: every built-in preset, the rule options and the bot kinds.
nlohmann::json presets_json();

/// The `ledger` of a `state` or `hand_over` message for a table of `players` seats: `session` null
/// before the first deal (everything 0); `over` when the table has ended.
nlohmann::json ledger_json(const Session* session, int players, bool over);

/// The `hand_over` message of hand `number` at table `table`, from the view of the finished hand
/// (any seat's: at the showdown every seat sees the same outcome) and what the session booked.
/// `ledger` and `fair` are the caller's (null here).
nlohmann::json hand_over_json(const std::string& table, int number, const View& view, const HandLedger& booked);

}  // namespace tonk::serve
