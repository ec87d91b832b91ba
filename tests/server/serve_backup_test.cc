// `tonk serve-backup DB FILE` while the server runs: tables mid-hand (people only, people and a bot)
// and one table being played throughout the copy. A server started on the copy resumes every table
// where the copy found it: each seat's view, legal moves, ledger and deal commitment exactly as the
// seat saw them at that position, and every hand then plays to its end with a record that replays.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <thread>

#include <sqlite3.h>

#include "tonk/record.h"
#include "seat_reader.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

namespace fs = std::filesystem;

struct Files {
  std::string dir = (fs::temp_directory_path() / ("tonk_backup_" + std::to_string(getpid()))).string();
  Files() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Files() { fs::remove_all(dir); }
  std::string operator()(const std::string& name) const { return dir + "/" + name; }
};

int tonk(const std::string& arguments) {
  const int status = std::system((std::string(TONK_CLI) + " " + arguments + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The seat of `seats` with legal moves now, or nullptr.
Player* mover_of(const std::vector<Player*>& seats) {
  for (Player* p : seats)
    if (!p->last["legal"].empty()) return p;
  return nullptr;
}

// One random legal action by whoever is to move at the seats' table; every seat reads up to the
// state after it. With nobody to move (a bot thinking), the first seat reads one state further.
bool step(const std::vector<Player*>& seats, std::mt19937_64& rng) {
  Player* p = mover_of(seats);
  if (!p) return read_until(*seats[0], {position(seats[0]->last).first, position(seats[0]->last).second + 1});
  const json& legal = p->last["legal"];
  const json pick = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
  const auto at = position(p->last);
  p->client->send({{"type", "act"}, {"action", pick["id"]}, {"hand", at.first}, {"seq", at.second}});
  if (!read_until(*p, {at.first, at.second + 1})) return false;
  for (Player* q : seats)
    if (q != p && !read_until(*q, position(p->last))) return false;
  return true;
}

// Plays until a person at the seats' table is to move (a bot's turn is waited out).
bool until_person_to_move(const std::vector<Player*>& seats, std::mt19937_64& rng) {
  for (int i = 0; i < 200 && !mover_of(seats); ++i)
    if (!step(seats, rng)) return false;
  return mover_of(seats) != nullptr;
}

std::vector<Player*> seats_at(std::vector<Player>& players, const std::string& table) {
  std::vector<Player*> out;
  for (Player& p : players)
    if (p.table == table) out.push_back(&p);
  return out;
}

TEST(ServeBackup, ACopyTakenWhileTheServerPlaysResumesEveryTable) {
  Files files;
  const std::string db = files("tables.db"), copy = files("copy.db");
  std::mt19937_64 rng(20261203);
  std::vector<Player> players;
  std::vector<std::string> tables;
  std::vector<json> at_copy;  // each player's last state before the copy

  auto server = std::make_unique<ServerProcess>(db, 1, "1000");  // the busy table acts faster than people
  WsClient lobby(server->port());
  auto make_table = [&](json create, int persons, std::vector<Player>& into) { return seat_at_new_table(lobby, server->port(), std::move(create), persons, into); };
  tables.push_back(make_table({{"seats", 2}}, 2, players));
  tables.push_back(make_table({{"seats", 3}, {"preset", "rush"}}, 3, players));
  tables.push_back(make_table({{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}}, 1, players));
  for (Player& p : players) ASSERT_TRUE(read_until(p, {1, 0}));
  // Each table mid-hand, a person to move, nothing in flight.
  for (const std::string& table : tables) {
    const std::vector<Player*> seats = seats_at(players, table);
    ASSERT_TRUE(until_person_to_move(seats, rng));
    for (int n = 0; n < 3 && mover_of(seats) && seats[0]->last["status"] == "playing"; ++n) ASSERT_TRUE(step(seats, rng));
    ASSERT_TRUE(until_person_to_move(seats, rng)) << "table " << table;
  }

  // A fourth table is played throughout the copy: the server writes while SQLite copies.
  std::vector<Player> busy;
  const std::string busy_table = make_table({{"seats", 2}}, 2, busy);
  for (Player& p : busy) ASSERT_TRUE(read_until(p, {1, 0}));
  std::map<std::pair<long long, long long>, json> busy_seen;  // seat 0's state at each position it saw
  std::atomic<bool> stop{false}, failed{false};
  std::atomic<int> busy_actions{0};
  std::thread player([&] {
    std::mt19937_64 busy_rng(7);
    const std::vector<Player*> seats = {&busy[0], &busy[1]};
    while (!stop && !failed) {
      busy_seen[position(busy[0].last)] = busy[0].last;
      if (busy[0].last["status"] != "playing") {  // between hands: both ready, then the next deal
        const long long next = busy[0].last["hand"].get<long long>() + 1;
        for (Player* p : seats) p->client->send({{"type", "ready"}});
        for (Player* p : seats)
          if (!read_until(*p, {next, 0})) failed = true;
        continue;
      }
      if (!step(seats, busy_rng)) failed = true;
      ++busy_actions;
    }
    busy_seen[position(busy[0].last)] = busy[0].last;
  });
  while (busy_actions < 20 && !failed) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  for (Player& p : players) at_copy.push_back(p.last);
  const int before = busy_actions;
  ASSERT_EQ(tonk("serve-backup " + db + " " + copy), 0);
  while (busy_actions < before + 20 && !failed) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  stop = true;
  player.join();
  ASSERT_FALSE(failed) << "the busy table stopped";
  const auto busy_last = position(busy[0].last);

  // The original server goes on: the copy is a snapshot, not a view of the file.
  for (const std::string& table : tables) {
    const std::vector<Player*> seats = seats_at(players, table);
    if (mover_of(seats)) {
      ASSERT_TRUE(step(seats, rng));
    }
  }
  server.reset();

  // A server on the copy resumes every table where the copy found it.
  ServerProcess restored(copy);
  for (std::size_t i = 0; i < players.size(); ++i) {
    Player& p = players[i];
    p.client = std::make_unique<WsClient>(restored.port());
    const json r = p.client->request({{"type", "resume"}, {"token", p.token}});
    ASSERT_EQ(r["type"], "joined") << r.dump();
    ASSERT_TRUE(read_until(p, position(at_copy[i])));
    EXPECT_EQ(position(p.last), position(at_copy[i])) << "seat " << p.seat << " of " << p.table;
    EXPECT_EQ(p.last["view"], at_copy[i]["view"]) << "seat " << p.seat << " of " << p.table;
    EXPECT_EQ(p.last["legal"], at_copy[i]["legal"]);
    EXPECT_EQ(p.last["ledger"], at_copy[i]["ledger"]);
    EXPECT_EQ(p.last["fair"], at_copy[i]["fair"]);
  }
  // The busy table resumes at a position its seat saw during the copy, exactly as seen then.
  for (Player& p : busy) {
    p.client = std::make_unique<WsClient>(restored.port());
    const json r = p.client->request({{"type", "resume"}, {"token", p.token}});
    ASSERT_EQ(r["type"], "joined") << r.dump();
    ASSERT_TRUE(read_until(p, {1, 0}));
  }
  const auto resumed = position(busy[0].last);
  EXPECT_LE(resumed, busy_last);
  ASSERT_TRUE(busy_seen.count(resumed)) << "hand " << resumed.first << " seq " << resumed.second << " was never seen";
  EXPECT_EQ(busy[0].last["view"], busy_seen[resumed]["view"]);
  EXPECT_EQ(busy[0].last["ledger"], busy_seen[resumed]["ledger"]);
  std::cout << "the busy table made " << busy_actions << " actions around the copy (" << before
            << " before it started); the copy has it at hand " << resumed.first << " seq " << resumed.second << "\n";
  tables.push_back(busy_table);
  for (Player& p : busy) players.push_back(std::move(p));

  // Every table plays on to the end of its hand, and that hand's record replays.
  for (const std::string& table : tables) {
    const std::vector<Player*> seats = seats_at(players, table);
    const long long hand = seats[0]->last["hand"];
    for (int n = 0; n < 2000 && seats[0]->last["hand"] == hand && seats[0]->last["status"] == "playing"; ++n)
      ASSERT_TRUE(step(seats, rng)) << "table " << table;
    const auto [status, body] = http_get(restored.port(), "/records/" + table + "/" + std::to_string(hand));
    ASSERT_EQ(status, 200) << "table " << table << " hand " << hand << ": " << body;
    const std::vector<HandRecord> records = parse_records(body);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_NO_THROW(replay(records[0])) << body;
  }
}

TEST(ServeBackup, RefusesWhatItCannotCopy) {
  Files files;
  const std::string db = files("tables.db");
  { ServerProcess server(db); }  // a database of tonk serve, stopped
  EXPECT_EQ(tonk("serve-backup " + db + " " + files("copy.db")), 0);
  EXPECT_TRUE(fs::exists(files("copy.db")));
  EXPECT_FALSE(fs::exists(db + "-wal")) << "the copy left the write-ahead log of a stopped server behind";
  EXPECT_EQ(tonk("serve-backup " + db + " " + files("copy.db")), 2) << "an existing copy is replaced only with --force";
  EXPECT_EQ(tonk("serve-backup " + db + " " + files("copy.db") + " --force"), 0);
  EXPECT_EQ(tonk("serve-backup " + files("missing.db") + " " + files("x.db")), 2);
  EXPECT_EQ(tonk("serve-backup " + files("") + " " + files("x.db")), 2);  // a directory
  std::ofstream(files("text.db")) << "not a database\n";
  EXPECT_EQ(tonk("serve-backup " + files("text.db") + " " + files("x.db")), 2);
  sqlite3* other = nullptr;  // a SQLite database, but not one of tonk serve
  ASSERT_EQ(sqlite3_open(files("other.db").c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "CREATE TABLE t (x)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(other);
  EXPECT_EQ(tonk("serve-backup " + files("other.db") + " " + files("x.db")), 2);
  EXPECT_EQ(tonk("serve-backup postgresql://tonk@127.0.0.1:5432/tonk " + files("x.db")), 2);
  EXPECT_EQ(tonk("serve-backup " + db + " " + db + " --force"), 2);
  EXPECT_EQ(tonk("serve-backup " + db + " " + files.dir + " --force"), 2);  // a directory, not a file name
  EXPECT_FALSE(fs::exists(files("x.db")));
  // Nothing is left beside the copies but the copies.
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(files.dir)) left.push_back(entry.path().filename().string());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"copy.db", "other.db", "tables.db", "text.db"}));
}

}  // namespace
}  // namespace tonk::test
