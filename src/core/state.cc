// The rules of play: the deal (S6, S7 and the dealt-hand wins of V7-V14), turns (S8, S9), spreads
// and hits (S11, S12), going out (S13, S14, V3, V10, V13), the drop (S15, V4), the empty stock (S16,
// I2, V5, V12e), waiting (V6), restrictions (V2, V19) and slapping (V21). Each phase has one function
// listing its legal actions and one applying them; is_legal is membership in that list.
#include "tonk/state.h"

#include <algorithm>
#include <bit>

#include "spread_gen.h"

namespace tonk {

namespace {

bool is_book_shape(CardSet spread) { return detail::rank_cards(spread, spread.first().rank()) == spread; }

constexpr CardSet kFaceCards = CardSet((0x1C00ull) | (0x1C00ull << 13) | (0x1C00ull << 26) | (0x1C00ull << 39));

// The kinds of dealt-hand win, from the least to the most valuable under kHighFirst (V10).
enum DealtKind : int { kNoDealtWin = 0, kDealtLow = 1, kDealtBelowMax = 2, kDealtMax = 3, kDealtFaces = 4 };

// A number that orders dealt wins: higher is better (V9, V10).
int dealt_rank(const Rules& r, int kind, int count) {
  int kind_rank = kind;
  if (r.dealt_priority == DealtPriority::kLowFirst && kind == kDealtLow) kind_rank = 3 + 1;  // V9: low beats 50
  if (kind == kDealtFaces) kind_rank = 10;
  const int within = kind == kDealtLow ? 200 - count : count;  // among lows the lower count is better
  return kind_rank * 1000 + within;
}

}  // namespace

// ---- the deal ------------------------------------------------------------------------------------

State State::deal(const Game& game, std::span<const Card> deck_order, int dealer) {
  const Rules& rules = game.rules();
  const int n = rules.players;
  if (dealer < 0 || dealer >= n)
    throw BadDeal("dealer " + std::to_string(dealer) + " is not a seat (0.." + std::to_string(n - 1) + ")");
  if (static_cast<int>(deck_order.size()) != game.deck_size())
    throw BadDeal("the deck order has " + std::to_string(deck_order.size()) + " cards; this game's deck has " +
                  std::to_string(game.deck_size()));
  // One pass builds the mask of the order; a repeat or a foreign card shows in the mask, and only
  // then is the slower search for the culprit made (to name it).
  std::uint64_t seen = 0;
  bool repeated = false;
  for (Card c : deck_order) {
    const std::uint64_t bit = c.valid() ? std::uint64_t{1} << c.id() : 0;
    repeated |= (seen & bit) != 0 || bit == 0;
    seen |= bit;
  }
  if (repeated || CardSet(seen) != game.deck()) {
    CardSet seen_set;
    for (Card c : deck_order) {
      if (!game.deck().contains(c)) throw BadDeal("card " + to_string(c) + " is not in this game's deck");
      if (seen_set.contains(c)) throw BadDeal("card " + to_string(c) + " appears twice in the deck order");
      seen_set.insert(c);
    }
  }

  State s;
  s.game_ = &game;
  s.dealer_ = static_cast<std::uint8_t>(dealer);
  std::size_t k = 0;
  // S6: one card at a time, clockwise, starting at the dealer's left.
  for (int round = 0; round < rules.hand_size; ++round) {
    int p = dealer;
    for (int i = 0; i < n; ++i) {
      if (++p == n) p = 0;
      s.hands_[p].insert(deck_order[k++]);
    }
  }
  if (rules.upcard) s.discard_[s.discard_size_++] = deck_order[k++];  // S6 (V1: no upcard)
  const std::size_t rest = deck_order.size() - k;
  std::copy_n(deck_order.begin() + static_cast<std::ptrdiff_t>(k), rest, s.stock_.begin());
  s.stock_end_ = static_cast<std::uint8_t>(rest);

  // S8: the player at the dealer's left plays first.
  s.begin_turn((dealer + 1) % n);

  // S7, V7-V14b, V12b: dealt-hand wins, judged on the dealt hands only (S18).
  std::array<int, kMaxPlayers> pays{};
  std::array<int, kMaxPlayers> rank{};
  int holders = 0;
  for (int p = 0; p < n; ++p) {
    const CardSet hand = s.hands_[p];
    const int c = game.count(hand);
    int kind = kNoDealtWin;
    if (rules.dealt_five_faces_pays > 0 && kFaceCards.contains_all(hand)) {  // V12b
      kind = kDealtFaces;
      pays[p] = rules.dealt_five_faces_pays;
    } else if (rules.dealt_tonk_min > 0 && c >= rules.dealt_tonk_min && c <= rules.dealt_tonk_max) {  // S7, V7
      kind = c == rules.dealt_tonk_max ? kDealtMax : kDealtBelowMax;
      pays[p] = c == rules.dealt_tonk_max ? rules.dealt_tonk_pays : rules.dealt_tonk_below_max_pays;
    } else if (rules.dealt_low_max > 0 && c <= rules.dealt_low_max) {  // V8
      kind = kDealtLow;
      pays[p] = rules.dealt_low_pays;
    }
    if (kind != kNoDealtWin) {
      ++holders;
      rank[p] = dealt_rank(rules, kind, c);
    }
  }
  if (holders == 0) return s;
  int winners = 0;
  // The holders in order from the dealer's left (V10, V13b).
  auto from_left = [&](auto&& pick) {
    for (int i = 1; i <= n; ++i) {
      const int p = (dealer + i) % n;
      if (pick(p)) return p;
    }
    return -1;
  };
  if (holders == 1) {
    winners = 1 << from_left([&](int p) { return rank[p] > 0; });
  } else {
    switch (rules.multiple_dealt_tonks) {
      case MultipleDealtTonks::kVoid: break;  // S7: void
      case MultipleDealtTonks::kAll:          // V14b: all are paid
        for (int p = 0; p < n; ++p)
          if (rank[p] > 0) winners |= 1 << p;
        break;
      case MultipleDealtTonks::kEarliest:  // V13b option
        winners = 1 << from_left([&](int p) { return rank[p] > 0; });
        break;
      case MultipleDealtTonks::kBest:
      case MultipleDealtTonks::kBestNearest: {  // V7, V9, V10, V13c
        const int best = *std::max_element(rank.begin(), rank.begin() + n);
        int tied = 0;
        for (int p = 0; p < n; ++p) tied += rank[p] == best;
        if (tied == 1 || rules.multiple_dealt_tonks == MultipleDealtTonks::kBestNearest)
          winners = 1 << from_left([&](int p) { return rank[p] == best; });
        break;
      }
    }
  }
  s.finish_dealt(winners, pays);
  return s;
}

void State::finish_dealt(int winner_mask, const std::array<int, kMaxPlayers>& pays) {
  const int n = game_->num_players();
  phase_ = Phase::kOver;
  fill_counts();
  if (winner_mask == 0) {
    outcome_.reason = EndReason::kVoidDeal;
    settle();
    return;
  }
  outcome_.reason = EndReason::kDealtTonk;
  outcome_.winners = static_cast<std::uint8_t>(winner_mask);
  outcome_.player = static_cast<std::int8_t>(std::countr_zero(static_cast<unsigned>(winner_mask)));
  for (int w = 0; w < n; ++w)
    if ((winner_mask >> w) & 1)
      for (int q = 0; q < n; ++q)
        if (q != w) pay(q, w, pays[w]);
  settle();
}

int State::showdown_count(int p) const {
  return game_->rules().held_spreads_count ? game_->count(hands_[p]) : game_->lowest_count(hands_[p]);  // I8
}

void State::fill_counts() {
  for (int p = 0; p < game_->num_players(); ++p) outcome_.counts[p] = showdown_count(p);
}

bool State::boobed() const {
  return game_->rules().boobed_deck && stock_size() <= game_->num_players();  // V12e
}

// ---- legal actions ------------------------------------------------------------------------------

namespace {

bool drop_allowed(const State& s) {
  if (s.drop_blocked()) return false;                                                // V6
  return s.game().rules().drop_on_first_turn || s.turns_of(s.current_player()) > 1;  // I3
}

bool claim_allowed(const State& s) {  // V13d
  const Rules& r = s.game().rules();
  const int p = s.current_player();
  return r.dealt_claim_total > 0 && s.turns_of(p) == 1 && s.num_spreads() == 0 &&
         s.game().count(s.hand(p)) == r.dealt_claim_total;
}

bool take_discard_allowed(const State& s) {
  if (s.discard_size() == 0) return false;
  const int p = s.current_player();
  if (s.stock_size() == 0 && s.empty_stock_takes(p) >= s.game().rules().empty_stock_takes) return false;  // I2
  if (s.game().rules().taken_discard_must_spread) {  // V19d: only when it makes a new spread at once
    bool fits = false;
    detail::for_each_spread(
        s.game(), s.hand(p) | CardSet(s.top_discard()), [&](CardSet) { fits = true; }, CardSet(s.top_discard()));
    return fits;
  }
  return true;
}

}  // namespace

bool State::going_out_allowed() const { return boobed() || !out_blocked_; }  // V6c (V12e: not going out)

bool State::spread_held(CardSet hand) const {  // V2, V2a
  const Rules& r = game_->rules();
  bool held = false;
  detail::for_each_spread(*game_, hand, [&](CardSet s) {
    if (r.may_hold_three_aces && s.size() == 3 && is_book_shape(s) && s.first().rank() == Rank::kAce &&
        detail::rank_cards(hand, Rank::kAce).size() == 3)
      return;
    held = true;
  });
  return held;
}

bool State::discard_ok(Card c) const {
  const Rules& r = game_->rules();
  const CardSet hand = hands_[current_];
  if (!hand.contains(c)) return false;
  // I1: the card just taken from the pile goes back only if it is the last card in the hand.
  if (c == taken_discard_ && !r.rediscard_taken_card && hand.size() > 1) return false;
  if (hand.size() == 1 && !going_out_allowed()) return false;          // V6c
  if (r.must_lay_spreads && spread_held(hand - CardSet(c))) return false;  // V2
  return true;
}

void State::push_play_actions(ActionList& out) const {
  const Rules& rules = game_->rules();
  const Game& game = *game_;
  const CardSet hand = hands_[current_];
  const bool may_empty = going_out_allowed();
  // V6c: a player who may not go out may not keep a single card either, when a discard must follow
  // (throwing it would empty the hand); after a hit under V19c no discard follows.
  auto keeps_cards = [&](CardSet cards, bool is_hit) {
    const int left = (hand - cards).size();
    return may_empty || left >= 2 || (left == 1 && rules.hit_skips_discard && (is_hit || hit_this_turn_));
  };
  if (must_spread_taken_) {  // V19d: the taken card goes into a new spread at once
    detail::for_each_spread(
        game, hand,
        [&](CardSet s, std::uint8_t shape) {
          if (keeps_cards(s, false)) out.push_back(Action::spread(s, shape));
        },
        CardSet(taken_discard_));
    return;
  }
  detail::for_each_spread(game, hand, [&](CardSet s, std::uint8_t shape) {  // S11, V13a
    if (keeps_cards(s, false)) out.push_back(Action::spread(s, shape));
  });
  const int hit_room = rules.hit_cards_per_turn == 0 ? 64 : rules.hit_cards_per_turn - hit_cards_turn_;  // V19b
  auto push_hit = [&](int i, CardSet cards) {
    if (cards.size() <= hit_room && keeps_cards(cards, true)) out.push_back(Action::hit(i, cards));
  };
  for (int i = 0; i < num_spreads_ && hit_room > 0; ++i) {  // S12
    const CardSet spread = spreads_[i];
    if (game.has_wilds()) {  // V13a
      push_wild_hits(out, i, hit_room, may_empty);
      continue;
    }
    if (is_book_shape(spread)) {
      if (spread.size() >= rules.book_max) continue;  // I5: a full book takes no more
      const std::uint64_t m = detail::rank_cards(hand, spread.first().rank()).mask();
      for (std::uint64_t sub = m; sub != 0; sub = (sub - 1) & m)
        if (spread.size() + std::popcount(sub) <= rules.book_max) push_hit(i, CardSet(sub));
      continue;
    }
    const Suit suit = spread.first().suit();
    const std::uint32_t line = game.run_line(spread, suit);
    const std::uint32_t held = game.run_line(hand, suit);
    const int lo = std::countr_zero(line);
    const int hi = 31 - std::countl_zero(line);
    std::uint32_t below[14];
    std::uint32_t above[14];
    int nb = 0;
    int na = 0;
    below[nb++] = 0;
    above[na++] = 0;
    for (int pos = lo - 1; pos >= 0 && ((held >> pos) & 1); --pos) {
      below[nb] = below[nb - 1] | (1u << pos);
      ++nb;
    }
    for (int pos = hi + 1; pos < 13 && ((held >> pos) & 1); ++pos) {
      above[na] = above[na - 1] | (1u << pos);
      ++na;
    }
    for (int a = 0; a < nb; ++a)
      for (int b = 0; b < na; ++b)
        if (a || b) push_hit(i, detail::cards_on_line(game, suit, below[a] | above[b]));
  }
  if (rules.hit_skips_discard && hit_this_turn_) {  // V19c: no discard after a hit
    if (!rules.must_lay_spreads || !spread_held(hand)) out.push_back(Action::end_turn());
    return;
  }
  for (Card c : hand)  // S9: discard one card
    if (discard_ok(c)) out.push_back(Action::discard(c));
}

void State::push_wild_hits(ActionList& out, int i, int hit_room, bool may_empty) const {
  // V13a: a book takes naturals of its rank and wild cards up to book_max; a run grows at its ends,
  // each new place filled by the natural card of that place or by a wild card.
  const Game& game = *game_;
  const CardSet hand = hands_[current_];
  const CardSet spread = spreads_[i];
  const std::uint8_t shape = spread_shape_[i];
  const CardSet wild = hand & game.wild_cards();
  auto push = [&](CardSet cards, std::uint8_t new_shape) {
    // V6c as in push_play_actions: no going out, nor keeping one card to throw, unless V19c's end follows.
    const int left = (hand - cards).size();
    const bool keeps = may_empty || left >= 2 || (left == 1 && game.rules().hit_skips_discard);
    if (cards.size() <= hit_room && keeps)
      out.push_back(Action::hit(i, cards, (cards & game.wild_cards()).empty() ? 0 : new_shape));
  };
  if (shape_is_book(shape)) {
    const int room = game.rules().book_max - spread.size();
    const CardSet natural = detail::rank_cards(hand, shape_rank(shape));
    const std::uint64_t nm = natural.mask();
    const std::uint64_t om = (wild - natural).mask();
    for (std::uint64_t a = nm;; a = (a - 1) & nm) {
      for (std::uint64_t b = om;; b = (b - 1) & om) {
        const int k = std::popcount(a | b);
        if (k >= 1 && k <= room && detail::canonical_jokers(b, om)) push(CardSet(a | b), shape);
        if (b == 0) break;
      }
      if (a == 0) break;
    }
    return;
  }
  const Suit suit = shape_suit(shape);
  const int low = game.shape_low(shape);
  const int high = low + spread.size() - 1;
  const std::uint32_t held = game.run_line(hand - wild, suit);
  const int most = hand.size();
  const std::uint64_t wm = wild.mask();
  for (int new_low = low; new_low >= 0 && low - new_low <= most; --new_low) {
    for (int new_high = high; new_high <= game.top_run_position() && (low - new_low) + (new_high - high) <= most;
         ++new_high) {
      const int places = (low - new_low) + (new_high - high);
      if (places == 0) continue;
      const std::uint32_t below = low > new_low ? ((1u << low) - 1) & ~((1u << new_low) - 1) : 0;
      const std::uint32_t above = new_high > high ? ((1u << (new_high + 1)) - 1) & ~((1u << (high + 1)) - 1) : 0;
      const std::uint64_t nm = detail::cards_on_line(game, suit, held & (below | above)).mask();
      for (std::uint64_t a = nm;; a = (a - 1) & nm) {
        const int need = places - std::popcount(a);
        if (need >= 0 && need <= static_cast<int>(std::popcount(wm))) {
          for (std::uint64_t b = wm;; b = (b - 1) & wm) {
            if (std::popcount(b) == need && detail::canonical_jokers(b, wm)) push(CardSet(a | b), game.run_shape(suit, new_low));
            if (b == 0) break;
          }
        }
        if (a == 0) break;
      }
    }
  }
}

std::uint8_t State::slap_shape(int i) const {
  // V21 (with V13a): the shape spread i has once the top discard is added to it, or 0 when it
  // cannot be. A wild card goes to the high end of a run when there is room there, else the low end.
  const Game& game = *game_;
  const CardSet spread = spreads_[i];
  const std::uint8_t shape = spread_shape_[i];
  const CardSet card(top_discard());
  if (shape_is_book(shape)) return game.can_hit(spread, shape, card, shape) ? shape : 0;
  const int low = game.shape_low(shape);
  if (game.can_hit(spread, shape, card, shape)) return shape;  // at the high end
  if (low > 0) {
    const std::uint8_t lower = game.run_shape(shape_suit(shape), low - 1);
    if (game.can_hit(spread, shape, card, lower)) return lower;
  }
  return 0;
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kOver: return;
    case Phase::kStartOfTurn:
      if (claim_allowed(*this)) out.push_back(Action::claim());  // V13d
      if (drop_allowed(*this)) out.push_back(Action::drop());    // S15
      out.push_back(Action::take_stock());  // S9; on an empty stock it ends play (S16)
      if (take_discard_allowed(*this)) out.push_back(Action::take_discard());
      return;
    case Phase::kAfterDraw:
      push_play_actions(out);
      if (out.empty()) {
        // The restrictions (V2, V6c, V19) can, rarely, leave nothing; a player is never stuck, so
        // then any card may be discarded (or the turn ended, V19c).
        if (game_->rules().hit_skips_discard && hit_this_turn_) {
          out.push_back(Action::end_turn());
        } else {
          for (Card c : hands_[current_]) out.push_back(Action::discard(c));
        }
      }
      return;
    case Phase::kSlap: {  // V21
      out.push_back(Action::pass());
      for (int i = 0; i < num_spreads_; ++i)
        if (slap_shape(i) != 0) out.push_back(Action::slap(i));
      return;
    }
    case Phase::kSlapDiscard:  // V21: one extra card
      for (Card c : hands_[current_]) out.push_back(Action::discard(c));
      return;
  }
}

