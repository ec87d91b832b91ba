// The lobby: its construction, the entry points a connection calls (on_message, on_close), and the
// outbox, delivered only after the storage committed what its messages tell.
#include "lobby.h"

#include "server_table.h"

#include <cstdlib>
#include <iostream>
#include <string>

#include <boost/asio/post.hpp>

namespace tonk::serve {

using nlohmann::json;

Lobby::Lobby(boost::asio::io_context& io, std::unique_ptr<Storage> storage, int workers)
    : io_(io),
      storage_(std::make_unique<CommitQueue>(io, std::move(storage), workers > 0)),
      quick_asks_(std::make_unique<RequestRate>(limits_.quick_asks_per_minute / 60.0, limits_.quick_asks_per_minute)) {
  if (workers > 0) {
    pool_ = std::make_unique<boost::asio::thread_pool>(static_cast<std::size_t>(workers));
    scheduler_ = std::make_unique<FairScheduler>([pool = pool_.get()](std::function<void()> pump) { boost::asio::post(*pool, std::move(pump)); },
                                                 workers);
  } else {  // 0 workers: deterministic, on the I/O thread
    scheduler_ = std::make_unique<FairScheduler>([&io](std::function<void()> pump) { boost::asio::post(io, std::move(pump)); }, 1);
  }
}

Lobby::~Lobby() {
  if (pool_) pool_->join();
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
  publish_waiting();  // before the closes: a table that ended is withdrawn in the same batch
  std::vector<std::shared_ptr<ServerTable>> ended;
  for (const std::string& code : ending_)
    if (auto t = find(code)) {
      storage_->close_table(code, now_ms(), t->final_state());  // with its last entries: one batch
      t->retire();  // no more timers; it stays findable (over) until its end is durable
      ended.push_back(std::move(t));
    }
  ending_.clear();
  if (outbox_.empty() && ended.empty() && !storage_->pending()) return;
  storage_->submit([this, out = std::move(outbox_), ended = std::move(ended), players = pending_players_.mark()] {
    pending_players_.committed(players);  // the storage holds them now
    for (const auto& [weak, text] : out)
      if (auto c = weak.lock()) c->deliver(text);
    // Ended and committed: the tables leave memory (their connections keep following their codes, for
    // `record`; what they send a seat is refused as the table is over).
    for (const auto& t : ended)
      if (const auto it = tables_.find(t->code()); it != tables_.end() && it->second == t) tables_.erase(it);
  });
  outbox_.clear();
}

void Lobby::add_token(const std::string& hash, const std::string& code, int seat) { tokens_.add(hash, code, seat); }
void Lobby::remove_token(const std::string& hash) { tokens_.remove(hash); }

void Lobby::send_error(const std::shared_ptr<Client>& client, const json& re, const std::string& code,
                       const std::string& message, const std::string& rule_id) {
  send(client, out::error(code, message, rule_id, re.is_null() ? out::RequestId() : re.get<std::uint64_t>()));
}

json Lobby::request_id(std::string_view text) {
  const std::optional<std::uint64_t> id = serve::request_id(text);
  return id ? json(*id) : json(nullptr);
}

void Lobby::on_message(const std::shared_ptr<Client>& client, std::string_view text) {
  std::variant<ClientRequest, ClientRefusal> read = parse_client_message(text, ParseLimits{limits_.max_bot_worlds});
  if (const auto* refused = std::get_if<ClientRefusal>(&read)) {
    send(client, out::error(refused->error, refused->id));
  } else {
    const ClientRequest& request = std::get<ClientRequest>(read);
    try {
      dispatch(client, request);
    } catch (const ProtocolError& e) {
      send(client, out::error(e, request.id));
    } catch (const json::exception& e) {
      send(client, out::error("bad_request", std::string("malformed message: ") + e.what(), "", request.id));
    } catch (const StorageError&) {
      throw;
    } catch (const std::exception& e) {
      send(client, out::error("server", e.what(), "", request.id));
    }
  }
  flush();
}

void Lobby::on_close(const Client* client) {
  // Its unjoined tables stay counted against its address until joined or expired.
  if (!client->following.table.empty())
    if (auto t = find(client->following.table)) t->unsubscribe(client);
  flush();
}

void Lobby::table_ended(const ServerTable& table) {
  ending_.push_back(table.code());
  // A rematch that ended before its first deal (its people left) is no offer any more: the next
  // accept of the table it was offered for makes a new one.
  if (const std::string& of = table.config().rematch_of; !of.empty() && !table.machine().table())
    if (const auto it = rematchable_.find(of); it != rematchable_.end() && it->second.offer == table.code()) {
      it->second.offer.clear();
      it->second.until_ms = 0;
    }
  // Its seats may ask for a rematch for a while (lobby_rematch.cc).
  prune_rematchable();
  Rematchable r;
  r.config = table.config();
  r.ended_ms = now_ms();
  bool people = false;
  for (int s = 0; s < table.config().seats(); ++s) {
    const SeatInfo& info = table.machine().seat(s);
    if (info.kind != SeatKind::kPerson || info.token_hash.empty()) continue;
    r.tokens[static_cast<std::size_t>(s)] = info.token_hash;
    r.names[static_cast<std::size_t>(s)] = info.name;
    r.players[static_cast<std::size_t>(s)] = info.player;
    people = true;
  }
  if (!people) return;
  for (const auto& w : table.followers())
    if (auto c = w.lock(); c && c->following.seat >= 0) r.followers.push_back(c);
  if (rematchable_.emplace(table.code(), std::move(r)).second) rematchable_order_.push_back(table.code());
}

}  // namespace tonk::serve
