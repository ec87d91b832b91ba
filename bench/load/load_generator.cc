// tonk_load: a load generator for `tonk serve`. Opens N tables on a running server,
// each with two people played by bot-driven WebSocket clients on loopback, every client moving about
// once per --interval seconds when it is its turn (random legal actions from the server's `legal`
// list), for --seconds. Reports the moves per second and the move-to-acknowledgement latency (from
// sending `act` to receiving `acted`): median, p99, max. One thread, Asio: many connections.
//
//   tonk_load --port P --tables N [--seconds 20] [--interval 1.0] [--host 127.0.0.1] [--warmup 3] [--ramp 0]
//             [--tls (--ca FILE [--server-name NAME] | --insecure)] [--watch-pid PID ...] [--idle N]
//
// --tls speaks wss:// (TLS 1.2 or 1.3, OpenSSL) instead of ws://: to `tonk serve --tls-cert`, or to a
// proxy such as deploy/nginx/tonk. The same clients either way (the Bot template below).
// --watch-pid adds the CPU seconds those processes (the server; a proxy's workers) used during the
// measured window, per acknowledged move. --idle N opens N WebSocket connections that say nothing,
// and reports how much the watched processes' resident memory grew, per connection.
//
// Exit status: 0, or 1 when no move was acknowledged or the server answered any message with an
// `error` (the first one is printed): a load figure made of refused moves is not a figure.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <utility>  // before Boost 1.74 asio.hpp, whose awaitable.hpp needs std::exchange

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace asio = boost::asio;
namespace ssl = asio::ssl;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

using PlainWs = websocket::stream<asio::ip::tcp::socket>;
using TlsWs = websocket::stream<beast::ssl_stream<asio::ip::tcp::socket>>;

struct Stats {
  std::vector<double> latencies_ms;
  long long moves = 0;
  long long errors = 0;
  long long seated = 0;     // clients whose create or join was answered (or, with --idle, whose handshake is done)
  std::string first_error;  // the first `error` message or connection failure, for the report
  bool measuring = false;
};

/// Where the clients connect: the server's address and, for wss://, the TLS context and the name
/// sent (SNI) and checked against the certificate.
struct Target {
  asio::ip::tcp::endpoint endpoint;
  ssl::context* tls = nullptr;  // null: ws://
  std::string server_name;
};

template <class Ws>
Ws open_stream(asio::io_context& io, const Target& target) {
  if constexpr (std::is_same_v<Ws, TlsWs>)
    return Ws(io, *target.tls);
  else
    return Ws(io);
}

template <class Ws>
class Bot : public std::enable_shared_from_this<Bot<Ws>> {
 public:
  Bot(asio::io_context& io, const Target& target, Stats& stats, std::uint64_t seed, double interval)
      : ws_(open_stream<Ws>(io, target)), target_(target), timer_(io), stats_(stats), rng_(seed), interval_(interval) {}

  /// Connects and sends `first_message` ("" for none: an idle connection, counted as seated once open).
  void start(std::string first_message, std::function<void(const json&)> on_reply) {
    on_reply_ = std::move(on_reply);
    first_ = std::move(first_message);
    beast::get_lowest_layer(ws_).async_connect(target_.endpoint, [self = this->shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail("connect", ec);
      beast::get_lowest_layer(self->ws_).set_option(asio::ip::tcp::no_delay(true));
      if constexpr (std::is_same_v<Ws, TlsWs>)
        self->tls_handshake();
      else
        self->ws_handshake();
    });
  }
  void send(std::string text) {
    out_.push_back(std::move(text));
    if (out_.size() == 1) write();
  }