Action State::normalize(const Action& a) const {
  if (a.kind != ActionKind::kSpread && a.kind != ActionKind::kHit) return a;
  Action b = a;
  // V13a: the engine lists only the lowest-numbered jokers of a hand (they are interchangeable);
  // an action naming others is read as naming those.
  const CardSet named = a.cards.jokers();
  const CardSet held = hands_[current_].jokers();
  if (!named.empty() && held.contains_all(named)) {
    CardSet canonical;
    for (Card c : held) {
      if (canonical.size() == named.size()) break;
      canonical.insert(c);
    }
    b.cards = (a.cards - named) | canonical;
  }
  // V13a: a spread or hit with wild cards that names no shape takes the only shape it can have.
  if (b.shape == 0 && game_->has_wilds() && !(b.cards & game_->wild_cards()).empty()) {
    ActionList list;
    legal_actions(list);
    int found = 0;
    std::uint8_t shape = 0;
    for (const Action& l : list)
      if (l.kind == b.kind && l.target == b.target && l.cards == b.cards) {
        ++found;
        shape = l.shape;
      }
    if (found == 1) b.shape = shape;
  }
  return b;
}

bool State::is_legal(const Action& a) const {
  ActionList list;
  legal_actions(list);
  return list.contains(normalize(a));
}

