#include "table_machine.h"

#include <algorithm>
#include <stdexcept>

#include "player_name.h"
#include "protocol_json.h"
#include "server_message.h"
#include "tonk/fair_record.h"
#include "tonk/record.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

constexpr int kServerSeedBytes = 32;  // 256 bits

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

Refused refused(std::string code, std::string message, std::string rule_id = "") {
  return Refused{std::move(code), std::move(message), std::move(rule_id)};
}

}  // namespace

TableMachine::TableMachine(TableConfig config, RandomHex random) : config_(std::move(config)), random_(std::move(random)) {
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

SeatInfo& TableMachine::seat_at(int s) {
  if (s < 0 || s >= config_.seats())
    throw std::runtime_error("table " + code() + ": a log entry names seat " + std::to_string(s));
  return seats_[static_cast<std::size_t>(s)];
}

// --- Judging ----------------------------------------------------------------------------------------

Decision TableMachine::decide(const Request& request, std::int64_t now_ms) {
  // Every request is judged on the position; the clock matters to advance(), and dates a chat line.
  return std::visit(
      Overloaded{
          [&](const JoinRequest& r) { return join(r); },
          [&](const ActRequest& r) { return act(r); },
          [&](const ContributeRequest& r) { return contribute(r); },
          [&](const BackRequest& r) -> Decision {
            if (!seat(r.seat).autoplay) return std::vector<LogEntry>{};
            return std::vector<LogEntry>{AutoEntry{r.seat, false}};
          },
          [&](const LeaveRequest& r) -> Decision {
            // Before the first deal the seat opens again (a person may take it, or the fill's bots);
            // after, a bot plays it for good.
            std::vector<LogEntry> out;
            if (table_) out.push_back(LeaveEntry{r.seat});
            else out.push_back(VacateEntry{r.seat});
            bool person = false;
            for (int s = 0; s < config_.seats(); ++s) person = person || (s != r.seat && seat(s).kind == SeatKind::kPerson);
            if (!person) out.push_back(OverEntry{"left"});
            return out;
          },
          [&](const EndRequest& r) -> Decision {
            if (seat(r.seat).ended) return std::vector<LogEntry>{};  // a repeat writes nothing
            std::vector<LogEntry> out{EndEntry{r.seat}};
            bool all = true;
            for (int s = 0; s < config_.seats(); ++s)
              if (s != r.seat && seat(s).kind == SeatKind::kPerson && !seat(s).ended) all = false;
            if (all) out.push_back(OverEntry{"agreed"});
            return out;
          },
          [&](const BotMove& r) { return bot_move(r); },
          [&](const TurnTimeout&) -> Decision {
            if (over_ || !table_ || !table_->in_hand()) return std::vector<LogEntry>{};
            const int s = table_->to_move();
            if (bot_plays(s)) return std::vector<LogEntry>{};
            return std::vector<LogEntry>{AutoEntry{s, true}};  // the timer ran out: a bot plays the seat
          },
          [&](const FillTimeout&) -> Decision {
            if (over_ || table_ || !wait_until_ || all_seated()) return std::vector<LogEntry>{};
            // The people who went away while it waited give their seats up: bots never start a
            // stranger's stakes for someone who closed the page. With nobody left, the table ends.
            std::vector<LogEntry> out;
            bool present = false;
            for (int s = 0; s < config_.seats(); ++s) {
              if (seat(s).kind != SeatKind::kPerson) continue;
              if (connected(s)) present = true;
              else out.push_back(VacateEntry{s});
            }
            if (!present) {
              out.push_back(OverEntry{"left"});
              return out;
            }
            out.push_back(FillEntry{config_.fill_bots.empty() ? std::string(kAutoBot) : config_.fill_bots});
            return out;
          },
          [&](const ChatRequest& r) { return chat(r, now_ms); },
          [&](const RemoveRequest& r) { return remove(r); },
          [&](const PauseOver&) -> Decision {
            if (over_ || !table_ || table_->in_hand() || !person_present()) return std::vector<LogEntry>{};
            return std::vector<LogEntry>{DealEntry{hand_number() + 1}};
          },
      },
      request);
}

Decision TableMachine::join(const JoinRequest& r) {
  try {
    if (over_) return refused("not_found", "table " + code() + " is over");
    check_player_name_form(r.name);  // fit to quote; a look-alike is "taken" whatever its scripts
    for (int i = 0; i < config_.seats(); ++i) {  // two seats never show the same name: refused, not renamed
      const SeatInfo& other = seat(i);
      if (other.kind != SeatKind::kOpen && same_name(other.name, r.name))
        return refused("bad_request", "`name` \"" + r.name + "\" is taken at this table (seat " + std::to_string(i) +
                                          "): choose another");
    }
    check_player_name(r.name);
  } catch (const ProtocolError& e) {
    return refused(e.code(), e.what(), e.rule_id());
  }
  if (!r.entropy.empty() && !is_hex(r.entropy, 2, 64)) return refused("bad_request", "`entropy` must be 2 to 64 hex digits");
  int s = -1;
  if (r.seat) {
    if (*r.seat < 0 || *r.seat >= config_.seats()) return refused("bad_request", "no seat " + std::to_string(*r.seat));
    if (seat(*r.seat).kind != SeatKind::kOpen) return refused("seat_taken", "seat " + std::to_string(*r.seat) + " is taken");
    s = *r.seat;
  } else {
    for (int i = 0; i < config_.seats() && s < 0; ++i)
      if (seat(i).kind == SeatKind::kOpen) s = i;
    if (s < 0) return refused("table_full", "every seat of table " + code() + " is taken");
  }
  std::vector<LogEntry> out{JoinEntry{s, r.name, r.token_hash, r.player}};
  if (!r.entropy.empty()) out.push_back(ContribEntry{hand_number() + 1, s, r.entropy});
  return out;
}

Decision TableMachine::act(const ActRequest& r) {
  if (over_ || !table_ || !table_->in_hand()) return refused("illegal", "no hand is in play", "table");
  if (bot_plays(r.seat)) return refused("illegal", "a bot plays this seat (the turn timer ran out): send `back` first", "table");
  if (r.hand != hand_number() || r.seq != static_cast<std::int64_t>(seq()))
    return refused("stale", "the state moved on: hand " + std::to_string(hand_number()) + " seq " + std::to_string(seq()) +
                                ", not hand " + std::to_string(r.hand) + " seq " + std::to_string(r.seq));
  std::string error;
  const std::optional<Action> action = parse_action(r.action, &error);
  if (!action) return refused("bad_request", "`action` is not an action: " + error);
  if (r.seat != table_->to_move())
    return refused("illegal", "it is " + table_->name(table_->to_move()) + "'s turn, not " + table_->name(r.seat) + "'s", "S8");
  // The engine judges, once: the entry is applied without a second check (Table::apply_judged).
  if (std::optional<Refusal> why = table_->hand()->state().why_illegal(*action)) return refused("illegal", why->message, why->rule_id);
  return std::vector<LogEntry>{ActEntry{r.seat, *action, false}};
}

Decision TableMachine::contribute(const ContributeRequest& r) {
  if (over_) return refused("not_found", "table " + code() + " is over");
  if (r.hand != hand_number() + 1)
    return refused("bad_request", "the commitment published is for hand " + std::to_string(hand_number() + 1));
  if (!is_hex(r.entropy, 2, 64)) return refused("bad_request", "`entropy` must be 2 to 64 hex digits, of even length");
  if (contributed(r.hand, r.seat)) return std::vector<LogEntry>{};  // one per seat and hand: a repeat writes nothing
  return std::vector<LogEntry>{ContribEntry{r.hand, r.seat, r.entropy}};
}

Decision TableMachine::bot_move(const BotMove& r) {
  bot_thinking_ = -1;
  if (over_ || !table_ || !table_->in_hand() || hand_number() != r.hand || seq() != r.seq || table_->to_move() != r.seat ||
      !bot_plays(r.seat))
    return std::vector<LogEntry>{};  // the table moved on (a person took the seat back)
  if (table_->hand()->state().why_illegal(r.action)) throw std::logic_error("a bot chose an illegal action");
  return std::vector<LogEntry>{ActEntry{r.seat, r.action, seat(r.seat).kind == SeatKind::kPerson}};
}

Decision TableMachine::chat(const ChatRequest& r, std::int64_t now_ms) {
  if (over_) return refused("not_found", "table " + code() + " is over");
  if (r.seat < 0 && !config_.chat_spectators)
    return refused("unauthorized", "spectators may read this table's chat, not write in it (its creator did not allow it)");
  if (r.seat >= 0 && !holds(r.seat)) return refused("unauthorized", "this connection holds no seat");
  if (!r.text.empty() && !config_.chat_text)
    return refused("bad_request", "`text`: this table allows quick phrases only (send a `phrase`; its creator did not allow free text)");
  if (r.phrase.empty() == r.text.empty()) return refused("bad_request", "`chat` takes one of `phrase` and `text`");
  static_assert(kChatBurstPerTable <= kChatLinesKept, "the kept lines must hold a whole window's");
  if (chat_.size() >= static_cast<std::size_t>(kChatBurstPerTable)) {
    const std::int64_t free_at = chat_[chat_.size() - kChatBurstPerTable].at_ms + kChatWindowMs;
    if (now_ms < free_at)
      return refused("rate_limited", "at most " + std::to_string(kChatBurstPerTable) + " chat lines in " +
                                         std::to_string(kChatWindowMs / 1000) + " seconds at one table: wait " +
                                         std::to_string((free_at - now_ms + 999) / 1000) + " s");
  }
  return std::vector<LogEntry>{ChatEntry{ChatLine{r.seat, r.seat >= 0 ? seat(r.seat).name : "", r.phrase, r.text, now_ms}}};
}

Decision TableMachine::remove(const RemoveRequest& r) {
  if (over_) return refused("not_found", "table " + code() + " is over");
  const int host = host_seat();
  if (r.by != host)
    return refused("unauthorized", "only the table's host (" + (host >= 0 ? seat(host).name : std::string("nobody")) +
                                       ", seated longest) may remove a seat");
  if (r.seat < 0 || r.seat >= config_.seats()) return refused("bad_request", "no seat " + std::to_string(r.seat));
  if (r.seat == r.by) return refused("bad_request", "to give up your own seat, send `leave`");
  if (!holds(r.seat)) return refused("bad_request", "no person holds seat " + std::to_string(r.seat));
  if (connected(r.seat) || r.away_ms < remove_after_ms()) {
    const std::int64_t left = connected(r.seat) ? remove_after_ms() : remove_after_ms() - r.away_ms;
    return refused("bad_request", seat(r.seat).name + (connected(r.seat) ? " is here" : " has been away " + std::to_string(r.away_ms / 1000) + " s") +
                                      ": a seat may be removed once it has been away " + std::to_string(remove_after_ms() / 1000) +
                                      " s (wait " + std::to_string((left + 999) / 1000) + " s)");
  }
  // As `leave`: before the first deal the seat opens again; after, a bot plays it.
  std::vector<LogEntry> out;
  if (table_) out.push_back(LeaveEntry{r.seat, r.by});
  else out.push_back(VacateEntry{r.seat, r.by});
  return out;
}

// --- Applying ---------------------------------------------------------------------------------------

Effects TableMachine::apply(const LogEntry& entry) {
  Effects effects;
  effects_ = &effects;
  struct Reset {
    Effects*& p;
    ~Reset() { p = nullptr; }
  } reset{effects_};
  std::visit(
      Overloaded{
          [&](const SeedEntry& e) {
            seeds_[e.hand] = e.seed;
            commitments_[e.hand] = fair_commitment(e.seed);
          },
          [&](const JoinEntry& e) {
            SeatInfo& info = seat_at(e.seat);
            info.kind = SeatKind::kPerson;
            info.name = e.name;
            info.token_hash = e.token;
            std::erase(join_order_, e.seat);
            join_order_.push_back(e.seat);
            info.player = e.player;
            effects.push_back(TokenAdded{e.token, e.seat});
            if (!ever_joined_) effects.push_back(TableJoined{});
            ever_joined_ = true;
          },
          [&](const ContribEntry& e) {
            seat_at(e.seat);
            std::vector<Contribution>& list = contributions_[e.hand];
            std::erase_if(list, [&](const Contribution& c) { return c.seat == e.seat; });
            list.push_back({e.seat, e.entropy});
          },
          [&](const DealEntry& e) { apply_deal(e.hand); },
          [&](const ActEntry& e) {
            if (!table_ || !table_->in_hand() || table_->to_move() != e.seat)
              throw std::runtime_error("table " + code() + ": a logged action is out of turn");
            // A decided action was judged by decide(): not again. A stored one read back from a log
            // (replaying, with no messages) is judged here, so a corrupt log is refused, not applied.
            if (!messages_)
              if (const std::optional<Refusal> why = table_->hand()->state().why_illegal(e.action))
                throw std::runtime_error("table " + code() + ": a logged action is refused: " + why->message);
            current_auto_ = e.autoplay;
            table_->apply_judged(e.seat, e.action);
            current_auto_ = false;
          },
          [&](const TimerEntry& e) { turn_clock_ = TurnClock{e.hand, e.seq, e.seat, e.until_ms}; },
          [&](const AutoEntry& e) {
            // The timer ran out (a bot plays the seat), or the person is back: a new turn gets a new timer.
            seat_at(e.seat).autoplay = e.on;
            if (turn_clock_ && turn_clock_->seat == e.seat) turn_clock_.reset();
          },
          [&](const LeaveEntry& e) {
            SeatInfo& info = seat_at(e.seat);
            effects.push_back(TokenRemoved{info.token_hash});
            info.kind = SeatKind::kBot;
            info.bot_kind = kAutoBot;
            info.autoplay = false;
            std::erase(join_order_, e.seat);
            // The seat changed hands: its connections see only the public view from now on, and are
            // told so before any state rendered for the bot's seat (hidden information, S6).
            effects.push_back(SeatLost{e.seat, e.by >= 0 ? "removed" : "left"});
          },
          [&](const VacateEntry& e) {
            SeatInfo& info = seat_at(e.seat);
            if (table_) throw std::runtime_error("table " + code() + ": a seat opens again only before the first deal");
            if (info.kind != SeatKind::kPerson) throw std::runtime_error("table " + code() + ": a log entry vacates a seat nobody holds");
            effects.push_back(TokenRemoved{info.token_hash});
            info = SeatInfo{};  // open, with no name, token or vote
            std::erase(join_order_, e.seat);
            std::erase_if(contributions_[1], [&](const Contribution& c) { return c.seat == e.seat; });  // the leaver's entropy goes too
            effects.push_back(SeatLost{e.seat, e.by >= 0 ? "removed" : "left"});
          },
          [&](const EndEntry& e) { seat_at(e.seat).ended = true; },
          [&](const OverEntry& e) { finish_table(e.why); },
          [&](const WaitEntry& e) { wait_until_ = e.until_ms; },
          [&](const FillEntry& e) { fill_open_seats(e.kind); },
          [&](const ChatEntry& e) {
            if (e.line.seat >= 0) seat_at(e.line.seat);
            // Kept apart from the hand and its history: the record writer never sees a line.
            if (chat_.size() >= static_cast<std::size_t>(kChatLinesKept)) chat_.erase(chat_.begin());
            chat_.push_back(e.line);
            if (messages_) effects.push_back(Send{-2, true, out::chat(code(), e.line)});
          },
      },
      entry);
  return effects;
}

void TableMachine::fill_open_seats(const std::string& kind) {
  if (table_) throw std::runtime_error("table " + code() + ": bots fill seats after the first deal");
  const int open = open_seats();
  int n = 0;  // the number the next bot's name tries
  for (int s = 0; s < config_.seats(); ++s) {
    SeatInfo& info = seats_[static_cast<std::size_t>(s)];
    if (info.kind != SeatKind::kOpen) continue;
    // Named after its level, numbered when two or more fill; a name a person shows is skipped.
    for (int guard = 0; guard < 2 * kMaxPlayers + 2; ++guard) {
      ++n;
      std::string name = open == 1 && n == 1 ? kind : kind + " " + std::to_string(n);
      bool taken = false;
      for (int o = 0; o < config_.seats(); ++o)
        taken = taken || (seat(o).kind != SeatKind::kOpen && same_name(seat(o).name, name));
      if (taken) continue;
      info.name = std::move(name);
      break;
    }
    info.kind = SeatKind::kBot;
    info.bot_kind = kind;
  }
}

void TableMachine::apply_deal(int hand) {
  const auto seed = seeds_.find(hand);
  if (seed == seeds_.end()) throw std::runtime_error("table " + code() + ": hand " + std::to_string(hand) + " is dealt without its seed");
  if (table_ && table_->in_hand()) throw std::runtime_error("table " + code() + ": a deal while a hand is in play");
  const std::string digest = deal_digest(seed->second, hand, contributions_[hand]);
  if (!table_) {
    std::vector<Seat> seats;
    for (int s = 0; s < config_.seats(); ++s) seats.push_back(Seat{seat(s).name, nullptr});
    TableOptions options;
    options.seed = fair_session_seed(digest);  // the cut (S5) and named suits (V23a), from hand 1's deal
    options.planned_hands = config_.hands;
    table_ = std::make_unique<Table>(make_game(config_.rules), std::move(seats), options);
    for (int s = 0; s < config_.seats(); ++s) table_->listen(s, [this](const TableEvent& ev) { on_event(ev); });
  }
  ready_.fill(false);
  table_->deal(fair_deck(table_->game(), digest));
}

void TableMachine::on_event(const TableEvent& e) {
  switch (e.kind) {
    case TableEventKind::kHandDealt:
    case TableEventKind::kAction: {
      // Kept also while replaying: a seat that resumes after a restart gets the hand so far.
      history_.note(e, table_->name(e.kind == TableEventKind::kHandDealt ? e.view->dealer : e.actor), current_auto_);
      if (!messages_) return;
      effects_->push_back(Send{e.seat, false, history_.latest(code(), e.seat)});
      if (e.seat == 0) effects_->push_back(Send{-1, false, history_.latest(code(), -1)});  // spectators: the public rendering
      return;
    }
    case TableEventKind::kHandOver: return;
    case TableEventKind::kSessionBooked: {
      if (e.seat != 0) return;
      const int n = e.hand_number;
      const json fair = reveal(n, *table_->hand(), session_tags(*e.booked), "");
      if (config_.rated) {
        HandFinished done{n, table_->hand()->outcome(), config_.rules.scoring, e.booked->payouts, {}, {}};
        for (int s = 0; s < config_.seats(); ++s) {
          const SeatInfo& info = seat(s);
          const bool person = info.kind == SeatKind::kPerson && !info.player.empty();
          done.seats.push_back(person ? std::optional<std::string>(info.player) : std::nullopt);
          done.names.push_back(info.name);
        }
        effects_->push_back(std::move(done));
      }
      if (table_->session().is_over()) finish_table("");
      if (!messages_) return;
      json m = hand_over_json(code(), n, *e.view, *e.booked);
      m["ledger"] = ledger_json();
      m["fair"] = fair;
      effects_->push_back(Send{-2, true, std::move(m)});
      return;
    }
  }
}

json TableMachine::reveal(int n, const Hand& hand, const SessionTags& tags, const std::string& abandoned) {
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
    // A name an older server let a player join with, and the rule now refuses, is written as its
    // seat: the log still replays and the hand still has its record.
    const std::string& name = table_->name(s);
    names.push_back(name_problem(name).empty() ? name : "seat " + std::to_string(s));
  }
  std::string text = write_fair_lines({std::string(kFairVersion), seed, commitment, list, abandoned});
  text += write_record(make_record(hand, names, n, tags));
  if (static_cast<int>(records_.size()) < n) records_.resize(static_cast<std::size_t>(n));
  records_[static_cast<std::size_t>(n - 1)] = text;
  effects_->push_back(RecordMade{n, std::move(text)});  // served from the storage once the table left memory
  seeds_.erase(n);
  commitments_.erase(n);
  contributions_.erase(n);
  return fair;
}

