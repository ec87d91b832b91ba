// A scripted WebSocket client of `tonk serve` for the tests (synchronous), and a `tonk serve`
// process started on a free loopback port. The client's Boost.Beast code is compiled once, in
// ws_client.cc, so that the test files including this header do not each instantiate it; a test
// that speaks HTTP or WebSocket itself includes Beast and connect_from.h.
#pragma once

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <memory>

#include <nlohmann/json.hpp>

namespace tonk::test {

using nlohmann::json;

/// `tonk serve --listen 127.0.0.1:0 --db DB` as a child process; port() is the port it printed.
class ServerProcess {
 public:
  /// `extra` arguments follow the others (e.g. {"--lease", "1"}). With `stderr_file`, the server's
  /// stderr goes to that file (truncated) instead of the test's. `program` is the server run:
  /// TONK_CLI, or the tests' server with faults to order (TONK_FAULT_SERVER, fault_server.cc).
  explicit ServerProcess(const std::string& db, int workers = 1, std::string rate = "20",
                         const std::vector<std::string>& extra = {}, const std::string& stderr_file = "",
                         const char* program = TONK_CLI) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork");
    if (pid_ == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);  // a test killed (a timeout) leaves no server behind
      dup2(out[1], STDOUT_FILENO);
      if (!stderr_file.empty()) {
        const int err = open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (err >= 0) dup2(err, STDERR_FILENO);
      }
      close(out[0]);
      close(out[1]);
      const std::string w = std::to_string(workers);
      std::vector<std::string> args = {program, "serve", "--listen", "127.0.0.1:0", "--db", db, "--workers", w, "--rate", rate};
      // Tests open many connections from one address in a burst: the HTTP rate limit is lifted
      // unless the test sets it.
      if (std::find(extra.begin(), extra.end(), "--http-rate") == extra.end()) args.insert(args.end(), {"--http-rate", "1000000"});
      args.insert(args.end(), extra.begin(), extra.end());
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(program, argv.data());
      _exit(127);
    }
    close(out[1]);
    FILE* f = fdopen(out[0], "r");
    char line[512];
    std::string text;
    if (!fgets(line, sizeof line, f)) {
      fclose(f);
      kill9();
      throw std::runtime_error("tonk serve printed nothing");
    }
    fclose(f);
    text = line;
    said_ = text;
    const auto colon = text.find("127.0.0.1:");
    if (colon == std::string::npos) throw std::runtime_error("tonk serve said: " + text);
    port_ = static_cast<unsigned short>(std::stoi(text.substr(colon + 10)));
  }
  ~ServerProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      int status = 0;
      waitpid(pid_, &status, 0);
    }
  }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;
  unsigned short port() const { return port_; }
  /// The address a cluster names this server by (`GET /tables/CODE/host`): http://127.0.0.1:PORT.
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  pid_t pid() const { return pid_; }
  /// The line it printed when it started listening.
  const std::string& said() const { return said_; }
  /// kill -9, and reaps the process.
  void kill9() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  /// True while the process runs.
  bool alive() const {
    int status = 0;
    if (pid_ > 0 && waitpid(pid_, &status, WNOHANG) == pid_) pid_ = -1;  // reaped: kill9 sends nothing
    return pid_ > 0;
  }

 private:
  mutable pid_t pid_ = -1;  // -1 once reaped (alive() reaps a process that exited by itself)
  unsigned short port_ = 0;
  std::string said_;
};

/// An HTTP GET of `target` on the server at 127.0.0.1:`port`: the status code and the body. Throws
/// boost::system::system_error when the connection or the exchange fails (20 s bound).
std::pair<int, std::string> http_get(unsigned short port, const std::string& target);

/// How a client connects: from which local address (a loopback address such as 127.0.0.7; "" for
/// any), and with which extra request headers (an Origin, a forwarded address).
struct Handshake {
  std::string bind_address;
  std::string host = "127.0.0.1";  ///< the Host header
  std::vector<std::pair<std::string, std::string>> headers;
};

/// One WebSocket connection to the server's /ws, read with a timeout so that a test never hangs.
class WsClient {
 public:
  explicit WsClient(unsigned short port, int timeout_seconds = 20) : WsClient(port, Handshake{}, timeout_seconds) {}
  /// Connects as `how` says; throws when the server refuses (a close instead of the welcome).
  WsClient(unsigned short port, const Handshake& how, int timeout_seconds = 20);
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void send(const json& m) { send_raw(m.dump()); }
  /// Sends `text` as one text (or binary) message.
  void send_raw(const std::string& text, bool binary = false);
  /// Sends `m` with a fresh id and returns the reply carrying it back; other messages read on the
  /// way are kept for next().
  json request(json m) {
    const long long id = ++id_;
    m["id"] = id;
    send(m);
    std::deque<json> others;
    for (;;) {
      json r = read_one();
      if (r.contains("re") && r["re"] == id) {
        for (auto it = others.rbegin(); it != others.rend(); ++it) pending_.push_front(std::move(*it));
        return r;
      }
      others.push_back(std::move(r));
    }
  }
  /// The next message (kept ones first).
  json next() {
    if (!pending_.empty()) {
      json m = std::move(pending_.front());
      pending_.pop_front();
      return m;
    }
    return read_one();
  }
  /// Reads until a message of `type`, returning it (the others are dropped into `seen` when given).
  json next_of(const std::string& type, std::vector<json>* seen = nullptr) {
    for (;;) {
      json m = next();
      if (seen) seen->push_back(m);
      if (m.value("type", "") == type) return m;
    }
  }
  bool has_pending() const { return !pending_.empty(); }
  /// The raw text of every message read, for the hidden-information checks.
  std::vector<std::string>& raw() { return raw_; }
  bool keep_raw = false;

 private:
  struct Connection;  // the Beast stream and its io_context (ws_client.cc)
  // Reads one message, giving up after the timeout (an exception): a test never hangs.
  json read_one();
  std::unique_ptr<Connection> connection_;
  std::deque<json> pending_;
  std::vector<std::string> raw_;
  long long id_ = 0;
  int timeout_ = 20;
};

/// The last `state` message `client` was sent, after a ping whose pong shows that everything the
/// server sent before it has been read; an empty json when there was none.
json latest_state(WsClient& client);

}  // namespace tonk::test
