#include "lobby.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <string>

#include <boost/asio/steady_timer.hpp>

#include <boost/asio/post.hpp>

#include "fair_deal.h"
#include "json_reader.h"
#include "player_name.h"
#include "protocol_json.h"
#include "server_table.h"
#include "tonk/bot_factory.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/preset.h"
#include "tonk/rule_options.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

// Table codes (docs/PROTOCOL.md "Table codes"): 6 characters to read out, a dash, and a secret of
// 20 (5 bits each: 100 bits from the CSPRNG) without which the table cannot be found. Codes of
// tables made before the secret (6 characters) are still accepted.
constexpr std::string_view kCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
constexpr std::size_t kCodeShown = 6;
constexpr std::size_t kCodeSecret = 20;
constexpr std::size_t kMaxCode = kCodeShown + 1 + kCodeSecret;

// True when `code` can be a table's code (the storage is not asked about anything else).
bool code_form(const std::string& code) {
  if (code.empty() || code.size() > kMaxCode) return false;
  for (char c : code)
    if (c != '-' && kCodeAlphabet.find(c) == std::string_view::npos) return false;
  return true;
}

const std::string& string_field(const json& m, const char* name) {
  const auto it = m.find(name);
  if (it == m.end() || !it->is_string()) throw ProtocolError("bad_request", std::string("`") + name + "` (a string) is required");
  return it->get_ref<const std::string&>();
}

std::optional<long long> int_field(const json& m, const char* name) {
  const auto it = m.find(name);
  if (it == m.end() || it->is_null()) return std::nullopt;
  // A whole number beyond 64 bits reaches us as a float (2^64 is 1.8446744073709552e19): it is an
  // integer all the same, out of every range.
  if (it->is_number_float() && std::nearbyint(it->get<double>()) == it->get<double>() &&
      std::fabs(it->get<double>()) >= 0x1p63)
    throw ProtocolError("bad_request", std::string("`") + name + "` is out of range");
  if (!it->is_number_integer()) throw ProtocolError("bad_request", std::string("`") + name + "` must be an integer");
  // An unsigned above 2^63 - 1 would wrap to a negative number: out of range instead.
  if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<long long>::max()))
    throw ProtocolError("bad_request", std::string("`") + name + "` is out of range");
  return it->get<long long>();
}

// A hand number (`record`, `contribute`): 1..10^9, else "out of range" (absent: "required").
int hand_field(const json& m) {
  const auto hand = int_field(m, "hand");
  if (!hand) throw ProtocolError("bad_request", "`hand` (an integer) is required");
  if (*hand < 1 || *hand > 1'000'000'000) throw ProtocolError("bad_request", "`hand` is out of range (1 to 10^9)");
  return static_cast<int>(*hand);
}


}  // namespace

Lobby::Lobby(boost::asio::io_context& io, std::unique_ptr<Storage> storage, int workers)
    : io_(io), storage_(std::move(storage)) {
  if (workers > 0) {
    pool_ = std::make_unique<boost::asio::thread_pool>(static_cast<std::size_t>(workers));
    scheduler_ = std::make_unique<FairScheduler>([pool = pool_.get()](std::function<void()> pump) { boost::asio::post(*pool, std::move(pump)); },
                                                 workers);
  } else {  // 0 workers: deterministic, on the I/O thread
    scheduler_ = std::make_unique<FairScheduler>([&io](std::function<void()> pump) { boost::asio::post(io, std::move(pump)); }, 1);
  }
}

void Lobby::set_limits(const LobbyLimits& limits) {
  const auto require = [](bool ok, const char* field) {
    if (!ok) throw std::invalid_argument(std::string("LobbyLimits::") + field + " is out of range");
  };
  require(limits.unjoined_per_connection >= 1, "unjoined_per_connection");
  require(limits.unjoined_per_address >= 1, "unjoined_per_address");
  require(limits.unjoined_expiry.count() > 0, "unjoined_expiry");
  require(limits.max_hints >= 1, "max_hints");
  require(limits.max_bot_worlds >= 1 && limits.max_bot_worlds <= SearchBudget::kMaxWorlds, "max_bot_worlds");
  require(limits.hint_worlds >= 1 && limits.hint_worlds <= SearchBudget::kMaxWorlds, "hint_worlds");
  limits_ = limits;
}

