#include "table_config.h"

#include <nlohmann/json.hpp>

#include "json_reader.h"

#include "tonk/bot_factory.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/preset.h"
#include "tonk/record.h"
#include "tonk/rule_file.h"
#include "tonk/rule_options.h"

namespace tonk::serve {

using nlohmann::json;

std::string TableConfig::to_json() const {
  json bots_json = json::array();
  for (int s = 0; s < seats(); ++s) bots_json.push_back(bots[static_cast<std::size_t>(s)]);
  json j{{"code", code},   {"rules", tonk::to_string(rules)}, {"preset", preset},   {"bots", bots_json},
         {"turn_seconds", turn_seconds}, {"pause_seconds", pause_seconds}, {"hands", hands},
         {"bot_delay_ms", bot_delay_ms}};
  // Written only when set, so a private table is stored as it was before tables could be public.
  if (listed) j["listed"] = true;
  if (rated) j["rated"] = true;
  if (wait_ms > 0) j["wait_ms"] = wait_ms;
  if (!fill_bots.empty()) j["fill_bots"] = fill_bots;
  if (chat_text) j["chat_text"] = true;  // likewise: a table without these options is stored as before chat
  if (chat_spectators) j["chat_spectators"] = true;
  if (!rematch_of.empty()) {  // likewise: only a rematch stores its offer
    const auto seats_of = [&](const std::array<std::string, kMaxPlayers>& per_seat) {
      return json(std::vector<std::string>(per_seat.begin(), per_seat.begin() + seats()));
    };
    j["rematch_of"] = rematch_of;
    j["rematch_tokens"] = seats_of(rematch_tokens);
    j["rematch_names"] = seats_of(rematch_names);
    j["rematch_players"] = seats_of(rematch_players);
  }
  return j.dump();
}

TableConfig TableConfig::from_json(const std::string& text) {
  const json j = read_json(text);
  TableConfig c;
  c.code = j.at("code").get<std::string>();
  apply_options(c.rules, j.at("rules").get<std::string>());
  validate(c.rules);
  c.preset = j.at("preset").get<std::string>();
  const json& bots = j.at("bots");
  if (bots.size() != static_cast<std::size_t>(c.rules.players)) throw std::runtime_error("stored table: bots do not fit the seats");
  // Every bot kind is one this server can seat (a table stored by a newer tonk may name another):
  // found here, where the table is read, not when its first bot is made.
  const auto check_kind = [](const std::string& kind, const char* what) {
    if (kind.empty()) return;
    try {
      (void)make_bot(kind, 0);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string("stored table: ") + what + ": " + e.what());
    }
  };
  for (std::size_t s = 0; s < bots.size(); ++s) {
    c.bots[s] = bots[s].get<std::string>();
    check_kind(c.bots[s], "bots");
  }
  c.turn_seconds = j.at("turn_seconds").get<int>();
  c.pause_seconds = j.at("pause_seconds").get<int>();
  c.hands = j.at("hands").get<int>();
  c.bot_delay_ms = j.value("bot_delay_ms", 0);  // tables stored before the pace was a setting: none
  c.listed = j.value("listed", false);
  c.rated = j.value("rated", false);
  c.wait_ms = j.value("wait_ms", std::int64_t{0});
  c.fill_bots = j.value("fill_bots", std::string());
  check_kind(c.fill_bots, "fill_bots");
  c.chat_text = j.value("chat_text", false);
  c.chat_spectators = j.value("chat_spectators", false);
  c.rematch_of = j.value("rematch_of", std::string());
  const auto read_seats = [&](const char* key, std::array<std::string, kMaxPlayers>& out) {
    const auto it = j.find(key);
    if (it == j.end()) return;  // (rematch_players: a rematch stored before players were kept)
    if (!it->is_array() || it->size() != static_cast<std::size_t>(c.rules.players))
      throw std::runtime_error(std::string("stored table: ") + key + " do not fit the seats");
    for (std::size_t s = 0; s < it->size(); ++s) out[s] = (*it)[s].get<std::string>();
  };
  read_seats("rematch_tokens", c.rematch_tokens);
  read_seats("rematch_names", c.rematch_names);
  read_seats("rematch_players", c.rematch_players);
  return c;
}

namespace {

[[noreturn]] void bad(const std::string& message) { throw ProtocolError("bad_request", message); }

int int_field(const json& m, const char* name, int fallback, int lo, int hi) {
  const auto it = m.find(name);
  if (it == m.end() || it->is_null()) return fallback;
  if (!it->is_number_integer()) bad(std::string("`") + name + "` must be an integer");
  const long long v = it->get<long long>();
  if (v < lo || v > hi) bad(std::string("`") + name + "` must be from " + std::to_string(lo) + " to " + std::to_string(hi));
  return static_cast<int>(v);
}

bool bool_field(const json& m, const char* name) {
  const auto it = m.find(name);
  if (it == m.end() || it->is_null()) return false;
  if (!it->is_boolean()) bad(std::string("`") + name + "` must be true or false");
  return it->get<bool>();
}

const std::string* string_field(const json& m, const char* name) {
  const auto it = m.find(name);
  if (it == m.end() || it->is_null()) return nullptr;
  if (!it->is_string()) bad(std::string("`") + name + "` must be a string");
  return it->get_ptr<const std::string*>();
}

// Longest bot kind, in bytes. A bot's seat name is its kind, numbered (" 8") when the table has
// several of that kind; it goes into the records too.
constexpr std::size_t kMaxBotKind = 16;
static_assert(kMaxBotKind + 2 <= kMaxSeatName, "a bot's seat name must fit a record's seat name");

void check_bot_kind(const std::string& kind, int max_worlds) {
  if (kind.size() > kMaxBotKind) bad("bot kind too long");
  if (kind.rfind("mc:", 0) == 0) {
    const std::string n = kind.substr(3);
    if (n.empty() || n.size() > 7 || n.find_first_not_of("0123456789") != std::string::npos || std::stoi(n) < 1 ||
        std::stoi(n) > max_worlds)
      bad("`mc:N` bots search 1 to " + std::to_string(max_worlds) + " worlds on this server");
  }
  // The expert's options ("expert:400") are for measuring; a table gets the level, whose cost is known.
  if (kind.rfind("expert:", 0) == 0) bad("`expert` bots are seated as `expert`, without options");
  try {
    (void)make_bot(kind, 0);
  } catch (const std::exception& e) {
    bad(std::string("unknown bot kind: ") + e.what());
  }
}

}  // namespace

