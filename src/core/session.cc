#include "tonk/session.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <type_traits>
#include <stdexcept>
#include <string>

namespace tonk {

namespace {
// I7: the ace is low (1) and the king high (13), or the ace high (14); suits are equal.
int cut_rank(const Game& game, Card c) {
  const int r = static_cast<int>(c.rank()) + 1;
  return (r == 1 && game.rules().cut_ace_high) ? 14 : r;
}

// True when two deck orders are equal: one memcmp (this runs once per hand of every simulation).
bool same_order(const std::vector<Card>& a, const std::vector<Card>& b) {
  static_assert(sizeof(Card) == 1 && std::is_trivially_copyable_v<Card>);
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size()) == 0;
}
}  // namespace

Cut cut_for_deal(const Game& game, Rng& rng) {
  const int n = game.num_players();
  Cut cut;
  std::uint32_t contenders = (1u << n) - 1;
  while (true) {
    std::vector<Card> deck = shuffled_deck(game, rng);
    std::array<Card, kMaxPlayers> round;
    round.fill(Card::none());
    std::size_t k = 0;
    int best = -1;
    for (int p = 0; p < n; ++p) {
      if (!((contenders >> p) & 1)) continue;
      while (deck[k].is_joker()) ++k;  // I7: jokers (V16) have no rank to cut; they are passed over
      round[p] = deck[k++];
      best = std::max(best, cut_rank(game, round[p]));
    }
    cut.rounds.push_back(round);
    std::uint32_t top = 0;
    for (int p = 0; p < n; ++p)
      if (round[p].valid() && cut_rank(game, round[p]) == best) top |= 1u << p;
    if (std::popcount(top) == 1) {  // S5: the highest card deals first
      cut.dealer = std::countr_zero(top);
      return cut;
    }
    contenders = top;  // I7: players tied for the highest cut cut again
  }
}

SuitHigh highest_dealt(const Game& game, std::span<const Card> deck_order, int dealer, Suit suit) {
  const int n = game.num_players();
  const std::size_t dealt = static_cast<std::size_t>(n) * static_cast<std::size_t>(game.hand_size());
  if (dealer < 0 || dealer >= n) throw BadDeal("highest_dealt: dealer " + std::to_string(dealer) + " is not a seat");
  if (deck_order.size() < dealt)
    throw BadDeal("highest_dealt: " + std::to_string(deck_order.size()) + " cards cannot deal " +
                  std::to_string(dealt));
  SuitHigh high;
  for (std::size_t k = 0; k < dealt; ++k) {  // S6: one card at a time, clockwise from the dealer's left
    const Card c = deck_order[k];
    if (c.is_joker() || c.suit() != suit) continue;  // V16: a joker has no suit
    if (high.player < 0 || cut_rank(game, c) > cut_rank(game, high.card)) {
      high.card = c;
      high.player = static_cast<int>((static_cast<std::size_t>(dealer) + 1 + k) % static_cast<std::size_t>(n));
    }
  }
  return high;
}

SideBets settle_side_bets(const Hand& hand, std::optional<Suit> suit, long long pot_before) {
  if (!hand.is_over()) throw std::logic_error("settle_side_bets: the hand is not over");
  const Game& game = hand.game();
  const Rules& rules = game.rules();
  const int n = game.num_players();
  SideBets side;
  side.pot_before = side.pot_after = pot_before;
  if (rules.suit_bet > 0 && suit) {
    // V23a: every player puts suit_bet in the pot; the owner of the highest dealt card of the named
    // suit takes it. With nobody dealt the suit, every bet is returned: nothing changes hands.
    side.suit = suit;
    side.suit_high = highest_dealt(game, hand.deck_order(), hand.state().dealer(), *suit);
    if (const int w = side.suit_high.player; w >= 0)
      for (int p = 0; p < n; ++p)
        if (p != w) {
          side.net[p] -= rules.suit_bet;
          side.net[w] += rules.suit_bet;
        }
  }
  if (rules.naturals_bet > 0) {
    // V23b: every player adds naturals_bet to the pot at every deal; the first player to lay a book
    // takes the whole pot, otherwise it carries over to the next hand.
    long long pot = pot_before;
    for (int p = 0; p < n; ++p) {
      side.net[p] -= rules.naturals_bet;
      pot += rules.naturals_bet;
    }
    side.naturals_winner = hand.outcome().first_book;
    if (side.naturals_winner >= 0) {
      side.net[side.naturals_winner] += pot;
      pot = 0;
    }
    side.pot_after = pot;
  }
  return side;
}

Session::Session(std::shared_ptr<const Game> shared, std::uint64_t seed, int first_dealer, int planned_hands)
    : game_(std::move(shared)), rng_(seed), planned_hands_(planned_hands) {
  if (!game_) throw std::invalid_argument("Session: no Game (a null std::shared_ptr<const Game>)");
  const Game& game = *game_;
  if (first_dealer >= game.num_players())
    throw std::invalid_argument("first dealer " + std::to_string(first_dealer) + " is not a seat (0.." +
                                std::to_string(game.num_players() - 1) + ")");
  if (planned_hands < 0)
    throw std::invalid_argument("a session's planned length must be 0 (open-ended) or more hands, not " +
                                std::to_string(planned_hands));
  if (game.rules().big_one_hands > 0 && planned_hands == 0)
    throw std::invalid_argument("The Big One (big_one_hands=" + std::to_string(game.rules().big_one_hands) +
                                ", V22) doubles the last hands of a session, so the session needs a planned "
                                "number of hands");
  if (first_dealer < 0) {
    cut_ = cut_for_deal(game, rng_);
    dealer_ = cut_.dealer;
  } else {
    dealer_ = first_dealer;
    cut_.dealer = first_dealer;
  }
}

