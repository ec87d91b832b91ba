// Every reply to a request with an `id` carries it back as `re` (a flood's `rate_limited`, a binary
// frame's `bad_request`, a hint that came too late), and a message that gives a key twice is
// refused naming the key: it must mean one thing to every reader (docs/PROTOCOL.md "Framing").
#include <gtest/gtest.h>

#include <map>

#include "ws_client.h"

namespace tonk::test {
namespace {

// A flood of requests with ids: each one, passed or refused, is answered with its id.
TEST(ServeReplies, AFloodedRequestIsRefusedWithItsId) {
  ServerProcess server(":memory:");
  WsClient flood(server.port());
  constexpr int kSent = 120;  // the burst (40) passes; the rest is refused, fewer than the 200 that close
  for (int id = 1; id <= kSent; ++id) flood.send_raw(R"({"type":"ping","id":)" + std::to_string(id) + "}");
  std::map<long long, std::string> answered;  // id -> the reply's type or error code
  int limited = 0;
  for (int i = 0; i < kSent; ++i) {
    const json m = flood.next();
    ASSERT_TRUE(m.contains("re")) << "a reply without its request's id: " << m.dump();
    const std::string what = m["type"] == "error" ? m["code"].get<std::string>() : m["type"].get<std::string>();
    if (what == "rate_limited") ++limited;
    EXPECT_TRUE(answered.emplace(m["re"].get<long long>(), what).second) << "answered twice: " << m.dump();
  }
  EXPECT_GE(limited, 40);  // the flood was refused ...
  EXPECT_EQ(answered.size(), static_cast<std::size_t>(kSent));  // ... each request with its own id
  EXPECT_EQ(answered.begin()->first, 1);
  EXPECT_EQ(answered.rbegin()->first, kSent);
}

// `ready`, `back` and `end` are answered by broadcasts, or by nothing: with an id they are answered
// `done` too.
TEST(ServeReplies, RequestsAnsweredByBroadcastsGetDoneWithTheirId) {
  ServerProcess server(":memory:");
  WsClient c(server.port(), /*timeout_seconds=*/5);
  const std::string code = c.request({{"type", "create"}, {"seats", 2}})["table"];
  ASSERT_EQ(c.request({{"type", "join"}, {"table", code}, {"name", "Ann"}})["type"], "joined");
  for (const char* type : {"ready", "back", "end"}) {
    json r;
    EXPECT_NO_THROW(r = c.request({{"type", type}})) << type << ": no reply with its id";
    EXPECT_EQ(r.value("type", ""), "done") << type << " -> " << r.dump();
  }
}

TEST(ServeReplies, ABinaryFrameIsRefusedWithItsId) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  c.send_raw(R"({"type":"ping","id":77})", /*binary=*/true);
  const json r = c.next_of("error");
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  EXPECT_EQ(r.value("re", json()), 77) << r.dump();
}

// A hint asked for, then the position moved on before it was ready: the request gets `stale` with
// its id rather than no answer at all.
TEST(ServeReplies, AHintOvertakenByAnActionIsAnsweredStale) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  const std::string code = c.request({{"type", "create"}, {"seats", 2}, {"pause_seconds", 0},
                                      {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}})["table"];
  ASSERT_EQ(c.request({{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}})["type"], "joined");
  json state;
  for (;;) {  // until seat 0 is to move
    state = c.next_of("state");
    if (state["to_move"] == 0 && !state["legal"].empty()) break;
  }
  const std::string action = state["legal"][0]["id"];
  // Both frames at once: the act is applied on the I/O thread while the hint runs on the pool.
  c.send_raw(R"({"type":"hint","id":900})");
  c.send({{"type", "act"}, {"id", 901}, {"action", action}, {"hand", state["hand"]}, {"seq", state["seq"]}});
  std::map<long long, json> replies;
  while (replies.size() < 2) {
    const json m = c.next();
    if (m.contains("re")) replies[m["re"].get<long long>()] = m;
  }
  EXPECT_EQ(replies[901]["type"], "acted") << replies[901].dump();
  // A hint computed in the moment before the act was read is a hint; otherwise it is stale.
  const json& hint = replies[900];
  EXPECT_TRUE(hint.value("type", "") == "hint" || hint.value("code", "") == "stale") << hint.dump();
}

TEST(ServeReplies, AMessageGivingAKeyTwiceIsRefusedNamingTheKey) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  c.send_raw(R"({"type":"ping","id":5,"type":"presets"})");
  json r = c.next();
  EXPECT_EQ(r["type"], "error") << r.dump();
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  EXPECT_EQ(r.value("re", json()), 5) << r.dump();
  EXPECT_EQ(r["message"].get<std::string>().rfind("`type` is given twice", 0), 0u) << r.dump();

  // At any depth: a bot's seat given twice.
  c.send_raw(R"({"type":"create","id":6,"seats":3,"bots":[{"seat":1,"kind":"greedy","seat":2}]})");
  r = c.next();
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  EXPECT_EQ(r.value("re", json()), 6) << r.dump();
  EXPECT_EQ(r["message"].get<std::string>().rfind("`seat` is given twice", 0), 0u) << r.dump();

  // The id itself twice: no one id to carry back.
  c.send_raw(R"({"type":"ping","id":7,"id":8})");
  r = c.next();
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  EXPECT_FALSE(r.contains("re")) << r.dump();

  // The same key in two objects is no repeat.
  const json created = c.request({{"type", "create"}, {"seats", 3},
                                  {"bots", {{{"seat", 1}, {"kind", "greedy"}}, {{"seat", 2}, {"kind", "greedy"}}}}});
  EXPECT_EQ(created["type"], "created") << created.dump();

  // A rule file in JSON refuses a repeated option too, with its line.
  r = c.request({{"type", "create"}, {"seats", 2}, {"rules_format", "json"},
                 {"rules_text", "{\"options\": {\n\"hand_size\": 5,\n\"hand_size\": 7}}"}});
  EXPECT_EQ(r["code"], "bad_rules") << r.dump();
  EXPECT_NE(r["message"].get<std::string>().find("given twice"), std::string::npos) << r.dump();
}

}  // namespace
}  // namespace tonk::test
