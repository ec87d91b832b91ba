// A served table's configuration, as chosen by `create` (docs/PROTOCOL.md) and stored with the table.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "protocol_error.h"
#include "tonk/rules.h"

namespace tonk::serve {

/// The slowest pace a table may ask for its bots (`create`'s `bot_delay_ms`), in ms.
inline constexpr int kMaxBotDelayMs = 5000;

/// Most worlds a Monte Carlo bot seated by `create` may search per decision, unless the host sets
/// another ceiling (`--max-bot-worlds`, LobbyLimits::max_bot_worlds).
inline constexpr int kMaxServedWorlds = 2000;

/// `kind` (a valid bot kind) with its search budget cut to `max_worlds` (1 or more): "mc:5000" is
/// "mc:2000" under 2000, plain "mc" (MonteCarloBot::kDefaultWorlds) is "mc:50" under 50; a kind
/// that does not search, or searches less, is returned as it is.
std::string bot_kind_within(const std::string& kind, int max_worlds);

struct TableConfig {
  std::string code;                         ///< the join code
  Rules rules;                              ///< valid, players = seats
  std::string preset = "P-STD";             ///< the preset the rules start from, for display
  std::array<std::string, kMaxPlayers> bots{};  ///< the bot kind of each seat; "" for a person
  int turn_seconds = 0;                     ///< 0: no turn timer; else 5..600
  int pause_seconds = 5;                    ///< between hands, 0..60
  int hands = 0;                            ///< planned session length; 0 open-ended
  int bot_delay_ms = 0;                     ///< a bot's move is shown no sooner than this after its turn began, 0..kMaxBotDelayMs
  bool listed = false;                      ///< a public table: quick play lists it and seats strangers at it (never set by `create`)
  bool rated = false;                       ///< its hands between people are rated (docs/RATINGS.md; never set by `create`)
  /// A listed table (quick play, apps/server/quick_play.h): ms its first person waits for others
  /// before bots of level `fill_bots` take the open seats; 0 (a private table): no wait, no fill.
  std::int64_t wait_ms = 0;
  std::string fill_bots;                    ///< the bot level ("beginner" .. "expert") that fills a listed table
  bool chat_text = false;                   ///< its chat takes free text, not only quick phrases (`create`'s `chat_text`)
  bool chat_spectators = false;             ///< spectators may write in its chat (`create`'s `chat_spectators`)
  /// A rematch (`rematch`, docs/PROTOCOL.md): the code of the ended table whose seats it is offered
  /// to; "" for any other table. Until every seat is answered it waits `wait_ms` from its first
  /// person on (as a listed table does), then bots of `fill_bots` (greedy when "") take the open seats.
  std::string rematch_of;
  /// A rematch's seats: the SHA-256 (hex) of each seat's token at the ended table, which may accept
  /// it; "" for a seat no person held there (a bot's, or left).
  std::array<std::string, kMaxPlayers> rematch_tokens{};
  /// A rematch's seats: the name each person seat showed at the ended table ("" where no person sat).
  std::array<std::string, kMaxPlayers> rematch_names{};
  /// A rematch's seats: each person's player id at the ended table ("" none), so a rated table's
  /// rematch stays rated for the same people.
  std::array<std::string, kMaxPlayers> rematch_players{};

  int seats() const { return rules.players; }
  /// As stored (JSON).
  std::string to_json() const;
  /// Reads a stored configuration. Throws std::runtime_error naming what does not read, including a
  /// bot kind (a seat's or `fill_bots`) that make_bot does not accept.
  static TableConfig from_json(const std::string& text);
  /// From a `create` message (docs/PROTOCOL.md).
  /// Throws ProtocolError bad_request (naming the field) or bad_rules (the engine's message); a
  /// `mc:N` bot above `max_bot_worlds` (the host's ceiling) is bad_request.
  static TableConfig from_create(const nlohmann::json& message, std::string code, int max_bot_worlds = kMaxServedWorlds);
};

}  // namespace tonk::serve
