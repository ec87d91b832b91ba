// The lobby driven in memory, as the protocol fuzz target (tests/fuzz/fuzz_protocol.cc) drives it:
// Lobby::on_message with in-memory clients, a storage of the test's choice (SQLite ":memory:" by
// default), 0 workers (bots and hints on the io_context), and the io_context run by the test: until
// idle, or one handler at a time. Deterministic.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "client.h"
#include "lobby.h"
#include "sqlite_storage.h"

namespace tonk::test {

/// Every message delivered to the clients that share it, in delivery order, with the client's name.
struct Deliveries {
  std::vector<std::pair<std::string, nlohmann::json>> log;
};

class MemoryClient final : public serve::Client {
 public:
  MemoryClient() = default;
  /// A client whose messages are also logged in `all` (which must outlive it) under `name`.
  MemoryClient(std::string name, Deliveries& all) : name_(std::move(name)), all_(&all) {}
  void deliver(std::shared_ptr<const std::string> text) override {
    messages.push_back(nlohmann::json::parse(*text));
    if (all_) all_->log.emplace_back(name_, messages.back());
  }
  /// The last message of type `type` (null when none came).
  nlohmann::json last(const std::string& type) const {
    for (auto it = messages.rbegin(); it != messages.rend(); ++it)
      if ((*it)["type"] == type) return *it;
    return nullptr;
  }
  std::vector<nlohmann::json> messages;

 private:
  std::string name_;
  Deliveries* all_ = nullptr;
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
  /// `client` sends `message`; nothing queued on the io_context runs yet.
  void post(const std::shared_ptr<MemoryClient>& client, const nlohmann::json& message) {
    lobby_->on_message(client, message.dump());
  }
  /// A person's turn at `client`'s seat, posted: draws from the stock, then discards the first card
  /// the engine offers. False when no discard was offered.
  bool play_turn(const std::shared_ptr<MemoryClient>& client) {
    nlohmann::json s = client->last("state");
    post(client, {{"type", "act"}, {"action", "stock"}, {"hand", s["hand"]}, {"seq", s["seq"]}});
    s = client->last("state");
    for (const nlohmann::json& a : s["legal"])
      if (a["kind"] == "discard") {
        post(client, {{"type", "act"}, {"action", a["id"]}, {"hand", s["hand"]}, {"seq", s["seq"]}});
        return true;
      }
    return false;
  }
  /// Runs what the io_context has ready until nothing is (at most 100000 handlers).
  void idle() {
    io_.restart();
    for (int i = 0; i < 100000 && io_.poll_one(); ++i) {
    }
  }
  /// Runs one ready handler; false when none is ready.
  bool step() {
    io_.restart();
    return io_.poll_one() > 0;
  }

 private:
  boost::asio::io_context io_{1};
  std::unique_ptr<serve::Lobby> lobby_;
};

}  // namespace tonk::test
