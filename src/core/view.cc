#include "tonk/view.h"

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
  }
  v.top_discard = state.top_discard();
  v.discard_size = state.discard_size();
  for (Card c : state.discard_pile()) v.discard_pile.insert(c);
  v.stock_size = state.stock_size();
  v.history = history;
  v.outcome = state.outcome();
  return v;
}

}  // namespace tonk
