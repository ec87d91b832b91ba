// tonk_fit_bot_ratings: the bots' published ratings from the arena's pairs (scripts/bot_ratings.sh
// prints them: "A B HANDS WINS_A WINS_B" a line). At 2 players a hand is won by the seat paid (S4),
// and a hand both or neither won paid nothing, so A's pairwise score by payout (rated_hand.h) over
// the match is (HANDS + WINS_A - WINS_B) / 2. The five levels a person chooses (beginner to expert) are
// fitted together (fit_ratings, medium anchored at 1500); random, which is not a level, is then rated
// against them as fixed opponents, so that its games (which the search bots' opponent model misreads)
// do not move the levels. Prints a Markdown table and the lines of src/rating/bot_ratings.cc.
// Usage: tonk_fit_bot_ratings [PERIODS] < pairs.txt
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <sstream>
#include <string>
#include <vector>

#include "tonk/bot_ratings.h"

int main(int argc, char** argv) {
  const std::vector<std::string> levels{"random", "beginner", "easy", "medium", "hard", "expert"};
  int periods = 50;
  const auto index = [&](const std::string& name) {
    for (std::size_t i = 0; i < levels.size(); ++i)
      if (levels[i] == name) return static_cast<int>(i);
    throw std::invalid_argument("unknown level " + name);
  };
  std::vector<tonk::PairTally> tallies;
  std::string line;
  try {
    if (argc > 1) {
      std::istringstream in(argv[1]);
      if (!(in >> periods) || !in.eof()) throw std::invalid_argument(std::string("PERIODS is not a whole number: ") + argv[1]);
    }
    while (std::getline(std::cin, line)) {
      std::istringstream in(line);
      std::string a, b;
      long long hands = 0, wins_a = 0, wins_b = 0;
      if (!(in >> a >> b >> hands >> wins_a >> wins_b)) throw std::invalid_argument("cannot read the line \"" + line + "\"");
      tallies.push_back({index(a), index(b), hands, static_cast<double>(hands + wins_a - wins_b) / 2});
      std::printf("%-8s vs %-8s %6lld hands, %s scores %.4f\n", a.c_str(), b.c_str(), hands, a.c_str(),
                  tallies.back().score_a / static_cast<double>(hands));
    }
    // The levels: every pair without random.
    std::vector<tonk::PairTally> among_levels;
    for (const tonk::PairTally& t : tallies)
      if (t.a != index("random") && t.b != index("random")) among_levels.push_back(t);
    auto ratings = tonk::fit_ratings(static_cast<int>(levels.size()), among_levels, index("medium"), 1500, periods);
    // Random against the fitted levels, held fixed.
    ratings[index("random")] = tonk::rate_against_field(tallies, index("random"), ratings, periods);
    std::printf("\n| level | rating | deviation |\n|---|---|---|\n");
    for (std::size_t i = 0; i < levels.size(); ++i)
      std::printf("| `%s` | %.0f | %.0f |\n", levels[i].c_str(), ratings[i].rating, ratings[i].deviation);
    std::printf("\n");
    for (std::size_t i = 0; i < levels.size(); ++i)
      std::printf("    BotRating{\"%s\", %.0f, %.0f},\n", levels[i].c_str(), ratings[i].rating, ratings[i].deviation);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tonk_fit_bot_ratings: %s\n", e.what());
    return 1;
  }
  return 0;
}