Lobby::~Lobby() {
  if (pool_) pool_->join();
}

std::size_t Lobby::restore() {
  store_missing_records();
  adopt(storage_->load_tables());
  return tables_.size();
}

void Lobby::store_missing_records() {
  for (const std::string& code : storage_->tables_without_records()) {
    const std::optional<StoredTable> stored = storage_->read_table(code);
    if (!stored) continue;
    std::string final_state;
    std::vector<std::string> records;
    try {
      records = ServerTable::records_of(*stored, &final_state);
    } catch (const std::exception& e) {
      throw std::runtime_error("table " + code + " does not replay from its log: " + e.what());
    }
    for (std::size_t i = 0; i < records.size(); ++i)
      if (!records[i].empty()) storage_->put_record(code, static_cast<int>(i) + 1, records[i]);
    if (stored->closed) storage_->close_table(code, now_ms(), final_state);  // its final state, for `watch`
    storage_->commit();
  }
}

void Lobby::set_retention(const RetentionPolicy& policy) {
  const auto require = [](bool ok, const char* field) {
    if (!ok) throw std::invalid_argument(std::string("RetentionPolicy::") + field + " is out of range");
  };
  require(policy.keep_log.count() >= 0, "keep_log");
  require(policy.delete_after.count() >= 0, "delete_after");
  require(policy.sweep_period.count() > 0, "sweep_period");
  require(policy.step_entries >= 1, "step_entries");
  require(policy.step_tables >= 1, "step_tables");
  retention_ = policy;
}

bool Lobby::sweep() {
  flush();  // nothing staged: a sweep commits on its own
  try {
    const std::int64_t now = now_ms();
    // A table is compacted before it is deleted: with a deletion sooner than the log's keep, sooner.
    auto keep = retention_.keep_log;
    if (retention_.delete_after.count() > 0) keep = std::min(keep, retention_.delete_after);
    if (storage_->compact_logs(now - keep.count(), retention_.step_entries) >= retention_.step_entries) return true;
    if (retention_.delete_after.count() == 0) return false;
    return storage_->delete_ended(now - retention_.delete_after.count(), retention_.keep_records, retention_.step_tables) >=
           retention_.step_tables;
  } catch (const StorageError& e) {
    std::cerr << "tonk serve: storage failed, stopping: " << e.what() << std::endl;
    std::_Exit(3);
  }
}

std::size_t Lobby::adopt(std::vector<StoredTable> stored) {
  std::vector<std::shared_ptr<ServerTable>> adopted;
  for (StoredTable& t : stored) {
    auto table = std::make_shared<ServerTable>(*this, TableConfig::from_json(t.config));
    try {
      for (const std::string& entry : t.log) table->replay(entry);
    } catch (const std::exception& e) {
      throw std::runtime_error("table " + t.code + " does not replay from its log: " + e.what());
    }
    tables_[t.code] = table;
    adopted.push_back(table);
    if (table->never_joined()) arm_expiry(t.code);  // the full period again after a restart
  }
  for (auto& table : adopted) table->go_live();
  flush();
  return adopted.size();
}

void Lobby::keep_leases() {
  try {
    storage_->renew_leases();
    const std::size_t n = adopt(storage_->take_over());
    if (n > 0) std::cerr << "tonk serve: took over " << n << " table" << (n == 1 ? "" : "s") << " whose server stopped" << std::endl;
  } catch (const std::exception& e) {  // StorageError, or a taken table's log that does not replay
    std::cerr << "tonk serve: storage failed, stopping: " << e.what() << std::endl;
    std::_Exit(3);
  }
}

void Lobby::table_ended(const ServerTable& table) { ending_.push_back(table.code()); }

