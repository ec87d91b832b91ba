// The rule set of a game of Tonk: one typed struct, one field per rule option.
//
// Every field is described once, in the option table of rule_options.h (name, type, default, range,
// rule ID, one-line doc); presets, CLI flags, validation and docs/rules.md all come from that table.
// The defaults are the standard game of RULES.md (S1-S18) with the interpretations I1-I8.
#pragma once

#include <cstdint>

namespace tonk {

/// Largest table the engine seats (S1 allows any number in principle; eight is our ceiling).
inline constexpr int kMaxPlayers = 8;
/// Largest hand the engine deals (S6 deals 5; V18 deals 7).
inline constexpr int kMaxHandSize = 9;

/// Which cards make the deck.
enum class DeckKind : std::uint8_t {
  kFull52 = 0,  ///< S2: one standard 52-card deck.
  kForty = 1,   ///< V11: no 8s, 9s or 10s; in runs the 7 is next to the jack.
};

/// What the face cards are worth.
enum class FaceValues : std::uint8_t {
  kTen = 0,     ///< S3: J, Q, K count 10 each.
  kRanked = 1,  ///< V17: J 11, Q 12, K 13.
};

/// What happens when two or more players hold a dealt tonk.
enum class MultipleDealtTonks : std::uint8_t {
  kVoid = 0,  ///< S7: the hand is void, no payments.
};

/// How a caught drop is paid.
enum class CaughtPayout : std::uint8_t {
  kStandard = 0,  ///< S15b.
};

/// How a hand ends when the stock runs out.
enum class StockEnd : std::uint8_t {
  kLowestWins = 0,  ///< S16: play on while discards are taken; then the lowest count wins.
};

/// A complete rule set. A plain value: copy it, compare it, change fields and validate it with
/// validate() (rule_options.h) or by constructing a Game, which refuses an invalid set.
/// Stake amounts are whole multiples of the base stake (S4); counts are card points (S3).
struct Rules {
  int players = 2;                       ///< S1: seats at the table, 2..kMaxPlayers.
  int hand_size = 5;                     ///< S6: cards dealt to each player, 3..kMaxHandSize.
  DeckKind deck = DeckKind::kFull52;     ///< S2 / V11.
  FaceValues face_values = FaceValues::kTen;  ///< S3 / V17.
  bool upcard = true;                    ///< S6: turn the upcard after the deal (V1 turns none).
  int dealt_tonk_min = 49;               ///< S7: lowest dealt count that is a dealt tonk; 0 = none.
  int dealt_tonk_max = 50;               ///< S7: highest dealt count that is a dealt tonk.
  int dealt_tonk_pays = 2;               ///< S7: stakes each other player pays a dealt tonk.
  MultipleDealtTonks multiple_dealt_tonks = MultipleDealtTonks::kVoid;  ///< S7.
  int tonk_out_pays = 2;                 ///< S13: stakes each other player pays a tonk out.
  int out_by_discard_pays = 1;           ///< S14: stakes each other player pays going out by discard.
  int drop_pays = 1;                     ///< S15a: stakes each other player pays a winning drop.
  CaughtPayout caught_payout = CaughtPayout::kStandard;  ///< S15b / V4.
  int caught_pays = 2;                   ///< S15b: stakes a caught dropper pays each catcher.
  int caught_lowest_pays = 1;            ///< S15b: stakes others pay the lowest count after a catch.
  StockEnd stock_end = StockEnd::kLowestWins;  ///< S16 / V5.
  int stock_end_pays = 1;                ///< S16: stakes each higher count pays the lowest.
  int max_turns = 200;                   ///< I2: turns after which play ends as in S16 (bounds every hand).
  int empty_stock_takes = 3;             ///< I2: discards each player may take once the stock is empty.
  bool rediscard_taken_card = false;     ///< I1: may the card taken from the pile be discarded again.
  bool drop_on_first_turn = true;        ///< I3: may a player drop on their first turn.
  int book_max = 4;                      ///< I5 / V19a: largest book on the table, 3 or 4.
  bool held_spreads_count = true;        ///< I8: spreads held in hand count in a showdown.
  bool cut_ace_high = false;             ///< I7: the ace is high (true) or low (false) in the cut.

  friend bool operator==(const Rules&, const Rules&) = default;
};

}  // namespace tonk
