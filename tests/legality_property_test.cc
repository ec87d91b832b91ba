// The legality property ("each rule once"): over random states of every preset,
//  - for every listed action and for at least 10 random illegal candidates per state (wrong phase,
//    card not held, broken spread, bad hit, forbidden discard, bad operands, ...), is_legal(a) is
//    membership of normalize(a) in legal_actions(), and why_illegal(a) is empty exactly when a is
//    legal, with a rule ID and a message otherwise;
//  - on a sample of the states, legal_actions() equals the set found by a brute-force enumeration
//    that proposes every action of every kind (tests/brute_force.h);
//  - apply_checked of an illegal action throws IllegalAction carrying why_illegal's refusal and
//    leaves the state unchanged.
// is_legal runs the predicates on the one action (it does not list), so these can disagree.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "brute_force.h"
#include "test_util.h"
#include "tonk/hand.h"
#include "tonk/preset.h"
#include "tonk/rng.h"
#include "tonk/state.h"

namespace tonk {
namespace {

// A random candidate action: a legal one bent in one way, or one made up from the cards around.
Action random_candidate(const State& s, const ActionList& legal, Rng& rng) {
  const Game& game = s.game();
  const std::vector<Card> deck(game.deck().begin(), game.deck().end());
  const CardSet hand = s.hand(s.current_player());
  const std::vector<Card> held(hand.begin(), hand.end());
  auto any_card = [&] { return deck[rng.below(static_cast<std::uint32_t>(deck.size()))]; };
  auto held_card = [&] { return held.empty() ? any_card() : held[rng.below(static_cast<std::uint32_t>(held.size()))]; };
  auto some_held = [&](int most) {
    CardSet cards;
    const int k = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(most)));
    for (int i = 0; i < k; ++i) cards.insert(held_card());
    return cards;
  };
  const std::vector<std::uint8_t> shapes = test::every_shape(game);
  auto any_shape = [&] { return shapes[rng.below(static_cast<std::uint32_t>(shapes.size()))]; };
  const auto kind = static_cast<ActionKind>(rng.below(10));
  const int target = static_cast<int>(rng.below(static_cast<std::uint32_t>(s.num_spreads() + 2)));
  switch (rng.below(5)) {
    case 0:
    case 1: {  // a legal action, bent
      if (legal.empty()) break;
      Action a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      switch (rng.below(6)) {
        case 0: a.cards.insert(any_card()); break;                       // one card more (maybe not held)
        case 1: a.cards -= CardSet(a.cards.first()); break;             // one card fewer
        case 2: a.cards = (a.cards - CardSet(a.cards.first())) | CardSet(any_card()); break;  // one swapped
        case 3: a.target = static_cast<std::uint8_t>(target); break;     // another spread
        case 4: a.kind = kind; break;                                    // another kind, same operands
        default: a.shape = rng.below(2) ? 0 : any_shape(); break;        // another shape
      }
      return a;
    }
    case 2: return Action::spread(some_held(5), rng.below(3) == 0 ? any_shape() : 0);
    case 3: return Action::hit(target, some_held(3), rng.below(3) == 0 ? any_shape() : 0);
    default: break;
  }
  // Any kind, with operands from anywhere.
  Action a{kind, static_cast<std::uint8_t>(rng.below(3) == 0 ? target : 0), 0, {}};
  if (rng.below(2)) a.cards.insert(rng.below(2) ? held_card() : any_card());
  return a;
}

struct LegalityTally {
  long long states = 0;
  long long illegal_checked = 0;
  long long legal_checked = 0;
  long long exhaustive = 0;
};

