#include "server_table.h"

#include <algorithm>
#include <stdexcept>

#include <boost/asio/post.hpp>

#include "lobby.h"
#include "player_name.h"
#include "protocol_json.h"
#include "tonk/bot_factory.h"
#include "tonk/fair_record.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/record.h"
#include "tonk/rule_options.h"
#include "tonk/view_json.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

constexpr const char* kAutoBot = "greedy";  // plays a seat whose timer ran out, or that was left

}  // namespace

ServerTable::ServerTable(Lobby& lobby, TableConfig config)
    : lobby_(lobby),
      config_(std::move(config)),
      pacing_(lobby.io(), std::chrono::milliseconds(config_.bot_delay_ms)),
      audience_(lobby.io()),
      turn_timer_(lobby.io()),
      pause_timer_(lobby.io()) {
  rules_json_ = ",\"preset\":" + json(config_.preset).dump() + ",\"rules\":" + json(tonk::to_string(config_.rules)).dump();
  // Bots are named after their kind; two or more of one kind are numbered ("greedy 1", "greedy 2").
  for (int s = 0; s < config_.seats(); ++s) {
    SeatInfo& seat = seats_[static_cast<std::size_t>(s)];
    const std::string& kind = config_.bots[static_cast<std::size_t>(s)];
    if (kind.empty()) continue;
    const auto same_kind = [&](int from, int to) {
      return std::count(config_.bots.begin() + from, config_.bots.begin() + to, kind);
    };
    seat.kind = SeatKind::kBot;
    seat.bot_kind = kind;
    seat.name = same_kind(0, config_.seats()) > 1 ? kind + " " + std::to_string(same_kind(0, s + 1)) : kind;
  }
}

ServerTable::~ServerTable() = default;

// --- The log ---------------------------------------------------------------------------------------

void ServerTable::open() {
  live_ = true;
  record({{"k", "seed"}, {"hand", 1}, {"seed", random_hex(kServerSeedBytes)}});
}

void ServerTable::replay(const std::string& entry) {
  ++log_size_;
  apply(json::parse(entry));
}

void ServerTable::go_live() {
  live_ = true;
  after_change();
}

void ServerTable::record(json entry) {
  lobby_.storage().append(code(), log_size_, entry.dump());
  ++log_size_;
  apply(entry);
}

void ServerTable::apply(const json& e) {
  const std::string k = e.at("k").get<std::string>();
  if (k == "seed") {
    const int hand = e.at("hand").get<int>();
    seeds_[hand] = e.at("seed").get<std::string>();
    commitments_[hand] = fair_commitment(seeds_[hand]);
  } else if (k == "join") {
    const int s = e.at("seat").get<int>();
    SeatInfo& seat = seats_[static_cast<std::size_t>(s)];
    seat.kind = SeatKind::kPerson;
    seat.name = e.at("name").get<std::string>();
    seat.token_hash = e.at("token").get<std::string>();
    if (!detached_) lobby_.add_token(seat.token_hash, code(), s);
    if (!ever_joined_ && live_) lobby_.table_joined(*this);
    ever_joined_ = true;
  } else if (k == "contrib") {
    std::vector<Contribution>& list = contributions_[e.at("hand").get<int>()];
    const int s = e.at("seat").get<int>();
    std::erase_if(list, [s](const Contribution& c) { return c.seat == s; });
    list.push_back({s, e.at("entropy").get<std::string>()});
  } else if (k == "deal") {
    apply_deal(e.at("hand").get<int>());
  } else if (k == "act") {
    const int s = e.at("seat").get<int>();
    const std::optional<Action> a = parse_action(e.at("action").get<std::string>());
    if (!a) throw std::runtime_error("table " + code() + ": a logged action does not parse");
    current_auto_ = e.value("auto", false);
    const std::optional<Refusal> refused = table_->submit(s, *a);
    current_auto_ = false;
    if (refused) throw std::runtime_error("table " + code() + ": a logged action is refused: " + refused->message);
  } else if (k == "timer") {
    turn_clock_ = TurnClock{e.at("hand").get<int>(), e.at("seq").get<std::size_t>(), e.at("seat").get<int>(),
                            e.at("until").get<std::int64_t>()};
  } else if (k == "auto") {
    // The timer ran out (a bot plays the seat), or the person is back: a new turn gets a new timer.
    const int s = e.at("seat").get<int>();
    seats_[static_cast<std::size_t>(s)].autoplay = e.at("on").get<bool>();
    if (turn_clock_ && turn_clock_->seat == s) turn_clock_.reset();
  } else if (k == "leave") {
    SeatInfo& seat = seats_[static_cast<std::size_t>(e.at("seat").get<int>())];
    if (!detached_) lobby_.remove_token(seat.token_hash);
    seat.kind = SeatKind::kBot;
    seat.bot_kind = kAutoBot;
    seat.autoplay = false;
    seat.bot.reset();
    // The seat changed hands: its connections (other tabs too) see only the public view from now
    // on, and are told so before any state rendered for the bot's seat (hidden information, S6).
    if (live_) demote(e.at("seat").get<int>(), "left");
  } else if (k == "end") {
    seats_[static_cast<std::size_t>(e.at("seat").get<int>())].ended = true;
  } else if (k == "over") {
    finish_table(e.value("why", ""));  // older logs: no reason ("ended")
  } else {
    throw std::runtime_error("table " + code() + ": unknown log entry " + k);
  }
}

