// A rematch (docs/PROTOCOL.md `rematch`, `rematch_offer`): when a table ended, each of its person
// seats may answer *Play again*. The first accept makes the offer: a new table with the same rules
// and seats (public if the ended one was), stored with the old seats' token hashes so that a restart
// keeps it, and the accepter's seat there. Each accept takes the same seat at the new table; the
// table deals (a new ledger) once every seat is taken. A seat that declines, or that nobody held:
// at a public table quick play may seat a stranger there; at a private one bots take such seats as
// soon as every seat answered. When the offer's wait (`--rematch-wait-seconds`, from its first
// accept, logged with the table) runs out, bots take the seats still open at a private table; at a
// public one quick play may seat strangers in them for `--quick-wait-seconds` more (the logged wait
// is the sum), then bots take what is still open.
//
// Bounded: one offer per ended table; an ended table's seats may ask for kRematchWindowMs after its
// end (its entry then leaves memory); one answer per seat.
#include <algorithm>
#include <string>

#include "fair_deal.h"
#include "lobby.h"
#include "server_table.h"

namespace tonk::serve {

namespace {

constexpr std::size_t kMaxRematchFollowers = 4 * kMaxPlayers;  // connections told of one offer

}  // namespace

void Lobby::prune_rematchable() {
  const std::int64_t now = now_ms();
  while (!rematchable_order_.empty()) {
    const auto it = rematchable_.find(rematchable_order_.front());
    if (it != rematchable_.end() && it->second.ended_ms + kRematchWindowMs > now) break;
    if (it != rematchable_.end()) rematchable_.erase(it);
    rematchable_order_.pop_front();
  }
}

void Lobby::adopt_rematch(const ServerTable& table) {
  const TableConfig& c = table.config();
  if (c.rematch_of.empty() || table.over() || table.machine().table()) return;
  Rematchable r;
  r.config = c;
  r.tokens = c.rematch_tokens;
  r.names = c.rematch_names;
  r.players = c.rematch_players;
  r.ended_ms = now_ms();  // the window counts again from the restart
  r.offer = c.code;
  // The logged wait is the offer's, then (public) quick play's.
  r.until_ms = table.machine().bots_at_ms().value_or(now_ms()) - (c.listed ? limits_.quick_wait.count() : 0);
  if (rematchable_.emplace(c.rematch_of, std::move(r)).second) rematchable_order_.push_back(c.rematch_of);
}

bool Lobby::reserved(const ServerTable& table, int seat) const {
  const TableConfig& c = table.config();
  if (c.rematch_of.empty() || table.machine().table() || table.machine().seat(seat).kind != SeatKind::kOpen) return false;
  if (c.rematch_tokens[static_cast<std::size_t>(seat)].empty()) return false;  // nobody held it: free
  const auto it = rematchable_.find(c.rematch_of);
  if (it == rematchable_.end()) return false;  // its window is over: nobody may answer any more
  return !it->second.declined[static_cast<std::size_t>(seat)] && now_ms() < it->second.until_ms;
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Rematch& m, out::RequestId re) {
  prune_rematchable();
  const std::string code = m.table.substr(0, 16);
  const auto it = rematchable_.find(m.table);
  if (it == rematchable_.end()) {
    if (const auto t = find(m.table); t && !t->over())
      throw ProtocolError("bad_request", "table " + code + " has not ended: play again once it is over");
    throw ProtocolError("not_found", "no table " + code + " ended within " + std::to_string(kRematchWindowMs / 60'000) +
                                         " minutes whose seats may play again");
  }
  Rematchable& r = it->second;
  const std::string hash = sha256_hex(m.token);
  int seat = -1;
  for (int s = 0; s < r.config.seats(); ++s)
    if (r.tokens[static_cast<std::size_t>(s)] == hash) seat = s;
  if (seat < 0) throw ProtocolError("unauthorized", "no seat of table " + code + " has this token");
  const auto i = static_cast<std::size_t>(seat);
  std::shared_ptr<ServerTable> table = r.offer.empty() ? nullptr : find(r.offer);
  if (!r.offer.empty() && (!table || table->over() || table->machine().table()))
    throw ProtocolError("bad_request", "the rematch of table " + code + " (" + r.offer + ") started already");
  if (r.declined[i] || (table && table->machine().seat(seat).kind != SeatKind::kOpen))
    throw ProtocolError("bad_request", "seat " + std::to_string(seat) + " answered the rematch of table " + code + " already");
  if (std::none_of(r.followers.begin(), r.followers.end(), [&](const auto& w) { return w.lock() == client; }) &&
      r.followers.size() < kMaxRematchFollowers)
    r.followers.push_back(client);
  if (!m.accept) {
    r.declined[i] = true;
    if (re) send(client, out::done(re));
    rematch_changed(r);
    return;
  }
  if (!table) {  // the first accept: the offer
    TableConfig config = r.config;
    config.code = new_code();
    config.rematch_of = m.table;
    config.rematch_tokens = r.tokens;
    config.rematch_names = r.names;
    config.rematch_players = r.players;
    // The offer's wait, then at a public table quick play's for the seats nobody took.
    config.wait_ms = limits_.rematch_wait.count() + (config.listed ? limits_.quick_wait.count() : 0);
    storage_->create_table(config.code, config.to_json());
    table = std::make_shared<ServerTable>(*this, std::move(config));
    tables_[table->code()] = table;
    if (table->config().listed) listed_.insert(table->code());  // quick play may seat strangers where nobody accepts
    table->open();
    r.offer = table->code();
    r.until_ms = now_ms() + limits_.rematch_wait.count();
  }
  auto [s, token] = table->join(r.names[i], seat, "", r.players[i]);  // the same person: rated as before
  follow(client, table, s);
  send(client, out::joined(table->code(), s, token, re));
  table->subscribe_joined(client);
  if (const std::optional<std::int64_t> at = table->machine().bots_at_ms())  // as logged
    r.until_ms = *at - (table->config().listed ? limits_.quick_wait.count() : 0);
  rematch_changed(r);
}

void Lobby::rematch_changed(Rematchable& r) {
  const std::shared_ptr<ServerTable> table = r.offer.empty() ? nullptr : find(r.offer);
  std::vector<out::RematchSeat> seats;
  bool all_answered = true;
  for (int s = 0; s < r.config.seats(); ++s) {
    const auto i = static_cast<std::size_t>(s);
    if (r.tokens[i].empty()) continue;
    out::RematchSeat seat{s, r.names[i], "waiting"};
    if (r.declined[i]) seat.answer = "declined";
    else if (table && table->machine().seat(s).kind == SeatKind::kPerson) seat.answer = "accepted";
    else all_answered = false;
    seats.push_back(std::move(seat));
  }
  if (!table) return;  // declines only: no offer to tell of
  const std::string& old = table->config().rematch_of;
  const nlohmann::json offer = out::rematch_offer(old, table->code(), r.until_ms, seats);
  for (const auto& w : r.followers)
    if (auto c = w.lock()) send(c, offer);
  // A private rematch does not wait for strangers: bots take the seats declined, and it deals.
  if (all_answered && !table->config().listed && !table->machine().table()) table->fill_now();
}

}  // namespace tonk::serve
