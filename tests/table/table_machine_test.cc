// The served table's machine driven alone, as the server drives it but with no sockets, no storage
// and a clock the test turns: random tables of people and bots (random and greedy choices fed back
// as the bots' answers, some arriving after the table moved on), turn timers running out, people
// who lose their connection and come back, take their seat back, get ready, contribute to deals,
// leave or vote to end. After each table its log, replayed into a fresh machine, must give the same
// machine: seats, ledger, records, and every seat's `state` but for what is not logged (presence,
// readiness, deadlines).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "state_message.h"
#include "table_machine.h"
#include "tonk/bot_factory.h"
#include "tonk/preset.h"
#include "tonk/view_json.h"

namespace tonk::serve {
namespace {

using nlohmann::json;

// Hands in all, over every table: fewer under the sanitizers (an order of magnitude slower there).
int hands_wanted() {
  if (const char* env = std::getenv("TONK_MACHINE_HANDS")) return std::atoi(env);
#if defined(__SANITIZE_ADDRESS__)
  return 1000;
#else
  return 10000;
#endif
}


// The machine as logged: what a replay must reach. Volatile parts of the `state` messages (presence,
// readiness, the bot being asked, deadlines) are left out; everything else is every seat's state.
std::string dump(TableMachine& m) {
  std::array<bool, kMaxPlayers> everyone{};
  everyone.fill(true);
  m.set_presence(everyone, 1);
  json d;
  d["over"] = m.over();
  d["hand"] = m.hand_number();
  d["seq"] = m.seq();
  d["ledger"] = m.ledger_json();
  d["records"] = m.records();
  for (int s = 0; s < m.config().seats(); ++s) {
    const SeatInfo& info = m.seat(s);
    d["seats"].push_back({static_cast<int>(info.kind), info.name, info.token_hash, info.bot_kind, info.autoplay, info.ended});
  }
  const StateMessage writer(m.config());
  for (int s = -1; s < m.config().seats(); ++s) {
    const std::string text = writer.text(m, s, 0);
    json state = json::parse(text);
    {  // its bytes: the object dumped (keys sorted), with the view's own text as its value
      json without_view = state;
      without_view["view"] = nullptr;
      std::string expected = without_view.dump();
      if (const Table* table = m.table(); table && table->hand()) {
        const std::string view = s < 0 ? to_public_json(table->view(0)) : to_json(table->view(s));
        expected.replace(expected.find("\"view\":null"), 11, "\"view\":" + view);
      }
      EXPECT_EQ(expected, text) << "a state message's bytes are its object dumped";
    }
    for (const char* key : {"deadline_ms", "next_hand_ms", "thinking", "waiting_for", "watching"}) state.erase(key);
    for (json& seat : state["seats"]) seat.erase("connected");
    d["states"].push_back(std::move(state));
    if (std::optional<json> h = m.history().message(m.code(), s)) d["histories"].push_back(*h);
  }
  return d.dump();
}

// One table and the runtime the test plays: the log, the clock, the plan, the connections.
class Driver {
 public:
  Driver(TableConfig config, std::mt19937_64& rng, bool messages)
      : rng_(rng), machine_(config, [this](int bytes) { return seeded_hex(rng_, bytes); }), config_(std::move(config)) {
    machine_.set_messages(messages);
  }

  TableMachine& machine() { return machine_; }
  const std::vector<std::string>& log() const { return log_; }
  int refusals() const { return refusals_; }

  void record(const LogEntry& entry) {
    const std::string text = to_text(entry);
    ASSERT_EQ(to_text(parse_log_entry(text)), text) << "the codec reads back what it wrote";
    log_.push_back(text);
    for (const Effect& e : machine_.apply(entry)) {
      if (const TokenAdded* t = std::get_if<TokenAdded>(&e)) {
        EXPECT_TRUE(tokens_.emplace(t->hash, t->seat).second) << "a token registered twice";
      } else if (const TokenRemoved* t = std::get_if<TokenRemoved>(&e)) {
        tokens_.erase(t->hash);
      } else if (const RecordMade* r = std::get_if<RecordMade>(&e)) {
        EXPECT_FALSE(r->text.empty());
        EXPECT_NE(r->text.find("# fair"), std::string::npos) << "a record starts with its fair-deal lines";
      }
    }
  }

