// The rule set of a game of Tonk: one typed struct, one field per rule option.
//
// Every field is described once, in the option table of rule_options.h (name, type, default, range,
// rule ID, one-line doc); presets, CLI flags, validation and docs/OPTIONS.md all come from that table.
// The defaults are the standard game of RULES.md (S1-S18) with the interpretations I1-I8.
#pragma once

#include <cstdint>

namespace tonk {

/// Largest table the engine seats (S1 allows any number in principle; eight is our ceiling).
inline constexpr int kMaxPlayers = 8;
/// Largest hand the engine deals (S6 deals 5; V18 deals 7).
inline constexpr int kMaxHandSize = 9;

/// Which cards make the deck (jokers are added by Rules::jokers).
enum class DeckKind : std::uint8_t {
  kFull52 = 0,  ///< S2: one standard 52-card deck.
  kForty = 1,   ///< V11: no 8s, 9s or 10s; in runs the 7 is next to the jack.
};

/// What the face cards are worth.
enum class FaceValues : std::uint8_t {
  kTen = 0,     ///< S3: J, Q, K count 10 each.
  kRanked = 1,  ///< V17: J 11, Q 12, K 13.
};

/// Which cards are wild in spreads.
enum class WildCards : std::uint8_t {
  kNone = 0,          ///< S11: no wild cards.
  kDeucesJokers = 1,  ///< V13a: the four deuces and the jokers are wild.
};

/// What happens when two or more players hold a dealt-hand win (S7, V7-V14).
enum class MultipleDealtTonks : std::uint8_t {
  kVoid = 0,         ///< S7, V8a: the hand is void, no payments.
  kBest = 1,         ///< V7, V9, V13b, V13c: only the best is paid; a tie for the best voids the hand.
  kBestNearest = 2,  ///< V10: only the best is paid; a tie goes to the player nearest the dealer's left.
  kAll = 3,          ///< V14b: every holder is paid.
  kEarliest = 4,     ///< V13b option: the holder nearest the dealer's left is paid.
};

/// Which dealt-hand win ranks first when several players hold one (with kBest, kBestNearest).
enum class DealtPriority : std::uint8_t {
  kHighFirst = 0,  ///< V10: 50 beats 49 beats a low count; five face cards rank above all.
  kLowFirst = 1,   ///< V9: a low count beats 50 beats 49.
};

/// How a caught drop is paid (S15b and its alternatives V4, V12d, V13g, V14d).
enum class CaughtPayout : std::uint8_t {
  kStandard = 0,            ///< S15b.
  kLowestDouble = 1,        ///< V4.1: the lowest gets caught_lowest_pays from each other, caught_pays from the dropper.
  kDropperPaysLowest = 2,   ///< V4.2: the dropper pays the lowest caught_lowest_pays per other player.
  kEqualOrLowerAndLowest = 3,  ///< V4.3: caught_pays to each equal or lower; the lowest also gets caught_lowest_pays from every other.
  kDropperPaysAll = 4,      ///< V4.4: the dropper pays caught_pays to every other player.
  kLowestNearest = 5,       ///< V4.5: the dropper pays caught_pays to the one lowest player nearest the dealer's left.
  kCzech = 6,               ///< V4.6: S15b, but the lowest's extra comes only from counts above the dropper's.
  kCatchersOnly = 7,        ///< V12d: caught_pays to each player with an equal or lower count; nothing else.
  kLowestOnly = 8,          ///< V13g, V14d: caught_pays to each player with the lowest count; nothing else.
};

/// How a hand ends when the stock runs out.
enum class StockEnd : std::uint8_t {
  kLowestWins = 0,      ///< S16: play on while discards are taken; then the lowest count wins.
  kDead = 1,            ///< V5: the hand is dead, no payments (at the moment S16 would pay).
  kAfterLastDraw = 2,   ///< V5a: play ends when the player who took the last stock card ends that turn.
  kLowestAsDrop = 3,    ///< V12e: the lowest count wins as a drop; a tie for lowest is a dead hand.
};

/// What the numbers of the ledger are (the payments are the same in the first three).
enum class Scoring : std::uint8_t {
  kStakes = 0,   ///< S4: multiples of the base stake.
  kUnits = 1,    ///< V12c: Rushville's units.
  kPoints = 2,   ///< V14a: points, +(n-1) to a winner of 1 from each, summing to zero.
  kPushups = 3,  ///< V15: the winner scores nothing, each loser the count left in hand (doubled after a double win); lowest total wins.
};

/// Slapping a discard onto a spread (V21).
enum class Slapping : std::uint8_t {
  kOff = 0,           ///< No slapping.
  kOn = 1,            ///< V21: a slapper hits the discard onto a spread and discards one extra card.
  kNextPriority = 2,  ///< V21a: as V21; the next player always wins the race but gets no extra discard.
};

/// A complete rule set. A plain value: copy it, compare it, change fields and validate it with
/// validate() (rule_options.h) or by constructing a Game, which refuses an invalid set.
/// Payments are whole multiples of the base stake (S4); counts are card points (S3).
struct Rules {
  // The table and the deck.
  int players = 2;                            ///< S1: seats at the table, 2..kMaxPlayers.
  int hand_size = 5;                          ///< S6 / V18: cards dealt to each player.
  DeckKind deck = DeckKind::kFull52;          ///< S2 / V11.
  int jokers = 0;                             ///< V16 / V13a: jokers added to the deck, 0..4.
  WildCards wild_cards = WildCards::kNone;    ///< S11 / V13a.
  FaceValues face_values = FaceValues::kTen;  ///< S3 / V17.
  bool upcard = true;                         ///< S6: turn the upcard after the deal (V1, V13e: none).

