// The protocol of docs/PROTOCOL.md through a real `tonk serve`: lobby, seats and tokens, actions and
// refusals with rule IDs, spectators, records that `tonk replay` and `tonk verify` accept.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include <sqlite3.h>

#include "fair_deal.h"
#include "scripted_player.h"
#include "tonk/preset.h"
#include "tonk/rule_options.h"
#include "tonk/record.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("tonk_server_" + std::to_string(getpid()) + "_" + name)).string();
}

json create(WsClient& c, json extra) {
  extra["type"] = "create";
  const json r = c.request(extra);
  EXPECT_EQ(r["type"], "created") << r.dump();
  return r;
}

TEST(ServeProtocol, PresetsListEveryPresetAndOption) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  const json r = c.request({{"type", "presets"}});
  ASSERT_EQ(r["type"], "presets");
  EXPECT_EQ(r["presets"][0]["name"], "P-STD");
  // The lobby's bot choice: the difficulty levels first, weakest first.
  ASSERT_GE(r["bots"].size(), 5u);
  EXPECT_EQ(r["bots"][0], "beginner");
  EXPECT_EQ(r["bots"][4], "expert");
  bool rush = false;
  for (const json& p : r["presets"]) rush = rush || p["name"] == "P-RUSH";
  EXPECT_TRUE(rush);
  bool hand_size = false;
  for (const json& o : r["options"]) hand_size = hand_size || (o["name"] == "hand_size" && o["default"] == "5");
  EXPECT_TRUE(hand_size);
}

TEST(ServeProtocol, CreateRefusesBadTablesNamingTheField) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  json r = c.request({{"type", "create"}, {"seats", 9}});
  EXPECT_EQ(r["code"], "bad_request");
  EXPECT_NE(r["message"].get<std::string>().find("seats"), std::string::npos);
  r = c.request({{"type", "create"}, {"seats", 2}, {"set", {"hand_size=99"}}});
  EXPECT_EQ(r["code"], "bad_rules");
  EXPECT_NE(r["message"].get<std::string>().find("hand_size"), std::string::npos);
  r = c.request({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 0}, {"kind", "greedy"}}, {{"seat", 1}, {"kind", "greedy"}}}}});
  EXPECT_EQ(r["code"], "bad_request");
  r = c.request({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "mc:999999"}}}}});
  EXPECT_EQ(r["code"], "bad_request");
  // The expert's options are for measuring; a table seats the level, whose cost is known.
  r = c.request({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "expert:9999"}}}}});
  EXPECT_EQ(r["code"], "bad_request");
  r = c.request({{"type", "create"}, {"seats", 3}, {"preset", "nonesuch"}});
  EXPECT_EQ(r["code"], "bad_rules");
}

TEST(ServeProtocol, CreateSeatsTheDifficultyLevelsByName) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  for (const char* level : {"beginner", "easy", "medium", "hard", "expert"}) {
    const json r = c.request({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", level}}}}});
    EXPECT_EQ(r["type"], "created") << level << ": " << r.dump();
  }
}

// The lobby offers no more seats than a preset's deck can deal (S1): it offered 8 for presets whose
// deck cannot deal 8.
TEST(ServeProtocol, PresetsGiveTheLargestTableTheirDeckCanDeal) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  const json r = c.request({{"type", "presets"}});
  ASSERT_EQ(r["type"], "presets");
  for (const json& p : r["presets"]) {
    const int max = p["max_players"].get<int>();
    const Preset* preset = find_preset(p["name"].get<std::string>());
    ASSERT_NE(preset, nullptr);
    EXPECT_EQ(max, largest_table(*preset)) << p["name"];
    // Every option's value, so that a client shows the preset's rules without a copy of the defaults.
    EXPECT_EQ(p["rules"], to_string(preset->rules)) << p["name"];
    // The largest table is created; one more seat is refused by the deal check. A connection of its
    // own per preset: one connection may hold only 5 tables nobody joined (docs/PROTOCOL.md).
    WsClient creator(server.port());
    EXPECT_EQ(create(creator, {{"preset", p["name"]}, {"seats", max}})["type"], "created") << p["name"];
    if (max < kMaxPlayers) {
      EXPECT_EQ(creator.request({{"type", "create"}, {"preset", p["name"]}, {"seats", max + 1}})["code"], "bad_rules") << p["name"];
    }
  }
  for (const json& p : r["presets"]) {
    if (p["name"] == "P-BATON" || p["name"] == "P-SEATTLE" || p["name"] == "P-VIETNAM") {
      EXPECT_LT(p["max_players"].get<int>(), 8) << p["name"];
    }
  }
}