void TableMachine::finish_table(const std::string& why) {
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
  for (const SeatInfo& info : seats_)
    if (!info.token_hash.empty()) effects_->push_back(TokenRemoved{info.token_hash});
  effects_->push_back(TableEnded{});
  if (!messages_) return;
  effects_->push_back(Send{-2, true, out::table_over(code(), ledger_json(), std::move(abandoned))});
}

Effects TableMachine::expire() {
  over_ = true;
  return {Send{-2, true, out::table_over(code(), ledger_json(), nullptr, "expired")}};
}

// --- Running by itself ------------------------------------------------------------------------------

std::variant<LogEntry, Plan> TableMachine::advance(std::int64_t now_ms) {
  Plan plan;
  shown_turn_until_.reset();
  next_hand_counting_ = false;
  if (over_) return plan;
  // The seed of the next hand is drawn as soon as the hand before it is dealt (or at the table's
  // creation): its commitment is published before anyone contributes to its deal.
  if (!commitments_.count(hand_number() + 1)) return SeedEntry{hand_number() + 1, random_(kServerSeedBytes)};
  // A listed table (and a rematch) waits for people from its first person on, then bots fill the
  // open seats.
  if (!table_ && (config_.listed || !config_.rematch_of.empty()) && config_.wait_ms > 0 && ever_joined_ && !all_seated()) {
    if (!wait_until_) return WaitEntry{now_ms + config_.wait_ms};
    plan.fill_until_ms = *wait_until_;
  }
  if (!table_ || !table_->in_hand()) {
    // No hand is dealt while no person is present (connected, not played by the turn timer's bot):
    // bots never play a person's stakes away hand after hand. Held until someone comes back.
    if (!person_present()) {
      plan.held = true;
      next_hand_for_ = -1;
      return plan;
    }
  }
  if (!table_) {
    if (!all_seated()) return plan;
    return DealEntry{1};
  }
  if (table_->in_hand()) {
    const int s = table_->to_move();
    if (bot_plays(s)) {
      if (bot_thinking_ >= 0) return plan;  // asked already
      const SeatInfo& info = seat(s);
      bot_thinking_ = s;
      plan.bot_seat = s;
      plan.bot_kind = info.kind == SeatKind::kBot ? info.bot_kind : kAutoBot;
      plan.hand = hand_number();
      plan.seq = seq();
    } else if (config_.turn_seconds > 0) {
      // One timer per turn: a new position (or a person back after the timer ran out) starts one,
      // logged with its absolute deadline; the same turn keeps it (another seat reconnects, a
      // restart, a takeover), so a deadline that passed while the server was down expires at once.
      if (!turn_clock_ || turn_clock_->hand != hand_number() || turn_clock_->seq != seq() || turn_clock_->seat != s)
        return TimerEntry{hand_number(), seq(), s, now_ms + std::int64_t{1000} * config_.turn_seconds};
      plan.turn_until_ms = turn_clock_->until_ms;
      shown_turn_until_ = turn_clock_->until_ms;
    }
    return plan;
  }
  // Between hands: at once when every person is present and ready, else after the pause. A person
  // played by the turn timer's bot, or not connected, is not ready.
  bool all_ready = true;
  for (int s = 0; s < config_.seats(); ++s) all_ready = all_ready && !awaited(s);
  if (config_.pause_seconds == 0 || all_ready) return DealEntry{hand_number() + 1};
  if (next_hand_for_ != hand_number()) {  // the countdown is not restarted by a redraw
    next_hand_for_ = hand_number();
    next_hand_until_ = now_ms + std::int64_t{1000} * config_.pause_seconds;
  }
  next_hand_counting_ = true;
  plan.pause_until_ms = next_hand_until_;
  return plan;
}

