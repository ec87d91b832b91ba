// Hosting behind a reverse proxy: the client's address is read from the forwarding headers only when
// the connection comes from a trusted proxy, and every per-address limit counts that address; /ws
// refuses pages of another origin; every response carries the security headers.
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "connect_from.h"
#include "request_rate.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

namespace http = boost::beast::http;
namespace websocket = boost::beast::websocket;

/// Opens /ws as `how` says: "" when welcomed, else why not ("declined": an HTTP answer instead of the
/// upgrade; "closed: " and the close reason).
std::string refusal(unsigned short port, const Handshake& how) {
  boost::asio::io_context io;
  websocket::stream<boost::asio::ip::tcp::socket> ws(io);
  connect_from(ws.next_layer(), port, how.bind_address);
  const timeval tv{20, 0};  // a read never hangs the test
  setsockopt(ws.next_layer().native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ws.set_option(websocket::stream_base::decorator([&](websocket::request_type& req) {
    for (const auto& [name, value] : how.headers) req.set(name, value);
  }));
  websocket::response_type res;
  boost::beast::error_code ec;
  ws.handshake(res, how.host, "/ws", ec);
  if (ec == websocket::error::upgrade_declined) return "declined";  // Boost 1.74 leaves `res` empty: the status is checked by get()
  if (ec) return ec.message();
  boost::beast::flat_buffer buffer;
  ws.read(buffer, ec);
  if (ec) return std::string("closed: ") + ws.reason().reason.c_str();
  const json welcome = json::parse(boost::beast::buffers_to_string(buffer.data()));
  return welcome.value("type", "") == "welcome" ? "" : "no welcome: " + welcome.dump();
}

/// GET `target` as `how` says (from its address, with its headers).
http::response<http::string_body> get(unsigned short port, const std::string& target, const Handshake& how = {}) {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  connect_from(socket, port, how.bind_address);
  const timeval tv{20, 0};
  setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, how.host);
  for (const auto& [name, value] : how.headers) req.set(name, value);
  http::write(socket, req);
  boost::beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(socket, buffer, res);
  return res;
}

Handshake forwarded_for(const std::string& client, const std::string& from = "") {
  return Handshake{from, "127.0.0.1", {{"X-Forwarded-For", client}}};
}

// Through the proxy (127.0.0.1 trusted), two clients with different forwarded addresses are counted
// apart by the connection cap and the cap on unjoined tables; one address over either cap is refused.
TEST(ServeHosting, ThroughATrustedProxyEveryForwardedAddressIsCountedApart) {
  ServerProcess server(":memory:", 1, "1000",
                       {"--trusted-proxy", "127.0.0.1/32", "--max-connections-per-address", "2", "--max-unjoined-per-address", "2"});
  WsClient a1(server.port(), forwarded_for("203.0.113.1"));
  WsClient a2(server.port(), forwarded_for("203.0.113.1"));
  EXPECT_EQ(refusal(server.port(), forwarded_for("203.0.113.1")), "closed: too many connections from 203.0.113.1 (at most 2)");
  const auto busy = get(server.port(), "/", forwarded_for("203.0.113.1"));
  EXPECT_EQ(busy.result_int(), 503);
  EXPECT_NE(busy.body().find("too many connections from 203.0.113.1"), std::string::npos) << busy.body();
  WsClient b1(server.port(), forwarded_for("203.0.113.2"));  // another client: its own count
  EXPECT_EQ(get(server.port(), "/", forwarded_for("198.51.100.3, 203.0.113.3")).result_int(), 200);
  // Unjoined tables: 2 per address, the forwarded one.
  EXPECT_EQ(a1.request({{"type", "create"}, {"seats", 2}})["type"], "created");
  EXPECT_EQ(a2.request({{"type", "create"}, {"seats", 2}})["type"], "created");
  EXPECT_EQ(a1.request({{"type", "create"}, {"seats", 2}})["code"], "too_many_tables");
  EXPECT_EQ(b1.request({{"type", "create"}, {"seats", 2}})["type"], "created");
  // Every connection the proxy holds open is counted by its client: the proxy's own address is not capped.
  WsClient b2(server.port(), forwarded_for("203.0.113.2"));
  WsClient c1(server.port(), forwarded_for("203.0.113.4"));
  EXPECT_EQ(c1.request({{"type", "ping"}})["type"], "pong");
}

