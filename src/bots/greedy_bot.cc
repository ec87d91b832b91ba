#include "greedy_bot.h"

#include <algorithm>
#include <cstdlib>

#include "tonk/outcome.h"
#include "tonk/state.h"

namespace tonk {

namespace {

// The count a hand would have after laying its best spreads and every hit on the table, in points.
int deadwood(const View& view, CardSet hand) {
  const Game& game = *view.game;
  // Hits of single cards, repeated until nothing more fits (cheap approximation of all hits).
  CardSet table[kMaxSpreads];
  for (int i = 0; i < view.num_spreads; ++i) table[i] = view.spreads[i];
  bool changed = true;
  while (changed) {
    changed = false;
    for (Card c : hand) {
      for (int i = 0; i < view.num_spreads; ++i) {
        if (game.can_hit(table[i], CardSet(c))) {
          table[i] |= CardSet(c);
          hand.erase(c);
          changed = true;
          break;
        }
      }
    }
  }
  return game.lowest_count(hand);
}

// The card of `suit` at run position `pos`, or none() when no rank has that position.
Card at_run_position(const Game& game, Suit suit, int pos) {
  for (int r = 0; r < kNumRanks; ++r)
    if (game.run_position(static_cast<Rank>(r)) == pos) return Card(static_cast<Rank>(r), suit);
  return Card::none();
}

// spread_potential() (wild cards read as naturals) counting only partnerships that can still grow
// into a spread: a pair needs a third card of its rank, two neighbours an end of the run, a gap its
// middle card, not yet in the pile
// (cards under the top discard are gone for good) nor in `hand`.
int live_potential(const View& view, CardSet hand, Card c) {
  const Game& game = *view.game;
  if (c.is_joker()) return 0;
  const CardSet gone = view.discard_pile | hand;
  auto live = [&](Card x) { return x.valid() && game.deck().contains(x) && !gone.contains(x); };
  int score = 0;
  const int pos = game.run_position(c.rank());
  for (Card o : hand) {
    if (o == c || o.is_joker()) continue;
    if (o.rank() == c.rank()) {
      for (int s = 0; s < kNumSuits; ++s)
        if (live(Card(c.rank(), static_cast<Suit>(s)))) {
          score += 2;
          break;
        }
    }
    if (o.suit() == c.suit() && pos >= 0) {
      const int other = game.run_position(o.rank());
      if (other < 0) continue;
      const int lo = std::min(pos, other), hi = std::max(pos, other);
      if (hi - lo == 1 && (live(at_run_position(game, c.suit(), lo - 1)) || live(at_run_position(game, c.suit(), hi + 1))))
        score += 2;
      if (hi - lo == 2 && live(at_run_position(game, c.suit(), lo + 1))) score += 1;
    }
  }
  return score;
}

// How many spreads-to-be `c` would give an opponent: partners among the cards each other player
// publicly took from the pile and still holds.
int feeds(const View& view, Card c) {
  int total = 0;
  for (int p = 0; p < view.num_players; ++p)
    if (p != view.player && !view.known_cards[p].empty()) total += spread_potential(*view.game, view.known_cards[p] | CardSet(c), c, false);
  return total;
}

bool fits_table(const View& view, Card c) {
  for (int i = 0; i < view.num_spreads; ++i)
    if (view.game->can_hit(view.spreads[i], CardSet(c))) return true;
  return false;
}

// The value of the hand after discarding its least useful card (lower is better).
int best_after_discard(const View& view, CardSet hand, Card keep) {
  int best = 1 << 30;
  for (Card d : hand) {
    if (d == keep && hand.size() > 1) continue;
    best = std::min(best, deadwood(view, hand - CardSet(d)));
  }
  return best;
}

// The seat's total result, in the table's unit, of dropping now in GreedyStyle::kDropValueWorlds
// worlds dealt from its view: what a searching player weighs before dropping.
int drop_value(const View& view, Rng& rng) {
  const Scoring scoring = view.game->rules().scoring;
  int total = 0;
  for (int k = 0; k < GreedyStyle::kDropValueWorlds; ++k) {
    State world = resample_from_view(view, rng);
    world.apply(Action::drop());
    total += signed_score(world.outcome(), scoring, view.player);
  }
  return total;
}

}  // namespace

int GreedyBot::drop_threshold(const View& view) {
  int fewest = 99;
  for (int p = 0; p < view.num_players; ++p)
    if (p != view.player) fewest = std::min(fewest, view.hand_sizes[p]);
  return drop_threshold(fewest, view.turn, view.num_players, view.game->rules().scoring);
}

int GreedyBot::drop_threshold(int fewest, int turn, int players, Scoring scoring) {
  // Opponents' hands get lower as the hand goes on; a few points per card held is a fair guess.
  // The figures were tuned by self-play (200,000 hands each at 2 and 3 players against the
  // previous setting 4/3/2 and -4, which they beat by 0.15 and 0.24 stakes a hand).
  const int per_card = turn <= players ? 5 : turn <= 3 * players ? 4 : 3;
  // Under push-ups (V15) a caught drop costs the dropper only the count it would score anyway on
  // losing, not two stakes against one, so the bot takes more risk. +3 was the best of 0, 2, 3, 4,
  // 6, 10 (tonk arena --preset pushup, greedy with each against greedy, 3,000 deals, seed 2: the
  // push-ups a hand it scored went from 11.09 at +0 to 10.75 at +3 and 11.27 at +6).
  const int risk = scoring == Scoring::kPushups ? 3 : 0;
  return std::max(3, fewest * per_card - 2) + risk;
}

Action GreedyBot::choose(const View& view, const ActionList& legal) {
  const Game& game = *view.game;
  const CardSet hand = view.hand;

  if (legal.contains(Action::claim())) return Action::claim();  // V13d: a sure win
  if (view.phase == Phase::kSlap) {  // V21: slapping gets rid of a card (or at least costs nothing)
    for (const Action& a : legal)
      if (a.kind == ActionKind::kSlap) return a;
    return Action::pass();
  }
  if (view.phase == Phase::kStartOfTurn) {
    if (legal.contains(Action::drop())) {
      const int threshold = drop_threshold(view) + style_.drop_offset;
      if (view.count() <= threshold) return Action::drop();
      if (style_.drop_value_margin != GreedyStyle::kNoDropValue && view.game->rules().scoring != Scoring::kPushups &&
          view.count() <= threshold + style_.drop_value_reach && drop_value(view, rng_) >= style_.drop_value_margin)
        return Action::drop();
    }
    if (legal.contains(Action::take_discard()) && view.top_discard.valid()) {
      const Card top = view.top_discard;
      const int now = deadwood(view, hand);
      const int with_top = best_after_discard(view, hand | CardSet(top), top);
      // Take the discard when it lowers the count by more than a stock card would on average.
      if (with_top < now - 2 || (with_top < now && game.value(top) <= 3)) return Action::take_discard();
    }
    if (view.stock_size == 0 && legal.contains(Action::take_discard()) &&
        view.count() > drop_threshold(view) + 6)
      return Action::take_discard();  // play on rather than end with a high count (S16)
    return Action::take_stock();
  }

  // After the draw: lay the spread or hit that leaves the lowest count, when it helps.
  const int now = deadwood(view, hand);
  const Action* best_lay = nullptr;
  int best_left = 1 << 30;
  int best_size = 0;
  for (const Action& a : legal) {
    if (a.kind != ActionKind::kSpread && a.kind != ActionKind::kHit) continue;
    const CardSet rest = hand - a.cards;
    const int left = rest.empty() ? -1 : deadwood(view, rest);  // emptying the hand is best (S13)
    if (left < best_left || (left == best_left && a.cards.size() > best_size)) {
      best_left = left;
      best_size = a.cards.size();
      best_lay = &a;
    }
  }
  if (best_lay && best_left <= now) return *best_lay;

  // Discard the card whose loss hurts least: high value, few partners, not a gift to the next player.
  const Action* best_discard = nullptr;
  int best_score = -(1 << 30);
  for (const Action& a : legal) {
    if (a.kind != ActionKind::kDiscard) continue;
    const Card c = a.card();
    int score = 4 * game.value(c) - 3 * (style_.careful ? live_potential(view, hand, c) : spread_potential(game, hand, c, false));
    if (style_.careful) score -= 6 * feeds(view, c);
    if (fits_table(view, c)) score -= 20;
    score = score * 8 + static_cast<int>(rng_.below(8));
    if (score > best_score) {
      best_score = score;
      best_discard = &a;
    }
  }
  if (best_discard) return *best_discard;
  if (legal.contains(Action::end_turn())) return Action::end_turn();  // V19c
  return legal[0];
}

int spread_potential(const Game& game, CardSet hand, Card c, bool read_wild_cards) {
  constexpr int kWildCardPotential = 8;  // a wild card stands in a spread beside any card
  const CardSet wild = read_wild_cards ? game.wild_cards() : CardSet();
  if (wild.contains(c)) return kWildCardPotential;
  if (c.is_joker()) return 0;
  int score = 2 * ((hand - CardSet(c)) & wild).size();
  const int pos = game.run_position(c.rank());
  for (Card o : hand - wild) {
    if (o == c || o.is_joker()) continue;
    if (o.rank() == c.rank()) score += 2;
    if (o.suit() == c.suit() && pos >= 0) {
      const int other = game.run_position(o.rank());
      if (other >= 0 && std::abs(other - pos) <= 2) score += std::abs(other - pos) == 1 ? 2 : 1;
    }
  }
  return score;
}

}  // namespace tonk
