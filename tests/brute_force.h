// A brute-force enumerator of legal actions, independent of the engine's generators: it proposes
// every action of every kind that could name the cards in play (every subset of the hand as a
// spread or a hit on every spread, with every shape; every card of the deck as a discard; every
// spread as a slap target) and keeps those the engine's predicates accept (State::is_legal) in the
// form the engine lists them (normalize(a) == a). The legality property test and the perft counts
// compare it with State::legal_actions.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "tonk/state.h"

namespace tonk::test {

/// Every shape a spread or hit with wild cards could name (V13a): 13 books and every run start.
inline std::vector<std::uint8_t> every_shape(const Game& game) {
  std::vector<std::uint8_t> shapes;
  for (int r = 0; r < kNumRanks; ++r) shapes.push_back(shape_book(static_cast<Rank>(r)));
  for (int s = 0; s < kNumSuits; ++s)
    for (int low = 0; low <= game.top_run_position(); ++low) shapes.push_back(game.run_shape(static_cast<Suit>(s), low));
  return shapes;
}

/// Calls f(action) for every candidate action of the brute-force enumeration (legal or not).
template <class F>
void for_each_brute_candidate(const State& s, F&& f) {
  const Game& game = s.game();
  for (const Action& a : {Action::claim(), Action::drop(), Action::take_stock(), Action::take_discard(),
                          Action::end_turn(), Action::pass()})
    f(a);
  for (int i = 0; i <= s.num_spreads(); ++i) f(Action::slap(i));
  for (Card c : game.deck()) f(Action::discard(c));
  const std::vector<Card> hand(s.hand(s.current_player()).begin(), s.hand(s.current_player()).end());
  const std::vector<std::uint8_t> shapes = every_shape(game);
  const int n = static_cast<int>(hand.size());
  for (unsigned sub = 1; sub < (1u << n); ++sub) {
    CardSet cards;
    for (int k = 0; k < n; ++k)
      if ((sub >> k) & 1) cards.insert(hand[static_cast<std::size_t>(k)]);
    const bool wild = !(cards & game.wild_cards()).empty();
    if (cards.size() >= 3) {
      f(Action::spread(cards));
      if (wild)
        for (std::uint8_t shape : shapes) f(Action::spread(cards, shape));
    }
    for (int i = 0; i <= s.num_spreads(); ++i) {
      f(Action::hit(i, cards));
      if (wild)
        for (std::uint8_t shape : shapes) f(Action::hit(i, cards, shape));
    }
  }
}

/// The legal actions found by brute force, each once, in the form the engine lists them.
inline std::vector<Action> brute_force_actions(const State& s) {
  std::vector<Action> out;
  for_each_brute_candidate(s, [&](const Action& a) {
    if (s.is_legal(a) && s.normalize(a) == a && std::find(out.begin(), out.end(), a) == out.end()) out.push_back(a);
  });
  return out;
}

/// The legal actions found by brute force, as their record notation, sorted.
inline std::vector<std::string> brute_force_legal(const State& s) {
  std::vector<std::string> out;
  for (const Action& a : brute_force_actions(s)) out.push_back(to_string(a));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace tonk::test
