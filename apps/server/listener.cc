#include "listener.h"

#include <chrono>
#include <iostream>

#include "http_session.h"

namespace tonk::serve {

std::shared_ptr<void> ConnectionCount::admit(const std::string& address, std::string& why) {
  int& mine = by_address_[address];
  if (mine >= per_address_) {
    why = "too many connections from " + address + " (at most " + std::to_string(per_address_) + ")";
  } else if (total_ >= total_limit_) {
    why = "the server is full (at most " + std::to_string(total_limit_) + " connections)";
  } else {
    ++mine;
    ++total_;
    // The deleter runs when the HTTP session, or the WebSocket session it became, is destroyed.
    // It keeps the count alive: sessions may outlive the Listener at shutdown.
    return std::shared_ptr<void>(this, [self = shared_from_this(), address](void*) {
      --self->total_;
      if (const auto it = self->by_address_.find(address); it != self->by_address_.end() && --it->second <= 0)
        self->by_address_.erase(it);
    });
  }
  if (mine == 0) by_address_.erase(address);
  return nullptr;
}

Listener::Listener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint, Lobby& lobby, std::string static_dir,
                   int per_address, int total)
    : io_(io),
      acceptor_(io),
      lobby_(lobby),
      static_dir_(std::move(static_dir)),
      count_(std::make_shared<ConnectionCount>(per_address, total)),
      backoff_(io) {
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
      const std::string address = ignored ? std::string("?") : remote.address().to_string();
      std::string why;
      std::shared_ptr<void> slot = self->count_->admit(address, why);
      // Refused connections are still read once, to answer with the reason (HTTP 503, or a
      // WebSocket close 1013 "try again later"); they hold no slot.
      std::make_shared<HttpSession>(std::move(socket), self->lobby_, self->static_dir_, address, std::move(slot), why)->run();
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
