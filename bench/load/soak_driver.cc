// tonk_soak: the server soak's client (scripts/soak_server.sh; docs/RELIABILITY.md "The server soak").
// Makes, plays and ends tables on a running `tonk serve` as fast as it answers, from --lanes
// connections at once (one thread each, loopback). Each lane repeats, one table at a time, a cycle of
// three kinds of table, each with one person (this lane) and a `random` bot, one planned hand:
//   left:   create, join, leave (the last person gone: the table ends);
//   ended:  create, join, end (every person voted: the table ends mid-hand);
//   played: create, join, the hand played to its end (random legal actions), which ends the table;
//           and then `watch` of that ended table and `record` of its hand (served from storage).
// Every --sample-tables tables (and at least every --sample-seconds) it prints one line: tables
// ended, seconds, tables per second, the server's resident memory (VmRSS) and open descriptors
// (/proc/PID), the database's size on disk (the file with its -wal and -shm) and the moves' p99
// latency since the last line (from sending `act` to its `acted`).
//
// Exit status 1 when the server refused anything or stopped answering (--stall-seconds), or when,
// past --warmup of the tables, memory grew by more than --max-rss-growth-mb or the database by more
// than --max-db-growth-mb above their first sample after the warm-up: what the retention policy
// allows is flat (docs/DEPLOY.md "Retention"), so growth with tables ended is a leak.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <utility>  // before Boost 1.74 asio.hpp, whose awaitable.hpp needs std::exchange

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Shared {
  std::atomic<long long> tables{0};  // tables ended (all lanes)
  std::atomic<long long> target{0};
  std::atomic<bool> stop{false};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::vector<double> latencies_ms;  // since the last sample
  std::string first_error;
  void fail(const std::string& why) {
    std::lock_guard<std::mutex> lock(mutex);
    if (first_error.empty()) first_error = why;
    failed = true;
    stop = true;
  }
};

class Lane {
 public:
  Lane(asio::io_context& io, Shared& shared, unsigned short port, std::uint64_t seed)
      : ws_(io), shared_(shared), rng_(seed) {
    asio::ip::tcp::resolver resolver(io);
    asio::connect(ws_.next_layer(), resolver.resolve("127.0.0.1", std::to_string(port)));
    ws_.next_layer().set_option(asio::ip::tcp::no_delay(true));
    ws_.handshake("127.0.0.1", "/ws");
  }

  void run() {
    for (long long n = 0; !shared_.stop; ++n) {
      if (shared_.tables.fetch_add(1) >= shared_.target) break;  // claims one table of the target
      one_table(static_cast<int>(n % 3));
    }
  }

 private:
  long long send(json m) {
    m["id"] = ++id_;
    sent_[id_] = Clock::now();
    ws_.write(asio::buffer(m.dump()));
    return id_;
  }
  // Reads until the reply to request `id`.
  void reply_to(long long id) {
    for (;;) {
      const json m = read();
      if (m.contains("re") && m["re"] == id) return;
    }
  }
  json read() {
    buffer_.clear();
    ws_.read(buffer_);
    json m = json::parse(beast::buffers_to_string(buffer_.data()));
    // `stale`: the position moved on; `not_found` "... is over": the bot ended the table first.
    const bool over = m["type"] == "error" && m["code"] == "not_found" && m["message"].get<std::string>().ends_with(" is over");
    if (m["type"] == "error" && m["code"] != "stale" && !over) {
      std::string before;
      for (const std::string& t : recent_) before += "\n  after " + t.substr(0, 400);
      throw std::runtime_error("the server refused: " + m.dump() + before);
    }
    recent_.push_back(m.dump());
    if (recent_.size() > 6) recent_.erase(recent_.begin());
    return m;
  }
  // Reads until a message of type `type` (the others are what a table sends meanwhile).
  json until(const char* type) {
    for (;;) {
      json m = read();
      if (m["type"] == type) return m;
    }
  }