void ServerTable::apply_deal(int hand) {
  const std::string digest = deal_digest(seeds_.at(hand), hand, contributions_[hand]);
  if (!table_) {
    std::vector<Seat> seats;
    for (int s = 0; s < config_.seats(); ++s) seats.push_back(Seat{seats_[static_cast<std::size_t>(s)].name, nullptr});
    TableOptions options;
    options.seed = fair_session_seed(digest);  // the cut (S5) and named suits (V23a), from hand 1's deal
    options.planned_hands = config_.hands;
    table_ = std::make_unique<Table>(make_game(config_.rules), std::move(seats), options);
    for (int s = 0; s < config_.seats(); ++s) table_->listen(s, [this](const TableEvent& ev) { on_event(ev); });
  }
  for (SeatInfo& seat : seats_) seat.ready = false;
  table_->deal(fair_deck(table_->game(), digest));
}

// --- Events of the library's Table ----------------------------------------------------------------

void ServerTable::on_event(const TableEvent& e) {
  switch (e.kind) {
    case TableEventKind::kHandDealt:
    case TableEventKind::kAction: {
      // Kept also while restoring: a seat that resumes after a restart gets the hand so far.
      history_.note(e, table_->name(e.kind == TableEventKind::kHandDealt ? e.view->dealer : e.actor), current_auto_);
      if (!live_) return;
      send_to_seat(e.seat, history_.latest(code(), e.seat), false);
      if (e.seat == 0) send_to_seat(-1, history_.latest(code(), -1), false);  // spectators: the public rendering
      return;
    }
    case TableEventKind::kHandOver: return;
    case TableEventKind::kSessionBooked: {
      if (e.seat != 0) return;
      const Hand& hand = *table_->hand();
      const int n = e.hand_number;
      const json fair = reveal(n, hand, session_tags(*e.booked), "");
      if (table_->session().is_over()) finish_table("");
      if (!live_) return;
      json m = hand_over_json(code(), n, *e.view, *e.booked);
      m["ledger"] = ledger_json();
      m["fair"] = fair;
      send_to_seat(-2, m, true);
      return;
    }
  }
}

json ServerTable::reveal(int n, const Hand& hand, const SessionTags& tags, const std::string& abandoned) {
  // The fair deal revealed (docs/PROTOCOL.md "Provably fair deals").
  const std::string& seed = seeds_.at(n);
  json contributions = json::array();
  std::vector<Contribution> list = contributions_[n];
  std::sort(list.begin(), list.end(), [](const Contribution& a, const Contribution& b) { return a.seat < b.seat; });
  for (const Contribution& c : list) contributions.push_back({{"seat", c.seat}, {"entropy", c.entropy}});
  json deck = json::array();
  for (Card c : hand.deck_order()) deck.push_back(to_string(c));
  const std::string commitment = commitments_.at(n);
  json fair{{"version", kFairVersion}, {"server_seed", seed}, {"commitment", commitment},
            {"contributions", contributions}, {"deck", deck}};
  // The record, with the fair deal as comment lines before it (tonk verify reads them).
  std::vector<std::string> names;
  for (int s = 0; s < table_->num_seats(); ++s) {
    // A name an older server let a player join with, and the rule now refuses, is written as
    // its seat: the log still replays and the hand still has its record.
    const std::string& name = table_->name(s);
    names.push_back(name_problem(name).empty() ? name : "seat " + std::to_string(s));
  }
  std::string text = write_fair_lines({std::string(kFairVersion), seed, commitment, list, abandoned});
  text += write_record(make_record(hand, names, n, tags));
  if (static_cast<int>(records_.size()) < n) records_.resize(static_cast<std::size_t>(n));
  if (live_) lobby_.storage().put_record(code(), n, text);  // served from there once the table left memory
  records_[static_cast<std::size_t>(n - 1)] = std::move(text);
  seeds_.erase(n);
  commitments_.erase(n);
  contributions_.erase(n);
  return fair;
}

// --- Running: bots, timers, deals -------------------------------------------------------------------