  // Dealt-hand wins (S7 and V7-V14).
  int dealt_tonk_min = 49;              ///< S7: lowest dealt count that is a dealt tonk; 0 = none.
  int dealt_tonk_max = 50;              ///< S7: highest dealt count that is a dealt tonk.
  int dealt_tonk_pays = 2;              ///< S7: stakes from each other player for dealt_tonk_max.
  int dealt_tonk_below_max_pays = 2;    ///< V7: stakes for a dealt tonk below the max (a 49).
  int dealt_low_max = 0;                ///< V8-V14b: a dealt count at or below this wins; 0 = off.
  int dealt_low_pays = 2;               ///< V8: stakes from each other player for a low dealt hand.
  int dealt_five_faces_pays = 0;        ///< V12b: stakes for five dealt face cards (J Q K); 0 = off.
  MultipleDealtTonks multiple_dealt_tonks = MultipleDealtTonks::kVoid;  ///< S7 / V7-V14b.
  DealtPriority dealt_priority = DealtPriority::kHighFirst;            ///< V9 / V10.
  int dealt_claim_total = 0;            ///< V13d: a dealt count that may claim a win before its first turn; 0 = off.
  int dealt_claim_pays = 1;             ///< V13d: stakes from each other player for a claim.

  // Going out (S13, S14, V3, V10, V13).
  int tonk_out_pays = 2;                ///< S13: stakes from each other player, hand emptied with no final discard.
  int hit_out_pays = 2;                 ///< V3a: the same when the going-out turn included a hit.
  int out_by_discard_pays = 1;          ///< S14: stakes from each other player, final discard empties the hand.
  int first_turn_out_pays = 0;          ///< V10, V13h: going out on one's first turn with two spreads (I10); 0 = as tonk_out_pays.
  int double_spread_out_pays = 0;       ///< V13h, I9: going out on a later turn with two spreads laid in that turn; 0 = as tonk_out_pays.
  bool hit_breaks_double = false;       ///< V13f: a player who has hit this hand goes out for out_by_discard_pays only.

