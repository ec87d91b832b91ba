// `tonk sim`: bots play a session of N hands; per seat, the mean payout with a 95% confidence
// interval and the wins of each kind; as a table or as JSON.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "record_writer.h"
#include "rule_flags.h"
#include "seats.h"
#include "terminal.h"
#include "text_layout.h"
#include "tonk/bot.h"
#include "tonk/hand.h"
#include "tonk/rng.h"
#include "tonk/rule_options.h"
#include "tonk/session.h"

namespace tonk::cli {

namespace {

using Clock = std::chrono::steady_clock;

// The kinds of win counted per seat, in the order shown. A caught drop is a win of the catchers
// (Outcome::winners, S15b); a void deal has no winner and is counted for the table.
constexpr EndReason kWinKinds[] = {EndReason::kDealtTonk, EndReason::kTonkOut, EndReason::kOutByDiscard,
                                   EndReason::kDrop,      EndReason::kCaught,  EndReason::kStockExhausted,
                                   EndReason::kTurnLimit};
constexpr int kNumWinKinds = static_cast<int>(std::size(kWinKinds));

// The JSON key of a reason: its name with underscores ("out_by_discard").
std::string key_of(EndReason reason) {
  std::string key(to_string(reason));
  for (char& c : key)
    if (c == ' ') c = '_';
  return key;
}

// Running mean and variance of one seat's payouts (Welford), and its wins.
struct SeatStats {
  long long hands = 0;
  long long total = 0;
  double mean = 0;
  double m2 = 0;
  long long wins[kNumWinKinds] = {};

  void add(int payout) {
    ++hands;
    total += payout;
    const double delta = payout - mean;
    mean += delta / static_cast<double>(hands);
    m2 += delta * (payout - mean);
  }
  double stddev() const { return hands > 1 ? std::sqrt(m2 / static_cast<double>(hands - 1)) : 0.0; }
  /// Half the width of the 95% confidence interval of the mean (normal approximation).
  double half_width() const { return hands > 1 ? 1.96 * stddev() / std::sqrt(static_cast<double>(hands)) : 0.0; }
  long long all_wins() const {
    long long n = 0;
    for (long long w : wins) n += w;
    return n;
  }
};

// A progress bar on stderr, drawn at most ten times a second. With `always` it shows from the
// start; otherwise only on a terminal, and only once the run is going to take over ~2 seconds.
class ProgressBar {
 public:
  ProgressBar(long long total, bool always)
      : total_(total), always_(always), terminal_(is_terminal(STDERR_FILENO)), start_(Clock::now()) {}

  void update(long long done) {
    if (!always_ && !terminal_) return;
    const auto now = Clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    if (!shown_) {
      const double projected = done > 0 ? elapsed * static_cast<double>(total_) / static_cast<double>(done) : 0.0;
      if (!always_ && (elapsed < 0.5 || projected < 2.0)) return;
    } else if (now - last_ < std::chrono::milliseconds(100)) {
      return;
    }
    shown_ = true;
    last_ = now;
    draw(done, elapsed);
  }

  void finish() {
    if (!shown_) return;
    draw(total_, std::chrono::duration<double>(Clock::now() - start_).count());
    std::cerr << "\n";
  }

 private:
  void draw(long long done, double elapsed) const {
    constexpr int kWidth = 30;
    const double fraction = total_ > 0 ? static_cast<double>(done) / static_cast<double>(total_) : 1.0;
    const int filled = static_cast<int>(fraction * kWidth);
    const double left = done > 0 ? elapsed * static_cast<double>(total_ - done) / static_cast<double>(done) : 0.0;
    std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] "
              << pad_left(fixed(fraction * 100, 0), 3) << "%  " << done << "/" << total_ << " hands  " << fixed(left, 0)
              << " s left " << std::flush;
  }

