// `tonk sim`: bots play a session of N hands; per seat, the mean payout with a 95% confidence
// interval and the wins of each kind; as a table or as JSON.
//
// The session's rules apply: the ledger's result per hand is the payout doubled in The Big One (the
// last big_one_hands of the N hands, V22) plus the side bets (V23a, V23b), in the table's unit (stakes,
// units, points). Under push-ups (V15) the statistics are of minus the push-ups scored per hand, so
// that higher is better for a seat as in every other unit; with a pushup_limit, a new session starts
// (cut and seed of its own) each time one ends, and the sessions finished are counted with their
// winners.
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "end_reason_key.h"
#include "progress_bar.h"
#include "record_writer.h"
#include "stop_signal.h"
#include "rule_flags.h"
#include "seats.h"
#include "text_layout.h"
#include "tonk/bot_factory.h"
#include "tonk/hand.h"
#include "tonk/record.h"
#include "tonk/rng.h"
#include "tonk/rule_options.h"
#include "tonk/session.h"
#include "tonk/table.h"

namespace tonk::cli {

namespace {

using Clock = std::chrono::steady_clock;

// The kinds of win counted per seat, in the order shown. A caught drop is a win of the catchers
// (Outcome::winners, S15b); a void deal has no winner and is counted for the table.
constexpr EndReason kWinKinds[] = {EndReason::kDealtTonk, EndReason::kTonkOut, EndReason::kOutByDiscard,
                                   EndReason::kDrop,      EndReason::kCaught,  EndReason::kStockExhausted,
                                   EndReason::kTurnLimit};
constexpr int kNumWinKinds = static_cast<int>(std::size(kWinKinds));

// Running mean and variance of one seat's result per hand (Welford): stakes booked in the ledger,
// or push-up points (V15); its wins, side bets and sessions won.
struct SeatStats {
  long long hands = 0;
  long long total = 0;
  double mean = 0;
  double m2 = 0;
  long long wins[kNumWinKinds] = {};
  long long side = 0;          // V23a, V23b: net from the side bets, in stakes (included in total)
  long long sessions_won = 0;  // V15: finished sessions with this seat at the lowest total (ties: each)

