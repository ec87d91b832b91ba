// A listed table's wait for people (quick play): logged when its first person sits, run out by
// FillTimeout at the time the plan names, bots of the table's level take the open seats (named
// apart from the people), the first hand is dealt, and the log replays to the same seats.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "state_message.h"
#include "table_machine.h"
#include "tonk/preset.h"

namespace tonk::serve {
namespace {

TableConfig listed_config(int seats, std::int64_t wait_ms, const std::string& level = "easy") {
  TableConfig c;
  c.code = "QUICK1";
  c.rules = find_preset("P-STD")->rules;
  c.rules.players = seats;
  c.listed = true;
  c.rated = true;
  c.wait_ms = wait_ms;
  c.fill_bots = level;
  return c;
}

RandomHex counting_hex() {
  return [n = 0](int bytes) mutable {
    std::string out(static_cast<std::size_t>(bytes) * 2, '0');
    const std::string tail = std::to_string(++n);
    out.replace(out.size() - tail.size(), tail.size(), tail);
    return out;
  };
}

// The runtime's part, as ServerTable plays it: decide, apply, advance until a plan.
struct Driven {
  explicit Driven(TableConfig config) : machine(std::move(config), counting_hex()) {}
  TableMachine machine;
  std::vector<std::string> log;
  Plan plan;
  std::vector<HandFinished> finished;  // every HandFinished effect, in order
  void record(const std::vector<LogEntry>& entries) {
    for (const LogEntry& e : entries) {
      log.push_back(to_text(e));
      for (const Effect& effect : machine.apply(e))
        if (const HandFinished* h = std::get_if<HandFinished>(&effect)) finished.push_back(*h);
    }
  }
  void settle(std::int64_t now) {
    std::array<bool, kMaxPlayers> connected{};
    for (int s = 0; s < machine.config().seats(); ++s) connected[static_cast<std::size_t>(s)] = machine.holds(s);
    machine.set_presence(connected, 0);
    for (int guard = 0; guard < 64; ++guard) {
      auto step = machine.advance(now);
      if (const LogEntry* e = std::get_if<LogEntry>(&step)) {
        record({*e});
        continue;
      }
      plan = std::get<Plan>(step);
      return;
    }
    FAIL() << "never settles";
  }
  void join(const std::string& name, std::int64_t now, const std::string& player = "") {
    Decision d = machine.decide(JoinRequest{name, std::nullopt, "", "hash-" + name, player}, now);
    ASSERT_TRUE(std::holds_alternative<std::vector<LogEntry>>(d));
    record(std::get<std::vector<LogEntry>>(d));
    settle(now);
  }
};

TEST(QuickFill, TheWaitStartsWithTheFirstPersonAndBotsFillTheRestWhenItRunsOut) {
  Driven run(listed_config(4, 20'000));
  run.settle(1'000);
  EXPECT_FALSE(run.plan.fill_until_ms) << "nobody sat yet: no wait";
  run.join("Ann", 5'000);
  ASSERT_TRUE(run.plan.fill_until_ms);
  EXPECT_EQ(*run.plan.fill_until_ms, 25'000);
  EXPECT_EQ(run.machine.bots_at_ms(), std::optional<std::int64_t>(25'000));
  EXPECT_EQ(run.machine.waiting_since_ms(), std::optional<std::int64_t>(5'000));
  run.join("easy", 9'000);  // a person named like the level: the bots are named apart
  EXPECT_EQ(*run.plan.fill_until_ms, 25'000) << "another person does not restart the wait";
  EXPECT_EQ(run.machine.open_seats(), 2);
  EXPECT_TRUE(run.machine.rated());
  // The state says when bots come.
  const nlohmann::json state = nlohmann::json::parse(StateMessage(run.machine.config()).text(run.machine, 0, 12'000));
  EXPECT_EQ(state["bots_in_ms"], 13'000);
  EXPECT_EQ(state["status"], "waiting");

  Decision d = run.machine.decide(FillTimeout{}, 25'000);
  ASSERT_TRUE(std::holds_alternative<std::vector<LogEntry>>(d));
  ASSERT_EQ(std::get<std::vector<LogEntry>>(d).size(), 1u);
  run.record(std::get<std::vector<LogEntry>>(d));
  run.settle(25'000);
  EXPECT_EQ(run.machine.open_seats(), 0);
  EXPECT_FALSE(run.machine.rated()) << "bots filled seats: not rated";
  EXPECT_EQ(run.machine.status(), std::string("playing")) << "every seat taken: the first hand is dealt";
  EXPECT_FALSE(run.machine.bots_at_ms());
  std::vector<std::string> names;
  for (int s = 0; s < 4; ++s) names.push_back(run.machine.seat(s).name);
  EXPECT_EQ(names, (std::vector<std::string>{"Ann", "easy", "easy 1", "easy 2"}));
  EXPECT_EQ(run.machine.seat(2).kind, SeatKind::kBot);
  EXPECT_EQ(run.machine.seat(3).bot_kind, "easy");

  // The log replays to the same seats.
  TableMachine again(run.machine.config(), [](int) -> std::string { throw std::logic_error("no seed on replay"); });
  again.set_messages(false);
  for (const std::string& e : run.log) again.apply(parse_log_entry(e));
  for (int s = 0; s < 4; ++s) EXPECT_EQ(again.seat(s).name, names[static_cast<std::size_t>(s)]);
  EXPECT_EQ(again.status(), std::string("playing"));
}

TEST(QuickFill, AFullTableNeedsNoBotsAndStaysRated) {
  Driven run(listed_config(2, 20'000));
  run.join("Ann", 0);
  run.join("Bob", 1'000);
  EXPECT_EQ(run.machine.status(), std::string("playing"));
  EXPECT_TRUE(run.machine.rated());
  Decision d = run.machine.decide(FillTimeout{}, 20'000);  // a timer armed before the table filled
  EXPECT_TRUE(std::get<std::vector<LogEntry>>(d).empty());
}

// A rated table's booked hand names each seat's player id for the host to rate (HandFinished); a
// seat without one is nullopt, and so is a seat a bot took when its person left.
TEST(QuickFill, ABookedHandOfARatedTableNamesEachSeatsPlayer) {
  for (const bool leaves : {false, true}) {
    Driven run(listed_config(2, 20'000));
    run.join("Ann", 0, std::string(64, 'a'));
    run.join("Bob", 1'000, leaves ? std::string(64, 'b') : "");
    if (leaves) {
      run.record(std::get<std::vector<LogEntry>>(run.machine.decide(LeaveRequest{1}, 2'000)));
      run.settle(2'000);
    }
    std::int64_t now = 2'000;
    for (int turn = 0; turn < 500 && run.finished.empty(); ++turn) {
      now += 10;
      if (run.plan.bot_seat >= 0) {
        ActionList legal;
        run.machine.table()->legal_actions(legal);
        run.record(std::get<std::vector<LogEntry>>(run.machine.decide(BotMove{run.plan.hand, run.plan.seq, run.plan.bot_seat, legal[0]}, now)));
      } else {
        const Table* table = run.machine.table();
        ASSERT_TRUE(table && table->in_hand()) << run.machine.status();
        ActionList legal;
        table->legal_actions(legal);
        run.record(std::get<std::vector<LogEntry>>(run.machine.decide(
            ActRequest{table->to_move(), to_string(legal[0]), run.machine.hand_number(), static_cast<std::int64_t>(run.machine.seq())}, now)));
      }
      run.settle(now);
    }
    ASSERT_FALSE(run.finished.empty()) << "a hand was booked";
    const HandFinished& h = run.finished.front();
    EXPECT_EQ(h.hand, 1);
    ASSERT_EQ(h.seats.size(), 2u);
    EXPECT_EQ(h.seats[0], std::optional<std::string>(std::string(64, 'a')));
    EXPECT_EQ(h.seats[1], std::nullopt) << (leaves ? "a bot took the seat" : "a seat without a player id");
    EXPECT_EQ(h.names[0], "Ann");
  }
}

TEST(QuickFill, APrivateTableNeverWaitsNorFills) {
  TableConfig c = listed_config(3, 20'000);
  c.listed = false;
  Driven run(c);
  run.join("Ann", 0);
  EXPECT_FALSE(run.plan.fill_until_ms);
  EXPECT_TRUE(std::get<std::vector<LogEntry>>(run.machine.decide(FillTimeout{}, 50'000)).empty());
  const nlohmann::json state = nlohmann::json::parse(StateMessage(run.machine.config()).text(run.machine, 0, 0));
  EXPECT_FALSE(state.contains("bots_in_ms")) << "a private table's state is as before";
}

// Only the seats in `here` are connected (the runtime's presence), as the fill timer sees it.
void present_only(TableMachine& m, std::initializer_list<int> here) {
  std::array<bool, kMaxPlayers> connected{};
  for (int s : here) connected[static_cast<std::size_t>(s)] = true;
  m.set_presence(connected, 0);
}

std::vector<std::string> texts(const Decision& d) {
  std::vector<std::string> out;
  for (const LogEntry& e : std::get<std::vector<LogEntry>>(d)) out.push_back(to_text(e));
  return out;
}

TEST(QuickFill, WhoWentAwayWhileItWaitedGivesTheSeatUpBeforeTheBotsFill) {
  Driven run(listed_config(3, 20'000));
  run.join("Ann", 0);
  run.join("Bob", 1'000);
  present_only(run.machine, {0});  // Bob closed the page
  const Decision d = run.machine.decide(FillTimeout{}, 20'000);
  EXPECT_EQ(texts(d), (std::vector<std::string>{R"({"k":"vacate","seat":1})", R"({"k":"fill","kind":"easy"})"}));
  const Effects effects = run.machine.apply(std::get<std::vector<LogEntry>>(d)[0]);
  bool token_gone = false;
  for (const Effect& e : effects)
    if (const auto* t = std::get_if<TokenRemoved>(&e)) token_gone = t->hash == "hash-Bob";
  EXPECT_TRUE(token_gone) << "Bob's token stops working";
  EXPECT_EQ(run.machine.seat(1).kind, SeatKind::kOpen);
  EXPECT_EQ(run.machine.seat(1).name, "");
  run.log.push_back(to_text(std::get<std::vector<LogEntry>>(d)[0]));
  run.record({std::get<std::vector<LogEntry>>(d)[1]});
  run.settle(20'000);
  EXPECT_EQ(run.machine.status(), std::string("playing"));
  EXPECT_EQ(run.machine.seat(0).name, "Ann");
  EXPECT_EQ(run.machine.seat(1).kind, SeatKind::kBot);
  EXPECT_EQ(run.machine.seat(2).kind, SeatKind::kBot);
  // The log replays to the same seats.
  TableMachine again(run.machine.config(), [](int) -> std::string { throw std::logic_error("no seed on replay"); });
  again.set_messages(false);
  for (const std::string& e : run.log) again.apply(parse_log_entry(e));
  for (int s = 0; s < 3; ++s) EXPECT_EQ(again.seat(s).name, run.machine.seat(s).name);
}

TEST(QuickFill, WithNobodyLeftWhenTheWaitRunsOutTheTableEnds) {
  Driven run(listed_config(3, 20'000));
  run.join("Ann", 0);
  present_only(run.machine, {});
  const Decision d = run.machine.decide(FillTimeout{}, 20'000);
  EXPECT_EQ(texts(d), (std::vector<std::string>{R"({"k":"vacate","seat":0})", R"({"k":"over","why":"left"})"}));
  run.record(std::get<std::vector<LogEntry>>(d));
  EXPECT_EQ(run.machine.status(), std::string("over")) << "no bots start a hand for nobody";
}

TEST(QuickFill, LeavingBeforeTheFirstDealOpensTheSeatAgainAndAfterItABotPlaysIt) {
  TableConfig c = listed_config(3, 20'000);
  c.listed = false;
  Driven run(c);
  run.join("Ann", 0);
  run.join("Bob", 0);
  const Decision d = run.machine.decide(LeaveRequest{1}, 0);
  EXPECT_EQ(texts(d), std::vector<std::string>{R"({"k":"vacate","seat":1})"});
  run.record(std::get<std::vector<LogEntry>>(d));
  EXPECT_EQ(run.machine.open_seats(), 2) << "a bot takes a seat only once a hand was dealt";
  EXPECT_FALSE(run.machine.holds(1));
  run.join("Bob", 0);  // his name is free again
  run.join("Cy", 0);
  EXPECT_EQ(run.machine.status(), std::string("playing"));
  EXPECT_EQ(texts(run.machine.decide(LeaveRequest{2}, 0)), std::vector<std::string>{R"({"k":"leave","seat":2})"});
  // A vacate after the deal is a corrupt log: refused, not applied.
  EXPECT_THROW(run.machine.apply(VacateEntry{0}), std::runtime_error);
  EXPECT_EQ(to_text(parse_log_entry(R"({"k":"vacate","seat":2})")), R"({"k":"vacate","seat":2})");
}

// A rematch (a private table offered to an ended table's seats) waits as a listed table does, and
// without a level its open seats are greedy bots'; its state counts down too.
TEST(QuickFill, ARematchWaitsForItsSeatsThenGreedyBotsFillThem) {
  TableConfig c = listed_config(3, 60'000, "");
  c.listed = false;
  c.rated = false;
  c.rematch_of = "OLD123";
  Driven run(c);
  run.join("Ann", 1'000);
  ASSERT_TRUE(run.plan.fill_until_ms);
  EXPECT_EQ(*run.plan.fill_until_ms, 61'000);
  const nlohmann::json waiting = nlohmann::json::parse(StateMessage(run.machine.config()).text(run.machine, 0, 1'000));
  EXPECT_EQ(waiting["bots_in_ms"], 60'000);
  run.record(std::get<std::vector<LogEntry>>(run.machine.decide(FillTimeout{}, 61'000)));
  run.settle(61'000);
  for (int s = 1; s < 3; ++s) {
    EXPECT_EQ(run.machine.seat(s).kind, SeatKind::kBot);
    EXPECT_EQ(run.machine.seat(s).bot_kind, kAutoBot);
  }
  EXPECT_NE(run.machine.table(), nullptr) << "every seat taken: the first hand is dealt";
}

TEST(QuickFill, TheNewEntriesReadBackAsWritten) {
  for (const LogEntry& e : {LogEntry{WaitEntry{1234567}}, LogEntry{FillEntry{"hard"}}}) {
    const std::string text = to_text(e);
    EXPECT_EQ(to_text(parse_log_entry(text)), text);
  }
  EXPECT_EQ(to_text(WaitEntry{5}), R"({"k":"wait","until":5})");
  EXPECT_EQ(to_text(FillEntry{"easy"}), R"({"k":"fill","kind":"easy"})");
}

TEST(QuickFill, TheConfigurationKeepsItsWaitAndLevelAndAPrivateOneIsStoredAsBefore) {
  TableConfig c = listed_config(3, 7'000, "hard");
  const TableConfig back = TableConfig::from_json(c.to_json());
  EXPECT_TRUE(back.listed);
  EXPECT_EQ(back.wait_ms, 7'000);
  EXPECT_EQ(back.fill_bots, "hard");
  c.listed = c.rated = false;
  c.wait_ms = 0;
  c.fill_bots.clear();
  EXPECT_EQ(c.to_json().find("\"wait_ms\""), std::string::npos);
  EXPECT_EQ(c.to_json().find("\"fill_bots\""), std::string::npos);
  EXPECT_EQ(c.to_json().find("\"listed\""), std::string::npos);
}

}  // namespace
}  // namespace tonk::serve
