// The observation tensor (observation.h). Parts, in order (n = players, C = 56 card columns):
//   hand C | spreads by owner n*C | places held by wild cards C | top discard C | discard pile C |
//   known cards of each opponent (n-1)*C | own card taken from the pile this turn C | scalars.
#include "observation.h"

#include <algorithm>

#include "tonk/wild_reading.h"

namespace tonk::py {

namespace {

constexpr int kScalarsFixed = 2 + 1 + 5 + 3 + 1;  // stock, pile, own count, phase, flags, turn
int scalar_count(int n) { return kScalarsFixed + 6 * n; }

void put_plane(float* plane, CardSet cards) {  // plane[i] = 1 when card id i is in cards, else 0
  const std::uint64_t m = cards.mask();
  for (int i = 0; i < kCardColumns; ++i) plane[i] = static_cast<float>((m >> i) & 1u);
}

}  // namespace

int observation_size(int n) { return (2 * n + 4) * kCardColumns + scalar_count(n); }

void encode_observation(const View& v, std::span<float> out) {
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
  for (int i = 0; i < v.num_spreads; ++i)
    for (const StandIn& s : read_wild_cards(game, v.spreads[i], v.spread_shapes[i]))
      if (s.suit) wild_places.insert(Card(s.rank, *s.suit));
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
  *p++ = static_cast<float>(v.count()) / 100.0f;  // I8
  p[static_cast<int>(v.phase)] = 1.0f;  // phase one-hot: start, after draw, over, slap, slap discard
  p += 5;
  const State& pub = v.public_state();     // the public facts of the hand, as make_view left them
  *p++ = pub.drop_blocked() ? 1.0f : 0.0f;  // the player to move may not drop (V6)
  *p++ = pub.out_blocked() ? 1.0f : 0.0f;   // ... may not go out (V6c)
  *p++ = pub.boobed() ? 1.0f : 0.0f;        // nobody may go out (V12e)
  *p++ = static_cast<float>(v.turn) / static_cast<float>(std::max(1, game.rules().max_turns));
  for (int k = 0; k < n; ++k) {  // per relative seat
    const int q = seat(k);
    p[k] = static_cast<float>(v.hand_sizes[q]) / 10.0f;
    p[n + k] = q == v.current_player ? 1.0f : 0.0f;
    p[2 * n + k] = static_cast<float>(pub.drop_wait(q));  // V6: turns without a drop
    p[3 * n + k] = static_cast<float>(v.empty_stock_takes[q]);  // I2
    p[4 * n + k] = static_cast<float>(v.turns_of[q]) / 100.0f;
    p[5 * n + k] = (v.phase == Phase::kSlap || v.phase == Phase::kSlapDiscard) && q == pub.slap_discarder() ? 1.0f : 0.0f;
  }
}

}  // namespace tonk::py
