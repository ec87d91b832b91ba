// Quick play in the lobby (docs/PROTOCOL.md `quick`, `tables`): the listed tables waiting for people,
// seating an ask at one that fits or at a new one (the choice is quick_play.h's), and their list.
//
// Everything runs on the I/O thread, one message at a time: a seat is taken in the table's machine
// when the ask is decided (the `joined` reply waits for the commit, the seat does not), so asks
// handled in one commit batch never get the same seat, and the next ask sees the table as it is.
#include <algorithm>

#include <nlohmann/json.hpp>

#include "lobby.h"
#include "player_name.h"
#include "quick_play.h"
#include "tonk/fair_deal.h"
#include "server_table.h"

namespace tonk::serve {

using nlohmann::json;

std::vector<WaitingTable> Lobby::waiting_tables() {
  std::vector<WaitingTable> out;
  for (auto it = listed_.begin(); it != listed_.end();) {
    const auto t = find(*it);
    const TableMachine* m = t ? &t->machine() : nullptr;
    if (!m || m->over() || m->table()) {  // dealt, over or gone: it waits no more, for good
      it = listed_.erase(it);
      continue;
    }
    if (m->open_seats() > 0 && m->ever_joined()) {
      WaitingTable w;
      w.code = *it;
      w.preset = m->config().preset;
      w.seats = m->config().seats();
      w.open = m->open_seats();
      for (int s = 0; s < m->config().seats(); ++s) w.open -= reserved(*t, s) ? 1 : 0;  // a rematch's, kept
      if (w.open <= 0) {
        ++it;
        continue;
      }
      for (int s = 0; s < w.seats; ++s) {
        w.people += m->seat(s).kind == SeatKind::kPerson ? 1 : 0;
        if (m->seat(s).kind != SeatKind::kOpen) w.names.push_back(m->seat(s).name);
      }
      w.waiting_since_ms = m->waiting_since_ms().value_or(now_ms());
      w.bots_at_ms = m->bots_at_ms();
      w.level = m->config().fill_bots;
      w.rated = m->rated();
      out.push_back(std::move(w));
    }
    ++it;
  }
  return out;
}

std::vector<WaitingTable> Lobby::cluster_waiting_tables() {
  std::vector<WaitingTable> out = waiting_tables();
  if (!shared_storage_) shared_storage_ = storage_->lease_period().count() > 0;
  if (!*shared_storage_) return out;
  for (const PublishedWaiting& p : storage_->waiting_elsewhere()) {
    if (p.address.empty()) continue;  // a host nobody can be pointed at
    std::optional<WaitingTable> w = read_waiting_entry(p.entry, p.address);
    if (w && !tables_.count(w->code)) out.push_back(std::move(*w));  // ours (just taken over): as we see it
  }
  return out;
}

void Lobby::publish_waiting() {
  if (!shared_storage_) shared_storage_ = storage_->lease_period().count() > 0;
  if (!*shared_storage_) return;
  std::map<std::string, std::string> now;
  std::map<std::string, std::int64_t> since;
  for (WaitingTable& w : waiting_tables()) {
    // A listed table without a wait of its own (a rematch's seat offered to strangers) waits since
    // it was first published: its row does not change at every flush.
    if (const auto t = find(w.code); t && !t->machine().waiting_since_ms())
      if (const auto it = published_since_.find(w.code); it != published_since_.end()) w.waiting_since_ms = it->second;
    since[w.code] = w.waiting_since_ms;
    now[w.code] = waiting_entry(w);
  }
  published_since_ = std::move(since);
  for (const auto& [code, entry] : published_)
    if (!now.count(code)) storage_->drop_waiting(code);
  for (const auto& [code, entry] : now)
    if (const auto it = published_.find(code); it == published_.end() || it->second != entry) storage_->put_waiting(code, entry);
  published_ = std::move(now);
}

json Lobby::public_tables() { return public_tables_json(cluster_waiting_tables(), now_ms()); }

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Tables&, out::RequestId re) {
  json r = public_tables();
  if (re) r["re"] = *re;
  send(client, r);
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Quick& m, out::RequestId re) {
  const QuickAsk ask = read_quick_ask(m.preset.empty() ? kAnyPreset : m.preset, m.seats);
  const std::string level = read_quick_level(m.level);
  // One seat per connection among the tables that wait: asking again while waiting is refused (it
  // would seat the same person twice, or at two tables).
  if (!client->following.table.empty() && client->following.seat >= 0 && listed_.count(client->following.table))
    if (const auto t = find(client->following.table);
        t && !t->over() && !t->machine().table() && t->holds(client->following.seat))
      throw ProtocolError("bad_request", "you are waiting at table " + t->code() + " already: `leave` it first");
  if (!m.entropy.empty() && !is_hex(m.entropy, 2, 64)) throw ProtocolError("bad_request", "`entropy` must be 2 to 64 hex digits");
  // Counted per address (reconnecting does not reset it), after the ask was read: a bad ask costs none.
  if (const int wait = quick_asks_->admit(client->address); wait > 0)
    throw ProtocolError("rate_limited", "at most " + std::to_string(limits_.quick_asks_per_minute) +
                                            " quick-play asks a minute from one address: wait " + std::to_string(wait) + " s");
  const std::string player = player_id(m.player_key);  // the key itself is never kept
  // And per player: one person asking from many addresses is held to the same rate.
  if (const int wait = player.empty() ? 0 : quick_asks_->admit("player " + player); wait > 0)
    throw ProtocolError("rate_limited", "at most " + std::to_string(limits_.quick_asks_per_minute) +
                                            " quick-play asks a minute from one player: wait " + std::to_string(wait) + " s");
  std::vector<WaitingTable> waiting = cluster_waiting_tables();
  // Another server's table showing the asker's name is passed over here (its host would refuse the
  // join); this server's own are passed over below, seat by seat.
  std::erase_if(waiting, [&](const WaitingTable& w) {
    return !w.host.empty() && std::any_of(w.names.begin(), w.names.end(), [&](const std::string& n) { return same_name(n, m.name); });
  });
  // The best table may be another server's: the asker is pointed there (only its host seats).
  if (const QuickPick best = pick_table(waiting, ask); !best.code.empty())
    for (const WaitingTable& w : waiting)
      if (w.code == best.code && !w.host.empty()) {
        json r{{"type", "elsewhere"}, {"table", w.code}, {"host", w.host}};
        if (re) r["re"] = *re;
        send(client, r);
        return;
      }
  std::erase_if(waiting, [](const WaitingTable& w) { return !w.host.empty(); });  // ours only below
  std::shared_ptr<ServerTable> table;
  // A table where another seat shows the asker's name is passed over (two strangers may share a
  // name; one table may not): the next that fits, or a new one.
  for (int tries = 0; tries < 64 && !table; ++tries) {
    const QuickPick pick = pick_table(waiting, ask);
    if (pick.code.empty()) {
      TableConfig config = quick_table_config(pick, level, limits_.quick_wait.count());
      config.code = new_code();
      storage_->create_table(config.code, config.to_json());
      table = std::make_shared<ServerTable>(*this, std::move(config));
      tables_[table->code()] = table;
      listed_.insert(table->code());
      table->open();
      break;
    }
    table = find(pick.code);
    for (int s = 0; table && s < table->config().seats(); ++s)
      if (table->machine().seat(s).kind != SeatKind::kOpen && same_name(table->machine().seat(s).name, m.name)) table = nullptr;
    if (!table) std::erase_if(waiting, [&](const WaitingTable& w) { return w.code == pick.code; });
  }
  if (!table) throw ProtocolError("busy", "no table found for this ask: try again");
  // The seat is taken now, in the machine (the reply waits for the commit). A name another seat
  // shows is refused: at a table that fits, another try makes or finds another table only if it
  // is asked again, so the refusal is the table's (`bad_request`), as `join`'s.
  std::optional<int> open_seat;  // at a rematch, a seat nobody kept
  for (int s = 0; s < table->config().seats() && !table->config().rematch_of.empty() && !open_seat; ++s)
    if (table->machine().seat(s).kind == SeatKind::kOpen && !reserved(*table, s)) open_seat = s;
  auto [seat, token] = table->join(m.name, open_seat, m.entropy, player);
  remember_player(player, m.name);
  follow(client, table, seat);
  send(client, out::joined(table->code(), seat, token, re));
  table->subscribe_joined(client);
}

}  // namespace tonk::serve
