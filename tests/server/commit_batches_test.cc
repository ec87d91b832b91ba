// The storage's commits off the I/O thread (commit_queue.h): with a storage that takes 50 ms per
// commit, the moves of other tables made while one table's commit is in flight are acknowledged by
// the next batch, all of them together (group commit), and no table's message reaches a client before
// the commit holding what it tells about returned. A commit that fails stops the server with nothing
// of its batch sent. The lobby runs with a commit thread (1 worker), its io_context on the test's
// thread; the order of batches is what is checked, never the wall clock.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "client.h"
#include "lobby.h"
#include "slow_commits.h"
#include "sqlite_storage.h"

namespace tonk::test {
namespace {

using nlohmann::json;

// Every `acted` a table's clients got so far, shared by the clients of one lobby.
struct Acks {
  std::map<std::string, long long> by_table;
};

// A client that checks, as each `acted` arrives, that the storage had committed the action.
class CheckedClient final : public serve::Client {
 public:
  CheckedClient(const SlowCommits& storage, Acks& acks) : storage_(storage), acks_(acks) {}
  void deliver(std::shared_ptr<const std::string> text) override {
    json m = json::parse(*text);
    if (m["type"] == "acted") {
      const long long k = ++acks_.by_table[following.table];
      EXPECT_GE(storage_.committed_acts(following.table), k) << "an `acted` of " << following.table << " before its commit returned";
      acted_at_commit = storage_.commits();
    }
    messages.push_back(std::move(m));
  }
  json last(const std::string& type) const {
    for (auto it = messages.rbegin(); it != messages.rend(); ++it)
      if ((*it)["type"] == type) return *it;
    return nullptr;
  }
  std::vector<json> messages;
  long long acted_at_commit = -1;  // commits returned when the last `acted` arrived

 private:
  const SlowCommits& storage_;
  Acks& acks_;
};

class SlowCommitLobby {
 public:
  SlowCommitLobby() {
    auto storage = std::make_unique<SlowCommits>(std::make_shared<serve::SqliteStorage>(":memory:"), std::chrono::milliseconds(50));
    storage_ = storage.get();
    lobby_ = std::make_unique<serve::Lobby>(io_, std::move(storage), 1);  // 1 worker: commits on their own thread
  }
  serve::Lobby& lobby() { return *lobby_; }
  const SlowCommits& storage() const { return *storage_; }
  SlowCommits& storage() { return *storage_; }
  std::shared_ptr<CheckedClient> client() { return std::make_shared<CheckedClient>(*storage_, acks_); }
  /// Runs the io_context until `done` (at most 10 s: a hang fails the test).
  bool run_until(const std::function<bool()>& done) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!done()) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      io_.restart();
      io_.run_one_for(std::chrono::milliseconds(5));
    }
    return true;
  }
  /// Sends `m` and runs until `c` gets a message of type `type` more than it had.
  json request(const std::shared_ptr<CheckedClient>& c, const json& m, const std::string& type) {
    const std::size_t before = c->messages.size();
    lobby_->on_message(c, m.dump());
    json reply;
    run_until([&] {
      for (std::size_t i = before; i < c->messages.size(); ++i)
        if (c->messages[i]["type"] == type) return (reply = c->messages[i]), true;
      return false;
    });
    return reply;
  }

 private:
  boost::asio::io_context io_{1};
  SlowCommits* storage_ = nullptr;
  Acks acks_;
  std::unique_ptr<serve::Lobby> lobby_;
};

// A table of two people, dealt: the client of its seat to move first, and the other one.
struct Dealt {
  std::string table;
  std::shared_ptr<CheckedClient> mover, other;
};

