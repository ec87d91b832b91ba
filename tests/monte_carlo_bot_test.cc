// The Monte Carlo bot and the oracle: budgets and kinds, reproducible decisions, legal
// play under varied rules, and the oracle kept out of `make_bot` (so out of `tonk play`).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_util.h"
#include "tonk/bot_factory.h"
#include "tonk/hand.h"
#include "tonk/monte_carlo_bot.h"
#include "tonk/oracle_bot.h"
#include "tonk/rng.h"
#include "tonk/rule_options.h"

namespace tonk {
namespace {

// Plays one hand from `seed`'s deal with the given bots, returning its public history.
std::vector<Move> play_hand(const std::shared_ptr<const Game>& shared, std::uint64_t seed, std::span<Bot* const> bots) {
  const Game& game = *shared;
  Rng rng(seed);
  Hand hand(shared, shuffled_deck(game, rng), static_cast<int>(seed % static_cast<std::uint64_t>(game.num_players())));
  play_out(hand, bots);  // Hand::apply checks every action: an illegal one throws IllegalAction
  return hand.history();
}

// A hand in progress: greedy plays from a fixed deal until `moves` actions have been made.
Hand hand_after(const std::shared_ptr<const Game>& shared, std::uint64_t seed, int moves) {
  const Game& game = *shared;
  Rng rng(seed);
  Hand hand(shared, shuffled_deck(game, rng), 0);
  auto greedy = make_bot("greedy", 1);
  for (int i = 0; i < moves && !hand.is_over(); ++i) {
    const ActionList legal = hand.legal_actions();
    hand.apply(greedy->choose(hand.view(hand.current_player()), legal));
  }
  return hand;
}

TEST(SearchBudget, ParsesWorldsAndMilliseconds) {
  EXPECT_EQ(parse_search_budget("200"), SearchBudget::of_worlds(200));
  EXPECT_EQ(parse_search_budget("1"), SearchBudget::of_worlds(1));
  EXPECT_EQ(parse_search_budget("20ms"), SearchBudget::of_milliseconds(20));
  EXPECT_TRUE(parse_search_budget("200").reproducible());
  EXPECT_FALSE(parse_search_budget("20ms").reproducible());
  EXPECT_EQ(to_string(SearchBudget::of_worlds(200)), "200");
  EXPECT_EQ(to_string(SearchBudget::of_milliseconds(20)), "20ms");
  for (const char* bad : {"", "0", "-1", "abc", "ms", "5s", "20 ms", "1000001", "0ms", "600001ms", "12x"})
    EXPECT_THROW(parse_search_budget(bad), std::invalid_argument) << bad;
}

TEST(MonteCarloBot, KindsAndNames) {
  EXPECT_EQ(make_bot("mc:200", 1)->name(), "mc:200");
  EXPECT_EQ(make_bot("mc:15ms", 1)->name(), "mc:15ms");
  EXPECT_EQ(make_bot("mc", 1)->name(), "mc:" + std::to_string(MonteCarloBot::kDefaultWorlds));
  EXPECT_THROW(make_bot("mc:", 1), std::invalid_argument);
  EXPECT_THROW(make_bot("mc:zero", 1), std::invalid_argument);
  EXPECT_THROW(make_bot("greedy:5", 1), std::invalid_argument);  // only search bots take a budget
  const auto kinds = bot_kinds();
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), "mc"), kinds.end());
}

// The oracle sees the State, so it is not a Bot: make_bot cannot build it, bot_kinds does not list
// it, and `tonk play` (which seats only make_bot kinds) cannot offer it (cli test: arena_cli_test).
TEST(OracleBot, IsNotOfferedAsABot) {
  const auto kinds = bot_kinds();
  EXPECT_EQ(std::find(kinds.begin(), kinds.end(), "oracle"), kinds.end());
  EXPECT_THROW(make_bot("oracle", 1), std::invalid_argument);
  EXPECT_THROW(make_bot("oracle:20", 1), std::invalid_argument);
  EXPECT_EQ(make_omniscient_player("oracle", 1)->name(), "oracle:" + std::to_string(OracleBot::kDefaultWorlds));
  EXPECT_EQ(make_omniscient_player("oracle:5", 1)->name(), "oracle:5");
  EXPECT_THROW(make_omniscient_player("mc:5", 1), std::invalid_argument);
  EXPECT_THROW(make_omniscient_player("oracle:x", 1), std::invalid_argument);
}

TEST(MonteCarloBot, DecisionsAreReproducibleFromTheSeed) {
  const std::shared_ptr<const Game> game = make_game();
  for (std::uint64_t deal = 1; deal <= 6; ++deal) {
    std::vector<Move> first, second;
    for (std::vector<Move>* out : {&first, &second}) {
      auto mc = make_bot("mc:8", 42);
      auto greedy = make_bot("greedy", 43);
      Bot* bots[] = {mc.get(), greedy.get()};
      *out = play_hand(game, deal, bots);
    }
    EXPECT_EQ(first, second) << "deal " << deal;
  }
  // The values too, call by call.
  const Hand hand = hand_after(game, 9, 3);
  const View view = hand.view(hand.current_player());
  const ActionList legal = hand.legal_actions();
  ASSERT_GT(legal.size(), 1);
  MonteCarloBot a(SearchBudget::of_worlds(10), 5), b(SearchBudget::of_worlds(10), 5);
  for (int call = 0; call < 3; ++call) {
    const auto va = a.evaluate(view, legal);
    const auto vb = b.evaluate(view, legal);
    ASSERT_EQ(va.size(), vb.size());
    for (std::size_t i = 0; i < va.size(); ++i) {
      EXPECT_EQ(va[i].action, vb[i].action);
      EXPECT_EQ(va[i].value, vb[i].value);  // bit for bit
    }
  }
}

