// One connection to the plain-http listener of `tonk serve --redirect-http ADDR`: every request is
// answered with a redirect to the same path over https, on the server's TLS port. Nothing else is
// served there (no page, no WebSocket). Its requests count against their address's rate as every
// other HTTP request does (--http-rate: 429 with Retry-After beyond it).
#pragma once

#include <memory>
#include <string>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "http_answer.h"
#include "request_rate.h"

namespace tonk::serve {

/// The Location for `target` asked of `host` (a Host header: NAME or NAME:PORT, NAME possibly an IPv6
/// address in brackets) on `https_port`: "https://NAME[:https_port]TARGET" (no port for 443).
/// Nullopt for a host that is empty or holds other characters than a host name's.
std::optional<std::string> https_location(std::string_view host, std::string_view target, unsigned short https_port);

class RedirectSession : public std::enable_shared_from_this<RedirectSession> {
 public:
  /// `slot` counts the connection (connection_count.h); null with `refusal` set when refused (503).
  /// `requests` (shared with the server's other listener; null: unlimited) counts each request
  /// against `address`, the socket's remote address.
  RedirectSession(boost::beast::tcp_stream stream, unsigned short https_port, std::shared_ptr<void> slot, std::string refusal,
                  std::shared_ptr<RequestRate> requests, std::string address);
  void run();

 private:
  void on_read(boost::beast::error_code ec);

  boost::beast::tcp_stream stream_;
  unsigned short https_port_;
  std::shared_ptr<void> slot_;
  std::string refusal_;
  std::shared_ptr<RequestRate> requests_;
  std::string address_;
  boost::beast::flat_buffer buffer_;
  boost::beast::http::request_parser<boost::beast::http::string_body> parser_;
};

}  // namespace tonk::serve
