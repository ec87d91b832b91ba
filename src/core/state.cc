// The rules of play: the deal (S6, S7), turns (S8, S9), spreads and hits (S11, S12), going out
// (S13, S14), the drop (S15) and the empty stock (S16, I2). Each phase has one function listing its
// legal actions and one applying them.
#include "tonk/state.h"

#include <algorithm>
#include <bit>

#include "spread_gen.h"

namespace tonk {

namespace {

bool is_book_shape(CardSet spread) { return detail::rank_cards(spread, spread.first().rank()) == spread; }

}  // namespace

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
  s.current_ = static_cast<std::uint8_t>((dealer + 1) % n);
  s.turn_ = 1;
  s.turns_of_[s.current_] = 1;

  // S7: dealt tonk, checked on the dealt hands only (S18).
  if (rules.dealt_tonk_min > 0) {
    int holders = 0;
    int holder = -1;
    for (int p = 0; p < n; ++p) {
      const int c = game.count(s.hands_[p]);
      if (c >= rules.dealt_tonk_min && c <= rules.dealt_tonk_max) {
        ++holders;
        holder = p;
      }
    }
    if (holders > 0) {
      s.phase_ = Phase::kOver;
      s.fill_counts();
      if (holders == 1) {
        s.outcome_.reason = EndReason::kDealtTonk;
        s.outcome_.player = static_cast<std::int8_t>(holder);
        s.outcome_.winners = static_cast<std::uint8_t>(1u << holder);
        for (int p = 0; p < n; ++p)
          if (p != holder) s.pay(p, holder, rules.dealt_tonk_pays);
      } else {
        s.outcome_.reason = EndReason::kVoidDeal;  // S7: two or more: void, no payments
      }
    }
  }
  return s;
}

int State::showdown_count(int p) const {
  return game_->rules().held_spreads_count ? game_->count(hands_[p]) : game_->lowest_count(hands_[p]);  // I8
}

void State::fill_counts() {
  for (int p = 0; p < game_->num_players(); ++p) outcome_.counts[p] = showdown_count(p);
}

// ---- legal actions ------------------------------------------------------------------------------

namespace {

// Conditions shared by legal_actions, is_legal and why_illegal, so the three agree by construction.
bool drop_allowed(const State& s) {
  return s.game().rules().drop_on_first_turn || s.turns_of(s.current_player()) > 1;  // I3
}
bool take_discard_allowed(const State& s) {
  if (s.discard_size() == 0) return false;
  return s.stock_size() > 0 || s.empty_stock_takes(s.current_player()) < s.game().rules().empty_stock_takes;  // I2
}
bool discard_allowed(const State& s, Card c) {
  const CardSet hand = s.hand(s.current_player());
  if (!hand.contains(c)) return false;
  // I1: the card just taken from the pile goes back only if it is the last card in the hand.
  return !(c == s.taken_discard() && !s.game().rules().rediscard_taken_card && hand.size() > 1);
}

}  // namespace

