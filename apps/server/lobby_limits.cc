// The limits against a client that would make the server grow for nothing (docs/PROTOCOL.md
// "Limits"): the tables a connection and an address created that nobody joined yet, and their expiry.
#include <stdexcept>
#include <string>

#include "lobby.h"
#include "server_table.h"
#include "tonk/monte_carlo_bot.h"

namespace tonk::serve {

void Lobby::set_limits(const LobbyLimits& limits) {
  const auto require = [](bool ok, const char* field) {
    if (!ok) throw std::invalid_argument(std::string("LobbyLimits::") + field + " is out of range");
  };
  require(limits.unjoined_per_connection >= 1, "unjoined_per_connection");
  require(limits.unjoined_per_address >= 1, "unjoined_per_address");
  require(limits.unjoined_expiry.count() > 0, "unjoined_expiry");
  require(limits.max_hints >= 1, "max_hints");
  require(limits.max_bot_worlds >= 1 && limits.max_bot_worlds <= SearchBudget::kMaxWorlds, "max_bot_worlds");
  require(limits.hint_worlds >= 1 && limits.hint_worlds <= SearchBudget::kMaxWorlds, "hint_worlds");
  require(limits.quick_wait.count() >= 1, "quick_wait");
  require(limits.quick_asks_per_minute >= 1, "quick_asks_per_minute");
  require(limits.rematch_wait.count() >= 1, "rematch_wait");
  limits_ = limits;
  quick_asks_ = std::make_unique<RequestRate>(limits.quick_asks_per_minute / 60.0, limits.quick_asks_per_minute);
}

void Lobby::check_unjoined(const Client& client) const {
  if (client.unjoined_tables >= limits_.unjoined_per_connection)
    throw ProtocolError("too_many_tables", "this connection created " + std::to_string(client.unjoined_tables) +
                                               " tables nobody joined yet: join one first");
  const auto it = unjoined_by_address_.find(client.address);
  if (it != unjoined_by_address_.end() && it->second >= limits_.unjoined_per_address)
    throw ProtocolError("too_many_tables", "your address created " + std::to_string(it->second) +
                                               " tables nobody joined yet: join one first");
}

void Lobby::count_unjoined(const std::shared_ptr<Client>& creator, ServerTable& table) {
  table.creator = creator;
  table.creator_address = creator->address;
  ++creator->unjoined_tables;
  ++unjoined_by_address_[creator->address];
}

void Lobby::table_joined(ServerTable& table) {
  if (auto c = table.creator.lock()) --c->unjoined_tables;
  if (const auto it = unjoined_by_address_.find(table.creator_address); it != unjoined_by_address_.end())
    if (--it->second <= 0) unjoined_by_address_.erase(it);
  table.creator.reset();
  table.creator_address.clear();
  // Its expiry is moot: freed now, not 10 minutes later (memory in proportion to tables made).
  if (const auto it = expiries_.find(table.code()); it != expiries_.end()) {
    it->second->cancel();
    expiries_.erase(it);
  }
}

void Lobby::arm_expiry(const std::string& code) {
  auto timer = std::make_shared<boost::asio::steady_timer>(io_, limits_.unjoined_expiry);
  expiries_[code] = timer;
  timer->async_wait([this, timer, code](const boost::system::error_code& ec) {
    if (ec) return;
    expiries_.erase(code);
    const auto it = tables_.find(code);
    if (it == tables_.end() || !it->second->never_joined()) return;
    std::shared_ptr<ServerTable> table = it->second;
    table_joined(*table);  // releases its creator's counts
    table->expire();
    tables_.erase(it);
    storage_->drop_table(code);
    flush();
  });
}

}  // namespace tonk::serve
