// The server's messages (server_message.h): each writer's bytes, as clients and the tests over a
// socket read them (keys sorted, `re` only for a request that gave an `id`).
#include <gtest/gtest.h>

#include <string>

#include "server_message.h"

namespace tonk::serve {
namespace {

std::string bytes(const nlohmann::json& m) { return m.dump(); }

TEST(ServerMessage, RepliesCarryTheRequestIdAsReOnlyWhenGiven) {
  EXPECT_EQ(bytes(out::pong(std::nullopt)), R"({"type":"pong"})");
  EXPECT_EQ(bytes(out::pong(7)), R"({"re":7,"type":"pong"})");
  EXPECT_EQ(bytes(out::created("K7QX2M-ABC", 1)), R"({"link":"/#/t/K7QX2M-ABC","re":1,"table":"K7QX2M-ABC","type":"created"})");
  EXPECT_EQ(bytes(out::joined("K7", 2, "00ff", std::nullopt)), R"({"seat":2,"table":"K7","token":"00ff","type":"joined"})");
  EXPECT_EQ(bytes(out::watching("K7", 9007199254740992u)), R"({"re":9007199254740992,"table":"K7","type":"watching"})");
  EXPECT_EQ(bytes(out::record(3, "[Table \"K7\"]\n", 4)), R"({"hand":3,"re":4,"text":"[Table \"K7\"]\n","type":"record"})");
  EXPECT_EQ(bytes(out::acted(1, 12, std::nullopt)), R"({"hand":1,"seq":12,"type":"acted"})");
  EXPECT_EQ(bytes(out::contributed(2, false, 5)), R"({"hand":2,"re":5,"type":"contributed"})");
  EXPECT_EQ(bytes(out::contributed(2, true, std::nullopt)), R"({"hand":2,"repeat":true,"type":"contributed"})");
  EXPECT_EQ(bytes(out::left(std::nullopt)), R"({"type":"left"})");
  EXPECT_EQ(bytes(out::done(0)), R"({"re":0,"type":"done"})");
}

TEST(ServerMessage, AnErrorNamesItsRuleOnlyWhenItHasOne) {
  EXPECT_EQ(bytes(out::error("bad_request", "`hand` (an integer) is required", "", std::nullopt)),
            R"({"code":"bad_request","message":"`hand` (an integer) is required","type":"error"})");
  EXPECT_EQ(bytes(out::error(ProtocolError("illegal", "it is Bo's turn, not Ann's", "S8"), 3)),
            R"({"code":"illegal","message":"it is Bo's turn, not Ann's","re":3,"rule_id":"S8","type":"error"})");
}

TEST(ServerMessage, TableMessagesAreWrittenFromTheirValues) {
  const nlohmann::json actions = nlohmann::json::array({{{"id", "stock"}, {"value", 1.5}}, {{"id", "take 7h"}, {"value", -0.25}}});
  EXPECT_EQ(bytes(out::hint(2, 5, actions, 8)),
            R"({"actions":[{"id":"stock","value":1.5},{"id":"take 7h","value":-0.25}],"hand":2,"re":8,"seq":5,"type":"hint"})");
  EXPECT_EQ(bytes(out::welcome(1, "0.9.1")), R"({"protocol":1,"server":"tonk 0.9.1","type":"welcome"})");
  EXPECT_EQ(bytes(out::hint(1, 0, nlohmann::json::array(), std::nullopt)), R"({"actions":[],"hand":1,"seq":0,"type":"hint"})");
  const nlohmann::json ledger{{"hands", 1}, {"pot", 0}};
  EXPECT_EQ(bytes(out::table_over("K7", ledger)), R"({"ledger":{"hands":1,"pot":0},"table":"K7","type":"table_over"})");
  EXPECT_EQ(bytes(out::table_over("K7", nullptr, nullptr, "expired")), R"({"ledger":null,"reason":"expired","table":"K7","type":"table_over"})");
  EXPECT_EQ(bytes(out::table_over("K7", ledger, {{"hand", 2}, {"reason", "agreed"}, {"fair", nullptr}})),
            R"({"abandoned":{"fair":null,"hand":2,"reason":"agreed"},"ledger":{"hands":1,"pot":0},"table":"K7","type":"table_over"})");
  EXPECT_EQ(bytes(out::seat_lost("K7", 1, "left")), R"({"reason":"left","seat":1,"table":"K7","type":"seat_lost"})");
  EXPECT_EQ(bytes(out::audience("K7", 3)), R"({"table":"K7","type":"audience","watching":3})");
}

}  // namespace
}  // namespace tonk::serve
