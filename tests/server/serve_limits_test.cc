// The limits and edges of `tonk serve`: a seat left in one tab is left in all (hidden information),
// repeated messages answered cheaply and once, connections per address, unjoined tables and hints
// bounded, one server per SQLite file, out-of-range numbers, long URLs and directories, running out
// of file descriptors. Each test is bounded by the clients' read timeout, never by a sleep that
// must be long enough.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <optional>
#include <sys/resource.h>

#include <boost/beast/http.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "ws_client.h"

namespace tonk::test {
namespace {

// Reads everything `c` was sent before a pong (a ping round trip), returning those messages.
std::vector<json> drain(WsClient& c) {
  c.send({{"type", "ping"}, {"id", 999999}});
  std::vector<json> out;
  for (;;) {
    json m = c.next();
    if (m.value("type", "") == "pong" && m.value("re", json()) == 999999) return out;
    out.push_back(std::move(m));
  }
}

int count_of(const std::vector<json>& ms, const std::string& type) {
  int n = 0;
  for (const json& m : ms) n += m.value("type", "") == type;
  return n;
}

std::string fresh_db(const std::string& name) {
  const std::string path = (std::filesystem::temp_directory_path() / ("tonk_harden_" + name + "_" + std::to_string(getpid()) + ".db")).string();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

// Item 4 of the report: two tabs hold seat 0; one leaves. The other must become a spectator at
// once (`seat_lost`) and never see the bot's cards: every later `state` is the public view.
TEST(ServeLimits, LeavingInOneTabMakesEveryTabOfTheSeatASpectator) {
  ServerProcess server(":memory:");
  WsClient lobby(server.port());
  const std::string code = lobby.request({{"type", "create"}, {"seats", 2}, {"pause_seconds", 0}})["table"];
  WsClient a(server.port(), 10), b(server.port(), 10), other(server.port(), 10);
  const json joined = a.request({{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}});
  ASSERT_EQ(other.request({{"type", "join"}, {"table", code}, {"name", "Bo"}, {"seat", 1}})["type"], "joined");
  ASSERT_EQ(b.request({{"type", "resume"}, {"token", joined["token"]}})["seat"], 0);
  drain(b);
  ASSERT_EQ(a.request({{"type", "leave"}})["type"], "left");
  const json lost = b.next_of("seat_lost");
  EXPECT_EQ(lost["seat"], 0);
  EXPECT_EQ(lost["reason"], "left");
  // The game goes on (the bot plays seat 0, Bo plays seat 1): tab B sees only public views.
  std::vector<json> seen = drain(b);
  for (int moves = 0; moves < 6; ++moves) {
    std::vector<json> mine = drain(other);
    json st;
    for (const json& m : mine)
      if (m["type"] == "state") st = m;
    if (!st.is_null() && st["to_move"] == 1 && !st["legal"].empty())
      other.request({{"type", "act"}, {"action", st["legal"].back()["id"]}, {"hand", st["hand"]}, {"seq", st["seq"]}});
    for (json& m : drain(b)) seen.push_back(std::move(m));
  }
  int states = 0;
  for (const json& m : seen) {
    if (m["type"] == "state") {
      ++states;
      EXPECT_TRUE(m["seat"].is_null()) << m.dump().substr(0, 200);
      if (!m["view"].is_null()) {
        EXPECT_TRUE(m["view"]["hand"].empty()) << m.dump().substr(0, 300);
      }
      EXPECT_TRUE(m["legal"].empty());
    }
    if (m["type"] == "event") {
      EXPECT_TRUE(m["drawn"].is_null()) << m.dump();
    }
  }
  EXPECT_GE(states, 1);
  // Its actions are refused as a spectator's, and its old token no longer resumes.
  EXPECT_EQ(b.request({{"type", "hint"}})["code"], "unauthorized");
  EXPECT_EQ(b.request({{"type", "resume"}, {"token", joined["token"]}})["code"], "unauthorized");
}

// Item 1: a repeated `watch` (or a spectator coming and going) costs the other connections
// nothing; only a seat's first connection changes what they see.
TEST(ServeLimits, RepeatedWatchAnswersTheSenderOnly) {
  ServerProcess server(":memory:", 1, "1000");
  WsClient lobby(server.port());
  const std::string code = lobby.request({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}})["table"];
  WsClient player(server.port());
  ASSERT_EQ(player.request({{"type", "join"}, {"table", code}, {"name", "Ann"}})["type"], "joined");
  while (player.next_of("state")["to_move"] != 0) {
  }  // the bot waits for Ann now: nothing else moves
  WsClient spy(server.port());
  drain(player);
  for (int i = 0; i < 30; ++i) ASSERT_EQ(spy.request({{"type", "watch"}, {"table", code}})["type"], "watching");
  const std::vector<json> to_spy = drain(spy);
  EXPECT_EQ(count_of(to_spy, "state"), 30);  // one state per watch, to the sender
  WsClient passer(server.port());
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(passer.request({{"type", "watch"}, {"table", code}})["type"], "watching");
    ASSERT_EQ(passer.request({{"type", "presets"}})["type"], "presets");
  }
  const std::vector<json> to_player = drain(player);
  EXPECT_EQ(count_of(to_player, "state"), 0) << to_player.size() << " messages";
}

// Item 3b and its kind: a repeated contribute, end, ready or back writes nothing and sends
// nothing to the other seats.
TEST(ServeLimits, RepeatedSeatMessagesAreCheapAndWriteOnce) {
  ServerProcess server(":memory:", 1, "1000");
  WsClient lobby(server.port());
  const std::string code = lobby.request({{"type", "create"}, {"seats", 2}, {"pause_seconds", 60}})["table"];
  WsClient a(server.port()), b(server.port());
  ASSERT_EQ(a.request({{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}})["type"], "joined");
  ASSERT_EQ(b.request({{"type", "join"}, {"table", code}, {"name", "Bo"}, {"seat", 1}})["type"], "joined");
  drain(a);
  drain(b);
  const json first = a.request({{"type", "contribute"}, {"hand", 2}, {"entropy", "aa"}});
  EXPECT_EQ(first["type"], "contributed");
  EXPECT_FALSE(first.contains("repeat"));
  EXPECT_EQ(count_of(drain(a), "state"), 1);  // its own fair.contributed changed
  for (int i = 0; i < 20; ++i) {
    const json again = a.request({{"type", "contribute"}, {"hand", 2}, {"entropy", "bb"}});
    EXPECT_EQ(again["type"], "contributed");
    EXPECT_EQ(again["repeat"], true);
  }
  for (int i = 0; i < 10; ++i) a.send({{"type", "back"}});  // not auto: a state to the sender only
  EXPECT_EQ(count_of(drain(a), "state"), 10);
  EXPECT_EQ(count_of(drain(b), "state"), 0);  // nothing of the contributions nor the backs
  a.send({{"type", "end"}});
  EXPECT_EQ(count_of(drain(a), "state"), 1);  // a's ping follows its end: the end was handled
  EXPECT_EQ(count_of(drain(b), "state"), 1);  // the vote shows
  for (int i = 0; i < 10; ++i) a.send({{"type", "end"}});
  EXPECT_EQ(count_of(drain(a), "state"), 10);
  EXPECT_EQ(count_of(drain(b), "state"), 0);
}

// Item 1, connections: a cap per remote address, refused with a close reason.
TEST(ServeLimits, ConnectionsPerAddressAreCapped) {
  ServerProcess server(":memory:", 1, "20", {"--max-connections-per-address", "3"});
  std::vector<std::unique_ptr<WsClient>> held;
  for (int i = 0; i < 3; ++i) held.push_back(std::make_unique<WsClient>(server.port(), 5));
  boost::asio::io_context io;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws(io);
  boost::asio::ip::tcp::resolver resolver(io);
  boost::asio::connect(ws.next_layer(), resolver.resolve("127.0.0.1", std::to_string(server.port())));
  ws.handshake("127.0.0.1", "/ws");
  boost::beast::flat_buffer buffer;
  boost::beast::error_code ec;
  ws.read(buffer, ec);
  EXPECT_EQ(ec, boost::beast::websocket::error::closed);
  EXPECT_EQ(ws.reason().code, boost::beast::websocket::close_code::try_again_later);
  EXPECT_NE(std::string(ws.reason().reason.c_str()).find("too many connections"), std::string::npos) << ws.reason().reason.c_str();
  EXPECT_EQ(held[0]->request({{"type", "ping"}})["type"], "pong");  // the admitted ones are served
}

// Item 3a: tables nobody joins are bounded per connection and per address, and expire (from the
// storage too).
TEST(ServeLimits, UnjoinedTablesAreBoundedAndExpire) {
  {
    ServerProcess server(":memory:", 1, "1000");
    std::vector<std::unique_ptr<WsClient>> cs;
    std::vector<std::string> codes;
    for (int c = 0; c < 4; ++c) {
      cs.push_back(std::make_unique<WsClient>(server.port()));
      for (int i = 0; i < 5; ++i) {
        const json r = cs.back()->request({{"type", "create"}, {"seats", 2}});
        ASSERT_EQ(r["type"], "created") << r.dump();
        codes.push_back(r["table"]);
      }
      EXPECT_EQ(cs.back()->request({{"type", "create"}, {"seats", 2}})["code"], "too_many_tables");  // per connection
    }
    WsClient fifth(server.port());
    EXPECT_EQ(fifth.request({{"type", "create"}, {"seats", 2}})["code"], "too_many_tables");  // per address (20)
    ASSERT_EQ(fifth.request({{"type", "join"}, {"table", codes[0]}, {"name", "Ann"}})["type"], "joined");
    EXPECT_EQ(cs[0]->request({{"type", "create"}, {"seats", 2}})["type"], "created");  // a join frees one
  }
  const std::string db = fresh_db("expiry");
  std::string code;
  {
    ServerProcess server(db, 1, "20", {"--unjoined-expiry", "0.3"});
    WsClient c(server.port());
    code = c.request({{"type", "create"}, {"seats", 2}})["table"];
    ASSERT_EQ(c.request({{"type", "watch"}, {"table", code}})["type"], "watching");
    const json over = c.next_of("table_over");
    EXPECT_EQ(over["reason"], "expired");
    EXPECT_EQ(c.request({{"type", "watch"}, {"table", code}})["code"], "not_found");
  }
  {
    ServerProcess server(db);  // the default expiry (600 s): only the storage could bring it back
    WsClient c(server.port());
    EXPECT_EQ(c.request({{"type", "watch"}, {"table", code}})["code"], "not_found");
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

// Items 2 and 9: one hint per seat at a time, a bound per table (`busy`), and the reply names its hand.
TEST(ServeLimits, HintsAreBoundedAndCarryTheirHand) {
  ServerProcess server(":memory:", 1, "1000", {"--max-hints", "1"});
  auto seated = [&](WsClient& c) {
    WsClient lobby(server.port());
    const std::string code = lobby.request({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "random"}}}}})["table"];
    c.request({{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}});
    for (;;) {
      const json st = c.next_of("state");
      if (st["to_move"] == 0) return st;
    }
  };
  WsClient a(server.port()), b(server.port());
  const json sa = seated(a);
  seated(b);
  // Three requests in a row, read by the server before the first hint can be computed.
  // Two requests in a row, read by the server before the first hint can be computed (a Monte Carlo
  // search of 200 worlds); the third once the second is refused, i.e. while the first still runs.
  a.send({{"type", "hint"}, {"id", 1}});
  a.send({{"type", "hint"}, {"id", 2}});
  std::optional<json> r1, r2, r3;
  while (!r2) {
    json m = a.next();
    if (m.value("re", json()) == 1) r1 = m;
    if (m.value("re", json()) == 2) r2 = m;
  }
  b.send({{"type", "hint"}, {"id", 3}});
  while (!r1) {
    json m = a.next();
    if (m.value("re", json()) == 1) r1 = m;
  }
  while (!r3) {
    json m = b.next();
    if (m.value("re", json()) == 3) r3 = m;
  }
  // A hint early in a hand takes a few ms: whether the second and third requests find the first
  // still running is timing, so only their possible answers are checked here (the bounds are not
  // tested deterministically: that needs a hook to hold a hint on the pool).
  EXPECT_TRUE((*r2)["type"] == "hint" || (*r2)["code"] == "rate_limited") << r2->dump();
  EXPECT_EQ((*r3)["type"], "hint") << "another table's hint never makes this one busy: " << r3->dump();
  EXPECT_EQ((*r1)["type"], "hint") << r1->dump();
  EXPECT_EQ((*r1)["hand"], sa["hand"]);
  EXPECT_EQ((*r1)["seq"], sa["seq"]);
}