Dealt deal_table(SlowCommitLobby& s) {
  auto a = s.client(), b = s.client();
  const json created = s.request(a, {{"type", "create"}, {"seats", 2}, {"pause_seconds", 0}}, "created");
  const std::string table = created.value("table", "");
  EXPECT_FALSE(table.empty()) << created.dump();
  s.request(a, {{"type", "join"}, {"table", table}, {"name", "Ann"}, {"seat", 0}}, "joined");
  s.request(b, {{"type", "join"}, {"table", table}, {"name", "Bo"}, {"seat", 1}}, "joined");
  std::shared_ptr<CheckedClient> mover;
  EXPECT_TRUE(s.run_until([&] {
    for (const auto& c : {a, b})
      if (const json st = c->last("state"); !st.is_null() && st["status"] == "playing" && !st["legal"].empty()) mover = c;
    return mover != nullptr;
  }));
  return {table, mover, mover == a ? b : a};
}

json first_act(const std::shared_ptr<CheckedClient>& c) {
  const json st = c->last("state");
  return {{"type", "act"}, {"action", st["legal"][0]["id"]}, {"hand", st["hand"]}, {"seq", st["seq"]}};
}

TEST(CommitBatches, OtherTablesMovesWaitForAtMostTheCommitInFlightThenShareOneBatch) {
  SlowCommitLobby s;
  std::vector<Dealt> tables;
  for (int i = 0; i < 4; ++i) tables.push_back(deal_table(s));
  ASSERT_TRUE(s.run_until([&] { return !s.lobby().storage().pending(); }));
  // Settle: every batch so far returned (an empty round trip through the queue).
  s.request(tables[0].mover, {{"type", "ping"}}, "pong");
  const long long before = s.storage().commits();

  // Table 0 moves: its batch goes to the commit thread (50 ms). The other three move while it is in
  // flight: the I/O thread takes them at once (nothing is acknowledged yet, nothing waited for).
  for (const Dealt& t : tables) s.lobby().on_message(t.mover, first_act(t.mover).dump());
  for (const Dealt& t : tables) EXPECT_TRUE(t.mover->last("acted").is_null()) << "acknowledged before its commit";
  ASSERT_TRUE(s.run_until([&] {
    for (const Dealt& t : tables)
      if (t.mover->last("acted").is_null()) return false;
    return true;
  }));
  // Table 0's move is acknowledged by the first batch; the three others by the second, together: no
  // move waited behind more than the one commit in flight when it came.
  EXPECT_EQ(tables[0].mover->acted_at_commit, before + 1);
  for (std::size_t i = 1; i < tables.size(); ++i) EXPECT_EQ(tables[i].mover->acted_at_commit, before + 2) << "table " << i;
  EXPECT_EQ(s.storage().commits(), before + 2);
  EXPECT_EQ(s.lobby().storage().batches(), static_cast<std::uint64_t>(s.storage().commits()));
}

TEST(CommitBatches, AClientsMessagesKeepTheirOrderAcrossBatches) {
  SlowCommitLobby s;
  const Dealt t = deal_table(s);
  // A ping sent while the act's batch is in flight is answered after the act's messages, not before.
  const std::size_t from = t.mover->messages.size();
  s.lobby().on_message(t.mover, first_act(t.mover).dump());
  s.lobby().on_message(t.mover, json{{"type", "ping"}, {"id", 7}}.dump());
  ASSERT_TRUE(s.run_until([&] { return !t.mover->last("pong").is_null(); }));
  std::vector<std::string> types;
  for (std::size_t i = from; i < t.mover->messages.size(); ++i) types.push_back(t.mover->messages[i]["type"]);
  ASSERT_GE(types.size(), 2u);
  EXPECT_EQ(types.back(), "pong");
  EXPECT_EQ(types[types.size() - 2], "acted");
}

TEST(CommitBatchesDeathTest, AFailedCommitStopsTheServerWithNothingOfItsBatchSent) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        SlowCommitLobby s;
        const Dealt t = deal_table(s);
        s.request(t.mover, {{"type", "ping"}}, "pong");
        const std::size_t sent = t.mover->messages.size();
        s.storage().fail_next_commit();
        s.lobby().on_message(t.mover, first_act(t.mover).dump());
        s.run_until([&] { return t.mover->messages.size() > sent; });
        std::_Exit(4);  // a message of the failed batch arrived, or the server went on
      },
      testing::ExitedWithCode(3), "storage failed, stopping");
}

}  // namespace
}  // namespace tonk::test
