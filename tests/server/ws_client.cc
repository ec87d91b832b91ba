// The Boost.Beast half of ws_client.h: compiled once for every server test.
#include "ws_client.h"

#include <chrono>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "connect_from.h"

namespace tonk::test {

std::pair<int, std::string> http_get(unsigned short port, const std::string& target) {
  namespace http = boost::beast::http;
  boost::asio::io_context io;
  boost::beast::tcp_stream stream(io);
  boost::asio::ip::tcp::resolver resolver(io);
  stream.expires_after(std::chrono::seconds(20));
  stream.connect(resolver.resolve("127.0.0.1", std::to_string(port)));
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(stream, req);
  boost::beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  boost::beast::error_code ec;
  stream.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
  return {static_cast<int>(res.result_int()), res.body()};
}

void connect_from(boost::asio::ip::tcp::socket& socket, unsigned short port, const std::string& bind_address) {
  socket.open(boost::asio::ip::tcp::v4());
  if (!bind_address.empty()) socket.bind({boost::asio::ip::make_address(bind_address), 0});
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), port});
}

struct WsClient::Connection {
  boost::asio::io_context io;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws{io};
};

WsClient::WsClient(unsigned short port, const Handshake& how, int timeout_seconds)
    : connection_(std::make_unique<Connection>()), timeout_(timeout_seconds) {
  auto& ws = connection_->ws;
  connect_from(ws.next_layer(), port, how.bind_address);
  ws.set_option(boost::beast::websocket::stream_base::decorator([headers = how.headers](boost::beast::websocket::request_type& req) {
    for (const auto& [name, value] : headers) req.set(name, value);
  }));
  ws.handshake(how.host, "/ws");
  const json welcome = next();
  if (welcome.value("type", "") != "welcome") throw std::runtime_error("no welcome: " + welcome.dump());
}

WsClient::~WsClient() = default;

void WsClient::send_raw(const std::string& text, bool binary) {
  connection_->ws.binary(binary);
  connection_->ws.write(boost::asio::buffer(text));
}

json WsClient::read_one() {
  auto& [io, ws] = *connection_;
  boost::beast::flat_buffer buffer;
  boost::beast::error_code ec;
  bool done = false;
  ws.async_read(buffer, [&](boost::beast::error_code e, std::size_t) {
    ec = e;
    done = true;
  });
  io.restart();
  io.run_for(std::chrono::seconds(timeout_));
  if (!done) {
    ws.next_layer().cancel();
    io.restart();
    io.run();
    throw std::runtime_error("no message from the server within " + std::to_string(timeout_) + " s");
  }
  if (ec) throw boost::system::system_error(ec);
  std::string text = boost::beast::buffers_to_string(buffer.data());
  if (keep_raw) raw_.push_back(text);
  return json::parse(text);
}

json latest_state(WsClient& client) {
  client.request({{"type", "ping"}});
  json last;
  while (client.has_pending())
    if (json m = client.next(); m["type"] == "state") last = m;
  return last;
}

}  // namespace tonk::test
