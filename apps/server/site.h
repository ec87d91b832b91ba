// What every HTTP and WebSocket session of one server shares: the lobby, the page's files, the
// trusted proxies, the origins allowed besides the server's own, the connection count and the request rate.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "connection_count.h"
#include "request_rate.h"
#include "trusted_proxy.h"

namespace tonk::serve {

class Lobby;

struct Site {
  Lobby& lobby;
  std::string static_dir;                     ///< the browser client's built files; "" for none
  TrustedProxies proxies;                     ///< --trusted-proxy
  std::vector<std::string> allowed_origins;   ///< --allowed-origin, normalized (web_security.h)
  std::shared_ptr<ConnectionCount> count;     ///< per-address and total connection limits
  std::shared_ptr<RequestRate> requests;      ///< per-address HTTP requests (--http-rate); null: unlimited
};

}  // namespace tonk::serve
