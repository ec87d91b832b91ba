// libFuzzer target: the game server's protocol (docs/PROTOCOL.md), through Lobby::on_message with
// no network: three in-memory connections, SQLite ":memory:" storage, a fresh lobby per input.
//
// Determinism: the lobby runs with 0 workers (bots and hints are posted to the io_context, not to a
// thread pool) and random_hex draws from a generator reset for each input
// (set_random_source_for_testing), so an input always plays the same way. After each message the
// io_context is polled until idle; turn and pause timers (5 s and more) never fire in a run.
//
// The input is a script of lines ('\n'). The first byte of a line says what to do:
//   '0' '1' '2'   connection 0, 1 or 2 sends the rest of the line, then the io_context runs until idle
//   '3' '4' '5'   the same without running it (bot moves and hints then race with later messages)
//   'a' 'b' 'c'   connection 0, 1 or 2 closes; a new one takes its place
//   'A' 'B' 'C'   ... closes, and the new one resumes with the last token the old one was given
//   '*'           play on: while a connection is offered legal actions, it acts (the line's next
//                 bytes choose among them), up to 60 actions
//   other         connection (byte % 3) sends the rest
// In a sent text, $T is the connection's table code (else the first other connection's), $H and $S the hand and seq of its latest
// `state`, $N the hand after it (for `contribute`), $K its last token, $0..$9 a legal action's id
// (index mod the list's size), $$ a dollar sign: the corpus (tests/fuzz/corpus/protocol) reaches
// deep states although codes, tokens and decks depend on the script.
//
// Oracles (each failure aborts with FINDING):
//  - every message delivered is a JSON object with a string `type`; an `error` has a documented
//    `code`, never `server` (the storage here cannot fail, so it means an unexpected exception);
//  - no exception escapes on_message, on_close or a handler run by the io_context, and the
//    io_context goes idle;
//  - every `state`: `seat` is the connection's seat, `view.player` that seat (null for a spectator,
//    whose view shows no hand), `legal` non-empty only for the seat to move, ids unique and each one
//    the record notation of an action (parse and print give it back), the ledger's net plus pot is
//    zero (S17, V23b);
//  - an `act` the server accepted (`acted`) was at the position of the connection's latest `state`
//    and among the legal ids that state listed; a `hint` is for the latest state and names only
//    legal ids of it;
//  - after the script, every hand in play is played out (the connections act, a fresh connection
//    resumes a seat nobody holds; at most 300 actions by '*' and this in all), and every message of every finished hand each connection
//    received is checked against the hand's record replayed by the engine: the hidden-information
//    checks of tests/server/hidden_info_test.cc (hidden_info_checker.h);
//  - the storage's log replays: a second lobby restored from it holds every open table at the same
//    hand, seq, view, ledger and status; an ended table is not restored and both lobbies answer
//    `watch` of it from the storage with its final state;
//  - the lobby keeps serving: a well-formed `create` gets `created`, and joining it `joined`.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <array>
#include <span>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "../server/forwarding_storage.h"
#include "../server/hidden_info_checker.h"
#include "client.h"
#include "fair_deal.h"
#include "lobby.h"
#include "sqlite_storage.h"
#include "tonk/action.h"