std::string State::why_illegal(const Action& a) const {
  if (is_legal(a)) return "";
  if (phase_ == Phase::kOver) return "the hand is over";
  const Rules& rules = game_->rules();
  const bool start = phase_ == Phase::kStartOfTurn;
  const CardSet hand = hands_[current_];
  auto missing = [&](CardSet cards) -> std::string {
    const CardSet m = cards - hand;
    return m.empty() ? "" : "you do not hold " + to_string(m);
  };
  if (phase_ == Phase::kSlap)
    return a.kind == ActionKind::kSlap ? "V21: the top discard does not fit spread " + std::to_string(a.target)
                                       : "V21: the top discard may be slapped onto a spread; slap or pass";
  if (phase_ == Phase::kSlapDiscard) {
    if (a.kind != ActionKind::kDiscard) return "V21: after a slap you discard one extra card";
    if (auto m = missing(a.cards); !m.empty()) return m;
    return "discard exactly one card";
  }
  const bool empties = !a.cards.empty() && a.cards == hand;
  switch (a.kind) {
    case ActionKind::kClaim:
      if (rules.dealt_claim_total == 0) return "this table has no claim (V13d)";
      if (!start || turns_of_[current_] != 1) return "V13d: a claim is made only just before your first turn";
      if (num_spreads_ > 0) return "V13d: someone has already spread";
      return "V13d: only a dealt count of " + std::to_string(rules.dealt_claim_total) + " may claim";
    case ActionKind::kDrop:
      if (!start) return "S15: a drop is made only at the start of your turn, before taking a card";
      if (drop_blocked_) return "V6: you must wait before dropping (a spread laid or a hit)";
      return "I3: this table does not allow a drop on a player's first turn";
    case ActionKind::kTakeStock:
    case ActionKind::kTakeDiscard:
      if (!start) return "S9: you have already taken a card this turn; lay spreads, hit, or discard";
      if (discard_size_ == 0) return "S10: the discard pile is empty";
      if (rules.taken_discard_must_spread && stock_size() > 0)
        return "V19d: the top discard can be taken only to make a new spread with it at once";
      return "I2: you have taken " + std::to_string(empty_takes_[current_]) +
             " discards since the stock ran out, the most this table allows; take from the stock (ending play, "
             "S16) or drop";
    case ActionKind::kSpread: {
      if (start) return "S9: take a card (stock or discard) before laying spreads";
      if (auto m = missing(a.cards); !m.empty()) return m;
      if (!game_->is_spread(a.cards))
        return "S11: " + to_string(a.cards) +
               " is neither a book (3 or 4 of one rank) nor a run (3 or more in sequence in one suit, ace low)";
      if (game_->has_wilds() && !(a.cards & game_->wild_cards()).empty() && !game_->fits(a.cards, a.shape))
        return "V13a: a spread with wild cards names its shape, e.g. 'spread 4h5hX1 run:3h' or 'spread 9c9dX1 book:9'";
      if (must_spread_taken_)
        return "V19d: your next spread must use " + to_string(taken_discard_) + ", taken from the pile";
      if (empties) return "V6c: your spread was hit, so you may not go out this turn";
      if (!going_out_allowed() && (hand - a.cards).size() == 1)
        return "V6c: your spread was hit, so you may not go out this turn, nor keep one card to throw";
      return "not a legal spread now";
    }
    case ActionKind::kHit: {
      if (start) return "S12: hits are made after taking a card, before discarding";
      if (must_spread_taken_)
        return "V19d: first lay a new spread with " + to_string(taken_discard_) + ", taken from the pile";
      if (a.target >= num_spreads_)
        return num_spreads_ == 0 ? "there are no spreads on the table to hit"
                                 : "there is no spread " + std::to_string(a.target) + " (spreads are numbered 0.." +
                                       std::to_string(num_spreads_ - 1) + ")";
      if (auto m = missing(a.cards); !m.empty()) return m;
      const CardSet spread = spreads_[a.target];
      if (is_book_shape(spread) && spread.size() >= rules.book_max)
        return "I5: spread " + std::to_string(a.target) + " (" + to_string(spread) + ") is a full book";
      if (!game_->can_hit(spread, a.cards))
        return "S12: " + to_string(a.cards) + " does not extend spread " + std::to_string(a.target) + " (" +
               to_string(spread) + ")";
      if (game_->has_wilds() && !(a.cards & game_->wild_cards()).empty())
        return "V13a: a hit with wild cards names the spread's new shape, e.g. 'hit 0 X1 run:3h'";
      if (rules.hit_cards_per_turn > 0) return "V19b: you may hit with only " + std::to_string(rules.hit_cards_per_turn) +
                                               " card(s) a turn";
      if (empties) return "V6c: your spread was hit, so you may not go out this turn";
      if (!going_out_allowed() && (hand - a.cards).size() == 1)
        return "V6c: your spread was hit, so you may not go out this turn, nor keep one card to throw";
      return "not a legal hit now";
    }
    case ActionKind::kDiscard: {
      if (start) return "S9: take a card (stock or discard) before discarding";
      if (a.cards.size() != 1) return "discard exactly one card";
      if (auto m = missing(a.cards); !m.empty()) return m;
      if (must_spread_taken_)
        return "V19d: first lay a new spread with " + to_string(taken_discard_) + ", taken from the pile";
      if (rules.hit_skips_discard && hit_this_turn_) return "V19c: you hit this turn, so you end it without a discard";
      if (a.card() == taken_discard_ && !rules.rediscard_taken_card && hand.size() > 1)
        return "I1: you may not discard " + to_string(a.card()) + ", the card you took from the discard pile this turn";
      if (hand.size() == 1) return "V6c: your spread was hit, so you may not go out this turn";
      return "V2: you hold a complete spread; lay it down before discarding";
    }
    case ActionKind::kEndTurn:
      if (!rules.hit_skips_discard) return "this table has no ending a turn without a discard (V19c)";
      if (!hit_this_turn_) return "V19c: a turn ends without a discard only after a hit";
      return "V2: you hold a complete spread; lay it down before ending the turn";
    case ActionKind::kSlap:
    case ActionKind::kPass: return "V21: there is no discard to slap now";
  }
  return "not a legal action";
}

