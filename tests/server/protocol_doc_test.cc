// docs/PROTOCOL.md and the server say the same: every error code in the document's table of codes
// is one the server sends when provoked, and the limits the document states (the frame size, the
// rate and its burst, the refusals before a close, a hand's range, unjoined tables, `create`'s
// ranges, connections per address) are the ones the server keeps. The numbers and codes are read
// from the document, so neither can drift alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "memory_lobby.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

// docs/PROTOCOL.md with every line break and indentation folded into one space, so that a sentence
// wrapped over lines matches.
std::string protocol_doc() {
  std::ifstream in(std::string(TONK_SOURCE_DIR) + "/docs/PROTOCOL.md");
  std::stringstream text;
  text << in.rdbuf();
  return std::regex_replace(text.str(), std::regex("\n[ \t]*"), " ");
}

// The codes of the table that starts "| code | when |".
std::set<std::string> documented_codes() {
  std::ifstream in(std::string(TONK_SOURCE_DIR) + "/docs/PROTOCOL.md");
  std::set<std::string> codes;
  std::string line;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.rfind("| code | when |", 0) == 0) {
      in_table = true;
      continue;
    }
    if (!in_table) continue;
    if (line.empty() || line[0] != '|') break;
    const std::string first = line.substr(1, line.find('|', 1) - 1);
    static const std::regex kCode("`([a-z_]+)`");
    for (auto it = std::sregex_iterator(first.begin(), first.end(), kCode); it != std::sregex_iterator(); ++it)
      codes.insert((*it)[1]);
  }
  return codes;
}

// The first number captured by `pattern` in the document; fails the test when it is not there.
long long documented(const std::string& pattern, int group = 1) {
  static const std::string doc = protocol_doc();
  std::smatch m;
  if (!std::regex_search(doc, m, std::regex(pattern))) {
    ADD_FAILURE() << "docs/PROTOCOL.md no longer says /" << pattern << "/";
    return -1;
  }
  return std::stoll(m[group]);
}

json error_of(WsClient& c, json request) {
  const json r = c.request(std::move(request));
  EXPECT_EQ(r.value("type", ""), "error") << r.dump();
  return r;
}

// Two people at a table of two seats: a hand is dealt. Returns the code; `a` holds seat 0.
// A two-person table with Ann (a) and Bo (b) seated and hand 1 in play: its code, and Ann's latest
// `state` in `state`. Hand 1 can end as it is dealt (a dealt tonk, S7): then another table is made,
// at most 20 times.
std::string dealt_table(WsClient& a, WsClient& b, json* state = nullptr) {
  for (int tries = 0; tries < 20; ++tries) {
    const std::string code = a.request({{"type", "create"}, {"seats", 2}})["table"];
    EXPECT_EQ(a.request({{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}})["type"], "joined");
    EXPECT_EQ(b.request({{"type", "join"}, {"table", code}, {"name", "Bo"}, {"seat", 1}})["type"], "joined");
    if (const json s = latest_state(a); s.is_object() && s.value("status", "") == "playing") {
      if (state) *state = s;
      return code;
    }
  }
  ADD_FAILURE() << "hand 1 ended at its deal at 20 tables";
  return "";
}