bool ServerTable::bot_plays(int seat) const {
  const SeatInfo& s = seats_[static_cast<std::size_t>(seat)];
  return s.kind == SeatKind::kBot || (s.kind == SeatKind::kPerson && s.autoplay);
}

bool ServerTable::holds(int seat) const {
  return seat >= 0 && seat < config_.seats() && seats_[static_cast<std::size_t>(seat)].kind == SeatKind::kPerson;
}

bool ServerTable::person_present() const {
  for (int s = 0; s < config_.seats(); ++s) {
    const SeatInfo& seat = seats_[static_cast<std::size_t>(s)];
    if (seat.kind == SeatKind::kPerson && !seat.autoplay && connected(s)) return true;
  }
  return false;
}

bool ServerTable::awaited(int seat) const {
  const SeatInfo& info = seats_[static_cast<std::size_t>(seat)];
  return info.kind == SeatKind::kPerson && (info.autoplay || !info.ready || !connected(seat));
}

bool ServerTable::all_seated() const {
  for (int s = 0; s < config_.seats(); ++s)
    if (seats_[static_cast<std::size_t>(s)].kind == SeatKind::kOpen) return false;
  return true;
}

int ServerTable::thinking() const {
  const bool pending = bot_thinking_ >= 0 && !over_ && table_ && table_->in_hand() && table_->to_move() == bot_thinking_;
  return pending && bot_plays(bot_thinking_) ? bot_thinking_ : -1;
}

int ServerTable::hand_number() const { return table_ ? table_->hand_number() : 0; }
std::size_t ServerTable::seq() const { return table_ && table_->hand() ? table_->hand()->history().size() : 0; }

std::string ServerTable::status() const {
  if (over_) return "over";
  if (!table_) return "waiting";
  return table_->in_hand() ? "playing" : "between";
}

void ServerTable::after_change() {
  if (!live_) return;
  ++timer_token_;
  turn_timer_.cancel();
  pause_timer_.cancel();
  deadline_ = {};
  held_ = false;
  next_hand_.pause();
  for (int guard = 0; guard < 64 && !over_; ++guard) {
    if (!table_ || !table_->in_hand()) {
      // No hand is dealt while no person is present (connected, not played by the turn timer's bot):
      // bots never play a person's stakes away hand after hand. Held until someone comes back
      // (resume, `back`, a new connection to a seat).
      if (!person_present()) {
        held_ = true;
        next_hand_.forget();
        break;
      }
    }
    if (!table_) {
      if (!all_seated()) break;
      deal_next();
      continue;
    }
    if (table_->in_hand()) {
      const int seat = table_->to_move();
      if (bot_plays(seat)) {
        start_bot(seat);
      } else if (config_.turn_seconds > 0) {
        arm_turn_timer();
      }
      break;
    }
    // Between hands: at once when every person is present and ready, else after the pause. A person
    // played by the turn timer's bot, or not connected, is not ready.
    bool all_ready = true;
    for (int s = 0; s < config_.seats(); ++s) all_ready = all_ready && !awaited(s);
    if (config_.pause_seconds == 0 || all_ready) {
      deal_next();
      continue;
    }
    arm_pause_timer();
    break;
  }
  broadcast_state();
}

void ServerTable::deal_next() {
  const int hand = hand_number() + 1;
  record({{"k", "deal"}, {"hand", hand}});
  if (!over_) record({{"k", "seed"}, {"hand", hand + 1}, {"seed", random_hex(kServerSeedBytes)}});
}

namespace {

// A seat's view and legal actions copied for a worker thread (a bot's move, a hint): the copy owns
// the history its view points into, so the table may move on meanwhile.
struct SeatSnapshot {
  View view;
  std::vector<Move> history;
  std::unique_ptr<ActionList> legal = std::make_unique<ActionList>();
};

std::shared_ptr<SeatSnapshot> snapshot(const Table& table, int seat) {
  auto s = std::make_shared<SeatSnapshot>();
  s->view = table.view(seat);
  s->history.assign(s->view.history.begin(), s->view.history.end());
  s->view.history = s->history;
  table.legal_actions(*s->legal);
  return s;
}

}  // namespace

