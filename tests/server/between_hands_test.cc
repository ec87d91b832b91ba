// Between hands (docs/PROTOCOL.md "Between hands", `state.next_hand_ms`, `state.waiting_for`) and the
// spectators' count (`state.watching`, `audience`).
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>

#include "ws_client.h"

namespace tonk::test {
namespace {

// Plays random listed moves for the seat `c` holds until a hand is over; returns the first `state`
// between hands (status "between").
json play_to_between(WsClient& c, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  long long acted_hand = -1, acted_seq = -1;
  for (;;) {
    const json m = c.next();
    if (m["type"] != "state") continue;
    if (m["status"] == "between") return m;
    if (!m["legal"].empty() && (m["hand"] != acted_hand || m["seq"] != acted_seq)) {
      acted_hand = m["hand"];
      acted_seq = m["seq"];
      const json& legal = m["legal"];
      c.send({{"type", "act"}, {"action", legal[rng() % legal.size()]["id"]}, {"hand", acted_hand}, {"seq", acted_seq}});
    }
  }
}

TEST(ServeBetweenHands, TheCountdownAndTheSeatsWaitedOnAreSent) {
  ServerProcess server(":memory:");
  WsClient ann(server.port()), bo(server.port());
  const json created = ann.request({{"type", "create"}, {"seats", 2}, {"pause_seconds", 30}});
  const std::string table = created["table"];
  ASSERT_EQ(ann.request({{"type", "join"}, {"table", table}, {"name", "Ann"}, {"seat", 0}})["type"], "joined");
  ASSERT_EQ(bo.request({{"type", "join"}, {"table", table}, {"name", "Bo"}, {"seat", 1}})["type"], "joined");
  json a, b;
  std::thread other([&] { b = play_to_between(bo, 2); });
  a = play_to_between(ann, 1);
  other.join();
  ASSERT_EQ(a["hand"], b["hand"]);
  // A hand in play counts nothing down and waits on nobody for Next hand; between hands, both.
  for (const json& s : {a, b}) {
    ASSERT_TRUE(s["next_hand_ms"].is_number()) << s.dump();
    EXPECT_GT(s["next_hand_ms"].get<long long>(), 0);
    EXPECT_LE(s["next_hand_ms"].get<long long>(), 30000);
    EXPECT_EQ(s["waiting_for"], json::array({0, 1}));
    EXPECT_TRUE(s["thinking"].is_null());
  }
  const long long first = a["next_hand_ms"];
  // Ann is ready: the table waits on Bo alone, and the countdown runs on (a `ready` does not
  // restart it: at least the 50 ms slept have gone).
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ann.send({{"type", "ready"}});
  json s;
  do s = bo.next_of("state");
  while (s["waiting_for"] != json::array({1}));
  EXPECT_TRUE(s["next_hand_ms"].is_number());
  EXPECT_LE(s["next_hand_ms"].get<long long>(), first - 50) << "the countdown restarted";
  // Bo too: the next hand is dealt at once; in play nothing is counted down or waited on.
  bo.send({{"type", "ready"}});
  do s = bo.next_of("state");
  while (s["hand"] == a["hand"]);
  EXPECT_TRUE(s["next_hand_ms"].is_null()) << s.dump();
  EXPECT_EQ(s["waiting_for"], json::array());
}

TEST(ServeBetweenHands, PlayersAreToldHowManyWatch) {
  ServerProcess server(":memory:");
  WsClient ann(server.port());
  const json created = ann.request({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}});
  ASSERT_EQ(ann.request({{"type", "join"}, {"table", created["table"]}, {"name", "Ann"}})["type"], "joined");
  EXPECT_EQ(ann.next_of("state")["watching"], 0);
  auto watch = [&] {
    auto c = std::make_unique<WsClient>(server.port());
    EXPECT_EQ(c->request({{"type", "watch"}, {"table", created["table"]}})["type"], "watching");
    EXPECT_EQ(c->next_of("state")["watching"], 1) << "a spectator's own state counts it";
    return c;
  };
  {
    auto one = watch();
    json m;
    do m = ann.next_of("audience");
    while (m["watching"] != 1);
    EXPECT_EQ(m["table"], created["table"]);
  }
  json m;
  do m = ann.next_of("audience");
  while (m["watching"] != 0);
}

}  // namespace
}  // namespace tonk::test