// One name rule (docs/PROTOCOL.md "Names"), checked at create so that a refused
// name leaves no empty table, and at join; duplicates are refused; bots of one kind are numbered.
TEST(ServeProtocol, NamesAreOneToThirtyTwoVisibleCharactersAndDistinct) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  const std::string thirty_two_cjk = [] { std::string s; for (int i = 0; i < 32; ++i) s += "\xE7\x8E\x8B"; return s; }();  // 王 x32: 96 bytes
  const std::vector<std::string> bad = {"", " ", "\xE3\x80\x80", "Ann ", " Ann", "A\tB", "A\xC2\x85" "B",
                                        "Ann\xE2\x80\x8B", "\xE2\x80\xAEnnA", "A\xEF\xBB\xBF", thirty_two_cjk + "\xE7\x8E\x8B",
                                        std::string(33, 'x')};
  for (const std::string& name : bad) {
    const json r = c.request({{"type", "create"}, {"seats", 2}, {"name", name}});
    EXPECT_EQ(r["code"], "bad_request") << json(name).dump();
    EXPECT_EQ(r["message"].get<std::string>().rfind("`name`", 0), 0u) << r.dump();
  }
  const std::string table = create(c, {{"seats", 4}, {"name", thirty_two_cjk},
                                       {"bots", {{{"seat", 2}, {"kind", "greedy"}}, {{"seat", 3}, {"kind", "greedy"}}}}})["table"];
  for (const std::string& name : bad) EXPECT_EQ(c.request({{"type", "join"}, {"table", table}, {"name", name}})["code"], "bad_request");
  EXPECT_EQ(c.request({{"type", "join"}, {"table", table}, {"name", thirty_two_cjk}, {"seat", 0}})["type"], "joined");
  WsClient d(server.port());
  const json dup = d.request({{"type", "join"}, {"table", table}, {"name", thirty_two_cjk}});
  EXPECT_EQ(dup["code"], "bad_request");
  EXPECT_NE(dup["message"].get<std::string>().find("taken at this table (seat 0)"), std::string::npos) << dup.dump();
  EXPECT_EQ(d.request({{"type", "join"}, {"table", table}, {"name", "GREEDY 2"}})["code"], "bad_request");
  EXPECT_EQ(d.request({{"type", "join"}, {"table", table}, {"name", "Zoë 😀"}})["type"], "joined");
  const json state = d.next_of("state");
  ASSERT_EQ(state["seats"].size(), 4u);
  EXPECT_EQ(state["seats"][0]["name"], thirty_two_cjk);
  EXPECT_EQ(state["seats"][1]["name"], "Zoë 😀");
  EXPECT_EQ(state["seats"][2]["name"], "greedy 1");
  EXPECT_EQ(state["seats"][3]["name"], "greedy 2");
}

