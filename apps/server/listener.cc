#include "listener.h"

#include <chrono>
#include <iostream>

namespace tonk::serve {

Listener::Listener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint, std::shared_ptr<ConnectionCount> count,
                   TrustedProxies proxies, Open open)
    : io_(io), acceptor_(io), count_(std::move(count)), proxies_(std::move(proxies)), open_(std::move(open)), backoff_(io) {
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
      const auto remote = socket.remote_endpoint(ignored);
      Peer peer;
      if (!ignored) peer.socket_address = remote.address();
      peer.via_proxy = !ignored && self->proxies_.trusts(peer.socket_address);
      if (!peer.via_proxy) {
        peer.address = ignored ? std::string("?") : address_text(peer.socket_address);
        // Refused connections are still read once, to answer with the reason (HTTP 503, or a
        // WebSocket close 1013 "try again later"); they hold no slot.
        peer.slot = self->count_->admit(peer.address, peer.refusal);
      }
      self->open_(std::move(socket), std::move(peer));
    } else if (ec == boost::asio::error::operation_aborted) {
      return;
    } else if (ec == boost::asio::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system ||
               ec == boost::asio::error::no_buffer_space || ec == boost::asio::error::no_memory) {
      // Out of file descriptors (EMFILE, ENFILE) or memory: accepting at once would fail again at
      // once (a busy loop at 100% CPU). Wait 100 ms, when connections may have closed; log once.
      if (!self->told_out_of_fds_) {
        self->told_out_of_fds_ = true;
        std::cerr << "tonk serve: cannot accept connections: " << ec.message()
                  << " (retrying every 100 ms; raise ulimit -n or lower --max-connections)" << std::endl;
      }
      self->backoff_.expires_after(std::chrono::milliseconds(100));
      self->backoff_.async_wait([self](const boost::system::error_code& e) {
        if (!e) self->accept();
      });
      return;
    }
    self->accept();
  });
}

}  // namespace tonk::serve