void State::legal_actions(ActionList& out) const {
  out.clear();
  if (phase_ == Phase::kOver) return;
  if (phase_ == Phase::kStartOfTurn) {
    if (drop_allowed(*this)) out.push_back(Action::drop());
    out.push_back(Action::take_stock());  // S9; on an empty stock it ends play (S16)
    if (take_discard_allowed(*this)) out.push_back(Action::take_discard());
    return;
  }
  const CardSet hand = hands_[current_];
  const Game& game = *game_;
  detail::for_each_spread(game, hand, [&](CardSet s) { out.push_back(Action::spread(s)); });  // S11
  for (int i = 0; i < num_spreads_; ++i) {  // S12
    const CardSet spread = spreads_[i];
    if (is_book_shape(spread)) {
      if (spread.size() >= game.rules().book_max) continue;  // I5: a full book takes no more
      const CardSet same = detail::rank_cards(hand, spread.first().rank());
      const std::uint64_t m = same.mask();
      for (std::uint64_t sub = m; sub != 0; sub = (sub - 1) & m)
        if (spread.size() + std::popcount(sub) <= game.rules().book_max) out.push_back(Action::hit(i, CardSet(sub)));
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
        if (a || b) out.push_back(Action::hit(i, detail::cards_on_line(game, suit, below[a] | above[b])));
  }
  for (Card c : hand)  // S9: discard one card
    if (discard_allowed(*this, c)) out.push_back(Action::discard(c));
}

bool State::is_legal(const Action& a) const {
  if (phase_ == Phase::kOver) return false;
  const bool start = phase_ == Phase::kStartOfTurn;
  const CardSet hand = hands_[current_];
  switch (a.kind) {
    case ActionKind::kDrop: return start && a.target == 0 && a.cards.empty() && drop_allowed(*this);
    case ActionKind::kTakeStock: return start && a.target == 0 && a.cards.empty();
    case ActionKind::kTakeDiscard: return start && a.target == 0 && a.cards.empty() && take_discard_allowed(*this);
    case ActionKind::kSpread: return !start && a.target == 0 && hand.contains_all(a.cards) && game_->is_spread(a.cards);
    case ActionKind::kHit:
      return !start && a.target < num_spreads_ && hand.contains_all(a.cards) &&
             game_->can_hit(spreads_[a.target], a.cards);
    case ActionKind::kDiscard: return !start && a.target == 0 && a.cards.size() == 1 && discard_allowed(*this, a.card());
  }
  return false;
}

std::string State::why_illegal(const Action& a) const {
  if (is_legal(a)) return "";
  if (phase_ == Phase::kOver) return "the hand is over";
  const bool start = phase_ == Phase::kStartOfTurn;
  const CardSet hand = hands_[current_];
  auto missing = [&](CardSet cards) -> std::string {
    const CardSet m = cards - hand;
    return m.empty() ? "" : "you do not hold " + to_string(m);
  };
  switch (a.kind) {
    case ActionKind::kDrop:
      if (!start) return "S15: a drop is made only at the start of your turn, before taking a card";
      return "I3: this table does not allow a drop on a player's first turn";
    case ActionKind::kTakeStock:
    case ActionKind::kTakeDiscard:
      if (!start) return "S9: you have already taken a card this turn; lay spreads, hit, or discard";
      if (discard_size_ == 0) return "S10: the discard pile is empty";
      return "I2: you have taken " + std::to_string(empty_takes_[current_]) +
             " discards since the stock ran out, the most this table allows; take from the stock (ending play, "
             "S16) or drop";
    case ActionKind::kSpread: {
      if (start) return "S9: take a card (stock or discard) before laying spreads";
      if (auto m = missing(a.cards); !m.empty()) return m;
      return "S11: " + to_string(a.cards) +
             " is neither a book (3 or 4 of one rank) nor a run (3 or more in sequence in one suit, ace low)";
    }
    case ActionKind::kHit: {
      if (start) return "S12: hits are made after taking a card, before discarding";
      if (a.target >= num_spreads_)
        return num_spreads_ == 0 ? "there are no spreads on the table to hit"
                                 : "there is no spread " + std::to_string(a.target) + " (spreads are numbered 0.." +
                                       std::to_string(num_spreads_ - 1) + ")";
      if (auto m = missing(a.cards); !m.empty()) return m;
      const CardSet spread = spreads_[a.target];
      if (is_book_shape(spread) && spread.size() >= game_->rules().book_max)
        return "I5: spread " + std::to_string(a.target) + " (" + to_string(spread) + ") is a full book";
      return "S12: " + to_string(a.cards) + " does not extend spread " + std::to_string(a.target) + " (" +
             to_string(spread) + ")";
    }
    case ActionKind::kDiscard: {
      if (start) return "S9: take a card (stock or discard) before discarding";
      if (a.cards.size() != 1) return "discard exactly one card";
      if (auto m = missing(a.cards); !m.empty()) return m;
      return "I1: you may not discard " + to_string(a.card()) + ", the card you took from the discard pile this turn";
    }
  }
  return "not a legal action";
}

// ---- applying actions ---------------------------------------------------------------------------

void State::apply_checked(const Action& action) {
  if (!is_legal(action)) throw IllegalAction(why_illegal(action));
  apply(action);
}

void State::apply(const Action& a) {
  const Rules& rules = game_->rules();
  const int p = current_;
  switch (a.kind) {
    case ActionKind::kDrop:
      finish_drop();
      return;
    case ActionKind::kTakeStock:
      if (stock_pos_ == stock_end_) {  // S16: would have to draw from the empty stock
        finish_showdown_stock(EndReason::kStockExhausted);
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
      phase_ = Phase::kAfterDraw;
      return;
    }
    case ActionKind::kSpread:
      hands_[p] -= a.cards;
      known_[p] -= a.cards;
      spreads_[num_spreads_] = a.cards;
      spread_owner_[num_spreads_] = static_cast<std::uint8_t>(p);
      ++num_spreads_;
      if (hands_[p].empty()) finish_going_out(EndReason::kTonkOut, p, rules.tonk_out_pays);  // S13
      return;
    case ActionKind::kHit:
      hands_[p] -= a.cards;
      known_[p] -= a.cards;
      spreads_[a.target] |= a.cards;
      if (hands_[p].empty()) finish_going_out(EndReason::kTonkOut, p, rules.tonk_out_pays);  // S13
      return;
    case ActionKind::kDiscard:
      hands_[p] -= a.cards;
      known_[p] -= a.cards;
      discard_[discard_size_++] = a.card();
      if (hands_[p].empty()) {
        finish_going_out(EndReason::kOutByDiscard, p, rules.out_by_discard_pays);  // S14
        return;
      }
      end_turn();
      return;
  }
}

void State::end_turn() {
  // I2: every hand terminates. Discards can be passed round for ever while the stock still has
  // cards, so the number of turns is bounded too; at the bound play ends as in S16.
  if (turn_ >= game_->rules().max_turns) {
    finish_showdown_stock(EndReason::kTurnLimit);
    return;
  }
  current_ = static_cast<std::uint8_t>((current_ + 1) % game_->num_players());  // S8: clockwise
  phase_ = Phase::kStartOfTurn;
  taken_discard_ = Card::none();
  ++turn_;
  // I3, I4: saturate rather than wrap. Nothing bounds a hand before the stock runs out (I2 bounds
  // only the takes after it), so a player can begin more than 255 turns; a wrapped count would make
  // a later turn look like a first turn and refuse the drop under drop_on_first_turn=false.
  if (turns_of_[current_] < UINT8_MAX) ++turns_of_[current_];
}

void State::finish_going_out(EndReason reason, int player, int pays) {
  phase_ = Phase::kOver;
  fill_counts();
  outcome_.reason = reason;
  outcome_.player = static_cast<std::int8_t>(player);
  outcome_.winners = static_cast<std::uint8_t>(1u << player);
  for (int q = 0; q < game_->num_players(); ++q)
    if (q != player) pay(q, player, pays);
}

void State::finish_drop() {
  const Rules& rules = game_->rules();
  const int n = rules.players;
  const int d = current_;
  phase_ = Phase::kOver;
  fill_counts();
  const auto& counts = outcome_.counts;
  outcome_.player = static_cast<std::int8_t>(d);
  int lowest_other = 1 << 30;
  for (int q = 0; q < n; ++q)
    if (q != d && counts[q] < lowest_other) lowest_other = counts[q];
  if (counts[d] < lowest_other) {  // S15a: strictly the lowest
    outcome_.reason = EndReason::kDrop;
    outcome_.winners = static_cast<std::uint8_t>(1u << d);
    for (int q = 0; q < n; ++q)
      if (q != d) pay(q, d, rules.drop_pays);
    return;
  }
  // S15b: caught. The dropper pays every player whose count is equal or lower; the lowest count(s)
  // (the dropper aside) are paid by every other non-dropper whose count is higher.
  outcome_.reason = EndReason::kCaught;
  for (int q = 0; q < n; ++q) {
    if (q == d) continue;
    if (counts[q] <= counts[d]) pay(d, q, rules.caught_pays);
    if (counts[q] == lowest_other) {
      outcome_.winners |= static_cast<std::uint8_t>(1u << q);
      for (int o = 0; o < n; ++o)
        if (o != d && counts[o] > lowest_other) pay(o, q, rules.caught_lowest_pays);
    }
  }
}

void State::finish_showdown_stock(EndReason reason) {
  const int n = game_->num_players();
  phase_ = Phase::kOver;
  fill_counts();
  const auto& counts = outcome_.counts;
  outcome_.reason = reason;
  outcome_.player = static_cast<std::int8_t>(current_);
  int lowest = 1 << 30;
  for (int q = 0; q < n; ++q)
    if (counts[q] < lowest) lowest = counts[q];
  // S16: the lowest count receives from every other player; tied lowest each receive from every
  // player with a higher count.
  for (int w = 0; w < n; ++w) {
    if (counts[w] != lowest) continue;
    outcome_.winners |= static_cast<std::uint8_t>(1u << w);
    for (int o = 0; o < n; ++o)
      if (counts[o] > lowest) pay(o, w, game_->rules().stock_end_pays);
  }
}

}  // namespace tonk
