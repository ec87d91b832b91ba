#include "tonk/view.h"

#include <algorithm>
#include <array>

#include "tonk/rng.h"

namespace tonk {

int View::count() const {
  return game->rules().held_spreads_count ? game->count(hand) : game->lowest_count(hand);  // I8
}

CardSet View::unseen() const {
  CardSet seen = hand | discard_pile;
  for (int i = 0; i < num_spreads; ++i) seen |= spreads[i];
  for (int p = 0; p < num_players; ++p) seen |= known_cards[p] | revealed[p];
  return game->deck() - seen;
}

View make_view(const State& state, int player, std::span<const Move> history) {
  View v;
  v.game = &state.game();
  v.player = player;
  v.num_players = state.game().num_players();
  v.dealer = state.dealer();
  v.current_player = state.current_player();
  v.phase = state.phase();
  v.turn = state.turn();
  v.hand = state.hand(player);
  v.taken_discard = player == state.current_player() ? state.taken_discard() : Card::none();
  for (int p = 0; p < v.num_players; ++p) {
    v.turns_of[p] = state.turns_of(p);
    v.hand_sizes[p] = state.hand(p).size();
    v.known_cards[p] = state.known_cards(p);
    v.empty_stock_takes[p] = state.empty_stock_takes(p);
    if (state.is_over()) v.revealed[p] = state.hand(p);  // showdown: all hands are shown
  }
  v.num_spreads = state.num_spreads();
  for (int i = 0; i < v.num_spreads; ++i) {
    v.spreads[i] = state.spread(i);
    v.spread_owners[i] = state.spread_owner(i);
    v.spread_shapes[i] = state.spread_shape(i);
  }
  v.top_discard = state.top_discard();
  v.discard_size = state.discard_size();
  for (Card c : state.discard_pile()) v.discard_pile.insert(c);
  v.stock_size = state.stock_size();
  v.history = history;
  v.outcome = state.outcome();

  // The public state: the true state with every card this player may not see taken out. At the
  // showdown every hand is shown, but never the stock.
  v.public_state_ = state;
  if (!state.is_over())
    for (int p = 0; p < v.num_players; ++p)
      if (p != player) v.public_state_.hands_[p] = state.known_[p];
  std::fill(v.public_state_.stock_.begin(), v.public_state_.stock_.end(), Card::none());
  return v;
}

State resample_from_view(const View& view, Rng& rng) {
  if (view.public_state_.is_over()) return view.public_state_;
  std::array<Card, kNumCardIds> hidden;
  int n = 0;
  for (Card c : view.unseen()) hidden[n++] = c;
  rng.shuffle(std::span<Card>(hidden.data(), static_cast<std::size_t>(n)));
  return deal_from_view(view, std::span<const Card>(hidden.data(), static_cast<std::size_t>(n)));
}

State deal_from_view(const View& view, std::span<const Card> hidden) {
  State s = view.public_state_;
  if (s.is_over()) return s;
  std::size_t k = 0;
  for (int p = 0; p < view.num_players; ++p) {
    if (p == view.player) continue;
    for (int missing = view.hand_sizes[p] - s.hands_[p].size(); missing > 0; --missing) s.hands_[p].insert(hidden[k++]);
  }
  for (int i = s.stock_pos_; i < s.stock_end_; ++i) s.stock_[i] = hidden[k++];
  return s;
}

}  // namespace tonk
