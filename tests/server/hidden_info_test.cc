// Hidden information through the real server: thousands of random hands with
// scripted clients at several tables (people, bots, spectators, several presets); after each hand the
// client downloads its record, replays it with the engine, and checks every message it received
// during the hand against the true state: a seat's `state` holds exactly the engine's View of that
// seat (docs/VIEW_JSON.md) and its legal actions, a spectator's only the public view, an `event`
// names the card drawn from the stock to the drawer alone, and no message names a card the client
// could not see then.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <thread>

#include "hidden_info_checker.h"
#include "tonk/hand.h"
#include "tonk/rng.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

constexpr int kTables = 4;
// 500 a table, 2,000 hands in all. scripts/sanitize.sh sets TONK_SERVE_HANDS_PER_TABLE=100:
// under ASan the full count takes about three minutes of CI's 45, and the sanitizers look for memory
// errors, which the plain build's full run does not; a value that is not a number from 1 to 500 is 500.
int hands_per_table() {
  const char* v = std::getenv("TONK_SERVE_HANDS_PER_TABLE");
  if (v == nullptr) return 500;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  return *v != '\0' && *end == '\0' && n >= 1 && n <= 500 ? static_cast<int>(n) : 500;
}

// Plays (or, for a spectator, watches) until `hands` hands are over, checking each after it ends.
// In every fifth hand, three actions in, it sends `again` (its seat's `resume`, or the spectator's
// `watch`) as a reloading page would, and so gets the hand so far (`history`) checked too.
void run_client(WsClient& c, Checker& checker, int hands, std::uint64_t seed, const json& again) {
  std::mt19937_64 rng(seed);
  std::map<long long, std::vector<json>> by_hand;
  long long acted_hand = -1, acted_seq = -1, request = 1000;
  std::map<long long, long long> record_requests;  // id -> hand
  int over = 0;
  long long again_hand = -1, last_over = 0;
  while (checker.hands_checked < hands) {
    const json m = c.next();
    const std::string type = m.value("type", "");
    if ((type == "state" || type == "event" || type == "history") && m["hand"].get<long long>() > 0) by_hand[m["hand"]].push_back(m);
    if (type == "state" && m["hand"].get<long long>() % 5 == 0 && m["seq"] == 3 && m["hand"] != again_hand) {
      again_hand = m["hand"];
      c.send(again);
    }
    if (type == "state" && checker.seat >= 0 && !m["legal"].empty() &&
        (m["hand"].get<long long>() != acted_hand || m["seq"].get<long long>() != acted_seq)) {
      acted_hand = m["hand"];
      acted_seq = m["seq"];
      const json& legal = m["legal"];
      c.send({{"type", "act"}, {"action", legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]["id"]},
              {"hand", acted_hand}, {"seq", acted_seq}});
    } else if (type == "hand_over" && over < hands) {
      // Every hand's end is told, in order: the last to join a table too (hand 1 may end at its deal, S7).
      if (m["hand"] != last_over + 1) checker.fail("hand_over of hand " + m["hand"].dump() + " after hand " + std::to_string(last_over) + "'s");
      last_over = m["hand"];
      ++over;
      record_requests[++request] = m["hand"];
      c.send({{"type", "record"}, {"id", request}, {"hand", m["hand"]}});
      if (checker.seat >= 0) c.send({{"type", "ready"}});
    } else if (type == "record") {
      const long long h = record_requests.at(m["re"]);
      checker.check(by_hand[h], m["text"]);
      by_hand.erase(h);
    } else if (type == "error") {
      checker.fail("error: " + m.dump());
    }
  }
}