void Lobby::table_joined(ServerTable& table) {
  if (auto c = table.creator.lock()) --c->unjoined_tables;
  if (const auto it = unjoined_by_address_.find(table.creator_address); it != unjoined_by_address_.end())
    if (--it->second <= 0) unjoined_by_address_.erase(it);
  table.creator.reset();
  table.creator_address.clear();
  // Its expiry is moot: freed now, not 10 minutes later (memory in proportion to tables made).
  if (const auto it = expiries_.find(table.code()); it != expiries_.end()) {
    it->second->cancel();
    expiries_.erase(it);
  }
}

void Lobby::arm_expiry(const std::string& code) {
  auto timer = std::make_shared<boost::asio::steady_timer>(io_, limits_.unjoined_expiry);
  expiries_[code] = timer;
  timer->async_wait([this, timer, code](const boost::system::error_code& ec) {
    if (ec) return;
    expiries_.erase(code);
    const auto it = tables_.find(code);
    if (it == tables_.end() || !it->second->never_joined()) return;
    std::shared_ptr<ServerTable> table = it->second;
    table_joined(*table);  // releases its creator's counts
    table->expire();
    tables_.erase(it);
    storage_->drop_table(code);
    flush();
  });
}

std::int64_t Lobby::now_ms() const {
  if (wall_clock_) return wall_clock_();
  const auto now = std::chrono::system_clock::now();
  return std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
}

void Lobby::run_on_pool(const std::string& code, std::function<void()> job) { scheduler_->post(code, std::move(job)); }

void Lobby::send(const std::shared_ptr<Client>& client, const json& message) {
  // Replies may quote what a client sent, cut to a length or as the JSON parser read it (part of a
  // multi-byte character): broken UTF-8 is written as U+FFFD instead of throwing out of on_message.
  send(client, std::make_shared<const std::string>(message.dump(-1, ' ', false, json::error_handler_t::replace)));
}

void Lobby::send(const std::shared_ptr<Client>& client, std::shared_ptr<const std::string> text) {
  outbox_.emplace_back(client, std::move(text));
}

void Lobby::flush() {
  std::vector<std::shared_ptr<ServerTable>> ended;
  for (const std::string& code : ending_)
    if (auto t = find(code)) {
      storage_->close_table(code, now_ms(), t->final_state());  // with its last entries: one commit
      ended.push_back(std::move(t));
    }
  ending_.clear();
  try {
    storage_->commit();
  } catch (const StorageError& e) {
    std::cerr << "tonk serve: storage failed, stopping (nothing uncommitted was sent): " << e.what() << std::endl;
    std::_Exit(3);
  }
  std::vector<std::pair<std::weak_ptr<Client>, std::shared_ptr<const std::string>>> out;
  out.swap(outbox_);
  for (auto& [weak, text] : out)
    if (auto c = weak.lock()) c->deliver(std::move(text));
  // Ended and committed: the tables leave memory (their connections keep following their codes, for
  // `record`; what they send a seat is refused as the table is over).
  for (const auto& t : ended) {
    t->retire();
    tables_.erase(t->code());
  }
}

void Lobby::add_token(const std::string& hash, const std::string& code, int seat) { tokens_[hash] = {code, seat}; }
void Lobby::remove_token(const std::string& hash) {
  if (!hash.empty()) tokens_.erase(hash);
}

void Lobby::send_error(const std::shared_ptr<Client>& client, const json& re, const std::string& code,
                       const std::string& message, const std::string& rule_id) {
  json m{{"type", "error"}, {"code", code}, {"message", message}};
  if (!rule_id.empty()) m["rule_id"] = rule_id;
  if (!re.is_null()) m["re"] = re;
  send(client, m);
}

namespace {

// The `id` of message `m` (null without one). Throws ProtocolError when it is not an integer from 0
// to 2^53.
json id_of(const json& m) {
  const auto it = m.find("id");
  if (it == m.end()) return nullptr;
  if (!it->is_number_unsigned() || it->get<std::uint64_t>() > (std::uint64_t{1} << 53))
    throw ProtocolError("bad_request", "`id` must be an integer from 0 to 2^53");
  return *it;
}

}  // namespace

