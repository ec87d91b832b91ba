#include "http_session.h"

#include <chrono>
#include <fstream>
#include <sstream>

#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "lobby.h"
#include "websocket_session.h"

namespace tonk::serve {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {

constexpr std::chrono::seconds kHttpTimeout{30};

std::string_view mime_type(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".wasm") return "application/wasm";
  return "application/octet-stream";
}

}  // namespace

HttpSession::HttpSession(boost::asio::ip::tcp::socket socket, Lobby& lobby, const std::string& static_dir)
    : stream_(std::move(socket)), lobby_(lobby), static_dir_(static_dir) {}

void HttpSession::run() { read(); }

void HttpSession::read() {
  parser_ = std::make_unique<http::request_parser<http::string_body>>();
  parser_->header_limit(8 * 1024);
  parser_->body_limit(4 * 1024);
  stream_.expires_after(kHttpTimeout);
  http::async_read(stream_, buffer_, *parser_,
                   [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

void HttpSession::on_read(beast::error_code ec) {
  if (ec) {
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    return;
  }
  http::request<http::string_body>& req = parser_->get();
  if (beast::websocket::is_upgrade(req)) {
    if (req.target() != "/ws") {
      stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
      return;
    }
    stream_.expires_never();
    std::make_shared<WebSocketSession>(stream_.release_socket(), lobby_)->run(parser_->release());
    return;
  }
  auto make = [&](http::status status, std::string_view type, std::string body) {
    http::response<http::string_body> res{status, req.version()};
    res.set(http::field::server, "tonk");
    res.set(http::field::content_type, std::string(type));
    res.keep_alive(req.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
  };
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return respond(make(http::status::method_not_allowed, "text/plain", "only GET\n"));
  std::string target(req.target());
  if (const auto q = target.find('?'); q != std::string::npos) target.resize(q);
  // GET /records/CODE/N: a finished hand's record (docs/RECORDS.md).
  if (target.rfind("/records/", 0) == 0) {
    const std::string rest = target.substr(9);
    const auto slash = rest.find('/');
    std::optional<std::string> text;
    try {
      if (slash != std::string::npos && slash + 1 < rest.size() && rest.size() - slash <= 10 &&
          rest.find_first_not_of("0123456789", slash + 1) == std::string::npos)
        text = lobby_.record_text(rest.substr(0, slash), std::stoi(rest.substr(slash + 1)));
    } catch (const StorageError& e) {  // reading an ended table's log failed: the server goes on
      return respond(make(http::status::service_unavailable, "text/plain", std::string("the records are unavailable: ") + e.what() + "\n"));
    }
    if (!text) return respond(make(http::status::not_found, "text/plain", "no such finished hand\n"));
    auto res = make(http::status::ok, "text/plain; charset=utf-8", std::move(*text));
    res.set(http::field::content_disposition, "attachment; filename=\"hand.tonk\"");
    return respond(std::move(res));
  }
  // GET /tables/CODE/host: the server hosting an open table, from any server (docs/SCALING.md).
  if (target.rfind("/tables/", 0) == 0 && target.size() > 13 && target.compare(target.size() - 5, 5, "/host") == 0) {
    const std::string code = target.substr(8, target.size() - 13);
    std::optional<nlohmann::json> host;
    try {
      host = lobby_.table_host(code);
    } catch (const StorageError& e) {
      return respond(make(http::status::service_unavailable, "application/json",
                          nlohmann::json{{"error", "server"}, {"message", e.what()}}.dump() + "\n"));
    }
    if (!host)
      return respond(make(http::status::not_found, "application/json",
                          nlohmann::json{{"error", "not_found"}, {"message", "no open table " + code.substr(0, 16)}}.dump() + "\n"));
    auto res = make(http::status::ok, "application/json", host->dump() + "\n");
    res.set(http::field::cache_control, "no-store");
    return respond(std::move(res));
  }
  // The browser client's built files.
  if (target.empty() || target[0] != '/' || target.find("..") != std::string::npos || target.find('\\') != std::string::npos ||
      target.find('\0') != std::string::npos)
    return respond(make(http::status::bad_request, "text/plain", "bad path\n"));
  if (target.back() == '/') target += "index.html";
  if (static_dir_.empty()) {
    if (target == "/index.html")
      return respond(make(http::status::ok, "text/plain; charset=utf-8",
                          "tonk serve: no browser client here. Build the page and start the server with "
                          "scripts/serve.sh from the repository's root (or pass --static DIR). The WebSocket "
                          "protocol is at /ws (docs/PROTOCOL.md).\n"));
    return respond(make(http::status::not_found, "text/plain", "not found\n"));
  }
  std::ifstream file(static_dir_ + target, std::ios::binary);
  if (!file) return respond(make(http::status::not_found, "text/plain", "not found\n"));
  std::ostringstream body;
  body << file.rdbuf();
  auto res = make(http::status::ok, mime_type(target), body.str());
  if (req.method() == http::verb::head) res.body().clear();
  respond(std::move(res));
}

void HttpSession::respond(http::response<http::string_body> response) {
  auto res = std::make_shared<http::response<http::string_body>>(std::move(response));
  http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
    if (ec || !res->keep_alive()) {
      self->stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ec);
      return;
    }
    self->read();
  });
}

}  // namespace tonk::serve
