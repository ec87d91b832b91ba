#include "listener.h"

#include <iostream>

#include "http_session.h"

namespace tonk::serve {

Listener::Listener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint, Lobby& lobby, std::string static_dir)
    : io_(io), acceptor_(io), lobby_(lobby), static_dir_(std::move(static_dir)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(boost::asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(boost::asio::socket_base::max_listen_connections);
}

void Listener::run() { accept(); }

void Listener::accept() {
  acceptor_.async_accept(io_, [self = shared_from_this()](boost::system::error_code ec, boost::asio::ip::tcp::socket socket) {
    if (!ec) {
      boost::system::error_code ignored;
      socket.set_option(boost::asio::ip::tcp::no_delay(true), ignored);
      std::make_shared<HttpSession>(std::move(socket), self->lobby_, self->static_dir_)->run();
    } else if (ec == boost::asio::error::operation_aborted) {
      return;
    }
    self->accept();  // too many open files and the like: keep accepting
  });
}

}  // namespace tonk::serve