json Lobby::request_id(std::string_view text) {
  try {
    json m;
    try {
      m = read_json(text);
    } catch (const RepeatedKeyError& e) {
      if (e.key() == "id" && e.at_top()) return nullptr;  // which one? neither
      m = e.document();
    }
    return m.is_object() ? id_of(m) : json(nullptr);
  } catch (const std::exception&) {
    return nullptr;
  }
}

void Lobby::on_message(const std::shared_ptr<Client>& client, std::string_view text) {
  json re = nullptr;
  try {
    json m;
    try {
      m = read_json(text);  // throws parse_error (invalid JSON or UTF-8), RepeatedKeyError
    } catch (const RepeatedKeyError& e) {
      re = request_id(text);
      throw ProtocolError("bad_request", e.what());
    }
    if (!m.is_object()) throw ProtocolError("bad_request", "a message is a JSON object with a `type`");
    re = id_of(m);
    dispatch(client, m, re);
  } catch (const ProtocolError& e) {
    send_error(client, re, e.code(), e.what(), e.rule_id());
  } catch (const json::exception& e) {
    send_error(client, re, "bad_request", std::string("malformed message: ") + e.what());
  } catch (const StorageError&) {
    throw;
  } catch (const std::exception& e) {
    send_error(client, re, "server", e.what());
  }
  flush();
}

void Lobby::on_close(const Client* client) {
  // Its unjoined tables stay counted against its address until joined or expired.
  if (!client->following.table.empty())
    if (auto t = find(client->following.table)) t->unsubscribe(client);
  flush();
}

std::shared_ptr<ServerTable> Lobby::find(const std::string& code) const {
  const auto it = tables_.find(code);
  return it == tables_.end() ? nullptr : it->second;
}

std::shared_ptr<ServerTable> Lobby::followed(const std::shared_ptr<Client>& client, bool need_seat) const {
  if (client->following.table.empty()) throw ProtocolError("unauthorized", "join, resume or watch a table first");
  auto t = find(client->following.table);
  if (!t) throw ProtocolError("not_found", "table " + client->following.table + " is over");  // it left memory
  if (need_seat && client->following.seat < 0) throw ProtocolError("unauthorized", "spectators cannot do that: join a seat");
  return t;
}

void Lobby::follow(const std::shared_ptr<Client>& client, const std::shared_ptr<ServerTable>& table, int seat) {
  if (!client->following.table.empty())
    if (auto old = find(client->following.table)) old->unsubscribe(client.get());
  client->following = {table->code(), seat};
}

std::string Lobby::new_code() const {
  for (;;) {
    const std::string bytes = random_hex(static_cast<int>(kCodeShown + kCodeSecret));
    std::string code;
    for (std::size_t i = 0; i < kCodeShown + kCodeSecret; ++i) {
      if (i == kCodeShown) code += '-';
      // 256 is a multiple of 32: each byte gives 5 uniform bits.
      code += kCodeAlphabet[static_cast<std::size_t>(std::stoi(bytes.substr(2 * i, 2), nullptr, 16)) % kCodeAlphabet.size()];
    }
    // Ended tables left memory: the storage knows their codes (a clash failed the commit).
    if (!tables_.count(code) && !storage_->code_used(code)) return code;
  }
}

void Lobby::set_advertise(const std::string& url) {
  advertise_ = url;
  storage_->set_address(url);
}

std::optional<json> Lobby::table_host(const std::string& code) {
  if (!code_form(code)) return std::nullopt;
  if (storage_->lease_period().count() == 0) {  // one server hosts every open table: this one
    auto t = find(code);
    if (!t || t->over()) return std::nullopt;
    return json{{"table", code}, {"host", advertise_}, {"lease_until", nullptr}, {"expired", false}};
  }
  const std::optional<LeaseInfo> lease = storage_->lease_of(code);
  if (!lease) return std::nullopt;
  return json{{"table", code},
              {"host", lease->address.empty() ? json(nullptr) : json(lease->address)},
              {"lease_until", lease->until},
              {"expired", lease->expired}};
}

