// The observation tensor (observation.h). Parts, in order (n = players, C = 56 card columns):
//   hand C | spreads by owner n*C | places held by wild cards C | top discard C | discard pile C |
//   known cards of each opponent (n-1)*C | own card taken from the pile this turn C | scalars.
#include "observation.h"

#include <algorithm>

namespace tonk::py {

namespace {

constexpr int kScalarsFixed = 2 + 1 + 5 + 3 + 1;  // stock, pile, own count, phase, flags, turn
int scalar_count(int n) { return kScalarsFixed + 6 * n; }

void put_plane(float* plane, CardSet cards) {  // plane[i] = 1 when card id i is in cards, else 0
  const std::uint64_t m = cards.mask();
  for (int i = 0; i < kCardColumns; ++i) plane[i] = static_cast<float>((m >> i) & 1u);
}

}  // namespace

ObservationFacts facts_of_view(const View& v) {
  ObservationFacts f;
  f.game = v.game;
  f.player = v.player;
  f.num_players = v.num_players;
  f.current_player = v.current_player;
  f.phase = v.phase;
  f.turn = v.turn;
  f.hand = v.hand;
  f.taken_discard = v.taken_discard;
  f.num_spreads = v.num_spreads;
  f.spreads = v.spreads;
  f.spread_owners = v.spread_owners;
  f.spread_shapes = v.spread_shapes;
  f.top_discard = v.top_discard;
  f.discard_size = v.discard_size;
  f.discard_pile = v.discard_pile;
  f.stock_size = v.stock_size;
  const State& pub = v.public_state();
  f.drop_blocked = pub.drop_blocked();
  f.out_blocked = pub.out_blocked();
  f.boobed = pub.boobed();
  f.slap_discarder = pub.slap_discarder();
  for (int p = 0; p < v.num_players; ++p) {
    f.hand_sizes[p] = v.hand_sizes[p];
    f.known_cards[p] = v.known_cards[p];
    f.drop_wait[p] = pub.drop_wait(p);
    f.empty_stock_takes[p] = v.empty_stock_takes[p];
    f.turns_of[p] = v.turns_of[p];
  }
  return f;
}

ObservationFacts facts_of_state(const State& s, int player) {
  // Only what make_view() gives `player`: own hand, sizes and publicly known cards of the others.
  ObservationFacts f;
  f.game = &s.game();
  f.player = player;
  f.num_players = s.game().num_players();
  f.current_player = s.current_player();
  f.phase = s.phase();
  f.turn = s.turn();
  f.hand = s.hand(player);
  f.taken_discard = player == s.current_player() ? s.taken_discard() : Card::none();
  f.num_spreads = s.num_spreads();
  for (int i = 0; i < f.num_spreads; ++i) {
    f.spreads[i] = s.spread(i);
    f.spread_owners[i] = s.spread_owner(i);
    f.spread_shapes[i] = s.spread_shape(i);
  }
  f.top_discard = s.top_discard();
  f.discard_size = s.discard_size();
  for (Card c : s.discard_pile()) f.discard_pile.insert(c);
  f.stock_size = s.stock_size();
  f.drop_blocked = s.drop_blocked();
  f.out_blocked = s.out_blocked();
  f.boobed = s.boobed();  // depends on the stock's size only (V12e)
  f.slap_discarder = s.slap_discarder();
  for (int p = 0; p < f.num_players; ++p) {
    f.hand_sizes[p] = s.hand(p).size();
    f.known_cards[p] = s.known_cards(p);
    f.drop_wait[p] = s.drop_wait(p);
    f.empty_stock_takes[p] = s.empty_stock_takes(p);
    f.turns_of[p] = s.turns_of(p);
  }
  return f;
}

int observation_size(int n) { return (2 * n + 4) * kCardColumns + scalar_count(n); }

void encode_observation(const ObservationFacts& v, std::span<float> out) {
  // Each card plane is written whole from a CardSet (one pass, no clearing first): VectorEnv
  // writes one of these per environment step.
  const int n = v.num_players;
  float* p = out.data();
  auto seat = [&](int k) { return (v.player + k) % n; };
  const Game& game = *v.game;
  put_plane(p, v.hand);  // own hand
  p += kCardColumns;
  std::array<CardSet, kMaxPlayers> by_owner{};  // spreads by owner, relative seat
  for (int i = 0; i < v.num_spreads; ++i) by_owner[(v.spread_owners[i] - v.player + n) % n] |= v.spreads[i];
  for (int k = 0; k < n; ++k) put_plane(p + k * kCardColumns, by_owner[k]);
  p += n * kCardColumns;
  // V13a: the cards wild cards stand for in runs (a book's wild cards stand for no one suit).
  CardSet wild_places;
  for (int i = 0; i < v.num_spreads; ++i) {
    const std::uint8_t shape = v.spread_shapes[i];
    if (!shape_is_run(shape) || (v.spreads[i] & game.wild_cards()).empty()) continue;
    const Suit s = shape_suit(shape);
    const int low = game.shape_low(shape);
    const std::uint32_t natural = game.run_line(v.spreads[i] - game.wild_cards(), s);
    const CardSet deuce(Card(Rank::kTwo, s));
    const std::uint32_t own_deuce = (v.spreads[i] & deuce).empty() ? 0u : 1u << game.run_position(Rank::kTwo);
    for (int pos = low; pos < low + v.spreads[i].size(); ++pos) {
      if (((natural | own_deuce) >> pos) & 1) continue;
      // the card of this run place: run positions map back to ranks (V11: 7 is next to J)
      const int rank = game.rules().deck == DeckKind::kForty && pos >= 7 ? pos + 3 : pos;
      wild_places.insert(Card(static_cast<Rank>(rank), s));
    }
  }
  put_plane(p, wild_places);
  p += kCardColumns;
  put_plane(p, CardSet(v.top_discard));
  p += kCardColumns;
  put_plane(p, v.discard_pile);
  p += kCardColumns;
  for (int k = 1; k < n; ++k) put_plane(p + (k - 1) * kCardColumns, v.known_cards[seat(k)]);
  p += (n - 1) * kCardColumns;
  put_plane(p, CardSet(v.taken_discard));
  p += kCardColumns;
  // Scalars.
  std::fill(p, out.data() + out.size(), 0.0f);
  const float deck = static_cast<float>(game.deck_size());
  *p++ = static_cast<float>(v.stock_size) / deck;
  *p++ = static_cast<float>(v.discard_size) / deck;
  // I8: held spreads count unless the rules say otherwise
  *p++ = static_cast<float>(game.rules().held_spreads_count ? game.count(v.hand) : game.lowest_count(v.hand)) / 100.0f;
  p[static_cast<int>(v.phase)] = 1.0f;  // phase one-hot: start, after draw, over, slap, slap discard
  p += 5;
  *p++ = v.drop_blocked ? 1.0f : 0.0f;  // the player to move may not drop (V6)
  *p++ = v.out_blocked ? 1.0f : 0.0f;   // ... may not go out (V6c)
  *p++ = v.boobed ? 1.0f : 0.0f;        // nobody may go out (V12e)
  *p++ = static_cast<float>(v.turn) / static_cast<float>(std::max(1, game.rules().max_turns));
  for (int k = 0; k < n; ++k) {  // per relative seat
    const int q = seat(k);
    p[k] = static_cast<float>(v.hand_sizes[q]) / 10.0f;
    p[n + k] = q == v.current_player ? 1.0f : 0.0f;
    p[2 * n + k] = static_cast<float>(v.drop_wait[q]);  // V6: turns without a drop
    p[3 * n + k] = static_cast<float>(v.empty_stock_takes[q]);  // I2
    p[4 * n + k] = static_cast<float>(v.turns_of[q]) / 100.0f;
    p[5 * n + k] = (v.phase == Phase::kSlap || v.phase == Phase::kSlapDiscard) && q == v.slap_discarder ? 1.0f : 0.0f;
  }
}

}  // namespace tonk::py
