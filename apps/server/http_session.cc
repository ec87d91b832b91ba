#include "http_session.h"

#include <chrono>
#include <exception>
#include <iostream>

#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "web_security.h"
#include "websocket_session.h"

namespace tonk::serve {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {
constexpr std::chrono::seconds kHttpTimeout{30};
}  // namespace

template <class Stream>
HttpSession<Stream>::HttpSession(Stream stream, const Site& site, Peer peer, std::shared_ptr<boost::asio::ssl::context> tls)
    : stream_(std::move(stream)), tls_(std::move(tls)), site_(site), peer_(std::move(peer)) {}

template <class Stream>
void HttpSession<Stream>::run() {
  if constexpr (kTls) {
    beast::get_lowest_layer(stream_).expires_after(kHttpTimeout);
    stream_.async_handshake(boost::asio::ssl::stream_base::server, [self = this->shared_from_this()](beast::error_code ec) {
      if (!ec) self->read();  // a failed handshake (a plain-http request, a bad client) just ends
    });
  } else {
    read();
  }
}

template <class Stream>
void HttpSession<Stream>::read() {
  parser_ = std::make_unique<http::request_parser<http::string_body>>();
  parser_->header_limit(8 * 1024);
  parser_->body_limit(4 * 1024);
  beast::get_lowest_layer(stream_).expires_after(kHttpTimeout);
  http::async_read(stream_, buffer_, *parser_,
                   [self = this->shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

template <class Stream>
void HttpSession<Stream>::on_read(beast::error_code ec) {
  if (ec == http::error::header_limit) {
    // The request line and headers are over 8 KiB (a long URL, most likely): 414, then close.
    HttpResponse res = make_response(HttpRequest{}, http::status::uri_too_long, "text/plain",
                                     "request line and headers are limited to 8 KiB\n", kTls);
    res.keep_alive(false);
    return respond(std::move(res));
  }
  if (ec) return close();
  HttpRequest& req = parser_->get();
  // Who asked: through a trusted proxy, the forwarded client, counted now by that address (a
  // connection the proxy reuses for another client is counted again).
  const RequestOrigin origin = site_.proxies.origin_of(peer_.socket_address, kTls ? "https" : "http", req.base());
  if (peer_.via_proxy && (origin.address != peer_.address || (!peer_.slot && peer_.refusal.empty()))) {
    peer_.slot.reset();
    peer_.refusal.clear();
    peer_.address = origin.address;
    peer_.slot = site_.count->admit(peer_.address, peer_.refusal);
  }
  const bool https = origin.scheme == "https";
  // Every request counts against its address's rate, a WebSocket upgrade too (docs/PROTOCOL.md).
  if (site_.requests)
    if (const int wait = site_.requests->admit(peer_.address)) {
      return respond(too_many_requests(req, wait, https));
    }
  if (beast::websocket::is_upgrade(req)) {
    if (req.target() != "/ws") return close();
    const auto from = req[http::field::origin];
    if (!origin_allowed(std::string_view(from.data(), from.size()), origin.scheme, origin.host, site_.allowed_origins)) {
      auto res = make_response(req, http::status::forbidden, "text/plain",
                               "this server's WebSocket is not open to pages of another origin (tonk serve --allowed-origin)\n", https);
      res.keep_alive(false);
      return respond(std::move(res));
    }
    beast::get_lowest_layer(stream_).expires_never();
    std::make_shared<WebSocketSession<Stream>>(std::move(stream_), site_.lobby, peer_.address, std::move(peer_.slot), peer_.refusal,
                                               std::move(tls_))
        ->run(parser_->release());
    return;
  }
  if (!peer_.refusal.empty()) {
    auto res = make_response(req, http::status::service_unavailable, "text/plain", peer_.refusal + "\n", https);
    res.keep_alive(false);
    return respond(std::move(res));
  }
  // The boundary of everything a request can reach: whatever throws is this request's 500, never
  // an exception out of the I/O thread's handler, which would end the server for every table.
  try {
    respond(answer(req, site_, https));
  } catch (const std::exception& e) {
    std::cerr << "tonk serve: could not answer a request: " << e.what() << "\n";  // not its path: any bytes
    auto res = make_response(req, http::status::internal_server_error, "text/plain", "the server could not answer this request\n", https);
    res.keep_alive(false);
    respond(std::move(res));
  }
}

template <class Stream>
void HttpSession<Stream>::respond(HttpResponse response) {
  auto res = std::make_shared<HttpResponse>(std::move(response));
  http::async_write(stream_, *res, [self = this->shared_from_this(), res](beast::error_code ec, std::size_t) {
    if (ec || !res->keep_alive()) return self->close();
    self->read();
  });
}

template <class Stream>
void HttpSession<Stream>::close() {
  beast::error_code ignored;
  if constexpr (kTls) {
    beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(5));
    stream_.async_shutdown([self = this->shared_from_this()](beast::error_code) {
      beast::error_code e;
      beast::get_lowest_layer(self->stream_).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, e);
    });
  } else {
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
  }
}

template class HttpSession<PlainStream>;
template class HttpSession<TlsStream>;

}  // namespace tonk::serve