  void add(long long payout) {
    ++hands;
    total += payout;
    const double delta = static_cast<double>(payout) - mean;
    mean += delta / static_cast<double>(hands);
    m2 += delta * (static_cast<double>(payout) - mean);
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

struct SimResult {
  std::vector<SeatStats> seats;
  long long void_deals = 0;
  long long dead_hands = 0;
  double seconds = 0;
  long long sessions = 0;       // V15: sessions finished (reached the limit, or the N hands)
  long long session_hands = 0;  // hands played in the finished sessions
  long long naturals_pot = 0;   // V23b: the pot left after the last hand
  long long hands = 0;          // hands played: fewer than asked when a signal stopped the run
};

// True when the sim counts sessions: push-ups, whose lowest total wins a session (V15).
bool counts_sessions(const Game& game) { return game.rules().scoring == Scoring::kPushups; }

// True when the ledger has side bets (V23a, V23b).
bool has_side_bets(const Game& game) { return game.rules().suit_bet > 0 || game.rules().naturals_bet > 0; }

SimResult simulate(const SimOptions& o, const std::shared_ptr<const Game>& shared, const std::vector<std::string>& names,
                   RecordWriter& record) {
  const Game& game = *shared;
  const int n = game.num_players();
  std::vector<Seat> seats;
  for (int p = 0; p < n; ++p)
    seats.push_back({names[static_cast<std::size_t>(p)],
                     make_bot(o.bots[static_cast<std::size_t>(p)], mix_seed(o.seed, 100 + static_cast<std::uint64_t>(p)))});
  SimResult result;
  result.seats.resize(static_cast<std::size_t>(n));
  // The N hands are one session of planned length N (V22), except under push-ups with a limit
  // (V15): then each session is open-ended and a new one starts when one ends.
  const bool limited = game.rules().scoring == Scoring::kPushups && game.rules().pushup_limit > 0;
  const int planned = limited ? 0 : static_cast<int>(o.hands);
  Table table(shared, std::move(seats), {o.seed, -1, planned});  // nobody listens: no view is rendered
  long long sessions_started = 1;
  ProgressBar progress(o.hands, "hands", o.progress);
  const auto start = Clock::now();
  for (long long h = 0; h < o.hands; ++h) {
    if (stop_requested()) break;  // SIGINT, SIGTERM: the results of the hands played
    result.hands = h + 1;
    if (table.session().is_over())  // the first session keeps the run's seed; later ones mix in their number
      table.new_session({mix_seed(o.seed, 1000 + static_cast<std::uint64_t>(sessions_started++)), -1, planned});
    table.deal();
    table.run_bots();  // bots are given views only; the table books the hand when it ends
    const Session& session = table.session();
    const HandLedger& booked = session.last_hand();
    const Outcome& out = table.hand()->outcome();
    if (out.reason == EndReason::kVoidDeal) ++result.void_deals;
    if (out.reason == EndReason::kDeadHand) ++result.dead_hands;
    for (int p = 0; p < n; ++p) {
      SeatStats& s = result.seats[static_cast<std::size_t>(p)];
      // Signed so that higher is better (as signed_score): minus the push-ups scored under V15.
      s.add(counts_sessions(game) ? -booked.points[p] : booked.payouts[p] + booked.side.net[p]);
      s.side += booked.side.net[p];
      if (!out.is_winner(p)) continue;
      for (int k = 0; k < kNumWinKinds; ++k)
        if (kWinKinds[k] == out.reason) ++s.wins[k];
    }
    if (counts_sessions(game) && session.is_over()) {  // V15: the lowest total wins; a tie counts for each
      ++result.sessions;
      result.session_hands += session.hands_played();
      for (int p = 0; p < n; ++p)
        if ((session.leaders() >> p) & 1) ++result.seats[static_cast<std::size_t>(p)].sessions_won;
    }
    result.naturals_pot = session.naturals_pot();
    record.write(*table.hand(), booked.number, session_tags(booked));  // no-op without --record
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
  j["unit"] = score_unit(game.rules().scoring);  // of total and mean, higher better (V15: minus the push-ups)
  if (counts_sessions(game)) {
    j["sessions"] = r.sessions;
    j["hands_per_session"] = nullptr;  // no session finished
    if (r.sessions > 0)
      j["hands_per_session"] = static_cast<double>(r.session_hands) / static_cast<double>(r.sessions);
  }
  if (game.rules().naturals_bet > 0) j["naturals_pot"] = r.naturals_pot;
  j["seats"] = nlohmann::ordered_json::array();
  for (std::size_t p = 0; p < r.seats.size(); ++p) {
    const SeatStats& s = r.seats[p];
    nlohmann::ordered_json seat;
    seat["seat"] = p;
    seat["name"] = names[p];
    seat["bot"] = o.bots[p];
    seat["total"] = s.total;
    seat["mean"] = s.mean;
    if (has_side_bets(game)) seat["side"] = s.side;
    if (counts_sessions(game)) seat["sessions_won"] = s.sessions_won;
    if (s.hands > 1) {
      seat["stddev"] = s.stddev();
      seat["ci95"] = {s.mean - s.half_width(), s.mean + s.half_width()};
    } else {  // one hand has no spread to estimate
      seat["stddev"] = nullptr;
      seat["ci95"] = nullptr;
    }
    nlohmann::ordered_json wins;
    wins["total"] = s.all_wins();
    for (int k = 0; k < kNumWinKinds; ++k) wins[end_reason_key(kWinKinds[k])] = s.wins[k];
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
            << " players, " << describe_changes(game.rules(), o.rules_base) << "), seed " << o.seed << "\n\n";
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
  if (counts_sessions(game))
    std::cout << "\nResults are push-ups per hand, negative (V15: minus the push-ups scored), so higher is better;\n";
  else
    std::cout << "\nResults are in " << score_unit(game.rules().scoring) << " per hand, higher is better; ";
  std::cout << "95% CI = mean ± 1.96·s/√n. Wins by kind: dealt tonk (S7),\n"
               "tonk out (S13), out by discard (S14), drop (S15a), caught dropper (S15b: the catchers win),\n"
               "stock out (S16), turn limit (I2).\n";
  const Rules& rules = game.rules();
  if (rules.big_one_hands > 0)
    std::cout << "The Big One (V22): the last " << std::min<long long>(rules.big_one_hands, o.hands)
              << " hands were at double stakes.\n";
  if (has_side_bets(game)) {
    std::cout << "Side bets (V23a, V23b), included in the payouts:";
    for (std::size_t p = 0; p < r.seats.size(); ++p)
      std::cout << (p ? ", " : " ") << "seat " << p << " " << (r.seats[p].side > 0 ? "+" : "") << r.seats[p].side;
    if (rules.naturals_bet > 0) std::cout << "; naturals pot left " << r.naturals_pot;
    std::cout << "\n";
  }
  if (counts_sessions(game)) {
    std::cout << "Sessions (V15"
              << (rules.pushup_limit > 0 ? ", to " + std::to_string(rules.pushup_limit) + " points" : "")
              << "): " << r.sessions << " finished";
    if (r.sessions > 0)
      std::cout << ", " << fixed(static_cast<double>(r.session_hands) / static_cast<double>(r.sessions), 1)
                << " hands each";
    std::cout << "; won (the lowest total, a tie counts for each):";
    for (std::size_t p = 0; p < r.seats.size(); ++p)
      std::cout << (p ? ", " : " ") << "seat " << p << " " << r.seats[p].sessions_won;
    std::cout << "\n";
  }
  std::cout << "void deals (S7): " << r.void_deals << ", dead hands: " << r.dead_hands << "\n";
  const double rate = r.seconds > 0 ? static_cast<double>(o.hands) / r.seconds : 0.0;
  std::cout << "speed: " << fixed(rate, 0) << " hands/s (" << o.hands << (o.hands == 1 ? " hand" : " hands") << " in "
            << fixed(r.seconds, 2) << " s)\n";
}

}  // namespace

int run_sim(const SimOptions& options) {
  const std::shared_ptr<const Game> shared = make_game(options.rules);
  const Game& game = *shared;
  const std::vector<std::string> names = seat_names(options.bots, /*human_first=*/false);
  RecordWriter record;
  try {
    if (!options.record.path.empty()) record = RecordWriter(options.record, names);
  } catch (const std::runtime_error& e) {  // nothing has run yet
    std::cerr << "tonk sim: " << e.what() << "\n";
    return 2;
  }
  const SimResult result = simulate(options, shared, names, record);
  SimOptions played = options;  // a signal may have stopped the run early
  played.hands = result.hands;
  if (stop_requested())
    std::cerr << "tonk sim: stopped by a signal after " << result.hands << " of " << options.hands
              << " hands; the results are of those\n";
  if (result.hands > 0) {
    if (options.json) {
      print_json(played, game, names, result);
    } else {
      print_table(played, game, names, result);
    }
  }
  if (stop_requested()) return 128 + stop_signal();
  return record.failed() ? 1 : 0;  // the results are printed, but the record is not whole
}

}  // namespace tonk::cli