// Names are compared by their Unicode confusable skeleton: a Cyrillic "А" beside "Ann" is "Ann"
// taken; a name that draws nothing is blank; a mix of look-alike scripts is refused at create; one
// script alone, Greek or Han, is a name like any other.
TEST(ServeProtocol, NamesThatLookAlikeOrBlankAreRefused) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  const std::string cyrillic_ann = "\xD0\x90nn";  // U+0410 CYRILLIC CAPITAL LETTER A, then Latin "nn"
  json r = c.request({{"type", "create"}, {"seats", 2}, {"name", cyrillic_ann}});
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  EXPECT_EQ(r["message"].get<std::string>().rfind("`name` mixes scripts", 0), 0u) << r.dump();
  const std::string table = create(c, {{"seats", 4}})["table"];
  ASSERT_EQ(c.request({{"type", "join"}, {"table", table}, {"name", "Ann"}, {"seat", 0}})["type"], "joined");
  WsClient d(server.port());
  r = d.request({{"type", "join"}, {"table", table}, {"name", cyrillic_ann}});
  EXPECT_EQ(r["code"], "bad_request") << r.dump();
  EXPECT_NE(r["message"].get<std::string>().find("is taken at this table (seat 0)"), std::string::npos) << r.dump();
  for (const std::string& blank : {std::string("\xCC\x81"), std::string("\xE3\x85\xA4"), std::string("\xE2\xA0\x80")}) {
    r = d.request({{"type", "join"}, {"table", table}, {"name", blank}});
    EXPECT_EQ(r["code"], "bad_request") << r.dump();
    EXPECT_EQ(r["message"].get<std::string>().rfind("`name` is blank", 0), 0u) << r.dump();
  }
  EXPECT_EQ(d.request({{"type", "join"}, {"table", table}, {"name", "\xCE\xA3\xCE\xBF\xCF\x86\xCE\xAF\xCE\xB1"}})["type"], "joined");  // Σοφία
  WsClient e(server.port());
  EXPECT_EQ(e.request({{"type", "join"}, {"table", table}, {"name", "\xE6\x9D\x8E"}})["type"], "joined");  // 李
}

// A name an older server accepted and the rule now refuses (a combining mark alone) is in a table's
// log: the restarted server replays it, the hand ends, and its record names the seat instead.
TEST(ServeProtocol, ANameLoggedBeforeTheRuleRefusedItStillPlaysToItsRecord) {
  const std::string db = temp_path("old_name.db");
  std::string table, token;
  {
    ServerProcess server(db);
    WsClient c(server.port());
    table = create(c, {{"seats", 2}, {"pause_seconds", 0}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}})["table"];
    token = c.request({{"type", "join"}, {"table", table}, {"name", "Ann"}, {"seat", 0}})["token"];
    c.request({{"type", "ping"}});  // committed
    server.kill9();
  }
  {
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(handle, "UPDATE log SET entry = replace(entry, '\"name\":\"Ann\"', '\"name\":\"\xCC\x81\"') "
                                   "WHERE instr(entry, '\"name\":\"Ann\"') > 0",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    EXPECT_EQ(sqlite3_changes(handle), 1);
    sqlite3_close(handle);
  }
  ServerProcess server(db);
  WsClient c(server.port());
  ASSERT_EQ(c.request({{"type", "resume"}, {"token", token}})["type"], "joined");
  // Play hand 1 to its end. The greedy bot may have ended it before the kill (a drop on its first
  // turn, and with no pause hand 2 dealt): then the first state is already of a later hand.
  for (int actions = 0; actions < 500;) {
    const json m = c.next();
    if (m["type"] == "hand_over" || (m["type"] == "state" && m["hand"] > 1)) break;
    if (m["type"] == "state" && m["to_move"] == 0 && !m["legal"].empty() && m["hand"] == 1) {
      c.send({{"type", "act"}, {"action", m["legal"][0]["id"]}, {"hand", m["hand"]}, {"seq", m["seq"]}});
      ++actions;
    }
  }
  const json record = c.request({{"type", "record"}, {"hand", 1}});
  ASSERT_EQ(record["type"], "record") << record.dump();
  EXPECT_NE(record["text"].get<std::string>().find("[Seat0 \"seat 0\"]"), std::string::npos) << record["text"];
  EXPECT_TRUE(server.alive());
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

// The longest name a seat may have (32 four-byte code points, 128 bytes) plays hands to their end:
// the server wrote each finished hand's record with the names, and a name over the record's old
// 64-byte limit made that write throw and the whole server exit ("tonk: error: write_record: seat
// name ... at most 64 bytes, not 96"), every table with it.
TEST(ServeProtocol, TheLongestNamePlaysHandsToTheirRecords) {
  ServerProcess server(":memory:");
  WsClient ann(server.port());
  std::string longest;
  for (int i = 0; i < 32; ++i) longest += "\xF0\x9F\x98\x80";  // U+1F600
  const std::string table = create(ann, {{"seats", 3}, {"name", longest}, {"pause_seconds", 0},
                                         {"bots", {{{"seat", 1}, {"kind", "greedy"}}, {{"seat", 2}, {"kind", "greedy"}}}}})["table"];
  ASSERT_EQ(ann.request({{"type", "join"}, {"table", table}, {"name", longest}})["type"], "joined");
  const PlayerResult result = play_randomly(ann, 3, 5);
  EXPECT_EQ(result.hands, 3);
  EXPECT_EQ(result.errors, 0) << result.first_error;
  for (int hand = 1; hand <= 3; ++hand) {
    const json r = ann.request({{"type", "record"}, {"hand", hand}});
    ASSERT_EQ(r["type"], "record") << r.dump();
    const std::vector<HandRecord> records = parse_records(r["text"].get<std::string>());
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].seats, (std::vector<std::string>{longest, "greedy 1", "greedy 2"}));
    EXPECT_NO_THROW(replay(records[0]));
  }
  EXPECT_TRUE(server.alive());
}

