// A scripted player for the server tests: plays a seat with uniformly random legal actions from the
// `legal` lists the server sends, on its own thread, until it has seen a number of hands end.
#pragma once

#include <random>
#include <thread>

#include "ws_client.h"

namespace tonk::test {

struct PlayerResult {
  int hands = 0;
  int errors = 0;          // error replies (none expected)
  std::string first_error;
};

/// Reads `client`'s messages, acting on each state that lists legal actions (once per hand and seq),
/// until `hands` hand_over messages (or table_over). Sends `ready` after each hand.
inline PlayerResult play_randomly(WsClient& client, int hands, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  PlayerResult r;
  long long acted_hand = -1, acted_seq = -1;
  while (r.hands < hands) {
    const json m = client.next();
    const std::string type = m.value("type", "");
    if (type == "state") {
      const json& legal = m["legal"];
      if (!legal.empty() && (m["hand"].get<long long>() != acted_hand || m["seq"].get<long long>() != acted_seq)) {
        acted_hand = m["hand"].get<long long>();
        acted_seq = m["seq"].get<long long>();
        const json& pick = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        client.send({{"type", "act"}, {"action", pick["id"]}, {"hand", acted_hand}, {"seq", acted_seq}});
      }
    } else if (type == "hand_over") {
      ++r.hands;
      client.send({{"type", "ready"}});
    } else if (type == "table_over") {
      break;
    } else if (type == "error") {
      if (r.errors++ == 0) r.first_error = m.dump();
    }
  }
  return r;
}

}  // namespace tonk::test