// ---- applying actions ---------------------------------------------------------------------------

void State::apply_checked(const Action& action) {
  const Action named = normalize(action);  // once: with wild cards it lists the legal actions itself
  ActionList list;
  legal_actions(list);
  if (!list.contains(named)) throw IllegalAction(why_illegal(action));
  apply(named);
}

void State::apply(const Action& a) {
  const Rules& rules = game_->rules();
  const int p = current_;
  switch (a.kind) {
    case ActionKind::kClaim: {  // V13d
      std::array<int, kMaxPlayers> pays{};
      pays[p] = rules.dealt_claim_pays;
      finish_dealt(1 << p, pays);
      return;
    }
    case ActionKind::kDrop:
      finish_drop();
      return;
    case ActionKind::kTakeStock:
      if (stock_pos_ == stock_end_) {  // S16: would have to draw from the empty stock
        finish_stock_end(EndReason::kStockExhausted);
        return;
      }
      hands_[p].insert(stock_[stock_pos_++]);
      taken_discard_ = Card::none();
      phase_ = Phase::kAfterDraw;
      return;
    case ActionKind::kTakeDiscard: {
      const Card c = discard_[--discard_size_];
      hands_[p].insert(c);
      known_[p].insert(c);
      taken_discard_ = c;
      if (stock_pos_ == stock_end_) ++empty_takes_[p];  // I2
      must_spread_taken_ = rules.taken_discard_must_spread;  // V19d
      phase_ = Phase::kAfterDraw;
      return;
    }
    case ActionKind::kSpread:
      hands_[p] -= a.cards;
      known_[p] -= a.cards;
      spreads_[num_spreads_] = a.cards;
      spread_owner_[num_spreads_] = static_cast<std::uint8_t>(p);
      spread_shape_[num_spreads_] = a.shape ? a.shape : game_->shape_of(a.cards);
      if (first_book_ < 0 && shape_is_book(spread_shape_[num_spreads_])) first_book_ = static_cast<std::int8_t>(p);  // V23b
      ++num_spreads_;
      must_spread_taken_ = false;
      add_wait(p, rules.spread_wait);  // V6.1
      if (hands_[p].empty()) emptied_hand(false);
      return;
    case ActionKind::kHit:
      hands_[p] -= a.cards;
      known_[p] -= a.cards;
      spreads_[a.target] |= a.cards;
      if (shape_is_run(spread_shape_[a.target])) {  // the run's lowest card may change
        if (a.shape) {
          spread_shape_[a.target] = a.shape;  // V13a: the shape names it
        } else {
          const std::uint8_t old = spread_shape_[a.target];
          const Suit suit = shape_suit(old);
          const int low = std::min(game_->shape_low(old), std::countr_zero(game_->run_line(a.cards, suit)));
          spread_shape_[a.target] = game_->run_shape(suit, low);
        }
      }
      hit_cards_turn_ = static_cast<std::uint8_t>(hit_cards_turn_ + a.cards.size());
      note_hit(p, spread_owner_[a.target], true);
      if (hands_[p].empty()) emptied_hand(false);
      return;
    case ActionKind::kDiscard:
      hands_[p] -= a.cards;
      known_[p] -= a.cards;
      discard_[discard_size_++] = a.card();
      if (phase_ == Phase::kSlapDiscard) {  // V21: the slapper's extra discard
        if (hands_[p].empty() && !boobed()) {
          finish_going_out(EndReason::kOutByDiscard, p, rules.out_by_discard_pays);
          return;
        }
        resume_after_slap();
        return;
      }
      if (hands_[p].empty()) {
        emptied_hand(true);
        return;
      }
      end_turn(true);
      return;
    case ActionKind::kEndTurn:  // V19c
      end_turn(false);
      return;
    case ActionKind::kSlap: {  // V21
      const std::uint8_t shape = slap_shape(a.target);
      const Card c = discard_[--discard_size_];
      spreads_[a.target] |= CardSet(c);
      spread_shape_[a.target] = shape;
      note_hit(p, spread_owner_[a.target], false);
      const int next = (slap_from_ + 1) % game_->num_players();
      const bool no_extra = p == slap_from_ || (rules.slapping == Slapping::kNextPriority && p == next);
      if (no_extra || hands_[p].empty()) {
        resume_after_slap();
      } else {
        phase_ = Phase::kSlapDiscard;
      }
      return;
    }
    case ActionKind::kPass: {  // V21: ask the next player in priority order
      const int n = game_->num_players();
      if (++slap_step_ >= n) {
        resume_after_slap();
      } else {
        current_ = static_cast<std::uint8_t>((slap_from_ + 1 + slap_step_) % n);
      }
      return;
    }
  }
}