TEST(ServeProtocol, ASeatPlaysAHandAgainstABotAndTheRecordVerifies) {
  ServerProcess server(":memory:");
  WsClient ann(server.port());
  const json created = create(ann, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}, {"pause_seconds", 0}});
  const std::string table = created["table"];
  ASSERT_EQ(table.size(), 27u);  // six to read out, a dash, the secret (docs/PROTOCOL.md "Table codes")
  ASSERT_EQ(table[6], '-');
  const json joined = ann.request({{"type", "join"}, {"table", table}, {"name", "Ann"}, {"entropy", "7be01c55aa0391d2"}});
  ASSERT_EQ(joined["type"], "joined") << joined.dump();
  EXPECT_EQ(joined["seat"], 0);
  const std::string token = joined["token"];
  EXPECT_TRUE(serve::is_hex(token, 32, 32));

  // The first state with legal actions: each has the documented fields, and a wrong action is refused
  // with the engine's rule ID.
  json state;
  do state = ann.next_of("state");
  while (state["legal"].empty());
  EXPECT_EQ(state["status"], "playing");
  EXPECT_EQ(state["view"]["schema"], "tonk.view/1");
  // The next deal's commitment. Not always hand 2: the deal is random, and hand 1 can end before Ann
  // moves (a dealt tonk, or the bot drops on its first turn).
  EXPECT_EQ(state["fair"]["hand"], state["hand"].get<int>() + 1);
  for (const json& a : state["legal"]) {
    EXPECT_TRUE(a.contains("id") && a.contains("kind") && a.contains("cards") && a.contains("target") && a.contains("shape"));
  }
  const long long seq = state["seq"];
  json r = ann.request({{"type", "act"}, {"action", "discard Ac"}, {"hand", state["hand"]}, {"seq", seq}});
  EXPECT_EQ(r["type"], "error");
  EXPECT_EQ(r["code"], "illegal");
  EXPECT_FALSE(r["rule_id"].get<std::string>().empty());
  r = ann.request({{"type", "act"}, {"action", state["legal"][0]["id"]}, {"hand", state["hand"]}, {"seq", seq + 5}});
  EXPECT_EQ(r["code"], "stale");
  r = ann.request({{"type", "act"}, {"action", "fly away"}, {"hand", state["hand"]}, {"seq", seq}});
  EXPECT_EQ(r["code"], "bad_request");

  // A spectator sees no hand; a second connection resumes the seat with its token.
  WsClient spectator(server.port());
  r = spectator.request({{"type", "watch"}, {"table", table}});
  EXPECT_EQ(r["type"], "watching");
  json seen = spectator.next_of("state");
  EXPECT_TRUE(seen["view"]["hand"].empty());
  EXPECT_TRUE(seen["view"]["player"].is_null());
  EXPECT_TRUE(seen["legal"].empty());
  r = spectator.request({{"type", "act"}, {"action", "stock"}, {"hand", state["hand"]}, {"seq", seq}});
  EXPECT_EQ(r["code"], "unauthorized");

  WsClient again(server.port());
  r = again.request({{"type", "resume"}, {"token", token}});
  ASSERT_EQ(r["type"], "joined");
  EXPECT_EQ(r["seat"], 0);
  EXPECT_EQ(again.next_of("state")["view"]["hand"], state["view"]["hand"]);
  r = again.request({{"type", "resume"}, {"token", std::string(32, '0')}});
  EXPECT_EQ(r["code"], "unauthorized");

  // Play the hand out at random; the record downloads, replays and verifies.
  ann.send({{"type", "act"}, {"action", state["legal"][0]["id"]}, {"hand", state["hand"]}, {"seq", seq}});
  const PlayerResult result = play_randomly(ann, 1, 7);
  EXPECT_EQ(result.hands, 1);
  r = ann.request({{"type", "record"}, {"hand", 1}});
  ASSERT_EQ(r["type"], "record") << r.dump();
  const std::string text = r["text"];
  const std::vector<HandRecord> records = parse_records(text);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_NO_THROW(replay(records[0]));
  const std::string path = temp_path("hand1.tonk");
  std::ofstream(path) << text;
  EXPECT_EQ(std::system((std::string(TONK_CLI) + " replay " + path + " >/dev/null").c_str()), 0);
  EXPECT_EQ(std::system((std::string(TONK_CLI) + " verify " + path + " >/dev/null").c_str()), 0);
  // A deck that is not the committed one fails.
  std::string forged = text;
  const auto seed_at = forged.find("# fair-seed: ") + 13;
  forged[seed_at] = forged[seed_at] == '0' ? '1' : '0';
  std::ofstream(path) << forged;
  EXPECT_NE(std::system((std::string(TONK_CLI) + " verify " + path + " >/dev/null").c_str()), 0);
  std::filesystem::remove(path);
  r = ann.request({{"type", "record"}, {"hand", 100000}});  // never played
  EXPECT_EQ(r["code"], "not_found");
}

