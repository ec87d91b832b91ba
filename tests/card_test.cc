// Card notation (RULES.md §0), CardSet, the deck (S2), card values (S3) and action notation.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "tonk/action.h"
#include "tonk/card.h"
#include "tonk/card_set.h"
#include "tonk/game.h"

namespace tonk {
namespace {

using test::card;
using test::cards;

TEST(CardNotation, ParsesRankAndSuit) {
  EXPECT_EQ(parse_card("Ts"), Card(Rank::kTen, Suit::kSpades));
  EXPECT_EQ(parse_card("Ah"), Card(Rank::kAce, Suit::kHearts));
  EXPECT_EQ(parse_card("2c"), Card(Rank::kTwo, Suit::kClubs));
  EXPECT_EQ(parse_card("Kd"), Card(Rank::kKing, Suit::kDiamonds));
  EXPECT_EQ(parse_card("ah"), Card(Rank::kAce, Suit::kHearts));  // lower case is accepted
  EXPECT_EQ(parse_card("tS"), Card(Rank::kTen, Suit::kSpades));
}

TEST(CardNotation, RefusesWhatIsNotOneCard) {
  for (const char* text : {"", "T", "10s", "1s", "Tx", "Zs", "Ts ", " Ts", "TsJs", "X0", "X5"})
    EXPECT_EQ(parse_card(text), std::nullopt) << "'" << text << "'";
}

TEST(CardNotation, PrintsEveryCardAndParsesItBack) {
  const std::string ranks = "A23456789TJQK";
  const std::string suits = "cdhs";
  for (int id = 0; id < 52; ++id) {
    const Card c = Card::from_id(id);
    const std::string text{ranks[id % 13], suits[id / 13]};  // bit layout: suit * 13 + rank
    EXPECT_EQ(to_string(c), text);
    EXPECT_EQ(parse_card(text), c);
  }
  EXPECT_EQ(to_string(Card::none()), "--");
}

TEST(CardNotation, Jokers) {
  EXPECT_EQ(parse_card("X"), Card::joker(0));
  EXPECT_EQ(parse_card("X1"), Card::joker(0));
  EXPECT_EQ(parse_card("X2"), Card::joker(1));
  EXPECT_EQ(to_string(Card::joker(0)), "X1");
  EXPECT_EQ(to_string(Card::joker(3)), "X4");
  EXPECT_TRUE(Card::joker(1).is_joker());
  EXPECT_FALSE(card("Ks").is_joker());
}

TEST(CardNotation, BitLayout) {
  EXPECT_EQ(card("Ac").id(), 0);
  EXPECT_EQ(card("Kc").id(), 12);
  EXPECT_EQ(card("Ad").id(), 13);
  EXPECT_EQ(card("Ks").id(), 51);
  EXPECT_EQ(Card::joker(0).id(), 52);
  EXPECT_FALSE(Card::none().valid());
}

TEST(CardSetNotation, ParsesWithOrWithoutSeparators) {
  const CardSet a = cards("4h5h6h");
  EXPECT_EQ(a, cards("4h 5h,6h"));
  EXPECT_EQ(a, cards("6h, 4h 5h"));
  EXPECT_EQ(a.size(), 3);
  EXPECT_TRUE(a.contains(card("5h")));
  EXPECT_FALSE(a.contains(card("5d")));
  EXPECT_EQ(parse_cards(""), CardSet());
}

TEST(CardSetNotation, RefusesRepeatsAndBadTokens) {
  EXPECT_EQ(parse_cards("4h4h"), std::nullopt);
  EXPECT_EQ(parse_cards("4h 5"), std::nullopt);
  EXPECT_EQ(parse_cards("4h 1h"), std::nullopt);
  EXPECT_EQ(parse_cards("10h"), std::nullopt);
}

TEST(CardSetNotation, PrintsBySuitAndByRank) {
  const CardSet s = cards("Kh 5d Ac 5c Td");
  EXPECT_EQ(to_string(s), "Ac 5c 5d Td Kh");
  EXPECT_EQ(to_string_by_rank(s), "Ac 5c 5d Td Kh");
  const CardSet t = cards("5d 5c Ah Qs 2s");
  EXPECT_EQ(to_string(t), "5c 5d Ah 2s Qs");
  EXPECT_EQ(to_string_by_rank(t), "Ah 2s 5c 5d Qs");
  EXPECT_EQ(to_string(CardSet()), "");
}

TEST(CardSetOps, SetAlgebra) {
  const CardSet a = cards("Ac 2c 3c Kh");
  const CardSet b = cards("3c Kh Qs");
  EXPECT_EQ(a | b, cards("Ac 2c 3c Kh Qs"));
  EXPECT_EQ(a & b, cards("3c Kh"));
  EXPECT_EQ(a - b, cards("Ac 2c"));
  EXPECT_TRUE(a.contains_all(cards("Ac Kh")));
  EXPECT_FALSE(a.contains_all(cards("Ac Qs")));
  EXPECT_TRUE(a.contains_all(CardSet()));
  EXPECT_EQ(a.first(), card("Ac"));
  EXPECT_EQ(CardSet().first(), Card::none());
  CardSet c = a;
  c.erase(card("Ac"));
  c.insert(card("Qs"));
  EXPECT_EQ(c, cards("2c 3c Kh Qs"));
  c -= cards("2c 3c");
  c |= cards("Td");
  c &= cards("Td Kh");
  EXPECT_EQ(c, cards("Td Kh"));
}

TEST(CardSetOps, IteratesInIdOrder) {
  std::vector<Card> seen;
  for (Card c : cards("Qs 2d Kc Ac")) seen.push_back(c);
  EXPECT_EQ(seen, (std::vector<Card>{card("Ac"), card("Kc"), card("2d"), card("Qs")}));
}

TEST(CardSetOps, SuitAndRankMasks) {
  const CardSet s = cards("Ah 3h Kh 3c 3s");
  EXPECT_EQ(s.suit_ranks(Suit::kHearts), (1u << 0) | (1u << 2) | (1u << 12));
  EXPECT_EQ(s.suit_ranks(Suit::kDiamonds), 0u);
  EXPECT_EQ(s.rank_suits(Rank::kThree), 0b1101u);  // clubs, hearts, spades
  EXPECT_EQ(s.rank_suits(Rank::kKing), 0b0100u);
  EXPECT_TRUE(s.jokers().empty());
  EXPECT_EQ((s | Card::joker(1)).jokers(), CardSet(Card::joker(1)));
}

// S2: one standard 52-card deck, no jokers.
TEST(Deck, S2StandardDeckHas52CardsAndNoJokers) {
  const Game game;
  EXPECT_EQ(game.deck_size(), 52);
  EXPECT_EQ(game.deck().mask(), (std::uint64_t{1} << 52) - 1);
  EXPECT_TRUE(game.deck().jokers().empty());
}

// S3: ace 1, two to ten face value, J, Q, K 10 each.
TEST(Values, S3CardValues) {
  const Game game;
  const std::string ranks = "A23456789TJQK";
  const int expected[13] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};
  for (int r = 0; r < 13; ++r)
    for (char s : std::string("cdhs"))
      EXPECT_EQ(game.value(card(std::string{ranks[r], s})), expected[r]) << ranks[r] << s;
  EXPECT_EQ(game.count(cards("Ac Kd 5h")), 16);
  EXPECT_EQ(game.count(cards("Jc Qd Ks Ts 9h")), 49);
  EXPECT_EQ(game.count(CardSet()), 0);
}

// V17 (face_values=ranked) changes S3's face values; checked so that the option is known to work.
TEST(Values, S3RankedFaceValuesOption) {
  Rules r;
  r.face_values = FaceValues::kRanked;
  const Game game(r);
  EXPECT_EQ(game.value(card("Jc")), 11);
  EXPECT_EQ(game.value(card("Qc")), 12);
  EXPECT_EQ(game.value(card("Kc")), 13);
  EXPECT_EQ(game.value(card("Tc")), 10);
}

TEST(ActionNotation, PrintsAndParses) {
  const std::vector<std::pair<Action, std::string>> cases = {
      {Action::drop(), "drop"},
      {Action::take_stock(), "stock"},
      {Action::take_discard(), "take"},
      {Action::spread(cards("6h 4h 5h")), "spread 4h5h6h"},
      {Action::hit(2, cards("8h 7h")), "hit 2 7h8h"},
      {Action::discard(card("Kc")), "discard Kc"},
  };
  for (const auto& [action, text] : cases) {
    EXPECT_EQ(to_string(action), text);
    EXPECT_EQ(parse_action(text), action) << text;
  }
  EXPECT_EQ(parse_action("spread 4h 5h 6h"), Action::spread(cards("4h5h6h")));
  EXPECT_EQ(parse_action("  discard Kc  "), Action::discard(card("Kc")));
}

TEST(ActionNotation, RefusesMalformedText) {
  for (const char* text : {"", "fly", "drop now", "stock 1", "spread", "spread 4h4h", "hit 4h", "hit x 4h",
                           "hit 0", "discard", "discard KcQc", "discard 10c"}) {
    std::string error;
    EXPECT_EQ(parse_action(text, &error), std::nullopt) << "'" << text << "'";
    EXPECT_FALSE(error.empty()) << "'" << text << "'";
  }
}

}  // namespace
}  // namespace tonk
