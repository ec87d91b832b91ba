// A client's message read whole (client_message.h): each type gives its value, and each missing or
// mistyped field is refused with the code and text docs/PROTOCOL.md's clients read, in the order the
// fields are read. No server, no table: the parser alone.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "client_message.h"

namespace tonk::serve {
namespace {

ClientRequest accepted(const std::string& text, const ParseLimits& limits = {}) {
  auto read = parse_client_message(text, limits);
  if (const auto* r = std::get_if<ClientRefusal>(&read)) {
    ADD_FAILURE() << text << " refused: " << r->error.code() << " " << r->error.what();
    return {};
  }
  return std::get<ClientRequest>(read);
}

ClientRefusal refused(const std::string& text, const ParseLimits& limits = {}) {
  auto read = parse_client_message(text, limits);
  if (!std::holds_alternative<ClientRefusal>(read)) {
    ADD_FAILURE() << text << " was accepted";
    return {std::nullopt, ProtocolError("", "")};
  }
  return std::get<ClientRefusal>(read);
}

// The refusal's "code: message".
std::string why(const std::string& text, const ParseLimits& limits = {}) {
  const ClientRefusal r = refused(text, limits);
  return r.error.code() + ": " + r.error.what();
}

TEST(ClientMessage, MessagesWithoutFieldsAreTheirTypeWithTheirId) {
  EXPECT_TRUE(std::holds_alternative<in::Ping>(accepted(R"({"type":"ping"})").message));
  EXPECT_FALSE(accepted(R"({"type":"ping"})").id);
  const ClientRequest r = accepted(R"({"type":"presets","id":9007199254740992})");
  EXPECT_TRUE(std::holds_alternative<in::Presets>(r.message));
  EXPECT_EQ(r.id, 9007199254740992u);  // 2^53, the largest id
  EXPECT_TRUE(std::holds_alternative<in::Hint>(accepted(R"({"type":"hint"})").message));
  EXPECT_TRUE(std::holds_alternative<in::Ready>(accepted(R"({"type":"ready"})").message));
  EXPECT_TRUE(std::holds_alternative<in::Back>(accepted(R"({"type":"back"})").message));
  EXPECT_TRUE(std::holds_alternative<in::Leave>(accepted(R"({"type":"leave"})").message));
  EXPECT_TRUE(std::holds_alternative<in::End>(accepted(R"({"type":"end"})").message));
}

TEST(ClientMessage, TextThatIsNoMessageIsRefusedSayingWhy) {
  EXPECT_EQ(why("{\"type\":").rfind("bad_request: malformed message: ", 0), 0u);
  EXPECT_EQ(why("[1]"), "bad_request: a message is a JSON object with a `type`");
  EXPECT_EQ(why("{}"), "bad_request: `type` (a string) is required");
  EXPECT_EQ(why(R"({"type":3})"), "bad_request: `type` (a string) is required");
  EXPECT_EQ(why(R"({"type":"explode","id":4})"), "bad_request: unknown message type `explode`");
  EXPECT_EQ(refused(R"({"type":"explode","id":4})").id, 4u);
  EXPECT_EQ(why(R"({"type":")" + std::string(40, 'x') + "\"}"), "bad_request: unknown message type `" + std::string(32, 'x') + "`");
  for (const char* id : {"-1", "1.5", "\"1\"", "9007199254740993"})
    EXPECT_EQ(why(std::string(R"({"type":"ping","id":)") + id + "}"), "bad_request: `id` must be an integer from 0 to 2^53") << id;
}

TEST(ClientMessage, AKeyGivenTwiceIsRefusedNamingItWithTheIdWhenGivenOnce) {
  const ClientRefusal r = refused(R"({"type":"ping","type":"ping","id":3})");
  EXPECT_EQ(r.error.code(), "bad_request");
  EXPECT_EQ(std::string(r.error.what()), "`type` is given twice in one object; a key may appear once");
  EXPECT_EQ(r.id, 3u);
  EXPECT_FALSE(refused(R"({"type":"ping","id":3,"id":4})").id);
}

TEST(ClientMessage, JoinReadsItsFieldsInOrder) {
  const auto j = std::get<in::Join>(accepted(R"({"type":"join","table":"K7","name":"Ann","seat":2,"entropy":"ab"})").message);
  EXPECT_EQ(j.table, "K7");
  EXPECT_EQ(j.name, "Ann");
  EXPECT_EQ(j.seat, 2);
  EXPECT_EQ(j.entropy, "ab");
  const auto any = std::get<in::Join>(accepted(R"({"type":"join","table":"K7","name":"Ann","seat":null,"entropy":null})").message);
  EXPECT_FALSE(any.seat);
  EXPECT_EQ(any.entropy, "");
  EXPECT_EQ(why(R"({"type":"join","name":"Ann"})"), "bad_request: `table` (a string) is required");
  EXPECT_EQ(why(R"({"type":"join","table":"K7","seat":"1"})"), "bad_request: `seat` must be an integer");
  EXPECT_EQ(why(R"({"type":"join","table":"K7","seat":8})"), "bad_request: no seat 8");
  EXPECT_EQ(why(R"({"type":"join","table":"K7","seat":-1})"), "bad_request: no seat -1");
  EXPECT_EQ(why(R"({"type":"join","table":"K7","entropy":5})"), "bad_request: `entropy` (a string) is required");
  EXPECT_EQ(why(R"({"type":"join","table":"K7"})"), "bad_request: `name` (a string) is required");
}

TEST(ClientMessage, APlayerKeyIsReadOnJoinAndQuickAndRequiredByPlayerAndForget) {
  const std::string key(64, 'A');
  EXPECT_EQ(std::get<in::Join>(accepted(R"({"type":"join","table":"K7","name":"Ann","player_key":")" + key + "\"}").message).player_key, key);
  EXPECT_EQ(std::get<in::Join>(accepted(R"({"type":"join","table":"K7","name":"Ann"})").message).player_key, "");
  EXPECT_EQ(std::get<in::Quick>(accepted(R"({"type":"quick","name":"Ann","player_key":")" + key + "\"}").message).player_key, key);
  EXPECT_EQ(why(R"({"type":"quick","name":"Ann","player_key":"abc"})"),
            "bad_request: `player_key` must be 32 to 128 hex digits, of even length");
  EXPECT_EQ(why(R"({"type":"join","table":"K7","player_key":")" + std::string(130, 'a') + "\"}"),
            "bad_request: `player_key` must be 32 to 128 hex digits, of even length");
  EXPECT_EQ(std::get<in::Player>(accepted(R"({"type":"player","player_key":")" + key + "\"}").message).player_key, key);
  EXPECT_EQ(why(R"({"type":"player"})"), "bad_request: `player_key` (a string) is required");
  EXPECT_EQ(why(R"({"type":"forget","player_key":7})"), "bad_request: `player_key` (a string) is required");
  EXPECT_EQ(std::get<in::Leaderboard>(accepted(R"({"type":"leaderboard","group":"P-STD"})").message).group, "P-STD");
  EXPECT_EQ(why(R"({"type":"leaderboard","group":""})"),
            "bad_request: `group` must be 1 to 64 bytes (a preset's name, as `presets` lists them)");
}