// --- Volatile inputs and reading -------------------------------------------------------------------

void TableMachine::set_presence(const std::array<bool, kMaxPlayers>& connected, int watching) {
  connected_ = connected;
  watching_ = watching;
}

bool TableMachine::set_ready(int s) {
  if (s < 0 || s >= config_.seats() || ready_[static_cast<std::size_t>(s)]) return false;  // a repeat changes nothing
  ready_[static_cast<std::size_t>(s)] = true;
  return table_ && !table_->in_hand();
}

bool TableMachine::holds(int s) const { return s >= 0 && s < config_.seats() && seat(s).kind == SeatKind::kPerson; }

int TableMachine::host_seat() const {
  for (int s : join_order_)
    if (connected(s)) return s;  // an away host would block every removal, theirs first
  return join_order_.empty() ? -1 : join_order_.front();
}

std::int64_t TableMachine::remove_after_ms() const {
  return config_.turn_seconds > 0 ? std::int64_t{1000} * config_.turn_seconds : kRemoveAfterUntimedMs;
}

bool TableMachine::connected(int s) const { return s >= 0 && s < kMaxPlayers && connected_[static_cast<std::size_t>(s)]; }

bool TableMachine::bot_plays(int s) const {
  const SeatInfo& info = seat(s);
  return info.kind == SeatKind::kBot || (info.kind == SeatKind::kPerson && info.autoplay);
}

