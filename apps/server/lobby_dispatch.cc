// The router: each message a client sent, read whole by parse_client_message (client_message.h),
// goes to its handler here, which finds the table it is about and asks the table.
#include <nlohmann/json.hpp>

#include "chat.h"
#include "lobby.h"
#include "protocol_json.h"
#include "server_table.h"
#include "table_code.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

json re_json(out::RequestId re) { return re ? json(*re) : json(nullptr); }

}  // namespace

void Lobby::dispatch(const std::shared_ptr<Client>& client, const ClientRequest& request) {
  std::visit([&](const auto& message) { handle(client, message, request.id); }, request.message);
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

std::pair<std::shared_ptr<ServerTable>, int> Lobby::held_seat(const std::shared_ptr<Client>& client) const {
  auto table = followed(client, true);
  const int seat = client->following.seat;
  if (!table->holds(seat)) throw ProtocolError("unauthorized", "this connection holds no seat");
  return {std::move(table), seat};
}

void Lobby::follow(const std::shared_ptr<Client>& client, const std::shared_ptr<ServerTable>& table, int seat) {
  follow(client, table->code(), seat);
}

void Lobby::follow(const std::shared_ptr<Client>& client, const std::string& code, int seat) {
  if (!client->following.table.empty())
    if (auto old = find(client->following.table)) {
      old->unsubscribe(client.get());
      // A seat at a listed table that waits for people is given up: one connection never holds a
      // waiting quick seat while it plays, watches or waits elsewhere (a person seated twice).
      const int held = client->following.seat;
      // Another connection of the seat (the person's other tab) keeps it.
      if (old->code() != code && held >= 0 && old->config().listed && !old->over() && !old->machine().table() && old->holds(held) &&
          !old->machine().connected(held))
        old->leave(held);
    }
  client->following = {code, seat};
}

// --- The lobby's messages ---------------------------------------------------------------------------

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Ping&, out::RequestId re) { send(client, out::pong(re)); }

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Presets&, out::RequestId re) {
  json r = presets_json();
  r["chat"] = chat_phrases_json();  // the table chat's quick phrases (docs/PROTOCOL.md "Chat")
  if (re) r["re"] = *re;
  send(client, r);
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Create& m, out::RequestId re) {
  check_unjoined(*client);
  TableConfig config = m.settings;
  config.code = new_code();
  storage_->create_table(config.code, config.to_json());
  auto table = std::make_shared<ServerTable>(*this, std::move(config));
  tables_[table->code()] = table;
  count_unjoined(client, *table);
  table->open();
  arm_expiry(table->code());
  send(client, out::created(table->code(), re));
}

std::string Lobby::new_code() const {
  for (;;) {
    std::string code = draw_table_code();
    // Ended tables left memory: the storage knows their codes (a clash failed the commit).
    if (!tables_.count(code) && !storage_->code_used(code)) return code;
  }
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Join& m, out::RequestId re) {
  auto table = find(m.table);
  if (!table || table->over()) throw ProtocolError("not_found", "no table " + m.table.substr(0, 16));
  // One seat per connection (a join the table would refuse anyway says why: taken, full).
  if (client->following.table == table->code() && table->holds(client->following.seat) && table->machine().open_seats() > 0 &&
      (!m.seat || table->machine().seat(*m.seat).kind == SeatKind::kOpen))
    throw ProtocolError("bad_request", "this connection holds seat " + std::to_string(client->following.seat) + " at table " +
                                           table->code() + " already");
  const std::string player = player_id(m.player_key);  // the key itself is never kept
  if (!table->config().rematch_of.empty() && !table->machine().table())  // its seats are kept for their answers
    throw ProtocolError("bad_request", "table " + table->code() + " is a rematch: its seats answer with `rematch`");
  auto [s, token] = table->join(m.name, m.seat, m.entropy, player);
  remember_player(player, m.name);
  follow(client, table, s);
  send(client, out::joined(table->code(), s, token, re));
  table->subscribe_joined(client);
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Resume& m, out::RequestId re) {
  const std::optional<SeatRef> at = tokens_.find(m.token);
  auto table = at ? find(at->table) : nullptr;
  if (!table) throw ProtocolError("unauthorized", "no seat has this token");
  const int seat = at->seat;
  const bool already = client->following.table == table->code() && client->following.seat == seat;
  if (!already) follow(client, table, seat);
  send(client, out::joined(table->code(), seat, m.token, re));
  if (!already) table->subscribe(client);
  table->back(seat, already ? client : nullptr);  // a resumed seat is played by its person again
  if (already) table->send_history(client);        // (subscribe sends it to a new follower)
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Watch& m, out::RequestId re) {
  auto table = find(m.table);
  if (!table) return watch_ended(client, m.table, re);  // ended: from the storage
  if (client->following.table == table->code() && client->following.seat < 0) {
    // Already watching it: answer the sender only (a repeated `watch` costs O(1), no broadcast).
    send(client, out::watching(table->code(), re));
    table->send_state(client);
    table->send_history(client);
    return;
  }
  follow(client, table, -1);
  send(client, out::watching(table->code(), re));
  table->subscribe(client);
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Record& m, out::RequestId re) {
  if (client->following.table.empty()) throw ProtocolError("unauthorized", "join, resume or watch a table first");
  const std::optional<std::string> text = record_text(client->following.table, m.hand);  // an ended table's: stored
  if (!text) throw ProtocolError("not_found", "hand " + std::to_string(m.hand) + " is not a finished hand of this table");
  send(client, out::record(m.hand, *text, re));
}