std::optional<std::string> Lobby::record_text(const std::string& code, int hand) {
  if (auto t = find(code)) return t->hand_record(hand);
  // Not hosted here: an ended table, or a table another server of a shared database hosts.
  if (!code_form(code)) return std::nullopt;
  if (hand < 1) return std::nullopt;
  return storage_->read_record(code, hand);
}

void Lobby::watch_ended(const std::shared_ptr<Client>& client, const std::string& code, const json& re) {
  const auto not_found = [&] { return ProtocolError("not_found", "no table " + code.substr(0, 16)); };
  if (!code_form(code)) throw not_found();
  std::optional<EndedTable> ended = storage_->read_ended(code);
  if (!ended || ended->final_state.empty()) throw not_found();
  json state = json::parse(ended->final_state);
  if (!client->following.table.empty())
    if (auto old = find(client->following.table)) old->unsubscribe(client.get());
  client->following = {code, -1};
  json watching{{"type", "watching"}, {"table", code}};
  if (!re.is_null()) watching["re"] = re;
  send(client, watching);
  json ledger = state.value("ledger", json(nullptr));
  send(client, std::make_shared<const std::string>(std::move(ended->final_state)));
  send(client, json{{"type", "table_over"}, {"table", code}, {"ledger", std::move(ledger)}});
}

