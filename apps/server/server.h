// `tonk serve`: the game server (docs/PROTOCOL.md), HTTP and WebSocket on Boost.Beast.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "storage.h"

namespace tonk::serve {

/// The burst of --http-rate, in seconds of its rate: a page's load (its files and its WebSocket) and
/// a few reloads fit.
inline constexpr double kHttpBurstSeconds = 10;

struct ServeOptions {
  std::string listen = "127.0.0.1:8080";  ///< HOST:PORT; port 0 picks a free one (printed)
  std::string db = "tonk-serve.db";       ///< the database (storage.h): a SQLite file, ":memory:" or postgresql://...
  double lease = 10;                      ///< PostgreSQL: seconds a table's lease lasts unrenewed (>= 0.1)
  std::string static_dir;                 ///< the browser client's built files; "" for none
  /// The URL clients reach this server at (http:// or https://), recorded with each table's lease for
  /// a load balancer (GET /tables/CODE/host); "" for http://HOST:PORT of the bound listen address.
  std::string advertise;
  int workers = 2;                        ///< threads thinking for bots and hints
  double rate = 20;                       ///< messages per second per connection (burst: twice as many)
  /// HTTP requests (WebSocket upgrades included) per second per remote address, on average; a burst
  /// of kHttpBurstSeconds times as many (at least 1). Beyond: 429 with Retry-After.
  double http_rate = 20;
  int max_connections_per_address = 64;   ///< open connections from one remote address
  int max_connections = 4096;             ///< open connections in all
  int max_hints = 8;                      ///< hints one table may have on the pool at once (then `busy`)
  int max_bot_worlds = 2000;              ///< ceiling on a bot's or a hint's worlds per decision (LobbyLimits)
  int max_unjoined_per_address = 20;      ///< tables nobody joined yet that one address may have created
  double unjoined_expiry = 600;           ///< seconds after which a table nobody joined is removed
  double quick_wait = 20;                 ///< quick play: seconds a new public table waits for people before bots fill it
  int max_quick_asks_per_minute = 30;     ///< quick play: asks one address may make a minute (LobbyLimits)
  /// Ratings (docs/RATINGS.md): a player's rating period closes at their `rating_period_hands`-th
  /// rated hand of it (1..1000), or at midnight UTC with `rating_period_day`; a leaderboard lists
  /// players whose deviation is below `leaderboard_deviation` rating points.
  int rating_period_hands = 10;
  bool rating_period_day = false;
  double leaderboard_deviation = 150;
  double rematch_wait = 60;               ///< play again: seconds a rematch waits from its first accept before bots fill it
  /// Retention (retention.h, docs/DEPLOY.md "Retention"), in seconds: an ended table's log is
  /// compacted `keep_log` after it ended, the table deleted `delete_ended_after` after (0: never),
  /// its records too unless `keep_records`; the policy is applied every `retention_sweep`.
  double keep_log = 0;
  double delete_ended_after = 30 * 86400;
  bool keep_records = false;
  double retention_sweep = 60;
  /// TLS (tls_context.h): PEM certificate chain and key files, both or neither; "" for plain http.
  /// SIGHUP reloads them.
  std::string tls_cert;
  std::string tls_key;
  std::string redirect_http;  ///< with TLS: HOST:PORT of a plain listener that only redirects to https; "" for none
  /// CIDR blocks of reverse proxies whose forwarded client address and scheme are believed (trusted_proxy.h).
  std::vector<std::string> trusted_proxies;
  /// Origins (SCHEME://HOST[:PORT]) besides the server's own whose pages may open /ws (web_security.h).
  std::vector<std::string> allowed_origins;
};

/// What a program embedding the server may put in place of its parts; empty members keep the
/// defaults (`tonk serve` keeps them all). The tests' server (tests/server/fault_server.cc) puts a
/// storage that crashes on demand and a clock that runs ahead here.
struct ServerParts {
  /// Given the storage opened from ServeOptions::db, the storage the lobby uses (e.g. a decorator of it).
  std::function<std::unique_ptr<Storage>(std::unique_ptr<Storage>)> storage;
  /// The wall clock the turn timers' deadlines are kept in, ms since the Unix epoch (Lobby::set_wall_clock).
  std::function<std::int64_t()> wall_clock;
};

/// Runs the server until SIGINT or SIGTERM. Prints "tonk serve: listening on http://HOST:PORT" (https://
/// with TLS; the bound port) on stdout once it accepts connections, after restoring every stored table.
/// With TLS, SIGHUP reloads the certificate and key (a message on stderr either way; a bad file keeps
/// the old ones). Returns the exit code: 0 after a signal, 1 when the storage cannot be opened or,
/// with one server's storage, a table does not restore (a shared storage's server sets such a table
/// aside and serves on: Lobby::restore), 2 for a bad --listen, --advertise, --redirect-http, --trusted-proxy or
/// --allowed-origin, or a certificate or key that cannot be used (the message names the file).
int run_server(const ServeOptions& options, const ServerParts& parts = {});

}  // namespace tonk::serve