// A proxy reuses its connections to the server for other clients (keep-alive): each request is
// counted by the client it carries, not by whoever used the connection first.
TEST(ServeHosting, AConnectionTheProxyReusesIsCountedByEachRequestsClient) {
  ServerProcess server(":memory:", 1, "1000", {"--trusted-proxy", "127.0.0.1/32", "--max-connections-per-address", "1"});
  WsClient b(server.port(), forwarded_for("203.0.113.2"));  // holds 203.0.113.2's one connection
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  connect_from(socket, server.port(), "");
  const timeval tv{20, 0};
  setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  boost::beast::flat_buffer buffer;
  auto ask = [&](const std::string& client) {
    http::request<http::empty_body> req{http::verb::get, "/", 11};
    req.set(http::field::host, "127.0.0.1");
    req.set("X-Forwarded-For", client);
    req.keep_alive(true);
    http::write(socket, req);
    http::response<http::string_body> res;
    http::read(socket, buffer, res);
    return res;
  };
  EXPECT_EQ(ask("203.0.113.1").result_int(), 200);
  EXPECT_EQ(ask("203.0.113.1").result_int(), 200);  // the same client again: still its one connection
  const auto full = ask("203.0.113.2");              // now carrying the client that is at its cap
  EXPECT_EQ(full.result_int(), 503);
  EXPECT_NE(full.body().find("too many connections from 203.0.113.2"), std::string::npos) << full.body();
  // 203.0.113.1 is not left counted by that connection: a new connection of it is served.
  EXPECT_EQ(get(server.port(), "/", forwarded_for("203.0.113.1")).result_int(), 200);
}

// A client that connects directly is counted by its socket address, whatever it forwards: from
// 127.0.0.7 (not the proxy) as from a server that trusts no proxy.
TEST(ServeHosting, ForwardedAddressesFromAnyoneButTheProxyAreIgnored) {
  ServerProcess server(":memory:", 1, "1000",
                       {"--trusted-proxy", "127.0.0.1/32", "--max-connections-per-address", "2", "--max-unjoined-per-address", "2"});
  WsClient c1(server.port(), forwarded_for("203.0.113.1", "127.0.0.7"));
  WsClient c2(server.port(), forwarded_for("203.0.113.2", "127.0.0.7"));
  EXPECT_EQ(refusal(server.port(), forwarded_for("203.0.113.3", "127.0.0.7")), "closed: too many connections from 127.0.0.7 (at most 2)");
  EXPECT_EQ(get(server.port(), "/", forwarded_for("203.0.113.4", "127.0.0.7")).result_int(), 503);
  EXPECT_EQ(c1.request({{"type", "create"}, {"seats", 2}})["type"], "created");
  EXPECT_EQ(c1.request({{"type", "create"}, {"seats", 2}})["type"], "created");
  EXPECT_EQ(c2.request({{"type", "create"}, {"seats", 2}})["code"], "too_many_tables");  // one address: 127.0.0.7
  // The proxy's address is free: 127.0.0.7's count is its own.
  WsClient through(server.port(), forwarded_for("203.0.113.1"));
  EXPECT_EQ(through.request({{"type", "create"}, {"seats", 2}})["type"], "created");

  ServerProcess plain(":memory:", 1, "1000", {"--max-connections-per-address", "2"});
  WsClient d1(plain.port(), forwarded_for("203.0.113.1"));
  WsClient d2(plain.port(), forwarded_for("203.0.113.2"));
  EXPECT_EQ(refusal(plain.port(), forwarded_for("203.0.113.3")), "closed: too many connections from 127.0.0.1 (at most 2)");
}

