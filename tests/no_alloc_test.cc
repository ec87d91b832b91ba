// Performance target: no heap allocation per action on the hot path. This binary replaces
// the global operator new with a counting one; the test plays random hands through State (deal,
// legal_actions, apply) and requires the count not to move.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <vector>

#include "tonk/hand.h"
#include "tonk/state.h"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace tonk {
namespace {

TEST(HotPath, StateIsATriviallyCopyableValue) {
  // Search bots clone states by plain copy (see docs/PERFORMANCE.md for the size).
  EXPECT_TRUE(std::is_trivially_copyable_v<State>);
  EXPECT_LE(sizeof(State), 1024u);
}

TEST(HotPath, RandomPlayAllocatesNothingPerAction) {
  for (int players = 2; players <= 4; ++players) {
    Rules rules;
    rules.players = players;
    const Game game(rules);
    Rng rng(7 + players);
    std::vector<std::vector<Card>> decks;
    for (int i = 0; i < 64; ++i) decks.push_back(shuffled_deck(game, rng));
    ActionList legal;
    long actions = 0;
    const long before = g_allocations.load();
    State redealt;
    for (int h = 0; h < 5000; ++h) {
      State dealt = State::deal(game, decks[h % 64], h % players);
      if (h % 2) redealt.redeal(game, rng, h % players);  // the in-place fresh shuffle, every other hand
      State& s = h % 2 ? redealt : dealt;
      while (!s.is_over()) {
        s.legal_actions(legal);
        s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
        ++actions;
      }
    }
    EXPECT_EQ(g_allocations.load() - before, 0) << players << " players, " << actions << " actions";
    EXPECT_GT(actions, 5000);
  }
}

}  // namespace
}  // namespace tonk