// The hand in play's commitment is in every `state` (fair.current), so a client that reloads
// mid-hand can show it and check the reveal against it: it is the commitment published for that
// hand before its deal, and the one the hand's record reveals.
TEST(ServeProtocol, StateCarriesTheCommitmentOfTheHandInPlay) {
  ServerProcess server(":memory:");
  WsClient ann(server.port());
  // A pause between hands (Ann's `ready` ends it at once): the state between hands, which carries
  // the next hand's commitment, is then always sent. With no pause a hand that ends at its deal is
  // followed by the next deal at once, and the next commitment comes first in that hand's states.
  const std::string table = create(ann, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}, {"pause_seconds", 30}})["table"];
  WsClient spectator(server.port());
  ASSERT_EQ(spectator.request({{"type", "watch"}, {"table", table}})["type"], "watching");
  const json waiting = spectator.next_of("state");
  ASSERT_EQ(waiting["status"], "waiting");
  ASSERT_EQ(waiting["fair"]["hand"], 1);
  EXPECT_TRUE(waiting["fair"]["current"].is_null());  // no hand in play
  std::map<long long, std::string> published{{1, waiting["fair"]["commitment"]}};  // hand -> as published before its deal

  const json joined = ann.request({{"type", "join"}, {"table", table}, {"name", "Ann"}});
  ASSERT_EQ(joined["type"], "joined");
  // Ann plays three hands at random. In every state of a hand in play, fair.current is that hand's
  // commitment as published before its deal; hand_over reveals a seed with the same commitment.
  std::mt19937_64 rng(11);
  std::set<long long> checked;
  bool reload_checked = false;
  long long acted_hand = -1, acted_seq = -1;
  std::string seen;  // what Ann was sent, told when a check fails
  for (int hands = 0; hands < 3;) {
    const json m = ann.next();
    seen += m.value("type", "?") + "(hand " + m.value("hand", json()).dump() + ", " + m.value("status", "") + ") ";
    if (m["type"] == "hand_over") {
      ASSERT_TRUE(published.count(m["hand"])) << "Ann was sent: " << seen;
      EXPECT_EQ(m["fair"]["commitment"], published[m["hand"]]);
      ++hands;
      ann.send({{"type", "ready"}});
    }
    if (m["type"] != "state") continue;
    const long long hand = m["hand"];
    if (m["status"] == "playing" && published.count(hand)) {
      EXPECT_EQ(m["fair"]["current"], (json{{"hand", hand}, {"commitment", published[hand]}})) << m["fair"].dump();
      checked.insert(hand);
      if (!reload_checked) {
        // A reload mid-hand: a new connection resumes the seat and is told the commitment at once.
        WsClient reloaded(server.port());
        ASSERT_EQ(reloaded.request({{"type", "resume"}, {"token", joined["token"]}})["type"], "joined");
        const json r = reloaded.next_of("state");
        // (count(): the hand may have moved on while the seat resumed; operator[] would insert "")
        if (r["status"] == "playing" && published.count(r["hand"])) {
          EXPECT_EQ(r["fair"]["current"], (json{{"hand", r["hand"]}, {"commitment", published.at(r["hand"])}}));
        }
        const json w = spectator.next_of("state");  // spectators too: it is public
        if (w["status"] == "playing" && published.count(w["hand"])) {
          EXPECT_EQ(w["fair"]["current"], (json{{"hand", w["hand"]}, {"commitment", published.at(w["hand"])}}));
        }
        reload_checked = true;
      }
    }
    if (!m["fair"].is_null()) {
      published.emplace(m["fair"]["hand"].get<long long>(), m["fair"]["commitment"].get<std::string>());
      EXPECT_NE(m["fair"]["hand"], hand);  // the next deal's, never the hand in play's
    }
    const json& legal = m["legal"];
    if (!legal.empty() && (hand != acted_hand || m["seq"].get<long long>() != acted_seq)) {
      acted_hand = hand;
      acted_seq = m["seq"];
      const json& pick = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      ann.send({{"type", "act"}, {"action", pick["id"]}, {"hand", acted_hand}, {"seq", acted_seq}});
    }
  }
  EXPECT_TRUE(reload_checked);
  EXPECT_GE(checked.size(), 2u);
  // The record of hand 1 reveals the commitment published before its deal.
  const json rec = ann.request({{"type", "record"}, {"hand", 1}});
  ASSERT_EQ(rec["type"], "record") << rec.dump();
  EXPECT_NE(rec["text"].get<std::string>().find("# fair-commitment: " + published[1] + "\n"), std::string::npos);
}

