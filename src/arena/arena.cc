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

// What one deal gave each entrant, summed over its rotations.
struct DealResult {
  std::array<int, kMaxPlayers> payout{};
  std::array<int, kMaxPlayers> wins{};
  std::array<int, kNumEndReasons> reasons{};
};

// One worker's decision times, per entrant, in ms.
using TimeLog = std::vector<std::vector<float>>;

DealResult play_deal(const ArenaOptions& o, const std::shared_ptr<const Game>& shared, long long deal, TimeLog& times,
                     std::mutex& observer) {
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
      times[static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)])].push_back(
          std::chrono::duration<float, std::milli>(stop - start).count());
      hand.apply(action);  // checked: a bot's illegal action throws IllegalAction
    }
    const Outcome& out = hand.outcome();
    ++result.reasons[static_cast<std::size_t>(out.reason)];
    for (int seat = 0; seat < n; ++seat) {
      const auto e = static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)]);
      result.payout[e] += out.payouts[seat];
      result.wins[e] += out.is_winner(seat) ? 1 : 0;
    }
    if (o.on_hand) {
      const std::lock_guard<std::mutex> lock(observer);
      o.on_hand(ArenaHand{deal, r, entrant_of_seat, &plan.deck, plan.dealer, out});
    }
  }
  return result;
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

  std::vector<DealResult> deals(static_cast<std::size_t>(o.deals));
  std::vector<TimeLog> logs(static_cast<std::size_t>(o.threads), TimeLog(static_cast<std::size_t>(n)));
  std::atomic<long long> next{0};
  std::atomic<long long> done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex, observer;

  auto work = [&](int worker) {
    try {
      for (long long d = next++; d < o.deals && !failed; d = next++) {
        deals[static_cast<std::size_t>(d)] = play_deal(o, shared, d, logs[static_cast<std::size_t>(worker)], observer);
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

  // Reduced in deal order, so the sums (and their rounding) do not depend on the threads.
  ArenaResult result;
  result.deals = o.deals;
  result.hands = o.deals * n;
  std::vector<double> samples(static_cast<std::size_t>(o.deals));
  for (int e = 0; e < n; ++e) {
    ArenaEntrant entrant;
    entrant.kind = o.lineup[static_cast<std::size_t>(e)];
    for (std::size_t d = 0; d < deals.size(); ++d) {
      samples[d] = static_cast<double>(deals[d].payout[static_cast<std::size_t>(e)]) / n;
      entrant.total += deals[d].payout[static_cast<std::size_t>(e)];
      entrant.wins += deals[d].wins[static_cast<std::size_t>(e)];
    }
    entrant.payout = mean_interval(samples);
    std::vector<float> times;
    for (const TimeLog& log : logs)
      times.insert(times.end(), log[static_cast<std::size_t>(e)].begin(), log[static_cast<std::size_t>(e)].end());
    entrant.times = summarize_times(times);
    result.entrants.push_back(std::move(entrant));
  }
  for (const DealResult& d : deals)
    for (int k = 0; k < kNumEndReasons; ++k) result.reasons[static_cast<std::size_t>(k)] += d.reasons[static_cast<std::size_t>(k)];
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace tonk