  // Judges a request; records what it makes. Returns the entries (none for a refusal).
  std::size_t run(const Request& request) {
    Decision d = machine_.decide(request, now_);
    if (std::holds_alternative<Refused>(d)) {
      ++refusals_;
      EXPECT_FALSE(std::get<Refused>(d).code.empty());
      return 0;
    }
    const auto& entries = std::get<std::vector<LogEntry>>(d);
    for (const LogEntry& e : entries) record(e);
    return entries.size();
  }

  // What the runtime does after each change: logs what the table does by itself, keeps the plan.
  void settle() {
    machine_.set_presence(connected_, 0);
    for (int guard = 0; guard < 256; ++guard) {
      std::variant<LogEntry, Plan> step = machine_.advance(now_);
      if (const LogEntry* e = std::get_if<LogEntry>(&step)) {
        record(*e);
        continue;
      }
      plan_ = std::get<Plan>(step);
      if (plan_.bot_seat >= 0) asked_.push_back(plan_);
      return;
    }
    ADD_FAILURE() << "the table never settles";
  }

  // One random event of a running table.
  void step() {
    now_ += static_cast<std::int64_t>(rng_() % 3000);
    const Table* table = machine_.table();
    const int seats = config_.seats();
    const int roll = static_cast<int>(rng_() % 1000);
    if (!asked_.empty() && roll < 450) {  // a bot answers; now and then one asked earlier, when the table moved on
      const std::size_t i = rng_() % 8 == 0 ? rng_() % asked_.size() : asked_.size() - 1;
      const Plan ask = asked_[i];
      asked_.erase(asked_.begin() + static_cast<std::ptrdiff_t>(i));
      if (!table || !table->in_hand() || table->to_move() != ask.bot_seat || machine_.seq() != ask.seq ||
          machine_.hand_number() != ask.hand || !machine_.bot_plays(ask.bot_seat)) {
        EXPECT_EQ(run(BotMove{ask.hand, ask.seq, ask.bot_seat, Action::take_stock()}), 0u) << "a stale answer is dropped";
      } else {
        auto& bot = bots_[static_cast<std::size_t>(ask.bot_seat)];
        if (!bot || bot->name() != ask.bot_kind) bot = make_bot(ask.bot_kind, rng_());
        ActionList legal;
        table->legal_actions(legal);
        const Action chosen = bot->choose(table->view(ask.bot_seat), legal);
        EXPECT_EQ(run(BotMove{ask.hand, ask.seq, ask.bot_seat, chosen}), 1u);
      }
      settle();
    } else if (table && table->in_hand() && !machine_.bot_plays(table->to_move()) && roll < 800) {  // a person acts
      const int seat = table->to_move();
      legal_->clear();
      table->legal_actions(*legal_);
      const Action a = (*legal_)[static_cast<int>(rng_() % static_cast<std::uint64_t>(legal_->size()))];
      const int mistake = static_cast<int>(rng_() % 40);
      const auto hand = static_cast<std::int64_t>(machine_.hand_number());
      const auto seq = static_cast<std::int64_t>(machine_.seq());
      if (mistake == 0) {
        EXPECT_EQ(run(ActRequest{seat, to_string(a), hand, seq + 1}), 0u) << "stale";
      } else if (mistake == 1) {
        EXPECT_EQ(run(ActRequest{seat, "fly away", hand, seq}), 0u) << "not an action";
      } else if (mistake == 2) {
        EXPECT_EQ(run(ActRequest{(seat + 1) % seats, to_string(a), hand, seq}), 0u) << "not this seat's turn";
      } else {
        EXPECT_EQ(run(ActRequest{seat, to_string(a), hand, seq}), 1u) << to_string(a);
        settle();
      }
    } else if (plan_.turn_until_ms && roll < 830) {  // the turn timer runs out
      now_ = std::max(now_, *plan_.turn_until_ms);
      run(TurnTimeout{});
      settle();
    } else if (plan_.pause_until_ms && roll < 900) {  // the pause between hands ends
      now_ = std::max(now_, *plan_.pause_until_ms);
      run(PauseOver{});
      settle();
    } else if (roll < 930) {  // a person's connection drops or comes back
      const int seat = static_cast<int>(rng_() % static_cast<std::uint64_t>(seats));
      if (machine_.holds(seat)) connected_[static_cast<std::size_t>(seat)] = !connected_[static_cast<std::size_t>(seat)];
      settle();
    } else if (roll < 960) {  // ready, or back from the turn timer's bot
      const int seat = static_cast<int>(rng_() % static_cast<std::uint64_t>(seats));
      if (!machine_.holds(seat)) return;
      if (machine_.seat(seat).autoplay) {
        run(BackRequest{seat});
        settle();
      } else if (machine_.set_ready(seat)) {
        settle();
      }
    } else if (roll < 990) {  // a contribution to the next deal (now and then for the wrong hand)
      const int seat = static_cast<int>(rng_() % static_cast<std::uint64_t>(seats));
      const int hand = machine_.hand_number() + (rng_() % 10 == 0 ? 2 : 1);
      if (machine_.holds(seat)) run(ContributeRequest{seat, hand, seeded_hex(rng_, 8)});
    } else if (roll < 997) {  // a vote to end the table
      const int seat = static_cast<int>(rng_() % static_cast<std::uint64_t>(seats));
      if (machine_.holds(seat)) {
        run(EndRequest{seat});
        settle();
      }
    } else {  // a person leaves for good
      const int seat = static_cast<int>(rng_() % static_cast<std::uint64_t>(seats));
      if (machine_.holds(seat)) {
        run(LeaveRequest{seat});
        connected_[static_cast<std::size_t>(seat)] = false;
        settle();
      }
    }
  }