// GET /tables/CODE/host names the server hosting an open table (docs/SCALING.md): with SQLite, the
// server itself, at its --advertise URL or by default at the address it listens on.
TEST(ServeProtocol, TheHostOfATableIsThisServerWithSqlite) {
  {
    ServerProcess server(":memory:");
    WsClient c(server.port());
    const std::string table = create(c, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}})["table"];
    auto [status, body] = http_get(server.port(), "/tables/" + table + "/host");
    ASSERT_EQ(status, 200) << body;
    EXPECT_EQ(json::parse(body), (json{{"table", table}, {"host", "http://127.0.0.1:" + std::to_string(server.port())},
                                       {"lease_until", nullptr}, {"expired", false}}));
    EXPECT_EQ(http_get(server.port(), "/tables/ZZZZZZ/host").first, 404);
    EXPECT_EQ(http_get(server.port(), "/tables//host").first, 404);
    // An ended table is hosted nowhere.
    c.request({{"type", "join"}, {"table", table}, {"name", "A"}});
    c.send({{"type", "end"}});
    c.next_of("table_over");
    EXPECT_EQ(http_get(server.port(), "/tables/" + table + "/host").first, 404);
  }
  ServerProcess server(":memory:", 1, "20", {"--advertise", "https://tonk-3.example.org"});
  WsClient c(server.port());
  const std::string table = create(c, {{"seats", 2}})["table"];
  const auto [status, body] = http_get(server.port(), "/tables/" + table + "/host");
  ASSERT_EQ(status, 200) << body;
  EXPECT_EQ(json::parse(body)["host"], "https://tonk-3.example.org");
}