void ServerTable::start_bot(int seat) {
  if (bot_thinking_ >= 0) return;
  SeatInfo& info = seats_[static_cast<std::size_t>(seat)];
  const std::string kind = bot_kind_within(info.kind == SeatKind::kBot ? info.bot_kind : kAutoBot, lobby_.limits().max_bot_worlds);
  if (!info.bot || info.bot->name() != std::string_view(kind).substr(0, info.bot->name().size()))
    info.bot = std::shared_ptr<Bot>(make_bot(kind, std::stoull(random_hex(8), nullptr, 16)));
  const std::shared_ptr<SeatSnapshot> job = snapshot(*table_, seat);
  bot_thinking_ = seat;
  pacing_.start();  // its move is shown no sooner than the table's pace from now
  const int hand = hand_number();
  const std::size_t at = seq();
  std::shared_ptr<Bot> bot = info.bot;
  auto self = shared_from_this();
  lobby_.run_on_pool(code(), [self, job, bot, hand, at, seat] {
    const Action action = bot->choose(job->view, *job->legal);
    boost::asio::post(self->lobby_.io(), [self, hand, at, seat, action] {
      self->pacing_.release([self, hand, at, seat, action] {
        self->on_bot_move(hand, at, seat, action);
        self->lobby_.flush();
      });
    });
  });
}

void ServerTable::on_bot_move(int hand, std::size_t at, int seat, Action action) {
  bot_thinking_ = -1;
  if (over_ || !table_ || !table_->in_hand() || hand_number() != hand || seq() != at || table_->to_move() != seat ||
      !bot_plays(seat)) {
    after_change();  // the table moved on (a person took the seat back): think again if needed
    return;
  }
  if (table_->hand()->state().why_illegal(action)) throw std::logic_error("a bot chose an illegal action");
  record({{"k", "act"}, {"seat", seat}, {"action", to_string(action)}, {"auto", seats_[static_cast<std::size_t>(seat)].kind == SeatKind::kPerson}});
  after_change();
}

void ServerTable::arm_turn_timer() {
  // One timer per turn: a new position (or a person back after the timer ran out) starts one, logged
  // with its absolute deadline; re-arming the same turn (another seat reconnects, a restart, a
  // takeover) keeps it, so a deadline that passed while the server was down expires at once.
  const int seat = table_->to_move();
  if (!turn_clock_ || turn_clock_->hand != hand_number() || turn_clock_->seq != seq() || turn_clock_->seat != seat)
    record({{"k", "timer"}, {"hand", hand_number()}, {"seq", seq()}, {"seat", seat},
            {"until", lobby_.now_ms() + std::int64_t{1000} * config_.turn_seconds}});
  const std::int64_t left = std::max<std::int64_t>(0, turn_clock_->until_ms - lobby_.now_ms());
  deadline_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(left);
  turn_timer_.expires_at(deadline_);
  const std::int64_t token = timer_token_;
  auto self = shared_from_this();
  turn_timer_.async_wait([self, token](const boost::system::error_code& ec) {
    if (ec || token != self->timer_token_ || self->over_ || !self->table_ || !self->table_->in_hand()) return;
    const int seat = self->table_->to_move();
    if (self->bot_plays(seat)) return;
    self->record({{"k", "auto"}, {"seat", seat}, {"on", true}});  // the timer ran out: a bot plays the seat
    self->after_change();
    self->lobby_.flush();
  });
}

void ServerTable::arm_pause_timer() {
  pause_timer_.expires_at(next_hand_.arm(hand_number(), std::chrono::seconds(config_.pause_seconds)));
  const std::int64_t token = timer_token_;
  auto self = shared_from_this();
  pause_timer_.async_wait([self, token](const boost::system::error_code& ec) {
    if (ec || token != self->timer_token_ || self->over_ || !self->table_ || self->table_->in_hand()) return;
    if (self->person_present()) self->deal_next();  // else after_change holds the table
    self->after_change();
    self->lobby_.flush();
  });
}

void ServerTable::finish_table(const std::string& why) {
  if (over_) return;
  over_ = true;
  // A hand cut short still reveals its seed and gets its record, marked abandoned (an unfinished
  // hand: its moves so far, no result), so that its deal can be checked (`tonk verify`).
  json abandoned = nullptr;
  if (table_ && table_->in_hand()) {
    const int n = table_->hand_number();
    const std::string reason = why.empty() ? "ended" : why;
    abandoned = {{"hand", n}, {"reason", reason}, {"fair", reveal(n, *table_->hand(), session_tags(table_->session()), reason)}};
  }
  if (!detached_)
    for (SeatInfo& seat : seats_) lobby_.remove_token(seat.token_hash);
  if (!live_) return;
  lobby_.table_ended(*this);  // closed in the storage at the next commit, then it leaves memory
  json m{{"type", "table_over"}, {"table", code()}, {"ledger", ledger_json()}};
  if (!abandoned.is_null()) m["abandoned"] = std::move(abandoned);
  send_to_seat(-2, m, true);
}

// --- Requests ---------------------------------------------------------------------------------------

