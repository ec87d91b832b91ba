// The action codec: every action of a rule set as an integer in [0, num_distinct_actions()) and
// back, for learning code (OpenSpiel-style integer actions; the Python module uses it).
//
// The layout is fixed and documented in docs/PYTHON.md ("The action codec"). The first
// kNaturalActions codes mean the same in every rule set; a rule set with wild cards (V13a) adds a
// region after them whose size depends on its jokers, hand size and book size. A code names an
// action relative to the state it is played in: a hit names its target spread by index and the
// cards it adds by where they go, so decoding needs the State.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tonk/action.h"
#include "tonk/game.h"
#include "tonk/state.h"

namespace tonk {

class ActionCodec {
 public:
  // The natural region, the same in every rule set (docs/PYTHON.md lists each range).
  static constexpr int kDropCode = 0;         ///< S15
  static constexpr int kTakeStockCode = 1;    ///< S9
  static constexpr int kTakeDiscardCode = 2;  ///< S9
  static constexpr int kClaimCode = 3;        ///< V13d
  static constexpr int kEndTurnCode = 4;      ///< V19c
  static constexpr int kPassCode = 5;         ///< V21
  static constexpr int kDiscardBase = 6;      ///< + card id (0..55): discard that card (S9, S14)
  static constexpr int kSlapBase = kDiscardBase + kNumCardIds;  ///< + target spread (V21)
  static constexpr int kBookBase = kSlapBase + kMaxSpreads;     ///< + rank*5 + suits: a book (S11)
  static constexpr int kRunBase = kBookBase + kNumRanks * 5;    ///< + suit*66 + run index (S11)
  static constexpr int kRunsPerSuit = 66;     ///< runs of 3..13 run positions from 13 (low, length)
  static constexpr int kHitBase = kRunBase + kNumSuits * kRunsPerSuit;  ///< + target*69 + hit (S12)
  static constexpr int kHitsPerTarget = 69;   ///< 4 book hits (the suit added) + 65 run hits (below, above)
  static constexpr int kNaturalActions = kHitBase + kMaxSpreads * kHitsPerTarget;  ///< 1651

  /// The codec of `game`'s rule set. Cheap for rule sets without wild cards; with them (V13a) it
  /// builds small tables of the ways wild cards fill a spread (a few hundred kB at most).
  explicit ActionCodec(const Game& game);

  /// The number of codes: kNaturalActions without wild cards, more with them.
  int num_distinct_actions() const { return size_; }

  /// The code of `action` in `state` (played under the codec's rule set), or -1 when the action has
  /// none: its operands do not describe an action of this state (a hit on a missing spread, cards
  /// that do not make a spread of the shape named, ...). Every legal action has a code, and no two
  /// legal actions of a state share one (tests/action_codec_test.cc). Allocation-free.
  int encode(const State& state, const Action& action) const;

  /// The action a code names in `state`, as the engine lists it (jokers are the lowest-numbered
  /// the player to move holds, V13a; shapes as State::legal_actions names them). nullopt when the
  /// code is out of range or names nothing in this state (a hit on a spread that is not there, a
  /// run past the deck's top). A decoded action need not be legal: check State::why_illegal.
  std::optional<Action> decode(const State& state, int code) const;

 private:
  // A table of the ways to fill `places` places with natural cards (M, a mask over the places),
  // wild deuces (D, a mask over suits) and jokers (j), with a size in [min_size, max_size] and at
  // least one wild card, in the order (M, D, j) ascending.
  struct Forms {
    int places = 0;
    std::vector<std::uint32_t> list;  // M | D << places | j << (places + 4)
    std::vector<std::int32_t> index;  // key -> position in list, or -1
    void build(int places, int min_size, int max_size, int max_jokers);
    int find(std::uint32_t m, std::uint32_t d, int j) const;
  };
  int encode_spread(const State& state, const Action& a) const;
  int encode_hit(const State& state, const Action& a) const;
  std::optional<Action> decode_natural(const State& state, int code) const;
  std::optional<Action> decode_wild(const State& state, int code) const;

  bool wild_ = false;
  int jokers_ = 0;
  int hand_cap_ = 0;  // most cards a player can hold when spreading or hitting
  int top_ = 12;      // the deck's last run position
  int size_ = kNaturalActions;
  // The wild region (V13a).
  Forms book_forms_;                       // a book of 3..book_max with wild cards
  Forms book_hit_forms_;                   // one wild card onto a book
  std::vector<Forms> run_forms_;           // [n]: n places, exactly n cards
  int wild_book_base_ = 0;                 // + rank * book_forms_.list.size() + form
  int wild_run_base_ = 0;                  // + run_offset_[suit][low][length] + form
  std::vector<int> run_offset_;            // [(low * 14 + length)] within a suit
  int wild_runs_per_suit_ = 0;
  int wild_hit_base_ = 0;                  // + target * wild_hits_per_target_ + ...
  std::vector<int> hit_offset_;            // [(places * 14 + below)] after the book hits
  int wild_hits_per_target_ = 0;
};

}  // namespace tonk
