#include "offline_table.h"

#include <algorithm>
#include <stdexcept>

#include "protocol_json.h"
#include "server_message.h"
#include "tonk/bot_factory.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/player_name.h"
#include "tonk/preset.h"
#include "tonk/record.h"
#include "tonk/rng.h"
#include "tonk/rule_file.h"
#include "tonk/rule_options.h"
#include "tonk/view_json.h"

namespace tonk::web {

using nlohmann::json;

namespace {

constexpr const char* kPerson = "person";

std::uint64_t seed_of(const json& j) {
  if (j.is_number_unsigned()) return j.get<std::uint64_t>();
  if (j.is_number_integer() && j.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(j.get<std::int64_t>());
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (!s.empty() && s.size() <= 20 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::stoull(s);
  }
  throw std::invalid_argument("`seed` must be a whole number from 0 to 2^64-1 (a decimal string for large ones)");
}

// "you" for the person and each bot by its kind, numbered when a kind sits more than once
// ("greedy1", "greedy2"): the names `tonk play` and `tonk sim` give their seats.
std::vector<std::string> default_names(const std::vector<std::string>& seats) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (seats[i] == kPerson) { names.push_back("you"); continue; }
    const auto same = std::count(seats.begin(), seats.end(), seats[i]);
    const auto nth = std::count(seats.begin(), seats.begin() + static_cast<std::ptrdiff_t>(i), seats[i]) + 1;
    names.push_back(same == 1 ? seats[i] : seats[i] + std::to_string(nth));
  }
  return names;
}

}  // namespace

OfflineConfig OfflineConfig::from_json(const std::string& text) {
  const json j = json::parse(text, nullptr, false);
  if (!j.is_object()) throw std::invalid_argument("the table's config is not a JSON object");
  OfflineConfig c;
  if (j.contains("preset")) c.preset = j.at("preset").get<std::string>();
  if (j.contains("rules")) c.rule_text = j.at("rules").get<std::string>();
  if (!j.contains("seats") || !j.at("seats").is_array()) throw std::invalid_argument("`seats` (a list of \"person\" or bot kinds) is required");
  for (const json& s : j.at("seats")) {
    if (!s.is_string()) throw std::invalid_argument("`seats` holds a value that is not a string");
    c.seats.push_back(s.get<std::string>());
  }
  if (j.contains("names"))
    for (const json& n : j.at("names")) {
      if (!n.is_string()) throw std::invalid_argument("`names` holds a value that is not a string");
      c.names.push_back(n.get<std::string>());
    }
  if (j.contains("seed")) c.seed = seed_of(j.at("seed"));
  if (j.contains("hands")) {
    if (!j.at("hands").is_number_integer() || j.at("hands").get<std::int64_t>() < 0 || j.at("hands").get<std::int64_t>() > kMaxRecordHand)
      throw std::invalid_argument("`hands` must be a whole number from 0 (open-ended) to 999999999");
    c.hands = j.at("hands").get<int>();
  }
  if (j.contains("records")) c.records = j.at("records").get<bool>();
  return c;
}

OfflineTable::OfflineTable(const OfflineConfig& config)
    : seed_(config.seed), planned_(config.hands), keep_records_(config.records) {
  Rules rules;
  int max_players = kMaxPlayers;
  if (!config.rule_text.empty()) {
    const bool is_json = config.rule_text.find_first_not_of(" \t\r\n") != std::string::npos &&
                         config.rule_text[config.rule_text.find_first_not_of(" \t\r\n")] == '{';
    const RuleFile file = parse_rule_file(config.rule_text, is_json ? RuleFileFormat::kJson : RuleFileFormat::kToml, "rules");
    rules = file.rules;
    max_players = file.max_players;
  } else {
    const Preset& preset = preset_or_throw(config.preset);
    rules = preset.rules;
    max_players = largest_table(preset);
  }
  const int n = static_cast<int>(config.seats.size());
  if (n < 2 || n > max_players)
    throw std::invalid_argument("`seats`: these rules seat 2 to " + std::to_string(max_players) + " players, not " + std::to_string(n));
  rules.players = n;
  names_ = config.names.empty() ? default_names(config.seats) : config.names;
  if (static_cast<int>(names_.size()) != n) throw std::invalid_argument("`names` must name every seat");
  // A name a record cannot hold (player_name.h) is written as its seat, as `tonk serve` does.
  for (int s = 0; s < n; ++s)
    if (!name_problem(names_[static_cast<std::size_t>(s)]).empty()) names_[static_cast<std::size_t>(s)] = "seat " + std::to_string(s);
  std::vector<Seat> seats;
  for (int p = 0; p < n; ++p) {
    const std::string& kind = config.seats[static_cast<std::size_t>(p)];
    if (kind == kPerson) {
      if (person_ < 0) person_ = p;
      seats.push_back({names_[static_cast<std::size_t>(p)], nullptr});
    } else {
      seats.push_back({names_[static_cast<std::size_t>(p)], make_bot(kind, mix_seed(seed_, 100 + static_cast<std::uint64_t>(p)))});
    }
  }
  table_ = std::make_unique<Table>(make_game(rules), std::move(seats), TableOptions{seed_, -1, planned_});
  if (person_ >= 0) table_->listen(person_, [this](const TableEvent& e) { on_event(e); });
}

