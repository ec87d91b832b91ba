// The structured form of an action (protocol_json.h action_json): the one form in which every
// message names an action (`legal`, `event.move`, `hint.actions`, a review's moves), so that a
// client reads parts and never the notation of an id.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "protocol_json.h"
#include "tonk/action.h"
#include "tonk/card_set.h"
#include "tonk/game.h"

namespace tonk::serve {
namespace {

using nlohmann::json;

Game wild_forty() {
  Rules r;
  r.deck = DeckKind::kForty;
  r.jokers = 2;
  r.wild_cards = WildCards::kDeucesJokers;
  return Game(r);
}

Action action(const char* text) { return *parse_action(text); }

TEST(ActionJson, ASpreadSaysItsFormAndAWildSpreadWhatEachWildCardStandsFor) {
  const Game game = wild_forty();
  // V11: in the forty-card deck the J follows the 7, and the engine says so in the places.
  const json wild = action_json(action("spread 6d7dX2 run:6d"), game);
  EXPECT_EQ(wild["form"], json::parse(R"({"kind":"run","suit":"d","places":["6","7","J"]})")) << wild;
  EXPECT_EQ(wild["stands_for"], json::parse(R"({"X2":"Jd"})")) << wild;
  EXPECT_EQ(wild["id"], "spread 6d7dX2 run:6d");
  // Without a wild card: the form the engine reads from the cards, and no stands_for.
  const json plain = action_json(action("spread 5c6c7cJc"), game);
  EXPECT_EQ(plain["form"], json::parse(R"({"kind":"run","suit":"c","places":["5","6","7","J"]})")) << plain;
  EXPECT_FALSE(plain.contains("stands_for"));
  EXPECT_EQ(action_json(action("spread KcKdKh"), game)["form"], json::parse(R"({"kind":"book","rank":"K"})"));
}

TEST(ActionJson, AWildHitNamesItsFormWithoutPlacesAndOtherActionsHaveNone) {
  const Game game = wild_forty();
  EXPECT_EQ(action_json(action("hit 0 X2 book:9"), wild_forty())["form"], json::parse(R"({"kind":"book","rank":"9"})"));
  EXPECT_EQ(action_json(action("hit 1 2c run:3h"), game)["form"], json::parse(R"({"kind":"run","suit":"h"})"));
  for (const char* text : {"hit 0 7h", "discard Kc", "stock", "take", "drop", "slap 1"})
    EXPECT_FALSE(action_json(action(text), game).contains("form")) << text;
}

TEST(ActionJson, AHintListsItsBestActionsInTheSameFormWithTheirValues) {
  const Game game = wild_forty();
  const std::vector<ActionValue> values{{action("spread 6d7dX2 run:6d"), 0.5}, {action("discard Kc"), 0.25},
                                        {action("stock"), 0.0}, {action("drop"), -1.0}};
  const json hint = hint_actions_json(values, game);
  ASSERT_EQ(hint.size(), kHintShown);
  for (std::size_t i = 0; i < kHintShown; ++i) {
    json without_value = hint[i];
    without_value.erase("value");
    EXPECT_EQ(without_value, action_json(values[i].action, game)) << hint[i];
    EXPECT_EQ(hint[i]["value"], values[i].value);
  }
  EXPECT_EQ(hint[0]["stands_for"], json::parse(R"({"X2":"Jd"})"));  // a wild run's hint says what the joker is
}

}  // namespace
}  // namespace tonk::serve