std::pair<int, std::string> ServerTable::join(const std::string& name, std::optional<int> seat, const std::string& entropy) {
  if (over_) throw ProtocolError("not_found", "table " + code() + " is over");
  check_player_name_form(name);  // fit to quote; a look-alike is "taken" whatever its scripts
  for (int i = 0; i < config_.seats(); ++i) {  // two seats never show the same name: refused, not renamed
    const SeatInfo& other = seats_[static_cast<std::size_t>(i)];
    if (other.kind != SeatKind::kOpen && same_name(other.name, name))
      throw ProtocolError("bad_request", "`name` \"" + name + "\" is taken at this table (seat " + std::to_string(i) +
                                             "): choose another");
  }
  check_player_name(name);
  if (!entropy.empty() && !is_hex(entropy, 2, 64)) throw ProtocolError("bad_request", "`entropy` must be 2 to 64 hex digits");
  int s = -1;
  if (seat) {
    if (*seat < 0 || *seat >= config_.seats()) throw ProtocolError("bad_request", "no seat " + std::to_string(*seat));
    if (seats_[static_cast<std::size_t>(*seat)].kind != SeatKind::kOpen)
      throw ProtocolError("seat_taken", "seat " + std::to_string(*seat) + " is taken");
    s = *seat;
  } else {
    for (int i = 0; i < config_.seats() && s < 0; ++i)
      if (seats_[static_cast<std::size_t>(i)].kind == SeatKind::kOpen) s = i;
    if (s < 0) throw ProtocolError("table_full", "every seat of table " + code() + " is taken");
  }
  const std::string token = random_hex(16);  // 128 bits from the OS CSPRNG
  record({{"k", "join"}, {"seat", s}, {"name", name}, {"token", sha256_hex(token)}});
  if (!entropy.empty()) record({{"k", "contrib"}, {"hand", hand_number() + 1}, {"seat", s}, {"entropy", entropy}});
  after_change();
  return {s, token};
}

void ServerTable::act(int seat, const std::string& text, std::int64_t hand, std::int64_t at) {
  if (over_ || !table_ || !table_->in_hand()) throw ProtocolError("illegal", "no hand is in play", "table");
  if (bot_plays(seat))
    throw ProtocolError("illegal", "a bot plays this seat (the turn timer ran out): send `back` first", "table");
  if (hand != hand_number() || at != static_cast<std::int64_t>(seq()))
    throw ProtocolError("stale", "the state moved on: hand " + std::to_string(hand_number()) + " seq " + std::to_string(seq()) +
                                     ", not hand " + std::to_string(hand) + " seq " + std::to_string(at));
  std::string error;
  const std::optional<Action> action = parse_action(text, &error);
  if (!action) throw ProtocolError("bad_request", "`action` is not an action: " + error);
  if (seat != table_->to_move())
    throw ProtocolError("illegal", "it is " + table_->name(table_->to_move()) + "'s turn, not " + table_->name(seat) + "'s", "S8");
  if (std::optional<Refusal> r = table_->hand()->state().why_illegal(*action))  // the engine judges
    throw ProtocolError("illegal", r->message, r->rule_id);
  record({{"k", "act"}, {"seat", seat}, {"action", to_string(*action)}, {"auto", false}});
  after_change();
}

bool ServerTable::contribute(int seat, int hand, const std::string& entropy) {
  if (over_) throw ProtocolError("not_found", "table " + code() + " is over");
  if (hand != hand_number() + 1)
    throw ProtocolError("bad_request", "the commitment published is for hand " + std::to_string(hand_number() + 1));
  if (!is_hex(entropy, 2, 64)) throw ProtocolError("bad_request", "`entropy` must be 2 to 64 hex digits, of even length");
  if (const auto it = contributions_.find(hand); it != contributions_.end())
    for (const Contribution& c : it->second)
      if (c.seat == seat) return false;  // one per seat and hand: a repeat writes nothing
  record({{"k", "contrib"}, {"hand", hand}, {"seat", seat}, {"entropy", entropy}});
  send_state_to_seat(seat);  // only this seat's `fair.contributed` changed
  return true;
}

void ServerTable::ready(int seat) {
  SeatInfo& info = seats_[static_cast<std::size_t>(seat)];
  if (info.ready) return;  // a repeat: nothing changes, nothing is sent
  info.ready = true;
  if (table_ && !table_->in_hand()) after_change();
}

void ServerTable::back(int seat, const std::shared_ptr<Client>& client) {
  if (seats_[static_cast<std::size_t>(seat)].autoplay) {
    record({{"k", "auto"}, {"seat", seat}, {"on", false}});
    after_change();
  } else if (client) {
    send_state(client);
  }
}

void ServerTable::leave(int seat) {
  record({{"k", "leave"}, {"seat", seat}});
  bool person = false;
  for (int s = 0; s < config_.seats(); ++s) person = person || seats_[static_cast<std::size_t>(s)].kind == SeatKind::kPerson;
  if (!person) record({{"k", "over"}, {"why", "left"}});
  after_change();
}

