// A table's pace for its bots (docs/PROTOCOL.md `create` `bot_delay_ms`, `state.thinking`): a paced
// bot's move is released no sooner than its delay, the thinking seat is announced before it, pace 0
// plays at once, and a paced bot delays neither a person nor another table. Timing is checked by the
// order of messages and by lower bounds on elapsed time only, except where said.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <random>

#include "ws_client.h"

namespace tonk::test {
namespace {

using Clock = std::chrono::steady_clock;

long long ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

std::string create_table(WsClient& c, json fields) {
  fields["type"] = "create";
  const json r = c.request(fields);
  EXPECT_EQ(r["type"], "created") << r.dump();
  return r.value("table", "");
}

// A random listed action other than `drop`, so that hands last a few turns.
std::string pick(const json& legal, std::mt19937_64& rng) {
  std::vector<std::string> ids;
  for (const json& a : legal)
    if (a["id"] != "drop") ids.push_back(a["id"]);
  if (ids.empty()) return legal[0]["id"];
  return ids[std::uniform_int_distribution<std::size_t>(0, ids.size() - 1)(rng)];
}

TEST(ServePacing, CreateTakesABotDelayFromZeroToFiveSeconds) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  for (const json& bad : {json(-1), json(5001), json("fast"), json(0.5)}) {
    const json r = c.request({{"type", "create"}, {"seats", 2}, {"bot_delay_ms", bad}});
    EXPECT_EQ(r["code"], "bad_request") << bad.dump();
    EXPECT_NE(r["message"].get<std::string>().find("`bot_delay_ms`"), std::string::npos) << r.dump();
  }
  for (const json& good : {json(0), json(700), json(5000), json(nullptr)})
    EXPECT_EQ(c.request({{"type", "create"}, {"seats", 2}, {"bot_delay_ms", good}})["type"], "created") << good.dump();
}

// Every bot move comes after a state naming its seat as thinking at the position it answers, and
// k bot moves in a row after the client's last message take at least k delays.
TEST(ServePacing, APacedBotMovesNoSoonerThanItsDelayAndIsAnnouncedFirst) {
  constexpr long long kDelay = 250;
  ServerProcess server(":memory:");
  WsClient ann(server.port());
  const std::string table =
      create_table(ann, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}, {"pause_seconds", 0}, {"bot_delay_ms", kDelay}});
  Clock::time_point sent = Clock::now();
  ASSERT_EQ(ann.request({{"type", "join"}, {"table", table}, {"name", "Ann"}, {"seat", 0}})["type"], "joined");
  std::mt19937_64 rng(5);
  json last_state;
  int bot_moves = 0, since_sent = 0, thinking_states = 0;
  long long acted_hand = -1, acted_seq = -1;
  while (bot_moves < 8) {
    const json m = ann.next();
    const std::string type = m.value("type", "");
    if (type == "state") {
      last_state = m;
      if (!m["thinking"].is_null()) {
        ++thinking_states;
        EXPECT_EQ(m["thinking"], 1) << m.dump();
        EXPECT_EQ(m["thinking"], m["to_move"]) << "only the seat to move thinks";
      }
      if (!m["legal"].empty() && (m["hand"] != acted_hand || m["seq"] != acted_seq)) {
        EXPECT_TRUE(m["thinking"].is_null()) << "a person's turn is no bot's";
        acted_hand = m["hand"];
        acted_seq = m["seq"];
        sent = Clock::now();
        since_sent = 0;
        ann.send({{"type", "act"}, {"action", pick(m["legal"], rng)}, {"hand", acted_hand}, {"seq", acted_seq}});
      }
    } else if (type == "event" && m["actor"] == 1 && !m["action"].is_null()) {
      ++bot_moves;
      ++since_sent;
      ASSERT_FALSE(last_state.is_null());
      EXPECT_EQ(last_state["thinking"], 1) << "the bot's move came without its seat announced as thinking";
      EXPECT_EQ(last_state["hand"], m["hand"]);
      EXPECT_EQ(last_state["seq"].get<long long>() + 1, m["seq"].get<long long>()) << "announced at the position it answers";
      EXPECT_GE(ms_since(sent), since_sent * kDelay) << "bot move " << bot_moves << ", " << since_sent << " since Ann's last message";
    }
  }
  EXPECT_GE(thinking_states, bot_moves);
}

