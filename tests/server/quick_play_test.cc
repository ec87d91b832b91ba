// Quick play's matcher (apps/server/quick_play.h), pure, and the lobby's `quick` and `tables` in
// memory (lobby_quick.cc): two asks that fit share a table, private tables are never matched, a
// name taken at a table sends the asker elsewhere, one connection waits at one table at a time.
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "client_message.h"
#include "memory_lobby.h"
#include "quick_play.h"

namespace tonk::serve {
namespace {

using nlohmann::json;

WaitingTable waiting(std::string code, std::string preset, int seats, int open, std::int64_t since) {
  WaitingTable w;
  w.code = std::move(code);
  w.preset = std::move(preset);
  w.seats = seats;
  w.open = open;
  w.people = seats - open;
  w.waiting_since_ms = since;
  return w;
}

TEST(QuickMatcher, AnAskFitsOnlyItsPresetAndSeatsAndAnyMatchesEither) {
  const WaitingTable t = waiting("AAAAAA", "P-STD", 3, 1, 0);
  EXPECT_TRUE(fits(t, QuickAsk{"P-STD", 3}));
  EXPECT_TRUE(fits(t, QuickAsk{"P-STD", 0}));
  EXPECT_TRUE(fits(t, QuickAsk{kAnyPreset, 3}));
  EXPECT_TRUE(fits(t, QuickAsk{kAnyPreset, 0}));
  EXPECT_FALSE(fits(t, QuickAsk{"P-RUSH", 3}));
  EXPECT_FALSE(fits(t, QuickAsk{"P-STD", 2}));
  EXPECT_FALSE(fits(waiting("BBBBBB", "P-STD", 3, 0, 0), QuickAsk{"P-STD", 3})) << "no open seat";
}

TEST(QuickMatcher, TheTableClosestToStartingWinsThenTheLongestWaiting) {
  const std::vector<WaitingTable> tables = {waiting("AAAAAA", "P-STD", 4, 3, 100), waiting("BBBBBB", "P-STD", 4, 1, 500),
                                            waiting("CCCCCC", "P-STD", 4, 1, 200), waiting("DDDDDD", "P-RUSH", 4, 1, 0)};
  EXPECT_EQ(pick_table(tables, QuickAsk{"P-STD", 4}).code, "CCCCCC");
  EXPECT_EQ(pick_table(tables, QuickAsk{kAnyPreset, 0}).code, "DDDDDD");
  const QuickPick made = pick_table(tables, QuickAsk{"P-STD", 2});
  EXPECT_EQ(made.code, "") << "none fits: make one";
  EXPECT_EQ(made.preset, "P-STD");
  EXPECT_EQ(made.seats, 2);
  EXPECT_EQ(pick_table({}, QuickAsk{kAnyPreset, 0}).seats, kAnySeats);
  EXPECT_EQ(pick_table({}, QuickAsk{kAnyPreset, 0}).preset, "P-STD");
}

TEST(QuickMatcher, AsksAreReadWithTheirPresetResolvedAndBadOnesRefused) {
  EXPECT_EQ(read_quick_ask("rush", 3).preset, "P-RUSH");
  EXPECT_EQ(read_quick_ask("ANY", 0).preset, kAnyPreset);
  EXPECT_THROW(read_quick_ask("P-NOPE", 2), ProtocolError);
  EXPECT_THROW(read_quick_ask("P-STD", 1), ProtocolError);
  EXPECT_THROW(read_quick_ask("P-STD", 9), ProtocolError);
  EXPECT_EQ(read_quick_level(""), kDefaultQuickLevel);
  EXPECT_EQ(read_quick_level("expert"), "expert");
  EXPECT_THROW(read_quick_level("mc:5000"), ProtocolError) << "levels only: a search budget is the host's";
}

TEST(QuickMatcher, ANewTableIsListedAndRatedOnlyAtTwoToFourSeats) {
  TableConfig c = quick_table_config(QuickPick{"", "P-STD", 4}, "hard", 20'000);
  EXPECT_TRUE(c.listed);
  EXPECT_TRUE(c.rated);
  EXPECT_EQ(c.seats(), 4);
  EXPECT_EQ(c.fill_bots, "hard");
  EXPECT_EQ(c.wait_ms, 20'000);
  EXPECT_EQ(c.turn_seconds, kQuickTurnSeconds);
  EXPECT_FALSE(quick_table_config(QuickPick{"", "P-STD", 5}, "hard", 20'000).rated);
}

TEST(QuickMatcher, ThePublicListShowsTheLongestWaitingFirst) {
  const json j = public_tables_json({waiting("AAAAAA", "P-STD", 4, 3, 900), waiting("BBBBBB", "P-WASH", 3, 1, 100)}, 1000, 1);
  EXPECT_EQ(j["type"], "tables");
  EXPECT_EQ(j["total"], 2);
  ASSERT_EQ(j["tables"].size(), 1u);
  EXPECT_EQ(j["tables"][0]["table"], "BBBBBB");
  EXPECT_EQ(j["tables"][0]["waited_ms"], 900);
  EXPECT_EQ(j["tables"][0]["open"], 1);
  EXPECT_EQ(j["tables"][0]["people"], 2);
}

// The reader (client_message.cc): `seats` an integer or "any", the rest strings; the name checked
// by the rule for names before any table is made; `tables` has no fields.
TEST(QuickMatcher, APublishedTableReadsBackAsItWasWithItsHost) {
  WaitingTable t = waiting("K7QX2M", "P-RUSH", 3, 2, 1234);
  t.bots_at_ms = 21234;
  t.level = "easy";
  t.rated = true;
  t.names = {"Ann"};
  const std::optional<WaitingTable> back = read_waiting_entry(waiting_entry(t), "http://10.0.0.12:8080");
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->code, t.code);
  EXPECT_EQ(back->preset, t.preset);
  EXPECT_EQ(back->seats, 3);
  EXPECT_EQ(back->open, 2);
  EXPECT_EQ(back->people, 1);
  EXPECT_EQ(back->waiting_since_ms, 1234);
  EXPECT_EQ(back->bots_at_ms, std::optional<std::int64_t>(21234));
  EXPECT_EQ(back->level, "easy");
  EXPECT_TRUE(back->rated);
  EXPECT_EQ(back->host, "http://10.0.0.12:8080");
  EXPECT_EQ(back->names, std::vector<std::string>{"Ann"});
  t.bots_at_ms.reset();
  EXPECT_FALSE(read_waiting_entry(waiting_entry(t), "h")->bots_at_ms.has_value());
  // Broken or impossible rows are passed over, never a crash.
  EXPECT_FALSE(read_waiting_entry("not json", "h").has_value());
  EXPECT_FALSE(read_waiting_entry("{}", "h").has_value());
  EXPECT_FALSE(read_waiting_entry(waiting_entry(waiting("K7QX2M", "P-STD", 3, 0, 0)), "h").has_value()) << "no open seat";
  // The public list names the host: null for this server's own tables.
  const json list = public_tables_json({waiting("AAAAAA", "P-STD", 3, 1, 0), *back}, 5000);
  ASSERT_EQ(list["tables"].size(), 2u);
  EXPECT_TRUE(list["tables"][0]["host"].is_null()) << list.dump();
  EXPECT_EQ(list["tables"][1]["host"], "http://10.0.0.12:8080");
  EXPECT_FALSE(list["tables"][1].contains("names")) << "who sits there is not listed";
}

TEST(QuickMessage, IsReadWithSeatsOrAnyAndItsNameChecked) {
  const auto read = [](const std::string& text) { return parse_client_message(text); };
  auto r = read(R"({"type":"quick","id":3,"preset":"rush","seats":"any","name":"Ann","level":"hard","entropy":"ab"})");
  ASSERT_TRUE(std::holds_alternative<ClientRequest>(r));
  const auto& q = std::get<in::Quick>(std::get<ClientRequest>(r).message);
  EXPECT_EQ(q.preset, "rush");
  EXPECT_EQ(q.seats, 0);
  EXPECT_EQ(q.level, "hard");
  EXPECT_EQ(q.entropy, "ab");
  EXPECT_EQ(std::get<ClientRequest>(r).id, std::optional<std::uint64_t>(3));
  r = read(R"({"type":"quick","seats":4,"name":"Ann"})");
  EXPECT_EQ(std::get<in::Quick>(std::get<ClientRequest>(r).message).seats, 4);
  EXPECT_EQ(std::get<in::Quick>(std::get<ClientRequest>(r).message).preset, "") << "absent: the lobby reads it as any";
  const auto why = [&](const std::string& text) {
    const auto v = read(text);
    return std::holds_alternative<ClientRefusal>(v) ? std::get<ClientRefusal>(v).error.what() : std::string("accepted");
  };
  EXPECT_EQ(why(R"({"type":"quick","seats":"three","name":"Ann"})"), "`seats` must be an integer");
  EXPECT_EQ(why(R"({"type":"quick","seats":9,"name":"Ann"})"), "`seats` must be 2 to 8 or \"any\"");
  EXPECT_EQ(why(R"({"type":"quick","preset":5,"name":"Ann"})"), "`preset` (a string) is required");
  EXPECT_EQ(why(R"({"type":"quick","seats":2})"), "`name` (a string) is required");
  EXPECT_NE(why(R"({"type":"quick","name":" Ann"})").find("`name`"), std::string::npos);
  EXPECT_TRUE(std::holds_alternative<in::Tables>(std::get<ClientRequest>(read(R"({"type":"tables"})")).message));
}

}  // namespace
}  // namespace tonk::serve

namespace tonk::test {
namespace {

using nlohmann::json;

json ask(const std::string& name, json seats = 2, const std::string& preset = "P-STD") {
  return json{{"type", "quick"}, {"preset", preset}, {"seats", seats}, {"name", name}, {"id", 1}};
}

TEST(QuickLobby, TwoAsksThatFitShareATableAndAThirdGetsANewOne) {
  MemoryLobby lobby;
  auto a = std::make_shared<MemoryClient>(), b = std::make_shared<MemoryClient>(), c = std::make_shared<MemoryClient>();
  lobby.send(a, ask("Ann", 3));
  const json ja = a->last("joined");
  ASSERT_FALSE(ja.is_null()) << a->messages.back().dump();
  EXPECT_EQ(ja["re"], 1);
  EXPECT_EQ(ja["seat"], 0);
  json state = a->last("state");
  EXPECT_EQ(state["status"], "waiting");
  EXPECT_GT(state["bots_in_ms"].get<long long>(), 0);
  lobby.send(b, ask("Bob", "any", "any"));
  const json jb = b->last("joined");
  EXPECT_EQ(jb["table"], ja["table"]);
  EXPECT_EQ(jb["seat"], 1);
  lobby.send(c, ask("Cy", 2));  // 2 seats: the 3-seat table does not fit
  EXPECT_NE(c->last("joined")["table"], ja["table"]);

  auto lister = std::make_shared<MemoryClient>();
  lobby.send(lister, json{{"type", "tables"}, {"id", 4}});
  const json list = lister->last("tables");
  EXPECT_EQ(list["re"], 4);
  EXPECT_EQ(list["total"], 2);
}

TEST(QuickLobby, APrivateTableIsNeverMatchedNorListed) {
  MemoryLobby lobby;
  auto host = std::make_shared<MemoryClient>(), stranger = std::make_shared<MemoryClient>();
  lobby.send(host, json{{"type", "create"}, {"seats", 2}});
  const std::string code = host->last("created")["table"];
  lobby.send(host, json{{"type", "join"}, {"table", code}, {"name", "Ann"}});
  lobby.send(stranger, ask("Bob", 2));
  EXPECT_NE(stranger->last("joined")["table"], code);
  lobby.send(stranger, json{{"type", "tables"}});
  const json tables = stranger->last("tables");  // held: a range-for over a temporary's member reads freed memory
  for (const json& t : tables["tables"]) EXPECT_NE(t["table"], code);
}

TEST(QuickLobby, ANameTakenAtTheTableSendsTheAskerToAnotherAndAWaiterCannotAskTwice) {
  MemoryLobby lobby;
  auto a = std::make_shared<MemoryClient>(), b = std::make_shared<MemoryClient>();
  lobby.send(a, ask("Sam", 3));
  lobby.send(b, ask("sam", 3));  // the same name to the rule's eyes
  EXPECT_NE(b->last("joined")["table"], a->last("joined")["table"]);
  lobby.send(a, ask("Sam", 3));
  const json e = a->last("error");
  EXPECT_EQ(e["code"], "bad_request");
  EXPECT_NE(e["message"].get<std::string>().find("already"), std::string::npos);
}

TEST(QuickLobby, BadAsksAreRefusedWithTheirField) {
  MemoryLobby lobby;
  auto a = std::make_shared<MemoryClient>();
  lobby.send(a, json{{"type", "quick"}, {"preset", "P-NOPE"}, {"name", "Ann"}});
  EXPECT_EQ(a->last("error")["code"], "bad_request");
  lobby.send(a, json{{"type", "quick"}, {"seats", 1}, {"name", "Ann"}});
  EXPECT_EQ(a->last("error")["message"], "`seats` must be 2 to 8 or \"any\"");
  lobby.send(a, json{{"type", "quick"}, {"seats", "many"}, {"name", "Ann"}});
  EXPECT_EQ(a->last("error")["code"], "bad_request");
  lobby.send(a, json{{"type", "quick"}, {"level", "godlike"}, {"name", "Ann"}});
  EXPECT_NE(a->last("error")["message"].get<std::string>().find("`level`"), std::string::npos);
  lobby.send(a, json{{"type", "quick"}});
  EXPECT_EQ(a->last("error")["message"], "`name` (a string) is required");
  lobby.send(a, json{{"type", "tables"}});
  EXPECT_EQ(a->last("tables")["total"], 0) << "no refused ask left a table";
}

// One connection holds one waiting quick seat: following any other table (joining one by its code,
// watching one) gives the waiting seat up, and the table it left lists it open again.
TEST(QuickLobby, AWaiterWhoGoesElsewhereGivesUpTheWaitingSeat) {
  MemoryLobby lobby;
  auto ann = std::make_shared<MemoryClient>(), bob = std::make_shared<MemoryClient>(), host = std::make_shared<MemoryClient>();
  lobby.send(ann, ask("Ann", 3));
  lobby.send(bob, ask("Bob", 3));
  const std::string quick_code = ann->last("joined")["table"];
  ASSERT_EQ(bob->last("joined")["table"], quick_code);
  lobby.send(host, json{{"type", "create"}, {"seats", 2}});
  const std::string private_code = host->last("created")["table"];
  lobby.send(bob, json{{"type", "join"}, {"table", private_code}, {"name", "Bob"}});
  ASSERT_FALSE(bob->last("joined").is_null());
  lobby.send(ann, json{{"type", "tables"}});
  json list = ann->last("tables");
  ASSERT_EQ(list["total"], 1);
  EXPECT_EQ(list["tables"][0]["people"], 1) << "Bob's waiting seat is open again: " << list.dump();
  EXPECT_EQ(list["tables"][0]["open"], 2);
  // Ann watches another table: her seat goes too, and with nobody left the quick table ends.
  lobby.send(ann, json{{"type", "watch"}, {"table", private_code}});
  lobby.send(ann, json{{"type", "tables"}});
  EXPECT_EQ(ann->last("tables")["total"], 0);
  // Bob's seat at the private table is kept: only a listed table's waiting seat is given up.
  lobby.send(host, json{{"type", "join"}, {"table", private_code}, {"name", "Host"}});
  EXPECT_EQ(host->last("state")["status"], "playing");
}

// The person's other tab still holds the waiting seat: a connection that goes elsewhere leaves it to it.
TEST(QuickLobby, AWaitingSeatAnotherConnectionHoldsIsKept) {
  MemoryLobby lobby;
  auto tab1 = std::make_shared<MemoryClient>(), tab2 = std::make_shared<MemoryClient>(), host = std::make_shared<MemoryClient>();
  lobby.send(tab1, ask("Ann", 3));
  const std::string token = tab1->last("joined")["token"];
  lobby.send(tab2, json{{"type", "resume"}, {"token", token}});
  lobby.send(host, json{{"type", "create"}, {"seats", 2}});
  lobby.send(tab2, json{{"type", "watch"}, {"table", host->last("created")["table"]}});
  lobby.send(tab1, json{{"type", "tables"}});
  EXPECT_EQ(tab1->last("tables")["tables"][0]["people"], 1) << "Ann still waits, in her first tab";
  EXPECT_TRUE(tab1->last("seat_lost").is_null());
}

TEST(QuickLobby, AsksAreLimitedPerAddress) {
  MemoryLobby lobby;
  serve::LobbyLimits limits = lobby.lobby().limits();
  limits.quick_asks_per_minute = 3;
  lobby.lobby().set_limits(limits);
  std::vector<std::shared_ptr<MemoryClient>> clients;
  for (int i = 0; i < 4; ++i) {
    clients.push_back(std::make_shared<MemoryClient>());
    clients.back()->address = "198.51.100.7";  // one address, a new connection each time
    lobby.send(clients.back(), ask("P" + std::to_string(i), 4));
  }
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(clients[static_cast<std::size_t>(i)]->last("joined").is_null());
  const json refused = clients[3]->last("error");
  EXPECT_EQ(refused["code"], "rate_limited") << refused.dump();
  EXPECT_NE(refused["message"].get<std::string>().find("3 quick-play asks a minute"), std::string::npos);
  auto other = std::make_shared<MemoryClient>();
  other->address = "198.51.100.8";
  lobby.send(other, ask("Other", 4));
  EXPECT_FALSE(other->last("joined").is_null()) << "another address is not held up";
}

// One person asking from many addresses is held to the same rate by their player key.
TEST(QuickLobby, AsksWithAPlayerKeyAreLimitedPerPlayerToo) {
  MemoryLobby lobby;
  serve::LobbyLimits limits = lobby.lobby().limits();
  limits.quick_asks_per_minute = 2;
  lobby.lobby().set_limits(limits);
  const std::string key(64, 'a');
  std::vector<std::shared_ptr<MemoryClient>> clients;
  for (int i = 0; i < 3; ++i) {
    clients.push_back(std::make_shared<MemoryClient>());
    clients.back()->address = "203.0.113." + std::to_string(i);  // a new address each time
    json m = ask("K" + std::to_string(i), 4);
    m["player_key"] = key;
    lobby.send(clients.back(), m);
  }
  EXPECT_FALSE(clients[1]->last("joined").is_null());
  const json refused = clients[2]->last("error");
  EXPECT_EQ(refused["code"], "rate_limited") << refused.dump();
  EXPECT_NE(refused["message"].get<std::string>().find("from one player"), std::string::npos) << refused.dump();
  auto keyless = std::make_shared<MemoryClient>();
  keyless->address = "203.0.113.9";
  lobby.send(keyless, ask("Other", 4));
  EXPECT_FALSE(keyless->last("joined").is_null()) << "another person is not held up";
}

// Asks handled in one batch (before any commit delivers a reply) never share a seat.
TEST(QuickLobby, AsksInOneBatchTakeDistinctSeats) {
  MemoryLobby lobby;
  std::vector<std::shared_ptr<MemoryClient>> clients;
  for (int i = 0; i < 40; ++i) {
    clients.push_back(std::make_shared<MemoryClient>());
    clients.back()->address = "192.0.2." + std::to_string(i);  // strangers: the per-address limit never counts them together
    lobby.post(clients.back(), ask("P" + std::to_string(i), i % 3 == 0 ? json("any") : json(2 + i % 3), "any"));
  }
  lobby.idle();
  std::set<std::pair<std::string, int>> seats;
  for (const auto& c : clients) {
    const json j = c->last("joined");
    ASSERT_FALSE(j.is_null());
    EXPECT_TRUE(seats.emplace(j["table"], j["seat"]).second) << "seat given twice: " << j.dump();
  }
}

}  // namespace
}  // namespace tonk::test
