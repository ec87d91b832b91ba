// The table's host removes a person who has been away too long (docs/PROTOCOL.md `remove`): only the
// host (the person seated longest), only a seat away at least as long as the turn timer (60 s at an
// untimed table), and then as `leave`: before the first deal the seat opens again, after it a bot
// plays it; the removed seat's token stops working and its connections hear `seat_lost` "removed".
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "memory_lobby.h"

namespace tonk::test {
namespace {

using nlohmann::json;

struct HostedTable {
  MemoryLobby lobby;
  std::int64_t now = 1'800'000'000'000;
  std::shared_ptr<MemoryClient> ann = std::make_shared<MemoryClient>(), bob = std::make_shared<MemoryClient>(),
                                cy = std::make_shared<MemoryClient>();
  std::string code;
  std::string bob_token;

  explicit HostedTable(json create) {
    lobby.lobby().set_wall_clock([this] { return now; });
    create["type"] = "create";
    lobby.send(ann, create);
    code = ann->last("created")["table"];
    lobby.send(ann, {{"type", "join"}, {"table", code}, {"name", "Ann"}});
    lobby.send(bob, {{"type", "join"}, {"table", code}, {"name", "Bob"}});
    bob_token = bob->last("joined")["token"];
  }
  // Bob's connection drops (his page closed); the server counts his absence from now.
  void bob_goes() { lobby.lobby().on_close(bob.get()); }
  json remove(const std::shared_ptr<MemoryClient>& by, int seat) {
    lobby.send(by, {{"type", "remove"}, {"seat", seat}, {"id", 7}});
    // The reply to it (`done` or `error`): a bot that plays a seat may have moved since.
    for (auto it = by->messages.rbegin(); it != by->messages.rend(); ++it)
      if ((*it).value("re", json()) == 7) return *it;
    return json();
  }
};

TEST(RemoveSeat, TheHostRemovesAPersonAwayLongerThanAnUntimedTablesMinuteAndTheSeatOpensBeforeTheDeal) {
  HostedTable t(json{{"seats", 4}});  // Ann, Bob, Cy and an open seat: no hand is dealt
  EXPECT_EQ(t.ann->last("state")["host"], 0) << "the first person seated is the host";
  t.bob_goes();
  t.now += 30'000;
  json r = t.remove(t.ann, 1);
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  EXPECT_NE(r["message"].get<std::string>().find("has been away 30 s"), std::string::npos) << r.dump();
  EXPECT_NE(r["message"].get<std::string>().find("wait 30 s"), std::string::npos) << r.dump();

  t.lobby.send(t.cy, {{"type", "join"}, {"table", t.code}, {"name", "Cy"}, {"seat", 2}});
  t.now += 31'000;
  r = t.remove(t.cy, 1);
  EXPECT_EQ(r["code"], "unauthorized") << "only the host: " << r.dump();
  EXPECT_NE(r["message"].get<std::string>().find("Ann"), std::string::npos);
  r = t.remove(t.ann, 2);
  EXPECT_EQ(r["code"], "bad_request") << "Cy is here: " << r.dump();

  r = t.remove(t.ann, 1);
  EXPECT_EQ(r["type"], "done") << r.dump();
  const json state = t.ann->last("state");
  EXPECT_EQ(state["seats"][1]["kind"], "open") << "before the first deal the seat opens again";
  EXPECT_EQ(state["status"], "waiting");
  auto back = std::make_shared<MemoryClient>();
  t.lobby.send(back, {{"type", "resume"}, {"token", t.bob_token}});
  EXPECT_EQ(back->last("error")["code"], "unauthorized") << "the removed seat's token stops working";
  auto dan = std::make_shared<MemoryClient>();
  t.lobby.send(dan, {{"type", "join"}, {"table", t.code}, {"name", "Dan"}});
  EXPECT_EQ(dan->last("joined")["seat"], 1) << "the first open seat";
}

TEST(RemoveSeat, AfterTheDealABotPlaysTheRemovedSeatOnceNoneOfItsConnectionsIsLeft) {
  HostedTable t(json{{"seats", 2}, {"turn_seconds", 20}});
  ASSERT_EQ(t.ann->last("state")["status"], "playing");
  auto bob_phone = std::make_shared<MemoryClient>();  // Bob's second device, which stays open
  t.lobby.send(bob_phone, {{"type", "resume"}, {"token", t.bob_token}});
  t.bob_goes();
  t.now += 25'000;
  json r = t.remove(t.ann, 1);
  EXPECT_EQ(r["code"], "bad_request") << "a connection of the seat is still here: " << r.dump();
  t.lobby.lobby().on_close(bob_phone.get());
  t.now += 19'000;
  r = t.remove(t.ann, 1);
  EXPECT_NE(r["message"].get<std::string>().find("wait 1 s"), std::string::npos) << "a timed table's limit is its turn timer: " << r.dump();
  t.now += 1'000;
  EXPECT_EQ(t.remove(t.ann, 1)["type"], "done");
  const json state = t.ann->last("state");
  EXPECT_EQ(state["seats"][1]["kind"], "bot");
  EXPECT_EQ(state["seats"][1]["name"], "Bob") << "the seat keeps its name in the ledger";
  EXPECT_EQ(t.remove(t.ann, 0)["message"], "to give up your own seat, send `leave`");
  EXPECT_EQ(t.remove(t.ann, 1)["message"], "no person holds seat 1");
}

TEST(RemoveSeat, TheHostIsTheNextPersonSeatedLongestOnceTheFirstLeaves) {
  HostedTable t(json{{"seats", 3}});
  t.lobby.send(t.cy, {{"type", "join"}, {"table", t.code}, {"name", "Cy"}});
  ASSERT_EQ(t.cy->last("state")["status"], "playing");
  t.lobby.send(t.ann, {{"type", "leave"}});
  EXPECT_EQ(t.cy->last("state")["host"], 1) << "Bob sat before Cy";
  t.lobby.send(t.cy, {{"type", "remove"}, {"seat", 1}});
  EXPECT_EQ(t.cy->last("error")["code"], "unauthorized");
}

// An away host would block every removal, theirs first: the host is the person seated longest who
// is here.
TEST(RemoveSeat, WhileTheHostIsAwayTheNextPersonHereIsHost) {
  HostedTable t(json{{"seats", 4}});
  t.lobby.send(t.cy, {{"type", "join"}, {"table", t.code}, {"name", "Cy"}, {"seat", 2}});
  t.lobby.lobby().on_close(t.ann.get());  // Ann (the host) and Bob go away
  t.bob_goes();
  EXPECT_EQ(t.cy->last("state")["host"], 2);
  t.now += 61'000;
  EXPECT_EQ(t.remove(t.cy, 0)["type"], "done") << "the away host can be removed too";
  EXPECT_EQ(t.remove(t.cy, 1)["type"], "done");
  EXPECT_EQ(t.cy->last("state")["seats"][0]["kind"], "open");
}

// One connection holds one seat of a table: a second `join` of it is refused.
TEST(RemoveSeat, AConnectionJoinsATableOnce) {
  HostedTable t(json{{"seats", 4}});
  t.lobby.send(t.ann, {{"type", "join"}, {"table", t.code}, {"name", "Ann two"}});
  EXPECT_EQ(t.ann->last("error")["code"], "bad_request");
  EXPECT_NE(t.ann->last("error")["message"].get<std::string>().find("holds seat 0"), std::string::npos);
  EXPECT_EQ(t.ann->last("state")["seats"][2]["kind"], "open");
}

TEST(RemoveSeat, TheMessageNeedsASeat) {
  MemoryLobby lobby;
  auto a = std::make_shared<MemoryClient>();
  lobby.send(a, json{{"type", "remove"}});
  EXPECT_EQ(a->last("error")["message"], "`seat` (an integer) is required");
  lobby.send(a, json{{"type", "remove"}, {"seat", 9}});
  EXPECT_EQ(a->last("error")["message"], "no seat 9");
  lobby.send(a, json{{"type", "remove"}, {"seat", 1}});
  EXPECT_EQ(a->last("error")["code"], "unauthorized") << "a connection holding no seat";
}

}  // namespace
}  // namespace tonk::test
