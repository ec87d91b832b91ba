// Test-only helpers shared by the variation tests (variation_*_test.cc, RULES.md §2).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "test_util.h"

namespace tonk::test {

/// A turn that leaves the hand as it was: take the top stock card and discard it at once.
inline void pass_turn(State& s) {
  ASSERT_GT(s.stock_size(), 0);
  const Card top = s.stock()[0];
  s.apply_checked(Action::take_stock());
  ASSERT_TRUE(s.hand(s.current_player()).contains(top));
  s.apply_checked(Action::discard(top));
}

/// pass_turn until the stock holds `left` cards.
inline void pass_until_stock(State& s, int left) {
  while (s.stock_size() > left && !s.is_over()) pass_turn(s);
}

/// The turns player p has still to wait before dropping, counting the current turn when p is to move
/// and that turn is one of them (State::drop_wait counts only the coming turns).
inline int waiting_turns(const State& s, int p) {
  const bool now = s.current_player() == p && s.phase() == Phase::kStartOfTurn && s.drop_blocked();
  return s.drop_wait(p) + (now ? 1 : 0);
}

/// True when `action` (in notation) is among the legal actions.
inline bool legal(const State& s, std::string_view action) {
  const auto list = legal_strings(s);
  return std::find(list.begin(), list.end(), std::string(action)) != list.end();
}

/// The discards of every card in `hand` (notation), sorted as legal_strings() writes them.
inline std::vector<std::string> discards(std::string_view hand) {
  std::vector<std::string> out;
  for (Card c : card_list(hand)) out.push_back("discard " + to_string(c));
  std::sort(out.begin(), out.end());
  return out;
}

/// `a` followed by `b`, sorted (for comparing with legal_strings()).
inline std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  std::sort(a.begin(), a.end());
  return a;
}

}  // namespace tonk::test