void ServerTable::end(int seat, const std::shared_ptr<Client>& client) {
  if (seats_[static_cast<std::size_t>(seat)].ended) {  // a repeat writes nothing
    send_state(client);
    return;
  }
  record({{"k", "end"}, {"seat", seat}});
  bool all = true;
  for (int s = 0; s < config_.seats(); ++s) {
    const SeatInfo& info = seats_[static_cast<std::size_t>(s)];
    if (info.kind == SeatKind::kPerson && !info.ended) all = false;
  }
  if (all) record({{"k", "over"}, {"why", "agreed"}});
  after_change();
}

void ServerTable::hint(const std::shared_ptr<Client>& client, json re) {
  const int seat = client->following.seat;
  if (over_ || !table_ || !table_->in_hand() || table_->to_move() != seat)
    throw ProtocolError("illegal", "a hint is for the seat to move", "table");
  if (hint_running_[static_cast<std::size_t>(seat)]) throw ProtocolError("rate_limited", "a hint for this seat is already being computed");
  const int running = static_cast<int>(std::count(hint_running_.begin(), hint_running_.end(), true));
  if (running >= lobby_.limits().max_hints)
    throw ProtocolError("busy", "this table has " + std::to_string(running) + " hints being computed: try again shortly");
  const std::shared_ptr<SeatSnapshot> job = snapshot(*table_, seat);
  const std::size_t at = seq();
  const int hand = hand_number();
  const std::uint64_t seed = std::stoull(random_hex(8), nullptr, 16);
  hint_running_[static_cast<std::size_t>(seat)] = true;
  std::weak_ptr<Client> weak = client;
  auto self = shared_from_this();
  const int worlds = std::min(lobby_.limits().hint_worlds, lobby_.limits().max_bot_worlds);
  lobby_.run_on_pool(code(), [self, job, at, hand, seat, seed, weak, re, worlds] {
    MonteCarloBot bot(SearchBudget::of_worlds(worlds), seed);
    const std::vector<ActionValue> values = bot.evaluate(job->view, *job->legal);  // the seat's own View only
    const json actions = hint_actions_json(values, *job->view.game);
    boost::asio::post(self->lobby_.io(), [self, at, hand, seat, weak, re, actions] {
      self->hint_running_[static_cast<std::size_t>(seat)] = false;
      auto c = weak.lock();
      if (!c) return;
      // Dropped when the position moved on (hand AND seq: seq restarts every hand), or when the
      // connection no longer holds the seat (it left, or follows another table): a hint names
      // cards of the seat's hand. A request with an `id` still gets its answer: `stale`.
      if (self->hand_number() != hand || self->seq() != at || c->following.table != self->code() ||
          c->following.seat != seat || !self->holds(seat)) {
        if (re.is_null()) return;
        self->lobby_.send_error(c, re, "stale", "the position moved on before the hint was ready");
        self->lobby_.flush();
        return;
      }
      json m{{"type", "hint"}, {"hand", hand}, {"seq", at}, {"actions", actions}};
      if (!re.is_null()) m["re"] = re;
      self->lobby_.send(c, m);
      self->lobby_.flush();
    });
  });
}

std::vector<std::string> ServerTable::records_of(Lobby& lobby, const StoredTable& stored, std::string* final_state) {
  ServerTable table(lobby, TableConfig::from_json(stored.config));
  table.detached_ = true;
  for (const std::string& entry : stored.log) table.replay(entry);
  if (final_state) *final_state = table.final_state();
  return std::move(table.records_);
}

std::string ServerTable::final_state() const { return state_text(-1); }

void ServerTable::retire() {
  ++timer_token_;
  pacing_.cancel();
  audience_.cancel();
  turn_timer_.cancel();
  pause_timer_.cancel();
  subscribers_.clear();
}

std::optional<std::string> ServerTable::hand_record(int hand) const {
  if (hand < 1 || hand > static_cast<int>(records_.size()) || records_[static_cast<std::size_t>(hand - 1)].empty())
    return std::nullopt;
  return records_[static_cast<std::size_t>(hand - 1)];
}

// --- Messages ---------------------------------------------------------------------------------------

void ServerTable::subscribe(const std::shared_ptr<Client>& client) {
  std::erase_if(subscribers_, [](const std::weak_ptr<Client>& w) { return w.expired(); });
  const int seat = client->following.seat;
  const bool newly_connected = seat >= 0 && !connected(seat);
  subscribers_.push_back(client);
  // Only a seat's first connection changes what others see (`seats[].connected`): a spectator, or
  // another tab of a connected seat, costs one message, never a broadcast (no amplification).
  if (newly_connected) broadcast_seats();
  else send_state(client);
  send_history(client);  // the hand so far: a page that reloads rebuilds its log from it
  if (seat < 0) audience_changed();
  if (held_ && holds(client->following.seat)) after_change();  // a person is back: deal
}

