// Players and ratings through the real server on loopback: the rating flags reach the lobby, GET
// /leaderboard/GROUP answers the `leaderboard` object (404 for no preset's name), and `player` and
// `forget` answer over the socket.
#include <gtest/gtest.h>

#include <string>

#include "ws_client.h"

namespace tonk::test {
namespace {

TEST(LeaderboardServe, TheHttpLeaderboardCarriesTheFlagsBoundAndTheBots) {
  ServerProcess server(":memory:", 1, "20", {"--leaderboard-deviation", "345", "--rating-period-hands", "3"});
  const auto [status, body] = http_get(server.port(), "/leaderboard/p-std");
  ASSERT_EQ(status, 200) << body;
  const json board = json::parse(body);
  EXPECT_EQ(board["type"], "leaderboard");
  EXPECT_EQ(board["group"], "P-STD");
  EXPECT_EQ(board["max_deviation"], 345);
  EXPECT_EQ(board["players"].size(), 0u);
  EXPECT_GE(board["bots"].size(), 5u);
  const auto [missing, why] = http_get(server.port(), "/leaderboard/P-NOPE");
  EXPECT_EQ(missing, 404);
  EXPECT_EQ(json::parse(why)["error"], "bad_request") << why;
}

TEST(LeaderboardServe, PlayerAndForgetAnswerOverTheSocket) {
  ServerProcess server(":memory:", 1, "20");
  WsClient c(server.port());
  const std::string key(64, 'c');
  const json page = c.request({{"type", "player"}, {"player_key", key}});
  EXPECT_EQ(page["type"], "player") << page.dump();
  EXPECT_EQ(page["known"], false);
  const json gone = c.request({{"type", "forget"}, {"player_key", key}});
  EXPECT_EQ(gone["type"], "forgotten") << gone.dump();
  EXPECT_EQ(gone["known"], false);
  const json bad = c.request({{"type", "player"}, {"player_key", "c"}});
  EXPECT_EQ(bad["code"], "bad_request");
}

}  // namespace
}  // namespace tonk::test