// Item 12: a second server on the same SQLite file is refused at startup; the first serves on.
TEST(ServeLimits, ASecondServerOnTheSameFileIsRefused) {
  const std::string db = fresh_db("two");
  ServerProcess first(db);
  EXPECT_THROW(ServerProcess second(db), std::runtime_error);
  WsClient c(first.port());
  EXPECT_EQ(c.request({{"type", "create"}, {"seats", 2}})["type"], "created");
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

// Item 13: hand numbers out of range and huge integers are named as such.
TEST(ServeLimits, OutOfRangeNumbersSaySo) {
  ServerProcess server(":memory:");
  WsClient c(server.port());
  const std::string code = c.request({{"type", "create"}, {"seats", 2}})["table"];
  ASSERT_EQ(c.request({{"type", "join"}, {"table", code}, {"name", "Ann"}})["type"], "joined");
  json r = c.request({{"type", "record"}, {"hand", 0}});
  EXPECT_NE(r["message"].get<std::string>().find("out of range"), std::string::npos) << r.dump();
  c.send_raw(R"({"type":"record","hand":18446744073709551615,"id":5})");
  r = c.next_of("error");
  EXPECT_NE(r["message"].get<std::string>().find("out of range"), std::string::npos) << r.dump();
  c.send_raw(R"({"type":"record","hand":18446744073709551616,"id":7})");  // 2^64: read as a float
  r = c.next_of("error");
  EXPECT_NE(r["message"].get<std::string>().find("out of range"), std::string::npos) << r.dump();
  r = c.request({{"type", "contribute"}, {"hand", -3}, {"entropy", "aa"}});
  EXPECT_NE(r["message"].get<std::string>().find("out of range"), std::string::npos) << r.dump();
  c.send_raw(R"({"type":"act","action":"stock","hand":1,"seq":9223372036854775808,"id":6})");
  r = c.next_of("error");
  EXPECT_NE(r["message"].get<std::string>().find("out of range"), std::string::npos) << r.dump();
}

// Item 13, HTTP: a URL over 8 KiB gets 414; a directory gets 404.
TEST(ServeLimits, LongUrlsAndDirectoriesGetTheirStatus) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("tonk_harden_static_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir / "assets");
  ServerProcess server(":memory:", 1, "20", {"--static", dir.string()});
  auto get = [&](const std::string& target) { return http_get(server.port(), target).first; };
  EXPECT_EQ(get("/" + std::string(9000, 'a')), 414);
  EXPECT_EQ(get("/assets"), 404);
  EXPECT_EQ(get("/nothing.js"), 404);
  std::filesystem::remove_all(dir);
}

// CPU seconds (user + system) the process has used, from /proc/PID/stat.
double cpu_seconds(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::istringstream rest(text.substr(text.rfind(')') + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i)
    if (i == 14 || i == 15) ticks += std::stod(field);  // utime, stime
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// The one child process of this test (the server it started), from /proc.
pid_t server_child() {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream f(entry.path() / "stat");
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(text.substr(close + 2));
    std::string state;
    long ppid = 0;
    rest >> state >> ppid;
    if (ppid == getpid() && state != "Z") return static_cast<pid_t>(std::stol(name));
  }
  return -1;
}

// Item 11: out of file descriptors, the accept loop waits (100 ms) instead of spinning.
TEST(ServeLimits, OutOfFileDescriptorsTheAcceptLoopBacksOff) {
  rlimit old{};
  getrlimit(RLIMIT_NOFILE, &old);
  rlimit low = old;
  low.rlim_cur = 40;  // inherited by the server only: restored at once below
  setrlimit(RLIMIT_NOFILE, &low);
  std::optional<ServerProcess> server;
  try {
    server.emplace(":memory:");
  } catch (...) {
    setrlimit(RLIMIT_NOFILE, &old);
    throw;
  }
  setrlimit(RLIMIT_NOFILE, &old);
  const pid_t pid = server_child();
  ASSERT_GT(pid, 0);
  boost::asio::io_context io;
  std::vector<std::unique_ptr<boost::asio::ip::tcp::socket>> sockets;
  for (int i = 0; i < 60; ++i) {  // more than the server can accept: the rest wait in its backlog
    sockets.push_back(std::make_unique<boost::asio::ip::tcp::socket>(io));
    sockets.back()->connect({boost::asio::ip::make_address("127.0.0.1"), server->port()});
  }
  usleep(200 * 1000);  // the server reaches its limit
  const double before = cpu_seconds(pid);
  usleep(1000 * 1000);
  const double used = cpu_seconds(pid) - before;
  EXPECT_LT(used, 0.3) << "the server used " << used << " s of CPU in 1 s with its descriptors exhausted";
  sockets.clear();  // it serves again once descriptors are free
  WsClient c(server->port());
  EXPECT_EQ(c.request({{"type", "ping"}})["type"], "pong");
}

}  // namespace
}  // namespace tonk::test
