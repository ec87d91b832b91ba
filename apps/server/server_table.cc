#include "server_table.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <boost/asio/post.hpp>

#include "fair_deal.h"
#include "protocol_json.h"
#include "server_message.h"
#include "tonk/bot_factory.h"
#include "tonk/monte_carlo_bot.h"

namespace tonk::serve {

using nlohmann::json;

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

std::chrono::milliseconds ms_until(std::int64_t until_ms, std::int64_t now_ms) {
  return std::chrono::milliseconds(std::max<std::int64_t>(0, until_ms - now_ms));
}

}  // namespace

ServerTable::ServerTable(TableHost& host, TableConfig config)
    : host_(host),
      machine_(std::move(config), [](int bytes) { return random_hex(bytes); }),
      state_message_(machine_.config()),
      pacing_(host.io(), std::chrono::milliseconds(machine_.config().bot_delay_ms)),
      audience_(host.io()),
      turn_timer_(host.io()),
      pause_timer_(host.io()),
      fill_timer_(host.io()) {
  machine_.set_messages(false);  // until live: a replayed log sends nothing
}

ServerTable::~ServerTable() = default;

// --- The log ---------------------------------------------------------------------------------------

void ServerTable::open() { go_live(); }

void ServerTable::replay(const std::string& entry) {
  ++log_size_;
  try {
    perform(machine_.apply(parse_log_entry(entry)));
  } catch (const std::logic_error& e) {  // an entry the engine cannot apply where it stands
    throw std::runtime_error(e.what());
  }
}

void ServerTable::go_live() {
  live_ = true;
  machine_.set_messages(true);
  after_change();
}

void ServerTable::record(const LogEntry& entry) {
  host_.storage().append(code(), log_size_, to_text(entry));
  ++log_size_;
  perform(machine_.apply(entry));
}

std::vector<LogEntry> ServerTable::record_decision(const Request& request) {
  Decision decision = machine_.decide(request, host_.now_ms());
  if (const Refused* r = std::get_if<Refused>(&decision)) throw ProtocolError(r->code, r->message, r->rule_id);
  std::vector<LogEntry>& entries = std::get<std::vector<LogEntry>>(decision);
  for (const LogEntry& e : entries) record(e);
  return std::move(entries);
}

void ServerTable::perform(const Effects& effects) {
  for (const Effect& effect : effects) {
    if (const Send* s = std::get_if<Send>(&effect)) {
      if (live_) send_to_seat(s->seat, s->message, s->spectators_too);
    } else if (const SeatLost* s = std::get_if<SeatLost>(&effect)) {
      bots_[static_cast<std::size_t>(s->seat)].reset();
      if (live_) demote(s->seat, s->reason);
    } else if (const RecordMade* r = std::get_if<RecordMade>(&effect)) {
      if (live_) host_.storage().put_record(code(), r->hand, r->text);  // served from there once the table left memory
    } else if (const TokenAdded* t = std::get_if<TokenAdded>(&effect)) {
      host_.add_token(t->hash, code(), t->seat);
    } else if (const TokenRemoved* t = std::get_if<TokenRemoved>(&effect)) {
      host_.remove_token(t->hash);
    } else if (std::holds_alternative<TableJoined>(effect)) {
      if (live_) host_.table_joined(*this);
    } else if (const HandFinished* h = std::get_if<HandFinished>(&effect)) {
      if (live_) host_.hand_finished(*this, *h);  // staged with the entry that finished the hand
    } else if (std::holds_alternative<TableEnded>(effect)) {
      if (live_) host_.table_ended(*this);  // closed in the storage at the next commit, then it leaves memory
    }
  }
}

// --- Running: bots, timers, deals -------------------------------------------------------------------

void ServerTable::after_change() {
  if (!live_) return;
  ++timer_token_;
  turn_timer_.cancel();
  pause_timer_.cancel();
  fill_timer_.cancel();
  held_ = false;
  sync_presence();
  for (int guard = 0; guard < 256; ++guard) {  // a run of hands dealt over at once (S7) ends too
    std::variant<LogEntry, Plan> step = machine_.advance(host_.now_ms());
    if (const LogEntry* entry = std::get_if<LogEntry>(&step)) {
      record(*entry);
      continue;
    }
    const Plan& plan = std::get<Plan>(step);
    held_ = plan.held;
    if (plan.bot_seat >= 0) start_bot(plan);
    if (plan.turn_until_ms) arm_turn_timer(*plan.turn_until_ms);
    if (plan.pause_until_ms) arm_pause_timer(*plan.pause_until_ms);
    if (plan.fill_until_ms) arm_fill_timer(*plan.fill_until_ms);
    break;
  }
  broadcast_state();
}

