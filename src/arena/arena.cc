#include "tonk/arena.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "tonk/bot_factory.h"
#include "tonk/hand.h"
#include "tonk/oracle_bot.h"
#include "tonk/rng.h"

namespace tonk {

namespace {

using Clock = std::chrono::steady_clock;

// Streams of the deal's seed: the deck and dealer come from stream 0; bots from streams 1 and up.
constexpr std::uint64_t kBotStreams = 1;

bool is_omniscient_kind(std::string_view kind) {
  const std::string_view base = kind.substr(0, kind.find(':'));
  for (std::string_view k : omniscient_kinds())
    if (k == base) return true;
  return false;
}

// A seat's player: a fair bot (sees its View) or an omniscient one (sees the State).
struct Player {
  std::unique_ptr<Bot> bot;
  std::unique_ptr<OmniscientPlayer> omniscient;

  Player(const std::string& kind, std::uint64_t seed) {
    if (is_omniscient_kind(kind)) {
      omniscient = make_omniscient_player(kind, seed);
    } else {
      bot = make_bot(kind, seed);
    }
  }
  Action choose(const Hand& hand, int seat, const ActionList& legal) {
    return bot ? bot->choose(hand.view(seat), legal) : omniscient->choose(hand.state(), legal);
  }
};

// What one deal gave each entrant, summed over its rotations: payouts in the table's unit, or
// push-up points under V15 (Outcome::points), whose payouts are all 0.
struct DealResult {
  std::array<int, kMaxPlayers> payout{};
  std::array<int, kMaxPlayers> wins{};
  std::array<int, kNumEndReasons> reasons{};
};

// A signed 128-bit whole number, for the sums of squares and their products below. __int128 is a
// GCC and Clang extension: named once, with __extension__, so that -Wpedantic does not warn at each use.
__extension__ typedef __int128 Int128;

// One worker's running sums: whole numbers only, so adding them up in any order gives the same
// result (the results do not depend on the threads), and their size does not grow with the deals.
struct Totals {
  std::array<long long, kMaxPlayers> sum{};       // of each deal's payout
  std::array<Int128, kMaxPlayers> squares{};    // of its square
  std::array<long long, kMaxPlayers> edge_sum{};      // of n * payout - the deal's table total
  std::array<Int128, kMaxPlayers> edge_squares{};  // of its square
  std::array<long long, kMaxPlayers> wins{};
  std::array<long long, kNumEndReasons> reasons{};
  std::vector<TimeHistogram> times;               // per entrant

  void add(const DealResult& d, int n) {
    long long table = 0;
    for (int e = 0; e < n; ++e) table += d.payout[static_cast<std::size_t>(e)];
    for (int e = 0; e < n; ++e) {
      const auto i = static_cast<std::size_t>(e);
      sum[i] += d.payout[i];
      squares[i] += static_cast<Int128>(d.payout[i]) * d.payout[i];
      const long long edge = static_cast<long long>(n) * d.payout[i] - table;
      edge_sum[i] += edge;
      edge_squares[i] += static_cast<Int128>(edge) * edge;
      wins[i] += d.wins[i];
    }
    for (std::size_t k = 0; k < reasons.size(); ++k) reasons[k] += d.reasons[k];
  }
};

DealResult play_deal(const ArenaOptions& o, const std::shared_ptr<const Game>& shared, long long deal,
                     std::vector<TimeHistogram>& times, std::mutex& observer) {
  const Game& game = *shared;
  const int n = game.num_players();
  const ArenaDeal plan = arena_deal(game, o.seed, deal);
  DealResult result;
  ActionList legal;
  for (int r = 0; r < n; ++r) {
    std::vector<Player> players;
    std::vector<int> entrant_of_seat(static_cast<std::size_t>(n));
    players.reserve(static_cast<std::size_t>(n));
    for (int seat = 0; seat < n; ++seat) {
      const int e = arena_entrant(seat, r, n);
      entrant_of_seat[static_cast<std::size_t>(seat)] = e;
      players.emplace_back(o.lineup[static_cast<std::size_t>(e)], arena_bot_seed(o.seed, deal, r, e));
    }
    Hand hand(shared, plan.deck, plan.dealer);
    while (!hand.is_over()) {
      const int seat = hand.current_player();
      hand.state().legal_actions(legal);
      const auto start = Clock::now();
      const Action action = players[static_cast<std::size_t>(seat)].choose(hand, seat, legal);
      const auto stop = Clock::now();
      times[static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)])].add(
          std::chrono::duration<double, std::milli>(stop - start).count());
      hand.apply(action);  // checked: a bot's illegal action throws IllegalAction
    }
    const Outcome& out = hand.outcome();
    ++result.reasons[static_cast<std::size_t>(out.reason)];
    for (int seat = 0; seat < n; ++seat) {
      const auto e = static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)]);
      result.payout[e] += signed_score(out, game.rules().scoring, seat);  // the table's unit, higher better
      result.wins[e] += out.is_winner(seat) ? 1 : 0;
    }
    if (o.on_hand) {
      const std::lock_guard<std::mutex> lock(observer);
      o.on_hand(ArenaHand{deal, r, entrant_of_seat, &plan.deck, plan.dealer, out});
    }
  }
  return result;
}

