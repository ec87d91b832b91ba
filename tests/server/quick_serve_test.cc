// Quick play through the real server on loopback (docs/PROTOCOL.md `quick`): two strangers asking
// the same land at the same table; one alone gets bots of their level after the wait (a short
// --quick-wait-seconds) and the hand starts; the public list (`tables`, GET /tables/public); and
// 2,000 clients asking at once: each gets `joined`, nobody is seated twice, no table has more
// people than seats. Every wait is bounded (the clients' read timeout, counted loops).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "ws_client.h"

namespace tonk::test {
namespace {

json quick(const std::string& name, json seats, const std::string& preset = "P-STD", const std::string& level = "") {
  json m{{"type", "quick"}, {"preset", preset}, {"seats", std::move(seats)}, {"name", name}};
  if (!level.empty()) m["level"] = level;
  return m;
}

// Reads `c`'s messages until a `state` satisfying `done` (at most `limit` messages).
json state_until(WsClient& c, const std::function<bool(const json&)>& done, int limit = 400) {
  for (int i = 0; i < limit; ++i) {
    json m = c.next();
    if (m["type"] == "state" && done(m)) return m;
  }
  throw std::runtime_error("no such state within " + std::to_string(limit) + " messages");
}

TEST(QuickServe, TwoStrangersAskingTheSameLandAtTheSameTableListedWhileItWaits) {
  ServerProcess server(":memory:", 1, "20", {"--quick-wait-seconds", "600"});
  WsClient ann(server.port()), bob(server.port());
  const json a = ann.request(quick("Ann", 3));
  ASSERT_EQ(a["type"], "joined") << a.dump();
  const std::string code = a["table"];
  const json waiting = state_until(ann, [](const json& s) { return s["status"] == "waiting"; });
  EXPECT_GT(waiting["bots_in_ms"].get<long long>(), 590'000);

  const auto [status, body] = http_get(server.port(), "/tables/public");
  EXPECT_EQ(status, 200);
  const json list = json::parse(body);
  ASSERT_EQ(list["tables"].size(), 1u) << body;
  EXPECT_EQ(list["tables"][0]["table"], code);
  EXPECT_EQ(list["tables"][0]["seats"], 3);
  EXPECT_EQ(list["tables"][0]["people"], 1);
  EXPECT_EQ(list["tables"][0]["preset"], "P-STD");

  const json b = bob.request(quick("Bob", 3));
  ASSERT_EQ(b["type"], "joined") << b.dump();
  EXPECT_EQ(b["table"], code);
  EXPECT_NE(b["seat"], a["seat"]);
  EXPECT_EQ(bob.request({{"type", "tables"}})["tables"][0]["people"], 2);
  // Ann sees Bob sit down.
  state_until(ann, [](const json& s) { return s["seats"][1]["kind"] == "person"; });
}

TEST(QuickServe, OneAloneGetsBotsOfTheAskedLevelAfterTheWaitAndTheHandStarts) {
  ServerProcess server(":memory:", 1, "20", {"--quick-wait-seconds", "0.5"});
  WsClient cy(server.port());
  const json j = cy.request(quick("Cy", 3, "any", "easy"));
  ASSERT_EQ(j["type"], "joined") << j.dump();
  const json first = state_until(cy, [](const json&) { return true; });
  EXPECT_EQ(first["status"], "waiting");
  ASSERT_TRUE(first["bots_in_ms"].is_number());
  EXPECT_LE(first["bots_in_ms"].get<long long>(), 500);
  const json playing = state_until(cy, [](const json& s) { return s["status"] == "playing"; });
  ASSERT_EQ(playing["seats"].size(), 3u);
  EXPECT_EQ(playing["seats"][0]["name"], "Cy");
  for (int s = 1; s < 3; ++s) {
    EXPECT_EQ(playing["seats"][s]["kind"], "bot");
    EXPECT_EQ(playing["seats"][s]["bot"], "easy");
  }
  EXPECT_TRUE(playing["bots_in_ms"].is_null());
  EXPECT_EQ(cy.request({{"type", "tables"}})["total"], 0) << "a table that started is no longer listed";
}

// A restarted server lists its waiting public table again, matches it, and keeps the wait's time
// left (logged with the table), not a new full wait.
TEST(QuickServe, ARestartKeepsTheWaitingTableListedWithItsTimeLeft) {
  const std::string db = (std::filesystem::temp_directory_path() / ("tonk_quick_" + std::to_string(getpid()) + ".db")).string();
  std::filesystem::remove(db);
  std::string code;
  {
    ServerProcess server(db, 1, "20", {"--quick-wait-seconds", "600"});
    WsClient ann(server.port());
    code = ann.request(quick("Ann", 3))["table"];
    server.kill9();
  }
  ServerProcess again(db, 1, "20", {"--quick-wait-seconds", "3000"});
  WsClient bob(again.port());
  const json list = bob.request({{"type", "tables"}});
  ASSERT_EQ(list["total"], 1) << list.dump();
  EXPECT_EQ(list["tables"][0]["table"], code);
  const long long left = list["tables"][0]["bots_in_ms"];
  EXPECT_GT(left, 0);
  EXPECT_LE(left, 600'000) << "the logged wait, not the new flag's";
  const json b = bob.request(quick("Bob", "any", "any"));
  EXPECT_EQ(b["table"], code);
  std::filesystem::remove(db);
}

// --- 2,000 at once ------------------------------------------------------------------------------------

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

struct Asker : std::enable_shared_from_this<Asker> {
  Asker(boost::asio::io_context& io, int index) : ws(io), index(index) {}
  websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buffer;
  int index;
  std::string ask;
  bool welcomed = false;
  json joined;
  std::string error;
};

TEST(QuickServe, TwoThousandAskingAtOnceAreEachSeatedOnceAndNoTableOverflows) {
  constexpr int kClients = 2000;
  ServerProcess server(":memory:", 1, "20",
                       {"--quick-wait-seconds", "600", "--max-connections-per-address", "5000", "--max-connections", "5000",
                        "--max-quick-asks-per-minute", "100000"});
  boost::asio::io_context io;
  const tcp::endpoint endpoint(boost::asio::ip::make_address("127.0.0.1"), server.port());
  std::vector<std::shared_ptr<Asker>> askers;
  int welcomed = 0, answered = 0;
  const json seat_choices = json::array({2, 3, 4, "any"});
  const std::vector<std::string> presets = {"P-STD", "any", "P-STD", "P-RUSH"};

  std::function<void(std::shared_ptr<Asker>)> read_answer = [&](std::shared_ptr<Asker> a) {
    a->ws.async_read(a->buffer, [&, a](beast::error_code ec, std::size_t) {
      if (ec) {
        a->error = ec.message();
        ++answered;
        return;
      }
      json m = json::parse(beast::buffers_to_string(a->buffer.data()));
      a->buffer.consume(a->buffer.size());
      if (m["type"] == "joined" || m["type"] == "error") {
        if (m["type"] == "joined") a->joined = m;
        else a->error = m.dump();
        ++answered;
        read_answer(a);  // keep reading (states), so the server never waits on this client
        return;
      }
      read_answer(a);
    });
  };
  const auto send_all = [&] {
    for (auto& a : askers) {
      a->ws.async_write(boost::asio::buffer(a->ask), [a](beast::error_code ec, std::size_t) {
        if (ec) a->error = ec.message();
      });
      read_answer(a);
    }
  };
  for (int i = 0; i < kClients; ++i) {
    auto a = std::make_shared<Asker>(io, i);
    json seats = seat_choices[static_cast<std::size_t>(i % 4)];
    if (presets[static_cast<std::size_t>(i % 7 % 4)] == "P-RUSH" && seats == "any") seats = 2;
    a->ask = json{{"type", "quick"}, {"preset", presets[static_cast<std::size_t>(i % 7 % 4)]}, {"seats", seats},
                  {"name", "P" + std::to_string(i)}, {"id", i}}
                 .dump();
    askers.push_back(a);
    beast::get_lowest_layer(a->ws).async_connect(endpoint, [&, a](beast::error_code ec) {
      if (ec) {
        a->error = "connect: " + ec.message();
        return;
      }
      a->ws.async_handshake("127.0.0.1", "/ws", [&, a](beast::error_code ec2) {
        if (ec2) {
          a->error = "handshake: " + ec2.message();
          return;
        }
        a->ws.async_read(a->buffer, [&, a](beast::error_code ec3, std::size_t) {
          if (ec3) {
            a->error = "welcome: " + ec3.message();
            return;
          }
          a->buffer.consume(a->buffer.size());
          a->welcomed = true;
          if (++welcomed == kClients) send_all();  // everyone connected: every ask at once
        });
      });
    });
  }
  // Bounded: 180 s in all, run in slices until every ask is answered.
  for (int slice = 0; slice < 180 && answered < kClients; ++slice) io.run_for(std::chrono::seconds(1));
  ASSERT_EQ(welcomed, kClients) << "clients connected";
  ASSERT_EQ(answered, kClients) << "every ask answered";
  std::set<std::pair<std::string, int>> seats;
  std::map<std::string, std::vector<std::pair<int, std::string>>> by_table;
  for (const auto& a : askers) {
    ASSERT_TRUE(a->error.empty()) << "client " << a->index << ": " << a->error;
    ASSERT_EQ(a->joined["re"], a->index);
    const std::string code = a->joined["table"];
    const int seat = a->joined["seat"];
    EXPECT_TRUE(seats.emplace(code, seat).second) << "seat " << seat << " of " << code << " given twice";
    by_table[code].emplace_back(seat, "P" + std::to_string(a->index));
  }
  // Each table as a spectator sees it: exactly the people told they sit there, in their seats.
  for (const auto& [code, people] : by_table) {
    WsClient watcher(server.port());
    ASSERT_EQ(watcher.request({{"type", "watch"}, {"table", code}})["type"], "watching");
    const json state = watcher.next_of("state");
    const json& s = state["seats"];
    ASSERT_LE(people.size(), s.size()) << code << ": more people than seats";
    int persons = 0;
    for (const json& seat : s) persons += seat["kind"] == "person" ? 1 : 0;
    EXPECT_EQ(persons, static_cast<int>(people.size())) << code;
    for (const auto& [seat, name] : people) EXPECT_EQ(s[static_cast<std::size_t>(seat)]["name"], name) << code;
  }
  for (auto& a : askers) {
    beast::error_code ec;
    beast::get_lowest_layer(a->ws).socket().close(ec);
  }
  io.run_for(std::chrono::milliseconds(100));
}

}  // namespace
}  // namespace tonk::test