std::string bot_kind_within(const std::string& kind, int max_worlds) {
  const std::size_t colon = kind.find(':');
  if (kind.substr(0, colon) != "mc") return kind;
  const SearchBudget budget = colon == std::string::npos ? SearchBudget::of_worlds(MonteCarloBot::kDefaultWorlds)
                                                         : parse_search_budget(std::string_view(kind).substr(colon + 1));
  if (!budget.reproducible() || budget.worlds <= max_worlds) return kind;
  return "mc:" + std::to_string(max_worlds);
}

TableConfig TableConfig::from_create(const json& m, std::string code, int max_bot_worlds) {
  TableConfig c;
  c.code = std::move(code);
  const int seats = int_field(m, "seats", 0, 2, kMaxPlayers);
  if (seats == 0) bad("`seats` (2 to 8) is required");
  try {
    Rules start;
    int max_players = kMaxPlayers;
    if (const std::string* preset = string_field(m, "preset")) {
      const Preset& p = preset_or_throw(*preset);
      start = p.rules;
      max_players = p.max_players;
      c.preset = p.name;
    }
    start.players = seats;
    if (const std::string* text = string_field(m, "rules_text")) {
      if (text->size() > 8192) bad("`rules_text` is longer than 8192 bytes");
      const std::string* format = string_field(m, "rules_format");
      const RuleFileFormat f = format && *format == "json" ? RuleFileFormat::kJson : RuleFileFormat::kToml;
      if (format && *format != "json" && *format != "toml") bad("`rules_format` must be \"toml\" or \"json\"");
      const RuleFile file = parse_rule_file(*text, f, "rules_text", start, max_players);
      start = file.rules;
      max_players = file.max_players;
      if (!file.base.empty()) c.preset = file.base;
    }
    if (const auto it = m.find("set"); it != m.end() && !it->is_null()) {
      if (!it->is_array() || it->size() > 64) bad("`set` must be an array of at most 64 \"option=value\" strings");
      for (const json& item : *it) {
        if (!item.is_string()) bad("`set` items must be strings \"option=value\"");
        const std::string s = item.get<std::string>();
        const auto eq = s.find('=');
        if (eq == std::string::npos) bad("`set` item \"" + s.substr(0, 64) + "\" is not option=value");
        if (s.substr(0, eq) == "players") bad("the table size is `seats`, not set players=");
        set_option(start, s.substr(0, eq), s.substr(eq + 1));
      }
    }
    start.players = seats;
    validate(start);
    check_max_players(start, max_players, c.preset);
    c.rules = start;
  } catch (const RuleError& e) {
    throw ProtocolError("bad_rules", e.what());
  }
  if (const auto it = m.find("bots"); it != m.end() && !it->is_null()) {
    if (!it->is_array() || it->size() > static_cast<std::size_t>(seats)) bad("`bots` must be an array of at most `seats` entries");
    for (const json& b : *it) {
      if (!b.is_object()) bad("`bots` entries are objects {\"seat\": N, \"kind\": \"greedy\"}");
      const int seat = int_field(b, "seat", -1, 0, seats - 1);
      const std::string* kind = string_field(b, "kind");
      if (seat < 0 || !kind) bad("each `bots` entry needs `seat` and `kind`");
      check_bot_kind(*kind, max_bot_worlds);
      if (!c.bots[static_cast<std::size_t>(seat)].empty()) bad("seat " + std::to_string(seat) + " has two bots");
      c.bots[static_cast<std::size_t>(seat)] = *kind;
    }
  }
  bool person = false;
  for (int s = 0; s < seats; ++s) person = person || c.bots[static_cast<std::size_t>(s)].empty();
  if (!person) bad("a table needs at least one seat for a person (`tonk sim` plays bots alone)");
  c.turn_seconds = int_field(m, "turn_seconds", 0, 0, 600);
  if (c.turn_seconds != 0 && c.turn_seconds < 5) bad("`turn_seconds` must be 0 (no timer) or 5 to 600");
  c.pause_seconds = int_field(m, "pause_seconds", 5, 0, 60);
  c.hands = int_field(m, "hands", 0, 0, 1'000'000);
  c.bot_delay_ms = int_field(m, "bot_delay_ms", 0, 0, kMaxBotDelayMs);
  c.chat_text = bool_field(m, "chat_text");
  c.chat_spectators = bool_field(m, "chat_spectators");
  if (c.rules.big_one_hands > 0 && c.hands == 0) bad("The Big One (V22) needs a planned session length: `hands`");
  return c;
}

}  // namespace tonk::serve
