// One HTTP connection: serves the browser's built files and the records of finished hands, and
// upgrades `GET /ws` to a WebSocketSession.
#pragma once

#include <memory>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

namespace tonk::serve {

class Lobby;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  /// `slot` counts the connection (listener.h) while it lives; null with `refusal` set when a limit
  /// refused it (it answers HTTP 503, or a WebSocket close with the reason, then ends).
  HttpSession(boost::asio::ip::tcp::socket socket, Lobby& lobby, const std::string& static_dir, std::string address = {},
              std::shared_ptr<void> slot = nullptr, std::string refusal = {});
  void run();

 private:
  void read();
  void on_read(boost::beast::error_code ec);
  void respond(boost::beast::http::response<boost::beast::http::string_body> response);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::unique_ptr<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  Lobby& lobby_;
  std::string static_dir_;
  std::string address_;
  std::shared_ptr<void> slot_;
  std::string refusal_;
};

}  // namespace tonk::serve