TEST(ServeHiddenInformation, TwoThousandRandomHandsNoMessageHoldsAHiddenCard) {
  ServerProcess server(":memory:", 2, "1000000");
  const std::vector<json> tables = {
      {{"seats", 2}},
      {{"seats", 3}, {"preset", "rush"}, {"bots", {{{"seat", 1}, {"kind", "random"}}}}},
      {{"seats", 4}, {"preset", "chicago"}, {"bots", {{{"seat", 0}, {"kind", "greedy"}}, {{"seat", 3}, {"kind", "random"}}}}},
      {{"seats", 3}, {"set", {"slapping=on"}}, {"bots", {{{"seat", 2}, {"kind", "random"}}}}},
  };
  ASSERT_EQ(tables.size(), static_cast<std::size_t>(kTables));
  std::vector<std::unique_ptr<WsClient>> clients;
  std::vector<std::unique_ptr<Checker>> checkers;
  std::vector<json> again;  // per client: what it sends to be sent the hand so far
  WsClient lobby(server.port());
  for (json t : tables) {
    t["type"] = "create";
    t["pause_seconds"] = 0;
    const json created = lobby.request(t);
    ASSERT_EQ(created["type"], "created") << created.dump();
    auto spectator = std::make_unique<WsClient>(server.port());
    ASSERT_EQ(spectator->request({{"type", "watch"}, {"table", created["table"]}})["type"], "watching");
    clients.push_back(std::move(spectator));
    checkers.push_back(std::make_unique<Checker>());
    again.push_back({{"type", "watch"}, {"table", created["table"]}});
    const int persons = t["seats"].get<int>() - (t.contains("bots") ? static_cast<int>(t["bots"].size()) : 0);
    for (int p = 0; p < persons; ++p) {
      auto c = std::make_unique<WsClient>(server.port());
      const json j = c->request({{"type", "join"}, {"table", created["table"]}, {"name", "P" + std::to_string(p)}});
      ASSERT_EQ(j["type"], "joined") << j.dump();
      again.push_back({{"type", "resume"}, {"token", j["token"]}});
      checkers.push_back(std::make_unique<Checker>());
      checkers.back()->seat = j["seat"];
      clients.push_back(std::move(c));
    }
  }
  const int per_table = hands_per_table();
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < clients.size(); ++i)
    threads.emplace_back([&, i] {
      try {
        run_client(*clients[i], *checkers[i], per_table, 1000 + i, again[i]);
      } catch (const std::exception& e) {
        checkers[i]->fail(std::string("client stopped: ") + e.what());
      }
    });
  for (std::thread& t : threads) t.join();
  int hands = 0, messages = 0, histories = 0;
  for (std::size_t i = 0; i < checkers.size(); ++i) {
    const Checker& k = *checkers[i];
    for (const std::string& f : k.failures) ADD_FAILURE() << "client " << i << " (seat " << k.seat << "): " << f;
    EXPECT_EQ(k.hands_checked, per_table) << "client " << i;
    if (k.seat < 0) hands += k.hands_checked;
    messages += k.messages_checked;
    histories += k.histories_checked;
  }
  EXPECT_EQ(hands, kTables * per_table);
  EXPECT_GT(histories, 0);
  std::cout << hands << " hands, " << messages << " messages checked, " << histories << " of them histories\n";
}

// The oracle's card scan: what it counts as a card in a message's text, and what it does not.
TEST(ServeHiddenInformation, CardsInNamesCardsNotRunPlacesOrRuleIds) {
  const auto cards = [](const json& j) {
    std::set<std::string> out;
    cards_in(j, out);
    return out;
  };
  using Set = std::set<std::string>;
  EXPECT_EQ(cards(json("Kc")), (Set{"Kc"}));
  EXPECT_EQ(cards(json("Ann lays Ts Js Qs and hits X2 on run:3h (V13a, V13d) S17")), (Set{"Ts", "Js", "Qs", "X2"}));
  EXPECT_EQ(cards(json("run:3h")), Set{});
  EXPECT_EQ(cards(json("run:3")), Set{});  // not a run place: "3" alone is no card
  EXPECT_EQ(cards(json("I1 V23b S4x 7d")), (Set{"7d"}));
  EXPECT_EQ(cards(json("TS17 X5 X4 Ah5c")), (Set{"X4", "Ah", "5c"}));  // "S17" inside a word is not a rule ID
  EXPECT_EQ(cards(json("AAc2h")), (Set{"Ac", "2h"}));
  EXPECT_EQ(cards(json({{"hand", {"9h", "Qd"}}, {"n", 3}, {"t", {{"x", "Jc"}}}})), (Set{"9h", "Qd", "Jc"}));
  // Found by fuzz_protocol: a player named "Anscard Ac" made the oracle report a hidden card. Names
  // are blanked out first.
  std::set<std::string> out;
  cards_in(json({{"seats", {{{"name", "Anscard Ac"}}, {{"name", "Ac"}}}}, {"text", "Anscard Ac draws from the stock (7c); Ac hits 4d."}}), out,
           {"Anscard Ac", "Ac"});
  EXPECT_EQ(out, (Set{"7c", "4d"}));
}