bool TableMachine::person_present() const {
  for (int s = 0; s < config_.seats(); ++s) {
    const SeatInfo& info = seat(s);
    if (info.kind == SeatKind::kPerson && !info.autoplay && connected(s)) return true;
  }
  return false;
}

bool TableMachine::awaited(int s) const {
  const SeatInfo& info = seat(s);
  return info.kind == SeatKind::kPerson && (info.autoplay || !ready_[static_cast<std::size_t>(s)] || !connected(s));
}

bool TableMachine::all_seated() const {
  for (int s = 0; s < config_.seats(); ++s)
    if (seat(s).kind == SeatKind::kOpen) return false;
  return true;
}

int TableMachine::thinking() const {
  const bool pending = bot_thinking_ >= 0 && !over_ && table_ && table_->in_hand() && table_->to_move() == bot_thinking_;
  return pending && bot_plays(bot_thinking_) ? bot_thinking_ : -1;
}

int TableMachine::hand_number() const { return table_ ? table_->hand_number() : 0; }

std::size_t TableMachine::seq() const { return table_ && table_->hand() ? table_->hand()->history().size() : 0; }

const char* TableMachine::status() const {
  if (over_) return "over";
  if (!table_) return "waiting";
  return table_->in_hand() ? "playing" : "between";
}

