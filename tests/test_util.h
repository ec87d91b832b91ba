// Test-only helpers: cards and actions from notation, stacked decks that deal chosen hands, and
// exact comparisons of legal-action sets and outcomes.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <numeric>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/action.h"
#include "tonk/card.h"
#include "tonk/card_set.h"
#include "tonk/game.h"
#include "tonk/hand.h"
#include "tonk/outcome.h"
#include "tonk/rules.h"
#include "tonk/state.h"

namespace tonk::test {

/// One card from notation; throws std::invalid_argument on bad text (a broken test, not a failure).
inline Card card(std::string_view text) {
  const auto c = parse_card(text);
  if (!c) throw std::invalid_argument("test: not a card: '" + std::string(text) + "'");
  return *c;
}

/// A set of cards from notation ("4h5h6h", "Kc Kd"); throws on bad text.
inline CardSet cards(std::string_view text) {
  const auto s = parse_cards(text);
  if (!s) throw std::invalid_argument("test: not a set of cards: '" + std::string(text) + "'");
  return *s;
}

/// Cards in the order written ("Qs 2c", "Qs2c"): two characters per card, spaces and commas ignored.
inline std::vector<Card> card_list(std::string_view text) {
  std::vector<Card> out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',') {
      ++i;
      continue;
    }
    if (i + 2 > text.size()) throw std::invalid_argument("test: trailing text in '" + std::string(text) + "'");
    out.push_back(card(text.substr(i, 2)));
    i += 2;
  }
  return out;
}

/// Rules of the standard game with `players` seats.
inline Rules rules_for(int players) {
  Rules r;
  r.players = players;
  return r;
}

/// A deck order that deals `hands[p]` to seat p (State::deal: one card at a time, clockwise from the
/// dealer's left), then `upcard` (must be "" when the rules turn none), then `stock_top`, top first.
/// The rest of the stock is every remaining card of the deck in id order (clubs A..K, diamonds, ...).
/// Throws std::invalid_argument when a hand has the wrong size or a card appears twice.
inline std::vector<Card> stacked_deck(const Game& game, const std::vector<std::string>& hands,
                                      std::string_view upcard, std::string_view stock_top, int dealer) {
  const int n = game.num_players();
  const int h = game.hand_size();
  if (static_cast<int>(hands.size()) != n) throw std::invalid_argument("test: one hand per seat");
  std::vector<std::vector<Card>> seat_cards;
  CardSet used;
  auto take = [&](Card c) {
    if (!game.deck().contains(c)) throw std::invalid_argument("test: " + to_string(c) + " not in the deck");
    if (used.contains(c)) throw std::invalid_argument("test: " + to_string(c) + " used twice");
    used.insert(c);
  };
  for (const auto& text : hands) {
    seat_cards.push_back(card_list(text));
    if (static_cast<int>(seat_cards.back().size()) != h)
      throw std::invalid_argument("test: hand '" + text + "' does not have " + std::to_string(h) + " cards");
    for (Card c : seat_cards.back()) take(c);
  }
  std::vector<Card> order;
  for (int round = 0; round < h; ++round)
    for (int i = 1; i <= n; ++i) order.push_back(seat_cards[(dealer + i) % n][round]);
  const auto up = card_list(upcard);
  if (static_cast<int>(up.size()) != (game.rules().upcard ? 1 : 0))
    throw std::invalid_argument("test: give exactly one upcard when the rules turn one, else none");
  for (Card c : up) {
    take(c);
    order.push_back(c);
  }
  for (Card c : card_list(stock_top)) {
    take(c);
    order.push_back(c);
  }
  for (Card c : game.deck() - used) order.push_back(c);
  return order;
}

/// State::deal of stacked_deck(...).
inline State deal(const Game& game, const std::vector<std::string>& hands, std::string_view upcard,
                  std::string_view stock_top = "", int dealer = 0) {
  return State::deal(game, stacked_deck(game, hands, upcard, stock_top, dealer), dealer);
}

/// A Hand (with history, for views) of stacked_deck(...).
inline Hand make_hand(const std::shared_ptr<const Game>& game, const std::vector<std::string>& hands,
                      std::string_view upcard, std::string_view stock_top = "", int dealer = 0) {
  return Hand(game, stacked_deck(*game, hands, upcard, stock_top, dealer), dealer);
}

/// An action from its notation ("stock", "discard Kc", "hit 0 7h"); throws on bad text.
inline Action act(std::string_view text) {
  std::string error;
  const auto a = parse_action(text, &error);
  if (!a) throw std::invalid_argument("test: not an action: '" + std::string(text) + "': " + error);
  return *a;
}

/// Applies the actions in order, each checked (apply_checked throws IllegalAction with the reason).
template <class S>
void play(S& state, std::initializer_list<std::string_view> actions) {
  for (auto text : actions) state.apply(act(text));
}
/// Plays `turns` turns (all of them while turns < 0 and the stock has cards) in which the player to
/// move takes the top stock card and throws it back: the hands never change. Returns the turns played.
inline int draw_and_throw(State& s, int turns = -1) {
  int played = 0;
  while ((turns < 0 ? s.stock_size() > 0 : played < turns) && !s.is_over()) {
    const Card top = s.stock()[0];
    s.apply_checked(Action::take_stock());
    s.apply_checked(Action::discard(top));
    ++played;
  }
  return played;
}

/// The refusal of `action` as "RULE: message" (Refusal::text()), or "" when it is legal.
inline std::string why(const State& state, const Action& action) {
  const auto refusal = state.why_illegal(action);
  return refusal ? refusal->text() : "";
}

inline void play(State& state, std::initializer_list<std::string_view> actions) {
  for (auto text : actions) state.apply_checked(act(text));
}

/// The legal actions as a sorted list of notation strings.
inline std::vector<std::string> legal_strings(const State& state) {
  ActionList list;
  state.legal_actions(list);
  std::vector<std::string> out;
  for (const Action& a : list) out.push_back(to_string(a));
  std::sort(out.begin(), out.end());
  return out;
}

/// A sorted copy, for comparing with legal_strings().
inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

/// The first `n` payouts of an outcome, for exact comparison with a braced list.
inline std::vector<int> payouts(const Outcome& o, int n) { return {o.payouts.begin(), o.payouts.begin() + n}; }
/// The first `n` counts of an outcome.
inline std::vector<int> counts(const Outcome& o, int n) { return {o.counts.begin(), o.counts.begin() + n}; }

/// The winners bit mask from a list of seats.
inline std::uint8_t seats(std::initializer_list<int> list) {
  std::uint8_t m = 0;
  for (int p : list) m = static_cast<std::uint8_t>(m | (1u << p));
  return m;
}

/// S4: the payments of a hand sum to zero over the table (and every unused seat is 0).
inline ::testing::AssertionResult zero_sum(const Outcome& o) {
  const int sum = std::accumulate(o.payouts.begin(), o.payouts.end(), 0);
  if (sum == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "payouts sum to " << sum;
}

}  // namespace tonk::test