void ServerTable::start_bot(const Plan& plan) {
  const int seat = plan.bot_seat;
  const std::string kind = bot_kind_within(plan.bot_kind, host_.max_bot_worlds());
  std::shared_ptr<Bot>& bot = bots_[static_cast<std::size_t>(seat)];
  if (!bot || bot->name() != std::string_view(kind).substr(0, bot->name().size()))
    bot = std::shared_ptr<Bot>(make_bot(kind, std::stoull(random_hex(8), nullptr, 16)));
  const std::shared_ptr<SeatSnapshot> job = snapshot(*machine_.table(), seat);
  pacing_.start();  // its move is shown no sooner than the table's pace from now
  const int hand = plan.hand;
  const std::size_t at = plan.seq;
  std::shared_ptr<Bot> chooser = bot;
  auto self = shared_from_this();
  host_.run_on_pool(code(), [self, job, chooser, hand, at, seat] {
    const Action action = chooser->choose(job->view, *job->legal);
    boost::asio::post(self->host_.io(), [self, hand, at, seat, action] {
      self->pacing_.release([self, hand, at, seat, action] {
        self->record_decision(BotMove{hand, at, seat, action});  // none when the table moved on
        self->after_change();  // think again if needed
        self->host_.flush();
      });
    });
  });
}

void ServerTable::arm_turn_timer(std::int64_t until_ms) {
  turn_timer_.expires_after(ms_until(until_ms, host_.now_ms()));
  const std::int64_t token = timer_token_;
  auto self = shared_from_this();
  turn_timer_.async_wait([self, token](const boost::system::error_code& ec) {
    if (ec || token != self->timer_token_) return;
    if (self->record_decision(TurnTimeout{}).empty()) return;  // the timer ran out: a bot plays the seat
    self->after_change();
    self->host_.flush();
  });
}

void ServerTable::arm_pause_timer(std::int64_t until_ms) {
  pause_timer_.expires_after(ms_until(until_ms, host_.now_ms()));
  const std::int64_t token = timer_token_;
  auto self = shared_from_this();
  pause_timer_.async_wait([self, token](const boost::system::error_code& ec) {
    if (ec || token != self->timer_token_) return;
    self->record_decision(PauseOver{});  // no deal while no person is present: after_change holds the table
    self->after_change();
    self->host_.flush();
  });
}

void ServerTable::arm_fill_timer(std::int64_t until_ms) {
  fill_timer_.expires_after(ms_until(until_ms, host_.now_ms()));
  const std::int64_t token = timer_token_;
  auto self = shared_from_this();
  fill_timer_.async_wait([self, token](const boost::system::error_code& ec) {
    if (ec || token != self->timer_token_) return;
    self->sync_presence();  // who is here decides who keeps a seat
    if (self->record_decision(FillTimeout{}).empty()) return;  // the seats filled up with people meanwhile
    self->after_change();  // every seat taken: the first hand is dealt
    self->host_.flush();
  });
}

// --- Requests ---------------------------------------------------------------------------------------

std::pair<int, std::string> ServerTable::join(const std::string& name, std::optional<int> seat, const std::string& entropy,
                                             const std::string& player) {
  const std::string token = random_hex(16);  // 128 bits from the OS CSPRNG
  const std::vector<LogEntry> entries = record_decision(JoinRequest{name, seat, entropy, sha256_hex(token), player});
  const int s = std::get<JoinEntry>(entries.front()).seat;
  return {s, token};  // nothing dealt yet: subscribe_joined lets the table go on
}

void ServerTable::fill_now() {
  if (record_decision(FillTimeout{}).empty()) return;
  after_change();
}

void ServerTable::act(int seat, const std::string& text, std::int64_t hand, std::int64_t at) {
  record_decision(ActRequest{seat, text, hand, at});
  after_change();
}

bool ServerTable::contribute(int seat, int hand, const std::string& entropy) {
  if (record_decision(ContributeRequest{seat, hand, entropy}).empty()) return false;  // a repeat writes nothing
  send_state_to_seat(seat);  // only this seat's `fair.contributed` changed
  return true;
}

void ServerTable::ready(int seat) {
  if (machine_.set_ready(seat)) after_change();  // a repeat: nothing changes, nothing is sent
}

void ServerTable::back(int seat, const std::shared_ptr<Client>& client) {
  if (!record_decision(BackRequest{seat}).empty()) {
    after_change();
  } else if (client) {
    send_state(client);
  }
}

void ServerTable::leave(int seat) {
  record_decision(LeaveRequest{seat});
  after_change();
}

