#include "server.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <iostream>
#include <optional>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include "http_session.h"
#include "listener.h"
#include "lobby.h"
#include "redirect_session.h"
#include "tls_context.h"
#include "web_security.h"

namespace tonk::serve {

namespace {

/// `text` as HOST:PORT (an IP address and a port 0..65535), or nullopt with the message printed.
std::optional<boost::asio::ip::tcp::endpoint> parse_endpoint(const std::string& text, const char* flag) {
  const auto colon = text.rfind(':');
  boost::system::error_code ec;
  std::string host = colon == std::string::npos ? "" : text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  const auto address = boost::asio::ip::make_address(host, ec);
  const std::string port_text = colon == std::string::npos ? "" : text.substr(colon + 1);
  if (ec || port_text.empty() || port_text.size() > 5 || port_text.find_first_not_of("0123456789") != std::string::npos ||
      std::stoi(port_text) > 65535) {
    std::cerr << "tonk serve: " << flag << " takes HOST:PORT (an IP address and a port 0..65535), not " << text << "\n";
    return std::nullopt;
  }
  return boost::asio::ip::tcp::endpoint(address, static_cast<unsigned short>(std::stoi(port_text)));
}

std::string url_host(const boost::asio::ip::address& a) { return a.is_v6() ? "[" + a.to_string() + "]" : a.to_string(); }

}  // namespace

int run_server(const ServeOptions& options, const ServerParts& parts) {
  // Every flag is checked before anything is opened or bound.
  const std::optional<boost::asio::ip::tcp::endpoint> endpoint = parse_endpoint(options.listen, "--listen");
  if (!endpoint) return 2;
  if (!options.advertise.empty()) {
    const std::string& a = options.advertise;
    const bool scheme = a.rfind("http://", 0) == 0 || a.rfind("https://", 0) == 0;
    if (!scheme || a.size() > 200 || a.size() < 9 ||
        std::any_of(a.begin(), a.end(), [](unsigned char c) { return c <= 0x20 || c >= 0x7f || c == '"' || c == '\\'; })) {
      std::cerr << "tonk serve: --advertise takes the URL clients reach this server at (http://HOST:PORT or https://...,"
                   " at most 200 characters, no spaces), not " << a << "\n";
      return 2;
    }
  }
  std::vector<AddressRange> ranges;
  for (const std::string& text : options.trusted_proxies) {
    const std::optional<AddressRange> range = parse_address_range(text);
    if (!range) {
      std::cerr << "tonk serve: --trusted-proxy " << text
                << " is not an address range (ADDRESS/PREFIX, e.g. 127.0.0.1/32, 10.0.0.0/8 or ::1/128)\n";
      return 2;
    }
    ranges.push_back(*range);
  }
  std::vector<std::string> allowed_origins;
  for (const std::string& text : options.allowed_origins) {
    const std::optional<std::string> origin = normalized_origin(text);
    if (!origin) {
      std::cerr << "tonk serve: --allowed-origin " << text << " is not an origin (http://HOST[:PORT] or https://HOST[:PORT])\n";
      return 2;
    }
    allowed_origins.push_back(*origin);
  }
  if (options.tls_cert.empty() != options.tls_key.empty()) {
    std::cerr << "tonk serve: --tls-cert and --tls-key go together (the certificate chain and its key, PEM)\n";
    return 2;
  }
  std::optional<boost::asio::ip::tcp::endpoint> redirect;
  if (!options.redirect_http.empty()) {
    if (options.tls_cert.empty()) {
      std::cerr << "tonk serve: --redirect-http redirects to the server's https: it needs --tls-cert and --tls-key\n";
      return 2;
    }
    redirect = parse_endpoint(options.redirect_http, "--redirect-http");
    if (!redirect) return 2;
  }
  std::unique_ptr<TlsContext> tls;
  if (!options.tls_cert.empty()) {
    try {
      tls = std::make_unique<TlsContext>(options.tls_cert, options.tls_key);
    } catch (const TlsError& e) {
      std::cerr << "tonk serve: " << e.what() << "\n";
      return 2;
    }
  }
  const std::string scheme = tls ? "https" : "http";

  boost::asio::io_context io{1};
  std::unique_ptr<Lobby> lobby;
  try {
    std::unique_ptr<Storage> storage = open_storage(options.db, std::chrono::milliseconds(static_cast<long long>(options.lease * 1000)));
    if (parts.storage) storage = parts.storage(std::move(storage));
    lobby = std::make_unique<Lobby>(io, std::move(storage), options.workers);
    lobby->set_rate(options.rate);
    LobbyLimits limits;
    limits.max_hints = options.max_hints;
    limits.max_bot_worlds = options.max_bot_worlds;
    limits.unjoined_per_address = options.max_unjoined_per_address;
    limits.unjoined_expiry = std::chrono::milliseconds(static_cast<long long>(options.unjoined_expiry * 1000));
    limits.quick_wait = std::chrono::milliseconds(std::max(1LL, static_cast<long long>(options.quick_wait * 1000)));
    limits.quick_asks_per_minute = options.max_quick_asks_per_minute;
    limits.rematch_wait = std::chrono::milliseconds(std::max(1LL, static_cast<long long>(options.rematch_wait * 1000)));
    lobby->set_limits(limits);
    RatingSettings ratings;
    ratings.period.rule = options.rating_period_day ? PeriodRule::kDay : PeriodRule::kHands;
    ratings.period.hands = options.rating_period_hands;
    ratings.leaderboard_deviation = options.leaderboard_deviation;
    lobby->set_ratings(ratings);
    RetentionPolicy retention;
    const auto ms = [](double seconds) { return std::chrono::milliseconds(static_cast<long long>(seconds * 1000)); };
    retention.keep_log = ms(options.keep_log);
    retention.delete_after = ms(options.delete_ended_after);
    retention.keep_records = options.keep_records;
    retention.sweep_period = ms(options.retention_sweep);
    lobby->set_retention(retention);
    if (parts.wall_clock) lobby->set_wall_clock(parts.wall_clock);
  } catch (const std::exception& e) {
    std::cerr << "tonk serve: " << e.what() << "\n";
    return 1;
  }
  const Site site{*lobby, options.static_dir, TrustedProxies(std::move(ranges)), std::move(allowed_origins),
                  std::make_shared<ConnectionCount>(options.max_connections_per_address, options.max_connections),
                  std::make_shared<RequestRate>(options.http_rate, std::max(1.0, options.http_rate * kHttpBurstSeconds))};
  Listener::Open open_session;
  if (tls) {
    open_session = [&site, &tls](boost::asio::ip::tcp::socket socket, Peer peer) {
      std::shared_ptr<boost::asio::ssl::context> context = tls->current();  // a reload changes it for later connections only
      std::make_shared<HttpSession<TlsStream>>(TlsStream(std::move(socket), *context), site, std::move(peer), context)->run();
    };
  } else {
    open_session = [&site](boost::asio::ip::tcp::socket socket, Peer peer) {
      std::make_shared<HttpSession<PlainStream>>(PlainStream(std::move(socket)), site, std::move(peer))->run();
    };
  }
  std::shared_ptr<Listener> listener, redirector;
  const std::string* binding = &options.listen;
  try {
    listener = std::make_shared<Listener>(io, *endpoint, site.count, site.proxies, std::move(open_session));
    if (redirect) {
      binding = &options.redirect_http;
      const unsigned short https_port = listener->local_endpoint().port();
      redirector = std::make_shared<Listener>(io, *redirect, site.count, TrustedProxies{},
                                              [https_port, &site](boost::asio::ip::tcp::socket socket, Peer peer) {
                                                std::make_shared<RedirectSession>(PlainStream(std::move(socket)), https_port,
                                                                                  std::move(peer.slot), std::move(peer.refusal),
                                                                                  site.requests, std::move(peer.address))
                                                    ->run();
                                              });
    }
  } catch (const boost::system::system_error& e) {
    std::cerr << "tonk serve: cannot listen on " << *binding << ": " << e.code().message()
              << " (another port: --listen 127.0.0.1:PORT; --listen 127.0.0.1:0 picks a free one)\n";
    return 1;
  }
  const auto bound = listener->local_endpoint();
  // Bound first, so the advertised address has the real port (port 0) before the tables' leases are
  // taken with it. Nothing is accepted before io.run().
  std::size_t restored = 0;
  try {
    lobby->set_advertise(options.advertise.empty() ? scheme + "://" + url_host(bound.address()) + ":" + std::to_string(bound.port())
                                                   : options.advertise);
    restored = lobby->restore();
  } catch (const std::exception& e) {
    std::cerr << "tonk serve: " << e.what() << "\n";
    return 1;
  }
  listener->run();
  if (redirector) redirector->run();
  // A shared storage: renew the leases and take over the tables of stopped servers (storage.h).
  boost::asio::steady_timer lease_timer(io);
  std::function<void()> keep_leases;
  if (const auto period = lobby->storage().lease_period(); period.count() > 0) {
    keep_leases = [&, period] {
      lease_timer.expires_after(period);
      lease_timer.async_wait([&](const boost::system::error_code& e) {
        if (e) return;
        lobby->keep_leases();
        keep_leases();
      });
    };
    keep_leases();
  }
  // The retention policy (retention.h): a bounded step every sweep period, the next one at once
  // (after what else waits) while there is more to do.
  boost::asio::steady_timer retention_timer(io);
  std::function<void(std::chrono::milliseconds)> keep_retention = [&](std::chrono::milliseconds after) {
    retention_timer.expires_after(after);
    retention_timer.async_wait([&](const boost::system::error_code& e) {
      if (e) return;
      keep_retention(lobby->sweep() ? std::chrono::milliseconds(0) : lobby->retention().sweep_period);
    });
  };
  keep_retention(lobby->retention().sweep_period);
  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&io](const boost::system::error_code&, int) { io.stop(); });
  // SIGHUP (certbot's deploy hook, systemctl reload): new connections get the reloaded certificate.
  boost::asio::signal_set hangup(io);
  std::function<void()> await_hangup = [&] {
    hangup.async_wait([&](const boost::system::error_code& e, int) {
      if (e) return;
      if (const std::optional<std::string> error = tls->reload())
        std::cerr << "tonk serve: SIGHUP: kept the TLS certificate in use: " << *error << std::endl;
      else
        std::cerr << "tonk serve: SIGHUP: reloaded the TLS certificate " << tls->cert_file() << " (SHA-256 " << tls->fingerprint()
                  << ")" << std::endl;
      await_hangup();
    });
  };
  if (tls) {
    hangup.add(SIGHUP);
    await_hangup();
  }
  std::cout << "tonk serve: listening on " << scheme << "://" << url_host(bound.address()) << ":" << bound.port() << " ("
            << restored << " table" << (restored == 1 ? "" : "s") << " restored from " << options.db
            << (options.static_dir.empty() ? "" : "; serving " + options.static_dir)
            << (redirector ? "; http://" + url_host(redirector->local_endpoint().address()) + ":" +
                                 std::to_string(redirector->local_endpoint().port()) + " redirects to https"
                           : "")
            << ")" << std::endl;
  io.run();
  return 0;
}

}  // namespace tonk::serve
