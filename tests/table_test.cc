// The Table: seats, turns, a person's submitted actions, the bots it runs, and the events
// it sends each seat. The hidden-information property: over more than 10,000 hands under several
// presets and player counts, every event delivered to every seat is checked against the true state:
// a seat never receives a card hidden from it (another player's card not publicly known, a stock
// card other than the one it drew itself).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "test_util.h"
#include "tonk/bot.h"
#include "tonk/bot_factory.h"
#include "tonk/preset.h"
#include "tonk/session.h"
#include "tonk/table.h"

namespace tonk {
namespace {

using test::act;

// ---- The hidden-information check ---------------------------------------------------------------

CardSet stock_cards(const State& s) {
  CardSet out;
  for (Card c : s.stock()) out.insert(c);
  return out;
}

// The cards hidden from `seat` in the true state `s`: the stock, and the other players' cards that
// are not publicly known, until the showdown shows every hand (S15, S16); the stock stays hidden.
CardSet hidden_from(const State& s, int seat) {
  CardSet hidden = stock_cards(s);
  if (!s.is_over())
    for (int q = 0; q < s.game().num_players(); ++q)
      if (q != seat) hidden |= s.hand(q) - s.known_cards(q);
  return hidden;
}

CardSet cards_of(const State& s) {
  CardSet out = stock_cards(s);
  for (int q = 0; q < s.game().num_players(); ++q) out |= s.hand(q) | s.known_cards(q);
  for (int i = 0; i < s.num_spreads(); ++i) out |= s.spread(i);
  for (Card c : s.discard_pile()) out.insert(c);
  out.insert(s.top_discard());
  out.insert(s.taken_discard());
  return out;
}

// Every card a view holds, in any of its fields (its public state and history included).
CardSet cards_of(const View& v) {
  CardSet out = v.hand | v.discard_pile | cards_of(v.public_state());
  out.insert(v.taken_discard);
  out.insert(v.top_discard);
  for (int q = 0; q < kMaxPlayers; ++q) out |= v.known_cards[q] | v.revealed[q];
  for (int i = 0; i < v.num_spreads; ++i) out |= v.spreads[i];
  for (const Move& m : v.history) out |= m.action.cards;
  return out;
}

// "" when `e` holds no card hidden from its seat; otherwise what leaked. `before` is the true state
// before the event (an action's), `after` the state after it.
std::string leak(const TableEvent& e, const State& before, const State& after) {
  const CardSet hidden_after = hidden_from(after, e.seat);
  std::string found;
  auto check = [&](CardSet cards, CardSet hidden, const char* where) {
    if (const CardSet bad = cards & hidden; !bad.empty()) found += std::string(where) + ": " + to_string(bad) + "; ";
  };
  check(cards_of(*e.view), hidden_after, "view");
  if (e.before) check(cards_of(*e.before), hidden_from(before, e.seat), "view before the action");
  check(e.action.cards, hidden_after, "action");
  check(CardSet(e.drawn), hidden_after, "drawn card");
  if (e.drawn.valid() && e.seat != e.actor) found += "a card drawn by seat " + std::to_string(e.actor) + "; ";
  if (e.view->player != e.seat) found += "the view of seat " + std::to_string(e.view->player) + "; ";
  return found;
}

// A table of bots with a listener on every seat that checks each event against the true state.
struct Watched {
  std::unique_ptr<Table> table;
  State before;  // the true state before the step in progress
  long long events = 0;
  long long draws_seen = 0;  // kTakeStock events that showed the drawer its card
  std::vector<long long> action_events;  // per seat, in the hand in play
  std::vector<std::string> leaks;

  Watched(const Rules& rules, std::uint64_t seed) {
    const int n = rules.players;
    std::vector<Seat> seats;
    for (int p = 0; p < n; ++p)  // random and greedy alternate: greedy lays and hits, random drops
      seats.push_back({"seat" + std::to_string(p), make_bot(p % 2 ? "greedy" : "random", seed + 7 * p)});
    table = std::make_unique<Table>(make_game(rules), std::move(seats), TableOptions{seed, -1, 0});
    action_events.assign(static_cast<std::size_t>(n), 0);
    for (int p = 0; p < n; ++p)
      table->listen(p, [this](const TableEvent& e) { on_event(e); });
  }