void ServerTable::remove(int by, int seat) {
  sync_presence();
  std::int64_t away = 0;
  if (seat >= 0 && seat < kMaxPlayers)
    if (const auto since = away_since_[static_cast<std::size_t>(seat)]) away = host_.now_ms() - *since;
  record_decision(RemoveRequest{by, seat, away});
  after_change();
}

void ServerTable::end(int seat, const std::shared_ptr<Client>& client) {
  if (record_decision(EndRequest{seat}).empty()) {  // a repeat writes nothing
    send_state(client);
    return;
  }
  after_change();
}

void ServerTable::chat(int seat, const std::string& phrase, const std::string& text) {
  record_decision(ChatRequest{seat, phrase, text});  // its `chat` goes to everyone once committed
}

void ServerTable::hint(const std::shared_ptr<Client>& client, json re) {
  const int seat = client->following.seat;
  const Table* table = machine_.table();
  if (machine_.over() || !table || !table->in_hand() || table->to_move() != seat)
    throw ProtocolError("illegal", "a hint is for the seat to move", "table");
  if (hint_running_[static_cast<std::size_t>(seat)]) throw ProtocolError("rate_limited", "a hint for this seat is already being computed");
  const int running = static_cast<int>(std::count(hint_running_.begin(), hint_running_.end(), true));
  if (running >= host_.max_hints())
    throw ProtocolError("busy", "this table has " + std::to_string(running) + " hints being computed: try again shortly");
  const std::shared_ptr<SeatSnapshot> job = snapshot(*table, seat);
  const std::size_t at = machine_.seq();
  const int hand = machine_.hand_number();
  const std::uint64_t seed = std::stoull(random_hex(8), nullptr, 16);
  hint_running_[static_cast<std::size_t>(seat)] = true;
  std::weak_ptr<Client> weak = client;
  auto self = shared_from_this();
  const int worlds = std::min(host_.hint_worlds(), host_.max_bot_worlds());
  host_.run_on_pool(code(), [self, job, at, hand, seat, seed, weak, re, worlds] {
    MonteCarloBot bot(SearchBudget::of_worlds(worlds), seed);
    const std::vector<ActionValue> values = bot.evaluate(job->view, *job->legal);  // the seat's own View only
    const json actions = hint_actions_json(values, *job->view.game);
    boost::asio::post(self->host_.io(), [self, at, hand, seat, weak, re, actions] {
      self->hint_running_[static_cast<std::size_t>(seat)] = false;
      auto c = weak.lock();
      if (!c) return;
      // Dropped when the position moved on (hand AND seq: seq restarts every hand), or when the
      // connection no longer holds the seat (it left, or follows another table): a hint names
      // cards of the seat's hand. A request with an `id` still gets its answer: `stale`.
      if (self->machine_.hand_number() != hand || self->machine_.seq() != at || c->following.table != self->code() ||
          c->following.seat != seat || !self->holds(seat)) {
        if (re.is_null()) return;
        self->host_.send_error(c, re, "stale", "the position moved on before the hint was ready");
        self->host_.flush();
        return;
      }
      self->host_.send(c, out::hint(hand, at, actions, re.is_null() ? out::RequestId() : re.get<std::uint64_t>()));
      self->host_.flush();
    });
  });
}

std::vector<std::string> ServerTable::records_of(const StoredTable& stored, std::string* final_state) {
  TableMachine machine(TableConfig::from_json(stored.config),
                       [](int) -> std::string { throw std::logic_error("a replayed table draws no seed"); });
  machine.set_messages(false);
  try {
    for (const std::string& entry : stored.log) machine.apply(parse_log_entry(entry));
  } catch (const std::logic_error& e) {
    throw std::runtime_error(e.what());
  }
  if (final_state) *final_state = StateMessage(machine.config()).text(machine, -1, 0);
  return machine.records();
}

std::string ServerTable::final_state() {
  sync_presence();
  return state_message_.text(machine_, -1, host_.now_ms());
}

void ServerTable::retire() {
  ++timer_token_;
  pacing_.cancel();
  audience_.cancel();
  turn_timer_.cancel();
  pause_timer_.cancel();
  fill_timer_.cancel();
  subscribers_.clear();
}

std::optional<std::string> ServerTable::hand_record(int hand) const {
  const std::vector<std::string>& records = machine_.records();
  if (hand < 1 || hand > static_cast<int>(records.size()) || records[static_cast<std::size_t>(hand - 1)].empty())
    return std::nullopt;
  return records[static_cast<std::size_t>(hand - 1)];
}

// --- Messages ---------------------------------------------------------------------------------------

