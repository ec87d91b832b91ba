// `tonk replay FILE [--quiet]`: checks a game record (docs/RECORDS.md) hand by hand and prints how
// each hand ended, each player's count and payout, and the totals over the session. With --quiet it
// prints only errors: the exit code tells whether the record replays.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "text_layout.h"
#include "tonk/game.h"
#include "tonk/input_file.h"
#include "tonk/record.h"
#include "tonk/session.h"

namespace tonk::cli {

namespace {

std::string signed_text(long long v) {
  std::string out = v > 0 ? "+" : "";
  return out.append(std::to_string(v));
}

std::string who(const HandRecord& r, int p) { return "seat " + std::to_string(p) + " (" + r.seats[p] + ")"; }

// The winners of a finished hand, "seat 1 (greedy)" or "seat 0 (a) and seat 2 (c)".
std::string winners(const HandRecord& r, const Outcome& o) {
  std::string out;
  for (int p = 0; p < static_cast<int>(r.seats.size()); ++p)
    if (o.is_winner(p)) {
      if (!out.empty()) out += " and ";
      out += who(r, p);
    }
  return out.empty() ? "nobody" : out;
}

// How the hand ended, and who ended it, in one line.
std::string ending(const HandRecord& r, const Hand& hand) {
  if (!hand.is_over()) return "unfinished after " + std::to_string(r.moves.size()) + " moves: " +
                              who(r, hand.current_player()) + " to move";
  const Outcome& o = hand.outcome();
  const std::string reason(to_string(o.reason));
  switch (o.reason) {
    case EndReason::kDealtTonk: return reason + ": " + who(r, o.player) + " was dealt a tonk (S7)";
    case EndReason::kVoidDeal: return reason + ": two or more dealt tonks, no payments (S7)";
    case EndReason::kTonkOut: return reason + ": " + who(r, o.player) + " went out with no final discard (S13)";
    case EndReason::kOutByDiscard: return reason + ": " + who(r, o.player) + " went out with the final discard (S14)";
    case EndReason::kDrop: return reason + ": " + who(r, o.player) + " dropped with the lowest count (S15a)";
    case EndReason::kCaught:
      return reason + ": " + who(r, o.player) + " dropped and was caught; lowest: " + winners(r, o) + " (S15b)";
    case EndReason::kStockExhausted:
      return reason + ": " + who(r, o.player) + " would have drawn from the empty stock; lowest: " + winners(r, o) +
             " (S16)";
    case EndReason::kTurnLimit:
      return reason + ": the hand reached its turn limit; lowest: " + winners(r, o) + " (I2, paid as S16)";
    case EndReason::kDeadHand: return reason + ": no payments";
    case EndReason::kNone: break;
  }
  return reason;
}

const char* suit_name(Suit suit) {
  static constexpr const char* kNames[] = {"clubs", "diamonds", "hearts", "spades"};
  return kNames[static_cast<int>(suit)];
}

// True when the record carries side bets to settle (V23a, V23b).
bool has_side_bets(const HandRecord& r) { return r.side_suit.has_value() || r.pot.has_value(); }

// The side bets of a finished hand, one line each (V23a, V23b).
void print_side_bets(std::ostream& out, const HandRecord& r, const SideBets& side) {
  const int n = static_cast<int>(r.seats.size());
  if (side.suit) {
    out << "  suit bet (V23a): " << suit_name(*side.suit) << " named; ";
    if (side.suit_high.player >= 0)
      out << who(r, side.suit_high.player) << " holds the highest, " << to_string(side.suit_high.card)
          << ", and takes the pot of " << static_cast<long long>(n) * r.rules.suit_bet << "\n";
    else
      out << "nobody was dealt one, so the bets are returned\n";
  }
  if (r.pot) {
    const long long pot = side.pot_before + static_cast<long long>(n) * r.rules.naturals_bet;
    out << "  naturals (V23b): the pot is " << pot << " (" << side.pot_before << " carried in); ";
    if (side.naturals_winner >= 0)
      out << who(r, side.naturals_winner) << " laid the first book and takes it\n";
    else
      out << "no book was laid, so it carries over\n";
  }
}

void print_hand(std::ostream& out, const HandRecord& r, const Hand& hand) {
  out << "hand " << r.number << ", dealer " << who(r, r.dealer) << "\n";
  out << "  " << ending(r, hand) << "\n";
  if (r.stake != 1) out << "  The Big One: double stakes, the ledger books " << r.stake << "x the payouts (V22)\n";
  SideBets side;
  const bool sides = hand.is_over() && has_side_bets(r);
  if (sides) {
    side = settle_side_bets(hand, r.side_suit, r.pot.value_or(0));
    print_side_bets(out, r, side);
  }
  const bool pushups = r.rules.scoring == Scoring::kPushups;
  std::size_t width = 0;
  for (const std::string& name : r.seats) width = std::max(width, name.size());
  for (int p = 0; p < static_cast<int>(r.seats.size()); ++p) {
    out << "  seat " << p << "  " << pad_right(r.seats[p], width);
    if (hand.is_over()) {
      const Outcome& o = hand.outcome();
      out << "  count " << pad_left(std::to_string(o.counts[p]), 3);
      if (pushups) {
        out << "  points " << pad_left(std::to_string(o.points[p]), 3);  // V15
      } else {
        out << "  payout " << pad_left(signed_text(o.payouts[p]), 3);
        if (r.stake != 1) out << "  x" << r.stake << " " << pad_left(signed_text(o.payouts[p] * r.stake), 3);
        if (sides) out << "  side " << pad_left(signed_text(side.net[p]), 3);
      }
    }
    out << "\n";
  }
}

void report(const std::string& path, const RecordError& e) {
  std::cerr << path << ":";
  if (e.line() > 0) std::cerr << e.line() << ":";
  std::cerr << " " << e.what() << "\n";
}

}  // namespace

int run_replay(const std::string& path, bool quiet) {
  // Streamed: each hand is replayed and printed as soon as it is read, so memory does not grow with
  // the file and an error is reported when its line is reached.
  std::ifstream in;
  try {
    in = open_input_file(path);
  } catch (const InputFileError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  RecordReader reader(in);

  // The session's ledger (S17): payouts times the stake (V22) plus the side bets (V23); or the
  // push-up points (V15).
  std::array<long long, kMaxPlayers> totals{};
  bool pushups = false;
  std::optional<long long> pot_left;  // V23b: the naturals pot after the last hand that has one
  std::array<std::string, kMaxPlayers> names;
  std::array<bool, kMaxPlayers> same_name{};
  same_name.fill(true);
  int seats = 0;
  long long hands = 0;
  long long finished = 0;
  while (true) {
    try {
      const std::optional<HandRecord> next = reader.next();
      if (!next) break;
      const HandRecord& r = *next;
      ++hands;
      const Hand hand = replay(r);
      if (!quiet) {
        print_hand(std::cout, r, hand);
        std::cout << "\n";
      }
      if (hand.is_over()) ++finished;
      pushups = pushups || r.rules.scoring == Scoring::kPushups;
      SideBets side;
      if (hand.is_over() && has_side_bets(r)) {
        side = settle_side_bets(hand, r.side_suit, r.pot.value_or(0));
        if (r.pot) pot_left = side.pot_after;
      }
      for (int p = 0; p < static_cast<int>(r.seats.size()); ++p) {
        const Outcome& o = hand.outcome();
        if (r.rules.scoring == Scoring::kPushups)
          totals[p] += o.points[p];
        else
          totals[p] += static_cast<long long>(o.payouts[p]) * r.stake + side.net[p];
        if (p >= seats) names[p] = r.seats[p];
        else if (names[p] != r.seats[p]) same_name[p] = false;
      }
      seats = std::max(seats, static_cast<int>(r.seats.size()));
    } catch (const RecordError& e) {
      std::cout.flush();
      report(path, e);
      return 1;
    }
  }

  if (hands == 0) {
    std::cerr << path << ": no hand in the record (a hand starts with [Game \"Tonk\"])\n";
    return 1;
  }
  if (quiet) return 0;  // --quiet: only errors are printed
  std::cout << (pushups ? "total points over " : "total over ") << hands << (hands == 1 ? " hand" : " hands");
  if (finished != hands) std::cout << " (" << finished << " finished)";
  std::cout << "\n";
  std::size_t width = 0;
  for (int p = 0; p < seats; ++p) width = std::max(width, same_name[p] ? names[p].size() : 0);
  for (int p = 0; p < seats; ++p)
    std::cout << "  seat " << p << "  " << pad_right(same_name[p] ? names[p] : "", width) << "  "
              << pad_left(pushups ? std::to_string(totals[p]) : signed_text(totals[p]), 4) << "\n";
  if (pushups) std::cout << "push-ups (V15): the lowest total wins\n";
  if (pot_left) std::cout << "naturals pot left after the last hand: " << *pot_left << " (V23b)\n";
  return 0;
}

}  // namespace tonk::cli