TEST(ServeHosting, TheWebSocketRefusesPagesOfAnotherOrigin) {
  ServerProcess server(":memory:", 1, "20", {"--allowed-origin", "https://friends.example", "--trusted-proxy", "127.0.0.1/32"});
  const std::string own = "127.0.0.1:" + std::to_string(server.port());
  auto from = [&](const std::string& origin, std::vector<std::pair<std::string, std::string>> more = {}, std::string bind = "") {
    Handshake how{std::move(bind), own, std::move(more)};
    if (!origin.empty()) how.headers.emplace_back("Origin", origin);
    return refusal(server.port(), how);
  };
  EXPECT_EQ(from(""), "");                      // no Origin: a program, not a page
  EXPECT_EQ(from("http://" + own), "");         // the server's own page
  EXPECT_EQ(from("https://friends.example"), "");  // --allowed-origin
  EXPECT_EQ(from("http://evil.example"), "declined");
  EXPECT_EQ(from("https://" + own), "declined");  // another scheme
  EXPECT_EQ(from("null"), "declined");
  const auto declined = get(server.port(), "/ws",
                            Handshake{"", own, {{"Connection", "Upgrade"}, {"Upgrade", "websocket"}, {"Sec-WebSocket-Version", "13"},
                                                {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}, {"Origin", "http://evil.example"}}});
  EXPECT_EQ(declined.result_int(), 403);
  EXPECT_NE(declined.body().find("--allowed-origin"), std::string::npos) << declined.body();
  // Through the proxy the page's origin is the forwarded scheme and host ...
  const std::vector<std::pair<std::string, std::string>> proxied = {{"X-Forwarded-Proto", "https"}, {"X-Forwarded-Host", "tonk.test"}};
  EXPECT_EQ(from("https://tonk.test", proxied), "");
  EXPECT_EQ(from("http://" + own, proxied), "declined");
  // ... and from anyone else the forwarded ones count for nothing.
  EXPECT_EQ(from("https://tonk.test", proxied, "127.0.0.7"), "declined");
  EXPECT_EQ(from("http://" + own, proxied, "127.0.0.7"), "");
}

TEST(ServeHosting, EveryResponseCarriesTheSecurityHeaders) {
  ServerProcess server(":memory:", 1, "20", {"--trusted-proxy", "127.0.0.1/32"});
  for (const std::string target : {"/", "/nothing-here", "/records/NOPE/1"}) {
    const auto res = get(server.port(), target);
    const std::string csp(res["Content-Security-Policy"]);
    EXPECT_NE(csp.find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos) << target << ": " << csp;
    EXPECT_NE(csp.find("connect-src 'self';"), std::string::npos) << csp;
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
    EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << csp;
    // The one relaxation is compiling WebAssembly (the offline table's engine): no inline script or
    // style, no eval of JavaScript.
    EXPECT_EQ(csp.find("'unsafe-inline'"), std::string::npos) << csp;
    EXPECT_EQ(csp.find("'unsafe-eval'"), std::string::npos) << csp;
    const std::string wasm = "'wasm-unsafe-eval'";
    EXPECT_EQ(csp.find("unsafe", csp.find(wasm) + wasm.size()), std::string::npos) << csp;  // nothing else unsafe
    EXPECT_EQ(res["X-Content-Type-Options"], "nosniff");
    EXPECT_EQ(res["Referrer-Policy"], "no-referrer");
    EXPECT_EQ(res[http::field::strict_transport_security], "") << "plain http: no HSTS";
  }
  // HSTS when the client's connection is https: through the proxy it says so; directly, not believed.
  const Handshake https_proxy{"", "127.0.0.1", {{"X-Forwarded-Proto", "https"}}};
  EXPECT_EQ(get(server.port(), "/", https_proxy)[http::field::strict_transport_security], "max-age=31536000");
  const Handshake https_direct{"127.0.0.7", "127.0.0.1", {{"X-Forwarded-Proto", "https"}}};
  EXPECT_EQ(get(server.port(), "/", https_direct)[http::field::strict_transport_security], "");
}

