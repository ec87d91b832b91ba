#include "tonk/rating_period.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace tonk {

namespace {

constexpr std::int64_t kDayMs = 24LL * 60 * 60 * 1000;

void append_number(std::string& out, double value) {
  char buffer[32];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  if (error != std::errc()) throw std::invalid_argument("rating results: a number cannot be written");
  out.append(buffer, end);
}

}  // namespace

int periods_closing(const RatingPeriod& period, int hands_in_period, std::int64_t period_start_ms, std::int64_t now_ms) {
  if (period.hands < 1 || period.hands > 1000)
    throw std::invalid_argument("rating period: " + std::to_string(period.hands) + " hands, not 1..1000");
  if (hands_in_period < 0 || period_start_ms < 0 || now_ms < 0)
    throw std::invalid_argument("rating period: negative hands or time");
  if (period.rule == PeriodRule::kHands) return hands_in_period >= period.hands ? 1 : 0;
  if (now_ms <= period_start_ms) return 0;
  const std::int64_t days = now_ms / kDayMs - period_start_ms / kDayMs;
  return static_cast<int>(std::min<std::int64_t>(days, kMaxEmptyPeriods + 1));
}

Glicko2Rating close_periods(const Glicko2Rating& player, std::span<const GameResult> games, int closing,
                            const Glicko2Settings& settings) {
  if (closing < 0) throw std::invalid_argument("rating period: " + std::to_string(closing) + " periods to close");
  if (closing == 0) return player;
  Glicko2Rating out = rate_period(player, games, settings);
  for (int i = 1; i < closing && i <= kMaxEmptyPeriods && out.deviation < kMaxDeviation; ++i)
    out = rate_period(out, {}, settings);
  return out;
}

void bring_up_to_date(RatedStanding& standing, std::int64_t now_ms, const RatingPeriod& period, const Glicko2Settings& settings) {
  if (period.rule != PeriodRule::kDay || standing.period_start_ms == 0) {
    periods_closing(period, standing.period_hands, standing.period_start_ms, now_ms);  // the same checks
    return;
  }
  const int closing = periods_closing(period, standing.period_hands, standing.period_start_ms, now_ms);
  if (closing == 0) return;
  RatedStanding next;
  next.rating = close_periods(standing.rating, standing.period, closing, settings);
  next.period_start_ms = now_ms;
  standing = std::move(next);
}

void add_rated_hand(RatedStanding& standing, std::span<const GameResult> games, std::int64_t now_ms, const RatingPeriod& period,
                    const Glicko2Settings& settings) {
  RatedStanding next = standing;
  bring_up_to_date(next, now_ms, period, settings);
  if (next.period_start_ms == 0) next.period_start_ms = now_ms;
  next.period.insert(next.period.end(), games.begin(), games.end());
  ++next.period_hands;
  if (period.rule == PeriodRule::kHands && periods_closing(period, next.period_hands, next.period_start_ms, now_ms) > 0) {
    next.rating = close_periods(next.rating, next.period, 1, settings);
    next.period.clear();
    next.period_hands = 0;
    next.period_start_ms = now_ms;
  } else {
    rate_period(next.rating, next.period, settings);  // the games are checked now, not when the period closes
  }
  standing = std::move(next);
}

std::string encode_results(std::span<const GameResult> games) {
  std::string out;
  for (const GameResult& game : games) {
    if (!out.empty()) out += ';';
    append_number(out, game.opponent_rating);
    out += ' ';
    append_number(out, game.opponent_deviation);
    out += ' ';
    append_number(out, game.score);
  }
  return out;
}

std::vector<GameResult> decode_results(std::string_view text) {
  std::vector<GameResult> out;
  if (text.empty()) return out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(';', start), text.size());
    const std::string_view item = text.substr(start, end - start);
    const std::string where = "rating results: game " + std::to_string(out.size() + 1) + " (\"" + std::string(item) + "\")";
    double numbers[3];
    const char* p = item.data();
    const char* const last = item.data() + item.size();
    for (int i = 0; i < 3; ++i) {
      if (i > 0) {
        if (p == last || *p != ' ') throw std::invalid_argument(where + " is not three numbers");
        ++p;
      }
      const auto [next, error] = std::from_chars(p, last, numbers[i]);
      if (error != std::errc()) throw std::invalid_argument(where + " is not three numbers");
      p = next;
    }
    if (p != last) throw std::invalid_argument(where + " has more than three numbers");
    const GameResult game{numbers[0], numbers[1], numbers[2]};
    try {
      rate_period(kNewPlayer, std::span(&game, 1));  // the same ranges as a period's games
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where + ": " + e.what());
    }
    out.push_back(game);
    start = end + 1;
  }
  return out;
}

}  // namespace tonk