  void on_event(const TableEvent& e) {
    ++events;
    const State& after = table->hand()->state();
    if (e.kind == TableEventKind::kHandDealt) before = after;
    if (e.kind == TableEventKind::kAction) {
      ++action_events[static_cast<std::size_t>(e.seat)];
      if (e.seat == e.actor && e.drawn.valid()) ++draws_seen;
    }
    if (const std::string bad = leak(e, before, after); !bad.empty() && leaks.size() < 10)
      leaks.push_back("hand " + std::to_string(e.hand_number) + ", event " + std::to_string(static_cast<int>(e.kind)) +
                      " to seat " + std::to_string(e.seat) + ": " + bad);
  }

  // Plays one hand to its end, step by step; checks that every seat received every action.
  void play_hand() {
    std::fill(action_events.begin(), action_events.end(), 0);
    table->deal();
    while (table->in_hand()) {
      before = table->hand()->state();
      ASSERT_TRUE(table->step_bot());
    }
    for (long long seen : action_events)
      ASSERT_EQ(seen, static_cast<long long>(table->hand()->history().size()));
  }
};

TEST(Table, NoSeatEverReceivesAHiddenCard) {
  struct Config {
    const char* preset;
    int players;
    int hands;
  };
  // More than 10,000 hands: the standard game at 2 to 4 players, wild cards (P-CHICAGO, V13a),
  // slaps (where a preset has them), seven-card hands, and the others at 2 and 3 players.
  const Config configs[] = {{"P-STD", 2, 2500},    {"P-STD", 3, 1000},    {"P-STD", 4, 1000},
                            {"P-CHICAGO", 2, 800}, {"P-CHICAGO", 3, 600}, {"P-SEATTLE", 3, 600},
                            {"P-DC", 2, 600},      {"P-NEWARK", 3, 600},  {"P-BATON", 2, 600},
                            {"P-RUSH", 3, 600},    {"P-WASH", 4, 600},    {"P-PUSHUP", 2, 600},
                            {"P-VIETNAM", 3, 600}};
  long long hands = 0, events = 0, draws = 0;
  std::uint64_t seed = 1;
  for (const Config& c : configs) {
    Rules rules = preset_or_throw(c.preset).rules;
    rules.players = c.players;
    SCOPED_TRACE(::testing::Message() << c.preset << " at " << c.players << " players");
    Watched w(rules, ++seed);
    for (int h = 0; h < c.hands; ++h) {
      if (w.table->session().is_over()) w.table->new_session({++seed, -1, 0});  // V15: a push-up limit
      w.play_hand();
      if (HasFatalFailure()) return;
    }
    EXPECT_TRUE(w.leaks.empty()) << w.leaks.front();
    hands += c.hands;
    events += w.events;
    draws += w.draws_seen;
  }
  EXPECT_GE(hands, 10000);
  EXPECT_GT(draws, 1000) << "the drawers were shown their cards";
  EXPECT_GT(events, 100000);
}

// The check above can fail: it catches another seat's view, and a drawn card shown to the others.
TEST(Table, TheLeakCheckCatchesALeak) {
  const std::shared_ptr<const Game> game = make_game();
  Hand hand = test::make_hand(game, {"2c 3c 4c 9d Kd", "2h 3h 4h 9s Ks"}, "7h", "5c");
  const State before = hand.state();
  hand.apply(act("stock"));  // seat 1 (the dealer's left) draws 5c
  const View mine = hand.view(1), theirs = hand.view(0);
  TableEvent e;
  e.kind = TableEventKind::kAction;
  e.seat = 0;
  e.actor = 1;
  e.action = act("stock");
  e.view = &theirs;
  EXPECT_EQ(leak(e, before, hand.state()), "");
  e.view = &mine;  // seat 1's hand sent to seat 0
  EXPECT_EQ(leak(e, before, hand.state()), "view: 5c 2h 3h 4h 9s Ks; the view of seat 1; ");
  e.view = &theirs;
  e.drawn = test::card("5c");  // seat 1's draw sent to seat 0
  EXPECT_EQ(leak(e, before, hand.state()), "drawn card: 5c; a card drawn by seat 1; ");
}

// ---- Driving a table ----------------------------------------------------------------------------

std::vector<Seat> person_and_bot(const std::string& bot = "greedy") {
  std::vector<Seat> seats;
  seats.push_back({"you", nullptr});
  seats.push_back({"bot", make_bot(bot, 3)});
  return seats;
}

TEST(Table, RefusesBadSeatingWithAReason) {
  EXPECT_THROW(Table(nullptr, person_and_bot()), std::invalid_argument);
  try {
    Table(make_game(test::rules_for(3)), person_and_bot());
    FAIL() << "two seats at a three-player game";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "Table: 2 seats for a game of 3 players");
  }
  Rules big_one = test::rules_for(2);
  big_one.big_one_hands = 1;  // V22 needs a planned length
  EXPECT_THROW(Table(make_game(big_one), person_and_bot()), std::invalid_argument);
}

// A person's action waits for submit(); a refused one changes nothing and says why, citing the rule.
TEST(Table, APersonIsAwaitedAndRefusedActionsSayWhy) {
  Table table(make_game(), person_and_bot(), {/*seed=*/5, /*first_dealer=*/1, /*planned_hands=*/0});
  EXPECT_EQ(table.to_move(), -1);
  EXPECT_FALSE(table.awaits_person());
  EXPECT_EQ(table.submit(0, Action::take_stock()), (Refusal{"table", "no hand is in play"}));
  table.deal();  // seat 1 deals: seat 0 plays first (S8)
  ASSERT_TRUE(table.in_hand());
  EXPECT_EQ(table.hand_number(), 1);
  ASSERT_EQ(table.to_move(), 0);
  EXPECT_TRUE(table.awaits_person());
  EXPECT_FALSE(table.step_bot()) << "a bot moved in the person's turn";
  EXPECT_EQ(table.submit(1, Action::take_stock()), (Refusal{"table", "seat 1 is played by a bot"}));
  EXPECT_EQ(table.submit(7, Action::take_stock()), (Refusal{"table", "there is no seat 7 at this table"}));
  const Card not_held = (table.game().deck() - table.hand()->state().hand(0)).first();
  const Action bad = Action::discard(not_held);
  ASSERT_TRUE(table.hand()->state().why_illegal(bad));
  EXPECT_EQ(table.submit(0, bad), table.hand()->state().why_illegal(bad));
  EXPECT_EQ(table.submit(0, bad)->rule_id, "S9");  // a discard before the draw
  EXPECT_TRUE(table.hand()->history().empty());
  EXPECT_EQ(table.submit(0, Action::take_stock()), std::nullopt);
  ASSERT_EQ(table.hand()->history().size(), 1u);
  EXPECT_EQ(table.hand()->history()[0], (Move{0, Action::take_stock()}));
  EXPECT_THROW(table.deal(), std::logic_error);  // a hand is in play
}

// Two people: the one whose turn it is not is refused under S8 (turns pass clockwise).
TEST(Table, S8APersonOutOfTurnIsRefused) {
  std::vector<Seat> seats;
  seats.push_back({"ann", nullptr});
  seats.push_back({"bob", nullptr});
  Table table(make_game(), std::move(seats), {/*seed=*/5, /*first_dealer=*/0, /*planned_hands=*/0});
  table.deal();  // seat 0 deals: seat 1 plays first
  ASSERT_EQ(table.to_move(), 1);
  EXPECT_EQ(table.submit(0, Action::take_stock()), (Refusal{"S8", "it is bob's turn, not ann's"}));
  EXPECT_FALSE(table.step_bot());
  EXPECT_EQ(table.submit(1, Action::take_stock()), std::nullopt);
}

// The events of seat 0 come in order, each from seat 0's view, and the drawer alone sees the card.
TEST(Table, EventsComeInOrderFromTheSeatsView) {
  Table table(make_game(), person_and_bot("random"), {/*seed=*/11, /*first_dealer=*/1, /*planned_hands=*/1});
  std::vector<TableEvent> seen;
  std::vector<Card> drawn_by_me, drawn_by_bot;
  std::vector<int> payouts;
  table.listen(0, [&](const TableEvent& e) {
    seen.push_back(e);
    EXPECT_EQ(e.view->player, 0);
    if (e.kind == TableEventKind::kAction && e.action.kind == ActionKind::kTakeStock)
      (e.actor == 0 ? drawn_by_me : drawn_by_bot).push_back(e.drawn);
    if (e.kind == TableEventKind::kSessionBooked) payouts.push_back(e.booked->payouts[0]);
  });
  table.deal();
  while (table.in_hand()) {
    if (table.awaits_person()) {
      ActionList legal;
      table.legal_actions(legal);
      // Draw, then discard the first card listed: no drop, so the stock is drawn from.
      const Action* pick = legal.begin();
      for (const Action& a : legal)
        if (a.kind == ActionKind::kTakeStock || (a.kind == ActionKind::kDiscard && pick->kind == ActionKind::kDrop)) {
          pick = &a;
          break;
        }
      const CardSet before = table.hand()->state().hand(0);
      const Card top = table.hand()->state().stock_size() ? table.hand()->state().stock()[0] : Card::none();
      ASSERT_EQ(table.submit(0, *pick), std::nullopt);
      if (pick->kind == ActionKind::kTakeStock) {
        ASSERT_FALSE(drawn_by_me.empty());
        EXPECT_EQ(drawn_by_me.back(), top);
        EXPECT_EQ(table.hand()->state().hand(0) - before, CardSet(top));
      }
    } else {
      table.run_bots();
    }
  }
  ASSERT_GE(seen.size(), 4u);
  EXPECT_EQ(seen.front().kind, TableEventKind::kHandDealt);
  EXPECT_EQ(seen[seen.size() - 2].kind, TableEventKind::kHandOver);
  EXPECT_EQ(seen.back().kind, TableEventKind::kSessionBooked);
  std::size_t actions = 0;
  for (const TableEvent& e : seen) actions += e.kind == TableEventKind::kAction;
  EXPECT_EQ(actions, table.hand()->history().size());
  for (Card c : drawn_by_bot) EXPECT_FALSE(c.valid()) << "seat 0 was shown the bot's draw " << to_string(c);
  ASSERT_EQ(payouts.size(), 1u);
  EXPECT_EQ(payouts[0], table.session().last_hand().payouts[0]);
  EXPECT_EQ(table.session().hands_played(), 1);
  EXPECT_TRUE(table.session().is_over());
  EXPECT_THROW(table.deal(), std::logic_error);  // the planned hand is played
}

// A table of bots plays exactly as a Session with play_out does: the same deals (deal_into reuses
// the last hand's storage, drawing the same shuffles), the same actions, the same ledger.
TEST(Table, PlaysAsASessionWithPlayOut) {
  Rules rules = preset_or_throw("P-STD").rules;
  rules.players = 3;
  rules.suit_bet = 1;      // V23a: the suit named draws from the session's generator too
  rules.naturals_bet = 1;  // V23b
  const std::shared_ptr<const Game> game = make_game(rules);
  std::vector<Seat> seats;
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;
  for (int p = 0; p < 3; ++p) {
    seats.push_back({"s" + std::to_string(p), make_bot(p == 1 ? "greedy" : "random", 40 + p)});
    owned.push_back(make_bot(p == 1 ? "greedy" : "random", 40 + p));
    bots.push_back(owned.back().get());
  }
  Table table(game, std::move(seats), {/*seed=*/99, -1, /*planned_hands=*/200});
  Session session(game, 99, -1, 200);
  while (!session.is_over()) {
    table.deal();
    table.run_bots();
    Hand hand = session.deal();
    play_out(hand, bots);
    session.finish(hand);
    ASSERT_EQ(table.hand()->deck_order(), hand.deck_order());
    ASSERT_EQ(table.hand()->history(), hand.history());
  }
  EXPECT_EQ(table.session().hands_played(), 200);
  EXPECT_EQ(table.session().ledger(), session.ledger());
  EXPECT_EQ(table.session().naturals_pot(), session.naturals_pot());
}

// A bot that names an entry of the list (Bot::choose_index) is applied as listed; an index outside
// the list is a bug in the bot, refused before anything changes. A bot that chooses by value and
// picks an action that is not legal gets the engine's refusal (IllegalAction with its rule ID).
class FixedBot final : public Bot {
 public:
  FixedBot(int index, Action action) : index_(index), action_(action) {}
  std::string_view name() const override { return "fixed"; }
  Action choose(const View&, const ActionList&) override { return action_; }
  int choose_index(const View&, const ActionList&) override { return index_; }
  bool reads_view() const override { return false; }