// A path is any bytes a client sends: one that is not UTF-8 (bytes of 0x80 and above, or a
// character cut in two) is answered like any unknown path, and the server goes on for everyone. It
// used to be echoed into the JSON of a 404, whose writing threw and ended the server.
TEST(ServeProtocol, AnHttpPathThatIsNotUtf8IsAnsweredAndTheServerGoesOn) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  const std::string table = create(c, {{"seats", 2}})["table"];
  const std::vector<std::string> paths = {
      "/tables/\xff\xfe\xfd/host",
      "/tables/ABCDEFGHIJKLMNOPQRSTUVWXYZ\xc3\xa9/host",  // the old 27-byte cut fell inside the é
      "/tables/" + table + "\x80/host",
      "/records/\xff/1",
      "/records/" + table + "/\xff",
      "/\xff\xfe.html",
  };
  for (const std::string& path : paths) {
    const auto [status, body] = http_get(server.port(), path);
    EXPECT_TRUE(status == 400 || status == 404) << status << " " << body;
    ASSERT_TRUE(server.alive()) << "the server ended on a path of " << path.size() << " bytes";
  }
  EXPECT_EQ(http_get(server.port(), "/tables/" + table + "/host").first, 200);
  EXPECT_EQ(c.request({{"type", "ping"}})["type"], "pong");
}

// The turn timer: a person who does not act is played by a bot, marked auto, until `back`.
TEST(ServeProtocol, TurnTimerHandsASilentSeatToABotMarkedAuto) {
  ServerProcess server(":memory:");
  WsClient a(server.port()), b(server.port());
  const std::string table = create(a, {{"seats", 2}, {"turn_seconds", 5}, {"pause_seconds", 0}})["table"];
  a.request({{"type", "join"}, {"table", table}, {"name", "A"}, {"seat", 0}});
  b.request({{"type", "join"}, {"table", table}, {"name", "B"}, {"seat", 1}});
  json state = a.next_of("state");
  while (state["status"] != "playing") state = a.next_of("state");
  EXPECT_TRUE(state["deadline_ms"].is_number());
  EXPECT_LE(state["deadline_ms"].get<long long>(), 5000);
  // Nobody acts: within the timer a bot plays the seat to move, and says so.
  json event = a.next_of("event");
  while (!event["auto"].get<bool>()) event = a.next_of("event");
  const int seat = event["actor"];
  json s = a.next_of("state");
  EXPECT_TRUE(s["seats"][seat]["auto"].get<bool>());
  WsClient& owner = seat == 0 ? a : b;
  owner.send({{"type", "back"}});
  json last;
  do last = owner.next_of("state");
  while (last["seats"][seat]["auto"].get<bool>());
  EXPECT_FALSE(last["seats"][seat]["auto"].get<bool>());
}

