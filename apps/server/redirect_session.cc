#include "redirect_session.h"

#include <chrono>

#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>

namespace tonk::serve {

namespace beast = boost::beast;
namespace http = beast::http;

std::optional<std::string> https_location(std::string_view host, std::string_view target, unsigned short https_port) {
  std::string_view name = host;
  if (!name.empty() && name.front() == '[') {
    const auto close = name.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    name = name.substr(0, close + 1);
  } else if (const auto colon = name.find(':'); colon != std::string_view::npos) {
    name = name.substr(0, colon);
  }
  if (name.empty() || name.size() > 255 ||
      name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_[]:") != std::string_view::npos)
    return std::nullopt;
  std::string location = "https://" + std::string(name);
  if (https_port != 443) location += ":" + std::to_string(https_port);
  if (target.empty() || target.front() != '/') return location + "/";
  return location + std::string(target);
}

RedirectSession::RedirectSession(beast::tcp_stream stream, unsigned short https_port, std::shared_ptr<void> slot, std::string refusal,
                                 std::shared_ptr<RequestRate> requests, std::string address)
    : stream_(std::move(stream)),
      https_port_(https_port),
      slot_(std::move(slot)),
      refusal_(std::move(refusal)),
      requests_(std::move(requests)),
      address_(std::move(address)) {
  parser_.header_limit(8 * 1024);
  parser_.body_limit(4 * 1024);
}

void RedirectSession::run() {
  stream_.expires_after(std::chrono::seconds(30));
  http::async_read(stream_, buffer_, parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

void RedirectSession::on_read(beast::error_code ec) {
  if (ec) {
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    return;
  }
  const HttpRequest& req = parser_.get();
  const auto host = req[http::field::host];
  const auto target = req.target();
  const std::optional<std::string> location =
      https_location(std::string_view(host.data(), host.size()), std::string_view(target.data(), target.size()), https_port_);
  const int wait = refusal_.empty() && requests_ ? requests_->admit(address_) : 0;
  auto res = std::make_shared<HttpResponse>(
      !refusal_.empty() ? make_response(req, http::status::service_unavailable, "text/plain", refusal_ + "\n", false)
      : wait > 0        ? too_many_requests(req, wait, false)
      : location        ? make_response(req, http::status::moved_permanently, "text/plain", "this server speaks https: " + *location + "\n", false)
                        : make_response(req, http::status::bad_request, "text/plain", "no Host header to redirect to https with\n", false));
  if (location && refusal_.empty() && wait == 0) res->set(http::field::location, *location);
  res->keep_alive(false);
  http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code e, std::size_t) {
    self->stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, e);
  });
}

}  // namespace tonk::serve
