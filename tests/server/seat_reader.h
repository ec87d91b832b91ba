// Shared by the server's resume tests (crash_recovery_test.cc, postgres/failover_test.cc): a seat
// as a scripted client sees it, and reading its messages up to a position of the table.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "ws_client.h"

namespace tonk::test {

struct Player {
  std::string table;
  int seat = 0;
  std::string token;
  std::unique_ptr<WsClient> client;
  json last;  // the last `state` this seat received
};

inline std::pair<long long, long long> position(const json& state) {
  return {state["hand"].get<long long>(), state["seq"].get<long long>()};
}

// Reads `p`'s messages until a state at `target` or later; returns false when the connection ends.
inline bool read_until(Player& p, std::pair<long long, long long> target) {
  for (;;) {
    json m;
    try {
      m = p.client->next();
    } catch (const std::exception&) {
      return false;
    }
    if (m.value("type", "") == "state") {
      p.last = m;
      if (position(m) >= target) return true;
    }
  }
}

// After a kill: reads every message the server sent before dying.
inline void drain(Player& p) {
  for (;;) {
    try {
      json m = p.client->next();
      if (m.value("type", "") == "state") p.last = m;
    } catch (const std::exception&) {
      return;
    }
  }
}

// Creates a table through `lobby` (pause 0 between hands) and seats `persons` new players at it, each
// on its own connection to `port`, appended to `into` and named "P<index in into>". Returns the code.
inline std::string seat_at_new_table(WsClient& lobby, int port, json create, int persons, std::vector<Player>& into) {
  create["type"] = "create";
  create["pause_seconds"] = 0;
  const json r = lobby.request(create);
  EXPECT_EQ(r["type"], "created") << r.dump();
  for (int i = 0; i < persons; ++i) {
    Player p;
    p.client = std::make_unique<WsClient>(port);
    const json j = p.client->request({{"type", "join"}, {"table", r["table"]}, {"name", "P" + std::to_string(into.size())}});
    EXPECT_EQ(j["type"], "joined") << j.dump();
    p.table = r["table"];
    p.seat = j["seat"];
    p.token = j["token"];
    into.push_back(std::move(p));
  }
  return r["table"].get<std::string>();
}

inline std::vector<std::string> history_of(const json& state) {
  std::vector<std::string> out;
  if (state["view"].is_null()) return out;
  for (const json& h : state["view"]["history"]) out.push_back(h.dump());
  return out;
}

}  // namespace tonk::test
