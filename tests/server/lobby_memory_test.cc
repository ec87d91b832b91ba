// The lobby driven in memory, as the protocol fuzz target (tests/fuzz/fuzz_protocol.cc) drives it:
// Lobby::on_message with in-memory clients, SQLite ":memory:", 0 workers (bots on the io_context)
// and the io_context polled until idle. Each test here is a finding of that target, fixed.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "memory_lobby.h"

namespace tonk::test {
namespace {

using nlohmann::json;

// Found by fuzz_protocol: when every person sent `end` mid-hand, the table was over but its last
// `state` still offered the seat to move its legal actions (and a hint), which `act` then refused.
TEST(ServeLobbyMemory, AnEndedTableOffersNoActionsEvenMidHand) {
  MemoryLobby lobby;
  auto ann = std::make_shared<MemoryClient>();
  auto bo = std::make_shared<MemoryClient>();
  lobby.send(ann, {{"type", "create"}, {"seats", 2}, {"pause_seconds", 0}});
  const std::string table = ann->last("created")["table"];
  lobby.send(ann, {{"type", "join"}, {"table", table}, {"name", "Ann"}, {"seat", 0}});
  lobby.send(bo, {{"type", "join"}, {"table", table}, {"name", "Bo"}, {"seat", 1}});
  const json playing = bo->last("state");
  ASSERT_EQ(playing["status"], "playing");
  const int to_move = playing["to_move"];
  auto& mover = to_move == 0 ? ann : bo;
  ASSERT_FALSE(mover->last("state")["legal"].empty());
  lobby.send(ann, {{"type", "end"}});
  lobby.send(bo, {{"type", "end"}});
  ASSERT_FALSE(bo->last("table_over").is_null());
  for (const auto& c : {ann, bo}) {
    const json s = c->last("state");
    EXPECT_EQ(s["status"], "over");
    EXPECT_EQ(s["legal"], json::array()) << s.dump();
    EXPECT_EQ(s["to_move"], -1);
  }
  lobby.send(mover, {{"type", "hint"}, {"id", 5}});
  EXPECT_EQ(mover->messages.back()["type"], "error");
  EXPECT_EQ(mover->messages.back()["code"], "illegal");
}

// Found by fuzz_protocol: a message that is valid UTF-8 but not valid JSON, with a multi-byte
// character where the parser stops (`"id":7é`), made the parser's message quote half the character;
// writing the `error` reply then threw out of on_message (invalid UTF-8), which in `tonk serve` ends
// io_context::run: one message stopped the server. So did a `type` or a table code cut inside a
// character when an error message quotes it. The reply now carries U+FFFD for the broken bytes.
TEST(ServeLobbyMemory, ARequestThatBreaksUtf8InAnErrorMessageGetsAnError) {
  MemoryLobby lobby;
  auto c = std::make_shared<MemoryClient>();
  const std::string texts[] = {
      "{\"type\":\"ping\",\"id\":7\xc3\xa9}",                                        // "id":7é
      "{\"type\":\"" + std::string(31, 'x') + "\xc3\xa9\"}",                             // an unknown type cut in é
      "{\"type\":\"watch\",\"table\":\"" + std::string(15, 'x') + "\xc3\xa9\"}",       // a table code cut in é
  };
  for (const std::string& text : texts) {
    c->messages.clear();
    ASSERT_NO_THROW(lobby.send(c, text)) << text;
    ASSERT_EQ(c->messages.size(), 1u) << text;
    EXPECT_EQ(c->messages[0]["type"], "error");
    EXPECT_NE(c->messages[0]["message"].get<std::string>().find("\xef\xbf\xbd"), std::string::npos)  // U+FFFD
        << c->messages[0].dump();
  }
  lobby.send(c, json{{"type", "ping"}, {"id", 8}});  // and the lobby goes on
  EXPECT_EQ(c->messages.back()["type"], "pong");
}

// LobbyLimits::hint_worlds (the fuzz target lowers it) is the hint's search: with one world each
// action's value is one rolled-out hand, a whole number of stakes; a limit out of range is refused
// with the field's name.
TEST(ServeLobbyMemory, HintWorldsIsTheHintsSearchAndIsChecked) {
  MemoryLobby lobby;
  serve::LobbyLimits limits;
  limits.hint_worlds = 0;
  try {
    lobby.lobby().set_limits(limits);
    ADD_FAILURE() << "hint_worlds 0 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("hint_worlds"), std::string::npos) << e.what();
  }
  limits.hint_worlds = 1;
  lobby.lobby().set_limits(limits);
  auto ann = std::make_shared<MemoryClient>();
  lobby.send(ann, {{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "random"}}}}, {"pause_seconds", 0}});
  lobby.send(ann, {{"type", "join"}, {"table", ann->last("created")["table"]}, {"name", "Ann"}, {"seat", 0}});
  // When the random bot moves first, it has moved by the time send() returns.
  ASSERT_FALSE(ann->last("state")["legal"].empty()) << ann->last("state").dump();
  lobby.send(ann, {{"type", "hint"}, {"id", 9}});
  const json hint = ann->last("hint");
  ASSERT_FALSE(hint.is_null()) << ann->messages.back().dump();
  ASSERT_FALSE(hint["actions"].empty());
  for (const json& a : hint["actions"]) {
    const double v = a["value"];
    EXPECT_EQ(v, std::floor(v)) << hint.dump();
  }
}

}  // namespace
}  // namespace tonk::test
