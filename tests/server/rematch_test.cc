// Play again (docs/PROTOCOL.md `rematch`, `rematch_offer`; apps/server/lobby_rematch.cc), in memory:
// every seat accepting gets a new table with the same rules that deals a new ledger; a seat
// declining at a private table is a bot's and the hand starts; at a quick table it is listed for
// strangers, as is a seat that did not answer in time (a test clock); the offer's wait running out
// at a private table (a restart later, by a test clock) fills seats with bots; a restart keeps the
// offer; bad answers are refused; the message is read whole.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <unistd.h>

#include "client_message.h"
#include "memory_lobby.h"
#include "player_key.h"

namespace tonk::test {
namespace {

using nlohmann::json;

struct Seated {
  std::shared_ptr<MemoryClient> client = std::make_shared<MemoryClient>();
  std::string token;
  int seat = -1;
};

// A private table of `names.size()` seats (plus `bot` at the last seat when given), each name
// joined in order, then ended by everyone's vote. Returns its code.
std::string ended_private(MemoryLobby& lobby, std::vector<Seated>& people, const std::vector<std::string>& names,
                          const std::string& bot = "") {
  const int seats = static_cast<int>(names.size()) + (bot.empty() ? 0 : 1);
  json create{{"type", "create"}, {"seats", seats}, {"turn_seconds", 45}, {"hands", 3}};
  if (!bot.empty()) create["bots"] = json::array({{{"seat", seats - 1}, {"kind", bot}}});
  people.resize(names.size());
  lobby.send(people[0].client, create);
  const std::string code = people[0].client->last("created")["table"];
  for (std::size_t i = 0; i < names.size(); ++i) {
    lobby.send(people[i].client, {{"type", "join"}, {"table", code}, {"name", names[i]}, {"seat", static_cast<int>(i)}});
    const json j = people[i].client->last("joined");
    people[i].token = j["token"];
    people[i].seat = j["seat"];
  }
  for (Seated& p : people) lobby.send(p.client, {{"type", "end"}});
  EXPECT_FALSE(people[0].client->last("table_over").is_null()) << "the table did not end";
  return code;
}

// Ann and Bo meet by quick play and end their table; returns its code and their tokens in `people`.
std::string ended_quick(MemoryLobby& lobby, std::vector<Seated>& people) {
  people.resize(2);
  const std::vector<std::string> names{"Ann", "Bo"};
  for (std::size_t i = 0; i < 2; ++i) {
    lobby.send(people[i].client, {{"type", "quick"}, {"preset", "P-STD"}, {"seats", 2}, {"name", names[i]}});
    people[i].token = people[i].client->last("joined")["token"];
  }
  for (Seated& p : people) lobby.send(p.client, {{"type", "end"}});
  EXPECT_FALSE(people[0].client->last("table_over").is_null());
  return people[0].client->last("joined")["table"];
}

json answer(const std::string& table, const std::string& token, bool accept, int id = 1) {
  return {{"type", "rematch"}, {"id", id}, {"table", table}, {"token", token}, {"accept", accept}};
}

json last_error(const MemoryClient& c) { return c.last("error"); }

// The first hand was dealt: in play, or already over where a bot may end it at once (a drop, a
// dealt tonk, S7).
bool dealt(const json& state) { return state["hand"] == 1 && state["status"] != "waiting" && state["status"] != "over"; }

TEST(Rematch, EverySeatAcceptingGetsTheSameSeatsAndRulesAndANewLedger) {
  MemoryLobby lobby;
  std::vector<Seated> people;
  const std::string old = ended_private(lobby, people, {"Ann", "Bo"});
  const json old_state = people[0].client->last("state");

  lobby.send(people[1].client, answer(old, people[1].token, true, 5));
  const json jb = people[1].client->last("joined");
  ASSERT_FALSE(jb.is_null()) << people[1].client->messages.back().dump();
  EXPECT_EQ(jb["re"], 5);
  EXPECT_EQ(jb["seat"], 1) << "the same seat";
  EXPECT_NE(jb["table"], old);
  EXPECT_NE(jb["token"], people[1].token) << "a new token";
  const std::string code = jb["table"];
  // Ann is told of the offer, with Bo's answer and the deadline.
  const json offer = people[0].client->last("rematch_offer");
  ASSERT_FALSE(offer.is_null());
  EXPECT_EQ(offer["table"], old);
  EXPECT_EQ(offer["rematch"], code);
  EXPECT_GT(offer["until_ms"].get<long long>(), 0);
  EXPECT_EQ(offer["seats"][0]["answer"], "waiting");
  EXPECT_EQ(offer["seats"][1]["answer"], "accepted");
  EXPECT_EQ(offer["seats"][1]["name"], "Bo");
  EXPECT_EQ(people[1].client->last("state")["status"], "waiting");

  lobby.send(people[0].client, answer(old, people[0].token, true, 6));
  const json ja = people[0].client->last("joined");
  EXPECT_EQ(ja["table"], code) << "one offer per ended table";
  EXPECT_EQ(ja["seat"], 0);
  const json s = people[0].client->last("state");
  EXPECT_EQ(s["status"], "playing");
  EXPECT_EQ(s["hand"], 1) << "a new ledger: its first hand";
  EXPECT_EQ(s["rules"], old_state["rules"]);
  EXPECT_EQ(s["seats"][0]["name"], "Ann");
  EXPECT_EQ(s["seats"][1]["name"], "Bo");
  EXPECT_EQ(s["seats"][1]["kind"], "person");
}

TEST(Rematch, ADeclinedSeatAtAPrivateTableIsABotsAndTheHandStarts) {
  MemoryLobby lobby;
  std::vector<Seated> people;
  const std::string old = ended_private(lobby, people, {"Ann", "Bo", "Cy"}, "random");
  lobby.send(people[0].client, answer(old, people[0].token, true));
  const std::string code = people[0].client->last("joined")["table"];
  EXPECT_EQ(people[0].client->last("state")["seats"][3]["kind"], "bot") << "the ended table's bot keeps its seat";
  lobby.send(people[1].client, answer(old, people[1].token, false, 9));
  EXPECT_EQ(people[1].client->last("done")["re"], 9);
  EXPECT_EQ(people[0].client->last("state")["status"], "waiting") << "Cy has not answered";
  lobby.send(people[2].client, answer(old, people[2].token, true));
  const json s = people[0].client->last("state");
  // Dealt (the bots may have ended the hand already: a drop or a dealt tonk, S7).
  EXPECT_TRUE(dealt(s)) << s.dump();
  EXPECT_EQ(s["seats"][1]["kind"], "bot");
  EXPECT_EQ(s["seats"][2]["name"], "Cy");
  const json offer = people[1].client->last("rematch_offer");
  EXPECT_EQ(offer["seats"][1]["answer"], "declined");
  EXPECT_EQ(offer["seats"][2]["answer"], "accepted");
  // Bo cannot change his mind; nobody can answer twice.
  lobby.send(people[1].client, answer(old, people[1].token, true));
  EXPECT_EQ(last_error(*people[1].client)["code"], "bad_request");
  EXPECT_EQ(code, people[2].client->last("joined")["table"]);
}

TEST(Rematch, ADeclinedSeatAtAQuickTableIsListedForStrangers) {
  MemoryLobby lobby;
  std::vector<Seated> people;
  const std::string old = ended_quick(lobby, people);
  ASSERT_EQ(old, people[1].client->last("joined")["table"]) << "they met at one table";

  lobby.send(people[0].client, answer(old, people[0].token, true));
  const std::string code = people[0].client->last("joined")["table"];
  auto cy = std::make_shared<MemoryClient>();
  lobby.send(cy, {{"type", "tables"}});
  EXPECT_EQ(cy->last("tables")["total"], 0) << "Bo's seat is kept for his answer";
  lobby.send(cy, {{"type", "join"}, {"table", code}, {"name", "Cy"}});
  EXPECT_EQ(last_error(*cy)["code"], "bad_request") << "a rematch's seats are answered, not joined";

  lobby.send(people[1].client, answer(old, people[1].token, false));
  lobby.send(cy, {{"type", "tables"}});
  const json list = cy->last("tables");
  ASSERT_EQ(list["total"], 1) << list.dump();
  EXPECT_EQ(list["tables"][0]["table"], code);
  EXPECT_EQ(list["tables"][0]["open"], 1);
  lobby.send(cy, {{"type", "quick"}, {"preset", "P-STD"}, {"seats", 2}, {"name", "Cy"}});
  const json jc = cy->last("joined");
  EXPECT_EQ(jc["table"], code);
  EXPECT_EQ(jc["seat"], 1);
  EXPECT_TRUE(dealt(cy->last("state"))) << cy->last("state").dump();
}

TEST(Rematch, AtAQuickTableASeatThatMissesTheDeadlineIsListedForStrangers) {
  std::int64_t now = 1'800'000'000'000;  // the lobby's clock, outliving it
  MemoryLobby lobby;
  lobby.lobby().set_wall_clock([&now] { return now; });
  std::vector<Seated> people;
  const std::string old = ended_quick(lobby, people);
  lobby.send(people[0].client, answer(old, people[0].token, true));
  const std::string code = people[0].client->last("joined")["table"];
  const std::int64_t until = people[1].client->last("rematch_offer")["until_ms"];
  EXPECT_EQ(until, now + 60'000) << "the offer's own wait";
  EXPECT_EQ(people[0].client->last("state")["bots_in_ms"], 80'000) << "then quick play's, before bots";
  auto cy = std::make_shared<MemoryClient>();
  now = until - 1;
  lobby.send(cy, {{"type", "tables"}});
  EXPECT_EQ(cy->last("tables")["total"], 0) << "Bo may still answer";
  now = until;
  lobby.send(cy, {{"type", "tables"}});
  ASSERT_EQ(cy->last("tables")["total"], 1) << "Bo did not answer in time: his seat is open to strangers";
  EXPECT_EQ(cy->last("tables")["tables"][0]["table"], code);
}

TEST(Rematch, BadAnswersAreRefusedClearly) {
  MemoryLobby lobby;
  std::vector<Seated> people, others;
  const std::string old = ended_private(lobby, people, {"Ann", "Bo"});
  const std::string other = ended_private(lobby, others, {"Cy", "Di"});
  auto& ann = *people[0].client;
  lobby.send(people[0].client, answer(old, others[0].token, true));
  EXPECT_EQ(last_error(ann)["code"], "unauthorized") << "a token of another table";
  lobby.send(people[0].client, answer("ZZZZZZ", people[0].token, true));
  EXPECT_EQ(last_error(ann)["code"], "not_found");
  // A table still open.
  std::vector<Seated> open(1);
  lobby.send(open[0].client, {{"type", "create"}, {"seats", 2}});
  const std::string running = open[0].client->last("created")["table"];
  lobby.send(open[0].client, {{"type", "join"}, {"table", running}, {"name", "Ed"}});
  lobby.send(open[0].client, answer(running, open[0].client->last("joined")["token"], true));
  EXPECT_EQ(last_error(*open[0].client)["code"], "bad_request");
  EXPECT_NE(last_error(*open[0].client)["message"].get<std::string>().find("has not ended"), std::string::npos);
  // Accepting twice seats nobody twice.
  lobby.send(people[0].client, answer(old, people[0].token, true, 3));
  ASSERT_FALSE(ann.last("joined").is_null());
  const std::size_t before = ann.messages.size();
  lobby.send(people[0].client, answer(old, people[0].token, true, 4));
  EXPECT_EQ(ann.messages.size(), before + 1);
  EXPECT_EQ(last_error(ann)["code"], "bad_request");
  EXPECT_EQ(last_error(ann)["re"], 4);
  EXPECT_EQ(lobby.lobby().table_count(), 2u) << "the open table and the one offer";
  (void)other;
}

// The offer is stored with the table: a restart keeps it, and a restart past its deadline (a test
// clock, no waiting) fills the seats nobody accepted with bots.
struct RestartFixture : ::testing::Test {
  std::string db = (std::filesystem::temp_directory_path() / ("tonk_rematch_" + std::to_string(getpid()) + ".db")).string();
  void SetUp() override { std::filesystem::remove(db); }
  void TearDown() override { std::filesystem::remove(db); }
};

TEST_F(RestartFixture, ARestartKeepsTheOffer) {
  std::vector<Seated> people;
  std::string old, code;
  {
    MemoryLobby lobby(std::make_unique<serve::SqliteStorage>(db));
    old = ended_private(lobby, people, {"Ann", "Bo"});
    lobby.send(people[0].client, answer(old, people[0].token, true));
    code = people[0].client->last("joined")["table"];
  }
  MemoryLobby again(std::make_unique<serve::SqliteStorage>(db));
  ASSERT_EQ(again.lobby().restore(), 1u);
  auto bo = std::make_shared<MemoryClient>();
  again.send(bo, answer(old, people[1].token, true));
  const json jb = bo->last("joined");
  ASSERT_FALSE(jb.is_null()) << bo->messages.back().dump();
  EXPECT_EQ(jb["table"], code);
  EXPECT_EQ(jb["seat"], 1);
  EXPECT_EQ(bo->last("state")["status"], "playing");
  EXPECT_EQ(bo->last("state")["seats"][0]["name"], "Ann");
  EXPECT_EQ(bo->last("state")["seats"][1]["name"], "Bo") << "the name he had, kept with the offer";
}

TEST_F(RestartFixture, TheDeadlinePassingFillsTheSeatsNobodyAcceptedWithBots) {
  std::vector<Seated> people;
  std::string old;
  std::string token;
  std::int64_t until = 0;
  {
    MemoryLobby lobby(std::make_unique<serve::SqliteStorage>(db));
    old = ended_private(lobby, people, {"Ann", "Bo"});
    lobby.send(people[0].client, answer(old, people[0].token, true));
    token = people[0].client->last("joined")["token"];
    until = people[0].client->last("rematch_offer")["until_ms"];
    const json s = people[0].client->last("state");
    EXPECT_GT(s["bots_in_ms"].get<long long>(), 59'000) << "the default wait, 60 s";
  }
  MemoryLobby later(std::make_unique<serve::SqliteStorage>(db));
  later.lobby().set_wall_clock([until] { return until + 1; });
  ASSERT_EQ(later.lobby().restore(), 1u);
  auto ann = std::make_shared<MemoryClient>();
  later.send(ann, {{"type", "resume"}, {"token", token}});
  const json s = ann->last("state");
  EXPECT_TRUE(dealt(s)) << s.dump();
  EXPECT_EQ(s["seats"][1]["kind"], "bot");
  EXPECT_EQ(s["seats"][1]["bot"], "greedy") << "a private table without a bot level: greedy";
  auto bo = std::make_shared<MemoryClient>();
  later.send(bo, answer(old, people[1].token, true));
  EXPECT_EQ(last_error(*bo)["code"], "bad_request") << "the rematch started";
}

// A rated table's people play its rematch as themselves: the offer keeps each seat's player id, so
// its hands are rated for the same players (also after a restart: it is stored with the table).
TEST_F(RestartFixture, ARatedTablesRematchKeepsEachSeatsPlayer) {
  const std::string ann_key(64, 'a'), bo_key(64, 'b');
  std::vector<Seated> people(2);
  std::string old, code;
  {
    MemoryLobby lobby(std::make_unique<serve::SqliteStorage>(db));
    const std::vector<std::string> names{"Ann", "Bo"}, keys{ann_key, bo_key};
    for (std::size_t i = 0; i < 2; ++i) {
      lobby.send(people[i].client, {{"type", "quick"}, {"preset", "P-STD"}, {"seats", 2}, {"name", names[i]}, {"player_key", keys[i]}});
      people[i].token = people[i].client->last("joined")["token"];
    }
    for (Seated& p : people) lobby.send(p.client, {{"type", "end"}});
    old = people[0].client->last("joined")["table"];
    lobby.send(people[0].client, answer(old, people[0].token, true));
    code = people[0].client->last("joined")["table"];
  }
  serve::SqliteStorage stored(db);
  const std::optional<serve::StoredTable> t = stored.read_table(code);
  ASSERT_TRUE(t.has_value());
  const serve::TableConfig config = serve::TableConfig::from_json(t->config);
  EXPECT_EQ(config.rematch_players[0], serve::player_key_hash(ann_key));
  EXPECT_EQ(config.rematch_players[1], serve::player_key_hash(bo_key));
  EXPECT_NE(t->config.find(serve::player_key_hash(ann_key)), std::string::npos);
  EXPECT_EQ(t->config.find(ann_key), std::string::npos) << "the key itself is never stored";
}

// A rematch whose people all left before its first deal ended; the next accept makes a new offer
// instead of being told it "started already".
TEST(Rematch, AnOfferEveryoneLeftBeforeItsDealGivesWayToANewOne) {
  MemoryLobby lobby;
  std::vector<Seated> people;
  const std::string old = ended_private(lobby, people, {"Ann", "Bo"});
  lobby.send(people[0].client, answer(old, people[0].token, true));
  const std::string first = people[0].client->last("joined")["table"];
  lobby.send(people[0].client, {{"type", "leave"}});  // nobody else there: that table ends
  lobby.send(people[1].client, answer(old, people[1].token, true, 8));
  const json jb = people[1].client->last("joined");
  ASSERT_FALSE(jb.is_null()) << people[1].client->messages.back().dump();
  EXPECT_NE(jb["table"], first) << "a new offer";
  EXPECT_EQ(jb["seat"], 1);
}

TEST(RematchConfig, TheOfferIsStoredWithTheTableAndOtherTablesAsBefore) {
  serve::TableConfig c;
  c.code = "K7QX2M";
  c.rules.players = 3;
  const std::string plain = c.to_json();
  EXPECT_EQ(plain.find("rematch"), std::string::npos) << "a table that is no rematch is stored as before";
  c.rematch_of = "P4RT9W";
  c.rematch_tokens[0] = std::string(64, 'a');
  c.rematch_names[0] = "Ann";
  c.rematch_players[0] = std::string(64, 'b');
  c.wait_ms = 60'000;
  const serve::TableConfig back = serve::TableConfig::from_json(c.to_json());
  EXPECT_EQ(back.rematch_of, "P4RT9W");
  EXPECT_EQ(back.rematch_tokens[0], std::string(64, 'a'));
  EXPECT_EQ(back.rematch_tokens[1], "");
  EXPECT_EQ(back.rematch_names[0], "Ann");
  EXPECT_EQ(back.rematch_players[0], std::string(64, 'b'));
  EXPECT_EQ(back.rematch_players[1], "");
  EXPECT_EQ(back.wait_ms, 60'000);
}

TEST(RematchMessage, IsReadWholeAndBadOnesRefused) {
  const auto read = [](const std::string& text) { return serve::parse_client_message(text); };
  const std::string token(32, 'a');
  const auto r = read(R"({"type":"rematch","table":"K7QX2M","token":")" + token + R"(","accept":false})");
  ASSERT_TRUE(std::holds_alternative<serve::ClientRequest>(r));
  const auto& m = std::get<serve::in::Rematch>(std::get<serve::ClientRequest>(r).message);
  EXPECT_EQ(m.table, "K7QX2M");
  EXPECT_EQ(m.token, token);
  EXPECT_FALSE(m.accept);
  const auto why = [&](const std::string& text) {
    const auto v = read(text);
    return std::holds_alternative<serve::ClientRefusal>(v) ? std::string(std::get<serve::ClientRefusal>(v).error.code())
                                                           : std::string("accepted");
  };
  EXPECT_EQ(why(R"({"type":"rematch","table":"K7QX2M","token":")" + token + R"("})"), "bad_request");
  EXPECT_EQ(why(R"({"type":"rematch","table":"K7QX2M","token":")" + token + R"(","accept":"yes"})"), "bad_request");
  EXPECT_EQ(why(R"({"type":"rematch","token":")" + token + R"(","accept":true})"), "bad_request");
  EXPECT_EQ(why(R"({"type":"rematch","table":"K7QX2M","token":"nothex","accept":true})"), "unauthorized");
  EXPECT_EQ(why(R"({"type":"rematch","table":"K7QX2M","token":")" + token + R"(","accept":true})"), "accepted");
}

}  // namespace
}  // namespace tonk::test