void State::add_wait(int player, int turns) {  // V6.4: waits add up, or the longest applies
  if (turns <= 0) return;
  const int now = drop_wait_[player];
  const int next = game_->rules().waits_add ? now + turns : std::max(now, turns);
  drop_wait_[player] = static_cast<std::uint8_t>(std::min(next, 255));
}

void State::note_hit(int hitter, int owner, bool in_turn) {
  const Rules& rules = game_->rules();
  hitters_ |= static_cast<std::uint8_t>(1u << hitter);  // V13f
  if (in_turn) hit_this_turn_ = true;                    // V3a, V19c
  if (owner == hitter) {                                 // V6.3
    // V6a joins the own hits of one turn: the player's own, or the discarder's slap after it (V21);
    // another player's slap onto their own spread is a wait of its own.
    const bool same_turn = in_turn || hitter == slap_from_;
    if (!(rules.round_hits_one_wait && same_turn && own_hit_waited_)) add_wait(hitter, rules.own_hit_wait);
    if (same_turn) own_hit_waited_ = true;
    return;
  }
  // V6.2, V14c; V6a: several hits between the owner's turns make one wait; V6c.
  const bool counted = (hit_pending_ >> owner) & 1;
  if (!(rules.round_hits_one_wait && counted)) {
    add_wait(owner, rules.hit_wait);
    if (rules.hit_blocks_going_out) out_wait_[owner] = 1;
  }
  hit_pending_ |= static_cast<std::uint8_t>(1u << owner);
}

