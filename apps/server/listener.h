// Accepts TCP connections on one address and hands each to a session; counts direct connections
// (connection_count.h) and backs off when the process runs out of file descriptors.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "connection_count.h"
#include "trusted_proxy.h"

namespace tonk::serve {

/// The connection a session is handed.
struct Peer {
  boost::asio::ip::address socket_address;
  /// The client's address for the limits and the logs: the socket's, or "" from a trusted proxy
  /// until the session reads the forwarded one from the request.
  std::string address;
  std::shared_ptr<void> slot;  ///< counts the connection while it lives; null when refused or not counted yet
  std::string refusal;         ///< why a limit refused it ("" when admitted or not counted yet)
  bool via_proxy = false;      ///< from a trusted proxy: counted by the session (origin_of) instead
};

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  /// Starts a session on an accepted socket.
  using Open = std::function<void(boost::asio::ip::tcp::socket, Peer)>;

  /// Binds `endpoint` (port 0: any free port). Throws boost::system::system_error. A connection from
  /// an address `proxies` trusts is handed over uncounted; any other is counted by `count` first
  /// (and handed over refused when a limit is reached, to be answered with the reason).
  Listener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint, std::shared_ptr<ConnectionCount> count,
           TrustedProxies proxies, Open open);
  /// The bound endpoint (the port chosen when 0 was asked).
  boost::asio::ip::tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
  void run();

 private:
  void accept();

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::shared_ptr<ConnectionCount> count_;
  TrustedProxies proxies_;
  Open open_;
  boost::asio::steady_timer backoff_;  // out of file descriptors: accept again 100 ms later
  bool told_out_of_fds_ = false;       // logged once
};

}  // namespace tonk::serve
