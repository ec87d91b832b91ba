// What the lobby serves of tables that ended or that it does not host: a finished hand's record
// (`record`, GET /records/CODE/N) and the final state an ended table is watched with, both read from
// the storage, one row each, never a log replayed.
#include <string>

#include "lobby.h"
#include "server_table.h"
#include "table_code.h"

namespace tonk::serve {

using nlohmann::json;

std::optional<std::string> Lobby::record_text(const std::string& code, int hand) {
  if (auto t = find(code)) return t->hand_record(hand);
  // Not hosted here: an ended table, or a table another server of a shared database hosts.
  if (!is_table_code_form(code)) return std::nullopt;
  if (hand < 1) return std::nullopt;
  return storage_->read_record(code, hand);
}

void Lobby::watch_ended(const std::shared_ptr<Client>& client, const std::string& code, out::RequestId re) {
  const auto not_found = [&] { return ProtocolError("not_found", "no table " + code.substr(0, 16)); };
  if (!is_table_code_form(code)) throw not_found();
  std::optional<EndedTable> ended = storage_->read_ended(code);
  if (!ended || ended->final_state.empty()) throw not_found();
  json state = json::parse(ended->final_state);
  follow(client, code, -1);
  send(client, out::watching(code, re));
  json ledger = state.value("ledger", json(nullptr));
  send(client, std::make_shared<const std::string>(std::move(ended->final_state)));
  send(client, out::table_over(code, std::move(ledger)));
}

}  // namespace tonk::serve