TEST(ClientMessage, ResumeWatchAndRecordReadTheirField) {
  const std::string token(32, 'a');
  EXPECT_EQ(std::get<in::Resume>(accepted(R"({"type":"resume","token":")" + token + "\"}").message).token, token);
  EXPECT_EQ(why(R"({"type":"resume"})"), "bad_request: `token` (a string) is required");
  EXPECT_EQ(why(R"({"type":"resume","token":"abc"})"), "unauthorized: no seat has this token");
  EXPECT_EQ(std::get<in::Watch>(accepted(R"({"type":"watch","table":"K7"})").message).table, "K7");
  EXPECT_EQ(why(R"({"type":"watch","table":null})"), "bad_request: `table` (a string) is required");
  EXPECT_EQ(std::get<in::Record>(accepted(R"({"type":"record","hand":1000000000})").message).hand, 1000000000);
  EXPECT_EQ(why(R"({"type":"record"})"), "bad_request: `hand` (an integer) is required");
  EXPECT_EQ(why(R"({"type":"record","hand":"1"})"), "bad_request: `hand` must be an integer");
  EXPECT_EQ(why(R"({"type":"record","hand":1.5})"), "bad_request: `hand` must be an integer");
  for (const char* hand : {"0", "1000000001", "-3"})
    EXPECT_EQ(why(std::string(R"({"type":"record","hand":)") + hand + "}"), "bad_request: `hand` is out of range (1 to 10^9)") << hand;
  for (const char* hand : {"9223372036854775808", "18446744073709551616"})  // 2^63 unsigned, 2^64 a float
    EXPECT_EQ(why(std::string(R"({"type":"record","hand":)") + hand + "}"), "bad_request: `hand` is out of range") << hand;
}