void ServerTable::unsubscribe(const Client* client) {
  const std::size_t before = subscribers_.size();
  std::erase_if(subscribers_, [client](const std::weak_ptr<Client>& w) {
    auto c = w.lock();
    return !c || c.get() == client;
  });
  const int seat = client->following.seat;
  const bool gone = subscribers_.size() != before;
  // As in subscribe: only a seat's last connection going changes what others see.
  if (gone && seat >= 0 && !connected(seat) && live_ && !over_) broadcast_seats();
  if (gone && seat < 0) audience_changed();
}

void ServerTable::demote(int seat, const char* reason) {
  const json lost{{"type", "seat_lost"}, {"table", code()}, {"seat", seat}, {"reason", reason}};
  for (const auto& w : subscribers_)
    if (auto c = w.lock(); c && c->following.seat == seat) {
      c->following.seat = -1;
      lobby_.send(c, lost);
    }
}

void ServerTable::expire() {
  over_ = true;
  send_to_seat(-2, json{{"type", "table_over"}, {"table", code()}, {"ledger", ledger_json()}, {"reason", "expired"}}, true);
  for (const auto& w : subscribers_)
    if (auto c = w.lock(); c && c->following.table == code()) c->following = {};
  retire();
}

void ServerTable::send_state_to_seat(int seat) {
  if (!live_) return;
  std::shared_ptr<const std::string> text;
  for (const auto& w : subscribers_) {
    auto c = w.lock();
    if (!c || c->following.seat != seat) continue;
    if (!text) text = std::make_shared<const std::string>(state_text(seat));
    lobby_.send(c, text);
  }
}

void ServerTable::broadcast_seats() {
  // A connection came or went: everyone's `seats` (connected) changes.
  broadcast_state();
}

bool ServerTable::connected(int seat) const {
  for (const auto& w : subscribers_)
    if (auto c = w.lock(); c && c->following.seat == seat) return true;
  return false;
}

json ServerTable::ledger_json() const {
  return serve::ledger_json(table_ ? &table_->session() : nullptr, config_.seats(), over_);
}

json ServerTable::seats_json() const {
  json out = json::array();
  for (int s = 0; s < config_.seats(); ++s) {
    const SeatInfo& info = seats_[static_cast<std::size_t>(s)];
    json j{{"seat", s},
           {"name", info.kind == SeatKind::kOpen ? json(nullptr) : json(info.name)},
           {"kind", info.kind == SeatKind::kOpen ? "open" : info.kind == SeatKind::kPerson ? "person" : "bot"},
           {"connected", info.kind == SeatKind::kBot || connected(s)},
           {"auto", info.autoplay}};
    if (info.kind == SeatKind::kBot) j["bot"] = info.bot_kind;
    out.push_back(std::move(j));
  }
  return out;
}

std::string ServerTable::state_text(int seat) const { return state_text(seat, state_shared()); }

ServerTable::StateShared ServerTable::state_shared() const {
  StateShared out;
  out.head = "{\"deadline_ms\":";
  if (deadline_ != std::chrono::steady_clock::time_point{}) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - std::chrono::steady_clock::now());
    out.head += std::to_string(std::max<long long>(0, left.count()));
  } else {
    out.head += "null";
  }
  out.head += ",\"fair\":";
  const int next = hand_number() + 1;
  if (const auto it = commitments_.find(next); it != commitments_.end() && !over_) {
    out.fair_head = "{\"commitment\":\"" + it->second + "\",\"contributed\":";  // hex: nothing to escape
    // The hand in play's commitment, published before its deal: a client that reloads mid-hand
    // shows it and checks the reveal against it (docs/PROTOCOL.md "state").
    out.fair_tail = ",\"current\":";
    const auto cur = table_ && table_->in_hand() ? commitments_.find(hand_number()) : commitments_.end();
    if (cur != commitments_.end())
      out.fair_tail += "{\"commitment\":\"" + cur->second + "\",\"hand\":" + std::to_string(cur->first) + "}";
    else
      out.fair_tail += "null";
    out.fair_tail += ",\"hand\":" + std::to_string(next) + "}";
  }
  out.middle = ",\"hand\":" + std::to_string(hand_number()) + ",\"ledger\":" + ledger_json().dump() + ",\"legal\":";
  const std::optional<long long> next_hand_ms = next_hand_.ms_left();
  out.rules_part = ",\"next_hand_ms\":" + (next_hand_ms ? std::to_string(*next_hand_ms) : std::string("null")) + rules_json_ +
                   ",\"seat\":";
  out.tail = ",\"seats\":" + seats_json().dump() + ",\"seq\":" + std::to_string(seq()) + ",\"status\":\"" + status() +
             "\",\"table\":" + json(code()).dump() +
             ",\"thinking\":" + (thinking() >= 0 ? std::to_string(thinking()) : std::string("null")) + ",\"to_move\":" +
             std::to_string(!over_ && table_ && table_->in_hand() ? table_->to_move() : -1) +
             ",\"type\":\"state\",\"view\":";
  // Between hands: the seats the table waits on for *Next hand* (docs/PROTOCOL.md "state").
  json waiting = json::array();
  if (!over_ && table_ && !table_->in_hand())
    for (int s = 0; s < config_.seats(); ++s)
      if (awaited(s)) waiting.push_back(s);
  out.end = ",\"waiting_for\":" + waiting.dump() + ",\"watching\":" + std::to_string(watching()) + "}";
  return out;
}