// --- A seat's messages ------------------------------------------------------------------------------
// `ready`, `back` and `end` are answered by the table's broadcasts (or nothing): a request with an
// `id` also gets `done` with it, after what it caused, so that no request waits forever.

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Act& m, out::RequestId re) {
  auto [table, seat] = held_seat(client);
  table->act(seat, m.action, m.hand, m.seq);
  send(client, out::acted(m.hand, m.seq, re));  // after the events and states it caused
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Hint&, out::RequestId re) {
  held_seat(client).first->hint(client, re_json(re));
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Contribute& m, out::RequestId re) {
  auto [table, seat] = held_seat(client);
  const bool first = table->contribute(seat, m.hand, m.entropy);
  send(client, out::contributed(m.hand, !first, re));  // the seat's first contribution counts
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Ready&, out::RequestId re) {
  auto [table, seat] = held_seat(client);
  table->ready(seat);
  if (re) send(client, out::done(re));
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Back&, out::RequestId re) {
  auto [table, seat] = held_seat(client);
  table->back(seat, client);
  if (re) send(client, out::done(re));
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Leave&, out::RequestId re) {
  auto [table, seat] = held_seat(client);
  table->leave(seat);  // every connection of the seat (this one too) is a spectator now: `seat_lost`
  send(client, out::left(re));
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Remove& m, out::RequestId re) {
  auto [table, seat] = held_seat(client);
  table->remove(seat, m.seat);  // the removed seat's connections get `seat_lost` {reason "removed"}
  if (re) send(client, out::done(re));
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::End&, out::RequestId re) {
  auto [table, seat] = held_seat(client);
  table->end(seat, client);
  if (re) send(client, out::done(re));
}

// --- Chat (docs/PROTOCOL.md "Chat") ------------------------------------------------------------------

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Chat& m, out::RequestId re) {
  auto table = followed(client, false);
  const int seat = client->following.seat;  // -1: a spectator, whom the table may let write
  if (seat >= 0 && !table->holds(seat)) throw ProtocolError("unauthorized", "this connection holds no seat");
  const auto limited = [](std::int64_t wait_ms, int burst, const char* whose) {
    return ProtocolError("rate_limited", "at most " + std::to_string(burst) + " chat lines in " + std::to_string(kChatWindowMs / 1000) +
                                             " seconds " + whose + ": wait " + std::to_string((wait_ms + 999) / 1000) + " s");
  };
  if (const std::int64_t wait = client->chat_rate.wait_ms(); wait > 0) throw limited(wait, kChatBurst, "per connection");
  if (const std::int64_t wait = chat_by_address_.wait_ms(client->address); wait > 0)
    throw limited(wait, kChatBurstPerAddress, "per address");  // reconnecting does not reset a flood
  // A seat's identified person is held to the same limit wherever they write from (tables, addresses).
  const std::string player = seat >= 0 ? table->machine().seat(seat).player : "";
  if (const std::int64_t wait = player.empty() ? 0 : chat_by_player_.wait_ms(player); wait > 0)
    throw limited(wait, kChatBurstPerAddress, "per player");
  table->chat(seat, m.phrase, m.text);
  client->chat_rate.note();  // only lines said count
  chat_by_address_.note(client->address);
  if (!player.empty()) chat_by_player_.note(player);
  if (re) send(client, out::done(re));  // after the `chat` everyone gets
}

}  // namespace tonk::serve
