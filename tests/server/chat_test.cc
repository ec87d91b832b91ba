// Table chat (docs/PROTOCOL.md "Chat"), in memory: a phrase reaches every seat and spectator, free
// text only where the table allows it and only as the text rule allows, spectators write only
// where allowed, a connection's lines are rate limited, the lines are logged (a restart keeps them,
// a resuming seat gets them) and never written into a hand's record.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>


#include <nlohmann/json.hpp>

#include "../cli_runner.h"  // temp_path
#include "chat.h"
#include "client_message.h"
#include "memory_lobby.h"
#include "table_config.h"
#include "table_log.h"

namespace tonk::test {
namespace {

using nlohmann::json;
using Client = std::shared_ptr<MemoryClient>;

// Ann (seat 0) and Bo (seat 1) at a two-seat table made with `options`, and a spectator.
struct ChatTable {
  std::string code;
  Client ann = std::make_shared<MemoryClient>();
  Client bo = std::make_shared<MemoryClient>();
  Client watcher = std::make_shared<MemoryClient>();
  std::string ann_token;
  ChatTable(MemoryLobby& lobby, json options = json::object()) {
    options["type"] = "create";
    options["seats"] = 2;
    lobby.send(ann, options);
    code = ann->last("created")["table"];
    lobby.send(ann, {{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}});
    ann_token = ann->last("joined")["token"];
    lobby.send(bo, {{"type", "join"}, {"table", code}, {"name", "Bo"}, {"seat", 1}});
    lobby.send(watcher, {{"type", "watch"}, {"table", code}});
  }
};

json error_to(MemoryLobby& lobby, const Client& c, json m) {
  static int id = 100;
  m["id"] = ++id;
  c->messages.clear();
  lobby.send(c, m);
  const json e = c->last("error");
  EXPECT_FALSE(e.is_null()) << m.dump();
  if (!e.is_null()) {
    EXPECT_EQ(e["re"], id);
  }
  EXPECT_TRUE(c->last("chat").is_null()) << "a refused line was said: " << m.dump();
  return e;
}

TEST(Chat, APhraseReachesBothSeatsAndTheSpectatorsWithItsTextAndTheSpeaker) {
  MemoryLobby lobby;
  ChatTable t(lobby);
  EXPECT_EQ(t.ann->last("state")["chat"], (json{{"text", false}, {"spectators", false}}));
  lobby.send(t.ann, {{"type", "chat"}, {"phrase", "gg"}, {"id", 7}});
  for (const Client& c : {t.ann, t.bo, t.watcher}) {
    const json m = c->last("chat");
    ASSERT_FALSE(m.is_null());
    EXPECT_EQ(m["table"], t.code);
    EXPECT_EQ(m["seat"], 0);
    EXPECT_EQ(m["name"], "Ann");
    EXPECT_EQ(m["phrase"], "gg");
    EXPECT_EQ(m["text"], "Good game");
    EXPECT_GT(m["at_ms"].get<std::int64_t>(), 0);
    EXPECT_FALSE(m.contains("re"));  // a broadcast
  }
  EXPECT_EQ(t.ann->last("done")["re"], 7);  // the request's own reply, after the line
  lobby.send(t.bo, {{"type", "chat"}, {"phrase", "thumbs"}});
  EXPECT_EQ(t.ann->last("chat")["text"], "👍");
  EXPECT_EQ(t.ann->last("chat")["seat"], 1);
  // The phrases are the server's: `presets` lists them.
  auto lobbyist = std::make_shared<MemoryClient>();
  lobby.send(lobbyist, {{"type", "presets"}});
  const json phrases = lobbyist->last("presets")["chat"];
  ASSERT_TRUE(phrases.is_array());
  EXPECT_EQ(phrases.size(), serve::chat_phrases().size());
  EXPECT_NE(std::find(phrases.begin(), phrases.end(), json{{"id", "nice_drop"}, {"text", "Nice drop!"}}), phrases.end());
}

TEST(Chat, FreeTextIsRefusedWhereTheTableDoesNotAllowIt) {
  MemoryLobby lobby;
  ChatTable t(lobby);
  const json e = error_to(lobby, t.ann, {{"type", "chat"}, {"text", "hi"}});
  EXPECT_EQ(e["code"], "bad_request");
  EXPECT_EQ(e["message"].get<std::string>().rfind("`text`: this table allows quick phrases only", 0), 0u) << e.dump();
  EXPECT_TRUE(t.bo->last("chat").is_null());
  EXPECT_EQ(error_to(lobby, t.ann, {{"type", "chat"}, {"phrase", "no_such_phrase"}})["code"], "bad_request");
  EXPECT_EQ(error_to(lobby, t.ann, {{"type", "chat"}})["message"], "`chat` takes one of `phrase` (a quick phrase's id) and `text`");
  EXPECT_EQ(error_to(lobby, t.ann, {{"type", "chat"}, {"phrase", "gg"}, {"text", "hi"}})["code"], "bad_request");
  auto stranger = std::make_shared<MemoryClient>();
  EXPECT_EQ(error_to(lobby, stranger, {{"type", "chat"}, {"phrase", "gg"}})["code"], "unauthorized");  // no table
}

TEST(Chat, FreeTextFollowsTheTextRuleWhereAllowed) {
  MemoryLobby lobby;
  ChatTable t(lobby, {{"chat_text", true}});
  EXPECT_EQ(t.ann->last("state")["chat"]["text"], true);
  lobby.send(t.ann, {{"type", "chat"}, {"text", "<b>hi</b> see https://example.com"}});
  EXPECT_EQ(t.bo->last("chat")["text"], "<b>hi</b> see https://example.com");  // as sent: the page shows text as text
  EXPECT_TRUE(t.bo->last("chat")["phrase"].is_null());
  std::string most;
  for (int i = 0; i < serve::kMaxChatChars; ++i) most += "é";  // 200 code points, 400 bytes
  lobby.send(t.ann, {{"type", "chat"}, {"text", most}});
  EXPECT_EQ(t.bo->last("chat")["text"], most);
  const auto message = [&](const std::string& text) { return error_to(lobby, t.ann, {{"type", "chat"}, {"text", text}})["message"]; };
  EXPECT_EQ(message(most + "é"), "`text` is 201 characters long; at most 200");
  EXPECT_EQ(message("ring\abell"), "`text` holds a control character");
  EXPECT_EQ(message("two\nlines"), "`text` holds a control character");
  EXPECT_EQ(message("two\xE2\x80\xA8lines"), "`text` holds a line break");  // U+2028: a break, not a control character
  EXPECT_EQ(message("zero\u200Bwidth"), "`text` holds an invisible format character (zero-width or bidi)");
  EXPECT_EQ(message("\u202Eevil"), "`text` holds an invisible format character (zero-width or bidi)");
  EXPECT_EQ(message("   "), "`text` is blank: it draws nothing (only spaces, invisible characters or combining marks)");
  EXPECT_EQ(message(""), "`text` is empty");
}

TEST(Chat, SpectatorsReadButWriteOnlyWhereTheTableAllows) {
  MemoryLobby lobby;
  {
    ChatTable t(lobby);
    const json e = error_to(lobby, t.watcher, {{"type", "chat"}, {"phrase", "hello"}});
    EXPECT_EQ(e["code"], "unauthorized");
    EXPECT_TRUE(t.ann->last("chat").is_null());
  }
  ChatTable t(lobby, {{"chat_spectators", true}});
  EXPECT_EQ(t.watcher->last("state")["chat"]["spectators"], true);
  lobby.send(t.watcher, {{"type", "chat"}, {"phrase", "hello"}});
  for (const Client& c : {t.ann, t.bo, t.watcher}) {
    const json m = c->last("chat");
    ASSERT_FALSE(m.is_null());
    EXPECT_TRUE(m["seat"].is_null());
    EXPECT_TRUE(m["name"].is_null());
    EXPECT_EQ(m["text"], "Hello!");
  }
  // Free text is still the table's other choice.
  EXPECT_EQ(error_to(lobby, t.watcher, {{"type", "chat"}, {"text", "hi"}})["code"], "bad_request");
}

TEST(Chat, AConnectionSaysAtMostItsBurstOfLinesThenIsRateLimited) {
  MemoryLobby lobby;
  ChatTable t(lobby);
  for (int i = 0; i < serve::kChatBurst; ++i) {
    lobby.send(t.ann, {{"type", "chat"}, {"phrase", "hurry"}, {"id", i}});
    EXPECT_EQ(t.ann->last("done")["re"], i);
  }
  const json e = error_to(lobby, t.ann, {{"type", "chat"}, {"phrase", "hurry"}});
  EXPECT_EQ(e["code"], "rate_limited");
  EXPECT_EQ(e["message"].get<std::string>().rfind("at most 5 chat lines in 10 seconds per connection: wait ", 0), 0u) << e.dump();
  lobby.send(t.bo, {{"type", "chat"}, {"phrase", "oops"}});  // another connection has its own limit
  EXPECT_EQ(t.ann->last("chat")["phrase"], "oops");
  // Refused lines are not counted: a new connection of Bo's seat that is refused for its form
  // still has its whole burst.
  serve::ChatRate rate;
  const auto t0 = serve::ChatRate::Clock::time_point{} + std::chrono::hours(1);
  for (int i = 0; i < serve::kChatBurst; ++i) {
    EXPECT_EQ(rate.wait_ms(t0 + std::chrono::seconds(i)), 0);
    rate.note(t0 + std::chrono::seconds(i));
  }
  EXPECT_EQ(rate.wait_ms(t0 + std::chrono::seconds(5)), 5000);  // the first line leaves the window at 10 s
  EXPECT_EQ(rate.wait_ms(t0 + std::chrono::milliseconds(9999)), 1);
  EXPECT_EQ(rate.wait_ms(t0 + std::chrono::seconds(10)), 0);
}

TEST(Chat, TheConnectionsOfOneAddressShareALargerLimit) {
  MemoryLobby lobby;
  ChatTable t(lobby, {{"chat_spectators", true}});
  int said = 0;
  for (int c = 0; c < serve::kChatBurstPerAddress / serve::kChatBurst; ++c) {  // reconnecting, as a flood would
    auto someone = std::make_shared<MemoryClient>();
    someone->address = "192.0.2.7";
    lobby.send(someone, {{"type", "watch"}, {"table", t.code}});
    for (int i = 0; i < serve::kChatBurst; ++i, ++said) lobby.send(someone, {{"type", "chat"}, {"phrase", "wow"}, {"id", said}});
    EXPECT_EQ(someone->last("done")["re"], said - 1);
  }
  auto one_more = std::make_shared<MemoryClient>();
  one_more->address = "192.0.2.7";
  lobby.send(one_more, {{"type", "watch"}, {"table", t.code}});
  const json e = error_to(lobby, one_more, {{"type", "chat"}, {"phrase", "wow"}});
  EXPECT_EQ(e["code"], "rate_limited");
  EXPECT_NE(e["message"].get<std::string>().find("per address"), std::string::npos) << e.dump();
  auto elsewhere = std::make_shared<MemoryClient>();
  elsewhere->address = "192.0.2.8";
  lobby.send(elsewhere, {{"type", "watch"}, {"table", t.code}});
  lobby.send(elsewhere, {{"type", "chat"}, {"phrase", "laugh"}});
  EXPECT_EQ(t.ann->last("chat")["phrase"], "laugh");  // another address is not limited by it
  // The table of addresses forgets idle ones when it is full.
  serve::ChatRateByAddress rates;
  const auto t0 = serve::ChatRate::Clock::time_point{} + std::chrono::hours(1);
  for (std::size_t i = 0; i < serve::ChatRateByAddress::kMaxAddresses; ++i) rates.note("a" + std::to_string(i), t0);
  EXPECT_EQ(rates.addresses(), serve::ChatRateByAddress::kMaxAddresses);
  // While every remembered address spoke within the window, a new one is not remembered: the
  // table never grows past its bound.
  for (int i = 0; i < 100; ++i) rates.note("new" + std::to_string(i), t0 + std::chrono::seconds(1));
  EXPECT_EQ(rates.addresses(), serve::ChatRateByAddress::kMaxAddresses);
  rates.note("late", t0 + std::chrono::seconds(11));
  EXPECT_EQ(rates.addresses(), 1u);
}

TEST(Chat, TheLinesAreLoggedAndSurviveARestartForAResumingSeat) {
  const std::string db = temp_path("restart.db");
  std::filesystem::remove(db);
  std::string code, token;
  {
    MemoryLobby lobby(std::make_unique<serve::SqliteStorage>(db));
    ChatTable t(lobby, {{"chat_text", true}});
    code = t.code;
    token = t.ann_token;
    lobby.send(t.ann, {{"type", "chat"}, {"phrase", "hello"}});
    lobby.send(t.bo, {{"type", "chat"}, {"text", "hi Ann"}});
  }
  MemoryLobby again(std::make_unique<serve::SqliteStorage>(db));
  again.lobby().restore();
  auto ann = std::make_shared<MemoryClient>();
  again.send(ann, {{"type", "resume"}, {"token", token}});
  ASSERT_EQ(ann->last("joined")["seat"], 0);
  const json log = ann->last("chat_log");
  ASSERT_FALSE(log.is_null());
  EXPECT_EQ(log["table"], code);
  ASSERT_EQ(log["lines"].size(), 2u);
  EXPECT_EQ(log["lines"][0]["phrase"], "hello");
  EXPECT_EQ(log["lines"][0]["name"], "Ann");
  EXPECT_EQ(log["lines"][1]["text"], "hi Ann");
  EXPECT_EQ(log["lines"][1]["seat"], 1);
  auto watcher = std::make_shared<MemoryClient>();
  again.send(watcher, {{"type", "watch"}, {"table", code}});
  EXPECT_EQ(watcher->last("chat_log")["lines"].size(), 2u);  // a spectator reads it too
  again.send(ann, {{"type", "chat"}, {"phrase", "thanks"}});      // the table still takes lines
  EXPECT_EQ(watcher->last("chat")["phrase"], "thanks");
  std::filesystem::remove(db);
}

TEST(Chat, APersonWithAPlayerKeyIsHeldToTheAddressLimitAtEveryTableAndAddress) {
  MemoryLobby lobby;
  const std::string key(64, 'b');
  int said = 0;
  const auto seat_at_new_table = [&](int n) {
    auto host = std::make_shared<MemoryClient>();
    host->address = "198.51.100." + std::to_string(n);
    lobby.send(host, {{"type", "create"}, {"seats", 2}});
    const std::string code = host->last("created")["table"];
    auto me = std::make_shared<MemoryClient>();
    me->address = "203.0.113." + std::to_string(n);  // another address each time, as through a VPN
    lobby.send(me, {{"type", "join"}, {"table", code}, {"name", "Kim"}, {"player_key", key}});
    return me;
  };
  for (int n = 0; n < serve::kChatBurstPerAddress / serve::kChatBurst; ++n) {
    const auto me = seat_at_new_table(n);
    for (int i = 0; i < serve::kChatBurst; ++i, ++said) lobby.send(me, {{"type", "chat"}, {"phrase", "wow"}, {"id", said}});
    ASSERT_EQ(me->last("done")["re"], said - 1) << me->messages.back().dump();
  }
  const auto again = seat_at_new_table(99);
  const json e = error_to(lobby, again, {{"type", "chat"}, {"phrase", "wow"}});
  EXPECT_EQ(e["code"], "rate_limited");
  EXPECT_NE(e["message"].get<std::string>().find("per player"), std::string::npos) << e.dump();
}

TEST(Chat, ATableKeepsItsLatestLines) {
  MemoryLobby lobby;
  std::int64_t now = 1'800'000'000'000;
  lobby.lobby().set_wall_clock([&] { return now; });
  ChatTable t(lobby, {{"chat_spectators", true}});
  for (int i = 0; i < serve::kChatLinesKept + 3; ++i) {
    auto someone = std::make_shared<MemoryClient>();  // a connection and an address each: the rates are theirs
    someone->address = "10.0.0." + std::to_string(i);
    lobby.send(someone, {{"type", "watch"}, {"table", t.code}});
    lobby.send(someone, {{"type", "chat"}, {"phrase", i % 2 ? "wow" : "laugh"}});
    ASSERT_TRUE(someone->last("error").is_null()) << someone->last("error");
    now += 1000;  // a line a second: under the table's limit
  }
  auto late = std::make_shared<MemoryClient>();
  lobby.send(late, {{"type", "watch"}, {"table", t.code}});
  const json lines = late->last("chat_log")["lines"];
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(serve::kChatLinesKept));
  EXPECT_EQ(lines.back()["phrase"], (serve::kChatLinesKept + 2) % 2 ? "wow" : "laugh");
}

TEST(Chat, AllTheWritersOfATableShareItsLimit) {
  // Every line from its own connection and address: only the table's limit can refuse one, and it
  // bounds how fast the table's stored log grows whoever writes.
  MemoryLobby lobby;
  std::int64_t now = 1'800'000'000'000;
  lobby.lobby().set_wall_clock([&] { return now; });
  ChatTable t(lobby, {{"chat_spectators", true}});
  const auto say = [&](int i) {
    auto someone = std::make_shared<MemoryClient>();
    someone->address = "10.1.0." + std::to_string(i);
    lobby.send(someone, {{"type", "watch"}, {"table", t.code}});
    lobby.send(someone, {{"type", "chat"}, {"id", 1}, {"phrase", "wow"}});
    return someone;
  };
  for (int i = 0; i < serve::kChatBurstPerTable; ++i) ASSERT_TRUE(say(i)->last("error").is_null()) << i;
  now += 3000;
  const auto over = say(serve::kChatBurstPerTable);
  ASSERT_FALSE(over->last("error").is_null());
  EXPECT_EQ(over->last("error")["code"], "rate_limited");
  EXPECT_NE(over->last("error")["message"].get<std::string>().find("at one table: wait 7 s"), std::string::npos) << over->last("error");
  now += 7000;  // the first lines leave the window
  EXPECT_TRUE(say(serve::kChatBurstPerTable + 1)->last("error").is_null());
}

TEST(Chat, ChatIsNeverInAHandsRecord) {
  MemoryLobby lobby;
  ChatTable t(lobby, {{"chat_text", true}});
  lobby.send(t.ann, {{"type", "chat"}, {"text", "SECRET-CHAT-LINE"}});
  lobby.send(t.bo, {{"type", "chat"}, {"phrase", "nice_drop"}});
  ASSERT_EQ(t.ann->last("state")["hand"], 1);  // dealt when both were seated
  lobby.send(t.ann, {{"type", "end"}});
  lobby.send(t.bo, {{"type", "end"}});  // hand 1 ends (played out or cut short): it has a record
  ASSERT_FALSE(t.ann->last("table_over").is_null());
  const std::optional<std::string> record = lobby.lobby().record_text(t.code, 1);
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ(record->find("SECRET-CHAT-LINE"), std::string::npos);
  EXPECT_EQ(record->find("Nice drop"), std::string::npos);
  EXPECT_EQ(record->find("nice_drop"), std::string::npos);
  for (const Client& c : {t.ann, t.bo})
    for (const json& m : c->messages)
      if (m["type"] == "history" || m["type"] == "event" || m["type"] == "hand_over") {
        EXPECT_EQ(m.dump().find("SECRET-CHAT-LINE"), std::string::npos) << m.dump();
      }
}

TEST(Chat, TheLogEntryAndTheTablesOptionsReadBackAsWritten) {
  const serve::LogEntry said = serve::ChatEntry{serve::ChatLine{1, "Bo", "", "hi there", 1700000000123}};
  const std::string text = serve::to_text(said);
  EXPECT_EQ(text, R"({"at":1700000000123,"k":"chat","name":"Bo","seat":1,"text":"hi there"})");
  const auto back = std::get<serve::ChatEntry>(serve::parse_log_entry(text)).line;
  EXPECT_EQ(back.seat, 1);
  EXPECT_EQ(back.name, "Bo");
  EXPECT_EQ(back.text, "hi there");
  EXPECT_EQ(back.at_ms, 1700000000123);
  EXPECT_EQ(serve::to_text(serve::ChatEntry{serve::ChatLine{-1, "", "gg", "", 5}}), R"({"at":5,"k":"chat","phrase":"gg","seat":-1})");
  EXPECT_THROW(serve::parse_log_entry(R"({"at":5,"k":"chat","seat":0})"), std::runtime_error);
  // A table without chat options is stored as before chat; with them, they read back.
  serve::TableConfig plain = serve::TableConfig::from_create(json{{"seats", 2}}, "K7");
  EXPECT_EQ(plain.to_json().find("chat"), std::string::npos);
  const serve::TableConfig chatty =
      serve::TableConfig::from_json(serve::TableConfig::from_create(json{{"seats", 2}, {"chat_text", true}, {"chat_spectators", true}}, "K7").to_json());
  EXPECT_TRUE(chatty.chat_text);
  EXPECT_TRUE(chatty.chat_spectators);
  EXPECT_THROW(serve::TableConfig::from_create(json{{"seats", 2}, {"chat_text", "yes"}}, "K7"), serve::ProtocolError);
}

TEST(Chat, TheMessageIsReadWholeBeforeAnyTable) {
  const auto read = [](const std::string& text) { return serve::parse_client_message(text); };
  const auto ok = read(R"({"type":"chat","phrase":"gg"})");
  ASSERT_TRUE(std::holds_alternative<serve::ClientRequest>(ok));
  EXPECT_EQ(std::get<serve::in::Chat>(std::get<serve::ClientRequest>(ok).message).phrase, "gg");
  const auto refused = read(R"({"type":"chat","id":3,"text":7})");
  ASSERT_TRUE(std::holds_alternative<serve::ClientRefusal>(refused));
  EXPECT_EQ(std::get<serve::ClientRefusal>(refused).id, 3u);
  EXPECT_STREQ(std::get<serve::ClientRefusal>(refused).error.what(), "`text` (a string) is required");
}

}  // namespace
}  // namespace tonk::test