void State::emptied_hand(bool by_discard) {
  const Rules& rules = game_->rules();
  const int p = current_;
  if (boobed()) {  // V12e: nobody goes out; the empty hand counts 0 and the turn ends
    end_turn(by_discard);
    return;
  }
  if (by_discard) {
    finish_going_out(EndReason::kOutByDiscard, p, rules.out_by_discard_pays);  // S14
    return;
  }
  int pays = hit_this_turn_ ? rules.hit_out_pays : rules.tonk_out_pays;  // S13, V3a
  if (rules.first_turn_out_pays > 0 && turns_of_[p] == 1 && !hit_this_turn_) pays = rules.first_turn_out_pays;  // V10, V13h
  if (rules.hit_breaks_double && ((hitters_ >> p) & 1)) pays = std::min(pays, rules.out_by_discard_pays);  // V13f
  finish_going_out(EndReason::kTonkOut, p, pays);
}

void State::end_turn(bool discarded) {
  const Rules& rules = game_->rules();
  // V5a: play ends when the player who took the last stock card finishes that turn.
  if (rules.stock_end == StockEnd::kAfterLastDraw && stock_size() == 0) {
    finish_lowest_wins(EndReason::kStockExhausted, rules.stock_end_pays);
    return;
  }
  // I2: every hand terminates. Discards can be passed round for ever while the stock still has
  // cards, so the number of turns is bounded too; at the bound play ends as at the stock's end.
  if (turn_ >= rules.max_turns) {
    finish_stock_end(EndReason::kTurnLimit);
    return;
  }
  const int next = (current_ + 1) % rules.players;  // S8: clockwise
  if (discarded && rules.slapping != Slapping::kOff) {  // V21: a discard that fits a spread may be slapped
    for (int i = 0; i < num_spreads_; ++i) {
      if (slap_shape(i) != 0) {
        phase_ = Phase::kSlap;
        slap_from_ = current_;
        slap_step_ = 0;
        current_ = static_cast<std::uint8_t>(next);  // priority: clockwise from the discarder's left
        return;
      }
    }
  }
  begin_turn(next);
}

