#include "client_message.h"

#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "chat.h"
#include "json_reader.h"
#include "player_name.h"
#include "tonk/fair_deal.h"
#include "tonk/rules.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

[[noreturn]] void bad(const std::string& message) { throw ProtocolError("bad_request", message); }

const std::string& string_field(const json& m, const char* name) {
  const auto it = m.find(name);
  if (it == m.end() || !it->is_string()) bad(std::string("`") + name + "` (a string) is required");
  return it->get_ref<const std::string&>();
}

// A field that may be absent or null.
bool given(const json& m, const char* name) {
  const auto it = m.find(name);
  return it != m.end() && !it->is_null();
}

std::optional<long long> int_field(const json& m, const char* name) {
  const auto it = m.find(name);
  if (it == m.end() || it->is_null()) return std::nullopt;
  // A whole number beyond 64 bits reaches us as a float (2^64 is 1.8446744073709552e19): it is an
  // integer all the same, out of every range.
  if (it->is_number_float() && std::nearbyint(it->get<double>()) == it->get<double>() &&
      std::fabs(it->get<double>()) >= 0x1p63)
    bad(std::string("`") + name + "` is out of range");
  if (!it->is_number_integer()) bad(std::string("`") + name + "` must be an integer");
  // An unsigned above 2^63 - 1 would wrap to a negative number: out of range instead.
  if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<long long>::max()))
    bad(std::string("`") + name + "` is out of range");
  return it->get<long long>();
}

long long required_int(const json& m, const char* name) {
  const auto v = int_field(m, name);
  if (!v) bad(std::string("`") + name + "` (an integer) is required");
  return *v;
}