namespace {

using nlohmann::json;
using tonk::serve::Lobby;

struct Finding : std::logic_error {
  using std::logic_error::logic_error;
};

void require(bool ok, const std::string& what) {
  if (!ok) throw Finding(what);
}

constexpr std::size_t kMaxLines = 100;
constexpr std::size_t kMaxText = 16 * 1024;  // the WebSocket's limit (docs/PROTOCOL.md "Framing")
constexpr int kMaxHandlers = 200'000;       // an io_context that does not go idle is a finding
constexpr int kMaxPlayOn = 60;
constexpr int kMaxActions = 300;            // actions by '*' and the finisher, in all (the time of a run)
constexpr int kMaxHints = 4;                // hints sent in a run; each is a Monte Carlo search of
constexpr int kHintWorlds = 10;             // this many worlds (LobbyLimits::hint_worlds, 200 served)
constexpr int kMaxBotWorlds = 5;            // mc:N bots above this are searched with N = 5: the
                                            // search is the engine's (tested there), not the protocol

const std::set<std::string> kErrorCodes = {"illegal", "stale", "bad_request", "not_found", "unauthorized",
                                           "seat_taken", "table_full", "bad_rules", "rate_limited",
                                           "too_many_tables", "busy"};

// One message as a connection received it, with what the connection followed then.
struct Received {
  json message;
  std::string table;
  int seat = -1;
};

// j[key], or null where j has no such key (a const json's operator[] asserts that the key is there).
const json& field(const json& j, const char* key) {
  static const json kNone;
  const auto at = j.is_object() ? j.find(key) : j.end();
  return at == j.end() ? kNone : *at;
}

std::set<std::string> legal_ids(const json& state) {
  std::set<std::string> ids;
  for (const json& a : state["legal"]) ids.insert(a["id"].get<std::string>());
  return ids;
}

void check_state(const json& m, const tonk::serve::Following& f) {
  // The message is written out only for a finding: a run checks thousands of states.
  const auto require_here = [&m](bool ok, const char* what) {
    if (!ok) throw Finding(std::string(what) + " in state " + m.dump().substr(0, 4000));
  };
  require_here(m["table"] == f.table, "state of another table");
  require_here(f.seat < 0 ? m["seat"].is_null() : m["seat"] == f.seat, "state for another seat");
  const json& view = m["view"];
  if (!view.is_null()) {
    require_here(f.seat < 0 ? view["player"].is_null() : view["player"] == f.seat, "view of another player");
    if (f.seat < 0) require_here(view["hand"].empty() && view["count"].is_null(), "a spectator sees a hand");
  }
  const json& legal = m["legal"];
  require_here(legal.is_array(), "legal is not an array");
  if (!legal.empty())
    require_here(f.seat >= 0 && m["to_move"] == f.seat && m["status"] == "playing", "legal actions for a seat not to move");
  std::set<std::string> ids;
  for (const json& a : legal) {
    const std::string id = a["id"].get<std::string>();
    require(ids.insert(id).second, "legal id listed twice: " + id);
    const std::optional<tonk::Action> parsed = tonk::parse_action(id);
    require(parsed && tonk::to_string(*parsed) == id, "legal id is not an action in record notation: " + id);
  }
  const json& ledger = m["ledger"];
  long long sum = ledger["pot"].get<long long>();
  for (const json& n : ledger["net"]) sum += n.get<long long>();
  require_here(sum == 0, "the ledger does not sum to zero");
}

class FuzzClient final : public tonk::serve::Client {
 public:
  FuzzClient() = default;
  void deliver(std::shared_ptr<const std::string> text) override {
    json m;
    try {
      m = json::parse(*text);
    } catch (const json::exception& e) {
      throw Finding("a message is not JSON: " + text->substr(0, 200));
    }
    require(m.is_object() && m.contains("type") && m["type"].is_string(), "a message without a string type: " + text->substr(0, 200));
    const std::string type = m["type"];
    // What the connection followed when the message was queued: the outbox is delivered after the
    // request, so a `join` from a spectator of the same table first delivers the spectator's state
    // queued before it was seated; the reply that changes what it follows comes right after the change.
    if (type == "joined") {
      at_ = {m["table"].get<std::string>(), m["seat"].get<int>()};
    } else if (type == "watching") {
      at_ = {m["table"].get<std::string>(), -1};
    } else if (type == "left" || type == "seat_lost") {
      at_.seat = -1;  // seat_lost: another connection gave the seat up; this one now watches
    }
    const json* state = nullptr;
    if (type == "error") {
      const std::string code = m.value("code", "");
      require(kErrorCodes.count(code) > 0, "error code `" + code + "`: " + text->substr(0, 300));
    } else if (type == "state") {
      check_state(m, at_);
      state = &m;
    } else if (type == "joined") {
      token = m["token"];
      table = m["table"];
    } else if (type == "created" || type == "watching") {
      table = m["table"];
    } else if (type == "hint") {
      require(latest_ && m["seq"] == field(*latest_, "seq") && field(*latest_, "status") == "playing", "a hint for another state: " + *text);
      const std::set<std::string> ids = legal_ids(*latest_);
      for (const json& a : m["actions"]) require(ids.count(a["id"].get<std::string>()) > 0, "a hint names an action not legal: " + *text);
    }
    received.push_back({std::move(m), at_.table, at_.seat});
    if (state) latest_ = &received.back().message;
  }

  // The last `state` (null before the first): it stays where it is, as `received` is a deque.
  const json& latest() const { return latest_ ? *latest_ : kNull; }
  const json* latest_state() const { return latest_; }

  std::string token;    // the last token given
  std::string table;    // the last table created, joined or watched
  std::deque<Received> received;  // every message, with what the connection followed when it got it