TEST(ProtocolDoc, EveryDocumentedErrorCodeIsOneTheServerSends) {
  ServerProcess server(":memory:", 1, "20");
  const unsigned short port = server.port();
  // How to make the server say each code; `server` (its storage failed) cannot be provoked here.
  const std::map<std::string, std::function<json()>> provoke = {
      {"illegal", [&] {
         WsClient c(port);
         const std::string code = c.request({{"type", "create"}, {"seats", 2}})["table"];
         c.request({{"type", "join"}, {"table", code}, {"name", "Ann"}});
         return error_of(c, {{"type", "act"}, {"action", "stock"}, {"hand", 1}, {"seq", 0}});  // no hand in play
       }},
      {"stale", [&] {
         WsClient a(port), b(port);
         json s;
         dealt_table(a, b, &s);
         return error_of(a, {{"type", "act"}, {"action", "stock"}, {"hand", s["hand"]}, {"seq", s["seq"].get<int>() + 5}});
       }},
      {"bad_request", [&] {
         WsClient c(port);
         return error_of(c, {{"type", "explode"}});
       }},
      {"not_found", [&] {
         WsClient c(port);
         return error_of(c, {{"type", "join"}, {"table", "ZZZZZZ"}, {"name", "Ann"}});
       }},
      {"unauthorized", [&] {
         WsClient c(port);
         return error_of(c, {{"type", "resume"}, {"token", std::string(32, '0')}});
       }},
      {"seat_taken", [&] {
         WsClient a(port), b(port);
         const std::string code = a.request({{"type", "create"}, {"seats", 2}})["table"];
         a.request({{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}});
         return error_of(b, {{"type", "join"}, {"table", code}, {"name", "Bo"}, {"seat", 0}});
       }},
      {"table_full", [&] {
         WsClient a(port), b(port), c(port);
         const std::string code = dealt_table(a, b);
         return error_of(c, {{"type", "join"}, {"table", code}, {"name", "Cy"}});
       }},
      {"bad_rules", [&] {
         WsClient c(port);
         return error_of(c, {{"type", "create"}, {"seats", 2}, {"set", {"hand_size=99"}}});
       }},
      {"rate_limited", [&] {
         WsClient c(port);
         for (int i = 0; i < 100; ++i) c.send({{"type", "ping"}, {"id", i}});
         for (;;)
           if (json m = c.next(); m["type"] == "error") return m;
       }},
      {"busy", [&] {
         // A table's second hint while its first still waits for a worker, with --max-hints 1. Over a
         // socket that depends on how long a hint takes, so the lobby the server runs is driven in
         // memory instead (0 workers: a hint waits until the test runs the io_context): the seat to
         // move asks and plays its turn, then the next seat asks.
         MemoryLobby lobby;
         serve::LobbyLimits limits;
         limits.max_hints = 1;
         lobby.lobby().set_limits(limits);
         auto host = std::make_shared<MemoryClient>();
         std::vector<std::shared_ptr<MemoryClient>> seats;
         json s = json::object();
         // Hand 1 can end as it is dealt (S7): then another table, at most 20 times.
         for (int tries = 0; tries < 20 && s.value("status", "") != "playing"; ++tries) {
           lobby.send(host, {{"type", "create"}, {"seats", 2}});
           const std::string code = host->last("created")["table"];
           seats = {std::make_shared<MemoryClient>(), std::make_shared<MemoryClient>()};
           lobby.send(seats[0], {{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}});
           lobby.send(seats[1], {{"type", "join"}, {"table", code}, {"name", "Bo"}, {"seat", 1}});
           if (json state = seats[0]->last("state"); state.is_object()) s = std::move(state);
         }
         if (s.value("status", "") != "playing" || s["to_move"].get<int>() < 0) {
           ADD_FAILURE() << "hand 1 ended at its deal at 20 tables";
           return json();
         }
         const auto& mover = seats[s["to_move"].get<std::size_t>()];
         const auto& next = seats[1 - s["to_move"].get<std::size_t>()];
         lobby.post(mover, {{"type", "hint"}, {"id", 1}});
         EXPECT_TRUE(lobby.play_turn(mover)) << mover->last("state").dump();
         EXPECT_EQ(next->last("state")["to_move"], s["to_move"].get<int>() == 0 ? 1 : 0) << "the turn did not pass";
         lobby.post(next, {{"type", "hint"}, {"id", 2}});
         const json busy = next->last("error");
         lobby.idle();  // the first hint is computed and answered
         return busy;
       }},
      {"too_many_tables", [&] {
         WsClient c(port);
         const long long per_connection = documented(R"(a connection may have at most \*\*(\d+)\*\* tables it created)");
         for (long long i = 0; i < per_connection; ++i)
           EXPECT_EQ(c.request({{"type", "create"}, {"seats", 2}})["type"], "created");
         return error_of(c, {{"type", "create"}, {"seats", 2}});
       }},
  };
  const std::set<std::string> codes = documented_codes();
  ASSERT_GE(codes.size(), 10u) << "the table of error codes was not found in docs/PROTOCOL.md";
  for (const std::string& code : codes) {
    if (code == "server") continue;
    const auto it = provoke.find(code);
    if (it == provoke.end()) {
      ADD_FAILURE() << "documented error code `" << code << "` has no way to provoke it here";
      continue;
    }
    const json r = it->second();
    EXPECT_EQ(r.value("code", ""), code) << r.dump();
    EXPECT_TRUE(r.contains("re")) << "a reply without its request's id: " << r.dump();
  }
  for (const auto& [code, _] : provoke) EXPECT_TRUE(codes.count(code)) << "`" << code << "` is sent but not documented";
}