// The mean per hand and its interval over deals, from the whole-number sums of the per-deal totals
// (each deal's sample is its total / n): the same numbers as mean_interval() of the samples.
MeanInterval interval_from_sums(long long deals, int n, long long sum, Int128 squares) {
  MeanInterval m;
  m.n = deals;
  if (deals == 0) return m;
  const long double d = static_cast<long double>(deals);
  m.mean = static_cast<double>(static_cast<long double>(sum) / d / n);
  if (deals < 2) return m;
  // sum of squared deviations of the totals = squares - sum^2 / deals, exactly: (deals*squares - sum^2) / deals
  const Int128 spread = static_cast<Int128>(deals) * squares - static_cast<Int128>(sum) * sum;
  const long double variance = static_cast<long double>(spread) / (d * (d - 1)) / (static_cast<long double>(n) * n);
  m.half_width = static_cast<double>(1.96L * std::sqrt(variance) / std::sqrt(d));
  return m;
}

void check_options(const ArenaOptions& o, const Game& game) {
  if (static_cast<int>(o.lineup.size()) != game.num_players())
    throw std::invalid_argument("arena: the lineup has " + std::to_string(o.lineup.size()) + " entrants but the table " +
                                std::to_string(game.num_players()) + " players");
  if (o.deals < 1) throw std::invalid_argument("arena: deals must be at least 1");
  if (o.threads < 1 || o.threads > kMaxArenaThreads)
    throw std::invalid_argument("arena: threads must be from 1 to " + std::to_string(kMaxArenaThreads));
  for (const std::string& kind : o.lineup) Player check(kind, 0);  // throws for an unknown kind
}

}  // namespace

MeanInterval mean_interval(std::span<const double> samples) {
  MeanInterval m;
  m.n = static_cast<long long>(samples.size());
  if (m.n == 0) return m;
  double sum = 0;
  for (double x : samples) sum += x;
  m.mean = sum / static_cast<double>(m.n);
  if (m.n < 2) return m;
  double squares = 0;
  for (double x : samples) squares += (x - m.mean) * (x - m.mean);
  const double stddev = std::sqrt(squares / static_cast<double>(m.n - 1));
  m.half_width = 1.96 * stddev / std::sqrt(static_cast<double>(m.n));
  return m;
}

DecisionTimes summarize_times(std::vector<float>& times_ms) {
  DecisionTimes t;
  t.decisions = static_cast<long long>(times_ms.size());
  if (times_ms.empty()) return t;
  double sum = 0;
  for (float x : times_ms) sum += x;
  t.mean_ms = sum / static_cast<double>(t.decisions);
  // Nearest rank: the k-th smallest with k = ceil(q · n), 1-based.
  auto rank = [&](double q) {
    const auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(times_ms.size())));
    const std::size_t index = std::clamp<std::size_t>(k, 1, times_ms.size()) - 1;
    std::nth_element(times_ms.begin(), times_ms.begin() + static_cast<std::ptrdiff_t>(index), times_ms.end());
    return static_cast<double>(times_ms[index]);
  };
  t.median_ms = rank(0.5);
  t.p99_ms = rank(0.99);
  return t;
}

TimeHistogram::TimeHistogram() : counts_(kBins, 0) {}

int TimeHistogram::bin_of(double ms) {
  if (!(ms > kMinMs)) return 0;  // also NaN
  const double index = std::log2(ms / kMinMs) * kBinsPerDoubling;
  return index >= kBins - 1 ? kBins - 1 : static_cast<int>(index);
}

double TimeHistogram::value_of(int bin) {
  // The middle of the bin on the log scale: within half a bin (about 1.1%) of every time in it.
  return kMinMs * std::exp2((bin + 0.5) / kBinsPerDoubling);
}