void Lobby::dispatch(const std::shared_ptr<Client>& client, const json& m, const json& re) {
  const std::string& type = string_field(m, "type");
  auto reply = [&](json r) {
    if (!re.is_null()) r["re"] = re;
    send(client, r);
  };
  if (type == "ping") return reply({{"type", "pong"}});
  if (type == "presets") return reply(presets_json());
  if (type == "create") {
    // The page sends its player's name with `create` so that a refused name leaves no empty table.
    if (const auto it = m.find("name"); it != m.end() && !it->is_null()) check_player_name(string_field(m, "name"));
    if (client->unjoined_tables >= limits_.unjoined_per_connection)
      throw ProtocolError("too_many_tables", "this connection created " + std::to_string(client->unjoined_tables) +
                                                 " tables nobody joined yet: join one first");
    int& by_address = unjoined_by_address_[client->address];
    if (by_address >= limits_.unjoined_per_address)
      throw ProtocolError("too_many_tables", "your address created " + std::to_string(by_address) +
                                                 " tables nobody joined yet: join one first");
    const std::string code = new_code();
    TableConfig config = TableConfig::from_create(m, code, limits_.max_bot_worlds);
    storage_->create_table(code, config.to_json());
    auto table = std::make_shared<ServerTable>(*this, std::move(config));
    tables_[code] = table;
    table->creator = client;
    table->creator_address = client->address;
    ++client->unjoined_tables;
    ++by_address;
    table->open();
    arm_expiry(code);
    return reply({{"type", "created"}, {"table", code}, {"link", "/#/t/" + code}});
  }
  if (type == "join") {
    auto table = find(string_field(m, "table"));
    if (!table || table->over()) throw ProtocolError("not_found", "no table " + string_field(m, "table").substr(0, 16));
    std::optional<int> seat;
    if (auto s = int_field(m, "seat")) {
      if (*s < 0 || *s >= kMaxPlayers) throw ProtocolError("bad_request", "no seat " + std::to_string(*s));
      seat = static_cast<int>(*s);
    }
    std::string entropy;
    if (m.contains("entropy") && !m["entropy"].is_null()) entropy = string_field(m, "entropy");
    auto [s, token] = table->join(string_field(m, "name"), seat, entropy);
    follow(client, table, s);
    reply({{"type", "joined"}, {"table", table->code()}, {"seat", s}, {"token", token}});
    table->subscribe(client);
    return;
  }
  if (type == "resume") {
    const std::string& token = string_field(m, "token");
    if (!is_hex(token, 32, 32)) throw ProtocolError("unauthorized", "no seat has this token");
    const auto it = tokens_.find(sha256_hex(token));
    if (it == tokens_.end()) throw ProtocolError("unauthorized", "no seat has this token");
    auto table = find(it->second.first);
    if (!table) throw ProtocolError("unauthorized", "no seat has this token");
    const int seat = it->second.second;
    const bool already = client->following.table == table->code() && client->following.seat == seat;
    if (!already) follow(client, table, seat);
    reply({{"type", "joined"}, {"table", table->code()}, {"seat", seat}, {"token", token}});
    if (!already) table->subscribe(client);
    table->back(seat, already ? client : nullptr);  // a resumed seat is played by its person again
    if (already) table->send_history(client);        // (subscribe sends it to a new follower)
    return;
  }
  if (type == "watch") {
    auto table = find(string_field(m, "table"));
    if (!table) return watch_ended(client, string_field(m, "table"), re);  // ended: from the storage
    if (client->following.table == table->code() && client->following.seat < 0) {
      // Already watching it: answer the sender only (a repeated `watch` costs O(1), no broadcast).
      reply({{"type", "watching"}, {"table", table->code()}});
      table->send_state(client);
      table->send_history(client);
      return;
    }
    follow(client, table, -1);
    reply({{"type", "watching"}, {"table", table->code()}});
    table->subscribe(client);
    return;
  }
  if (type == "record") {
    if (client->following.table.empty()) throw ProtocolError("unauthorized", "join, resume or watch a table first");
    const int hand = hand_field(m);
    const std::optional<std::string> text = record_text(client->following.table, hand);  // an ended table's: stored
    if (!text) throw ProtocolError("not_found", "hand " + std::to_string(hand) + " is not a finished hand of this table");
    return reply({{"type", "record"}, {"hand", hand}, {"text", *text}});
  }
  // The rest act for a seat.
  static const std::vector<std::string> kSeatTypes = {"act", "hint", "contribute", "ready", "back", "leave", "end"};
  if (std::find(kSeatTypes.begin(), kSeatTypes.end(), type) == kSeatTypes.end())
    throw ProtocolError("bad_request", "unknown message type `" + type.substr(0, 32) + "`");
  auto table = followed(client, true);
  const int seat = client->following.seat;
  if (!table->holds(seat)) throw ProtocolError("unauthorized", "this connection holds no seat");
  if (type == "act") {
    const auto seq = int_field(m, "seq");
    if (!seq) throw ProtocolError("bad_request", "`seq` (an integer) is required");
    const auto hand = int_field(m, "hand");  // with seq, the position: unique across hands
    if (!hand) throw ProtocolError("bad_request", "`hand` (an integer) is required");
    table->act(seat, string_field(m, "action"), *hand, *seq);
    reply({{"type", "acted"}, {"hand", *hand}, {"seq", *seq}});  // after the events and states it caused
  } else if (type == "hint") {
    table->hint(client, re);
  } else if (type == "contribute") {
    const int hand = hand_field(m);
    const bool first = table->contribute(seat, hand, string_field(m, "entropy"));
    json r{{"type", "contributed"}, {"hand", hand}};
    if (!first) r["repeat"] = true;  // the seat's first contribution counts; this one changed nothing
    reply(r);
  } else if (type == "ready") {
    table->ready(seat);
  } else if (type == "back") {
    table->back(seat, client);
  } else if (type == "leave") {
    table->leave(seat);  // every connection of the seat (this one too) is a spectator now: `seat_lost`
    reply({{"type", "left"}});
  } else if (type == "end") {
    table->end(seat, client);
  }
  // `ready`, `back` and `end` are answered by the table's broadcasts (or nothing): a request with
  // an `id` also gets `done` with it, after what it caused, so that no request waits forever.
  if (!re.is_null() && (type == "ready" || type == "back" || type == "end")) reply({{"type", "done"}});
}

}  // namespace tonk::serve