TEST(ClientMessage, ActAndContributeReadTheirFieldsInOrder) {
  const auto a = std::get<in::Act>(accepted(R"({"type":"act","action":"stock","hand":-2,"seq":9223372036854775807})").message);
  EXPECT_EQ(a.action, "stock");
  EXPECT_EQ(a.hand, -2);  // any position: a wrong one is the table's `stale`
  EXPECT_EQ(a.seq, 9223372036854775807);
  EXPECT_EQ(why(R"({"type":"act","action":"stock"})"), "bad_request: `seq` (an integer) is required");
  EXPECT_EQ(why(R"({"type":"act","seq":0})"), "bad_request: `hand` (an integer) is required");
  EXPECT_EQ(why(R"({"type":"act","seq":0,"hand":1})"), "bad_request: `action` (a string) is required");
  EXPECT_EQ(why(R"({"type":"act","seq":9223372036854775808,"hand":1})"), "bad_request: `seq` is out of range");
  EXPECT_EQ(why(R"({"type":"act","seq":true,"hand":1})"), "bad_request: `seq` must be an integer");
  const auto c = std::get<in::Contribute>(accepted(R"({"type":"contribute","hand":2,"entropy":"zz"})").message);
  EXPECT_EQ(c.hand, 2);
  EXPECT_EQ(c.entropy, "zz");  // its hex form is the table's to check
  EXPECT_EQ(why(R"({"type":"contribute","entropy":"ab"})"), "bad_request: `hand` (an integer) is required");
  EXPECT_EQ(why(R"({"type":"contribute","hand":0,"entropy":"ab"})"), "bad_request: `hand` is out of range (1 to 10^9)");
  EXPECT_EQ(why(R"({"type":"contribute","hand":1})"), "bad_request: `entropy` (a string) is required");
}

TEST(ClientMessage, CreateReadsTheNameThenTheTable) {
  const auto c = std::get<in::Create>(accepted(R"({"type":"create","seats":3,"name":"Ann","bots":[{"seat":1,"kind":"greedy"}]})").message);
  EXPECT_EQ(c.name, "Ann");
  EXPECT_EQ(c.settings.rules.players, 3);
  EXPECT_EQ(c.settings.bots[1], "greedy");
  EXPECT_EQ(c.settings.code, "");  // the lobby draws it
  EXPECT_FALSE(std::get<in::Create>(accepted(R"({"type":"create","seats":2,"name":null})").message).name);
  EXPECT_EQ(why(R"({"type":"create","seats":2,"name":5})"), "bad_request: `name` (a string) is required");
  EXPECT_EQ(why(R"({"type":"create","name":"Ann"})"), "bad_request: `seats` (2 to 8) is required");
  EXPECT_EQ(why(R"({"type":"create","seats":9})"), "bad_request: `seats` must be from 2 to 8");
  EXPECT_EQ(why(R"({"type":"create","seats":2,"name":""})").rfind("bad_request: `name` ", 0), 0u);
  EXPECT_EQ(why(R"({"type":"create","seats":2,"set":["hand_size=99"]})").rfind("bad_rules: ", 0), 0u);
  // The host's ceiling on a bot's worlds is the parser's to apply.
  const std::string mc = R"({"type":"create","seats":2,"bots":[{"seat":1,"kind":"mc:3000"}]})";
  EXPECT_EQ(why(mc), "bad_request: `mc:N` bots search 1 to 2000 worlds on this server");
  EXPECT_EQ(why(mc, ParseLimits{100}), "bad_request: `mc:N` bots search 1 to 100 worlds on this server");
  EXPECT_EQ(std::get<in::Create>(accepted(mc, ParseLimits{5000}).message).settings.bots[1], "mc:3000");
}

TEST(ClientMessage, RequestIdIsReadOnlyWhenValidAndGivenOnce) {
  EXPECT_EQ(request_id(R"({"type":"x","id":12})"), 12u);
  EXPECT_EQ(request_id(R"({"type":"x","type":"y","id":12})"), 12u);
  EXPECT_FALSE(request_id(R"({"id":12,"id":12})"));
  EXPECT_FALSE(request_id(R"({"id":-1})"));
  EXPECT_FALSE(request_id("not json"));
}

}  // namespace
}  // namespace tonk::serve