  void seat_people() {
    settle();  // the seed of hand 1
    for (int s = 0; s < config_.seats(); ++s) {
      if (!config_.bots[static_cast<std::size_t>(s)].empty()) continue;
      if (machine_.ever_joined()) EXPECT_EQ(run(JoinRequest{"PLAYER 0", s, "", "x", ""}), 0u) << "a look-alike name is taken";
      const std::string entropy = rng_() % 2 ? seeded_hex(rng_, 4) : "";
      EXPECT_GE(run(JoinRequest{"player " + std::to_string(s), std::nullopt, entropy, seeded_hex(rng_, 32), ""}), 1u);
      connected_[static_cast<std::size_t>(s)] = true;
      settle();
    }
  }

  // The tokens still registered are those of the seats people hold.
  void check_tokens() {
    std::size_t held = 0;
    for (int s = 0; s < config_.seats(); ++s)
      if (machine_.holds(s) && !machine_.over()) {
        ++held;
        EXPECT_EQ(tokens_.count(machine_.seat(s).token_hash), 1u);
      }
    EXPECT_EQ(tokens_.size(), held);
  }

 private:
  std::mt19937_64& rng_;
  TableMachine machine_;
  TableConfig config_;
  std::vector<std::string> log_;
  std::int64_t now_ = 1'767'225'600'000;  // 2026-01-01
  Plan plan_;
  std::vector<Plan> asked_;  // bots asked and not answered yet
  std::array<bool, kMaxPlayers> connected_{};
  std::array<std::unique_ptr<Bot>, kMaxPlayers> bots_;
  std::map<std::string, int> tokens_;
  std::unique_ptr<ActionList> legal_ = std::make_unique<ActionList>();
  int refusals_ = 0;
};

TableConfig random_config(std::mt19937_64& rng, int n) {
  for (;;) {
    const std::span<const Preset> all = presets();
    const Preset& preset = all[rng() % all.size()];
    const int most = std::min(4, largest_table(preset));
    const int seats = 2 + static_cast<int>(rng() % static_cast<std::uint64_t>(most - 1));
    json create{{"seats", seats}, {"preset", preset.name}, {"pause_seconds", rng() % 3 == 0 ? 0 : 5},
                {"turn_seconds", rng() % 2 == 0 ? 0 : 20}, {"hands", rng() % 4 == 0 ? 0 : 3 + rng() % 12}};
    json bots = json::array();
    for (int s = 1; s < seats; ++s)  // seat 0 is a person's
      if (rng() % 2) bots.push_back({{"seat", s}, {"kind", rng() % 2 ? "random" : "greedy"}});
    create["bots"] = bots;
    try {
      return TableConfig::from_create(create, "T" + std::to_string(n));
    } catch (const ProtocolError&) {
      continue;  // a preset that needs what this draw left out (The Big One needs `hands`)
    }
  }
}

TEST(TableMachine, RandomTablesReplayFromTheirLogsToTheSameMachine) {
  std::mt19937_64 rng(20260101);
  const int wanted = hands_wanted();
  int hands = 0, tables = 0, refusals = 0, ended = 0;
  std::map<std::string, int> kinds;  // log entries of each kind
  while (hands < wanted) {
    Driver driver(random_config(rng, tables), rng, tables % 10 == 0);
    driver.seat_people();
    for (int i = 0; i < 6000 && !driver.machine().over(); ++i) {
      driver.step();
      if (::testing::Test::HasFatalFailure()) return;
    }
    driver.check_tokens();
    hands += driver.machine().hand_number();
    refusals += driver.refusals();
    ended += driver.machine().over();
    TableMachine replayed(driver.machine().config(), [](int) -> std::string {
      ADD_FAILURE() << "a replay draws no seed";
      return "";
    });
    replayed.set_messages(false);
    for (const std::string& text : driver.log()) {
      replayed.apply(parse_log_entry(text));
      ++kinds[json::parse(text).at("k").get<std::string>()];
    }
    ASSERT_EQ(dump(replayed), dump(driver.machine())) << "table " << tables << " does not replay to the same machine";
    ++tables;
  }
  EXPECT_GT(refusals, 0);
  for (const char* k : {"seed", "join", "contrib", "deal", "act", "timer", "auto", "leave", "end", "over"})
    EXPECT_GT(kinds[k], 0) << "no table logged a `" << k << "`";
  EXPECT_GT(ended, tables / 2) << "most tables play to their end";
  std::cout << tables << " tables, " << hands << " hands, " << refusals << " refusals, " << kinds["auto"]
            << " turn timers run out or taken back\n";
}

TEST(TableMachine, AnActionIsJudgedWhenDecidedAndTheRefusalNamesTheRule) {
  std::mt19937_64 rng(7);
  TableConfig config = TableConfig::from_create(json{{"seats", 2}, {"preset", "P-STD"}}, "T");
  Driver driver(config, rng, true);
  driver.seat_people();
  const Table* table = driver.machine().table();
  ASSERT_TRUE(table && table->in_hand());
  const int seat = table->to_move();
  const auto hand = static_cast<std::int64_t>(driver.machine().hand_number());
  // Discarding before drawing breaks the turn's order: the engine's rule ID comes back, nothing is logged.
  const Decision d = driver.machine().decide(ActRequest{seat, "discard " + to_string(table->view(seat).hand.first()), hand, 0}, 0);
  ASSERT_TRUE(std::holds_alternative<Refused>(d));
  EXPECT_EQ(std::get<Refused>(d).code, "illegal");
  EXPECT_FALSE(std::get<Refused>(d).rule_id.empty());
  EXPECT_NE(std::get<Refused>(d).rule_id, "table");
}

// A stored log is read back, not decided: an action in it that the engine refuses (a corrupt or
// edited database) stops the replay with the reason, instead of being applied unjudged.
TEST(TableMachine, AReplayedLogWithAnIllegalActionIsRefused) {
  std::mt19937_64 rng(7);
  TableConfig config = TableConfig::from_create(json{{"seats", 2}, {"preset", "P-STD"}}, "T");
  Driver driver(config, rng, true);
  driver.seat_people();
  TableMachine replayed(config, [](int) -> std::string { return "00"; });
  replayed.set_messages(false);
  for (const std::string& text : driver.log()) replayed.apply(parse_log_entry(text));
  const Table* table = replayed.table();
  ASSERT_TRUE(table && table->in_hand());
  const int seat = table->to_move();
  const ActEntry corrupt{seat, Action::discard(table->view(seat).hand.first()), false};  // before drawing (S9)
  try {
    replayed.apply(corrupt);
    ADD_FAILURE() << "an illegal logged action was applied";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("a logged action is refused"), std::string::npos) << e.what();
  }
}

// Chat (docs/PROTOCOL.md "Chat"): the machine decides a line (free text and spectators only where
// the table allows), logs it, keeps the latest lines across a replay, and the hands' records are the
// same bytes as at a table where nothing was said.
TEST(TableMachine, ChatIsDecidedLoggedReplayedAndNeverInARecord) {
  const json options{{"seats", 2}, {"preset", "P-STD"}, {"chat_text", true}, {"pause_seconds", 0}};
  TableConfig config = TableConfig::from_create(options, "T");
  std::mt19937_64 rng(11), quiet_rng(11);
  Driver driver(config, rng, true), quiet(config, quiet_rng, true);
  driver.seat_people();
  quiet.seat_people();
  EXPECT_EQ(driver.run(ChatRequest{0, "gg", ""}), 1u);
  EXPECT_EQ(driver.run(ChatRequest{1, "", "free text, SAID-AT-THE-TABLE"}), 1u);
  EXPECT_EQ(driver.run(ChatRequest{-1, "gg", ""}), 0u) << "a spectator, where the table does not allow it";
  const Decision d = driver.machine().decide(ChatRequest{-1, "gg", ""}, 0);
  ASSERT_TRUE(std::holds_alternative<Refused>(d));
  EXPECT_EQ(std::get<Refused>(d).code, "unauthorized");
  // The same table and the same events but for the chat: the same records, byte for byte.
  for (int i = 0; i < 20000 && driver.machine().records().size() < 2; ++i) {
    driver.step();
    quiet.step();
    if (i % 97 == 0) driver.run(ChatRequest{0, "nice_drop", ""});  // draws no randomness: the runs stay in step
  }
  ASSERT_GE(driver.machine().records().size(), 1u);
  EXPECT_EQ(driver.machine().records(), quiet.machine().records());
  for (const std::string& record : driver.machine().records()) {
    EXPECT_EQ(record.find("SAID-AT-THE-TABLE"), std::string::npos);
    EXPECT_EQ(record.find("nice_drop"), std::string::npos);
  }
  const std::vector<ChatLine>& lines = driver.machine().chat_lines();
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0].name, "player 0");
  EXPECT_EQ(lines[1].text, "free text, SAID-AT-THE-TABLE");
  TableMachine replayed(config, [](int) -> std::string { return "00"; });
  replayed.set_messages(false);
  for (const std::string& text : driver.log()) replayed.apply(parse_log_entry(text));
  ASSERT_EQ(replayed.chat_lines().size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(replayed.chat_lines()[i].text, lines[i].text);
    EXPECT_EQ(replayed.chat_lines()[i].phrase, lines[i].phrase);
    EXPECT_EQ(replayed.chat_lines()[i].at_ms, lines[i].at_ms);
  }
  EXPECT_EQ(dump(replayed), dump(driver.machine()));
  // A table that does not take free text refuses it.
  std::mt19937_64 rng2(3);
  Driver plain(TableConfig::from_create(json{{"seats", 2}}, "U"), rng2, true);
  plain.seat_people();
  const Decision text = plain.machine().decide(ChatRequest{0, "", "hi"}, 0);
  ASSERT_TRUE(std::holds_alternative<Refused>(text));
  EXPECT_EQ(std::get<Refused>(text).code, "bad_request");
}

}  // namespace
}  // namespace tonk::serve
