// The messages the server sends (docs/PROTOCOL.md "Server to client"), one writer each, built from
// values. A reply to a request with an `id` carries it as `re` (`re` nullopt: none). The bytes are
// nlohmann-json's dump of an object, whose keys it writes sorted: a writer never orders keys itself.
//
// Written elsewhere in this library: `presets`, `hand_over` and a `state`'s `legal` and `ledger`
// (protocol_json.h), `event` and `history` (hand_history.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol_error.h"

namespace tonk::serve::out {

/// A request's `id` (0..2^53), which its replies carry as `re`.
using RequestId = std::optional<std::uint64_t>;

nlohmann::json pong(RequestId re);
/// `created` {table, link}: the table's code and its link on the page ("/#/t/CODE").
nlohmann::json created(const std::string& table, RequestId re);
/// `joined` {table, seat, token}: the seat taken or resumed and its token (32 hex digits).
nlohmann::json joined(const std::string& table, int seat, const std::string& token, RequestId re);
nlohmann::json watching(const std::string& table, RequestId re);
/// `record` {hand, text}: finished hand `hand`'s record (docs/RECORDS.md).
nlohmann::json record(int hand, const std::string& text, RequestId re);
/// `acted` {hand, seq}: the position acted on.
nlohmann::json acted(std::int64_t hand, std::int64_t seq, RequestId re);
/// `contributed` {hand}, with `"repeat": true` when the seat had contributed to hand `hand` already.
nlohmann::json contributed(int hand, bool repeat, RequestId re);
nlohmann::json left(RequestId re);
/// `done`: a request answered by broadcasts (`ready`, `back`, `end`) is over.
nlohmann::json done(RequestId re);
/// `error` {code, message, rule_id (only when not empty)}.
nlohmann::json error(const std::string& code, const std::string& message, const std::string& rule_id, RequestId re);
nlohmann::json error(const ProtocolError& e, RequestId re);

/// `welcome` {protocol, server}: the first message on every connection; `server` is "tonk VERSION".
nlohmann::json welcome(int protocol, std::string_view version);

/// `hint` {hand, seq, actions}: for the position (`hand`, `seq`), `actions` as hint_actions_json
/// writes them (protocol_json.h: best first, each with its `value`).
nlohmann::json hint(int hand, std::size_t seq, nlohmann::json actions, RequestId re);

/// `table_over` {table, ledger}; `abandoned` ({hand, reason, fair}) when a hand in play was cut
/// short (null: none); `reason` when the table ended otherwise than by its play ("expired"; "": none).
nlohmann::json table_over(const std::string& table, nlohmann::json ledger, nlohmann::json abandoned = nullptr,
                          std::string_view reason = "");
/// `seat_lost` {table, seat, reason}: the connection holds seat `seat` no more and watches.
nlohmann::json seat_lost(const std::string& table, int seat, std::string_view reason);
/// One seat of a rematch offer: its number, the name it showed, and its answer so far.
struct RematchSeat {
  int seat = 0;
  std::string name;
  std::string answer;  ///< "accepted", "declined" or "waiting"
};
/// `rematch_offer` {table, rematch, until_ms, seats}: the seats of ended table `table` are offered
/// table `rematch` (same rules and seats) until `until_ms` (ms since the Unix epoch); `seats` the
/// person seats of `table` with their answers.
nlohmann::json rematch_offer(const std::string& table, const std::string& rematch, std::int64_t until_ms,
                             const std::vector<RematchSeat>& seats);
/// `audience` {table, watching}: `watching` spectators follow the table.
nlohmann::json audience(const std::string& table, int watching);

}  // namespace tonk::serve::out