  void one_table(int kind) {
    send({{"type", "create"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "random"}}}}, {"hands", 1}, {"pause_seconds", 0}});
    const std::string code = until("created")["table"];
    send({{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}});
    until("joined");
    if (kind < 2) {  // a bot that drops at once may have ended the one-hand table already
      reply_to(send({{"type", kind == 0 ? "leave" : "end"}}));
      sent_.clear();
      return;
    }
    std::pair<long long, long long> acted_at{-1, -1};
    for (;;) {
      json m = read();
      const std::string type = m["type"];
      if (type == "table_over") break;
      if (type == "acted") {
        const auto it = sent_.find(m["re"].get<long long>());
        if (it != sent_.end()) {
          const double ms = std::chrono::duration<double, std::milli>(Clock::now() - it->second).count();
          std::lock_guard<std::mutex> lock(shared_.mutex);
          shared_.latencies_ms.push_back(ms);
        }
        continue;
      }
      if (type != "state" || m["seat"] != 0 || m["to_move"] != 0 || m["legal"].empty()) continue;
      const std::pair<long long, long long> at{m["hand"].get<long long>(), m["seq"].get<long long>()};
      if (at == acted_at) continue;
      acted_at = at;
      const json& legal = m["legal"];
      send({{"type", "act"}, {"action", legal[rng_() % legal.size()]["id"]}, {"hand", at.first}, {"seq", at.second}});
    }
    sent_.clear();
    send({{"type", "watch"}, {"table", code}});
    if (until("table_over")["table"] != code) throw std::runtime_error("watching ended table " + code + " answered another");
    send({{"type", "record"}, {"hand", 1}});
    if (until("record")["text"].get<std::string>().find("# fair-seed: ") == std::string::npos)
      throw std::runtime_error("the record of ended table " + code + " has no fair-deal lines");
  }

  websocket::stream<asio::ip::tcp::socket> ws_;
  beast::flat_buffer buffer_;
  Shared& shared_;
  std::mt19937_64 rng_;
  long long id_ = 0;
  std::map<long long, Clock::time_point> sent_;
  std::vector<std::string> recent_;  // the last messages, for a refusal's report
};

long long status_kb(int pid, const std::string& key) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind(key + ":", 0) == 0) return std::stoll(line.substr(key.size() + 1));
  return -1;
}

long long open_fds(int pid) {
  std::error_code ec;
  long long n = 0;
  for (auto it = std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec))
    ++n;
  return ec ? -1 : n;
}

long long db_bytes(const std::string& db) {
  if (db.empty()) return -1;
  long long total = 0;
  for (const char* suffix : {"", "-wal", "-shm"}) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(db + suffix, ec);
    if (!ec) total += static_cast<long long>(size);
  }
  return total;
}

