// Joining a seat, in memory: the last person to join is sent everything their join causes, as the
// seats already there are: the deal's `event`, and for a hand over at its deal (a dealt tonk, S7) its
// `hand_over`. The join is taken first, the joiner follows the seat, then the table deals.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "memory_lobby.h"

namespace tonk::test {
namespace {

using nlohmann::json;

// The `event`s and `hand_over`s of hand `hand` a client was sent, as "type seq" in order.
std::vector<std::string> hand_messages(const MemoryClient& c, int hand) {
  std::vector<std::string> out;
  for (const json& m : c.messages)
    if ((m["type"] == "event" || m["type"] == "hand_over") && m["hand"] == hand)
      out.push_back(m["type"].get<std::string>() + " " + (m.contains("seq") ? m["seq"].dump() : "-"));
  return out;
}

TEST(JoinDeal, TheLastToJoinIsSentTheHandOverOfAHandOverAtItsDeal) {
  MemoryLobby lobby;  // the deals follow the test process's seeded secrets (seeded_secrets_test.cc)
  constexpr int kMaxTables = 3000;  // a dealt tonk (S7) comes about once in a few dozen deals
  int tried = 0;
  for (; tried < kMaxTables; ++tried) {
    auto ann = std::make_shared<MemoryClient>(), bob = std::make_shared<MemoryClient>();
    lobby.send(ann, {{"type", "create"}, {"seats", 2}, {"pause_seconds", 60}});
    const std::string code = ann->last("created")["table"];
    lobby.send(ann, {{"type", "join"}, {"table", code}, {"name", "Ann"}});
    lobby.send(bob, {{"type", "join"}, {"table", code}, {"name", "Bob"}});
    ASSERT_EQ(bob->last("joined")["seat"], 1) << code;
    const json over = ann->last("hand_over");
    if (over.is_null()) {  // in play: not the deal looked for
      ASSERT_FALSE(hand_messages(*bob, 1).empty()) << "the last to join was not sent the deal of " << code;
      lobby.send(ann, {{"type", "leave"}});
      lobby.send(bob, {{"type", "leave"}});
      continue;
    }
    ASSERT_EQ(over["hand"], 1);
    EXPECT_EQ(bob->last("hand_over"), over) << "the last to join was not told how hand 1 ended";
    EXPECT_EQ(hand_messages(*bob, 1), hand_messages(*ann, 1));
    EXPECT_EQ(bob->last("state")["ledger"], ann->last("state")["ledger"]);
    break;
  }
  ASSERT_LT(tried, kMaxTables) << "no deal of " << kMaxTables << " was over at once";
}

}  // namespace
}  // namespace tonk::test