// Plays random hands under `game` until `states` states in play have been checked.
void check_random_states(const Game& game, std::uint64_t seed, long long states, int exhaustive_every, LegalityTally& tally) {
  Rng rng(seed);
  ActionList legal;
  while (tally.states < states) {
    State s = State::deal(game, shuffled_deck(game, rng), static_cast<int>(rng.below(game.num_players())));
    while (!s.is_over() && tally.states < states) {
      ++tally.states;
      s.legal_actions(legal);
      ASSERT_FALSE(legal.empty());
      std::vector<std::string> listed;
      for (const Action& a : legal) {
        ASSERT_TRUE(s.is_legal(a)) << to_string(a) << " listed but refused: " << test::why(s, a);
        ASSERT_FALSE(s.why_illegal(a).has_value()) << to_string(a);
        ASSERT_EQ(s.normalize(a), a) << to_string(a) << " is listed in a form normalize changes";
        listed.push_back(to_string(a));
        ++tally.legal_checked;
      }
      std::sort(listed.begin(), listed.end());
      ASSERT_EQ(std::adjacent_find(listed.begin(), listed.end()), listed.end()) << "an action listed twice";
      int illegal = 0;
      for (int tries = 0; illegal < 10 && tries < 400; ++tries) {
        const Action c = random_candidate(s, legal, rng);
        const bool is_legal = s.is_legal(c);
        ASSERT_EQ(is_legal, legal.contains(s.normalize(c))) << to_string(c) << " (" << test::why(s, c) << ")";
        const auto refusal = s.why_illegal(c);
        ASSERT_EQ(refusal.has_value(), !is_legal) << to_string(c);
        if (!refusal) continue;
        ASSERT_FALSE(refusal->rule_id.empty());
        ASSERT_FALSE(refusal->message.empty());
        ++illegal;
        if (illegal == 1) {  // apply_checked refuses with the same refusal and changes nothing
          const State before = s;
          try {
            s.apply_checked(c);
            ADD_FAILURE() << "apply_checked accepted " << to_string(c);
          } catch (const IllegalAction& e) {
            EXPECT_EQ(e.refusal(), *refusal);
          }
          ASSERT_EQ(test::legal_strings(s), test::legal_strings(before));
        }
      }
      ASSERT_GE(illegal, 10) << "too few illegal candidates were made";
      tally.illegal_checked += illegal;
      if (tally.states % exhaustive_every == 0) {
        ++tally.exhaustive;
        ASSERT_EQ(test::brute_force_legal(s), listed) << "brute force and legal_actions disagree";
      }
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
  }
}

class LegalityProperty : public ::testing::TestWithParam<std::string> {};

TEST_P(LegalityProperty, IsLegalAgreesWithTheListAndTheBruteForce) {
  const Preset& preset = preset_or_throw(GetParam());
  LegalityTally tally;
  std::uint64_t seed = 1;
  // 10,000 states per preset, spread over the player counts the preset allows.
  const int most = std::min(4, preset.max_players);
  for (int players = 2; players <= most; ++players) {
    Rules rules = preset.rules;
    rules.players = players;
    const Game game(rules);
    const long long until = 10'000LL * (players - 1) / (most - 1);
    check_random_states(game, seed++, until, game.has_wilds() ? 200 : 40, tally);
    if (HasFatalFailure()) return;
  }
  EXPECT_GE(tally.states, 9'990);
  EXPECT_GE(tally.illegal_checked, 10 * tally.states);
  EXPECT_GT(tally.exhaustive, 40);
  RecordProperty("states", std::to_string(tally.states));
}

INSTANTIATE_TEST_SUITE_P(EveryPreset, LegalityProperty,
                         ::testing::Values("P-STD", "P-DC", "P-NEWARK", "P-BATON", "P-RUSH", "P-CHICAGO", "P-WASH",
                                           "P-PUSHUP", "P-SEATTLE", "P-VIETNAM"),
                         [](const auto& info) { return info.param.substr(2); });

// The variations that no preset plays (V2, V6, V19, V21 ...) have their own states: every option of
// the restrictions and waits at once, and slapping.
TEST(LegalityProperty, RestrictionsWaitsAndSlapping) {
  for (int variant = 0; variant < 4; ++variant) {
    Rules r;
    r.players = 2 + variant % 3;
    r.must_lay_spreads = variant != 1;                 // V2
    r.may_hold_three_aces = variant == 2;              // V2a
    r.spread_wait = 3;                                 // V6.1
    r.hit_wait = variant == 3 ? 3 : 1;                 // V6.2, V6b
    r.own_hit_wait = 1;                                // V6.3
    r.hit_blocks_going_out = true;                     // V6c
    r.hit_cards_per_turn = variant == 0 ? 1 : 0;       // V19b
    r.hit_skips_discard = variant % 2 == 0;            // V19c
    r.taken_discard_must_spread = variant >= 2;        // V19d
    r.book_max = variant == 1 ? 3 : 4;                 // V19a
    r.slapping = variant == 3 ? Slapping::kNextPriority : Slapping::kOn;  // V21, V21a
    r.drop_on_first_turn = variant != 0;               // I3
    const Game game(r);
    LegalityTally tally;
    check_random_states(game, 100 + static_cast<std::uint64_t>(variant), 5'000, 25, tally);
    if (HasFatalFailure()) return;
    EXPECT_GT(tally.exhaustive, 100);
  }
}

}  // namespace
}  // namespace tonk