TEST(ProtocolDoc, TheDocumentedLimitsAreTheServers) {
  ServerProcess server(":memory:");
  const unsigned short port = server.port();
  {  // the frame size: up to the limit is read, one byte more closes the connection
    const long long kib = documented(R"(a message longer than \*\*(\d+) KiB\*\* closes the connection)");
    WsClient c(port);
    const std::string head = R"({"type":"ping","id":1,"pad":")", tail = "\"}";
    c.send_raw(head + std::string(static_cast<std::size_t>(kib * 1024) - head.size() - tail.size(), 'x') + tail);
    EXPECT_EQ(c.next()["type"], "pong");
    c.send_raw(head + std::string(static_cast<std::size_t>(kib * 1024) - head.size() - tail.size() + 1, 'x') + tail);
    EXPECT_THROW(for (;;) c.next(), std::exception);
  }
  {  // the rate's burst passes, the rest is refused, and so many refusals close the connection
    const long long burst = documented(R"(More than \*\*\d+ messages per second\*\* on average \(a burst of (\d+)\))");
    const long long refusals = documented(R"(after (\d+) such refusals the connection is closed)");
    WsClient c(port);
    for (long long i = 0; i < burst + refusals + 50; ++i) {
      try {
        c.send({{"type", "ping"}});
      } catch (const std::exception&) {
        break;  // closed
      }
    }
    int pongs = 0, limited = 0;
    try {
      for (;;) {
        const json m = c.next();
        if (m["type"] == "pong") ++pongs;
        if (m.value("code", "") == "rate_limited") ++limited;
      }
    } catch (const std::exception&) {
    }
    EXPECT_GE(pongs, burst);
    EXPECT_LE(pongs, burst + 2);  // what refills while the flood is sent: milliseconds
    EXPECT_EQ(limited, refusals);
  }
  {  // a hand's range: its bounds are in range, one beyond is "out of range", and so is 2^64
    const long long exponent = documented(R"(a `hand` below 1 or above 10\^(\d+))");
    long long most = 1;
    for (long long i = 0; i < exponent; ++i) most *= 10;
    WsClient c(port);
    const std::string code = c.request({{"type", "create"}, {"seats", 2}})["table"];
    c.request({{"type", "join"}, {"table", code}, {"name", "Ann"}});
    for (const long long hand : {1LL, most})
      EXPECT_EQ(c.request({{"type", "record"}, {"hand", hand}})["code"], "not_found") << hand;
    for (const std::string& hand : std::vector<std::string>{"0", std::to_string(most + 1), "9223372036854775808", "18446744073709551616"}) {
      c.send_raw(R"({"type":"record","id":9,"hand":)" + hand + "}");
      const json r = c.next_of("error");
      EXPECT_EQ(r["message"].get<std::string>().rfind("`hand` is out of range", 0), 0u) << hand << " -> " << r.dump();
    }
  }
}

// The ranges of `create`'s fields and the connections one address may hold, as the document says.
TEST(ProtocolDoc, TheDocumentedRangesOfATableAreTheServers) {
  ServerProcess server(":memory:", 1, "20", {"--max-unjoined-per-address", "1000"});
  const unsigned short port = server.port();
  // A fresh connection per table: one connection may leave only a few tables unjoined.
  const auto create = [&](json fields) {
    WsClient c(port);
    fields["type"] = "create";
    return c.request(fields);
  };
  const auto check_range = [&](const std::string& field, long long lo, long long hi, long long below) {
    for (const long long v : {lo, hi}) EXPECT_EQ(create({{"seats", 2}, {field, v}})["type"], "created") << field << " " << v;
    for (const long long v : {below, hi + 1}) {
      const json r = create({{"seats", 2}, {field, v}});
      EXPECT_EQ(r.value("code", ""), "bad_request") << field << " " << v << " -> " << r.dump();
      EXPECT_NE(r.value("message", "").find("`" + field + "`"), std::string::npos) << r.dump();
    }
  };
  const long long seats_lo = documented(R"("seats": \d+, +// (\d+)\.\.\d+)");
  const long long seats_hi = documented(R"("seats": \d+, +// \d+\.\.(\d+))");
  for (const long long v : {seats_lo, seats_hi}) EXPECT_EQ(create({{"seats", v}})["type"], "created") << v;
  for (const long long v : {seats_lo - 1, seats_hi + 1}) EXPECT_EQ(create({{"seats", v}}).value("code", ""), "bad_request") << v;
  const long long turn_lo = documented(R"("turn_seconds": \d+, +// 0 or absent: no turn timer; else (\d+)\.\.\d+)");
  const long long turn_hi = documented(R"("turn_seconds": \d+, +// 0 or absent: no turn timer; else \d+\.\.(\d+))");
  check_range("turn_seconds", turn_lo, turn_hi, turn_lo - 1);
  EXPECT_EQ(create({{"seats", 2}, {"turn_seconds", 0}})["type"], "created");
  const long long pause_lo = documented(R"("pause_seconds": \d+, +// between hands, (\d+)\.\.\d+)");
  const long long pause_hi = documented(R"("pause_seconds": \d+, +// between hands, \d+\.\.(\d+))");
  check_range("pause_seconds", pause_lo, pause_hi, pause_lo - 1);
  const long long worlds = documented(R"(`mc:N` with N up to (\d+))");
  const auto with_bot = [](long long n) { return json{{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "mc:" + std::to_string(n)}}}}}; };
  EXPECT_EQ(create(with_bot(worlds))["type"], "created");
  EXPECT_EQ(create(with_bot(worlds + 1)).value("code", ""), "bad_request");

}