void State::resume_after_slap() { begin_turn((slap_from_ + 1) % game_->num_players()); }

void State::begin_turn(int player) {
  current_ = static_cast<std::uint8_t>(player);
  phase_ = Phase::kStartOfTurn;
  taken_discard_ = Card::none();
  ++turn_;
  // I3, I4: saturate rather than wrap, so a late turn never looks like a first turn.
  if (turns_of_[player] < UINT8_MAX) ++turns_of_[player];
  hit_this_turn_ = false;
  own_hit_waited_ = false;
  hit_cards_turn_ = 0;
  must_spread_taken_ = false;
  drop_blocked_ = drop_wait_[player] > 0;  // V6: this turn is one of the waiting turns
  if (drop_blocked_) --drop_wait_[player];
  out_blocked_ = out_wait_[player] > 0;  // V6c
  if (out_blocked_) --out_wait_[player];
  hit_pending_ &= static_cast<std::uint8_t>(~(1u << player));
}

// ---- the end of a hand -------------------------------------------------------------------------

void State::finish_going_out(EndReason reason, int player, int pays) {
  phase_ = Phase::kOver;
  fill_counts();
  outcome_.reason = reason;
  outcome_.player = static_cast<std::int8_t>(player);
  outcome_.winners = static_cast<std::uint8_t>(1u << player);
  for (int q = 0; q < game_->num_players(); ++q)
    if (q != player) pay(q, player, pays);
  settle();
}