  // The drop (S15, V4, V12d, V13g, V14d).
  int drop_pays = 1;                    ///< S15a: stakes from each other player to a dropper who is strictly lowest.
  CaughtPayout caught_payout = CaughtPayout::kStandard;  ///< S15b / V4.
  int caught_pays = 2;                  ///< S15b: stakes the caught dropper pays (see caught_payout).
  int caught_lowest_pays = 1;           ///< S15b: stakes paid to the lowest count after a catch.
  bool caught_pays_per_player = false;  ///< V14d: caught_pays is multiplied by the number of players.
  bool caught_for_dropper_too = true;   ///< V4.2 [I]: "every other player" counts the dropper ((n-1)x); false: (n-2)x.

  // The stock (S16, I2, V5, V12e).
  StockEnd stock_end = StockEnd::kLowestWins;  ///< S16 / V5 / V5a / V12e.
  int stock_end_pays = 1;               ///< S16: stakes each higher count pays the lowest.
  int max_turns = 200;                  ///< I2: turns after which play ends as in S16 (bounds every hand).
  int empty_stock_takes = 3;            ///< I2: discards each player may take once the stock is empty.
  bool boobed_deck = false;             ///< V12e: with the stock at most the number of players, nobody goes out.

  // Waiting (V6, V14c): turns a player may not drop.
  int spread_wait = 0;                  ///< V6.1: turns without a drop after laying a new spread (3).
  int hit_wait = 0;                     ///< V6.2, V14c: turns without a drop after another player hits one's spread (1; V6b: 3).
  int own_hit_wait = 0;                 ///< V6.3: turns without a drop after hitting one's own spread (1; V6b: 3).
  bool waits_add = false;               ///< V6.4: waits add up (otherwise the longest applies).
  bool round_hits_one_wait = false;     ///< V6a: several hits on one's spreads between one's turns are one wait.
  bool hit_blocks_going_out = false;    ///< V6c: being hit also forbids going out on the next turn (V6.5 otherwise).

  // Restrictions (V2, V19, I1, I3, I5, I8).
  bool must_lay_spreads = false;        ///< V2: a complete spread held in hand must be laid before discarding.
  bool may_hold_three_aces = false;     ///< V2a: except three aces.
  int book_max = 4;                     ///< I5 / V19a: largest book on the table, 3 or 4.
  int hit_cards_per_turn = 0;           ///< V19b: cards a player may hit with in one turn; 0 = no limit.
  bool hit_skips_discard = false;       ///< V19c: a player who hits ends the turn without a discard.
  bool taken_discard_must_spread = false;  ///< V19d: the card taken from the pile must go at once into a new spread.
  bool rediscard_taken_card = false;    ///< I1: may the card taken from the pile be discarded again.
  bool drop_on_first_turn = true;       ///< I3: may a player drop on their first turn.
  bool held_spreads_count = true;       ///< I8: spreads held in hand count in a showdown.
  bool cut_ace_high = false;            ///< I7: the ace is high (true) or low (false) in the cut.

  // Slapping (V21).
  Slapping slapping = Slapping::kOff;   ///< V21 / V21a.

  // Scoring and the session (S4, V12a, V12c, V14a, V15, V22, V23).
  Scoring scoring = Scoring::kStakes;   ///< S4 / V12c / V14a / V15.
  bool drop_called_tonk = false;        ///< V12a: say "tonk" for a drop (words only).
  int pushup_limit = 0;                 ///< V15: the session ends when a total reaches this; 0 = no limit.
  int big_one_hands = 0;                ///< V22: the last this many hands of a session are at double stakes.
  int suit_bet = 0;                     ///< V23a: each player's stake in the high-card-of-a-suit pot; 0 = off.
  int naturals_bet = 0;                 ///< V23b: each player's stake per deal in the first-book pot; 0 = off.

  friend bool operator==(const Rules&, const Rules&) = default;
};

}  // namespace tonk