  long long total_;
  bool always_;
  bool terminal_;
  bool shown_ = false;
  Clock::time_point start_;
  Clock::time_point last_;
};

struct SimResult {
  std::vector<SeatStats> seats;
  long long void_deals = 0;
  long long dead_hands = 0;
  double seconds = 0;
};

SimResult simulate(const SimOptions& o, const Game& game, RecordWriter& record) {
  const int n = game.num_players();
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;
  for (int p = 0; p < n; ++p) {
    owned.push_back(
        make_bot(o.bots[static_cast<std::size_t>(p)], mix_seed(o.seed, 100 + static_cast<std::uint64_t>(p))));
    bots.push_back(owned.back().get());
  }
  SimResult result;
  result.seats.resize(static_cast<std::size_t>(n));
  Session session(game, o.seed);
  ProgressBar progress(o.hands, o.progress);
  const auto start = Clock::now();
  for (long long h = 0; h < o.hands; ++h) {
    Hand hand = session.deal();
    play_out(hand, bots);  // bots are given views only
    session.finish(hand);
    const Outcome& out = hand.outcome();
    if (out.reason == EndReason::kVoidDeal) ++result.void_deals;
    if (out.reason == EndReason::kDeadHand) ++result.dead_hands;
    for (int p = 0; p < n; ++p) {
      SeatStats& s = result.seats[static_cast<std::size_t>(p)];
      s.add(out.payouts[p]);
      if (!out.is_winner(p)) continue;
      for (int k = 0; k < kNumWinKinds; ++k)
        if (kWinKinds[k] == out.reason) ++s.wins[k];
    }
    record.write(hand, static_cast<int>(h + 1));  // no-op without --record
    if ((h & 63) == 0) progress.update(h);
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  progress.finish();
  return result;
}

void print_json(const SimOptions& o, const Game& game, const std::vector<std::string>& names, const SimResult& r) {
  nlohmann::ordered_json j;
  j["hands"] = o.hands;
  j["seed"] = o.seed;
  j["players"] = game.num_players();
  j["rules"] = to_string(game.rules());
  j["seats"] = nlohmann::ordered_json::array();
  for (std::size_t p = 0; p < r.seats.size(); ++p) {
    const SeatStats& s = r.seats[p];
    nlohmann::ordered_json seat;
    seat["seat"] = p;
    seat["name"] = names[p];
    seat["bot"] = o.bots[p];
    seat["total"] = s.total;
    seat["mean"] = s.mean;
    if (s.hands > 1) {
      seat["stddev"] = s.stddev();
      seat["ci95"] = {s.mean - s.half_width(), s.mean + s.half_width()};
    } else {  // one hand has no spread to estimate
      seat["stddev"] = nullptr;
      seat["ci95"] = nullptr;
    }
    nlohmann::ordered_json wins;
    wins["total"] = s.all_wins();
    for (int k = 0; k < kNumWinKinds; ++k) wins[key_of(kWinKinds[k])] = s.wins[k];
    seat["wins"] = wins;
    j["seats"].push_back(seat);
  }
  j["void_deals"] = r.void_deals;
  j["dead_hands"] = r.dead_hands;
  j["seconds"] = r.seconds;
  j["hands_per_second"] = r.seconds > 0 ? static_cast<double>(o.hands) / r.seconds : 0.0;
  std::cout << j.dump(2) << "\n";
}

// One row of the results table: seat, bot, mean, CI, then the wins (total and by kind).
std::string table_row(std::string_view seat, std::string_view bot, std::size_t bot_width, std::string_view mean,
                      std::string_view ci, const std::string (&wins)[kNumWinKinds + 1]) {
  constexpr std::size_t kWinWidths[kNumWinKinds + 1] = {6, 6, 6, 7, 6, 7, 6};
  std::string row =
      pad_left(seat, 4) + "  " + pad_right(bot, bot_width) + "  " + pad_left(mean, 9) + "  " + pad_left(ci, 18);
  for (int k = 0; k <= kNumWinKinds; ++k) row += "  " + pad_left(wins[k], kWinWidths[k]);
  return row + "\n";
}

void print_table(const SimOptions& o, const Game& game, const std::vector<std::string>& names, const SimResult& r) {
  std::string lineup;
  for (std::size_t p = 0; p < names.size(); ++p) lineup += (p ? " vs " : "") + names[p];
  std::cout << o.hands << (o.hands == 1 ? " hand: " : " hands: ") << lineup << " (" << game.num_players()
            << " players, " << describe_changes(game.rules()) << "), seed " << o.seed << "\n\n";
  std::size_t width = 4;
  for (const auto& name : names) width = std::max(width, name.size());
  // Two header rows: the kinds of win have long names.
  std::cout << table_row("seat", "bot", width, "mean/hand", "95% CI",
                         {"wins", "dealt", "tonk", "out by", "drop", "caught", "stock", "turn"})
            << table_row("", "", width, "", "", {"", "tonk", "out", "discard", "", "dropper", "out", "limit"});
  for (std::size_t p = 0; p < r.seats.size(); ++p) {
    const SeatStats& s = r.seats[p];
    std::string ci = "n/a";  // one hand gives no spread to estimate
    if (o.hands > 1) {
      ci = std::string(1, '[').append(fixed(s.mean - s.half_width(), 3, true)).append(", ");
      ci.append(fixed(s.mean + s.half_width(), 3, true)).append("]");
    }
    std::string wins[kNumWinKinds + 1];
    wins[0] = std::to_string(s.all_wins());
    for (int k = 0; k < kNumWinKinds; ++k) wins[k + 1] = std::to_string(s.wins[k]);
    std::cout << table_row(std::to_string(p), names[p], width, fixed(s.mean, 3, true), ci, wins);
  }
  std::cout << "\nPayouts are in stakes per hand; 95% CI = mean ± 1.96·s/√n. Wins by kind: dealt tonk (S7),\n"
               "tonk out (S13), out by discard (S14), drop (S15a), caught dropper (S15b: the catchers win),\n"
               "stock out (S16), turn limit (I2).\n";
  std::cout << "void deals (S7): " << r.void_deals << ", dead hands: " << r.dead_hands << "\n";
  const double rate = r.seconds > 0 ? static_cast<double>(o.hands) / r.seconds : 0.0;
  std::cout << "speed: " << fixed(rate, 0) << " hands/s (" << o.hands << (o.hands == 1 ? " hand" : " hands") << " in "
            << fixed(r.seconds, 2) << " s)\n";
}

}  // namespace

int run_sim(const SimOptions& options) {
  const Game game(options.rules);
  const std::vector<std::string> names = seat_names(options.bots, /*human_first=*/false);
  RecordWriter record;
  try {
    if (!options.record_path.empty()) record = RecordWriter(options.record_path, names);
  } catch (const std::runtime_error& e) {  // nothing has run yet
    std::cerr << "tonk sim: " << e.what() << "\n";
    return 2;
  }
  const SimResult result = simulate(options, game, record);
  if (options.json) {
    print_json(options, game, names, result);
  } else {
    print_table(options, game, names, result);
  }
  return 0;
}

}  // namespace tonk::cli
