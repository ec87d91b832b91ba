// Rule validation (rule_options.h): every refusal is a RuleError naming the option at fault. Also
// S1 (players and the deal that must fit the deck) and the option table's defaults for I1-I8.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "test_util.h"
#include "tonk/rule_options.h"

namespace tonk {
namespace {

// Runs `f` and returns the option() of the RuleError it throws; fails if it throws nothing.
std::string refused_option(const std::function<void()>& f) {
  try {
    f();
  } catch (const RuleError& e) {
    EXPECT_FALSE(std::string(e.what()).empty());
    return e.option();
  }
  ADD_FAILURE() << "no RuleError";
  return "<accepted>";
}

TEST(RuleOptions, UnknownOptionIsRefused) {
  Rules r;
  EXPECT_EQ(refused_option([&] { set_option(r, "no_such_option", "1"); }), "no_such_option");
  EXPECT_EQ(refused_option([&] { apply_options(r, "players=3 no_such_rule=2"); }), "no_such_rule");
  EXPECT_EQ(find_option("no_such_option"), nullptr);
}

TEST(RuleOptions, OutOfRangeValuesAreRefused) {
  Rules r;
  EXPECT_EQ(refused_option([&] { set_option(r, "players", "9"); }), "players");   // S1: 2..8
  EXPECT_EQ(refused_option([&] { set_option(r, "players", "1"); }), "players");
  EXPECT_EQ(refused_option([&] { set_option(r, "hand_size", "2"); }), "hand_size");
  EXPECT_EQ(refused_option([&] { set_option(r, "book_max", "5"); }), "book_max");  // I5: 3 or 4
  EXPECT_EQ(refused_option([&] { set_option(r, "empty_stock_takes", "-1"); }), "empty_stock_takes");  // I2
  EXPECT_EQ(refused_option([&] { set_option(r, "max_turns", "9"); }), "max_turns");  // I2: 10..10000
  EXPECT_EQ(r, Rules{});  // nothing changed
}

TEST(RuleOptions, ValuesOfTheWrongTypeAreRefused) {
  Rules r;
  EXPECT_EQ(refused_option([&] { set_option(r, "players", "three"); }), "players");
  EXPECT_EQ(refused_option([&] { set_option(r, "players", "3x"); }), "players");
  EXPECT_EQ(refused_option([&] { set_option(r, "players", ""); }), "players");
  EXPECT_EQ(refused_option([&] { set_option(r, "rediscard_taken_card", "maybe"); }), "rediscard_taken_card");
  EXPECT_EQ(refused_option([&] { set_option(r, "deck", "pinochle"); }), "deck");
  EXPECT_EQ(refused_option([&] { apply_options(r, "players"); }), "");  // not name=value
}

TEST(RuleOptions, OutOfRangeFieldsAreRefusedByValidateAndGame) {
  Rules r;
  r.book_max = 5;
  EXPECT_EQ(refused_option([&] { validate(r); }), "book_max");
  EXPECT_EQ(refused_option([&] { Game g(r); }), "book_max");
  Rules p;
  p.players = 1;
  EXPECT_EQ(refused_option([&] { Game g(p); }), "players");
  Rules t;
  t.empty_stock_takes = 51;
  EXPECT_EQ(refused_option([&] { validate(t); }), "empty_stock_takes");
}

// S1: the deal must leave at least the upcard and one stock card.
TEST(RuleOptions, S1DealMustFitTheDeck) {
  Rules r;
  r.players = 8;
  r.hand_size = 6;  // 48 + upcard + 3 stock cards: fits
  EXPECT_NO_THROW(validate(r));
  r.hand_size = 7;  // 56 cards
  EXPECT_EQ(refused_option([&] { validate(r); }), "players");
  Rules forty;
  forty.deck = DeckKind::kForty;
  forty.players = 5;
  forty.hand_size = 7;  // 35 + upcard + one stock card = 37 of 40: fits
  EXPECT_NO_THROW(validate(forty));
  forty.players = 6;  // 42 > 40
  EXPECT_EQ(refused_option([&] { validate(forty); }), "players");
}

// S1: any number of players from 2 to kMaxPlayers is accepted with the standard deal.
TEST(RuleOptions, S1PlayerCounts) {
  for (int n = 2; n <= kMaxPlayers; ++n) {
    Rules r;
    r.players = n;
    EXPECT_NO_THROW(Game g(r)) << n;
  }
}

// S7: dealt_tonk_min must be reachable: five cards count at most 50 (four kings and a ten-count
// card); three cards at most 30.
TEST(RuleOptions, S7UnreachableDealtTonkMin) {
  Rules r;
  r.dealt_tonk_min = 50;
  EXPECT_NO_THROW(validate(r));
  r.dealt_tonk_min = 51;
  r.dealt_tonk_max = 60;
  EXPECT_EQ(refused_option([&] { validate(r); }), "dealt_tonk_min");
  Rules small;
  small.hand_size = 3;  // 30 at most, 49 unreachable
  EXPECT_EQ(refused_option([&] { validate(small); }), "dealt_tonk_min");
  small.dealt_tonk_min = 0;  // dealt tonks off: fine
  EXPECT_NO_THROW(validate(small));
  Rules ranked;
  ranked.face_values = FaceValues::kRanked;  // V17: four kings and a queen make 64
  ranked.dealt_tonk_min = 64;
  ranked.dealt_tonk_max = 64;
  EXPECT_NO_THROW(validate(ranked));
  ranked.dealt_tonk_min = 65;
  ranked.dealt_tonk_max = 65;
  EXPECT_EQ(refused_option([&] { validate(ranked); }), "dealt_tonk_min");
  Rules inverted;
  inverted.dealt_tonk_min = 49;
  inverted.dealt_tonk_max = 40;
  EXPECT_EQ(refused_option([&] { validate(inverted); }), "dealt_tonk_max");
}

// The standard game's interpretations are the defaults (RULES.md I1-I8).
TEST(RuleOptions, InterpretationDefaults) {
  const Rules r;
  EXPECT_FALSE(r.rediscard_taken_card);  // I1
  EXPECT_EQ(r.empty_stock_takes, 3);     // I2
  EXPECT_EQ(r.max_turns, 200);           // I2
  EXPECT_TRUE(r.drop_on_first_turn);     // I3
  EXPECT_EQ(r.book_max, 4);              // I5
  EXPECT_FALSE(r.cut_ace_high);          // I7
  EXPECT_TRUE(r.held_spreads_count);     // I8
  EXPECT_EQ(find_option("rediscard_taken_card")->rule_id, "I1");
  EXPECT_EQ(find_option("empty_stock_takes")->rule_id, "I2");
  EXPECT_EQ(find_option("drop_on_first_turn")->rule_id, "I3");
  EXPECT_EQ(find_option("book_max")->rule_id, "I5");
  EXPECT_EQ(find_option("cut_ace_high")->rule_id, "I7");
  EXPECT_EQ(find_option("held_spreads_count")->rule_id, "I8");
  // S4, S13-S16: the standard multipliers.
  EXPECT_EQ(r.dealt_tonk_pays, 2);
  EXPECT_EQ(r.tonk_out_pays, 2);
  EXPECT_EQ(r.out_by_discard_pays, 1);
  EXPECT_EQ(r.drop_pays, 1);
  EXPECT_EQ(r.caught_pays, 2);
  EXPECT_EQ(r.caught_lowest_pays, 1);
  EXPECT_EQ(r.stock_end_pays, 1);
}

TEST(RuleOptions, SetOptionChangesOneField) {
  Rules r;
  set_option(r, "book_max", "3");
  set_option(r, "rediscard_taken_card", "true");
  set_option(r, "deck", "forty");
  Rules expected;
  expected.book_max = 3;
  expected.rediscard_taken_card = true;
  expected.deck = DeckKind::kForty;
  EXPECT_EQ(r, expected);
}

}  // namespace
}  // namespace tonk
