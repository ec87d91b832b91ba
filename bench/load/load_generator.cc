// tonk_load: a load generator for `tonk serve`. Opens N tables on a running server,
// each with two people played by bot-driven WebSocket clients on loopback, every client moving about
// once per --interval seconds when it is its turn (random legal actions from the server's `legal`
// list), for --seconds. Reports the moves per second and the move-to-acknowledgement latency (from
// sending `act` to receiving `acted`): median, p99, max. One thread, Asio: many connections.
//
//   tonk_load --port P --tables N [--seconds 20] [--interval 1.0]
//
// Exit status: 0, or 1 when no move was acknowledged or the server answered any message with an
// `error` (the first one is printed): a load figure made of refused moves is not a figure.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <utility>  // before Boost 1.74 asio.hpp, whose awaitable.hpp needs std::exchange

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Stats {
  std::vector<double> latencies_ms;
  long long moves = 0;
  long long errors = 0;
  std::string first_error;  // the first `error` message or connection failure, for the report
  bool measuring = false;
};

class Bot : public std::enable_shared_from_this<Bot> {
 public:
  Bot(asio::io_context& io, Stats& stats, std::uint64_t seed, double interval)
      : ws_(io), timer_(io), stats_(stats), rng_(seed), interval_(interval) {}

  void start(const asio::ip::tcp::endpoint& ep, std::string first_message, std::function<void(const json&)> on_reply) {
    on_reply_ = std::move(on_reply);
    first_ = std::move(first_message);
    ws_.next_layer().async_connect(ep, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail("connect", ec);
      self->ws_.next_layer().set_option(asio::ip::tcp::no_delay(true));
      self->ws_.async_handshake("127.0.0.1", "/ws", [self](beast::error_code ec) {
        if (ec) return self->fail("handshake", ec);
        self->send(self->first_);
        self->read();
      });
    });
  }
  void send(std::string text) {
    out_.push_back(std::move(text));
    if (out_.size() == 1) write();
  }

 private:
  void fail(const char* what, beast::error_code ec) {
    if (stopped_) return;
    if (stats_.first_error.empty()) stats_.first_error = std::string(what) + ": " + ec.message();
    ++stats_.errors;
    stopped_ = true;
  }
  void write() {
    ws_.async_write(asio::buffer(out_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("write", ec);
      self->out_.pop_front();
      if (!self->out_.empty()) self->write();
    });
  }
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("read", ec);
      const json m = json::parse(beast::buffers_to_string(self->buffer_.data()));
      self->buffer_.consume(self->buffer_.size());
      self->on_message(m);
      self->read();
    });
  }
  void on_message(const json& m) {
    const std::string type = m.value("type", "");
    if (m.contains("re") && on_reply_) on_reply_(m);
    if (type == "state") {
      if (!m["legal"].empty() && !(m["hand"] == hand_ && m["seq"] == seq_)) {
        hand_ = m["hand"];
        seq_ = m["seq"];
        legal_ = m["legal"];
        // Think for about `interval` seconds (uniform 0..2x: the clients do not move in lock step).
        const double wait = std::uniform_real_distribution<double>(0, 2 * interval_)(rng_);
        timer_.expires_after(std::chrono::microseconds(static_cast<long long>(wait * 1e6)));
        timer_.async_wait([self = shared_from_this(), h = hand_, s = seq_](beast::error_code ec) {
          if (ec || self->hand_ != h || self->seq_ != s) return;
          const json& pick = self->legal_[std::uniform_int_distribution<std::size_t>(0, self->legal_.size() - 1)(self->rng_)];
          self->sent_ = Clock::now();
          // docs/PROTOCOL.md: an act names its position by hand and seq.
          self->send(json{{"type", "act"}, {"id", 1}, {"action", pick["id"]}, {"hand", h}, {"seq", s}}.dump());
        });
      }
    } else if (type == "acted") {
      if (stats_.measuring) {
        stats_.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent_).count());
        ++stats_.moves;
      }
    } else if (type == "hand_over") {
      send(R"({"type":"ready"})");
    } else if (type == "error") {
      if (stats_.first_error.empty()) stats_.first_error = m.dump();
      ++stats_.errors;
    }
  }

  websocket::stream<asio::ip::tcp::socket> ws_;
  asio::steady_timer timer_;
  beast::flat_buffer buffer_;
  std::deque<std::string> out_;
  Stats& stats_;
  std::mt19937_64 rng_;
  double interval_;
  std::string first_;
  std::function<void(const json&)> on_reply_;
  json hand_ = -1, seq_ = -1, legal_;
  Clock::time_point sent_;
  bool stopped_ = false;
};

