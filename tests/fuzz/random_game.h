// Shared by the fuzz targets (tests/fuzz/) and the property tests (tests/*_test.cc): random rule
// sets and random hands, driven by a seed, and the oracles every one of them must satisfy.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tonk/game.h"
#include "tonk/hand.h"
#include "tonk/record.h"
#include "tonk/rng.h"
#include "tonk/rule_options.h"
#include "tonk/session.h"

namespace tonk::fuzz {

/// A failed oracle: a finding. The fuzz targets abort on it; the tests report it.
struct Finding : std::logic_error {
  using std::logic_error::logic_error;
};

inline void require(bool ok, const std::string& what) {
  if (!ok) throw Finding(what);
}

/// A valid rule set drawn from `rng`: each option keeps its default or, with odds 1 in 3, takes a
/// value from its whole range; sets that validate() refuses are drawn again (the standard game
/// after 50 tries).
inline Rules random_rules(Rng& rng) {
  for (int attempt = 0; attempt < 50; ++attempt) {
    Rules rules;
    for (const OptionSpec& o : rule_options()) {
      if (rng.below(3) != 0) continue;
      const auto span = static_cast<std::uint32_t>(std::min<long long>(o.max - static_cast<long long>(o.min), 1000));
      o.set(rules, o.min + static_cast<int>(rng.below(span + 1)));
    }
    try {
      validate(rules);
      return rules;
    } catch (const RuleError&) {
    }
  }
  return Rules{};
}

/// Plays one hand of `game` to its end with uniformly random legal actions, checking as it goes
/// that every action the engine lists is accepted by it.
inline Hand random_hand(const std::shared_ptr<const Game>& shared, Rng& rng) {
  const Game& game = *shared;
  const int dealer = static_cast<int>(rng.below(static_cast<std::uint32_t>(game.num_players())));
  Hand hand(shared, shuffled_deck(game, rng), dealer);
  while (!hand.is_over()) {
    const ActionList legal = hand.legal_actions();
    require(legal.size() > 0, "a hand not over has no legal action");
    const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    require(!hand.state().why_illegal(a), "a listed action is refused: " + to_string(a));
    hand.apply(a);
  }
  return hand;
}

/// The oracles of a finished hand: S4 zero-sum payouts (every scoring but push-ups, whose points
/// are a loser's), and every card of the deck dealt exactly once.
inline void check_finished(const Hand& hand) {
  const Outcome& o = hand.outcome();
  const int n = hand.game().num_players();
  if (hand.game().rules().scoring != Scoring::kPushups) {
    const long long sum = std::accumulate(o.payouts.begin(), o.payouts.begin() + n, 0LL);
    require(sum == 0, "payouts do not sum to zero: " + std::to_string(sum));
  }
  std::vector<Card> deck = hand.deck_order();
  require(static_cast<int>(deck.size()) == hand.game().deck_size(), "the deck order is not the whole deck");
  std::sort(deck.begin(), deck.end(), [](Card a, Card b) { return a.id() < b.id(); });
  require(std::adjacent_find(deck.begin(), deck.end()) == deck.end(), "a card is in the deck twice");
}

/// Session tags fit for `rules` (V22, V23a, V23b), drawn from `rng`, the pot up to the record's
/// largest.
inline SessionTags random_tags(const Rules& rules, Rng& rng) {
  SessionTags tags;
  if (rules.big_one_hands > 0 && rng.below(2)) tags.stake = 2;
  if (rules.suit_bet > 0) tags.side_suit = static_cast<Suit>(rng.below(kNumSuits));
  if (rules.naturals_bet > 0)
    tags.pot = rng.below(4) == 0 ? kMaxRecordPot : static_cast<long long>(rng.next() % (kMaxRecordPot + 1));
  return tags;
}

/// Write -> parse -> equal, and the replay reproduces the hand: the round trip of docs/RECORDS.md.
inline void check_round_trip(const HandRecord& record) {
  const std::string text = write_record(record);
  std::vector<HandRecord> back;
  try {
    back = parse_records(text);
  } catch (const RecordError& e) {
    throw Finding("the writer's output is refused by the reader, line " + std::to_string(e.line()) + ": " + e.what() +
                  "\n" + text);
  }
  require(back.size() == 1 && back[0] == record, "write -> parse is not the record written:\n" + text);
  try {
    const Hand again = replay(back[0]);
    require(again.history() == record.moves, "the replay's moves differ");
  } catch (const RecordError& e) {
    throw Finding("the record written does not replay: line " + std::to_string(e.line()) + ": " + e.what() + "\n" +
                  text);
  }
}

/// One random rule set, hand and tags from `seed`, through every oracle above.
inline void check_random_record(std::uint64_t seed) {
  Rng rng(seed);
  const Rules rules = random_rules(rng);
  const std::shared_ptr<const Game> shared = make_game(rules);
  const Game& game = *shared;
  const Hand hand = random_hand(shared, rng);
  check_finished(hand);
  std::vector<std::string> seats;
  for (int p = 0; p < game.num_players(); ++p) seats.push_back("seat-" + std::to_string(p));
  const int number = 1 + static_cast<int>(rng.below(kMaxRecordHand));
  check_round_trip(make_record(hand, seats, number, random_tags(rules, rng)));
}

}  // namespace tonk::fuzz