bool Session::is_over() const {
  if (planned_hands_ > 0 && hands_played_ >= planned_hands_) return true;
  const Rules& rules = game_->rules();
  if (rules.scoring == Scoring::kPushups && rules.pushup_limit > 0)  // V15: a total reached the limit
    for (int p = 0; p < game_->num_players(); ++p)
      if (points_[p] >= rules.pushup_limit) return true;
  return false;
}

int Session::stake() const {
  const int k = game_->rules().big_one_hands;  // V22: the last k hands are at double stakes
  return planned_hands_ > 0 && k > 0 && hands_played_ >= planned_hands_ - k ? 2 : 1;
}

std::uint8_t Session::leaders() const {
  const int n = game_->num_players();
  const bool pushups = game_->rules().scoring == Scoring::kPushups;
  const auto& score = pushups ? points_ : ledger_;
  long long best = score[0];
  for (int p = 1; p < n; ++p) best = pushups ? std::min(best, score[p]) : std::max(best, score[p]);
  std::uint8_t mask = 0;
  for (int p = 0; p < n; ++p)
    if (score[p] == best) mask = static_cast<std::uint8_t>(mask | (1u << p));
  return mask;
}

void Session::name_suit(Suit suit) {
  if (game_->rules().suit_bet == 0) throw std::logic_error("Session::name_suit: the rules have no suit bet (V23a)");
  named_suit_ = suit;
}

Hand Session::deal() {
  if (is_over()) throw std::logic_error("Session::deal: the session is over");
  // V23a: the dealer names the suit before the deal (drawn first, so the shuffle follows it).
  if (game_->rules().suit_bet > 0 && !named_suit_) named_suit_ = static_cast<Suit>(rng_.below(kNumSuits));
  return deal_order(shuffled_deck(*game_, rng_));
}

void Session::deal_into(Hand& hand) {
  if (is_over()) throw std::logic_error("Session::deal_into: the session is over");
  if (hand.shared_game() != game_) throw std::logic_error("Session::deal_into: the hand is played under another Game");
  if (game_->rules().suit_bet > 0 && !named_suit_) named_suit_ = static_cast<Suit>(rng_.below(kNumSuits));  // V23a
  hand.redeal(rng_, dealer_);  // as shuffled_deck(), in the storage of the last deal
  dealt_order_.assign(hand.deck_order().begin(), hand.deck_order().end());
  suit_ = named_suit_;
  named_suit_.reset();
  in_hand_ = true;
}

Hand Session::deal(std::vector<Card> deck_order) {
  if (is_over()) throw std::logic_error("Session::deal: the session is over");
  if (game_->rules().suit_bet > 0 && !named_suit_) named_suit_ = static_cast<Suit>(rng_.below(kNumSuits));
  return deal_order(std::move(deck_order));
}

Hand Session::deal_order(std::vector<Card> deck_order) {
  Hand hand(game_, std::move(deck_order), dealer_);  // throws BadDeal before the session changes
  suit_ = named_suit_;
  named_suit_.reset();
  dealt_order_.assign(hand.deck_order().begin(), hand.deck_order().end());
  in_hand_ = true;
  return hand;
}

const HandLedger& Session::finish(const Hand& hand) {
  if (hand.shared_game() != game_ || hand.state().dealer() != dealer_)
    throw std::logic_error("Session::finish: the hand is not played under this session's game by its dealer (seat " +
                           std::to_string(dealer_) + ")");
  if (!hand.is_over()) throw std::logic_error("Session::finish: the hand is not over");
  if (!in_hand_ || !same_order(hand.deck_order(), dealt_order_)) {
    // A hand dealt elsewhere (a test's stacked deck): its suit is named now, as deal() would.
    if (game_->rules().suit_bet > 0 && !named_suit_) named_suit_ = static_cast<Suit>(rng_.below(kNumSuits));
    suit_ = named_suit_;
    named_suit_.reset();
  }
  const int n = game_->num_players();
  const Outcome& o = hand.outcome();
  HandLedger booked;
  booked.number = hands_played_ + 1;
  booked.stake = stake();  // V22
  booked.side = settle_side_bets(hand, suit_, naturals_pot_);  // V23a, V23b
  for (int p = 0; p < n; ++p) {
    booked.payouts[p] = o.payouts[p] * booked.stake;
    booked.points[p] = o.points[p];  // V15
    hand_ledger_[p] += booked.payouts[p];
    side_ledger_[p] += booked.side.net[p];
    ledger_[p] = hand_ledger_[p] + side_ledger_[p];
    points_[p] += booked.points[p];
  }
  naturals_pot_ = booked.side.pot_after;
  last_ = booked;
  in_hand_ = false;
  ++hands_played_;
  dealer_ = (dealer_ + 1) % n;  // S17: the deal passes clockwise, void hands too
  return last_;
}

}  // namespace tonk
