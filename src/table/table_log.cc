#include "table_log.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

namespace tonk::serve {

using nlohmann::json;

namespace {

// nlohmann::json's objects are sorted maps: dump() writes the keys in alphabetical order, the order
// every stored log has.
struct Writer {
  json operator()(const SeedEntry& e) const { return {{"k", "seed"}, {"hand", e.hand}, {"seed", e.seed}}; }
  json operator()(const JoinEntry& e) const {
    json j{{"k", "join"}, {"seat", e.seat}, {"name", e.name}, {"token", e.token}};
    if (!e.player.empty()) j["player"] = e.player;  // a seat without identity: the bytes older servers wrote
    return j;
  }
  json operator()(const ContribEntry& e) const {
    return {{"k", "contrib"}, {"hand", e.hand}, {"seat", e.seat}, {"entropy", e.entropy}};
  }
  json operator()(const DealEntry& e) const { return {{"k", "deal"}, {"hand", e.hand}}; }
  json operator()(const ActEntry& e) const {
    return {{"k", "act"}, {"seat", e.seat}, {"action", to_string(e.action)}, {"auto", e.autoplay}};
  }
  json operator()(const TimerEntry& e) const {
    return {{"k", "timer"}, {"hand", e.hand}, {"seq", e.seq}, {"seat", e.seat}, {"until", e.until_ms}};
  }
  json operator()(const AutoEntry& e) const { return {{"k", "auto"}, {"seat", e.seat}, {"on", e.on}}; }
  json operator()(const LeaveEntry& e) const { return with_by({{"k", "leave"}, {"seat", e.seat}}, e.by); }
  // A seat removed by the table's host names the host; a seat its person left has no `by`.
  static json with_by(json j, int by) {
    if (by >= 0) j["by"] = by;
    return j;
  }
  json operator()(const VacateEntry& e) const { return with_by({{"k", "vacate"}, {"seat", e.seat}}, e.by); }
  json operator()(const EndEntry& e) const { return {{"k", "end"}, {"seat", e.seat}}; }
  json operator()(const OverEntry& e) const { return {{"k", "over"}, {"why", e.why}}; }
  json operator()(const WaitEntry& e) const { return {{"k", "wait"}, {"until", e.until_ms}}; }
  json operator()(const FillEntry& e) const { return {{"k", "fill"}, {"kind", e.kind}}; }
  json operator()(const ChatEntry& e) const {
    json j{{"k", "chat"}, {"seat", e.line.seat}, {"at", e.line.at_ms}};
    if (e.line.seat >= 0) j["name"] = e.line.name;
    if (!e.line.phrase.empty()) j["phrase"] = e.line.phrase;
    else j["text"] = e.line.text;
    return j;
  }
};

LogEntry read(const json& e) {
  const std::string k = e.at("k").get<std::string>();
  if (k == "seed") return SeedEntry{e.at("hand").get<int>(), e.at("seed").get<std::string>()};
  if (k == "join")  // older logs: no "player"
    return JoinEntry{e.at("seat").get<int>(), e.at("name").get<std::string>(), e.at("token").get<std::string>(),
                     e.value("player", std::string())};
  if (k == "contrib") return ContribEntry{e.at("hand").get<int>(), e.at("seat").get<int>(), e.at("entropy").get<std::string>()};
  if (k == "deal") return DealEntry{e.at("hand").get<int>()};
  if (k == "act") {
    std::string error;
    const std::optional<Action> a = parse_action(e.at("action").get<std::string>(), &error);
    if (!a) throw std::runtime_error("a logged action does not parse: " + error);
    return ActEntry{e.at("seat").get<int>(), *a, e.value("auto", false)};  // older logs: no "auto"
  }
  if (k == "timer")
    return TimerEntry{e.at("hand").get<int>(), e.at("seq").get<std::size_t>(), e.at("seat").get<int>(),
                      e.at("until").get<std::int64_t>()};
  if (k == "auto") return AutoEntry{e.at("seat").get<int>(), e.at("on").get<bool>()};
  if (k == "leave") return LeaveEntry{e.at("seat").get<int>(), e.value("by", -1)};
  if (k == "vacate") return VacateEntry{e.at("seat").get<int>(), e.value("by", -1)};
  if (k == "end") return EndEntry{e.at("seat").get<int>()};
  if (k == "over") return OverEntry{e.value("why", "")};  // older logs: no reason
  if (k == "wait") return WaitEntry{e.at("until").get<std::int64_t>()};
  if (k == "fill") return FillEntry{e.at("kind").get<std::string>()};
  if (k == "chat") {
    ChatLine line{e.at("seat").get<int>(), e.value("name", ""), e.value("phrase", ""), e.value("text", ""),
                  e.at("at").get<std::int64_t>()};
    if (line.phrase.empty() == line.text.empty()) throw std::runtime_error("a logged chat line needs one of phrase and text");
    return ChatEntry{std::move(line)};
  }
  throw std::runtime_error("unknown log entry " + k);
}

}  // namespace

std::string to_text(const LogEntry& entry) { return std::visit(Writer{}, entry).dump(); }

LogEntry parse_log_entry(const std::string& text) {
  try {
    return read(json::parse(text));
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("a log entry does not read: ") + e.what());
  }
}

}  // namespace tonk::serve