void ServerTable::sync_presence() {
  std::array<bool, kMaxPlayers> connected{};
  int watching = 0;
  for (const auto& w : subscribers_)
    if (auto c = w.lock()) {
      const int seat = c->following.seat;
      if (seat < 0) ++watching;
      else if (seat < kMaxPlayers) connected[static_cast<std::size_t>(seat)] = true;
    }
  machine_.set_presence(connected, watching);
  for (std::size_t s = 0; s < connected.size(); ++s) {
    if (connected[s]) away_since_[s].reset();
    else if (!away_since_[s]) away_since_[s] = host_.now_ms();
  }
}

void ServerTable::subscribe(const std::shared_ptr<Client>& client) {
  std::erase_if(subscribers_, [](const std::weak_ptr<Client>& w) { return w.expired(); });
  const int seat = client->following.seat;
  sync_presence();
  const bool newly_connected = seat >= 0 && !machine_.connected(seat);
  subscribers_.push_back(client);
  // Only a seat's first connection changes what others see (`seats[].connected`): a spectator, or
  // another tab of a connected seat, costs one message, never a broadcast (no amplification).
  if (newly_connected) broadcast_state();
  else send_state(client);
  send_history(client);  // the hand so far: a page that reloads rebuilds its log from it
  if (seat < 0) audience_changed();
  if (held_ && holds(client->following.seat)) after_change();  // a person is back: deal
}

void ServerTable::subscribe_joined(const std::shared_ptr<Client>& client) {
  std::erase_if(subscribers_, [](const std::weak_ptr<Client>& w) { return w.expired(); });
  subscribers_.push_back(client);
  after_change();         // the seat connected, a full table deals: everyone is sent it, the joiner too
  send_history(client);  // as subscribe: the hand so far, when one was dealt
}

void ServerTable::unsubscribe(const Client* client) {
  const std::size_t before = subscribers_.size();
  std::erase_if(subscribers_, [client](const std::weak_ptr<Client>& w) {
    auto c = w.lock();
    return !c || c.get() == client;
  });
  sync_presence();
  const int seat = client->following.seat;
  const bool gone = subscribers_.size() != before;
  // As in subscribe: only a seat's last connection going changes what others see.
  if (gone && seat >= 0 && !machine_.connected(seat) && live_ && !over()) broadcast_state();
  if (gone && seat < 0) audience_changed();
}

void ServerTable::demote(int seat, const std::string& reason) {
  const json lost = out::seat_lost(code(), seat, reason);
  for (const auto& w : subscribers_)
    if (auto c = w.lock(); c && c->following.seat == seat) {
      c->following.seat = -1;
      host_.send(c, lost);
    }
  sync_presence();
}

void ServerTable::expire() {
  perform(machine_.expire());
  for (const auto& w : subscribers_)
    if (auto c = w.lock(); c && c->following.table == code()) c->following = {};
  retire();
}

void ServerTable::send_state_to_seat(int seat) {
  if (!live_) return;
  sync_presence();
  std::shared_ptr<const std::string> text;
  for (const auto& w : subscribers_) {
    auto c = w.lock();
    if (!c || c->following.seat != seat) continue;
    if (!text) text = std::make_shared<const std::string>(state_message_.text(machine_, seat, host_.now_ms()));
    host_.send(c, text);
  }
}

void ServerTable::send_state(const std::shared_ptr<Client>& client) {
  sync_presence();
  host_.send(client, std::make_shared<const std::string>(state_message_.text(machine_, client->following.seat, host_.now_ms())));
}

void ServerTable::send_history(const std::shared_ptr<Client>& client) {
  if (std::optional<json> m = machine_.history().message(code(), client->following.seat)) host_.send(client, *m);
  if (!machine_.chat_lines().empty()) host_.send(client, out::chat_log(code(), machine_.chat_lines()));
}

void ServerTable::audience_changed() {
  if (!live_ || over()) return;
  std::weak_ptr<ServerTable> weak = weak_from_this();
  audience_.changed([weak] {
    auto self = weak.lock();
    if (!self || self->over()) return;
    const int n = self->watching();
    if (n == self->audience_.announced) return;  // came and went within the period
    self->audience_.announced = n;
    self->send_to_seat(-2, out::audience(self->code(), n), true);
    self->host_.flush();
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
  sync_presence();
  std::array<std::shared_ptr<const std::string>, kMaxPlayers + 1> cache{};  // one text per seat, [0] spectators
  std::optional<StateMessage::Shared> shared;
  for (const auto& w : subscribers_) {
    auto c = w.lock();
    if (!c) continue;
    auto& text = cache[static_cast<std::size_t>(c->following.seat + 1)];
    if (!shared) shared = state_message_.shared(machine_, host_.now_ms());
    if (!text) text = std::make_shared<const std::string>(state_message_.text(machine_, c->following.seat, *shared));
    host_.send(c, text);
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
      host_.send(c, text);
    }
  }
}

}  // namespace tonk::serve
