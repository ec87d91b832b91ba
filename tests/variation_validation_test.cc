// Validation of the variation options (rule_options.h): each refused combination is a RuleError
// naming the option at fault, and the nearest accepted combination is accepted (so the check is not
// a blanket refusal).
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "test_util.h"
#include "tonk/rule_options.h"

namespace tonk {
namespace {

// The option() of the RuleError that validate(r) throws, or "<accepted>"; Game(r) must agree.
std::string refused(const Rules& r) {
  std::string option = "<accepted>";
  try {
    validate(r);
  } catch (const RuleError& e) {
    EXPECT_FALSE(std::string(e.what()).empty());
    option = e.option();
  }
  std::string by_game = "<accepted>";
  try {
    const Game g(r);
  } catch (const RuleError& e) {
    by_game = e.option();
  }
  EXPECT_EQ(option, by_game);
  return option;
}

// V2a is an exception to V2: alone it is refused.
TEST(VariationValidation, V2aNeedsV2) {
  Rules r;
  r.may_hold_three_aces = true;
  EXPECT_EQ(refused(r), "may_hold_three_aces");
  r.must_lay_spreads = true;
  EXPECT_EQ(refused(r), "<accepted>");
}

// V6.4 waits_add needs some wait.
TEST(VariationValidation, V6_4WaitsAddNeedsAWait) {
  Rules r;
  r.waits_add = true;
  EXPECT_EQ(refused(r), "waits_add");
  for (int which = 0; which < 3; ++which) {
    Rules q = r;
    (which == 0 ? q.spread_wait : which == 1 ? q.hit_wait : q.own_hit_wait) = 1;
    EXPECT_EQ(refused(q), "<accepted>") << which;
  }
}

// V6a round_hits_one_wait changes only the waits for hits: a spread wait alone is not enough.
TEST(VariationValidation, V6aNeedsAHitWait) {
  Rules r;
  r.round_hits_one_wait = true;
  EXPECT_EQ(refused(r), "round_hits_one_wait");
  r.spread_wait = 3;
  EXPECT_EQ(refused(r), "round_hits_one_wait");
  Rules h = r;
  h.hit_wait = 1;
  EXPECT_EQ(refused(h), "<accepted>");
  Rules o = r;
  o.own_hit_wait = 1;
  EXPECT_EQ(refused(o), "<accepted>");
}

// V6c hit_blocks_going_out needs hit_wait (being hit by another player).
TEST(VariationValidation, V6cNeedsHitWait) {
  Rules r;
  r.hit_blocks_going_out = true;
  EXPECT_EQ(refused(r), "hit_blocks_going_out");
  r.own_hit_wait = 1;
  r.spread_wait = 1;
  EXPECT_EQ(refused(r), "hit_blocks_going_out");
  r.hit_wait = 1;
  EXPECT_EQ(refused(r), "<accepted>");
}

// V15 pushup_limit needs push-ups.
TEST(VariationValidation, V15PushupLimitNeedsPushups) {
  Rules r;
  r.pushup_limit = 100;
  EXPECT_EQ(refused(r), "pushup_limit");
  r.scoring = Scoring::kPoints;
  EXPECT_EQ(refused(r), "pushup_limit");
  r.scoring = Scoring::kPushups;
  EXPECT_EQ(refused(r), "<accepted>");
}

// V8: dealt_low_max may not reach the dealt-tonk totals (49 with S7's defaults).
TEST(VariationValidation, V8DealtLowMaxMayNotOverlapTheDealtTonks) {
  Rules r;
  r.dealt_low_max = 49;
  EXPECT_EQ(refused(r), "dealt_low_max");
  r.dealt_low_max = 48;
  EXPECT_EQ(refused(r), "<accepted>");
  r.dealt_low_max = 49;
  r.dealt_tonk_min = 0;  // V8c: no dealt tonks, so no overlap
  EXPECT_EQ(refused(r), "<accepted>");
}

// V8: dealt_low_max must be reachable: the lowest five cards (four aces and a two) count 6; with two
// jokers (V16, 0 each) the lowest hand is X X A A A = 3.
TEST(VariationValidation, V8DealtLowMaxMustBeReachable) {
  Rules r;
  r.dealt_low_max = 5;
  EXPECT_EQ(refused(r), "dealt_low_max");
  r.dealt_low_max = 6;
  EXPECT_EQ(refused(r), "<accepted>");
  r.dealt_low_max = 2;
  r.jokers = 2;
  EXPECT_EQ(refused(r), "dealt_low_max");
  r.dealt_low_max = 3;
  EXPECT_EQ(refused(r), "<accepted>");
}

// V13d: dealt_claim_total must be reachable (5 cards count 6..50), and may not already be a dealt tonk
// or a low dealt win.
TEST(VariationValidation, V13dClaimTotalMustBeReachableAndNotADealtWin) {
  Rules r;
  r.dealt_tonk_min = 50;
  r.dealt_claim_total = 51;
  EXPECT_EQ(refused(r), "dealt_claim_total");
  r.dealt_claim_total = 5;
  EXPECT_EQ(refused(r), "dealt_claim_total");
  r.dealt_claim_total = 49;
  EXPECT_EQ(refused(r), "<accepted>");
  r.dealt_tonk_min = 49;  // S7: 49 is already a dealt tonk
  EXPECT_EQ(refused(r), "dealt_claim_total");
  Rules low;
  low.dealt_low_max = 13;
  low.dealt_claim_total = 12;  // already a low dealt win (V8)
  EXPECT_EQ(refused(low), "dealt_claim_total");
  low.dealt_claim_total = 14;
  EXPECT_EQ(refused(low), "<accepted>");
}

}  // namespace
}  // namespace tonk