 private:
  static inline const json kNull;
  tonk::serve::Following at_;
  const json* latest_ = nullptr;
};

using SharedStorage = tonk::test::ForwardingStorage;

// Everything of one run.
class Run {
 public:
  Run()
      : db_(std::make_shared<tonk::serve::SqliteStorage>(":memory:")),
        lobby_(std::make_unique<Lobby>(io_, std::make_unique<SharedStorage>(db_), 0)) {
    tonk::serve::LobbyLimits limits;
    limits.hint_worlds = kHintWorlds;
    lobby_->set_limits(limits);
    for (auto& c : clients_) c = connect();
  }

  std::shared_ptr<FuzzClient> connect() {
    auto c = std::make_shared<FuzzClient>();
    all_.push_back(c);
    return c;
  }

  void drain() {
    io_.restart();
    int n = 0;
    while (io_.poll_one())
      require(++n < kMaxHandlers, "the io_context does not go idle");
  }

  // Sends `text` from `c`, checking what the server accepted.
  void send(const std::shared_ptr<FuzzClient>& c, const std::string& text) {
    const json* before = c->latest_state();  // a deque's element: later messages leave it in place
    const std::size_t first = c->received.size();
    lobby_->on_message(c, text);
    for (std::size_t i = first; i < c->received.size(); ++i) {
      const json& m = c->received[i].message;
      if (m["type"] != "acted") continue;
      const json sent = json::parse(text);
      const std::optional<tonk::Action> action = tonk::parse_action(sent["action"].get<std::string>());
      require(action.has_value(), "acted on an action that does not parse: " + text);
      require(before && (*before)["hand"] == m["hand"] && (*before)["seq"] == m["seq"],
              "acted at a position the connection was not shown: " + text);
      require(legal_ids(*before).count(tonk::to_string(*action)) > 0, "acted on an action not in the legal list: " + text);
    }
  }

