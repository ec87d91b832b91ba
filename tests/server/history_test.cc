// The hand so far (docs/PROTOCOL.md `history`): a seat that resumes, and a spectator that arrives,
// are sent every event of the hand exactly as they were (or would have been) sent live: the card
// drawn from the stock in the drawer's rendering only. tests/server/hidden_info_test.cc checks the
// same messages against the engine over thousands of hands.
#include <gtest/gtest.h>

#include <random>

#include "ws_client.h"

namespace tonk::test {
namespace {

// Reads what `c` was sent so far (up to a pong); the events of hand `hand` go into `events`.
void read_events_until_pong(WsClient& c, long long hand, std::vector<json>& events) {
  c.request({{"type", "ping"}});
  while (c.has_pending()) {
    json m = c.next();
    if (m["type"] == "event" && m["hand"] == hand) events.push_back(std::move(m));
  }
}

TEST(ServeHistory, AResumingSeatAndANewSpectatorGetTheHandAsSeenLive) {
  ServerProcess server(":memory:");
  WsClient ann(server.port()), watcher(server.port());
  json created = ann.request({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}, {"pause_seconds", 0}});
  ASSERT_EQ(created["type"], "created");
  const std::string table = created["table"];
  ASSERT_EQ(watcher.request({{"type", "watch"}, {"table", table}})["type"], "watching");
  const json joined = ann.request({{"type", "join"}, {"table", table}, {"name", "Ann"}, {"seat", 0}});
  ASSERT_EQ(joined["type"], "joined");

  std::mt19937_64 rng(11);
  std::map<long long, std::vector<json>> ann_events;
  json state;
  for (;;) {
    json m = ann.next();
    if (m["type"] == "event") ann_events[m["hand"]].push_back(m);
    if (m["type"] != "state" || m["legal"].empty()) continue;
    state = m;
    if (m["seq"].get<int>() >= 6) break;  // Ann to move, six actions into the hand: stop here
    std::vector<std::string> ids;  // Ann draws from the stock whenever she may (her draws are hidden from others)
    for (const json& a : m["legal"])
      if (a["id"] != "drop") ids.push_back(a["id"]);
    bool stock = false;
    for (const json& a : m["legal"]) stock = stock || a["id"] == "stock";
    const std::string id = stock ? "stock" : ids.empty() ? m["legal"][0]["id"].get<std::string>() : ids[rng() % ids.size()];
    ann.send({{"type", "act"}, {"action", id}, {"hand", m["hand"]}, {"seq", m["seq"]}});
  }
  const long long hand = state["hand"];
  const std::vector<json>& live = ann_events[hand];
  std::vector<json> watched;
  read_events_until_pong(watcher, hand, watched);
  ASSERT_EQ(live.size(), static_cast<std::size_t>(state["seq"].get<int>() + 1)) << "the deal and every action";
  ASSERT_EQ(watched.size(), live.size());

  // Ann reloads: a new connection resumes her seat and gets joined, state, then the history.
  WsClient again(server.port());
  ASSERT_EQ(again.request({{"type", "resume"}, {"token", joined["token"]}})["type"], "joined");
  EXPECT_EQ(again.next()["type"], "state");
  json history = again.next();
  ASSERT_EQ(history["type"], "history") << history.dump();
  EXPECT_EQ(history["table"], table);
  EXPECT_EQ(history["hand"], hand);
  EXPECT_EQ(history["seq"], state["seq"]);
  EXPECT_EQ(history["events"], json(live)) << "the history is what Ann saw live";
  int own_draws = 0, bot_draws = 0;
  for (const json& e : history["events"]) {
    if (e["action"] != "stock") continue;
    if (e["actor"] == 0) {
      ++own_draws;
      EXPECT_TRUE(e["drawn"].is_string()) << "Ann's own draw names its card to her: " << e.dump();
    } else {
      ++bot_draws;
      EXPECT_TRUE(e["drawn"].is_null()) << "the bot's draw is hidden from Ann: " << e.dump();
    }
  }
  EXPECT_GE(own_draws, 1);
  // Each action's event names it in the structured form of `legal` too (null at the deal).
  for (const json& e : history["events"]) {
    if (e["action"].is_null()) {
      EXPECT_TRUE(e["move"].is_null()) << e.dump();
      continue;
    }
    EXPECT_EQ(e["move"]["id"], e["action"]) << e.dump();
    EXPECT_TRUE(e["move"]["kind"].is_string() && e["move"]["cards"].is_array()) << e.dump();
  }
  // The same again on a connection already holding the seat (`resume` repeated).
  ASSERT_EQ(ann.request({{"type", "resume"}, {"token", joined["token"]}})["type"], "joined");
  EXPECT_EQ(ann.next_of("history")["events"], json(live));

  // A spectator arriving now gets the public rendering: what the first spectator saw live.
  WsClient late(server.port());
  ASSERT_EQ(late.request({{"type", "watch"}, {"table", table}})["type"], "watching");
  EXPECT_EQ(late.next()["type"], "state");
  history = late.next();
  ASSERT_EQ(history["type"], "history");
  EXPECT_EQ(history["events"], json(watched));
  for (const json& e : history["events"]) EXPECT_TRUE(e["drawn"].is_null()) << e.dump();
  EXPECT_EQ(late.request({{"type", "watch"}, {"table", table}})["type"], "watching");  // repeated: the same again
  EXPECT_EQ(late.next_of("history")["events"], json(watched));
  std::cout << own_draws << " draws by Ann, " << bot_draws << " by the bot in the history\n";
}

// Before the first deal there is no hand: no history is sent.
TEST(ServeHistory, NoHistoryBeforeTheFirstDeal) {
  ServerProcess server(":memory:");
  WsClient ann(server.port());
  const json created = ann.request({{"type", "create"}, {"seats", 2}});
  ASSERT_EQ(ann.request({{"type", "join"}, {"table", created["table"]}, {"name", "Ann"}})["type"], "joined");
  EXPECT_EQ(ann.next()["type"], "state");
  EXPECT_EQ(ann.request({{"type", "ping"}})["type"], "pong");
  while (ann.has_pending()) EXPECT_NE(ann.next()["type"], "history");
}

}  // namespace
}  // namespace tonk::test