void OfflineTable::on_event(const TableEvent& e) {
  if (e.kind == TableEventKind::kHandDealt || e.kind == TableEventKind::kAction) {
    history_.note(e, table_->name(e.kind == TableEventKind::kHandDealt ? e.view->dealer : e.actor), false);
    messages_.push_back(history_.latest(kOfflineCode, e.seat));
  } else if (e.kind == TableEventKind::kSessionBooked) {
    json m = serve::hand_over_json(kOfflineCode, e.hand_number, *e.view, *e.booked);
    m["ledger"] = serve::ledger_json(&table_->session(), table_->num_seats(), false);
    messages_.push_back(std::move(m));
  }
}

void OfflineTable::deal() {
  if (table_->session().is_over())  // the first session has the table's seed; later ones mix in their number
    table_->new_session({mix_seed(seed_, 1000 + static_cast<std::uint64_t>(sessions_++)), -1, planned_});
  table_->deal();
  after_move();
}

void OfflineTable::after_move() {
  if (!keep_records_ || table_->in_hand() || !table_->hand()) return;
  const HandLedger& booked = table_->session().last_hand();
  if (static_cast<int>(records_.size()) < booked.number) records_.resize(static_cast<std::size_t>(booked.number));
  records_[static_cast<std::size_t>(booked.number - 1)] =
      write_record(make_record(*table_->hand(), names_, booked.number, session_tags(booked)));
}

std::optional<Refusal> OfflineTable::act(int seat, const std::string& action) {
  std::string error;
  const std::optional<Action> a = parse_action(action, &error);
  if (!a) return Refusal{"table", "`" + action + "` is not an action: " + error};
  std::optional<Refusal> refused = table_->submit(seat, *a);
  if (!refused) after_move();
  return refused;
}

bool OfflineTable::step_bot() {
  const bool moved = table_->step_bot();
  if (moved) after_move();
  return moved;
}

int OfflineTable::run_bots() {
  int n = 0;
  while (step_bot()) ++n;
  return n;
}

std::string OfflineTable::state_json(int seat) const {
  const Table& t = *table_;
  const int players = t.num_seats();
  json view = nullptr;
  json legal = json::array();
  if (t.hand()) {
    view = json::parse(to_json(t.view(seat)));
    if (t.in_hand() && t.to_move() == seat && t.is_person(seat)) {
      ActionList list;
      t.legal_actions(list);
      for (const Action& a : list) legal.push_back(serve::action_json(a, t.game()));
    }
  }
  json seats = json::array();
  for (int s = 0; s < players; ++s) {
    json j{{"seat", s}, {"name", t.name(s)}, {"kind", t.is_person(s) ? "person" : "bot"}, {"connected", true}, {"auto", false}};
    seats.push_back(std::move(j));
  }
  json waiting = json::array();
  if (t.hand() && !t.in_hand() && person_ >= 0) waiting.push_back(person_);
  const bool over = planned_ > 0 && t.session().is_over();  // a session of planned length ends the table
  const char* status = !t.hand() ? "waiting" : t.in_hand() ? "playing" : over ? "over" : "between";
  json m{{"type", "state"},      {"table", kOfflineCode},
         {"seat", seat},         {"hand", t.hand_number()},
         {"seq", t.hand() ? t.hand()->history().size() : 0},
         {"status", status},     {"view", view},
         {"legal", legal},       {"to_move", t.to_move()},
         {"deadline_ms", nullptr}, {"seats", seats},
         {"ledger", serve::ledger_json(t.hand() ? &t.session() : nullptr, players, over)},
         {"rules", to_string(t.game().rules())},
         {"preset", ""},         {"fair", nullptr},
         {"thinking", nullptr},  {"next_hand_ms", nullptr},
         {"waiting_for", waiting}, {"watching", 0}};
  return m.dump();
}

std::string OfflineTable::history_json(int seat) const {
  const std::optional<json> m = history_.message(kOfflineCode, seat);
  return m ? m->dump() : "null";
}

std::string OfflineTable::take_messages() {
  std::string out = messages_.dump();
  messages_ = json::array();
  return out;
}

std::string OfflineTable::hint_json(int seat, int worlds, std::uint64_t seed) const {
  const Table& t = *table_;
  if (!t.in_hand() || t.to_move() != seat) throw std::logic_error("a hint is for the seat to move");
  const View view = t.view(seat);
  ActionList legal;
  t.legal_actions(legal);
  MonteCarloBot bot(SearchBudget::of_worlds(worlds), seed);
  const std::vector<ActionValue> values = bot.evaluate(view, legal);  // the seat's own View only
  return serve::out::hint(t.hand_number(), t.hand()->history().size(), serve::hint_actions_json(values, t.game()), std::nullopt)
      .dump();
}

const std::string& OfflineTable::record(int number) const {
  static const std::string kNone;
  if (number < 1 || number > static_cast<int>(records_.size())) return kNone;
  return records_[static_cast<std::size_t>(number - 1)];
}

std::string OfflineTable::records() const {
  std::string out;
  for (const std::string& r : records_) {
    if (r.empty()) continue;
    if (!out.empty()) out += "\n";
    out += r;
  }
  return out;
}

}  // namespace tonk::web
