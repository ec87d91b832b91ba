// `tonk review RECORD [--hand N] [--seat S]`: where a seat's play in a recorded hand lost value
// (docs/REVIEW.md). For each decision with a choice: the fair search's value of the move played and
// of its best move from the seat's own view, the cost, mistakes marked; then, labelled hindsight,
// the same by the oracle that sees every card.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "review_json.h"
#include "text_layout.h"
#include "tonk/hand_review.h"
#include "tonk/input_file.h"
#include "tonk/outcome.h"
#include "tonk/record.h"

namespace tonk::cli {

namespace {

// One column's cells: the best move ("=" when the move played was as good as the best; otherwise
// the first best is named), its value, the cost.
std::string column_cells(const ReviewColumn& c) {
  const std::string best = c.played == c.best ? "=" : to_string(c.best_action());
  return pad_right(best, 18) + pad_left(fixed(c.best, 2, true), 7) + pad_left(fixed(c.cost(), 2), 7);
}

void print_review(std::ostream& out, const HandRecord& r, const HandReview& review, const ReviewOptions& o) {
  const std::string unit(score_unit(review.scoring));
  out << "hand " << r.number << ", seat " << review.seat << " (" << r.seats[review.seat] << ")"
      << (review.hand_over ? "" : ", unfinished") << "\n";
  out << "  fair: " << expert_kind(o.fair) << " from the seat's own view (no card it could not see)\n";
  if (review.hindsight)
    out << "  hindsight: oracle:" << o.hindsight_rollouts << ", every card known after the hand (not a fair standard)\n";
  out << "  values in " << unit << " per hand; a move costing more than " << fixed(o.mistake_threshold, 2)
      << " is a mistake (*)\n";
  out << "  turn  " << pad_right("played", 18) << pad_left("value", 7) << "  " << pad_right("fair best", 18) << pad_left("value", 7)
      << pad_left("cost", 7);
  if (review.hindsight) out << "  | " << pad_right("hindsight best", 18) << pad_left("value", 7) << pad_left("cost", 7);
  out << "\n";
  for (const DecisionReview& d : review.decisions) {
    out << (d.mistake ? "* " : "  ") << pad_left(std::to_string(d.turn), 4) << "  " << pad_right(to_string(d.played), 18)
        << pad_left(fixed(d.fair.played, 2, true), 7) << "  " << column_cells(d.fair);
    if (review.hindsight) out << "  | " << column_cells(d.hindsight);
    out << "\n";
  }
  out << "  " << review.decisions.size() << " decision" << (review.decisions.size() == 1 ? "" : "s") << " with a choice";
  if (review.forced) out << " (" << review.forced << " forced, not shown)";
  out << ", " << review.mistakes() << " mistake" << (review.mistakes() == 1 ? "" : "s") << ", total cost "
      << fixed(review.total_cost(), 2) << " " << unit << "\n";
  if (review.unreviewed)
    out << "  " << review.unreviewed << " later decision" << (review.unreviewed == 1 ? "" : "s")
        << " not reviewed: the time limit of " << o.time_limit_ms << " ms was reached\n";
}

}  // namespace

int run_review(const ReviewCommandOptions& options) {
  std::ifstream in;
  try {
    in = open_input_file(options.path);
  } catch (const InputFileError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  RecordReader reader(in);
  nlohmann::json reviews = nlohmann::json::array();
  int reviewed = 0;
  try {
    while (const std::optional<HandRecord> next = reader.next()) {
      const HandRecord& r = *next;
      if (options.hand && r.number != *options.hand) continue;
      if (options.seat >= static_cast<int>(r.seats.size())) {
        std::cerr << options.path << ":" << r.lines.game << ": hand " << r.number << " has " << r.seats.size()
                  << " seats (0 to " << r.seats.size() - 1 << "), not seat " << options.seat << "\n";
        return 1;
      }
      const Hand hand = replay(r);
      const HandReview review = review_hand(hand, options.seat, options.review);
      if (options.json)
        reviews.push_back(serve::review_json(review, hand.game(), r.number, r.seats[options.seat], options.review));
      else {
        if (reviewed > 0) std::cout << "\n";
        print_review(std::cout, r, review, options.review);
      }
      ++reviewed;
      if (options.hand) break;
    }
  } catch (const RecordError& e) {
    std::cout.flush();
    std::cerr << options.path << ":";
    if (e.line() > 0) std::cerr << e.line() << ":";
    std::cerr << " " << e.what() << "\n";
    return 1;
  }
  if (reviewed == 0) {
    std::cerr << options.path << ": "
              << (options.hand ? "no hand " + std::to_string(*options.hand) + " in the record"
                               : std::string("no hand in the record (a hand starts with [Game \"Tonk\"])"))
              << "\n";
    return 1;
  }
  if (options.json) std::cout << nlohmann::json{{"file", options.path}, {"reviews", reviews}}.dump(2) << "\n";
  return 0;
}

}  // namespace tonk::cli
