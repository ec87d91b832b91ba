#include "http_answer.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lobby.h"
#include "web_security.h"

namespace tonk::serve {

namespace http = boost::beast::http;

namespace {

std::string_view mime_type(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".webmanifest") return "application/manifest+json";  // the page's web app manifest
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".wasm") return "application/wasm";
  return "application/octet-stream";
}

// A JSON body. Text a request brought (a path, an error's words) may be any bytes: written with
// invalid UTF-8 replaced, so a body never throws (a strict dump would, and end the server).
std::string json_body(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

HttpResponse make_response(const HttpRequest& request, http::status status, std::string_view type, std::string body, bool https) {
  HttpResponse res{status, request.version()};
  res.set(http::field::server, "tonk");
  res.set(http::field::content_type, std::string(type));
  add_security_headers(res, https);
  res.keep_alive(request.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

HttpResponse too_many_requests(const HttpRequest& request, int wait_seconds, bool https) {
  HttpResponse res = make_response(request, http::status::too_many_requests, "text/plain",
                                   "too many requests from your address: try again in " + std::to_string(wait_seconds) + " s\n", https);
  res.set(http::field::retry_after, std::to_string(wait_seconds));
  res.keep_alive(false);
  return res;
}

HttpResponse answer(const HttpRequest& req, const Site& site, bool https) {
  auto make = [&](http::status status, std::string_view type, std::string body) {
    return make_response(req, status, type, std::move(body), https);
  };
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return make(http::status::method_not_allowed, "text/plain", "only GET\n");
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
        text = site.lobby.record_text(rest.substr(0, slash), std::stoi(rest.substr(slash + 1)));
    } catch (const StorageError& e) {  // reading an ended table's log failed: the server goes on
      return make(http::status::service_unavailable, "text/plain", std::string("the records are unavailable: ") + e.what() + "\n");
    }
    if (!text) return make(http::status::not_found, "text/plain", "no such finished hand\n");
    auto res = make(http::status::ok, "text/plain; charset=utf-8", std::move(*text));
    res.set(http::field::content_disposition, "attachment; filename=\"hand.tonk\"");
    return res;
  }
  // GET /tables/public: the listed tables waiting for people (quick play), as the `tables` message.
  if (target == "/tables/public") {
    auto res = make(http::status::ok, "application/json", json_body(site.lobby.public_tables()));
    res.set(http::field::cache_control, "no-store");
    return res;
  }
  // GET /leaderboard/GROUP: a preset group's leaderboard, as the `leaderboard` message.
  if (target.rfind("/leaderboard/", 0) == 0) {
    try {
      auto res = make(http::status::ok, "application/json", json_body(site.lobby.leaderboard_json(target.substr(13))));
      res.set(http::field::cache_control, "no-store");
      return res;
    } catch (const ProtocolError& e) {
      return make(http::status::not_found, "application/json", json_body({{"error", e.code()}, {"message", e.what()}}));
    } catch (const StorageError& e) {
      return make(http::status::service_unavailable, "application/json",
                  json_body({{"error", "server"}, {"message", e.what()}}));
    }
  }
  // GET /tables/CODE/host: the server hosting an open table, from any server (docs/SCALING.md).
  if (target.rfind("/tables/", 0) == 0 && target.size() > 13 && target.compare(target.size() - 5, 5, "/host") == 0) {
    const std::string code = target.substr(8, target.size() - 13);
    std::optional<nlohmann::json> host;
    try {
      host = site.lobby.table_host(code);
    } catch (const StorageError& e) {
      return make(http::status::service_unavailable, "application/json",
                  json_body({{"error", "server"}, {"message", e.what()}}));
    }
    if (!host)
      return make(http::status::not_found, "application/json",
                  json_body({{"error", "not_found"}, {"message", "no open table has this code"}}));
    auto res = make(http::status::ok, "application/json", json_body(*host));
    res.set(http::field::cache_control, "no-store");
    return res;
  }
  // The browser client's built files.
  if (target.empty() || target[0] != '/' || target.find("..") != std::string::npos || target.find('\\') != std::string::npos ||
      target.find('\0') != std::string::npos)
    return make(http::status::bad_request, "text/plain", "bad path\n");
  if (target.back() == '/') target += "index.html";
  if (site.static_dir.empty()) {
    if (target == "/index.html")
      return make(http::status::ok, "text/plain; charset=utf-8",
                  "tonk serve: no browser client here. Build the page and start the server with "
                  "scripts/serve.sh from the repository's root (or pass --static DIR). The WebSocket "
                  "protocol is at /ws (docs/PROTOCOL.md).\n");
    return make(http::status::not_found, "text/plain", "not found\n");
  }
  std::error_code fs_error;
  if (!std::filesystem::is_regular_file(site.static_dir + target, fs_error))  // a directory, a device, nothing: 404
    return make(http::status::not_found, "text/plain", "not found\n");
  std::ifstream file(site.static_dir + target, std::ios::binary);
  if (!file) return make(http::status::not_found, "text/plain", "not found\n");
  std::ostringstream body;
  body << file.rdbuf();
  auto res = make(http::status::ok, mime_type(target), body.str());
  if (req.method() == http::verb::head) res.body().clear();
  return res;
}

}  // namespace tonk::serve