 private:
  int index_;
  Action action_;
};

Table two_fixed_bots(int index, Action action) {
  std::vector<Seat> seats;
  for (int p = 0; p < 2; ++p) seats.push_back({"b" + std::to_string(p), std::make_unique<FixedBot>(index, action)});
  return Table(make_game(test::rules_for(2)), std::move(seats), {/*seed=*/5, /*first_dealer=*/0});
}

TEST(Table, ABotsChosenIndexIsAppliedAndAnIndexOutsideTheListIsABug) {
  {
    Table table = two_fixed_bots(0, Action::drop());
    table.deal();
    ActionList legal;
    table.legal_actions(legal);
    ASSERT_FALSE(legal.empty());
    const Action first = legal[0];
    ASSERT_TRUE(table.step_bot());
    ASSERT_FALSE(table.hand()->history().empty());
    EXPECT_EQ(table.hand()->history().front().action, first);
  }
  {
    Table table = two_fixed_bots(1000, Action::drop());
    table.deal();
    try {
      table.step_bot();
      FAIL() << "an index past the list was applied";
    } catch (const std::logic_error& e) {
      EXPECT_NE(std::string(e.what()).find("chose entry 1000 of"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(table.hand()->history().empty());
  }
  {
    Table table = two_fixed_bots(-1, Action::discard(Card(Rank::kAce, Suit::kSpades)));  // by value, at the turn's start
    table.deal();
    try {
      table.step_bot();
      FAIL() << "an illegal choice was applied";
    } catch (const IllegalAction& e) {
      EXPECT_FALSE(e.refusal().rule_id.empty());
    }
    EXPECT_TRUE(table.hand()->history().empty());
  }
}

}  // namespace
}  // namespace tonk

namespace tonk {
namespace {

// A server deals the deck order it committed to (tonk serve's fair deals): Table::deal(order) deals
// exactly that order with the session's dealer, and a bad order changes nothing.
TEST(Table, DealsAGivenDeckOrder) {
  Table table(make_game(), person_and_bot(), {/*seed=*/5, /*first_dealer=*/1, /*planned_hands=*/0});
  std::vector<Card> order;
  for (Card c : table.game().deck()) order.push_back(c);
  std::reverse(order.begin(), order.end());
  std::vector<Card> bad = order;
  bad.pop_back();
  EXPECT_THROW(table.deal(bad), BadDeal);
  EXPECT_FALSE(table.in_hand());
  EXPECT_EQ(table.hand_number(), 0);
  table.deal(order);
  ASSERT_TRUE(table.in_hand());
  EXPECT_EQ(table.hand_number(), 1);
  EXPECT_EQ(table.hand()->deck_order(), order);
  EXPECT_EQ(table.hand()->state().dealer(), 1);
  EXPECT_EQ(table.to_move(), 0);
  EXPECT_THROW(table.deal(order), std::logic_error);  // a hand is in play
}

}  // namespace
}  // namespace tonk
