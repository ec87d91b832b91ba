// Accepts TCP connections and hands each to an HttpSession; bounds connections per remote address
// and in all, and backs off when the process runs out of file descriptors.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

namespace tonk::serve {

class Lobby;

/// Open connections (HTTP and WebSocket) by remote address. Runs on the I/O thread only.
class ConnectionCount : public std::enable_shared_from_this<ConnectionCount> {
 public:
  ConnectionCount(int per_address, int total) : per_address_(per_address), total_limit_(total) {}
  /// Counts a new connection from `address`: a token that uncounts it when the last copy goes, or
  /// null with `why` set (a close reason) when a limit is reached (the connection is then refused).
  std::shared_ptr<void> admit(const std::string& address, std::string& why);

 private:
  int per_address_;
  int total_limit_;
  int total_ = 0;
  std::unordered_map<std::string, int> by_address_;
};

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  /// Binds `endpoint` (port 0: any free port). Throws boost::system::system_error.
  /// `per_address` and `total` bound the connections open at once (docs/PROTOCOL.md "Limits").
  Listener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint, Lobby& lobby, std::string static_dir,
           int per_address = 64, int total = 4096);
  /// The bound endpoint (the port chosen when 0 was asked).
  boost::asio::ip::tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
  void run();

 private:
  void accept();

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  Lobby& lobby_;
  std::string static_dir_;
  std::shared_ptr<ConnectionCount> count_;
  boost::asio::steady_timer backoff_;  // out of file descriptors: accept again 100 ms later
  bool told_out_of_fds_ = false;       // logged once
};

}  // namespace tonk::serve