  std::string expand(const FuzzClient& c, std::string_view line) const {
    std::string out;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] != '$' || i + 1 == line.size()) {
        out += line[i];
        continue;
      }
      const char k = line[++i];
      const json& s = c.latest();
      if (k == 'T') out += c.table.empty() ? any_table() : c.table;
      else if (k == 'K') out += c.token;
      else if (k == 'H') out += s.is_null() ? "0" : s["hand"].dump();
      else if (k == 'S') out += s.is_null() ? "0" : s["seq"].dump();
      else if (k == 'N') out += s.is_null() ? "1" : std::to_string(s["hand"].get<long long>() + 1);
      else if (k >= '0' && k <= '9') {
        if (!s.is_null() && !s["legal"].empty()) out += s["legal"][static_cast<std::size_t>(k - '0') % s["legal"].size()]["id"].get<std::string>();
      } else {
        out += '$';
        out += k;
      }
    }
    return out;
  }

  // The table of the first connection that has one (for a connection that has none yet).
  std::string any_table() const {
    for (const auto& c : clients_)
      if (!c->table.empty()) return c->table;
    return "";
  }

  // Keeps the run's cost bounded: mc:N bots above kMaxBotWorlds are searched with fewer worlds, and
  // hints after kMaxHints are not sent. Returns false to skip the text.
  bool tame(std::string& text) {
    json m;
    try {
      m = json::parse(text);
    } catch (const json::exception&) {
      return true;
    }
    if (!m.is_object()) return true;
    if (m.value("type", json()) == "hint" && ++hints_ > kMaxHints) return false;
    const auto bots = m.find("bots");
    if (bots == m.end() || !bots->is_array()) return true;
    bool changed = false;
    for (json& b : *bots) {
      if (!b.is_object() || !b.contains("kind") || !b["kind"].is_string()) continue;
      const std::string kind = b["kind"];
      if (kind.rfind("mc:", 0) == 0 && kind.size() > 3 && kind.find_first_not_of("0123456789", 3) == std::string::npos &&
          (kind.size() > 6 || std::stoi(kind.substr(3)) > kMaxBotWorlds)) {
        b["kind"] = "mc:" + std::to_string(kMaxBotWorlds);
        changed = true;
      }
    }
    if (changed) text = m.dump();
    return true;
  }

  // One connection offered legal actions acts; false when none is.
  bool play_one(std::uint8_t choice, const std::set<std::pair<std::string, long long>>* only = nullptr) {
    if (actions_ >= kMaxActions) return false;
    for (auto& c : clients_) {
      const json& s = c->latest();
      if (s.is_null() || s["legal"].empty()) continue;
      if (only && !only->count({s["table"].get<std::string>(), s["hand"].get<long long>()})) continue;
      const json& legal = s["legal"];
      const json act{{"type", "act"}, {"id", 900}, {"action", legal[choice % legal.size()]["id"]}, {"hand", s["hand"]}, {"seq", s["seq"]}};
      send(c, act.dump());
      drain();
      ++actions_;
      return true;
    }
    return false;
  }

  void line(std::string_view l) {
    if (l.empty()) return;
    const char op = l[0];
    const std::string_view rest = l.substr(1);
    if (op == '*') {
      for (int i = 0; i < kMaxPlayOn; ++i)
        if (!play_one(rest.empty() ? 0 : static_cast<std::uint8_t>(rest[static_cast<std::size_t>(i) % rest.size()]))) break;
      return;
    }
    if ((op >= 'a' && op <= 'c') || (op >= 'A' && op <= 'C')) {
      const bool resume = op <= 'C';
      auto& slot = clients_[static_cast<std::size_t>(resume ? op - 'A' : op - 'a')];
      // The new connection remembers what the old one was given (as the browser keeps its token).
      const std::string token = slot->token, table = slot->table;
      lobby_->on_close(slot.get());
      slot = connect();
      slot->token = token;
      slot->table = table;
      if (resume) send(slot, json{{"type", "resume"}, {"id", 1}, {"token", token}}.dump());
      drain();
      return;
    }
    const bool later = op >= '3' && op <= '5';
    const std::size_t who = op >= '0' && op <= '2' ? static_cast<std::size_t>(op - '0')
                            : later                 ? static_cast<std::size_t>(op - '3')
                                                    : static_cast<std::size_t>(static_cast<unsigned char>(op) % 3);
    std::string text = expand(*clients_[who], rest);
    if (text.size() > kMaxText || !tame(text)) return;
    send(clients_[who], text);
    if (!later) drain();
  }

  // After the script: plays every hand in play out. A table whose seat to move no connection holds
  // gets a fresh connection that resumes that seat with its token.
  void finish() {
    drain();
    std::set<std::pair<std::string, long long>> in_play;
    for (const auto& c : all_)
      if (!c->latest().is_null() && field(c->latest(), "status") == "playing")
        in_play.insert({field(c->latest(), "table").get<std::string>(), field(c->latest(), "hand").get<long long>()});
    for (int i = 0; actions_ < kMaxActions; ++i) {
      if (play_one(static_cast<std::uint8_t>(i), &in_play)) continue;
      if (!resume_stuck(in_play)) break;
    }
  }

  bool resume_stuck(const std::set<std::pair<std::string, long long>>& in_play) {
    // The latest state of each table, as any connection last saw it.
    for (const auto& c : all_) {
      if (c->latest().is_null()) continue;
      const json& s = c->latest();
      if (s["status"] != "playing" || !in_play.count({s["table"].get<std::string>(), s["hand"].get<long long>()})) continue;
      const int to_move = s["to_move"];
      const auto t = tokens_.find({s["table"].get<std::string>(), to_move});
      if (t == tokens_.end() || resumed_.count(t->second)) continue;
      resumed_.insert(t->second);
      auto fresh = connect();
      clients_.push_back(fresh);
      send(fresh, json{{"type", "resume"}, {"token", t->second}}.dump());
      drain();
      return true;
    }
    return false;
  }

  void collect_tokens() {
    for (const auto& c : all_)
      for (const Received& r : c->received)
        if (r.message["type"] == "joined") tokens_[{r.message["table"].get<std::string>(), r.message["seat"].get<int>()}] = r.message["token"];
  }

  // The hidden-information oracle on every finished hand each connection saw. A hand's truth for a
  // seat is replayed once, for all the connections that saw the hand from that seat.
  void check_hands() {
    // Group each connection's messages by (table, hand, seat, connection).
    std::map<std::tuple<std::string, long long, int, const void*>, std::vector<const json*>> groups;
    for (const auto& c : all_) {
      const void* conn = c.get();
      for (const Received& r : c->received) {
        const std::string& type = r.message["type"].get_ref<const std::string&>();
        if (type != "state" && type != "event" && type != "history") continue;
        const long long hand = r.message["hand"];
        if (hand <= 0) continue;
        groups[{r.message["table"].get<std::string>(), hand, r.seat, conn}].push_back(&r.message);
      }
    }
    std::tuple<std::string, long long, int> truth_of{"", 0, 0};
    std::optional<tonk::test::HandTruth> truth;  // of truth_of; the groups come sorted by it
    for (const auto& [key, messages] : groups) {
      const auto& [table, hand, seat, conn] = key;
      if (!truth || truth_of != std::tuple{table, hand, seat}) {
        truth_of = {table, hand, seat};
        const std::optional<std::string> record = lobby_->record_text(table, static_cast<int>(hand));
        truth.reset();
        if (record) truth = tonk::test::hand_truth(*record, seat);
      }
      if (!truth) continue;
      tonk::test::Checker checker;
      checker.seat = seat;
      checker.check(messages, *truth);
      if (!checker.failures.empty()) throw Finding("hidden information, table " + table + " hand " + std::to_string(hand) + " seat " + std::to_string(seat) + ": " + checker.failures[0]);
      require(checker.hands_checked == 1, "a finished hand's record does not parse to one hand");
      ++hands_checked_;
    }
  }

  // The log replays: a second lobby on the same storage holds every open table as the first one
  // does, and none of the closed ones.
  void check_restore() {
    std::set<std::string> codes;
    for (const auto& c : all_)
      for (const Received& r : c->received)
        if (r.message["type"] == "created") codes.insert(r.message["table"].get<std::string>());
    boost::asio::io_context io2{1};
    auto restored = std::make_unique<Lobby>(io2, std::make_unique<SharedStorage>(db_), 0);
    try {
      restored->restore();
    } catch (const std::exception& e) {
      throw Finding(std::string("the log does not restore: ") + e.what());
    }
    for (const std::string& code : codes) {
      const json watch{{"type", "watch"}, {"table", code}};
      auto a = std::make_shared<FuzzClient>();
      auto b = std::make_shared<FuzzClient>();
      lobby_->on_message(a, watch.dump());
      restored->on_message(b, watch.dump());
      require(!a->latest().is_null(), "watching table " + code + " gives no state");
      if (field(a->latest(), "status") == "over") {
        // Ended: not restored, both answer from the storage with its final state (ledger included).
        require(!b->latest().is_null() && field(b->latest(), "status") == "over" &&
                    field(a->latest(), "ledger") == field(b->latest(), "ledger"),
                "ended table " + code + " is restored or its final state differs");
        continue;
      }
      require(!b->latest().is_null(), "table " + code + " is not restored");
      for (const char* name : {"hand", "seq", "status", "view", "ledger", "fair", "rules", "preset"})
        require(field(a->latest(), name) == field(b->latest(), name), std::string("restored table ") + code + " differs in `" + name + "`: " +
                                                          field(a->latest(), name).dump().substr(0, 200) + " vs " + field(b->latest(), name).dump().substr(0, 200));
      lobby_->on_close(a.get());
    }
    restored.reset();  // before io2
  }

  // The lobby still serves a well-formed request.
  void check_serving() {
    auto c = connect();
    send(c, R"({"type":"create","id":77,"seats":2,"bots":[{"seat":1,"kind":"random"}],"pause_seconds":0})");
    drain();
    require(!c->received.empty() && c->received[0].message["type"] == "created" && c->received[0].message["re"] == 77,
            "a well-formed create is not answered `created`");
    const std::size_t before = c->received.size();
    send(c, json{{"type", "join"}, {"id", 78}, {"table", c->table}, {"name", "Ann"}}.dump());
    drain();
    require(c->received.size() > before && c->received[before].message["type"] == "joined", "joining a new table is not answered `joined`");
  }

  int hands_checked_ = 0;

  // Declared before the lobby: destroyed after it.
  boost::asio::io_context io_{1};
  std::shared_ptr<tonk::serve::SqliteStorage> db_;
  std::unique_ptr<Lobby> lobby_;
  std::vector<std::shared_ptr<FuzzClient>> clients_{3};  // 0..2 the script's; the finisher adds more
  std::vector<std::shared_ptr<FuzzClient>> all_;  // every connection of the run, closed ones too
  std::map<std::pair<std::string, int>, std::string> tokens_;
  std::set<std::string> resumed_;
  int hints_ = 0;
  int actions_ = 0;
};

std::mt19937_64 g_random;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  tonk::serve::set_random_source_for_testing([](std::span<unsigned char> out) {
    for (unsigned char& b : out) b = static_cast<unsigned char>(g_random());
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  g_random.seed(20261130);
  try {
    Run run;
    const std::string_view script(reinterpret_cast<const char*>(data), size);
    std::size_t lines = 0;
    for (std::size_t start = 0; start <= script.size() && lines < kMaxLines; ++lines) {
      std::size_t end = script.find('\n', start);
      if (end == std::string_view::npos) end = script.size();
      run.line(script.substr(start, end - start));
      start = end + 1;
    }
    run.collect_tokens();
    run.finish();
    run.check_hands();
    run.check_restore();
    run.check_serving();
  } catch (const Finding& f) {
    std::cerr << "FINDING: " << f.what() << "\n";
    std::abort();
  } catch (const std::exception& e) {
    std::cerr << "FINDING: an exception escaped the server: " << e.what() << "\n";
    std::abort();
  }
  return 0;
}