// The oracle itself: the true messages of a hand pass, and each kind of leak is reported. A random
// hand of the standard game (S1-S18) seen from seat 0, with the messages the server would send.
TEST(ServeHiddenInformation, TheCheckerPassesTheTruthAndReportsEachLeak) {
  Rules rules;
  Hand hand(make_game(rules), [&] {
    Rng rng(12);
    return shuffled_deck(*make_game(rules), rng);
  }(), 0);
  std::vector<json> messages;
  std::mt19937_64 pick(3);
  std::size_t seq = 0;
  std::string bob_card;  // a card in seat 1's hand after the first move, hidden from seat 0 then
  for (; !hand.is_over(); ++seq) {
    json legal = json::array();
    if (hand.current_player() == 0)
      for (const Action& a : hand.legal_actions()) legal.push_back({{"id", to_string(a)}});
    messages.push_back({{"type", "state"}, {"seq", seq}, {"view", json::parse(to_json(hand.view(0)))}, {"legal", legal}});
    const ActionList actions = hand.legal_actions();
    const Action a = actions[std::uniform_int_distribution<std::size_t>(0, actions.size() - 1)(pick)];
    const int actor = hand.current_player();
    json event{{"type", "event"}, {"seq", seq + 1}, {"actor", actor}, {"action", a.kind == ActionKind::kTakeStock ? "stock" : "other"}, {"drawn", nullptr}};
    if (a.kind == ActionKind::kTakeStock && actor == 0) event["drawn"] = to_string(hand.state().stock()[0]);
    hand.apply(a);
    messages.push_back(event);
    if (seq == 0 && !hand.is_over())
      for (Card c : hand.state().hand(1)) bob_card = to_string(c);
  }
  messages.push_back({{"type", "state"}, {"seq", seq}, {"view", json::parse(to_json(hand.view(0)))}, {"legal", json::array()}});
  const std::string record = write_record(make_record(hand, {"Ann", "Bob"}, 1));
  ASSERT_FALSE(bob_card.empty());
  ASSERT_GT(messages.size(), 4u);

  const auto failures = [&](const std::vector<json>& ms, int seat) {
    Checker k;
    k.seat = seat;
    k.check(ms, record);
    return k.failures;
  };
  EXPECT_EQ(failures(messages, 0), std::vector<std::string>{});
  // The same truth shared by two checks (the fuzz target's way), with the messages as pointers.
  const HandTruth truth = hand_truth(record, 0);
  std::vector<const json*> pointers;
  for (const json& m : messages) pointers.push_back(&m);
  Checker shared;
  shared.seat = 0;
  shared.check(pointers, truth);
  shared.check(pointers, truth);
  EXPECT_TRUE(shared.failures.empty());
  EXPECT_EQ(shared.hands_checked, 2);

  const auto first_failure = [&](std::vector<json> ms, int seat) {
    const std::vector<std::string> f = failures(ms, seat);
    return f.empty() ? std::string() : f[0];
  };
  std::vector<json> leak = messages;
  leak[2]["text"] = "Bob holds " + bob_card;  // the state at seq 1 names a card of Bob's
  EXPECT_NE(first_failure(leak, 0).find("names " + bob_card + " hidden from seat 0"), std::string::npos);
  leak = messages;
  leak[0]["view"]["hand"].push_back(bob_card);  // a view that is not the engine's
  EXPECT_NE(first_failure(leak, 0).find("state view differs"), std::string::npos);
  leak = messages;
  leak[0]["legal"] = json::array({{{"id", "drop"}}, {{"id", "nonsense"}}});
  EXPECT_NE(first_failure(leak, 0).find("legal actions differ at seq 0"), std::string::npos);
  // A spectator is shown seat 0's hand: its view differs from the public one, and names cards.
  EXPECT_NE(first_failure(messages, -1).find("state view differs"), std::string::npos);
  leak = messages;
  leak[0]["seq"] = 100000;
  EXPECT_NE(first_failure(leak, 0).find("beyond the record"), std::string::npos);
  EXPECT_EQ(first_failure(messages, 0), "");
  // The hand so far as a `history`: the events as sent live pass; a draw of Bob's named to seat 0,
  // or an event that is not what was sent live, fails.
  json history{{"type", "history"}, {"hand", 1}, {"seq", 0}, {"events", json::array()}};
  std::vector<json> live;
  for (const json& m : messages)
    if (m["type"] == "event") live.push_back(m);
  json deal{{"type", "event"}, {"hand", 1}, {"seq", 0}, {"actor", 0}, {"action", nullptr}, {"drawn", nullptr}};
  history["events"].push_back(deal);
  for (json e : live) {
    e["hand"] = 1;
    history["events"].push_back(e);
  }
  history["seq"] = live.size();
  std::vector<json> with_history = messages;
  for (json& m : with_history) m["hand"] = 1;
  with_history.push_back(history);
  EXPECT_EQ(first_failure(with_history, 0), "");
  std::size_t bob_draw = 0;
  for (std::size_t i = 1; i < history["events"].size() && bob_draw == 0; ++i)
    if (history["events"][i]["actor"] == 1 && history["events"][i]["action"] == "stock") bob_draw = i;
  ASSERT_GT(bob_draw, 0u) << "Bob never drew from the stock in this hand";
  leak = with_history;
  leak.back()["events"][bob_draw]["drawn"] = "Ac";
  EXPECT_NE(first_failure(leak, 0).find("event drawn \"Ac\" for seat 0"), std::string::npos) << first_failure(leak, 0);
  leak = with_history;
  leak.back()["events"][1]["auto"] = true;
  EXPECT_NE(first_failure(leak, 0).find("differs from the live one"), std::string::npos);
  leak = with_history;
  leak.back()["events"].erase(leak.back()["events"].size() - 1);
  EXPECT_NE(first_failure(leak, 0).find("holds"), std::string::npos);
  Checker none;  // a record of no hand
  none.check(messages, std::string());
  EXPECT_EQ(none.failures, std::vector<std::string>{"record does not parse to one hand"});
}

}  // namespace
}  // namespace tonk::test