 private:
  void tls_handshake() {
    auto& tls = ws_.next_layer();
    if (!SSL_set_tlsext_host_name(tls.native_handle(), target_.server_name.c_str()))
      return fail("TLS server name", beast::error_code(static_cast<int>(::ERR_get_error()), asio::error::get_ssl_category()));
    tls.set_verify_callback(ssl::host_name_verification(target_.server_name));
    tls.async_handshake(ssl::stream_base::client, [self = this->shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail("TLS handshake", ec);
      self->ws_handshake();
    });
  }
  void ws_handshake() {
    ws_.async_handshake(target_.server_name, "/ws", [self = this->shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail("WebSocket handshake", ec);
      if (self->first_.empty())
        ++self->stats_.seated;
      else
        self->send(self->first_);
      self->read();
    });
  }
  void fail(const char* what, beast::error_code ec) {
    if (stopped_) return;
    if (stats_.first_error.empty()) stats_.first_error = std::string(what) + ": " + ec.message();
    ++stats_.errors;
    stopped_ = true;
  }
  void write() {
    ws_.async_write(asio::buffer(out_.front()), [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("write", ec);
      self->out_.pop_front();
      if (!self->out_.empty()) self->write();
    });
  }
  void read() {
    ws_.async_read(buffer_, [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("read", ec);
      const json m = json::parse(beast::buffers_to_string(self->buffer_.data()));
      self->buffer_.consume(self->buffer_.size());
      self->on_message(m);
      self->read();
    });
  }
  void on_message(const json& m) {
    const std::string type = m.value("type", "");
    if (m.contains("re") && !seated_) {  // the answer to create or join
      seated_ = true;
      ++stats_.seated;
    }
    if (m.contains("re") && on_reply_) on_reply_(m);
    if (type == "state") {
      if (!m["legal"].empty() && !(m["hand"] == hand_ && m["seq"] == seq_)) {
        hand_ = m["hand"];
        seq_ = m["seq"];
        legal_ = m["legal"];
        // Think for about `interval` seconds (uniform 0..2x: the clients do not move in lock step).
        const double wait = std::uniform_real_distribution<double>(0, 2 * interval_)(rng_);
        timer_.expires_after(std::chrono::microseconds(static_cast<long long>(wait * 1e6)));
        timer_.async_wait([self = this->shared_from_this(), h = hand_, s = seq_](beast::error_code ec) {
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

  Ws ws_;
  const Target& target_;
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
  bool seated_ = false;
};

/// CPU seconds (user + system) and resident bytes of the watched processes, summed, from /proc.
struct Usage {
  double cpu_seconds = 0;
  double rss_bytes = 0;
};

std::optional<Usage> usage_of(const std::vector<int>& pids) {
  Usage u;
  for (int pid : pids) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return std::nullopt;
    // proc(5): after the name in parentheses, field 3 is the state; utime and stime are fields 14 and 15.
    std::istringstream rest(line.substr(line.rfind(')') + 2));
    std::string field;
    double utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {
      if (i == 14) utime = std::stod(field);
      if (i == 15) stime = std::stod(field);
    }
    u.cpu_seconds += (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
    std::ifstream statm("/proc/" + std::to_string(pid) + "/statm");
    double pages = 0, resident = 0;
    if (!(statm >> pages >> resident)) return std::nullopt;
    u.rss_bytes += resident * static_cast<double>(sysconf(_SC_PAGESIZE));
  }
  return u;
}

/// Runs the clients on `io` until it stops; the one code path of ws:// and wss:// (Ws).
template <class Ws>
void open_clients(asio::io_context& io, const Target& target, Stats& stats, int tables, int idle, double interval, double ramp,
                  std::vector<std::shared_ptr<void>>& clients) {
  for (int c = 0; c < idle; ++c) {
    auto client = std::make_shared<Bot<Ws>>(io, target, stats, c, interval);
    clients.push_back(client);
    client->start("", nullptr);
  }
  for (int t = 0; t < tables; ++t) {
    // The creator, then two players who join by the code it gets; table t opens at t * ramp / tables s.
    auto creator = std::make_shared<Bot<Ws>>(io, target, stats, 1000 + t, interval);
    clients.push_back(creator);
    auto opening = std::make_shared<asio::steady_timer>(io, std::chrono::microseconds(static_cast<long long>(1e6 * ramp * t / tables)));
    // Called after this function returns: io, target, stats and clients are main's; t and interval copied.
    opening->async_wait([&io, &target, &stats, &clients, t, interval, creator, opening](beast::error_code) {
      creator->start(R"({"type":"create","id":1,"seats":2,"pause_seconds":0})", [&io, &target, &stats, &clients, t, interval](const json& m) {
        if (m.value("type", "") != "created") return;
        for (int s = 0; s < 2; ++s) {
          auto player = std::make_shared<Bot<Ws>>(io, target, stats, 7 * t + s, interval);
          clients.push_back(player);
          player->start(json{{"type", "join"}, {"id", 1}, {"table", m["table"]}, {"name", "L" + std::to_string(s)}}.dump(), nullptr);
        }
      });
    });
  }
}

int main(int argc, char** argv) {
  int port = 0, tables = 10, idle = 0;
  double seconds = 20, interval = 1.0, warmup = 3, ramp = 0;
  std::string host = "127.0.0.1", ca_file, server_name;
  bool tls = false, insecure = false;
  std::vector<int> watched;
  CLI::App app{"tonk_load: a load generator for `tonk serve` (docs/PERFORMANCE.md)"};
  app.add_option("--port", port, "the server's port")->required()->check(CLI::Range(1, 65535));
  app.add_option("--host", host, "the server's loopback address (127.0.0.0/8)")->capture_default_str();
  app.add_option("--tables", tables, "tables to open, two bot-driven people each (default 10, or 0 with --idle)")->check(CLI::Range(0, 100000));
  app.add_option("--idle", idle, "WebSocket connections to open that say nothing (memory per connection)")
      ->check(CLI::Range(0, 100000));
  app.add_option("--seconds", seconds, "seconds measured, after the warm-up")->check(CLI::Range(0.1, 86400.0));
  app.add_option("--warmup", warmup,
                 "seconds before measuring; measuring also waits (up to 120 s) until every client is seated or connected")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str();
  app.add_option("--ramp", ramp, "seconds over which the tables are opened, evenly (0: all at once)")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str();
  app.add_option("--interval", interval, "mean seconds a client thinks before its move (0: at once)")
      ->check(CLI::Range(0.0, 3600.0));
  auto* tls_flag = app.add_flag("--tls", tls, "wss:// (TLS) instead of ws://");
  app.add_option("--ca", ca_file, "with --tls: trust the certificates in this PEM file (a test CA, or a self-signed certificate)")
      ->check(CLI::ExistingFile)
      ->needs(tls_flag);
  app.add_flag("--insecure", insecure, "with --tls: do not verify the server's certificate")->needs(tls_flag);
  app.add_option("--server-name", server_name, "with --tls: the name sent (SNI) and checked against the certificate (default: --host)")
      ->needs(tls_flag);
  app.add_option("--watch-pid", watched, "report the CPU per move and memory of these processes (the server, a proxy's workers)");
  CLI11_PARSE(app, argc, argv);
  if (idle > 0 && app.count("--tables") == 0) tables = 0;  // --idle alone: only the idle connections
  if (tls && ca_file.empty() == !insecure) {
    std::fprintf(stderr, "tonk_load: --tls needs exactly one of --ca FILE (verify) and --insecure (do not)\n");
    return 2;
  }
  if (tables == 0 && idle == 0) {
    std::fprintf(stderr, "tonk_load: nothing to do: --tables 0 and --idle 0\n");
    return 2;
  }
  boost::system::error_code bad_host;
  const asio::ip::address address = asio::ip::make_address(host, bad_host);
  if (bad_host || !address.is_loopback()) {
    std::fprintf(stderr, "tonk_load: --host %s is not a loopback address (127.0.0.0/8 or ::1)\n", host.c_str());
    return 2;
  }
  ssl::context tls_context(ssl::context::tls_client);
  if (tls) {
    tls_context.set_options(ssl::context::no_sslv2 | ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
    boost::system::error_code ec;
    if (insecure) {
      tls_context.set_verify_mode(ssl::verify_none);
    } else {
      tls_context.set_verify_mode(ssl::verify_peer);
      tls_context.load_verify_file(ca_file, ec);
      if (ec) {
        std::fprintf(stderr, "tonk_load: --ca %s: %s\n", ca_file.c_str(), ec.message().c_str());
        return 2;
      }
    }
  }
  const std::optional<Usage> before_open = usage_of(watched);
  if (!before_open) {
    std::fprintf(stderr, "tonk_load: --watch-pid: a process is gone or unreadable in /proc\n");
    return 2;
  }

  asio::io_context io;
  const Target target{{address, static_cast<unsigned short>(port)}, tls ? &tls_context : nullptr, server_name.empty() ? host : server_name};
  Stats stats;
  std::vector<std::shared_ptr<void>> clients;
  if (tls)
    open_clients<TlsWs>(io, target, stats, tables, idle, interval, ramp, clients);
  else
    open_clients<PlainWs>(io, target, stats, tables, idle, interval, ramp, clients);
  const long long everyone = idle + 3LL * tables;

  // Warm up (tables open, first moves), wait until every client is seated, then measure.
  const Clock::time_point opened = Clock::now();
  Clock::time_point start;
  double seated_after = 0;
  Usage at_start;
  asio::steady_timer window(io);
  std::function<void()> begin = [&] {
    const bool all = stats.seated >= everyone;
    if (stats.errors > 0) return io.stop();  // a refused or failed client: the run fails below, no window
    if (!all && Clock::now() - opened < std::chrono::seconds(120)) {
      window.expires_after(std::chrono::milliseconds(100));
      return window.async_wait([&](beast::error_code) { begin(); });
    }
    seated_after = std::chrono::duration<double>(Clock::now() - opened).count();
    if (!all) std::fprintf(stderr, "tonk_load: only %lld of %lld clients seated after 120 s; measuring anyway\n", stats.seated, everyone);
    at_start = usage_of(watched).value_or(Usage{});
    stats.measuring = true;
    start = Clock::now();
    window.expires_after(std::chrono::milliseconds(static_cast<long long>(seconds * 1000)));
    window.async_wait([&](beast::error_code) { io.stop(); });
  };
  asio::steady_timer warm(io, std::chrono::milliseconds(static_cast<long long>(warmup * 1000)));
  warm.async_wait([&](beast::error_code) { begin(); });
  io.run();
  const double elapsed = stats.measuring ? std::chrono::duration<double>(Clock::now() - start).count() : 0.0;
  const std::optional<Usage> at_end = usage_of(watched);

  std::vector<double>& l = stats.latencies_ms;
  std::sort(l.begin(), l.end());
  auto pct = [&](double p) { return l.empty() ? 0.0 : l[std::min(l.size() - 1, static_cast<std::size_t>(p * l.size()))]; };
  if (tables > 0)
    std::printf("%s tables %d, clients %lld (seated after %.1f s), %.1f s: %lld moves, %.1f moves/s; move-to-ack ms: p50 %.2f p99 %.2f max %.2f; errors %lld\n",
                tls ? "wss" : "ws", tables, everyone, seated_after, elapsed, stats.moves, elapsed > 0 ? stats.moves / elapsed : 0.0, pct(0.5), pct(0.99),
                l.empty() ? 0.0 : l.back(), stats.errors);
  if (!watched.empty() && at_end && elapsed > 0) {
    const double cpu = at_end->cpu_seconds - at_start.cpu_seconds;
    std::printf("watched processes: CPU %.2f s in the window (%.0f%% of a core)", cpu, 100 * cpu / elapsed);
    if (stats.moves > 0) std::printf(", %.1f us per move", 1e6 * cpu / static_cast<double>(stats.moves));
    std::printf("; RSS %.1f MB before the clients, %.1f MB at the end", before_open->rss_bytes / 1e6, at_end->rss_bytes / 1e6);
    if (idle > 0 && tables == 0)
      std::printf("; %d idle %s connections: %.1f KB each", idle, tls ? "wss" : "ws",
                  (at_end->rss_bytes - before_open->rss_bytes) / idle / 1e3);
    std::printf("\n");
  }
  if (stats.errors > 0) {
    std::fprintf(stderr, "tonk_load: %lld errors; the first: %s\n", stats.errors, stats.first_error.c_str());
    return 1;
  }
  if (tables > 0 && stats.moves == 0) {
    std::fprintf(stderr, "tonk_load: no move was acknowledged\n");
    return 1;
  }
  return 0;
}
