// One client's WebSocket, plain or over TLS: reads messages (size limit, text only, rate limit per
// connection), hands them to the Lobby, and writes what the Lobby delivers, in order.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "client.h"

namespace tonk::serve {

class Lobby;

/// Largest message a client may send, in bytes (docs/PROTOCOL.md "Framing").
inline constexpr std::size_t kMaxMessageBytes = 16 * 1024;
/// The rate limit by default: messages per second on average (the burst allowed is twice as many).
inline constexpr double kRatePerSecond = 20;
/// Refusals for the rate after which the connection is closed.
inline constexpr int kMaxRateRefusals = 200;
/// Messages waiting to be written to a client that does not read, after which it is closed.
inline constexpr std::size_t kMaxQueuedMessages = 4096;

/// `Stream`: boost::beast::tcp_stream or boost::beast::ssl_stream of one (http_session.h).
template <class Stream>
class WebSocketSession : public Client, public std::enable_shared_from_this<WebSocketSession<Stream>> {
 public:
  /// `address` is the client's (forwarded through a trusted proxy), for the limits per address.
  /// `slot` counts the connection while it lives (connection_count.h). With `refusal` set, the
  /// upgrade is accepted and closed at once (1013 "try again later", the reason as the close reason).
  /// `tls`: the TLS context the stream was made with, kept while the connection lives.
  WebSocketSession(Stream stream, Lobby& lobby, std::string address = {}, std::shared_ptr<void> slot = nullptr,
                   std::string refusal = {}, std::shared_ptr<boost::asio::ssl::context> tls = nullptr);
  ~WebSocketSession() override;
  /// Accepts the upgrade `request`, sends `welcome`, then reads.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);

  void deliver(std::shared_ptr<const std::string> message) override;
  void close_for_abuse() override;

 private:
  void read();
  void on_read(boost::beast::error_code ec);
  void write();
  void gone();
  bool take_token();
  void start_close();

  std::shared_ptr<boost::asio::ssl::context> tls_;  // before ws_: outlives the stream
  boost::beast::websocket::stream<Stream> ws_;
  boost::beast::flat_buffer buffer_;
  Lobby& lobby_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::shared_ptr<void> slot_;
  std::string refusal_;
  bool writing_ = false;
  bool closed_ = false;  // no more writes
  bool gone_ = false;    // the lobby was told
  bool closing_ = false;  // close once the queue is written
  double tokens_ = 2 * kRatePerSecond;
  int refusals_ = 0;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace tonk::serve
