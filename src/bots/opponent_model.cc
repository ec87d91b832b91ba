#include "opponent_model.h"

#include <cmath>
#include <algorithm>
#include <cstdlib>
#include <functional>
#include <stdexcept>

namespace tonk {

namespace {

// True when c makes a book or a run of three with cards of `hand` (wild cards aside).
bool makes_meld(const Game& game, CardSet hand, Card c) {
  if (c.is_joker()) return false;
  int same_rank = 0;
  unsigned near = 0;  // bit 2 + d: a card of c's suit d run positions away, |d| <= 2
  const int pos = game.run_position(c.rank());
  for (Card o : hand) {
    if (o == c || o.is_joker()) continue;
    if (o.rank() == c.rank()) ++same_rank;
    if (o.suit() == c.suit() && pos >= 0) {
      const int other = game.run_position(o.rank());
      if (other >= 0 && other != pos && std::abs(other - pos) <= 2) near |= 1u << (2 + other - pos);
    }
  }
  auto has = [near](int d) { return (near >> (2 + d)) & 1u; };
  return same_rank >= 2 || (has(-1) && has(1)) || (has(-2) && has(-1)) || (has(1) && has(2));
}

// log((1 - weight) e^a + weight e^b): the log-likelihood of a mixture of two models whose
// log-likelihoods are a and b, computed without overflow or underflow.
double log_mixture(double a, double b, double weight) {
  const double top = std::max(a, b);
  return top + std::log((1 - weight) * std::exp(a - top) + weight * std::exp(b - top));
}

}  // namespace

OpponentModel::OpponentModel(const View& view, OpponentEvidence evidence) : game_(view.game), num_players_(view.num_players), view_player_(view.player), discard_temperature_(evidence.discard_temperature), trust_(evidence.trust), random_play_(evidence.random_play), earlier_tremble_(evidence.earlier_tremble), earlier_loose_tremble_(evidence.earlier_loose_tremble), unlaid_spreads_(evidence.unlaid_spreads) {
  if (!(evidence.trust >= 0 && evidence.trust <= 1) || !(evidence.random_play >= 0 && evidence.random_play < 1) ||
      !(evidence.earlier_tremble >= 0 && evidence.earlier_tremble < 1) ||
      !(evidence.earlier_loose_tremble >= 0 && evidence.earlier_loose_tremble < 1))
    throw std::invalid_argument("OpponentModel: trust must be in [0, 1], random play and the trembles in [0, 1)");
  last_discard_.fill(Card::none());
  last_pass_.fill(Card::none());
  last_take_.fill(Card::none());
  discarded_since_.fill(Card::none());
  drawn_.fill(Card::none());
  offered_.fill(Card::none());
  // Each opponent's last start of a turn: a take from the stock right after a discard passed that
  // discard; a take of the discard is evidence while they still hold the card.
  std::array<bool, kMaxPlayers> turn_seen{};
  turn_seen[static_cast<std::size_t>(view.player)] = true;
  const std::size_t n = view.history.size();
  for (std::size_t i = n; i-- > 0;) {
    const Move& m = view.history[i];
    const auto p = static_cast<std::size_t>(m.player);
    if (p >= static_cast<std::size_t>(num_players_) || turn_seen[p]) continue;
    if (m.action.kind != ActionKind::kTakeStock && m.action.kind != ActionKind::kTakeDiscard) continue;
    turn_seen[p] = true;
    if (evidence.non_drops) {
      did_not_drop_[p] = true;
      // What their count was then: now, plus the card they discarded since, less the one drawn.
      for (std::size_t j = i + 1; j < n; ++j)
        if (view.history[j].player == m.player && view.history[j].action.kind == ActionKind::kDiscard) {
          discarded_since_[p] = view.history[j].action.card();
          break;
        }
      if (m.action.kind == ActionKind::kTakeDiscard) drawn_[p] = m.action.card();
      if (evidence.turn_aware_drop) {
        int turn = 1;  // turns begun up to that one: every start of a turn before it began with a take
        for (std::size_t j = 0; j < i; ++j)
          if (view.history[j].action.kind == ActionKind::kTakeStock || view.history[j].action.kind == ActionKind::kTakeDiscard) ++turn;
        turn_then_[p] = turn;
      }
    }
    if (evidence.replay_draws) {
      const bool took = m.action.kind == ActionKind::kTakeDiscard;
      if (took) offered_[p] = m.action.card();
      else if (i > 0 && view.history[i - 1].action.kind == ActionKind::kDiscard) offered_[p] = view.history[i - 1].action.card();
      took_offered_[p] = took;
      for (std::size_t j = i + 1; j < n && view.history[j].player == m.player; ++j) {
        const Action& a = view.history[j].action;
        if (a.kind == ActionKind::kSpread || a.kind == ActionKind::kHit) played_since_[p] |= a.cards;
        if (a.kind == ActionKind::kDiscard) {
          played_since_[p] |= CardSet(a.card());
          break;
        }
      }
      informative_ = informative_ || offered_[p].valid();
    }
    if (m.action.kind == ActionKind::kTakeStock && evidence.passes && !evidence.replay_draws && i > 0 &&
        view.history[i - 1].action.kind == ActionKind::kDiscard)
      last_pass_[p] = view.history[i - 1].action.card();
    if (m.action.kind == ActionKind::kTakeDiscard && evidence.takes && !evidence.replay_draws && view.known_cards[p].contains(m.action.card()))
      last_take_[p] = m.action.card();
    informative_ = informative_ || did_not_drop_[p] || last_pass_[p].valid() || last_take_[p].valid();
  }
  known_ = view.known_cards;
  num_spreads_ = view.num_spreads;
  for (int i = 0; i < num_spreads_; ++i) spreads_[static_cast<std::size_t>(i)] = view.spreads[static_cast<std::size_t>(i)];
  if (!evidence.last_discard) return;
  std::array<bool, kMaxPlayers> seen{};
  std::array<std::size_t, kMaxPlayers> last_move{};  // index + 1 of each player's last move
  seen[static_cast<std::size_t>(view.player)] = true;
  // Each opponent's last move; it is evidence only when it is the discard that ended their turn
  // (otherwise, e.g. they acted out of turn since, their hand now is not their hand then less it).
  for (auto it = view.history.rbegin(); it != view.history.rend(); ++it) {
    const auto p = static_cast<std::size_t>(it->player);
    if (p >= static_cast<std::size_t>(num_players_) || seen[p]) continue;
    seen[p] = true;
    last_move[p] = static_cast<std::size_t>(view.history.rend() - it);
    if (it->action.kind == ActionKind::kDiscard) {
      last_discard_[p] = it->action.card();
      informative_ = true;
      table_as_then_[p] = std::none_of(view.history.rbegin(), it, [](const Move& later) {
        return later.action.kind == ActionKind::kSpread || later.action.kind == ActionKind::kHit;
      });
    }
  }
  if (!evidence.earlier_discards) return;
  for (std::size_t i = 0; i < n; ++i) {
    const Move& m = view.history[i];
    const auto p = static_cast<std::size_t>(m.player);
    if (m.action.kind != ActionKind::kDiscard || p >= static_cast<std::size_t>(num_players_) || m.player == view.player) continue;
    if (last_discard_[p].valid() && last_move[p] == i + 1) continue;  // read by discard_log_weight
    EarlierDiscard e{m.player, m.action.card(), CardSet(m.action.card()), CardSet(), 0};
    for (std::size_t j = i + 1; j < n; ++j) {
      if (view.history[j].player != m.player) continue;
      const Action& a = view.history[j].action;
      if (a.kind == ActionKind::kSpread || a.kind == ActionKind::kHit) e.played_since |= a.cards;
      if (a.kind == ActionKind::kDiscard) e.played_since |= CardSet(a.card());
      if (a.kind == ActionKind::kTakeDiscard) e.taken_since |= CardSet(a.card());
      if (a.kind == ActionKind::kTakeStock) ++e.stock_draws_since;
    }
    earlier_.push_back(e);
    informative_ = true;
  }
}

double OpponentModel::log_weight(const State& world) const {
  if (!informative_) return 0;
  double total = 0;
  for (int p = 0; p < num_players_; ++p) {
    double random_earlier = 0;  // random play's log-likelihood of the earlier discards
    const double greedy = discard_log_weight(world, p) + other_log_weight(world, p) + replay_log_weight(world, p) +
                          earlier_log_weight(world, p, &random_earlier);
    if (random_play_ <= 0 || p == view_player_) {
      total += greedy;
      continue;
    }
    // The mixture with random play: a uniform discard of the cards held then, no other penalty.
    const Card discard = last_discard_[static_cast<std::size_t>(p)];
    const double random = random_earlier +
                          (discard.valid() ? -std::log(static_cast<double>((world.hand(p) | CardSet(discard)).size())) : 0.0);
    total += log_mixture(greedy, random, random_play_);
  }
  return trust_ * total;
}

double OpponentModel::other_log_weight(const State& world, int p) const {
  const Game& game = *game_;
  const auto i = static_cast<std::size_t>(p);
  const CardSet hand = world.hand(p);
  double total = 0;
  if (last_pass_[i].valid() && makes_meld(game, hand, last_pass_[i])) total += kPassPenalty;
  if (last_take_[i].valid() && game.value(last_take_[i]) > 3 && spread_potential(game, hand, last_take_[i], true) == 0)
    total += kLonelyTakePenalty;
  if (did_not_drop_[i]) {
    // Greedy's threshold, at its middle setting of 4 points per card of the shortest other hand,
    // against their count when that turn began: now, plus the card discarded since, less the card
    // drawn (the taken discard; from the stock, any card of theirs not publicly known, averaged).
    int fewest = 99;
    for (int q = 0; q < num_players_; ++q)
      if (q != p) fewest = std::min(fewest, world.hand(q).size());
    const int threshold = turn_then_[i] > 0
                              ? GreedyBot::drop_threshold(fewest, turn_then_[i], num_players_, game.rules().scoring)
                              : std::max(3, fewest * 4 - 2);
    const int now = game.lowest_count(hand) + (discarded_since_[i].valid() ? game.value(discarded_since_[i]) : 0);
    auto not_dropping = [&](int count) { return 1.0 / (1.0 + std::exp(-(count - threshold - 0.5) / kDropTemperature)); };
    double likelihood = 0;
    if (drawn_[i].valid()) {
      likelihood = not_dropping(now - game.value(drawn_[i]));
    } else if (discarded_since_[i].valid()) {
      int cards = 0;
      for (Card c : hand - known_[i]) {
        likelihood += not_dropping(now - game.value(c));
        ++cards;
      }
      likelihood = cards > 0 ? likelihood / cards : not_dropping(now);
    } else {
      likelihood = not_dropping(now);
    }
    total += std::log(std::max(likelihood, 1e-9));
  }
  return total;
}

namespace {

// Greedy's choice of the top discard `top` with `hand` (GreedyBot::choose), read without the table:
// a card that makes a spread, or a lower card than its highest card in no spread, by more than 2
// points (by more than 0 for a card worth 3 or less).
bool greedy_would_take(const Game& game, CardSet hand, Card top) {
  if (makes_meld(game, hand, top)) return true;
  const CardSet with_top = hand | CardSet(top);
  int highest = 0;
  for (Card c : hand)
    if (!makes_meld(game, with_top, c)) highest = std::max(highest, game.value(c));
  const int gain = highest - game.value(top);
  return gain > 2 || (gain > 0 && game.value(top) <= 3);
}

}  // namespace

double OpponentModel::replay_log_weight(const State& world, int p) const {
  const auto i = static_cast<std::size_t>(p);
  const Card top = offered_[i];
  if (!top.valid()) return 0;
  const CardSet after_draw = world.hand(p) | played_since_[i];
  if (took_offered_[i])
    return greedy_would_take(*game_, after_draw - CardSet(top), top) ? 0.0 : kUnlikeGreedyDraw;
  // From the stock: any card of theirs not publicly known may be the one drawn.
  double likelihood = 0;
  int cards = 0;
  for (Card drawn : after_draw - known_[i]) {
    likelihood += greedy_would_take(*game_, after_draw - CardSet(drawn), top) ? std::exp(kUnlikeGreedyDraw) : 1.0;
    ++cards;
  }
  return cards > 0 ? std::log(likelihood / cards) : 0.0;
}

double OpponentModel::discard_log_weight(const State& world, int p) const {
  const Card discard = last_discard_[static_cast<std::size_t>(p)];
  if (!discard.valid()) return 0;
  // Their hand now is the one they ended that turn with, after laying what they chose to.
  const double unlaid = unlaid_spreads_ && holds_a_play(world.hand(p), table_as_then_[static_cast<std::size_t>(p)]) ? kUnlaidSpreadPenalty : 0.0;
  const CardSet held = world.hand(p) | CardSet(discard);
  double norm = 0;
  for (Card c : held) norm += std::exp(discard_appeal(held, c, true));
  return unlaid + discard_appeal(held, discard, true) - std::log(norm);
}

bool OpponentModel::holds_a_play(CardSet hand, bool table_as_then) const {
  if (game_->lowest_count(hand) < game_->count(hand)) return true;
  if (!table_as_then) return false;
  for (Card c : hand)
    for (int i = 0; i < num_spreads_; ++i)
      if (game_->can_hit(spreads_[static_cast<std::size_t>(i)], CardSet(c))) return true;
  return false;
}

double OpponentModel::discard_appeal(CardSet held, Card c, bool read_table) const {
  // 4 per point of value, less 3 per unit of potential, less 20 for a card that fits a spread on
  // the table (a gift to the next player), in units of the temperature.
  double s = 4.0 * game_->value(c) - 3.0 * spread_potential(*game_, held, c, true);
  if (read_table)
    for (int i = 0; i < num_spreads_; ++i)
      if (game_->can_hit(spreads_[static_cast<std::size_t>(i)], CardSet(c))) {
        s -= 20;
        break;
      }
  return s / discard_temperature_;
}

double OpponentModel::earlier_log_weight(const State& world, int p, double* random) const {
  double total = 0;
  double loose = 0;  // the same discards under the loose type, when there are two
  for (const EarlierDiscard& e : earlier_) {
    if (e.player != p) continue;
    const CardSet held = (world.hand(p) | e.played_since) - e.taken_since;
    if (!held.contains(e.card)) continue;  // the discard came back to them since: nothing to read
    // The table's spreads then were not those of now, so they are not read. The
    // `stock_draws_since` most appealing other cards may have come later.
    std::array<double, kNumCardIds> others{};
    int count = 0;
    for (Card c : held)
      if (c != e.card) others[static_cast<std::size_t>(count++)] = discard_appeal(held, c, false);
    const int later = std::min(e.stock_draws_since, count);
    if (later == count) continue;  // every other card may have come later: nothing to read
    std::partial_sort(others.begin(), others.begin() + later, others.begin() + count, std::greater<>());
    const double own = discard_appeal(held, e.card, false);
    double norm = std::exp(own);
    for (int k = later; k < count; ++k) norm += std::exp(others[static_cast<std::size_t>(k)]);
    const double greedy = own - std::log(norm);
    const double choices = count - later + 1;
    *random -= std::log(choices);
    auto trembling = [&](double tremble) {
      return tremble > 0 ? std::log((1 - tremble) * std::exp(greedy) + tremble / choices) : greedy;
    };
    total += trembling(earlier_tremble_);
    if (earlier_loose_tremble_ > 0) loose += trembling(earlier_loose_tremble_);
  }
  return earlier_loose_tremble_ > 0 ? log_mixture(total, loose, 0.5) : total;  // half and half a priori
}

State sample_world(const View& view, const OpponentModel& model, int proposals, Rng& rng) {
  State kept = resample_from_view(view, rng);
  if (!model.informative() || proposals <= 1) return kept;
  auto key = [&](const State& world) {
    const double u = (static_cast<double>(rng.next() >> 11) + 0.5) * 0x1.0p-53;  // in (0, 1)
    return model.log_weight(world) - std::log(-std::log(u));
  };
  double best = key(kept);
  for (int i = 1; i < proposals; ++i) {
    State world = resample_from_view(view, rng);
    const double k = key(world);
    if (k > best) {
      best = k;
      kept = std::move(world);
    }
  }
  return kept;
}

BeliefChain::BeliefChain(const View& view, const OpponentModel& model, int burn_in, Rng& rng)
    : view_(&view), model_(&model) {
  for (Card c : view.unseen()) hidden_[static_cast<std::size_t>(unseen_++)] = c;
  rng.shuffle(std::span<Card>(hidden_.data(), static_cast<std::size_t>(unseen_)));
  for (int p = 0; p < view.num_players; ++p)
    if (p != view.player) hand_places_ += view.hand_sizes[p] - view.known_cards[p].size();
  hand_places_ = std::clamp(hand_places_, 0, unseen_);
  world_ = deal_from_view(view, std::span<const Card>(hidden_.data(), static_cast<std::size_t>(unseen_)));
  log_weight_ = model.log_weight(world_);
  advance(burn_in, rng);
}

const State& BeliefChain::advance(int steps, Rng& rng) {
  // Nothing to move: no hidden card in an opponent's hand, no other card to swap it with, or no
  // evidence (every world equally likely: a fresh uniform deal would do, a chain of swaps is one).
  const std::span<const Card> order(hidden_.data(), static_cast<std::size_t>(unseen_));
  if (hand_places_ == 0 || unseen_ < 2 || !model_->informative()) {
    // Nothing for the chain to weigh (no hidden card in an opponent's hand, or no evidence, so
    // every world is equally likely): each world a fresh uniform deal.
    rng.shuffle(std::span<Card>(hidden_.data(), static_cast<std::size_t>(unseen_)));
    world_ = deal_from_view(*view_, order);
    return world_;
  }
  for (int k = 0; k < steps; ++k) {
    const auto i = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(hand_places_)));
    auto j = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(unseen_ - 1)));
    if (j >= i) ++j;
    std::swap(hidden_[i], hidden_[j]);
    State proposal = deal_from_view(*view_, order);
    const double lw = model_->log_weight(proposal);
    ++proposed_;
    if (lw >= log_weight_ || rng.uniform() < std::exp(lw - log_weight_)) {
      world_ = std::move(proposal);
      log_weight_ = lw;
      ++accepted_;
    } else {
      std::swap(hidden_[i], hidden_[j]);
    }
  }
  // The likelihood does not read the stock's order, so a fresh uniform order of the stock keeps the
  // posterior and spares successive worlds the same draws.
  rng.shuffle(std::span<Card>(hidden_.data() + hand_places_, static_cast<std::size_t>(unseen_ - hand_places_)));
  world_ = deal_from_view(*view_, order);
  return world_;
}

}  // namespace tonk