void State::finish_drop() {
  const Rules& rules = game_->rules();
  const int n = rules.players;
  const int d = current_;
  phase_ = Phase::kOver;
  fill_counts();
  const auto& counts = outcome_.counts;
  outcome_.player = static_cast<std::int8_t>(d);
  int low = 1 << 30;  // the lowest count among the others
  for (int q = 0; q < n; ++q)
    if (q != d && counts[q] < low) low = counts[q];
  if (counts[d] < low) {  // S15a: strictly the lowest
    outcome_.reason = EndReason::kDrop;
    outcome_.winners = static_cast<std::uint8_t>(1u << d);
    for (int q = 0; q < n; ++q)
      if (q != d) pay(q, d, rules.drop_pays);
    settle();
    return;
  }
  outcome_.reason = EndReason::kCaught;
  const int cd = counts[d];
  const int caught_pays = rules.caught_pays * (rules.caught_pays_per_player ? n : 1);  // V14d
  const int extra = rules.caught_lowest_pays;
  auto lowest = [&](int q) { return q != d && counts[q] == low; };
  for (int q = 0; q < n; ++q)
    if (lowest(q)) outcome_.winners |= static_cast<std::uint8_t>(1u << q);
  switch (rules.caught_payout) {
    case CaughtPayout::kStandard:  // S15b
    case CaughtPayout::kCzech:     // V4.6: the extra only from counts above the dropper's
      for (int q = 0; q < n; ++q) {
        if (q == d) continue;
        if (counts[q] <= cd) pay(d, q, caught_pays);
        if (!lowest(q)) continue;
        for (int o = 0; o < n; ++o) {
          if (o == d || counts[o] <= low) continue;
          if (rules.caught_payout == CaughtPayout::kCzech && counts[o] <= cd) continue;
          pay(o, q, extra);
        }
      }
      break;
    case CaughtPayout::kLowestDouble:  // V4.1
      for (int q = 0; q < n; ++q) {
        if (!lowest(q)) continue;
        pay(d, q, caught_pays);
        for (int o = 0; o < n; ++o)
          if (o != d && !lowest(o)) pay(o, q, extra);
      }
      break;
    case CaughtPayout::kDropperPaysLowest: {  // V4.2 [I]: on behalf of the n-1 others (or n-2, the dropper aside)
      const int others = rules.caught_for_dropper_too ? n - 1 : n - 2;
      for (int q = 0; q < n; ++q)
        if (lowest(q)) pay(d, q, extra * others);
      break;
    }
    case CaughtPayout::kEqualOrLowerAndLowest:  // V4.3
      for (int q = 0; q < n; ++q) {
        if (q == d) continue;
        if (counts[q] <= cd) pay(d, q, caught_pays);
        if (!lowest(q)) continue;
        for (int o = 0; o < n; ++o)
          if (o != q && !lowest(o)) pay(o, q, extra);  // the dropper included
      }
      break;
    case CaughtPayout::kDropperPaysAll:  // V4.4
      for (int q = 0; q < n; ++q)
        if (q != d) pay(d, q, caught_pays);
      break;
    case CaughtPayout::kLowestNearest: {  // V4.5: one lowest player, the nearest the dealer's left
      for (int i = 1; i <= n; ++i) {
        const int q = (dealer_ + i) % n;
        if (lowest(q)) {
          outcome_.winners = static_cast<std::uint8_t>(1u << q);
          pay(d, q, caught_pays);
          break;
        }
      }
      break;
    }
    case CaughtPayout::kCatchersOnly:  // V12d
      for (int q = 0; q < n; ++q)
        if (q != d && counts[q] <= cd) pay(d, q, caught_pays);
      break;
    case CaughtPayout::kLowestOnly:  // V13g, V14d
      for (int q = 0; q < n; ++q)
        if (lowest(q)) pay(d, q, caught_pays);
      break;
  }
  settle();
}

void State::finish_stock_end(EndReason reason) {
  const Rules& rules = game_->rules();
  switch (rules.stock_end) {
    case StockEnd::kLowestWins:
    case StockEnd::kAfterLastDraw: finish_lowest_wins(reason, rules.stock_end_pays); return;  // S16, V5a
    case StockEnd::kDead:  // V5
      phase_ = Phase::kOver;
      fill_counts();
      outcome_.reason = EndReason::kDeadHand;
      outcome_.player = static_cast<std::int8_t>(current_);
      settle();
      return;
    case StockEnd::kLowestAsDrop: {  // V12e: the lowest wins as a drop; a tie is a dead hand
      fill_counts();
      const int n = rules.players;
      const int low = *std::min_element(outcome_.counts.begin(), outcome_.counts.begin() + n);
      if (std::count(outcome_.counts.begin(), outcome_.counts.begin() + n, low) > 1) {
        phase_ = Phase::kOver;
        outcome_.reason = EndReason::kDeadHand;
        outcome_.player = static_cast<std::int8_t>(current_);
        settle();
        return;
      }
      finish_lowest_wins(reason, rules.drop_pays);
      return;
    }
  }
}

void State::finish_lowest_wins(EndReason reason, int pays) {
  const int n = game_->num_players();
  phase_ = Phase::kOver;
  fill_counts();
  const auto& counts = outcome_.counts;
  outcome_.reason = reason;
  outcome_.player = static_cast<std::int8_t>(current_);
  const int low = *std::min_element(counts.begin(), counts.begin() + n);
  // S16: the lowest count receives from every other player; tied lowest each receive from every
  // player with a higher count.
  for (int w = 0; w < n; ++w) {
    if (counts[w] != low) continue;
    outcome_.winners |= static_cast<std::uint8_t>(1u << w);
    for (int o = 0; o < n; ++o)
      if (counts[o] > low) pay(o, w, pays);
  }
  settle();
}

void State::settle() {
  outcome_.first_book = first_book_;
  if (game_->rules().scoring != Scoring::kPushups) return;
  // V15: no stakes change hands; the winner scores nothing and each loser the count left in hand,
  // doubled after a double win (a tonk out or a dealt tonk). A void or dead hand scores nothing.
  const int n = game_->num_players();
  const bool void_hand = outcome_.reason == EndReason::kVoidDeal || outcome_.reason == EndReason::kDeadHand;
  const bool double_win = outcome_.reason == EndReason::kTonkOut || outcome_.reason == EndReason::kDealtTonk;
  for (int p = 0; p < n; ++p) {
    outcome_.payouts[p] = 0;
    outcome_.points[p] = void_hand || outcome_.is_winner(p) ? 0 : outcome_.counts[p] * (double_win ? 2 : 1);
  }
}

}  // namespace tonk
