// The state of one hand: the deal (S6, S7 and the dealt-hand wins of V7-V14), and the turn's
// bookkeeping (S8, S9, waits V6, the slap window V21). What is legal is in legality.cc, how each
// phase's actions change the state in apply.cc, and who wins and pays what in settlement.cc.
#include "tonk/state.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <type_traits>

#include "tonk/rng.h"

namespace tonk {

namespace {

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
  check_deal(game, deck_order, dealer);
  State s;
  s.deal_cards(game, deck_order, dealer);
  return s;
}

void State::redeal(const Game& game, std::span<const Card> deck_order, int dealer) {
  check_deal(game, deck_order, dealer);  // throws before anything changes
  reset_and_deal(game, deck_order, dealer);
}

void State::redeal(const Game& game, Rng& rng, int dealer) {
  if (dealer < 0 || dealer >= game.num_players())
    throw BadDeal("dealer " + std::to_string(dealer) + " is not a seat (0.." + std::to_string(game.num_players() - 1) + ")");
  std::array<Card, kNumCardIds> deck;
  const std::span<const Card> in_order = game.deck_cards();
  const std::span<Card> order(deck.data(), in_order.size());
  std::copy(in_order.begin(), in_order.end(), order.begin());  // as shuffled_deck(): from card order
  rng.shuffle(order);
  reset_and_deal(game, order, dealer);
}

void State::reset_and_deal(const Game& game, std::span<const Card> deck_order, int dealer) {
  // A fresh State in place: no second State built and copied.
  static_assert(std::is_trivially_destructible_v<State>);
  std::destroy_at(this);
  std::construct_at(this);
  deal_cards(game, deck_order, dealer);
}

void State::check_deal(const Game& game, std::span<const Card> deck_order, int dealer) {
  const int n = game.rules().players;
  if (dealer < 0 || dealer >= n)
    throw BadDeal("dealer " + std::to_string(dealer) + " is not a seat (0.." + std::to_string(n - 1) + ")");
  if (static_cast<int>(deck_order.size()) != game.deck_size())
    throw BadDeal("the deck order has " + std::to_string(deck_order.size()) + " cards; this game's deck has " +
                  std::to_string(game.deck_size()));
  // One pass builds the mask of the order; a repeat or a foreign card shows in the mask, and only
  // then is the slower search for the culprit made (to name it). With as many cards as the deck,
  // the mask equals the deck only if every card is there once. An id of 64 or more (not a card)
  // would alias a bit, so the ids' high bits are collected apart. No branch per card: every deal
  // passes here.
  std::uint64_t seen = 0;
  unsigned high = 0;
  for (Card c : deck_order) {
    seen |= std::uint64_t{1} << (c.id() & 63);
    high |= c.id();
  }
  if ((high >> 6) != 0 || CardSet(seen) != game.deck()) {
    CardSet seen_set;
    for (Card c : deck_order) {
      if (!game.deck().contains(c)) throw BadDeal("card " + to_string(c) + " is not in this game's deck");
      if (seen_set.contains(c)) throw BadDeal("card " + to_string(c) + " appears twice in the deck order");
      seen_set.insert(c);
    }
  }
}

void State::deal_cards(const Game& game, std::span<const Card> deck_order, int dealer) {
  const Rules& rules = game.rules();
  const int n = rules.players;
  State& s = *this;
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
  if (holders == 0) return;
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
}

int State::showdown_count(int p) const {
  return game_->rules().held_spreads_count ? game_->count(hands_[p]) : game_->lowest_count(hands_[p]);  // I8
}

bool State::boobed() const {
  return game_->rules().boobed_deck && stock_size() <= game_->num_players();  // V12e
}

State reshuffle_stock(State state, Rng& rng) {
  // In card order first, so the new order does not depend on the old one (only on the cards and rng).
  const std::span<Card> stock(state.stock_.data() + state.stock_pos_, static_cast<std::size_t>(state.stock_end_ - state.stock_pos_));
  std::sort(stock.begin(), stock.end(), [](Card a, Card b) { return a.id() < b.id(); });
  rng.shuffle(stock);
  return state;
}

}  // namespace tonk
