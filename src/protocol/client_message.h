// The messages a client sends (docs/PROTOCOL.md "Client to server"), one type each, read and checked
// whole by parse_client_message() before anything looks at a table: a handler gets values whose
// fields are present, of their type and in their ranges. What depends on the table (a seat that is
// taken, a name another seat shows, a stale position, the engine's judgement) is the table's to say.
//
// A new message: a struct here with its fields, an alternative of ClientMessage, a reader in
// client_message.cc (its fields, in the order their errors are reported), and a handler in
// apps/server/lobby_dispatch.cc; its replies are writers in server_message.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "protocol_error.h"
#include "table_config.h"

namespace tonk::serve::in {

struct Ping {};
struct Presets {};
/// `create`: the table's settings (TableConfig without its code, which the lobby draws) and the
/// creator's name when given (checked by the rule for names, so a refused name leaves no table).
struct Create {
  std::optional<std::string> name;
  TableConfig settings;
};
/// `join` table `table` as `name`; `seat` 0..kMaxPlayers-1 (nullopt: any open seat); `entropy`
/// the hex a seat contributes to the next deal, "" when not given (its form is the table's to check).
struct Join {
  std::string table;
  std::string name;
  std::optional<int> seat;
  std::string entropy;
  /// The player's key (docs/RATINGS.md): 32 to 128 hex digits of even length, checked here; "" when
  /// not given (a seat without identity, never rated). The lobby hashes it at once and keeps only
  /// the hash (apps/server/player_key.h).
  std::string player_key;
};
/// `resume` the seat of `token`: 32 hex digits (any other text is no seat's token: `unauthorized`).
struct Resume {
  std::string token;
};
struct Watch {
  std::string table;
};
/// `record` of finished hand `hand`, 1..10^9.
struct Record {
  int hand = 0;
};
/// `act`: `action` in the record notation (docs/RECORDS.md; the table parses and judges it) at the
/// position (`hand`, `seq`) of the state it answers: any 64-bit integers (a wrong one is `stale`).
struct Act {
  std::string action;
  std::int64_t hand = 0;
  std::int64_t seq = 0;
};
struct Hint {};
/// `contribute` `entropy` to hand `hand` (1..10^9); the hex form is the table's to check.
struct Contribute {
  int hand = 0;
  std::string entropy;
};
/// `quick`: seat `name` at a listed table waiting for people that fits, or at a new one (the lobby's
/// apps/server/quick_play.h). `preset` a preset's name or "any" (absent: "any"; the lobby checks it);
/// `seats` 2..kMaxPlayers, 0 for "any" (absent: any); `level` the bots that fill it ("" for the
/// default; the lobby checks it); `entropy` as `join`'s. `name` is checked by the rule for names.
struct Quick {
  std::string preset;
  int seats = 0;
  std::string name;
  std::string level;
  std::string entropy;
  std::string player_key;  ///< as `join`'s
};
/// `player`: the page of the player whose key is `player_key` (checked as `join`'s, required).
struct Player {
  std::string player_key;
};
/// `leaderboard` of preset group `group` (1 to 64 bytes; whether it is one is the lobby's to say).
struct Leaderboard {
  std::string group;
};
/// `forget` the player whose key is `player_key`: their identity, standings and history.
struct Forget {
  std::string player_key;
};
/// `tables`: the listed tables waiting for people.
struct Tables {};
struct Ready {};
struct Back {};
struct Leave {};
struct End {};
/// `remove` the person in seat `seat` (0..kMaxPlayers-1) who has been away too long: the table's
/// host may (TableMachine::host_seat); whether the seat is away long enough is the table's to say.
struct Remove {
  int seat = 0;
};
/// `chat`: one line at the followed table, exactly one of `phrase` (an id of chat_phrases(), checked
/// here) and `text` (free text that chat_text_problem() accepts); the other is "". Whether the
/// table lets this connection say it (free text, a spectator) is the table's to say (chat.h).
struct Chat {
  std::string phrase;
  std::string text;
};
/// `rematch`: the answer of the seat whose token at ended table `table` was `token` (32 hex digits;
/// any other text is no seat's token: `unauthorized`) to playing again: `accept` true or false.
struct Rematch {
  std::string table;
  std::string token;
  bool accept = false;
};

}  // namespace tonk::serve::in

namespace tonk::serve {

using ClientMessage = std::variant<in::Ping, in::Presets, in::Create, in::Join, in::Resume, in::Watch, in::Record, in::Act,
                                   in::Hint, in::Contribute, in::Ready, in::Back, in::Leave, in::End, in::Quick, in::Tables,
                                   in::Chat, in::Remove, in::Player, in::Leaderboard, in::Forget, in::Rematch>;

/// A message and its request `id` (0..2^53; nullopt when it has none), which every reply to it
/// carries as `re`.
struct ClientRequest {
  std::optional<std::uint64_t> id;
  ClientMessage message;
};

/// A message refused unread: the error, and the request's `id` when it could be read (the reply's `re`).
struct ClientRefusal {
  std::optional<std::uint64_t> id;
  ProtocolError error;
};

/// What the host allows that a message's validity depends on.
struct ParseLimits {
  int max_bot_worlds = kMaxServedWorlds;  ///< a `create`'s `mc:N` bots search at most this many worlds
};

/// Reads one message's text (docs/PROTOCOL.md "Framing"): JSON, one object, each key once, a valid
/// `id`, a known `type` and that type's fields. Never throws for bad input: a refusal says why with
/// the documented code (`bad_request` naming the field; `bad_rules`; `unauthorized` for a token of
/// the wrong form) and the texts of docs/PROTOCOL.md.
std::variant<ClientRequest, ClientRefusal> parse_client_message(std::string_view text, const ParseLimits& limits = {});

/// The `id` of a message's text, for a reply that refuses it unread (a flood's `rate_limited`);
/// nullopt when it has none, or none that is valid and given once.
std::optional<std::uint64_t> request_id(std::string_view text);

}  // namespace tonk::serve
