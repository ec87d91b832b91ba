// One HTTP connection, plain or over TLS (the same code on either stream, as Boost.Beast's
// "advanced_server_flex" example does): reads requests, answers them (http_answer.h), and upgrades
// `GET /ws` to a WebSocketSession when the Origin is allowed.
#pragma once

#include <memory>
#include <string>

#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

#include "http_answer.h"
#include "listener.h"
#include "site.h"

namespace tonk::serve {

using PlainStream = boost::beast::tcp_stream;
using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

template <class Stream>
class HttpSession : public std::enable_shared_from_this<HttpSession<Stream>> {
 public:
  /// `peer` says who connected and whether the connection is counted yet (listener.h); a refused one
  /// is answered HTTP 503, or a WebSocket close with the reason, then ends. `tls` (TlsStream only)
  /// is the context `stream` was made with, kept while the connection lives.
  HttpSession(Stream stream, const Site& site, Peer peer, std::shared_ptr<boost::asio::ssl::context> tls = nullptr);
  void run();

 private:
  static constexpr bool kTls = std::is_same_v<Stream, TlsStream>;
  void read();
  void on_read(boost::beast::error_code ec);
  void respond(HttpResponse response);
  void close();

  Stream stream_;
  std::shared_ptr<boost::asio::ssl::context> tls_;
  boost::beast::flat_buffer buffer_;
  std::unique_ptr<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  const Site& site_;
  Peer peer_;
};

}  // namespace tonk::serve