// Connections from one address: so many are served; one more is closed at once (1013).
TEST(ProtocolDoc, TheDocumentedConnectionsPerAddressAreTheServers) {
  ServerProcess server(":memory:");
  const unsigned short port = server.port();
  const long long per_address = documented(R"(at most \*\*(\d+) open at once from one remote address\*\*)");
  std::vector<std::unique_ptr<WsClient>> open;
  for (long long i = 0; i < per_address; ++i) ASSERT_NO_THROW(open.push_back(std::make_unique<WsClient>(port))) << i;
  EXPECT_THROW(WsClient extra(port, 5), std::exception);
}

// Chat over the socket, with the limits the document states: a phrase reaches the other seat and a
// spectator; free text up to its length where allowed; the lines per window, then `rate_limited`
// with the request's `re`; the lines kept for a connection that arrives later.
TEST(ProtocolDoc, TheDocumentedChatIsTheServers) {
  ServerProcess server(":memory:");
  const unsigned short port = server.port();
  const long long max_chars = documented(R"(at most \*\*(\d+) characters\*\* \(Unicode code points, not bytes\))");
  const long long burst = documented(R"(at most \*\*(\d+) chat lines in (\d+) seconds\*\*)");
  const long long kept = documented(R"(the table's last \*\*(\d+)\*\* lines)");
  EXPECT_EQ(documented(R"(at most \*\*(\d+)\*\* in the same 10 seconds)"), serve::kChatBurstPerAddress);
  EXPECT_EQ(burst, serve::kChatBurst);
  EXPECT_EQ(max_chars, serve::kMaxChatChars);
  EXPECT_EQ(kept, serve::kChatLinesKept);
  WsClient a(port), b(port), w(port);
  const std::string code = a.request({{"type", "create"}, {"seats", 2}, {"chat_text", true}})["table"];
  EXPECT_EQ(a.request({{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}})["type"], "joined");
  EXPECT_EQ(b.request({{"type", "join"}, {"table", code}, {"name", "Bo"}, {"seat", 1}})["type"], "joined");
  EXPECT_EQ(w.request({{"type", "watch"}, {"table", code}})["type"], "watching");
  EXPECT_EQ(a.request({{"type", "chat"}, {"phrase", "nice_drop"}})["type"], "done");
  for (WsClient* c : {&b, &w}) {
    const json m = c->next_of("chat");
    EXPECT_EQ(m["seat"], 0);
    EXPECT_EQ(m["text"], "Nice drop!");
  }
  std::string text(static_cast<std::size_t>(max_chars), 'x');
  EXPECT_EQ(a.request({{"type", "chat"}, {"text", text}})["type"], "done");
  EXPECT_EQ(b.next_of("chat")["text"], text);
  EXPECT_EQ(error_of(a, {{"type", "chat"}, {"text", text + "x"}})["code"], "bad_request");
  for (long long i = 2; i < burst; ++i) EXPECT_EQ(a.request({{"type", "chat"}, {"phrase", "gg"}})["type"], "done") << i;
  const json limited = error_of(a, {{"type", "chat"}, {"phrase", "gg"}});
  EXPECT_EQ(limited["code"], "rate_limited");
  EXPECT_TRUE(limited.contains("re"));
  WsClient late(port);
  late.request({{"type", "watch"}, {"table", code}});
  const json log = late.next_of("chat_log");
  EXPECT_EQ(log["lines"].size(), static_cast<std::size_t>(std::min(burst, kept)));
}

}  // namespace
}  // namespace tonk::test