// A hand number (`record`, `contribute`): 1..10^9, else "out of range" (absent: "required").
int hand_field(const json& m) {
  const long long hand = required_int(m, "hand");
  if (hand < 1 || hand > 1'000'000'000) bad("`hand` is out of range (1 to 10^9)");
  return static_cast<int>(hand);
}

// The `id` of message `m` (nullopt without one). Throws ProtocolError when it is not an integer
// from 0 to 2^53.
std::optional<std::uint64_t> id_of(const json& m) {
  const auto it = m.find("id");
  if (it == m.end()) return std::nullopt;
  if (!it->is_number_unsigned() || it->get<std::uint64_t>() > (std::uint64_t{1} << 53))
    bad("`id` must be an integer from 0 to 2^53");
  return it->get<std::uint64_t>();
}

// Each reader takes the fields in the order their errors are reported.
in::Create read_create(const json& m, const ParseLimits& limits) {
  in::Create c;
  if (given(m, "name")) {
    c.name = string_field(m, "name");
    check_player_name(*c.name);
  }
  c.settings = TableConfig::from_create(m, "", limits.max_bot_worlds);
  return c;
}

// An optional `player_key` (absent or null: ""): 32 to 128 hex digits of even length.
std::string player_key_field(const json& m, bool required) {
  if (!given(m, "player_key")) {
    if (required) bad("`player_key` (a string) is required");
    return "";
  }
  const std::string& key = string_field(m, "player_key");
  if (!is_hex(key, 32, 128)) bad("`player_key` must be 32 to 128 hex digits, of even length");
  return key;
}

in::Join read_join(const json& m) {
  in::Join j;
  j.table = string_field(m, "table");
  if (const auto s = int_field(m, "seat")) {
    if (*s < 0 || *s >= kMaxPlayers) bad("no seat " + std::to_string(*s));
    j.seat = static_cast<int>(*s);
  }
  if (given(m, "entropy")) j.entropy = string_field(m, "entropy");
  j.player_key = player_key_field(m, false);
  j.name = string_field(m, "name");
  return j;
}

in::Resume read_resume(const json& m) {
  in::Resume r{string_field(m, "token")};
  if (!is_hex(r.token, 32, 32)) throw ProtocolError("unauthorized", "no seat has this token");
  return r;
}

in::Act read_act(const json& m) {
  in::Act a;
  a.seq = required_int(m, "seq");
  a.hand = required_int(m, "hand");  // with seq, the position: unique across hands
  a.action = string_field(m, "action");
  return a;
}

in::Contribute read_contribute(const json& m) {
  in::Contribute c;
  c.hand = hand_field(m);
  c.entropy = string_field(m, "entropy");
  return c;
}

in::Quick read_quick(const json& m) {
  in::Quick q;
  if (given(m, "preset")) q.preset = string_field(m, "preset");
  if (const auto it = m.find("seats"); it != m.end() && !it->is_null()) {
    if (it->is_string() && it->get_ref<const std::string&>() == "any") {
      q.seats = 0;
    } else {
      const long long seats = *int_field(m, "seats");  // not an integer: "must be an integer"
      if (seats < 2 || seats > kMaxPlayers) bad("`seats` must be 2 to " + std::to_string(kMaxPlayers) + " or \"any\"");
      q.seats = static_cast<int>(seats);
    }
  }
  if (given(m, "level")) q.level = string_field(m, "level");
  if (given(m, "entropy")) q.entropy = string_field(m, "entropy");
  q.player_key = player_key_field(m, false);
  q.name = string_field(m, "name");
  check_player_name(q.name);  // before a table is made for it
  return q;
}

in::Chat read_chat(const json& m) {
  in::Chat c;
  if (given(m, "phrase") == given(m, "text")) bad("`chat` takes one of `phrase` (a quick phrase's id) and `text`");
  if (given(m, "phrase")) {
    c.phrase = string_field(m, "phrase");
    if (!find_chat_phrase(c.phrase)) bad("`phrase` is no chat phrase's id (`presets` lists them in `chat`)");
  } else {
    c.text = string_field(m, "text");
    if (const std::string why = chat_text_problem(c.text); !why.empty()) bad("`text` " + why);
  }
  return c;
}

in::Remove read_remove(const json& m) {
  const auto s = int_field(m, "seat");
  if (!s) bad("`seat` (an integer) is required");
  if (*s < 0 || *s >= kMaxPlayers) bad("no seat " + std::to_string(*s));
  return in::Remove{static_cast<int>(*s)};
}

in::Rematch read_rematch(const json& m) {
  in::Rematch r;
  r.table = string_field(m, "table");
  r.token = string_field(m, "token");
  const auto it = m.find("accept");
  if (it == m.end() || !it->is_boolean()) bad("`accept` (true or false) is required");
  r.accept = it->get<bool>();
  if (!is_hex(r.token, 32, 32)) throw ProtocolError("unauthorized", "no seat of table " + r.table.substr(0, 16) + " has this token");
  return r;
}

ClientMessage read_message(const json& m, const ParseLimits& limits) {
  const std::string& type = string_field(m, "type");
  if (type == "ping") return in::Ping{};
  if (type == "presets") return in::Presets{};
  if (type == "create") return read_create(m, limits);
  if (type == "join") return read_join(m);
  if (type == "resume") return read_resume(m);
  if (type == "watch") return in::Watch{string_field(m, "table")};
  if (type == "record") return in::Record{hand_field(m)};
  if (type == "act") return read_act(m);
  if (type == "hint") return in::Hint{};
  if (type == "contribute") return read_contribute(m);
  if (type == "ready") return in::Ready{};
  if (type == "back") return in::Back{};
  if (type == "leave") return in::Leave{};
  if (type == "end") return in::End{};
  if (type == "quick") return read_quick(m);
  if (type == "tables") return in::Tables{};
  if (type == "chat") return read_chat(m);
  if (type == "remove") return read_remove(m);
  if (type == "player") return in::Player{player_key_field(m, true)};
  if (type == "leaderboard") {
    in::Leaderboard l{string_field(m, "group")};
    if (l.group.empty() || l.group.size() > 64) bad("`group` must be 1 to 64 bytes (a preset's name, as `presets` lists them)");
    return l;
  }
  if (type == "forget") return in::Forget{player_key_field(m, true)};
  if (type == "rematch") return read_rematch(m);
  bad("unknown message type `" + type.substr(0, 32) + "`");
}

}  // namespace

std::optional<std::uint64_t> request_id(std::string_view text) {
  try {
    json m;
    try {
      m = read_json(text);
    } catch (const RepeatedKeyError& e) {
      if (e.key() == "id" && e.at_top()) return std::nullopt;  // which one? neither
      m = e.document();
    }
    return m.is_object() ? id_of(m) : std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::variant<ClientRequest, ClientRefusal> parse_client_message(std::string_view text, const ParseLimits& limits) {
  std::optional<std::uint64_t> id;
  try {
    json m;
    try {
      m = read_json(text);  // throws parse_error (invalid JSON or UTF-8), RepeatedKeyError
    } catch (const RepeatedKeyError& e) {
      id = request_id(text);
      bad(e.what());
    }
    if (!m.is_object()) bad("a message is a JSON object with a `type`");
    id = id_of(m);
    return ClientRequest{id, read_message(m, limits)};
  } catch (const ProtocolError& e) {
    return ClientRefusal{id, e};
  } catch (const json::exception& e) {
    return ClientRefusal{id, ProtocolError("bad_request", std::string("malformed message: ") + e.what())};
  } catch (const std::exception& e) {
    return ClientRefusal{id, ProtocolError("server", e.what())};
  }
}

}  // namespace tonk::serve