const std::string* TableMachine::commitment(int hand) const {
  const auto it = commitments_.find(hand);
  return it == commitments_.end() ? nullptr : &it->second;
}

bool TableMachine::contributed(int hand, int s) const {
  if (const auto it = contributions_.find(hand); it != contributions_.end())
    for (const Contribution& c : it->second)
      if (c.seat == s) return true;
  return false;
}

std::optional<std::int64_t> TableMachine::bots_at_ms() const {
  if (over_ || table_ || !wait_until_ || all_seated()) return std::nullopt;
  return wait_until_;
}

std::optional<std::int64_t> TableMachine::waiting_since_ms() const {
  if (!wait_until_) return std::nullopt;
  return *wait_until_ - config_.wait_ms;
}

int TableMachine::open_seats() const {
  int open = 0;
  for (int s = 0; s < config_.seats(); ++s) open += seat(s).kind == SeatKind::kOpen ? 1 : 0;
  return open;
}

bool TableMachine::rated() const {
  if (!config_.rated) return false;
  for (int s = 0; s < config_.seats(); ++s)
    if (seat(s).kind == SeatKind::kBot) return false;
  return true;
}

std::optional<std::int64_t> TableMachine::next_hand_ms() const {
  if (!next_hand_counting_) return std::nullopt;
  return next_hand_until_;
}

json TableMachine::ledger_json() const {
  return serve::ledger_json(table_ ? &table_->session() : nullptr, config_.seats(), over_);
}

}  // namespace tonk::serve
