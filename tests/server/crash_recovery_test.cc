// kill -9 the server mid-hand at random points, restart it, and check that every table resumes
// exactly: nothing a client was told is lost, no action is applied twice, the
// ledgers agree, and every finished hand's record replays.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>

#include "tonk/record.h"
#include "scripted_player.h"
#include "seat_reader.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

constexpr int kKills = 50;

TEST(ServeCrashRecovery, KilledMidHandFiftyTimesEveryTableResumesExactly) {
  const std::string db = (std::filesystem::temp_directory_path() / ("tonk_crash_" + std::to_string(getpid()) + ".db")).string();
  std::filesystem::remove(db);
  std::mt19937_64 rng(20261130);
  std::vector<Player> players;
  std::vector<std::string> person_tables;  // tables of people only: positions are exact
  std::string bot_table;
  {
    auto server = std::make_unique<ServerProcess>(db);
    WsClient lobby(server->port());
    auto make_table = [&](json create, int persons) { return seat_at_new_table(lobby, server->port(), std::move(create), persons, players); };
    person_tables.push_back(make_table({{"seats", 2}}, 2));
    person_tables.push_back(make_table({{"seats", 3}, {"preset", "rush"}}, 3));
    bot_table = make_table({{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}}, 1);
    for (Player& p : players) ASSERT_TRUE(read_until(p, {1, 0}));
    server->kill9();
    for (Player& p : players) drain(p);
  }

  int resumed_ahead = 0;
  bool committed_unsent = false;  // the last server exited after committing the in-flight act, unsent
  std::optional<std::pair<std::size_t, json>> in_flight;  // the player and its act sent just before the kill
  for (int kill = 0; kill < kKills; ++kill) {
    // Play a few actions, acknowledged, then one more and kill at once. Every fifth time the server
    // itself exits right after committing that last action and before sending anything about it
    // (--exit-after-acts of the tests' server, fault_server.cc): the crash between commit and send,
    // on demand rather than by the luck of a random delay (which a loaded machine never hits).
    // Every fifth time (another one) each commit takes 3 ms longer (--commit-delay-ms): the kill
    // lands while a batch is on the commit thread and the next one is staged behind it.
    const int actions = std::uniform_int_distribution<int>(0, 6)(rng);
    const bool exits_after_commit = kill % 5 == 4;
    const bool slow_commits = kill % 5 == 2;
    std::vector<std::string> extra;
    if (exits_after_commit) extra = {"--exit-after-acts", std::to_string(actions + 1)};
    if (slow_commits) extra = {"--commit-delay-ms", "3"};
    ServerProcess server(db, 1, "20", extra, "", exits_after_commit || slow_commits ? TONK_FAULT_SERVER : TONK_CLI);
    std::vector<json> before;
    for (Player& p : players) before.push_back(p.last);
    // Every seat resumes; its state is the one it last saw, or (for the act in flight at the kill)
    // one action further; with a bot, the bot may have moved on since the restart.
    for (std::size_t i = 0; i < players.size(); ++i) {
      Player& p = players[i];
      p.client = std::make_unique<WsClient>(server.port());
      const json r = p.client->request({{"type", "resume"}, {"token", p.token}});
      ASSERT_EQ(r["type"], "joined") << r.dump();
      // The restarted server rebuilt the hand so far from its log: the history sent after the state
      // holds the deal and one event per action of that state's view, in order.
      p.last = p.client->next();
      ASSERT_EQ(p.last["type"], "state") << p.last.dump();
      if (p.last["hand"].get<long long>() > 0) {
        const json h = p.client->next();
        ASSERT_EQ(h["type"], "history") << h.dump();
        const json& actions = p.last["view"]["history"];
        ASSERT_EQ(h["seq"], p.last["seq"]);
        ASSERT_EQ(h["events"].size(), actions.size() + 1) << "kill " << kill;
        for (std::size_t k = 0; k < actions.size(); ++k) {
          EXPECT_EQ(h["events"][k + 1]["action"], actions[k]["action"]) << "kill " << kill << " event " << k + 1;
          EXPECT_EQ(h["events"][k + 1]["actor"], actions[k]["player"]);
        }
      }
      if (position(p.last) < position(before[i])) {
        ASSERT_TRUE(read_until(p, position(before[i])));
      }
      const json& b = before[i];
      const json& a = p.last;
      if (position(a) == position(b)) {
        EXPECT_EQ(a["view"], b["view"]) << "kill " << kill << " seat " << p.seat << " of " << p.table;
        EXPECT_EQ(a["ledger"], b["ledger"]);
        EXPECT_EQ(a["legal"], b["legal"]);
        EXPECT_EQ(a["fair"]["commitment"], b["fair"]["commitment"]);
      } else {
        ++resumed_ahead;
        const bool person_table = p.table != bot_table;
        if (person_table) {
          // Exactly the act in flight was committed: one action more in the same hand, or the hand it ended.
          ASSERT_TRUE(in_flight && players[in_flight->first].table == p.table) << "kill " << kill << ": a table moved without an action";
          if (a["hand"] == b["hand"]) {
            EXPECT_EQ(a["seq"].get<long long>(), b["seq"].get<long long>() + 1);
          } else {
            EXPECT_GT(a["hand"].get<long long>(), b["hand"].get<long long>());
          }
        }
        if (a["hand"] == b["hand"]) {  // the history seen is a prefix: nothing lost or applied twice
          const auto ha = history_of(a), hb = history_of(b);
          ASSERT_GE(ha.size(), hb.size());
          EXPECT_TRUE(std::equal(hb.begin(), hb.end(), ha.begin()));
        }
        if (a["ledger"]["hands"] == b["ledger"]["hands"]) {
          EXPECT_EQ(a["ledger"], b["ledger"]);
        }
      }
    }
    // The act in flight, when it was committed, sent again with its old seq is refused: never
    // applied twice.
    if (in_flight) {
      Player& p = players[in_flight->first];
      const json& b = before[in_flight->first];
      // After --exit-after-acts the act was committed and never acknowledged: the seat resumes
      // one action ahead of what it saw.
      if (committed_unsent) {
        EXPECT_NE(position(p.last), position(b)) << "kill " << kill;
      }
      committed_unsent = false;
      if (position(p.last) != position(b)) {
        const json r = p.client->request(in_flight->second);
        EXPECT_EQ(r["type"], "error") << r.dump();
        EXPECT_TRUE(r["code"] == "stale" || r["code"] == "illegal") << r.dump();
      }
      in_flight.reset();
    }
    // Exactly `actions` acts acknowledged, then the one in flight (a pick of a table where nobody
    // can move yet is drawn again).
    for (int n = 0, tries = 0; n <= actions; ++tries) {
      ASSERT_LT(tries, 10000) << "kill " << kill << ": no table had a person to move";
      const std::size_t i = std::uniform_int_distribution<std::size_t>(0, players.size() - 1)(rng);
      // Someone at player i's table to move with legal actions, after reading up to the latest state.
      std::size_t mover = players.size();
      for (std::size_t j = 0; j < players.size(); ++j) {
        if (players[j].table != players[i].table) continue;
        if (!players[j].last["legal"].empty()) mover = j;
      }
      if (mover == players.size()) {
        // the bot's turn (or a person's whose state is not read yet): read player i up to its next turn
        Player& p = players[i];
        if (p.table == bot_table) {
          while (p.last["legal"].empty()) ASSERT_TRUE(read_until(p, {position(p.last).first, position(p.last).second + 1}));
          mover = i;
        } else {
          continue;
        }
      }
      Player& p = players[mover];
      const json& legal = p.last["legal"];
      const json pick = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      const json act{{"type", "act"}, {"action", pick["id"]}, {"hand", p.last["hand"]}, {"seq", p.last["seq"]}};
      if (n == actions) {
        in_flight = std::make_pair(mover, act);
        p.client->send(act);
        if (exits_after_commit) {
          committed_unsent = true;
          for (int waited = 0; server.alive(); ++waited) {  // it exits by itself once the act is committed
            ASSERT_LT(waited, 2000) << "kill " << kill << ": the server did not exit after the committed act";
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
          }
        } else {
          std::this_thread::sleep_for(std::chrono::microseconds(std::uniform_int_distribution<int>(0, 3000)(rng)));
        }
        break;
      }
      const auto at = position(p.last);
      p.client->send(act);
      ASSERT_TRUE(read_until(p, {at.first, at.second + 1}));
      for (Player& q : players) {
        if (q.table == p.table && &q != &p) {
          ASSERT_TRUE(read_until(q, position(p.last)));
        }
      }
      ++n;
    }
    server.kill9();
    for (Player& p : players) drain(p);
  }
  EXPECT_GT(resumed_ahead, 0);  // some kills came after a commit that nobody had heard of

  // Every finished hand downloads and replays; the ledger is the sum of the records' payouts.
  ServerProcess server(db);
  for (const std::string& table : person_tables) {
    WsClient c(server.port());
    c.request({{"type", "watch"}, {"table", table}});
    const json state = c.next_of("state");
    const long long hands = state["ledger"]["hands"];
    std::vector<long long> sum(state["ledger"]["net"].size(), 0);
    for (long long h = 1; h <= hands; ++h) {
      const json r = c.request({{"type", "record"}, {"hand", h}});
      ASSERT_EQ(r["type"], "record") << r.dump();
      const std::vector<HandRecord> recs = parse_records(r["text"].get<std::string>());
      ASSERT_EQ(recs.size(), 1u);
      const Hand hand = replay(recs[0]);
      for (std::size_t s = 0; s < sum.size(); ++s) sum[s] += hand.outcome().payouts[s] * recs[0].stake;
    }
    EXPECT_EQ(json(sum), state["ledger"]["hand_net"]);
    std::cout << "table " << table << ": " << hands << " hands finished across " << kKills << " kills; "
              << resumed_ahead << " resumes were one commit ahead of what clients had seen\n";
  }
  std::filesystem::remove(db);
  std::filesystem::remove(db + "-wal");
  std::filesystem::remove(db + "-shm");
}

