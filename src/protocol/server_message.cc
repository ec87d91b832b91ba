#include "server_message.h"

namespace tonk::serve::out {

using nlohmann::json;

namespace {

json with_re(json m, RequestId re) {
  if (re) m["re"] = *re;
  return m;
}

}  // namespace

json pong(RequestId re) { return with_re({{"type", "pong"}}, re); }

json created(const std::string& table, RequestId re) {
  return with_re({{"type", "created"}, {"table", table}, {"link", "/#/t/" + table}}, re);
}

json joined(const std::string& table, int seat, const std::string& token, RequestId re) {
  return with_re({{"type", "joined"}, {"table", table}, {"seat", seat}, {"token", token}}, re);
}

json watching(const std::string& table, RequestId re) { return with_re({{"type", "watching"}, {"table", table}}, re); }

json record(int hand, const std::string& text, RequestId re) {
  return with_re({{"type", "record"}, {"hand", hand}, {"text", text}}, re);
}

json acted(std::int64_t hand, std::int64_t seq, RequestId re) {
  return with_re({{"type", "acted"}, {"hand", hand}, {"seq", seq}}, re);
}

json contributed(int hand, bool repeat, RequestId re) {
  json m{{"type", "contributed"}, {"hand", hand}};
  if (repeat) m["repeat"] = true;
  return with_re(std::move(m), re);
}

json left(RequestId re) { return with_re({{"type", "left"}}, re); }

json rematch_offer(const std::string& table, const std::string& rematch, std::int64_t until_ms,
                   const std::vector<RematchSeat>& seats) {
  json list = json::array();
  for (const RematchSeat& s : seats) list.push_back({{"seat", s.seat}, {"name", s.name}, {"answer", s.answer}});
  return {{"type", "rematch_offer"}, {"table", table}, {"rematch", rematch}, {"until_ms", until_ms}, {"seats", std::move(list)}};
}

json done(RequestId re) { return with_re({{"type", "done"}}, re); }

json error(const std::string& code, const std::string& message, const std::string& rule_id, RequestId re) {
  json m{{"type", "error"}, {"code", code}, {"message", message}};
  if (!rule_id.empty()) m["rule_id"] = rule_id;
  return with_re(std::move(m), re);
}

json error(const ProtocolError& e, RequestId re) { return error(e.code(), e.what(), e.rule_id(), re); }

json welcome(int protocol, std::string_view version) {
  return {{"type", "welcome"}, {"protocol", protocol}, {"server", "tonk " + std::string(version)}};
}

json hint(int hand, std::size_t seq, json actions, RequestId re) {
  return with_re({{"type", "hint"}, {"hand", hand}, {"seq", seq}, {"actions", std::move(actions)}}, re);
}

json table_over(const std::string& table, json ledger, json abandoned, std::string_view reason) {
  json m{{"type", "table_over"}, {"table", table}, {"ledger", std::move(ledger)}};
  if (!abandoned.is_null()) m["abandoned"] = std::move(abandoned);
  if (!reason.empty()) m["reason"] = reason;
  return m;
}

json seat_lost(const std::string& table, int seat, std::string_view reason) {
  return {{"type", "seat_lost"}, {"table", table}, {"seat", seat}, {"reason", reason}};
}

json audience(const std::string& table, int watching) {
  return {{"type", "audience"}, {"table", table}, {"watching", watching}};
}

}  // namespace tonk::serve::out