void TimeHistogram::add(double ms) {
  ++counts_[static_cast<std::size_t>(bin_of(ms))];
  ++count_;
  sum_ms_ += ms;
}

void TimeHistogram::merge(const TimeHistogram& other) {
  for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  count_ += other.count_;
  sum_ms_ += other.sum_ms_;
}

DecisionTimes TimeHistogram::summary() const {
  DecisionTimes t;
  t.decisions = count_;
  if (count_ == 0) return t;
  t.mean_ms = sum_ms_ / static_cast<double>(count_);
  // Nearest rank, as summarize_times(): the k-th smallest with k = ceil(q · n), 1-based.
  auto rank = [&](double q) {
    const auto k = std::max<long long>(1, static_cast<long long>(std::ceil(q * static_cast<double>(count_))));
    long long seen = 0;
    for (int b = 0; b < kBins; ++b) {
      seen += counts_[static_cast<std::size_t>(b)];
      if (seen >= k) return value_of(b);
    }
    return value_of(kBins - 1);
  };
  t.median_ms = rank(0.5);
  t.p99_ms = rank(0.99);
  return t;
}

ArenaDeal arena_deal(const Game& game, std::uint64_t seed, long long deal) {
  Rng rng(mix_seed(mix_seed(seed, static_cast<std::uint64_t>(deal)), 0));
  ArenaDeal d;
  d.deck = shuffled_deck(game, rng);
  d.dealer = static_cast<int>(rng.below(static_cast<std::uint32_t>(game.num_players())));
  return d;
}

int arena_entrant(int seat, int rotation, int players) { return ((seat - rotation) % players + players) % players; }

std::uint64_t arena_bot_seed(std::uint64_t seed, long long deal, int rotation, int entrant) {
  const auto stream = kBotStreams + static_cast<std::uint64_t>(rotation) * kMaxPlayers + static_cast<std::uint64_t>(entrant);
  return mix_seed(mix_seed(seed, static_cast<std::uint64_t>(deal)), stream);
}

ArenaResult run_arena(const ArenaOptions& o) {
  const std::shared_ptr<const Game> shared = make_game(o.rules);
  const Game& game = *shared;
  check_options(o, game);
  const int n = game.num_players();
  const auto start = Clock::now();

  std::vector<Totals> totals(static_cast<std::size_t>(o.threads));
  for (Totals& t : totals) t.times.resize(static_cast<std::size_t>(n));
  std::atomic<long long> next{0};
  std::atomic<long long> done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex, observer;

  auto work = [&](int worker) {
    try {
      Totals& mine = totals[static_cast<std::size_t>(worker)];
      for (long long d = next++; d < o.deals && !failed; d = next++) {
        mine.add(play_deal(o, shared, d, mine.times, observer), n);
        ++done;
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> workers;
  for (int t = 0; t < o.threads; ++t) workers.emplace_back(work, t);
  while (o.progress && done < o.deals && !failed) {
    o.progress(done);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (auto& w : workers) w.join();
  if (error) std::rethrow_exception(error);
  if (o.progress) o.progress(o.deals);

  // Whole-number sums: the same whatever the threads, and memory flat in the number of deals.
  ArenaResult result;
  result.deals = o.deals;
  result.hands = o.deals * n;
  result.unit = std::string(score_unit(o.rules.scoring));
  result.lower_is_better = false;  // signed_score: higher is better under every scoring
  for (int e = 0; e < n; ++e) {
    const auto i = static_cast<std::size_t>(e);
    ArenaEntrant entrant;
    entrant.kind = o.lineup[i];
    long long sum = 0;
    Int128 squares = 0;
    long long edge_sum = 0;
    Int128 edge_squares = 0;
    TimeHistogram times;
    for (const Totals& t : totals) {
      sum += t.sum[i];
      squares += t.squares[i];
      edge_sum += t.edge_sum[i];
      edge_squares += t.edge_squares[i];
      entrant.wins += t.wins[i];
      times.merge(t.times[i]);
    }
    entrant.total = sum;
    entrant.payout = interval_from_sums(o.deals, n, sum, squares);
    // The edge of a deal: the entrant's result less the table's mean, (n * payout - table) / n^2.
    entrant.edge = interval_from_sums(o.deals, n * n, edge_sum, edge_squares);
    entrant.times = times.summary();
    result.entrants.push_back(std::move(entrant));
  }
  for (const Totals& t : totals)
    for (int k = 0; k < kNumEndReasons; ++k) result.reasons[static_cast<std::size_t>(k)] += t.reasons[static_cast<std::size_t>(k)];
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace tonk