// Every HTTP request counts against its address's rate (`--http-rate`): over it, 429 with
// Retry-After, whatever the path (a table's host, a record, a file of the page, a WebSocket upgrade);
// behind a trusted proxy per forwarded client, and from anyone else per socket address. At 0.1 a
// second the burst is one request, and the next comes back after 10 s: none in this test.
TEST(ServeHosting, EveryHttpRequestIsRateLimitedPerAddress) {
  ServerProcess server(":memory:", 1, "1000", {"--trusted-proxy", "127.0.0.1/32", "--http-rate", "0.1"});
  const Handshake ann = forwarded_for("203.0.113.1");
  EXPECT_EQ(get(server.port(), "/tables/ZZZZZZ/host", ann).result_int(), 404);
  for (const char* target : {"/tables/ZZZZZZ/host", "/records/ZZZZZZ/1", "/", "/ws"}) {
    const auto res = get(server.port(), target, ann);
    EXPECT_EQ(res.result_int(), 429) << target;
    EXPECT_EQ(res[http::field::retry_after], "10") << target;
  }
  EXPECT_EQ(refusal(server.port(), ann), "declined") << "a WebSocket upgrade is a request too";
  // Another client of the proxy has its own rate; a client that is not the proxy is counted by its
  // socket address, whatever it forwards.
  EXPECT_EQ(get(server.port(), "/tables/ZZZZZZ/host", forwarded_for("203.0.113.2")).result_int(), 404);
  EXPECT_EQ(get(server.port(), "/tables/ZZZZZZ/host", forwarded_for("203.0.113.1", "127.0.0.7")).result_int(), 404);
  EXPECT_EQ(get(server.port(), "/tables/ZZZZZZ/host", forwarded_for("203.0.113.3", "127.0.0.7")).result_int(), 429);
}

// The token bucket on its own, with the clock given: the burst, the refill, Retry-After, and the
// addresses it forgets.
TEST(ServeHosting, TheRequestRateIsATokenBucketPerAddress) {
  using namespace std::chrono_literals;
  serve::RequestRate rate(2, 4, 3);  // 2 a second, 4 at once, 3 addresses tracked
  const auto t0 = serve::RequestRate::Clock::time_point{} + 1h;
  for (int i = 0; i < 4; ++i) EXPECT_EQ(rate.admit("a", t0), 0) << i;
  EXPECT_EQ(rate.admit("a", t0), 1);           // half a second to the next token: Retry-After 1
  EXPECT_EQ(rate.admit("b", t0), 0);           // another address has its own bucket
  EXPECT_EQ(rate.admit("a", t0 + 500ms), 0);   // one token back
  EXPECT_EQ(rate.admit("a", t0 + 500ms), 1);
  EXPECT_EQ(rate.admit("a", t0 + 10s), 0);     // refilled to the burst, not beyond
  for (int i = 0; i < 3; ++i) EXPECT_EQ(rate.admit("a", t0 + 10s), 0);
  EXPECT_EQ(rate.admit("a", t0 + 10s), 1);
  serve::RequestRate slow(0.1, 1);
  EXPECT_EQ(slow.admit("a", t0), 0);
  EXPECT_EQ(slow.admit("a", t0), 10);
  // At the bound, the addresses whose bucket refilled are forgotten first: "a" (empty) is kept.
  EXPECT_EQ(rate.admit("c", t0 + 10s), 0);
  EXPECT_EQ(rate.addresses(), 3u);
  EXPECT_EQ(rate.admit("d", t0 + 10s + 100ms), 0);
  EXPECT_LE(rate.addresses(), 3u);
  EXPECT_EQ(rate.admit("a", t0 + 10s + 100ms), 1) << "a busy address is not forgotten";
  EXPECT_THROW(serve::RequestRate(0, 1), std::invalid_argument);
  EXPECT_THROW(serve::RequestRate(1, 0.5), std::invalid_argument);
}

}  // namespace
}  // namespace tonk::test
