// Accepts TCP connections and hands each to an HttpSession.
#pragma once

#include <memory>
#include <string>

#include <boost/asio/ip/tcp.hpp>

namespace tonk::serve {

class Lobby;

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  /// Binds `endpoint` (port 0: any free port). Throws boost::system::system_error.
  Listener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint, Lobby& lobby, std::string static_dir);
  /// The bound endpoint (the port chosen when 0 was asked).
  boost::asio::ip::tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
  void run();

 private:
  void accept();

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  Lobby& lobby_;
  std::string static_dir_;
};

}  // namespace tonk::serve