// No runaway play: when no person is present (every person timed out, or gone), the hand in play is
// played out by the bots and then the table holds; no further hand is dealt, even with
// pause_seconds 0, until a person is back (`back`, or a resume).
TEST(ServeProtocol, ATableWithNoPersonPresentDealsNoNewHand) {
  ServerProcess server(":memory:");
  auto ann = std::make_unique<WsClient>(server.port());
  const std::string table =
      create(*ann, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}, {"turn_seconds", 5}, {"pause_seconds", 0}})["table"];
  const json joined = ann->request({{"type", "join"}, {"table", table}, {"name", "Ann"}, {"seat", 0}});
  ASSERT_EQ(joined["type"], "joined");
  WsClient spectator(server.port());
  ASSERT_EQ(spectator.request({{"type", "watch"}, {"table", table}})["type"], "watching");
  // Reads hand_over messages until the table holds after one (at most `hands` of them); returns
  // that hand, or 0.
  auto held_after = [](WsClient& c, int hands) {
    for (int n = 0; n < hands; ++n) {
      const json over = c.next_of("hand_over");
      const json s = latest_state(c);
      if (s["status"] == "between") {
        EXPECT_EQ(s["hand"], over["hand"]) << s.dump();
        EXPECT_EQ(s["ledger"]["hands"], over["hand"]);
        EXPECT_TRUE(s["deadline_ms"].is_null());
        return over["hand"].get<int>();
      }
    }
    return 0;
  };
  // Ann stays connected and silent: her timer runs out, the bot plays the hand out for her, then
  // the table holds.
  const int first = held_after(spectator, 4);
  ASSERT_GT(first, 0) << "the table never held with Ann timed out";
  EXPECT_TRUE(latest_state(*ann)["seats"][0]["auto"].get<bool>());
  // `back`: Ann is present again and the next hand is dealt at once (pause_seconds 0). Its first
  // state is hand first + 1's, or a later one's when a hand ended at its deal (S7: the next is
  // dealt with it, and changes made together get one state).
  ann->send({{"type", "back"}});
  json s;
  do s = ann->next_of("state");
  while (s["hand"].get<int>() <= first);
  EXPECT_EQ(s["status"], "playing");
  EXPECT_EQ(s["ledger"]["hands"], s["hand"].get<int>() - 1) << s.dump();

  // Ann goes away (not timed out): the hand in play is played out by the bots, then the table holds.
  ann.reset();
  const int second = held_after(spectator, 4);
  ASSERT_GT(second, first) << "the table never held with Ann gone";
  // Ann resumes: the next hand is dealt.
  WsClient again(server.port());
  ASSERT_EQ(again.request({{"type", "resume"}, {"token", joined["token"]}})["type"], "joined");
  do s = again.next_of("state");
  while (s["hand"].get<int>() <= second);
  EXPECT_EQ(s["status"], "playing");
  EXPECT_EQ(s["ledger"]["hands"], s["hand"].get<int>() - 1) << s.dump();  // hand second + 1, or later (S7)
}

// A table ends when its people agree (`end`) or leave; its ledger is sent with table_over.
TEST(ServeProtocol, ATableEndsWhenEveryPersonAgreesOrLeaves) {
  ServerProcess server(":memory:");
  WsClient a(server.port()), b(server.port());
  std::string table = create(a, {{"seats", 3}, {"bots", {{{"seat", 2}, {"kind", "random"}}}}})["table"];
  a.request({{"type", "join"}, {"table", table}, {"name", "A"}});
  b.request({{"type", "join"}, {"table", table}, {"name", "B"}});
  a.send({{"type", "end"}});
  b.send({{"type", "end"}});
  EXPECT_EQ(a.next_of("table_over")["table"], table);
  EXPECT_EQ(b.next_of("table_over")["table"], table);
  WsClient c(server.port());
  EXPECT_EQ(c.request({{"type", "join"}, {"table", table}, {"name", "C"}})["code"], "not_found");

  WsClient d(server.port());
  table = create(d, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}})["table"];
  const json joined = d.request({{"type", "join"}, {"table", table}, {"name", "D"}});
  EXPECT_EQ(d.request({{"type", "leave"}})["type"], "left");
  EXPECT_EQ(d.next_of("table_over")["table"], table);
  WsClient e(server.port());
  EXPECT_EQ(e.request({{"type", "resume"}, {"token", joined["token"]}})["code"], "unauthorized");
}

}  // namespace
}  // namespace tonk::test
