// The worker pool shared fairly between tables (docs/PROTOCOL.md "The worker pool"): a table's bot
// waits behind at most one job of each other table, whatever that table asks for; hints of other
// tables never make a seat's hint `busy`; a bot's search is bounded by the host's ceiling.
// Deterministic: the lobby runs with 0 workers (jobs on the io_context, one worker) and the
// io_context is stepped one handler at a time, so the order of the jobs is read from the order of
// the replies they cause, never from a clock.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "fair_scheduler.h"
#include "memory_lobby.h"
#include "table_config.h"

namespace tonk::test {
namespace {

using nlohmann::json;

using Client = std::shared_ptr<MemoryClient>;

// The lobby and one log of every message its clients got.
struct Logged {
  MemoryLobby lobby;
  Deliveries all;
  Client client(const std::string& name) { return std::make_shared<MemoryClient>(name, all); }
};

Client mover(const std::vector<Client>& seats) {
  const int to_move = seats[0]->last("state")["to_move"];
  return seats[static_cast<std::size_t>(to_move)];
}

// A table of `n` persons, dealt, with pause 0 and `bots` (seat -> kind) for the other seats.
std::vector<Client> seated(Logged& logged, const std::string& prefix, int seats, json bots = json::array()) {
  MemoryLobby& lobby = logged.lobby;
  auto host = logged.client(prefix + "-host");
  lobby.post(host, {{"type", "create"}, {"seats", seats}, {"pause_seconds", 0}, {"bots", bots}});
  const std::string code = host->last("created")["table"];
  std::vector<Client> people;
  for (int s = 0; s < seats - static_cast<int>(bots.size()); ++s) {
    people.push_back(logged.client(prefix + std::to_string(s)));
    lobby.post(people.back(), {{"type", "join"}, {"table", code}, {"name", prefix + "p" + std::to_string(s)}, {"seat", s}});
  }
  lobby.idle();
  return people;
}

TEST(ServeFairShare, ATablesBotWaitsForAtMostOneJobOfABusierTable) {
  Logged logged;
  MemoryLobby& lobby = logged.lobby;
  // Table B: a person and a bot; settled on the person's turn.
  auto b = seated(logged, "B", 2, json::array({{{"seat", 1}, {"kind", "greedy"}}}));
  ASSERT_EQ(b[0]->last("state")["to_move"], 0) << b[0]->last("state").dump();
  // Table A: four persons; three in turn ask for a hint and play, so three hints of A wait.
  auto a = seated(logged, "A", 4);
  for (int id = 1; id <= 3; ++id) {
    auto m = mover(a);
    lobby.post(m, {{"type", "hint"}, {"id", id}});
    EXPECT_TRUE(lobby.play_turn(m)) << m->last("state").dump();
  }
  // Then B's person plays: B's bot is asked for a move behind A's three hints.
  EXPECT_TRUE(lobby.play_turn(b[0])) << b[0]->last("state").dump();
  const std::size_t from = logged.all.log.size();
  for (int i = 0; i < 10000 && lobby.step(); ++i) {
  }
  int hints_before_bot = -1;
  int hints = 0;
  for (std::size_t i = from; i < logged.all.log.size(); ++i) {
    const auto& [who, m] = logged.all.log[i];
    if (who[0] == 'A' && m.contains("re")) ++hints;  // a hint or `stale`: one job of table A done
    if (who == "B0" && m["type"] == "event" && m["actor"] == 1 && hints_before_bot < 0) hints_before_bot = hints;
  }
  EXPECT_EQ(hints, 3);
  ASSERT_GE(hints_before_bot, 0) << "B's bot never moved";
  EXPECT_LE(hints_before_bot, 1) << "B's bot waited for " << hints_before_bot << " of table A's jobs";
}

TEST(ServeFairShare, OtherTablesHintsNeverMakeASeatsHintBusy) {
  Logged logged;
  MemoryLobby& lobby = logged.lobby;
  std::vector<std::vector<Client>> tables;
  for (int t = 0; t < 6; ++t) tables.push_back(seated(logged, "T" + std::to_string(t), 2));
  // Six seats to move at six tables ask at once, before any hint is computed.
  for (auto& t : tables) lobby.post(mover(t), {{"type", "hint"}, {"id", 7}});
  lobby.idle();
  for (auto& t : tables) {
    bool answered = false;
    for (const json& m : mover(t)->messages)
      if (m.value("re", json()) == 7) {
        EXPECT_EQ(m["type"], "hint") << m.dump();
        answered = true;
      }
    EXPECT_TRUE(answered);
  }
}

TEST(ServeFairShare, TheHostsCeilingBoundsABotsSearch) {
  MemoryLobby lobby;
  serve::LobbyLimits limits;
  limits.max_bot_worlds = 300;
  lobby.lobby().set_limits(limits);
  auto host = std::make_shared<MemoryClient>();
  lobby.post(host, {{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "mc:301"}}}}});
  const json refused = host->last("error");
  ASSERT_FALSE(refused.is_null());
  EXPECT_EQ(refused["code"], "bad_request");
  EXPECT_NE(refused["message"].get<std::string>().find("1 to 300 worlds"), std::string::npos) << refused.dump();
  lobby.post(host, {{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "mc:300"}}}}});
  EXPECT_FALSE(host->last("created").is_null());
  // A stored table's bot above a ceiling lowered since searches at the ceiling.
  EXPECT_EQ(serve::bot_kind_within("mc:2000", 300), "mc:300");
  EXPECT_EQ(serve::bot_kind_within("mc", 50), "mc:50");
  EXPECT_EQ(serve::bot_kind_within("mc", 100), "mc");
  EXPECT_EQ(serve::bot_kind_within("mc:20", 300), "mc:20");
  EXPECT_EQ(serve::bot_kind_within("greedy", 1), "greedy");
  limits.max_bot_worlds = 0;
  EXPECT_THROW(lobby.lobby().set_limits(limits), std::invalid_argument);
}

// The scheduler alone, its workers a queue the test runs by hand.
TEST(ServeFairShare, TheSchedulerServesTablesInTurn) {
  for (int workers : {1, 2}) {
    std::vector<std::function<void()>> started;
    serve::FairScheduler scheduler([&](std::function<void()> pump) { started.push_back(std::move(pump)); }, workers);
    std::string order;
    for (int i = 0; i < 4; ++i) scheduler.post("A", [&] { order += 'A'; });
    scheduler.post("B", [&] { order += 'B'; });
    scheduler.post("C", [&] { order += 'C'; });
    scheduler.post("A", [&] { throw std::runtime_error("a failing job"); });  // reported; the queue goes on
    scheduler.post("B", [&] { order += 'B'; });
    EXPECT_EQ(started.size(), static_cast<std::size_t>(workers));
    EXPECT_EQ(scheduler.waiting(), 8u);
    for (std::size_t i = 0; i < started.size() && i < 100; ++i) started[i]();
    EXPECT_EQ(order, "ABCABAA") << workers << " workers";
    EXPECT_EQ(scheduler.waiting(), 0u);
  }
}

}  // namespace
}  // namespace tonk::test
