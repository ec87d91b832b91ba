// The lobby's router (lobby_dispatch.cc), in memory: a message is read whole before any table is
// looked at, then a seat's message needs a seat, and each reply carries its request's id.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "memory_lobby.h"

namespace tonk::test {
namespace {

using nlohmann::json;

TEST(LobbyDispatch, AMalformedMessageIsBadRequestWhoeverSendsIt) {
  MemoryLobby lobby;
  auto stranger = std::make_shared<MemoryClient>();
  lobby.send(stranger, json{{"type", "act"}, {"id", 1}});  // no seat, and no fields
  json e = stranger->last("error");
  EXPECT_EQ(e["code"], "bad_request");
  EXPECT_EQ(e["message"], "`seq` (an integer) is required");
  EXPECT_EQ(e["re"], 1);
  lobby.send(stranger, json{{"type", "act"}, {"id", 2}, {"action", "stock"}, {"hand", 1}, {"seq", 0}});  // well formed
  e = stranger->last("error");
  EXPECT_EQ(e["code"], "unauthorized");
  EXPECT_EQ(e["message"], "join, resume or watch a table first");
  EXPECT_EQ(e["re"], 2);
}

TEST(LobbyDispatch, ASpectatorsSeatMessageIsUnauthorizedAndAPlayersIsRouted) {
  MemoryLobby lobby;
  auto host = std::make_shared<MemoryClient>(), watcher = std::make_shared<MemoryClient>();
  lobby.send(host, json{{"type", "create"}, {"seats", 2}, {"id", 5}});
  const json created = host->last("created");
  EXPECT_EQ(created["re"], 5);
  const std::string code = created["table"];
  EXPECT_EQ(created["link"], "/#/t/" + code);
  lobby.send(host, json{{"type", "join"}, {"table", code}, {"name", "Ann"}, {"id", 6}});
  EXPECT_EQ(host->last("joined")["seat"], 0);
  lobby.send(watcher, json{{"type", "watch"}, {"table", code}, {"id", 7}});
  EXPECT_EQ(watcher->last("watching")["re"], 7);
  lobby.send(watcher, json{{"type", "ready"}, {"id", 8}});
  EXPECT_EQ(watcher->last("error")["message"], "spectators cannot do that: join a seat");
  lobby.send(host, json{{"type", "ready"}, {"id", 9}});
  EXPECT_EQ(host->last("done")["re"], 9);
  lobby.send(host, json{{"type", "leave"}, {"id", 10}});
  EXPECT_EQ(host->last("left")["re"], 10);
  EXPECT_EQ(host->last("seat_lost")["seat"], 0);
}

}  // namespace
}  // namespace tonk::test
