#include "quick_play.h"

#include <algorithm>
#include <tuple>

#include <nlohmann/json.hpp>

#include "protocol_error.h"
#include "tonk/bot_level.h"
#include "tonk/preset.h"
#include "tonk/rule_options.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

bool is_any(const std::string& s) { return s.size() == 3 && (s[0] | 0x20) == 'a' && (s[1] | 0x20) == 'n' && (s[2] | 0x20) == 'y'; }

const Preset& preset_of(const std::string& name) {
  const Preset* p = find_preset(name);
  if (!p) throw ProtocolError("bad_request", "no preset " + name.substr(0, 32) + " (the `presets` message lists them), nor \"any\"");
  return *p;
}

}  // namespace

QuickAsk read_quick_ask(const std::string& preset, int seats) {
  if (seats != 0 && (seats < 2 || seats > kMaxPlayers))
    throw ProtocolError("bad_request", "`seats` must be 2 to " + std::to_string(kMaxPlayers) + " or \"any\"");
  QuickAsk ask;
  ask.seats = seats;
  if (is_any(preset)) return ask;
  const Preset& p = preset_of(preset);
  if (seats > largest_table(p))
    throw ProtocolError("bad_request", p.name + " seats 2 to " + std::to_string(largest_table(p)) + ", not " + std::to_string(seats));
  ask.preset = p.name;
  return ask;
}

std::string read_quick_level(const std::string& level) {
  if (level.empty()) return kDefaultQuickLevel;
  if (find_bot_level(level)) return level;
  std::string names;
  for (const BotLevel& l : bot_levels()) names += (names.empty() ? "" : ", ") + std::string(l.name);
  throw ProtocolError("bad_request", "`level` must be one of " + names);
}

bool fits(const WaitingTable& table, const QuickAsk& ask) {
  return table.open > 0 && (ask.preset == kAnyPreset || table.preset == ask.preset) && (ask.seats == 0 || table.seats == ask.seats);
}

QuickPick pick_table(std::span<const WaitingTable> waiting, const QuickAsk& ask) {
  const WaitingTable* best = nullptr;
  const auto key = [](const WaitingTable& t) { return std::tie(t.open, t.waiting_since_ms, t.code); };
  for (const WaitingTable& t : waiting)
    if (fits(t, ask) && (!best || key(t) < key(*best))) best = &t;
  if (best) return QuickPick{best->code, best->preset, best->seats};
  const Preset& p = preset_of(ask.preset == kAnyPreset ? "P-STD" : ask.preset);
  return QuickPick{"", p.name, ask.seats != 0 ? ask.seats : std::min(kAnySeats, largest_table(p))};
}

TableConfig quick_table_config(const QuickPick& pick, const std::string& level, std::int64_t wait_ms) {
  const Preset& p = preset_of(pick.preset);
  TableConfig c;
  c.rules = p.rules;
  c.rules.players = pick.seats;
  validate(c.rules);
  c.preset = p.name;
  c.turn_seconds = kQuickTurnSeconds;
  c.bot_delay_ms = kQuickBotDelayMs;
  c.listed = true;
  c.rated = pick.seats >= 2 && pick.seats <= 4;  // the ratings' table sizes (docs/RATINGS.md)
  c.wait_ms = std::max<std::int64_t>(1, wait_ms);
  c.fill_bots = level;
  return c;
}

std::string waiting_entry(const WaitingTable& t) {
  return json{{"table", t.code},         {"preset", t.preset},
              {"seats", t.seats},        {"people", t.people},
              {"open", t.open},          {"waiting_since_ms", t.waiting_since_ms},
              {"bots_at_ms", t.bots_at_ms ? json(*t.bots_at_ms) : json(nullptr)},
              {"level", t.level},        {"rated", t.rated},
              {"names", t.names}}
      .dump();
}

std::optional<WaitingTable> read_waiting_entry(const std::string& entry, const std::string& host) {
  try {
    const json j = json::parse(entry);
    WaitingTable t;
    t.code = j.at("table").get<std::string>();
    t.preset = j.at("preset").get<std::string>();
    t.seats = j.at("seats").get<int>();
    t.people = j.at("people").get<int>();
    t.open = j.at("open").get<int>();
    t.waiting_since_ms = j.at("waiting_since_ms").get<std::int64_t>();
    if (!j.at("bots_at_ms").is_null()) t.bots_at_ms = j.at("bots_at_ms").get<std::int64_t>();
    t.level = j.at("level").get<std::string>();
    t.rated = j.at("rated").get<bool>();
    t.names = j.at("names").get<std::vector<std::string>>();
    t.host = host;
    if (t.code.empty() || t.seats < 2 || t.seats > kMaxPlayers || t.open < 1 || t.open > t.seats) return std::nullopt;
    return t;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

json public_tables_json(std::vector<WaitingTable> waiting, std::int64_t now_ms, std::size_t limit) {
  std::sort(waiting.begin(), waiting.end(), [](const WaitingTable& a, const WaitingTable& b) {
    return std::tie(a.waiting_since_ms, a.code) < std::tie(b.waiting_since_ms, b.code);
  });
  json list = json::array();
  for (std::size_t i = 0; i < waiting.size() && i < limit; ++i) {
    const WaitingTable& t = waiting[i];
    list.push_back({{"table", t.code},
                    {"preset", t.preset},
                    {"seats", t.seats},
                    {"people", t.people},
                    {"open", t.open},
                    {"waited_ms", std::max<std::int64_t>(0, now_ms - t.waiting_since_ms)},
                    {"bots_in_ms", t.bots_at_ms ? json(std::max<std::int64_t>(0, *t.bots_at_ms - now_ms)) : json(nullptr)},
                    {"level", t.level},
                    {"rated", t.rated},
                    {"host", t.host.empty() ? json(nullptr) : json(t.host)}});
  }
  return json{{"type", "tables"}, {"tables", list}, {"total", waiting.size()}};
}

}  // namespace tonk::serve
