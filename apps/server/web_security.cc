#include "web_security.h"

#include <algorithm>
#include <cctype>

namespace tonk::serve {

namespace http = boost::beast::http;

void add_security_headers(http::response<http::string_body>& response, bool https) {
  response.set("Content-Security-Policy", std::string(kContentSecurityPolicy));
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "no-referrer");
  response.set(http::field::x_frame_options, "DENY");
  if (https) response.set(http::field::strict_transport_security, "max-age=31536000");
}

std::optional<std::string> normalized_origin(std::string_view text) {
  std::string o(text);
  std::transform(o.begin(), o.end(), o.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::string scheme;
  if (o.rfind("http://", 0) == 0) scheme = "http";
  else if (o.rfind("https://", 0) == 0) scheme = "https";
  else return std::nullopt;
  std::string authority = o.substr(scheme.size() + 3);
  if (!authority.empty() && authority.back() == '/') authority.pop_back();  // "https://a.b/" as typed
  if (authority.empty() || authority.size() > 255 ||
      authority.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789.-:[]_") != std::string::npos)
    return std::nullopt;
  // The port, when one follows the host (an IPv6 host is in brackets): decimal, dropped when default.
  const auto bracket = authority.rfind(']');
  const auto colon = authority.rfind(':');
  if (colon != std::string::npos && (bracket == std::string::npos || colon > bracket)) {
    const std::string port = authority.substr(colon + 1);
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) > 65535)
      return std::nullopt;
    if (colon == 0) return std::nullopt;
    if ((scheme == "http" && std::stoi(port) == 80) || (scheme == "https" && std::stoi(port) == 443)) authority.resize(colon);
  }
  return scheme + "://" + authority;
}

bool origin_allowed(std::string_view origin, std::string_view scheme, std::string_view host, const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;
  const std::optional<std::string> theirs = normalized_origin(origin);
  if (!theirs) return false;  // "null" (a sandboxed frame, a file), garbage
  if (const std::optional<std::string> own = normalized_origin(std::string(scheme) + "://" + std::string(host)); own && *own == *theirs)
    return true;
  return std::find(allowed.begin(), allowed.end(), *theirs) != allowed.end();
}

}  // namespace tonk::serve
