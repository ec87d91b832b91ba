// The lobby driven in memory, as the protocol fuzz target (tests/fuzz/fuzz_protocol.cc) drives it:
// Lobby::on_message with in-memory clients, a storage of the test's choice (SQLite ":memory:" by
// default), 0 workers (bots on the io_context) and the io_context polled until idle.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "client.h"
#include "lobby.h"
#include "sqlite_storage.h"

namespace tonk::test {

class MemoryClient final : public serve::Client {
 public:
  void deliver(std::shared_ptr<const std::string> text) override { messages.push_back(nlohmann::json::parse(*text)); }
  /// The last message of type `type` (null when none came).
  nlohmann::json last(const std::string& type) const {
    for (auto it = messages.rbegin(); it != messages.rend(); ++it)
      if ((*it)["type"] == type) return *it;
    return nullptr;
  }
  std::vector<nlohmann::json> messages;
};

class MemoryLobby {
 public:
  explicit MemoryLobby(std::unique_ptr<serve::Storage> storage = std::make_unique<serve::SqliteStorage>(":memory:"))
      : lobby_(std::make_unique<serve::Lobby>(io_, std::move(storage), 0)) {}
  serve::Lobby& lobby() { return *lobby_; }
  /// `client` sends `message`; then everything the io_context has to do is done.
  void send(const std::shared_ptr<MemoryClient>& client, const nlohmann::json& message) { send(client, message.dump()); }
  void send(const std::shared_ptr<MemoryClient>& client, const std::string& text) {
    lobby_->on_message(client, text);
    idle();
  }
  /// Runs what the io_context has ready until nothing is.
  void idle() {
    io_.restart();
    while (io_.poll_one()) {
    }
  }

 private:
  boost::asio::io_context io_{1};
  std::unique_ptr<serve::Lobby> lobby_;
};

}  // namespace tonk::test