// With no `bot_delay_ms` (0) the bot's moves are released as soon as they are chosen, and the
// thinking seat is still announced. While a bot waits out a 5 s pace at one table, a person and an
// unpaced bot at another play several moves, and the paced table's Ann is answered at once too.
// The one upper bound: those few loopback round trips take less than the 5 s pace.
TEST(ServePacing, APacedBotDelaysNeitherAPersonNorAnotherTable) {
  constexpr long long kSlow = 5000;
  ServerProcess server(":memory:");
  WsClient ann(server.port()), bo(server.port());
  const std::string slow =
      create_table(ann, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}, {"pause_seconds", 0}, {"bot_delay_ms", kSlow}});
  const std::string fast = create_table(bo, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}, {"pause_seconds", 0}});
  std::mt19937_64 rng(9);

  // Ann plays until her table's bot thinks.
  Clock::time_point ann_sent = Clock::now();
  ASSERT_EQ(ann.request({{"type", "join"}, {"table", slow}, {"name", "Ann"}, {"seat", 0}})["type"], "joined");
  json waiting;
  long long acted_hand = -1, acted_seq = -1;
  while (waiting.is_null()) {
    const json m = ann.next_of("state");
    if (m["thinking"] == 1) {
      waiting = m;
    } else if (!m["legal"].empty() && (m["hand"] != acted_hand || m["seq"] != acted_seq)) {
      acted_hand = m["hand"];
      acted_seq = m["seq"];
      ann_sent = Clock::now();
      ann.send({{"type", "act"}, {"action", pick(m["legal"], rng)}, {"hand", acted_hand}, {"seq", acted_seq}});
    }
  }

  // Meanwhile Bo plays three moves at the unpaced table, and its bot answers each at once.
  ASSERT_EQ(bo.request({{"type", "join"}, {"table", fast}, {"name", "Bo"}, {"seat", 0}})["type"], "joined");
  int bo_moves = 0, bot_moves = 0, thinking_seen = 0;
  acted_hand = acted_seq = -1;
  while (bo_moves < 3 || bot_moves < 2) {
    const json m = bo.next();
    if (m["type"] == "state") {
      if (m["thinking"] == 1) ++thinking_seen;
      if (!m["legal"].empty() && (m["hand"] != acted_hand || m["seq"] != acted_seq)) {
        acted_hand = m["hand"];
        acted_seq = m["seq"];
        const json r = bo.request({{"type", "act"}, {"action", pick(m["legal"], rng)}, {"hand", acted_hand}, {"seq", acted_seq}});
        EXPECT_EQ(r["type"], "acted") << r.dump();
        ++bo_moves;
      }
    } else if (m["type"] == "event" && m["actor"] == 1 && !m["action"].is_null()) {
      ++bot_moves;
    }
  }
  EXPECT_GE(thinking_seen, 1) << "an unpaced bot is announced too";

  // Ann's table has not moved on: its bot still waits out its pace, and Ann is answered meanwhile.
  EXPECT_EQ(ann.request({{"type", "ping"}})["type"], "pong");
  EXPECT_EQ(ann.request({{"type", "hint"}})["code"], "illegal") << "not Ann's turn";
  bool moved = false;
  while (ann.has_pending()) {
    const json m = ann.next();
    if (m["type"] == "event") moved = true;
  }
  EXPECT_FALSE(moved) << "the paced bot moved before Bo's table had played (5 s)";
  const json event = ann.next_of("event");
  EXPECT_EQ(event["actor"], 1);
  EXPECT_EQ(event["seq"].get<long long>(), waiting["seq"].get<long long>() + 1);
  EXPECT_GE(ms_since(ann_sent), kSlow);
}

// The pace is the table's, stored with it: after a restart (kill -9) the bot waiting at the kill
// is announced as thinking again and still moves no sooner than the pace after the restart began.
TEST(ServePacing, ThePaceIsKeptAcrossARestart) {
  constexpr long long kPace = 3000;
  const std::string db = (std::filesystem::temp_directory_path() / ("tonk_pace_" + std::to_string(getpid()) + ".db")).string();
  std::filesystem::remove(db);
  std::string token;
  json waiting;
  {
    ServerProcess server(db);
    WsClient ann(server.port());
    const std::string table =
        create_table(ann, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}, {"pause_seconds", 0}, {"bot_delay_ms", kPace}});
    const json joined = ann.request({{"type", "join"}, {"table", table}, {"name", "Ann"}, {"seat", 0}});
    ASSERT_EQ(joined["type"], "joined");
    token = joined["token"];
    std::mt19937_64 rng(3);
    long long acted_hand = -1, acted_seq = -1;
    while (waiting.is_null()) {
      const json m = ann.next_of("state");
      if (m["thinking"] == 1) {
        waiting = m;
      } else if (!m["legal"].empty() && (m["hand"] != acted_hand || m["seq"] != acted_seq)) {
        acted_hand = m["hand"];
        acted_seq = m["seq"];
        ann.send({{"type", "act"}, {"action", pick(m["legal"], rng)}, {"hand", acted_hand}, {"seq", acted_seq}});
      }
    }
    server.kill9();  // the bot's move was still waiting for its pace: never committed
  }
  const Clock::time_point restart = Clock::now();
  ServerProcess server(db);
  WsClient ann(server.port());
  ASSERT_EQ(ann.request({{"type", "resume"}, {"token", token}})["type"], "joined");
  const json s = ann.next_of("state");
  EXPECT_EQ(s["hand"], waiting["hand"]);
  EXPECT_EQ(s["seq"], waiting["seq"]);
  EXPECT_EQ(s["thinking"], 1);
  const json event = ann.next_of("event");
  EXPECT_EQ(event["actor"], 1);
  EXPECT_GE(ms_since(restart), kPace) << "the restored table lost its pace";
  std::filesystem::remove(db);
}

}  // namespace
}  // namespace tonk::test