// The records of a table that ended stay downloadable after a restart (a restarted server hosts only
// the open tables; the ended ones' records are replayed from the log), and `tonk replay` and
// `tonk verify` accept them.
TEST(ServeCrashRecovery, RecordsOfAnEndedTableDownloadAfterARestart) {
  const std::string db = (std::filesystem::temp_directory_path() / ("tonk_ended_" + std::to_string(getpid()) + ".db")).string();
  std::filesystem::remove(db);
  std::string table;
  std::vector<std::string> before;  // the records of the finished hands, downloaded before the restart
  int finished = 0;
  {
    ServerProcess server(db);
    WsClient ann(server.port());
    const json created = ann.request({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}, {"pause_seconds", 0}});
    ASSERT_EQ(created["type"], "created") << created.dump();
    table = created["table"];
    ASSERT_EQ(ann.request({{"type", "join"}, {"table", table}, {"name", "Ann"}})["type"], "joined");
    ASSERT_EQ(play_randomly(ann, 2, 5).hands, 2);
    // Ann is the only person: the table ends, mid-hand. Not always in hand 3: with pause_seconds 0
    // the bot may finish hand 3 before `end` arrives, or a hand may end at its deal (S7), and the next
    // is dealt at once. The ledger counts the hands finished; the one after them is unfinished.
    ann.send({{"type", "end"}});
    const json over = ann.next_of("table_over");
    ASSERT_EQ(over["table"], table);
    finished = over["ledger"]["hands"];
    ASSERT_GE(finished, 2) << over.dump();
    for (int hand = 1; hand <= finished; ++hand) {
      const auto [status, body] = http_get(server.port(), "/records/" + table + "/" + std::to_string(hand));
      ASSERT_EQ(status, 200) << body;
      before.push_back(body);
    }
  }
  ServerProcess server(db);
  for (int hand = 1; hand <= finished; ++hand) {
    const auto [status, body] = http_get(server.port(), "/records/" + table + "/" + std::to_string(hand));
    ASSERT_EQ(status, 200) << "hand " << hand << ": " << body;
    EXPECT_EQ(body, before[static_cast<std::size_t>(hand - 1)]);
    const std::string path = db + ".hand" + std::to_string(hand) + ".tonk";
    std::ofstream(path) << body;
    EXPECT_EQ(std::system((std::string(TONK_CLI) + " replay " + path + " >/dev/null").c_str()), 0) << body;
    EXPECT_EQ(std::system((std::string(TONK_CLI) + " verify " + path + " >/dev/null").c_str()), 0) << body;
    std::filesystem::remove(path);
  }
  // The hand the table's end cut short has its record too, marked abandoned; none after it.
  const auto [cut_status, cut] = http_get(server.port(), "/records/" + table + "/" + std::to_string(finished + 1));
  EXPECT_EQ(cut_status, 200) << cut;
  EXPECT_NE(cut.find("# fair-abandoned: agreed\n"), std::string::npos) << cut;
  EXPECT_EQ(http_get(server.port(), "/records/" + table + "/" + std::to_string(finished + 2)).first, 404);
  EXPECT_EQ(http_get(server.port(), "/records/" + table + "/0").first, 404);
  EXPECT_EQ(http_get(server.port(), "/records/ZZZZZZ/1").first, 404);  // no such table
  EXPECT_EQ(http_get(server.port(), "/records/" + table + "%00/1").first, 404);
  std::filesystem::remove(db);
  std::filesystem::remove(db + "-wal");
  std::filesystem::remove(db + "-shm");
}

