#include "server.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <iostream>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include "listener.h"
#include "lobby.h"

namespace tonk::serve {

int run_server(const ServeOptions& options) {
  const auto colon = options.listen.rfind(':');
  boost::system::error_code ec;
  const auto address =
      boost::asio::ip::make_address(colon == std::string::npos ? "" : options.listen.substr(0, colon), ec);
  const std::string port_text = colon == std::string::npos ? "" : options.listen.substr(colon + 1);
  if (ec || port_text.empty() || port_text.size() > 5 || port_text.find_first_not_of("0123456789") != std::string::npos ||
      std::stoi(port_text) > 65535) {
    std::cerr << "tonk serve: --listen takes HOST:PORT (an IP address and a port 0..65535), not " << options.listen << "\n";
    return 2;
  }
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
  boost::asio::io_context io{1};
  std::unique_ptr<Lobby> lobby;
  try {
    lobby = std::make_unique<Lobby>(io, open_storage(options.db, std::chrono::milliseconds(static_cast<long long>(options.lease * 1000))), options.workers);
    lobby->set_rate(options.rate);
    LobbyLimits limits;
    limits.max_hints = options.max_hints;
    limits.unjoined_per_address = options.max_unjoined_per_address;
    limits.unjoined_expiry = std::chrono::milliseconds(static_cast<long long>(options.unjoined_expiry * 1000));
    lobby->set_limits(limits);
    lobby->set_clock_offset(std::chrono::milliseconds(options.clock_offset_ms));
    lobby->set_exit_after_acts(options.exit_after_acts);
  } catch (const std::exception& e) {
    std::cerr << "tonk serve: " << e.what() << "\n";
    return 1;
  }
  std::shared_ptr<Listener> listener;
  try {
    listener = std::make_shared<Listener>(io, boost::asio::ip::tcp::endpoint(address, static_cast<unsigned short>(std::stoi(port_text))),
                                          *lobby, options.static_dir, options.max_connections_per_address,
                                          options.max_connections);
  } catch (const boost::system::system_error& e) {
    std::cerr << "tonk serve: cannot listen on " << options.listen << ": " << e.code().message()
              << " (another port: --listen 127.0.0.1:PORT; --listen 127.0.0.1:0 picks a free one)\n";
    return 1;
  }
  const auto bound = listener->local_endpoint();
  // Bound first, so the advertised address has the real port (port 0) before the tables' leases are
  // taken with it. Nothing is accepted before io.run().
  const std::string host = bound.address().is_v6() ? "[" + bound.address().to_string() + "]" : bound.address().to_string();
  std::size_t restored = 0;
  try {
    lobby->set_advertise(options.advertise.empty() ? "http://" + host + ":" + std::to_string(bound.port()) : options.advertise);
    restored = lobby->restore();
  } catch (const std::exception& e) {
    std::cerr << "tonk serve: " << e.what() << "\n";
    return 1;
  }
  listener->run();
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
  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&io](const boost::system::error_code&, int) { io.stop(); });
  std::cout << "tonk serve: listening on http://" << bound.address().to_string() << ":" << bound.port() << " ("
            << restored << " table" << (restored == 1 ? "" : "s") << " restored from " << options.db
            << (options.static_dir.empty() ? "" : "; serving " + options.static_dir) << ")" << std::endl;
  io.run();
  return 0;
}

}  // namespace tonk::serve