std::string ServerTable::state_text(int seat, const StateShared& shared) const {
  std::string view = "null";
  std::string legal = "[]";
  if (table_ && table_->hand()) {
    // Schema tonk.view/1, a JSON object; a spectator's is the public one (docs/PROTOCOL.md "state").
    view = seat < 0 ? to_public_json(table_->view(0)) : to_json(table_->view(seat));
    // An ended table (every person sent `end`, or none is left) offers nothing, even mid-hand: act
    // refuses every action there.
    if (seat >= 0 && !over_ && table_->in_hand() && table_->to_move() == seat && !bot_plays(seat)) {
      ActionList list;
      table_->legal_actions(list);
      json array = json::array();
      for (const Action& a : list) array.push_back(action_json(a, table_->game()));
      legal = array.dump();
    }
  }
  std::string text;
  text.reserve(shared.head.size() + shared.middle.size() + shared.rules_part.size() + shared.tail.size() + shared.end.size() +
               view.size() + legal.size() + 200);
  text += shared.head;
  if (shared.fair_head.empty()) {
    text += "null";
  } else {
    bool contributed = false;
    if (const auto c = contributions_.find(hand_number() + 1); c != contributions_.end())
      for (const Contribution& x : c->second) contributed = contributed || x.seat == seat;
    text += shared.fair_head;
    text += contributed ? "true" : "false";
    text += shared.fair_tail;
  }
  text += shared.middle;
  text += legal;
  text += shared.rules_part;
  text += seat < 0 ? "null" : std::to_string(seat);
  text += shared.tail;
  text += view;
  text += shared.end;
  return text;
}

void ServerTable::send_state(const std::shared_ptr<Client>& client) {
  lobby_.send(client, std::make_shared<const std::string>(state_text(client->following.seat)));
}

void ServerTable::send_history(const std::shared_ptr<Client>& client) {
  if (std::optional<json> m = history_.message(code(), client->following.seat)) lobby_.send(client, *m);
}

void ServerTable::audience_changed() {
  if (!live_ || over_) return;
  std::weak_ptr<ServerTable> weak = weak_from_this();
  audience_.changed([weak] {
    auto self = weak.lock();
    if (!self || self->over_) return;
    const int n = self->watching();
    if (n == self->audience_.announced) return;  // came and went within the period
    self->audience_.announced = n;
    self->send_to_seat(-2, json{{"type", "audience"}, {"table", self->code()}, {"watching", n}}, true);
    self->lobby_.flush();
  });
}

int ServerTable::watching() const {
  int n = 0;
  for (const auto& w : subscribers_)
    if (auto c = w.lock(); c && c->following.seat < 0) ++n;
  return n;
}

void ServerTable::broadcast_state() {
  if (!live_) return;
  std::array<std::shared_ptr<const std::string>, kMaxPlayers + 1> cache{};  // one text per seat, [0] spectators
  std::optional<StateShared> shared;
  for (const auto& w : subscribers_) {
    auto c = w.lock();
    if (!c) continue;
    auto& text = cache[static_cast<std::size_t>(c->following.seat + 1)];
    if (!shared) shared = state_shared();
    if (!text) text = std::make_shared<const std::string>(state_text(c->following.seat, *shared));
    lobby_.send(c, text);
  }
}

void ServerTable::send_to_seat(int seat, const json& message, bool spectators_too) {
  std::shared_ptr<const std::string> text;
  for (const auto& w : subscribers_) {
    auto c = w.lock();
    if (!c) continue;
    const int s = c->following.seat;
    if (s == seat || seat == -2 || (spectators_too && s < 0)) {
      if (!text) text = std::make_shared<const std::string>(message.dump());
      lobby_.send(c, text);
    }
  }
}

}  // namespace tonk::serve