// A turn timer keeps its deadline through a restart: the time left goes on running while the server
// is down, and a seat whose deadline passed meanwhile is handed to its bot at once. No waiting on the
// wall clock: the restarted servers are the tests' server told the time is later (--clock-offset-ms).
TEST(ServeCrashRecovery, ATurnTimerKeepsItsDeadlineThroughRestarts) {
  const std::string db = (std::filesystem::temp_directory_path() / ("tonk_timer_" + std::to_string(getpid()) + ".db")).string();
  std::filesystem::remove(db);
  constexpr long long kTurnMs = 300'000;  // turn_seconds 300
  std::string table;
  long long d0 = 0;  // deadline_ms as first seen
  json playing;      // the state it was seen in
  {
    ServerProcess server(db);
    WsClient a(server.port()), b(server.port());
    const json created = a.request({{"type", "create"}, {"seats", 2}, {"turn_seconds", 300}, {"pause_seconds", 0}});
    ASSERT_EQ(created["type"], "created") << created.dump();
    table = created["table"];
    ASSERT_EQ(a.request({{"type", "join"}, {"table", table}, {"name", "A"}, {"seat", 0}})["type"], "joined");
    ASSERT_EQ(b.request({{"type", "join"}, {"table", table}, {"name", "B"}, {"seat", 1}})["type"], "joined");
    do playing = a.next_of("state");
    while (playing["status"] != "playing");
    ASSERT_TRUE(playing["deadline_ms"].is_number()) << playing.dump();
    d0 = playing["deadline_ms"];
    EXPECT_LE(d0, kTurnMs);
    EXPECT_GT(d0, kTurnMs - 60'000);
    server.kill9();  // the state was sent, so the timer's entry was committed
  }
  const int mover = playing["to_move"];
  // Restarted "100 s later": the same turn, with 100 s less on its timer (not a fresh 300 s).
  {
    ServerProcess server(db, 1, "20", {"--clock-offset-ms", "100000"}, "", TONK_FAULT_SERVER);
    WsClient watcher(server.port());
    ASSERT_EQ(watcher.request({{"type", "watch"}, {"table", table}})["type"], "watching");
    const json s = watcher.next_of("state");
    EXPECT_EQ(position(s), position(playing));
    EXPECT_EQ(s["to_move"], mover);
    ASSERT_TRUE(s["deadline_ms"].is_number()) << s.dump();
    EXPECT_LE(s["deadline_ms"].get<long long>(), d0 - 100'000);
    EXPECT_GT(s["deadline_ms"].get<long long>(), d0 - 100'000 - 60'000);
    EXPECT_FALSE(s["seats"][mover]["auto"].get<bool>());
    server.kill9();
  }
  // Restarted "400 s later": the deadline passed while the server was down, so the seat to move is
  // handed to its bot at once (marked auto), as the timer would have done.
  {
    ServerProcess server(db, 1, "20", {"--clock-offset-ms", "400000"}, "", TONK_FAULT_SERVER);
    WsClient watcher(server.port(), 10);
    ASSERT_EQ(watcher.request({{"type", "watch"}, {"table", table}})["type"], "watching");
    json s = watcher.next_of("state");
    while (!s["seats"][mover]["auto"].get<bool>()) s = watcher.next_of("state");  // at most 10 s each: never 300
    EXPECT_EQ(s["hand"], playing["hand"]);
  }
  std::filesystem::remove(db);
  std::filesystem::remove(db + "-wal");
  std::filesystem::remove(db + "-shm");
}

}  // namespace
}  // namespace tonk::test
