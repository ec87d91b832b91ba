// tonk_delay_proxy: a TCP proxy on loopback that delays every byte by a fixed time each way, so that
// a database on this machine answers as one a few milliseconds away (tc netem needs a network
// namespace and the netem module; this needs neither). Order is kept; the delay adds, it does not
// throttle. One thread, Asio. For the figure "PostgreSQL 2 ms away" (bench/load/pg_delay.sh).
//
//   tonk_delay_proxy --listen PORT --to HOST:PORT --delay-ms MS   (MS each way: the round trip is 2 x MS)
#include <chrono>
#include <deque>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <utility>  // before Boost 1.74 asio.hpp, whose awaitable.hpp needs std::exchange

#include <boost/asio.hpp>
#include <CLI/CLI.hpp>

namespace asio = boost::asio;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

// One direction of one connection: what `from` sends reaches `to` `delay` later.
class Pipe : public std::enable_shared_from_this<Pipe> {
 public:
  Pipe(std::shared_ptr<tcp::socket> from, std::shared_ptr<tcp::socket> to, Clock::duration delay)
      : from_(std::move(from)), to_(std::move(to)), delay_(delay), timer_(from_->get_executor()) {}
  void start() { read(); }

 private:
  void read() {
    auto buffer = std::make_shared<std::vector<char>>(65536);
    from_->async_read_some(asio::buffer(*buffer), [self = shared_from_this(), buffer](boost::system::error_code ec, std::size_t n) {
      if (ec) {
        self->closing_ = true;
        if (!self->writing_ && self->queue_.empty()) self->shut();
        return;
      }
      buffer->resize(n);
      self->queue_.push_back({Clock::now() + self->delay_, std::move(*buffer)});
      if (!self->writing_) self->wait();
      self->read();
    });
  }
  void wait() {
    writing_ = true;
    timer_.expires_at(queue_.front().due);
    timer_.async_wait([self = shared_from_this()](boost::system::error_code) { self->write(); });
  }
  void write() {
    asio::async_write(*to_, asio::buffer(queue_.front().bytes), [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
      self->queue_.pop_front();
      if (ec) return self->shut();
      if (!self->queue_.empty()) return self->wait();
      self->writing_ = false;
      if (self->closing_) self->shut();
    });
  }
  void shut() {
    boost::system::error_code ignored;
    to_->shutdown(tcp::socket::shutdown_send, ignored);
  }

  struct Chunk {
    Clock::time_point due;
    std::vector<char> bytes;
  };
  std::shared_ptr<tcp::socket> from_, to_;
  Clock::duration delay_;
  asio::steady_timer timer_;
  std::deque<Chunk> queue_;
  bool writing_ = false, closing_ = false;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("A TCP proxy on loopback that delays every byte by a fixed time each way");
  int port = 0;
  std::string to;
  double delay_ms = 1;
  app.add_option("--listen", port, "port on 127.0.0.1")->required()->check(CLI::Range(1, 65535));
  app.add_option("--to", to, "HOST:PORT to forward to")->required();
  app.add_option("--delay-ms", delay_ms, "added delay each way, ms")->required()->check(CLI::Range(0.0, 10000.0));
  CLI11_PARSE(app, argc, argv);
  const auto colon = to.rfind(':');
  if (colon == std::string::npos) {
    std::cerr << "tonk_delay_proxy: --to takes HOST:PORT, not " << to << "\n";
    return 2;
  }
  asio::io_context io{1};
  tcp::resolver resolver(io);
  const auto target = *resolver.resolve(to.substr(0, colon), to.substr(colon + 1)).begin();
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  const auto delay = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(delay_ms));
  std::function<void()> accept = [&] {
    acceptor.async_accept([&](boost::system::error_code ec, tcp::socket socket) {
      if (!ec) {
        auto client = std::make_shared<tcp::socket>(std::move(socket));
        auto server = std::make_shared<tcp::socket>(io);
        server->async_connect(target, [client, server, delay](boost::system::error_code ec2) {
          if (ec2) return;
          client->set_option(tcp::no_delay(true));
          server->set_option(tcp::no_delay(true));
          std::make_shared<Pipe>(client, server, delay)->start();
          std::make_shared<Pipe>(server, client, delay)->start();
        });
      }
      accept();
    });
  };
  accept();
  std::cout << "delay_proxy: 127.0.0.1:" << port << " -> " << to << ", " << delay_ms << " ms each way" << std::endl;
  io.run();
}