int main(int argc, char** argv) {
  int port = 0, tables = 10;
  double seconds = 20, interval = 1.0;
  CLI::App app{"tonk_load: a load generator for `tonk serve` (docs/PERFORMANCE.md)"};
  app.add_option("--port", port, "the server's port on 127.0.0.1")->required()->check(CLI::Range(1, 65535));
  app.add_option("--tables", tables, "tables to open, two bot-driven people each")->check(CLI::Range(1, 100000));
  app.add_option("--seconds", seconds, "seconds measured, after 3 s of warm-up")->check(CLI::Range(0.1, 86400.0));
  app.add_option("--interval", interval, "mean seconds a client thinks before its move (0: at once)")
      ->check(CLI::Range(0.0, 3600.0));
  CLI11_PARSE(app, argc, argv);
  asio::io_context io;
  const asio::ip::tcp::endpoint ep(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port));
  Stats stats;
  std::vector<std::shared_ptr<Bot>> bots;
  int created = 0;
  for (int t = 0; t < tables; ++t) {
    // The creator, then two players who join by the code it gets.
    auto creator = std::make_shared<Bot>(io, stats, 1000 + t, interval);
    bots.push_back(creator);
    creator->start(ep, R"({"type":"create","id":1,"seats":2,"pause_seconds":0})", [&, t](const json& m) {
      if (m.value("type", "") != "created") return;
      ++created;
      for (int s = 0; s < 2; ++s) {
        auto player = std::make_shared<Bot>(io, stats, 7 * t + s, interval);
        bots.push_back(player);
        player->start(ep, json{{"type", "join"}, {"id", 1}, {"table", m["table"]}, {"name", "L" + std::to_string(s)}}.dump(), nullptr);
      }
    });
  }
  // Warm up for a few seconds (tables open, first moves), then measure.
  asio::steady_timer warm(io, std::chrono::seconds(3));
  Clock::time_point start;
  warm.async_wait([&](beast::error_code) {
    stats.measuring = true;
    start = Clock::now();
  });
  asio::steady_timer stop(io, std::chrono::milliseconds(static_cast<long long>((3 + seconds) * 1000)));
  stop.async_wait([&](beast::error_code) { io.stop(); });
  io.run();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  std::vector<double>& l = stats.latencies_ms;
  std::sort(l.begin(), l.end());
  auto pct = [&](double p) { return l.empty() ? 0.0 : l[std::min(l.size() - 1, static_cast<std::size_t>(p * l.size()))]; };
  std::printf("tables %d (created %d), clients %zu, %.1f s: %lld moves, %.1f moves/s; move-to-ack ms: p50 %.2f p99 %.2f max %.2f; errors %lld\n",
              tables, created, bots.size(), elapsed, stats.moves, stats.moves / elapsed, pct(0.5), pct(0.99),
              l.empty() ? 0.0 : l.back(), stats.errors);
  if (stats.errors > 0) {
    std::fprintf(stderr, "tonk_load: %lld errors; the first: %s\n", stats.errors, stats.first_error.c_str());
    return 1;
  }
  if (stats.moves == 0) {
    std::fprintf(stderr, "tonk_load: no move was acknowledged\n");
    return 1;
  }
  return 0;
}
