// What the server tells browsers and checks of them: the security headers of every HTTP response,
// and which `Origin` may open the WebSocket (a page of another site may not play for its visitor).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace tonk::serve {

/// The page's Content-Security-Policy: its own scripts, styles and WebSocket only ('self'), images
/// also from data: URLs (the page's icon), no plugins, no framing, no inline script.
inline constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Sets Content-Security-Policy, X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer,
/// X-Frame-Options: DENY, and when `https`, Strict-Transport-Security (one year).
void add_security_headers(boost::beast::http::response<boost::beast::http::string_body>& response, bool https);

/// `text` as an origin, "SCHEME://HOST[:PORT]" with the scheme http or https: lowercased, the
/// default port (80, 443) dropped, nothing after the authority. Nullopt for anything else.
std::optional<std::string> normalized_origin(std::string_view text);

/// Whether a WebSocket upgrade carrying `Origin: origin` may proceed: no Origin (a client that is
/// not a browser), the server's own origin (`scheme` and `host`: how the request reached the server,
/// through a trusted proxy what it forwarded), or one of `allowed` (normalized origins).
bool origin_allowed(std::string_view origin, std::string_view scheme, std::string_view host,
                    const std::vector<std::string>& allowed);

}  // namespace tonk::serve