TEST(MonteCarloBot, EvaluateValuesEveryLegalActionOnceBestFirst) {
  const std::shared_ptr<const Game> shared = make_game();
  const Game& game = *shared;
  for (int moves : {0, 1, 4, 7}) {
    const Hand hand = hand_after(shared, 21, moves);
    if (hand.is_over()) continue;
    const View view = hand.view(hand.current_player());
    const ActionList legal = hand.legal_actions();
    MonteCarloBot bot(SearchBudget::of_worlds(12), 3);
    const auto values = bot.evaluate(view, legal);
    ASSERT_EQ(static_cast<int>(values.size()), legal.size());
    for (const Action& a : legal)
      EXPECT_EQ(std::count_if(values.begin(), values.end(), [&](const ActionValue& v) { return v.action == a; }), 1);
    for (std::size_t i = 0; i < values.size(); ++i) {
      EXPECT_EQ(values[i].worlds, 12);
      // Payouts are whole stakes, at most 2x (S13) from or to each of the others in the standard game.
      EXPECT_LE(std::abs(values[i].value), 2.0 * (game.num_players() - 1));
      if (i > 0) {
        EXPECT_GE(values[i - 1].value, values[i].value);
      }
    }
  }
}

// S15a: a drop ends the hand at once, so its value in each world is that world's showdown. Seat 1
// (first to play: the dealer is seat 0, S8) holds Ac Ad Ah 2c 2d, a count of 7 (S3). The lowest five
// cards it has not seen are As 2h 2s 3c 3d, a count of 11, so in every world the drop is strictly
// lowest and is paid 1x (2 players): its value is exactly +1. (Drawing may be worth more: a third 2
// makes two spreads and a tonk out, S13.)
TEST(MonteCarloBot, ValuesADropAtItsShowdownPayout) {
  const std::shared_ptr<const Game> game = make_game();
  const Hand hand = test::make_hand(game, {"Kc Kd Qh 9c 8d", "Ac Ad Ah 2c 2d"}, "9s");
  ASSERT_EQ(hand.current_player(), 1);
  MonteCarloBot bot(SearchBudget::of_worlds(30), 11);
  const auto values = bot.evaluate(hand.view(1), hand.legal_actions());
  const auto drop = std::find_if(values.begin(), values.end(), [](const ActionValue& v) { return v.action == Action::drop(); });
  ASSERT_NE(drop, values.end());
  EXPECT_EQ(drop->value, 1.0);
  EXPECT_EQ(drop->worlds, 30);
  EXPECT_GE(values.front().value, 1.0);
}

TEST(MonteCarloBot, ChoosesOnlyLegalActionsUnderVariedRules) {
  const std::vector<std::vector<std::pair<const char*, const char*>>> settings = {
      {},
      {{"players", "3"}},
      {{"hand_size", "7"}},
      {{"deck", "forty"}},
      {{"upcard", "false"}},
      {{"players", "3"}, {"hand_size", "7"}, {"deck", "forty"}, {"upcard", "false"}},
      {{"slapping", "on"}},
      {{"hit_skips_discard", "true"}, {"players", "4"}},
  };
  std::uint64_t seed = 100;
  for (const auto& set : settings) {
    Rules rules;
    for (const auto& [name, value] : set) set_option(rules, name, value);
    const std::shared_ptr<const Game> shared = make_game(rules);
    const Game& game = *shared;
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> bots;
    for (int p = 0; p < game.num_players(); ++p) {
      owned.push_back(make_bot(p == 0 ? "mc:2" : p == 1 ? "greedy" : "mc:1", seed + static_cast<std::uint64_t>(p)));
      bots.push_back(owned.back().get());
    }
    for (int h = 0; h < 40; ++h) EXPECT_NO_THROW(play_hand(shared, ++seed, bots)) << to_string(rules);
  }
}

TEST(OracleBot, ChoosesOnlyLegalActions) {
  for (int players : {2, 3}) {
    Rules rules;
    rules.players = players;
    const std::shared_ptr<const Game> shared = make_game(rules);
    const Game& game = *shared;
    OracleBot oracle(SearchBudget::of_worlds(2), 7);
    auto greedy = make_bot("greedy", 8);
    ActionList legal;
    for (std::uint64_t deal = 0; deal < 30; ++deal) {
      Rng rng(deal);
      Hand hand(shared, shuffled_deck(game, rng), 0);
      while (!hand.is_over()) {
        hand.state().legal_actions(legal);
        const int p = hand.current_player();
        const Action a = p == 0 ? oracle.choose(hand.state(), legal) : greedy->choose(hand.view(p), legal);
        ASSERT_NO_THROW(hand.apply(a));
      }
    }
  }
}

}  // namespace
}  // namespace tonk
