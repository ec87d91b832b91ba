// The action codec (action_codec.h; the layout is documented in docs/PYTHON.md).
//
// Natural region (every rule set): the six actions without operands, a discard per card id, a slap
// per target, the books and runs of S11 named by (rank, suits) and (suit, low run position,
// length), and the hits of S12 named by (target, suit of the card) onto a book or (target, cards
// added below, cards added above) onto a run. An action whose cards read as such a natural spread
// or hit, with the shape that reading gives, takes the natural code even under V13a.
// Wild region (V13a only): spreads and hits in which a wild card stands for another card, named by
// the shape and which places natural cards fill (M), which deuces (D) and how many jokers (j) fill
// the rest. Jokers are interchangeable, so only their number is named.
#include "tonk/action_codec.h"

#include <bit>

#include "spread_gen.h"

namespace tonk {

namespace {

constexpr int kMaxRunHit = 10;  // a run on the table has 3 of the 13 run positions

// The index of a run of `length` run positions from `low` among the 66 of a suit.
int run_index(int low, int length) { return 11 * low - low * (low - 1) / 2 + (length - 3); }

// The index of a run hit adding `below` cards under the run and `above` over it (1..10 in all).
int run_hit_index(int below, int above) {
  const int total = below + above;
  return total * (total + 1) / 2 - 1 + below;
}

CardSet suit_cards(Suit s) { return CardSet(std::uint64_t{0x1FFF} << (static_cast<int>(s) * kNumRanks)); }

std::uint32_t span_mask(int low, int high) {  // run positions low..high, 0 <= low, high < 32 (empty when high < low)
  if (high < low) return 0;
  return static_cast<std::uint32_t>(((std::uint64_t{1} << (high + 1)) - 1) & ~((std::uint64_t{1} << low) - 1));
}

CardSet deuces(std::uint32_t suits) {
  CardSet out;
  for (int s = 0; s < kNumSuits; ++s)
    if ((suits >> s) & 1) out.insert(Card(Rank::kTwo, static_cast<Suit>(s)));
  return out;
}

// V13a: the `n` jokers a code names: the lowest-numbered the player to move holds, then (for an
// action that cannot be legal anyway) the lowest-numbered of the deck.
CardSet take_jokers(const State& state, int n) {
  CardSet out;
  for (Card c : state.hand(state.current_player()).jokers()) {
    if (out.size() == n) return out;
    out.insert(c);
  }
  for (int k = 0; k < state.game().rules().jokers && out.size() < n; ++k) out.insert(Card::joker(k));
  return out;
}

bool has_wild(const Game& game, CardSet cards) { return !(cards & game.wild_cards()).empty(); }

}  // namespace

void ActionCodec::Forms::build(int n, int min_size, int max_size, int max_jokers) {
  places = n;
  list.clear();
  index.assign(static_cast<std::size_t>(1u << (n + 4)) * static_cast<std::size_t>(max_jokers + 1), -1);
  for (std::uint32_t m = 0; m < (1u << n); ++m)
    for (std::uint32_t d = 0; d < 16; ++d)
      for (int j = 0; j <= max_jokers; ++j) {
        const int size = std::popcount(m) + std::popcount(d) + j;
        if (size < min_size || size > max_size || (d == 0 && j == 0)) continue;
        index[m | (d << n) | (static_cast<std::uint32_t>(j) << (n + 4))] = static_cast<std::int32_t>(list.size());
        list.push_back(m | (d << n) | (static_cast<std::uint32_t>(j) << (n + 4)));
      }
}

int ActionCodec::Forms::find(std::uint32_t m, std::uint32_t d, int j) const {
  const std::size_t key = m | (d << places) | (static_cast<std::uint32_t>(j) << (places + 4));
  if (m >= (1u << places) || key >= index.size()) return -1;
  return index[key];
}

ActionCodec::ActionCodec(const Game& game) {
  const Rules& r = game.rules();
  wild_ = game.has_wilds();
  jokers_ = r.jokers;
  hand_cap_ = r.hand_size + 1;
  top_ = game.top_run_position();
  if (!wild_) return;
  // V13a: books with a wild card (at least one natural card, S11), one wild card onto a book (I5: a
  // book on the table has 3 cards and takes at most one more), runs and run hits of n places.
  book_forms_.build(4, 3, r.book_max, jokers_);
  std::erase_if(book_forms_.list, [](std::uint32_t f) { return (f & 0xF) == 0; });
  std::fill(book_forms_.index.begin(), book_forms_.index.end(), -1);
  for (std::size_t i = 0; i < book_forms_.list.size(); ++i) book_forms_.index[book_forms_.list[i]] = static_cast<int>(i);
  book_hit_forms_.build(4, 1, 1, std::min(jokers_, 1));
  const int most = std::min(hand_cap_, top_ + 1);
  run_forms_.resize(static_cast<std::size_t>(most + 1));
  for (int n = 1; n <= most; ++n) run_forms_[static_cast<std::size_t>(n)].build(n, n, n, jokers_);

  const int nb = static_cast<int>(book_forms_.list.size());
  wild_book_base_ = kNaturalActions;
  wild_run_base_ = wild_book_base_ + kNumRanks * nb;
  run_offset_.assign(14 * 14, -1);
  wild_runs_per_suit_ = 0;
  for (int low = 0; low + 2 <= top_; ++low)
    for (int len = 3; len <= std::min(most, top_ - low + 1); ++len) {
      run_offset_[static_cast<std::size_t>(low * 14 + len)] = wild_runs_per_suit_;
      wild_runs_per_suit_ += static_cast<int>(run_forms_[static_cast<std::size_t>(len)].list.size());
    }
  wild_hit_base_ = wild_run_base_ + kNumSuits * wild_runs_per_suit_;
  hit_offset_.assign(14 * 14, -1);
  wild_hits_per_target_ = static_cast<int>(book_hit_forms_.list.size());
  for (int places = 1; places <= std::min(most, top_ + 1 - 3); ++places)
    for (int below = 0; below <= places; ++below) {
      hit_offset_[static_cast<std::size_t>(places * 14 + below)] = wild_hits_per_target_;
      wild_hits_per_target_ += static_cast<int>(run_forms_[static_cast<std::size_t>(places)].list.size());
    }
  size_ = wild_hit_base_ + kMaxSpreads * wild_hits_per_target_;
}

int ActionCodec::encode(const State& state, const Action& a) const {
  switch (a.kind) {
    case ActionKind::kDrop: return kDropCode;
    case ActionKind::kTakeStock: return kTakeStockCode;
    case ActionKind::kTakeDiscard: return kTakeDiscardCode;
    case ActionKind::kClaim: return kClaimCode;
    case ActionKind::kEndTurn: return kEndTurnCode;
    case ActionKind::kPass: return kPassCode;
    case ActionKind::kDiscard: return a.cards.size() == 1 ? kDiscardBase + a.cards.first().id() : -1;
    case ActionKind::kSlap: return a.target < kMaxSpreads ? kSlapBase + a.target : -1;
    case ActionKind::kSpread: return encode_spread(state, a);
    case ActionKind::kHit: return encode_hit(state, a);
  }
  return -1;
}

int ActionCodec::encode_spread(const State& state, const Action& a) const {
  const Game& g = state.game();
  const CardSet c = a.cards;
  if (c.size() < 3) return -1;
  const bool wild_in = has_wild(g, c);
  if (c.jokers().empty()) {  // the natural reading (S11)
    const Card f = c.first();
    if (detail::rank_cards(c, f.rank()) == c && c.size() <= 4) {
      if (a.shape == (wild_in ? shape_book(f.rank()) : 0)) {
        const std::uint32_t suits = c.rank_suits(f.rank());
        const int k = c.size() == 4 ? 4 : std::countr_zero(~suits & 0xFu);
        return kBookBase + static_cast<int>(f.rank()) * 5 + k;
      }
    } else if ((c & suit_cards(f.suit())) == c) {
      const std::uint32_t line = g.run_line(c, f.suit());
      const int low = std::countr_zero(line);
      const int len = std::popcount(line);
      if (len == c.size() && line == span_mask(low, low + len - 1) &&
          a.shape == (wild_in ? g.run_shape(f.suit(), low) : 0))
        return kRunBase + static_cast<int>(f.suit()) * kRunsPerSuit + run_index(low, len);
    }
  }
  if (!wild_ || a.shape == 0) return -1;
  std::uint32_t m = 0;
  std::uint32_t d = 0;
  int j = 0;
  if (shape_is_book(a.shape)) {  // V13a: naturals of the rank, then deuces and jokers
    const Rank rank = shape_rank(a.shape);
    for (Card card : c) {
      if (card.is_joker()) ++j;
      else if (card.rank() == rank) m |= 1u << static_cast<int>(card.suit());
      else if (card.rank() == Rank::kTwo) d |= 1u << static_cast<int>(card.suit());
      else return -1;
    }
    const int f = book_forms_.find(m, d, j);
    return f < 0 ? -1 : wild_book_base_ + static_cast<int>(rank) * static_cast<int>(book_forms_.list.size()) + f;
  }
  const Suit s = shape_suit(a.shape);
  const int low = g.shape_low(a.shape);
  const int len = c.size();
  if (low < 0 || low + len - 1 > top_ || len >= static_cast<int>(run_forms_.size())) return -1;
  for (Card card : c) {  // a deuce is always named as a wild card, even in its own place
    if (card.is_joker()) ++j;
    else if (card.rank() == Rank::kTwo) d |= 1u << static_cast<int>(card.suit());
    else if (card.suit() == s) {
      const int p = g.run_position(card.rank());
      if (p < low || p > low + len - 1) return -1;
      m |= 1u << (p - low);
    } else return -1;
  }
  const int f = run_forms_[static_cast<std::size_t>(len)].find(m, d, j);
  if (f < 0) return -1;
  return wild_run_base_ + static_cast<int>(s) * wild_runs_per_suit_ + run_offset_[static_cast<std::size_t>(low * 14 + len)] + f;
}

int ActionCodec::encode_hit(const State& state, const Action& a) const {
  const Game& g = state.game();
  const CardSet c = a.cards;
  const int t = a.target;
  if (t >= state.num_spreads() || c.empty()) return -1;
  const CardSet spread = state.spread(t);
  const std::uint8_t sh = state.spread_shape(t);
  const bool wild_in = has_wild(g, c);
  if (shape_is_book(sh)) {  // I5: one card onto a book of three
    if (c.size() != 1) return -1;
    const Card card = c.first();
    if (!card.is_joker() && card.rank() == shape_rank(sh))
      return a.shape == (wild_in ? sh : 0) ? kHitBase + t * kHitsPerTarget + static_cast<int>(card.suit()) : -1;
    if (!wild_ || a.shape != sh) return -1;
    const int f = card.is_joker() ? book_hit_forms_.find(0, 0, 1)
                  : card.rank() == Rank::kTwo ? book_hit_forms_.find(0, 1u << static_cast<int>(card.suit()), 0)
                                              : -1;
    return f < 0 ? -1 : wild_hit_base_ + t * wild_hits_per_target_ + f;
  }
  if (!shape_is_run(sh)) return -1;
  const Suit s = shape_suit(sh);
  const int low = g.shape_low(sh);
  const int high = low + spread.size() - 1;
  if (c.jokers().empty() && (c & suit_cards(s)) == c) {  // the natural reading (S12)
    const std::uint32_t line = g.run_line(c, s);
    const int below = std::popcount(line & span_mask(0, low - 1));
    const int above = std::popcount(line & span_mask(high + 1, 31));
    if (below + above == c.size() && line == (span_mask(low - below, low - 1) | span_mask(high + 1, high + above)) &&
        below + above <= kMaxRunHit && a.shape == (wild_in ? g.run_shape(s, low - below) : 0))
      return kHitBase + t * kHitsPerTarget + 4 + run_hit_index(below, above);
  }
  if (!wild_ || !shape_is_run(a.shape) || shape_suit(a.shape) != s) return -1;
  const int new_low = g.shape_low(a.shape);
  const int below = low - new_low;
  const int places = c.size();
  const int above = places - below;
  if (below < 0 || above < 0 || high + above > top_ || places >= static_cast<int>(run_forms_.size()) ||
      hit_offset_[static_cast<std::size_t>(places * 14 + below)] < 0)
    return -1;
  std::uint32_t m = 0;
  std::uint32_t d = 0;
  int j = 0;
  for (Card card : c) {
    if (card.is_joker()) ++j;
    else if (card.rank() == Rank::kTwo) d |= 1u << static_cast<int>(card.suit());
    else if (card.suit() == s) {
      const int p = g.run_position(card.rank());
      if (p >= new_low && p < low) m |= 1u << (p - new_low);
      else if (p > high && p <= high + above) m |= 1u << (below + p - high - 1);
      else return -1;
    } else return -1;
  }
  const int f = run_forms_[static_cast<std::size_t>(places)].find(m, d, j);
  if (f < 0) return -1;
  return wild_hit_base_ + t * wild_hits_per_target_ + hit_offset_[static_cast<std::size_t>(places * 14 + below)] + f;
}

std::optional<Action> ActionCodec::decode(const State& state, int code) const {
  if (code < 0 || code >= size_) return std::nullopt;
  std::optional<Action> a = code < kNaturalActions ? decode_natural(state, code) : decode_wild(state, code);
  // Only the code encode() gives names the action: others (a deuce named as a natural card in its
  // own place, a joker the player does not hold, ...) name nothing.
  if (a && encode(state, *a) != code) return std::nullopt;
  return a;
}

std::optional<Action> ActionCodec::decode_natural(const State& state, int code) const {
  const Game& g = state.game();
  switch (code) {
    case kDropCode: return Action::drop();
    case kTakeStockCode: return Action::take_stock();
    case kTakeDiscardCode: return Action::take_discard();
    case kClaimCode: return Action::claim();
    case kEndTurnCode: return Action::end_turn();
    case kPassCode: return Action::pass();
    default: break;
  }
  if (code < kSlapBase) {
    const Card card = Card::from_id(code - kDiscardBase);
    return g.deck().contains(card) ? std::optional(Action::discard(card)) : std::nullopt;
  }
  if (code < kBookBase) return Action::slap(code - kSlapBase);
  if (code < kRunBase) {
    const Rank rank = static_cast<Rank>((code - kBookBase) / 5);
    const int k = (code - kBookBase) % 5;
    CardSet cards;
    for (int s = 0; s < kNumSuits; ++s)
      if (k == 4 || s != k) cards.insert(Card(rank, static_cast<Suit>(s)));
    return Action::spread(cards, has_wild(g, cards) ? shape_book(rank) : 0);
  }
  if (code < kHitBase) {
    const Suit s = static_cast<Suit>((code - kRunBase) / kRunsPerSuit);
    const int idx = (code - kRunBase) % kRunsPerSuit;
    for (int low = 0; low <= 10; ++low)
      for (int len = 3; low + len <= 13; ++len)
        if (run_index(low, len) == idx) {
          if (low + len - 1 > top_) return std::nullopt;
          const CardSet cards = detail::cards_on_line(g, s, span_mask(low, low + len - 1));
          return Action::spread(cards, has_wild(g, cards) ? g.run_shape(s, low) : 0);
        }
    return std::nullopt;
  }
  const int t = (code - kHitBase) / kHitsPerTarget;
  const int h = (code - kHitBase) % kHitsPerTarget;
  if (t >= state.num_spreads()) return std::nullopt;
  const std::uint8_t sh = state.spread_shape(t);
  if (h < 4) {
    if (!shape_is_book(sh)) return std::nullopt;
    const CardSet cards(Card(shape_rank(sh), static_cast<Suit>(h)));
    return Action::hit(t, cards, has_wild(g, cards) ? sh : 0);
  }
  if (!shape_is_run(sh)) return std::nullopt;
  const Suit s = shape_suit(sh);
  const int low = g.shape_low(sh);
  const int high = low + state.spread(t).size() - 1;
  for (int total = 1; total <= kMaxRunHit; ++total)
    for (int below = 0; below <= total; ++below)
      if (run_hit_index(below, total - below) == h - 4) {
        const int above = total - below;
        if (low - below < 0 || high + above > top_) return std::nullopt;
        const CardSet cards =
            detail::cards_on_line(g, s, span_mask(low - below, low - 1) | span_mask(high + 1, high + above));
        return Action::hit(t, cards, has_wild(g, cards) ? g.run_shape(s, low - below) : 0);
      }
  return std::nullopt;
}

std::optional<Action> ActionCodec::decode_wild(const State& state, int code) const {
  const Game& g = state.game();
  auto unpack = [](const Forms& forms, int f, std::uint32_t& m, std::uint32_t& d, int& j) {
    const std::uint32_t v = forms.list[static_cast<std::size_t>(f)];
    m = v & ((1u << forms.places) - 1);
    d = (v >> forms.places) & 0xF;
    j = static_cast<int>(v >> (forms.places + 4));
  };
  std::uint32_t m = 0;
  std::uint32_t d = 0;
  int j = 0;
  if (code < wild_run_base_) {
    const int nb = static_cast<int>(book_forms_.list.size());
    const Rank rank = static_cast<Rank>((code - wild_book_base_) / nb);
    unpack(book_forms_, (code - wild_book_base_) % nb, m, d, j);
    CardSet cards = deuces(d) | take_jokers(state, j);
    for (int s = 0; s < kNumSuits; ++s)
      if ((m >> s) & 1) cards.insert(Card(rank, static_cast<Suit>(s)));
    return Action::spread(cards, shape_book(rank));
  }
  if (code < wild_hit_base_) {
    const Suit s = static_cast<Suit>((code - wild_run_base_) / wild_runs_per_suit_);
    const int rest = (code - wild_run_base_) % wild_runs_per_suit_;
    for (int low = 0; low + 2 <= top_; ++low)
      for (int len = 3; len < static_cast<int>(run_forms_.size()) && low + len - 1 <= top_; ++len) {
        const int off = run_offset_[static_cast<std::size_t>(low * 14 + len)];
        const Forms& forms = run_forms_[static_cast<std::size_t>(len)];
        if (rest < off || rest >= off + static_cast<int>(forms.list.size())) continue;
        unpack(forms, rest - off, m, d, j);
        const CardSet cards = detail::cards_on_line(g, s, m << low) | deuces(d) | take_jokers(state, j);
        return Action::spread(cards, g.run_shape(s, low));
      }
    return std::nullopt;
  }
  const int t = (code - wild_hit_base_) / wild_hits_per_target_;
  const int rest = (code - wild_hit_base_) % wild_hits_per_target_;
  if (t >= state.num_spreads()) return std::nullopt;
  const std::uint8_t sh = state.spread_shape(t);
  if (rest < static_cast<int>(book_hit_forms_.list.size())) {
    if (!shape_is_book(sh)) return std::nullopt;
    unpack(book_hit_forms_, rest, m, d, j);
    return Action::hit(t, deuces(d) | take_jokers(state, j), sh);
  }
  if (!shape_is_run(sh)) return std::nullopt;
  const Suit s = shape_suit(sh);
  const int low = g.shape_low(sh);
  const int high = low + state.spread(t).size() - 1;
  for (int places = 1; places < static_cast<int>(run_forms_.size()); ++places)
    for (int below = 0; below <= places; ++below) {
      const int off = hit_offset_[static_cast<std::size_t>(places * 14 + below)];
      const Forms& forms = run_forms_[static_cast<std::size_t>(places)];
      if (off < 0 || rest < off || rest >= off + static_cast<int>(forms.list.size())) continue;
      const int above = places - below;
      if (low - below < 0 || high + above > top_) return std::nullopt;
      unpack(forms, rest - off, m, d, j);
      const std::uint32_t line = ((m & ((1u << below) - 1)) << (low - below)) | ((m >> below) << (high + 1));
      const CardSet cards = detail::cards_on_line(g, s, line) | deuces(d) | take_jokers(state, j);
      return Action::hit(t, cards, g.run_shape(s, low - below));
    }
  return std::nullopt;
}

}  // namespace tonk
