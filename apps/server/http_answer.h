// The answer to one plain HTTP request (not a WebSocket upgrade): the browser's built files, the
// records of finished hands and the routing registry, each response with the security headers.
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "site.h"

namespace tonk::serve {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

/// A response of `status` with `body` of content type `type`, the security headers (https: with
/// HSTS), kept alive as `request` asks.
HttpResponse make_response(const HttpRequest& request, boost::beast::http::status status, std::string_view type,
                           std::string body, bool https);

/// The answer to a request over its address's rate (request_rate.h): 429 with Retry-After:
/// `wait_seconds` (1 or more), closing the connection.
HttpResponse too_many_requests(const HttpRequest& request, int wait_seconds, bool https);

/// Answers `request`: GET or HEAD of /records/CODE/N, /tables/CODE/host, /tables/public or a file of the page.
/// `https`: the client reached the server over TLS (its own or a trusted proxy's).
HttpResponse answer(const HttpRequest& request, const Site& site, bool https);

}  // namespace tonk::serve
