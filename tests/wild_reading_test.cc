// What each wild card of a spread stands for (V13a; tonk/wild_reading.h), and the run order it is
// read in (V11: in the forty-card deck the jack follows the 7): the one reading the CLI, the view
// JSON and Python's observation show.
#include <gtest/gtest.h>

#include <string>

#include "test_util.h"
#include "tonk/view_json.h"
#include "tonk/wild_reading.h"

namespace tonk {
namespace {

using test::card;
using test::cards;

Rules wild_reading_rules(DeckKind deck = DeckKind::kFull52) {
  Rules r;
  r.deck = deck;
  r.jokers = 2;
  r.wild_cards = WildCards::kDeucesJokers;
  return r;
}

// Each stand-in as "wild=card" (run) or "wild=rank" (book), in order.
std::string reading_text(const Game& game, std::string_view spread, std::string_view shape) {
  std::string out;
  for (const StandIn& s : read_wild_cards(game, cards(spread), *parse_shape(shape)))
    out += (out.empty() ? "" : " ") + to_string(s.wild) + "=" + stands_for_text(s);
  return out;
}

TEST(WildReading, RunWildCardsFillTheOpenPlacesFromTheLowest) {
  const Game game(wild_reading_rules());
  EXPECT_EQ(reading_text(game, "4h 6h 2c X1", "run:3h"), "2c=3h X1=5h");
  EXPECT_EQ(reading_text(game, "7s Ts 2h X2", "run:7s"), "2h=8s X2=9s");
}

TEST(WildReading, TheSuitsOwnDeuceInItsPlaceStandsForItself) {
  const Game game(wild_reading_rules());
  EXPECT_EQ(reading_text(game, "Ah 2h X1", "run:Ah"), "X1=3h");
  // Out of its place the same deuce is wild like any other.
  EXPECT_EQ(reading_text(game, "5h 6h 2h", "run:5h"), "2h=7h");
}

TEST(WildReading, BookWildCardsStandForTheRankAndDeucesInABookOfDeucesForThemselves) {
  const Game game(wild_reading_rules());
  EXPECT_EQ(reading_text(game, "9c 9d X1", "book:9"), "X1=9");
  EXPECT_EQ(reading_text(game, "2c 2d X1", "book:2"), "X1=2");
  EXPECT_TRUE(read_wild_cards(game, cards("9c 9d 9h"), shape_book(Rank::kNine)).size == 0);
  EXPECT_TRUE(read_wild_cards(game, cards("9c 9d X1"), 0).size == 0) << "no shape: no reading";
}

TEST(WildReading, TheFortyCardDeckRunsFromTheSevenToTheJack) {
  const Game game(wild_reading_rules(DeckKind::kForty));
  EXPECT_EQ(reading_text(game, "6d 7d X2", "run:6d"), "X2=Jd");
  EXPECT_EQ(reading_text(game, "6d X1 Jd", "run:6d"), "X1=7d");
}

TEST(V11, RunOrderSkipsTheMissingRanksBothWays) {
  const Game forty(wild_reading_rules(DeckKind::kForty));
  EXPECT_EQ(forty.top_run_position(), 9);
  EXPECT_EQ(forty.run_position(Rank::kJack), 7);
  EXPECT_EQ(forty.rank_at(7), Rank::kJack);
  EXPECT_EQ(forty.rank_at(6), Rank::kSeven);
  EXPECT_FALSE(forty.rank_at(10).has_value());
  for (int pos = 0; pos <= forty.top_run_position(); ++pos) EXPECT_EQ(forty.run_position(*forty.rank_at(pos)), pos);
  const CardSet run = cards("6d 7d Jd Qd");
  const std::uint32_t line = forty.run_line(run, Suit::kDiamonds);
  EXPECT_EQ(line, 0b1111u << 5);
  EXPECT_EQ(forty.line_ranks(line), run.suit_ranks(Suit::kDiamonds));
  const Game full;
  EXPECT_EQ(full.rank_at(7), Rank::kEight);
  EXPECT_EQ(full.run_line(cards("7s 8s 9s"), Suit::kSpades), full.line_ranks(full.run_line(cards("7s 8s 9s"), Suit::kSpades)));
}

// The view JSON writes the engine's reading in the spreads that hold a wild card, and only there.
TEST(WildReading, TheViewJsonSaysWhatEachWildCardStandsFor) {
  const Game game(wild_reading_rules(DeckKind::kForty));
  View v;
  v.game = &game;
  v.num_players = 2;
  v.num_spreads = 2;
  v.spreads[0] = cards("6d 7d X2");
  v.spread_shapes[0] = shape_run(Suit::kDiamonds, Rank::kSix);
  v.spreads[1] = cards("4s 5s 6s");
  const std::string json = to_json(v);
  EXPECT_NE(json.find(R"("cards":["6d","7d","X2"],"shape":"run:6d","form":{"kind":"run","suit":"d","places":["6","7","J"]},"stands_for":{"X2":"Jd"}})"),
            std::string::npos) << json;
  EXPECT_NE(json.find(R"("cards":["4s","5s","6s"],"shape":null,"form":{"kind":"run","suit":"s","places":["4","5","6"]}})"),
            std::string::npos) << json;
  v.spreads[0] = cards("Ad 2d 3d");  // the deuce in its own place: a shape, nothing standing in
  v.spread_shapes[0] = shape_run(Suit::kDiamonds, Rank::kAce);
  EXPECT_NE(to_json(v).find(R"("shape":"run:Ad","form":{"kind":"run","suit":"d","places":["A","2","3"]},"stands_for":{}})"),
            std::string::npos) << to_json(v);
}

// A spread's form (the view's and the server's `form`): a reader learns a book's rank and a run's
// places from the engine, never from the shape notation or a run order of its own (V11).
TEST(WildReading, TheFormNamesABooksRankAndARunsPlacesInTheDecksOrder) {
  const Game forty(wild_reading_rules(DeckKind::kForty));
  EXPECT_EQ(form_json(forty, shape_run(Suit::kClubs, Rank::kSix), 4), R"({"kind":"run","suit":"c","places":["6","7","J","Q"]})");
  EXPECT_EQ(form_json(forty, shape_book(Rank::kNine), 3), R"({"kind":"book","rank":"9"})");
  EXPECT_EQ(form_json(forty, shape_run(Suit::kHearts, Rank::kThree), 0), R"({"kind":"run","suit":"h"})");  // a hit's
  EXPECT_EQ(form_json(forty, 0, 3), "null");
  const Game full(wild_reading_rules(DeckKind::kFull52));
  EXPECT_EQ(form_json(full, shape_run(Suit::kClubs, Rank::kSix), 4), R"({"kind":"run","suit":"c","places":["6","7","8","9"]})");
  EXPECT_EQ(form_json(full, full.shape_of(cards("Tc Td Ts")), 3), R"({"kind":"book","rank":"T"})");
}

}  // namespace
}  // namespace tonk