struct Sample {
  long long tables;
  double seconds;
  long long rss_kb, fds, db;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tonk_soak: make, play and end tables on a running tonk serve, sampling its memory, descriptors, "
               "database size and move latency"};
  int port = 0, pid = 0, lanes = 4;
  long long tables = 1000, sample_tables = 1000;
  double sample_seconds = 60, max_seconds = 3600, warmup = 0.25, stall_seconds = 30;
  double max_rss_growth_mb = -1, max_db_growth_mb = -1;
  std::string db;
  app.add_option("--port", port, "The server's port on 127.0.0.1")->required();
  app.add_option("--server-pid", pid, "The server's process id (for its memory and descriptors)")->required();
  app.add_option("--db", db, "The server's SQLite file (for its size; none for PostgreSQL)");
  app.add_option("--tables", tables, "Tables to make and end in all")->check(CLI::Range(1LL, 1000000000LL));
  app.add_option("--lanes", lanes, "Connections making tables at once (default 4)")->check(CLI::Range(1, 64));
  app.add_option("--sample-tables", sample_tables, "A line every this many tables (default 1000)")->check(CLI::Range(1LL, 1000000000LL));
  app.add_option("--sample-seconds", sample_seconds, "And at least every this many seconds (default 60)")->check(CLI::Range(0.1, 86400.0));
  app.add_option("--max-seconds", max_seconds, "Stop after this long, however many tables were made (default 3600)")->check(CLI::Range(1.0, 1e7));
  app.add_option("--warmup", warmup, "The share of the tables before the baseline sample (default 0.25)")->check(CLI::Range(0.0, 0.9));
  app.add_option("--stall-seconds", stall_seconds, "Fail when no table ends for this long (default 30)")->check(CLI::Range(1.0, 3600.0));
  app.add_option("--max-rss-growth-mb", max_rss_growth_mb, "Fail when memory grows more than this past the warm-up (default: no check)");
  app.add_option("--max-db-growth-mb", max_db_growth_mb, "Fail when the database grows more than this past the warm-up (default: no check)");
  CLI11_PARSE(app, argc, argv);

  Shared shared;
  shared.target = tables;
  std::vector<std::thread> threads;
  for (int i = 0; i < lanes; ++i) {
    threads.emplace_back([&, i] {
      try {
        asio::io_context io;
        Lane lane(io, shared, static_cast<unsigned short>(port), 0x50a6 + static_cast<std::uint64_t>(i));
        lane.run();
      } catch (const std::exception& e) {
        shared.fail(std::string("lane ") + std::to_string(i) + ": " + e.what());
      }
    });
  }
  const auto start = Clock::now();
  std::vector<Sample> samples;
  auto sample = [&](long long done) {
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::vector<double> lat;
    {
      std::lock_guard<std::mutex> lock(shared.mutex);
      lat.swap(shared.latencies_ms);
    }
    std::sort(lat.begin(), lat.end());
    const double p99 = lat.empty() ? 0 : lat[std::min(lat.size() - 1, lat.size() * 99 / 100)];
    const Sample s{done, seconds, status_kb(pid, "VmRSS"), open_fds(pid), db_bytes(db)};
    samples.push_back(s);
    std::printf("tables %lld  seconds %.1f  tables_per_s %.0f  rss_mb %.1f  fds %lld  db_mb %.2f  moves %zu  p99_move_ms %.2f\n",
                done, seconds, seconds > 0 ? done / seconds : 0.0, s.rss_kb / 1024.0, s.fds, s.db / 1048576.0, lat.size(), p99);
    std::fflush(stdout);
  };
  long long next_sample = sample_tables, last_done = 0;
  auto last_line = Clock::now(), last_progress = Clock::now();
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const long long done = std::min(shared.tables.load(), tables);
    bool finished = true;
    for (auto& t : threads) finished = finished && !t.joinable();
    if (done != last_done) last_progress = Clock::now();
    last_done = done;
    if (done >= next_sample || Clock::now() - last_line >= std::chrono::duration<double>(sample_seconds)) {
      sample(done);
      while (next_sample <= done) next_sample += sample_tables;
      last_line = Clock::now();
    }
    if (shared.stop || done >= tables) break;
    if (Clock::now() - start >= std::chrono::duration<double>(max_seconds)) {
      shared.stop = true;
      break;
    }
    if (Clock::now() - last_progress >= std::chrono::duration<double>(stall_seconds)) {
      shared.fail("no table ended for " + std::to_string(stall_seconds) + " s");
      break;
    }
    (void)finished;
  }
  if (!shared.failed) {
    // Detached on a stall (a lane blocked in a read); else every lane finishes its table.
    for (auto& t : threads) t.join();
    sample(std::min(shared.tables.load(), tables));
  } else {
    for (auto& t : threads) t.detach();
  }
  if (shared.failed) {
    std::cerr << "tonk_soak: FAIL: " << shared.first_error << "\n";
    std::fflush(stdout);
    std::_Exit(1);
  }
  // The baseline: the first sample at or past the warm-up.
  const long long made = samples.back().tables;
  const auto base = std::find_if(samples.begin(), samples.end(), [&](const Sample& s) { return s.tables >= warmup * made && s.tables > 0; });
  int status = 0;
  if (base != samples.end()) {
    long long rss = 0, size = 0;
    for (auto it = base; it != samples.end(); ++it) {
      rss = std::max(rss, it->rss_kb);
      size = std::max(size, it->db);
    }
    const double rss_growth = (rss - base->rss_kb) / 1024.0, db_growth = (size - base->db) / 1048576.0;
    std::printf("after %lld tables (baseline at %lld): memory grew %.1f MB, the database %.2f MB\n", made, base->tables, rss_growth,
                db_growth);
    if (max_rss_growth_mb >= 0 && rss_growth > max_rss_growth_mb) {
      std::printf("FAIL: memory grew %.1f MB with tables ended (allowed %.1f)\n", rss_growth, max_rss_growth_mb);
      status = 1;
    }
    if (max_db_growth_mb >= 0 && size >= 0 && db_growth > max_db_growth_mb) {
      std::printf("FAIL: the database grew %.2f MB with tables ended (allowed %.2f)\n", db_growth, max_db_growth_mb);
      status = 1;
    }
  }
  std::fflush(stdout);
  return status;
}
