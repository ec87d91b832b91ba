// Bad input and abuse: garbage, oversized frames, binary frames, wrong tokens,
// another seat's token, out-of-turn and illegal actions, floods. Each gets its error (illegal actions
// with the engine's rule ID) and changes nothing; the server and the table keep serving.
#include <gtest/gtest.h>

#include <array>
#include <optional>

#include "ws_client.h"

namespace tonk::test {
namespace {

struct Table {
  std::string code;
  std::vector<std::unique_ptr<WsClient>> seats;
  std::vector<std::string> tokens;
};

Table two_people(unsigned short port) {
  Table t;
  WsClient lobby(port);
  t.code = lobby.request({{"type", "create"}, {"seats", 2}, {"pause_seconds", 0}})["table"];
  for (int s = 0; s < 2; ++s) {
    t.seats.push_back(std::make_unique<WsClient>(port));
    const json j = t.seats.back()->request({{"type", "join"}, {"table", t.code}, {"name", "P" + std::to_string(s)}, {"seat", s}});
    t.tokens.push_back(j["token"]);
  }
  return t;
}

TEST(ServeAbuse, GarbageAndMalformedMessagesGetErrorsAndChangeNothing) {
  ServerProcess server(":memory:");
  Table t = two_people(server.port());
  WsClient& c = *t.seats[0];
  const json before = latest_state(c);
  ASSERT_FALSE(before.is_null());
  for (const std::string& garbage : {std::string("not json"), std::string("{\"type\":"), std::string("[1,2,3]"), std::string("42"),
                                     std::string("{}"), std::string("{\"type\":7}"), std::string("{\"type\":\"explode\"}"),
                                     std::string("{\"type\":\"act\"}"), std::string("{\"type\":\"act\",\"action\":5,\"seq\":0}"),
                                     std::string("{\"type\":\"act\",\"action\":\"stock\",\"seq\":\"zero\"}"),
                                     std::string("{\"type\":\"act\",\"action\":\"stock\",\"seq\":0}"),  // no hand
                                     std::string("{\"type\":\"ping\",\"id\":-1}"),
                                     std::string(5000, '[')}) {
    c.send_raw(garbage);
    const json r = c.next_of("error");
    EXPECT_EQ(r["code"], "bad_request") << garbage.substr(0, 40) << " -> " << r.dump();
  }
  c.send_raw("{\"type\":\"ping\"}", /*binary=*/true);
  EXPECT_EQ(c.next_of("error")["code"], "bad_request");
  {
    // A text frame that is not UTF-8 fails the WebSocket itself (close 1007): that connection only.
    WsClient bad(server.port());
    bad.send_raw("\xff\xfe\xfd");
    EXPECT_THROW(for (;;) bad.next(), std::exception);
  }
  json after = c.request({{"type", "resume"}, {"token", t.tokens[0]}});
  EXPECT_EQ(after["type"], "joined");
  after = c.next_of("state");
  EXPECT_EQ(after["view"], before["view"]);
  EXPECT_EQ(after["seq"], before["seq"]);
}

TEST(ServeAbuse, IllegalAndOutOfTurnActionsNameTheirRuleAndChangeNothing) {
  ServerProcess server(":memory:");
  Table t = two_people(server.port());
  json s0 = latest_state(*t.seats[0]);
  json s1 = latest_state(*t.seats[1]);
  const int mover = s0["to_move"];
  WsClient& on_turn = *t.seats[static_cast<std::size_t>(mover)];
  WsClient& waiting = *t.seats[static_cast<std::size_t>(1 - mover)];
  const long long seq = s0["seq"];
  // Out of turn: S8.
  json r = waiting.request({{"type", "act"}, {"action", "stock"}, {"hand", s0["hand"]}, {"seq", seq}});
  EXPECT_EQ(r["code"], "illegal");
  EXPECT_EQ(r["rule_id"], "S8");
  // A discard before drawing: the engine's refusal (S9, draw first).
  const json& state = mover == 0 ? s0 : s1;
  const std::string card = state["view"]["hand"][0];
  r = on_turn.request({{"type", "act"}, {"action", "discard " + card}, {"hand", s0["hand"]}, {"seq", seq}});
  EXPECT_EQ(r["code"], "illegal");
  EXPECT_EQ(r["rule_id"], "S9") << r.dump();
  // A card that is not in the hand, after drawing: S9 too.
  ASSERT_EQ(on_turn.request({{"type", "act"}, {"action", "stock"}, {"hand", s0["hand"]}, {"seq", seq}})["type"], "acted");
  std::string missing;
  const json drawn = latest_state(on_turn);
  ASSERT_EQ(drawn["seq"], seq + 1);
  for (const std::string c : {"Ac", "2c", "3c", "4c", "5c", "6c", "7c"}) {
    bool held = false;
    for (const json& h : drawn["view"]["hand"]) held = held || h == c;
    if (!held && missing.empty()) missing = c;
  }
  r = on_turn.request({{"type", "act"}, {"action", "discard " + missing}, {"hand", s0["hand"]}, {"seq", seq + 1}});
  EXPECT_EQ(r["code"], "illegal");
  EXPECT_EQ(r["rule_id"], "S9") << r.dump();
  // Nothing changed: the refusals moved nothing (the next act at seq + 1 is accepted).
  const json legal_discard = drawn["legal"].back();
  EXPECT_EQ(on_turn.request({{"type", "act"}, {"action", legal_discard["id"]}, {"hand", s0["hand"]}, {"seq", seq + 1}})["type"], "acted");
}

// An act is for one position, hand AND seq: sent again after it ended its hand, it is stale even
// when the seat is to move at the same seq of a later hand (a drop at seq 0, S15, then seq 0 again).
TEST(ServeAbuse, AnActResentInALaterHandAtTheSameSeqIsStale) {
  ServerProcess server(":memory:");
  Table t = two_people(server.port());
  std::optional<std::pair<int, json>> first;  // the seat that dropped first, and its act
  bool checked = false;
  std::array<json, 2> last;  // each seat's latest state (latest_state returns null when none is new)
  for (int n = 0; n < 12 && !checked; ++n) {
    for (std::size_t i = 0; i < 2; ++i)
      if (json s = latest_state(*t.seats[i]); !s.is_null()) last[i] = s;
    const int mover = last[0]["to_move"];
    ASSERT_GE(mover, 0) << last[0].dump();
    WsClient& c = *t.seats[static_cast<std::size_t>(mover)];
    const json st = last[static_cast<std::size_t>(mover)];
    ASSERT_EQ(st["seq"], 0) << st.dump();
    if (first && first->first == mover && st["hand"] != first->second["hand"]) {
      const json r = c.request(first->second);  // the old drop, its old hand, seq 0 again
      EXPECT_EQ(r["type"], "error") << r.dump();
      EXPECT_EQ(r["code"], "stale") << r.dump();
      EXPECT_TRUE(latest_state(c).is_null());  // nothing was applied: no new state
      checked = true;
      break;
    }
    bool can_drop = false;
    for (const json& a : st["legal"]) can_drop = can_drop || a["id"] == "drop";
    ASSERT_TRUE(can_drop) << st.dump();
    const json act{{"type", "act"}, {"action", "drop"}, {"hand", st["hand"]}, {"seq", 0}};
    ASSERT_EQ(c.request(act)["type"], "acted");
    if (!first) first = {mover, act};
  }
  EXPECT_TRUE(checked) << "the first seat to drop was never to move at seq 0 again";
}

TEST(ServeAbuse, WrongAndForeignTokensAreRefused) {
  ServerProcess server(":memory:");
  Table t = two_people(server.port());
  WsClient stranger(server.port());
  for (const std::string& token : {std::string("nope"), std::string(32, 'g'), std::string(32, '0'), std::string(4000, 'a')}) {
    const json r = stranger.request({{"type", "resume"}, {"token", token}});
    EXPECT_EQ(r["code"], "unauthorized") << token.substr(0, 10);
  }
  // Another seat's token resumes that seat only: a second connection of seat 1 acts for seat 1, never seat 0.
  const json r = stranger.request({{"type", "resume"}, {"token", t.tokens[1]}});
  EXPECT_EQ(r["seat"], 1);
  const json st = latest_state(stranger);
  EXPECT_EQ(st["seat"], 1);
  if (st["to_move"] == 0) {
    const json refused = stranger.request({{"type", "act"}, {"action", "stock"}, {"hand", st["hand"]}, {"seq", st["seq"]}});
    EXPECT_EQ(refused["rule_id"], "S8");
  }
  // Taking a taken seat, joining a missing table.
  EXPECT_EQ(stranger.request({{"type", "join"}, {"table", t.code}, {"name", "X"}, {"seat", 0}})["code"], "seat_taken");
  EXPECT_EQ(stranger.request({{"type", "join"}, {"table", t.code}, {"name", "X"}})["code"], "table_full");
  EXPECT_EQ(stranger.request({{"type", "join"}, {"table", "ZZZZZZ"}, {"name", "X"}})["code"], "not_found");
  EXPECT_EQ(stranger.request({{"type", "join"}, {"table", t.code}, {"name", std::string("a\x01")}})["code"], "bad_request");
}

TEST(ServeAbuse, OversizedFramesAndFloodsCloseTheConnectionOnlyTheServerServesOn) {
  ServerProcess server(":memory:");
  Table t = two_people(server.port());
  {
    WsClient big(server.port());
    big.send_raw("{\"type\":\"ping\",\"pad\":\"" + std::string(20000, 'x') + "\"}");
    EXPECT_THROW(
        for (;;) big.next(), std::exception);  // closed (1009) without a reply
  }
  {
    WsClient flood(server.port());
    int limited = 0, pongs = 0;
    bool closed = false;
    for (int i = 0; i < 1000 && !closed; ++i) {
      try {
        flood.send({{"type", "ping"}});
      } catch (const std::exception& e) {
        closed = true;
      }
    }
    try {
      for (;;) {
        const json m = flood.next();
        if (m["type"] == "pong") ++pongs;
        if (m.value("code", "") == "rate_limited") ++limited;
      }
    } catch (const std::exception& e) {
      closed = true;
    }
    EXPECT_GE(pongs, 40);    // the burst went through
    EXPECT_GE(limited, 100);  // the rest was refused ...
    EXPECT_TRUE(closed);      // ... and after 200 refusals the connection closed
  }
  // The table and the server are fine: both seats still play.
  const json s0 = latest_state(*t.seats[0]);
  const int mover = s0["to_move"];
  const json r = t.seats[static_cast<std::size_t>(mover)]->request({{"type", "act"}, {"action", "stock"}, {"hand", s0["hand"]}, {"seq", s0["seq"]}});
  EXPECT_EQ(r["type"], "acted") << r.dump();
  WsClient fresh(server.port());
  EXPECT_EQ(fresh.request({{"type", "ping"}})["type"], "pong");
}

}  // namespace
}  // namespace tonk::test
