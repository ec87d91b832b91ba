#include "mistake_bot.h"

#include <cstdlib>
#include <vector>

namespace tonk {

MistakeBot::MistakeBot(std::string name, double rate, std::uint64_t seed)
    : name_(std::move(name)), rate_(rate), greedy_(seed), rng_(seed ^ 0x6d697374616b6573ULL) {
  if (!(rate >= 0 && rate <= 1)) throw std::invalid_argument("MistakeBot: the mistake rate must be in [0, 1]");
}

bool MistakeBot::obviously_useful(const View& view, const ActionList& legal, Card c) {
  const Game& game = *view.game;
  if (c.is_joker()) return true;  // a wild card (V13a) is never thrown by mistake
  for (const Action& a : legal)
    if (a.kind == ActionKind::kSpread && a.cards.contains(c)) return true;
  for (int i = 0; i < view.num_spreads; ++i)
    if (game.can_hit(view.spreads[static_cast<std::size_t>(i)], CardSet(c))) return true;
  const int pos = game.run_position(c.rank());
  for (Card o : view.hand) {
    if (o == c || o.is_joker()) continue;
    if (o.rank() == c.rank()) return true;
    const int other = game.run_position(o.rank());
    if (o.suit() == c.suit() && pos >= 0 && other >= 0 && std::abs(other - pos) == 1) return true;
  }
  return false;
}

std::optional<Action> MistakeBot::plausible_mistake(const View& view, const ActionList& legal, const Action& chosen,
                                                     Rng& rng) {
  std::vector<Action> options;
  if (view.phase == Phase::kStartOfTurn) {
    const bool can_drop = legal.contains(Action::drop());
    if (chosen.kind == ActionKind::kDrop && legal.contains(Action::take_stock())) options.push_back(Action::take_stock());
    if (chosen.kind == ActionKind::kTakeDiscard && legal.contains(Action::take_stock()))
      options.push_back(Action::take_stock());
    // A hasty drop: a few points above where greedy would (S15).
    if (can_drop && chosen.kind != ActionKind::kDrop && view.count() <= GreedyBot::drop_threshold(view) + 4)
      options.push_back(Action::drop());
  } else {
    for (const Action& a : legal)
      if (a.kind == ActionKind::kDiscard && !(a == chosen) && !obviously_useful(view, legal, a.card()))
        options.push_back(a);
  }
  if (options.empty()) return std::nullopt;
  return options[rng.below(static_cast<std::uint32_t>(options.size()))];
}

Action MistakeBot::choose(const View& view, const ActionList& legal) {
  last_was_mistake_ = false;
  const Action chosen = greedy_.choose(view, legal);
  if (legal.size() < 2) return chosen;
  ++decisions_;
  if (rate_ <= 0 || rng_.uniform() >= rate_) return chosen;
  const std::optional<Action> mistake = plausible_mistake(view, legal, chosen, rng_);
  if (!mistake) return chosen;
  ++mistakes_;
  last_was_mistake_ = true;
  return *mistake;
}

}  // namespace tonk
