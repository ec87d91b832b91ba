#include "seats.h"

#include <algorithm>

#include "rule_flags.h"
#include "tonk/bot.h"

namespace tonk::cli {

std::vector<std::string> parse_bot_list(std::string_view text) {
  std::vector<std::string> bots;
  const auto known = bot_kinds();
  std::string known_list;
  for (std::string_view k : known) known_list += (known_list.empty() ? "" : ", ") + std::string(k);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string kind(text.substr(start, comma - start));
    kind.erase(0, kind.find_first_not_of(' '));
    kind.erase(kind.find_last_not_of(' ') + 1);
    if (kind.empty())
      throw UsageError("--bots: empty bot name in '" + std::string(text) + "' (known: " + known_list + ")");
    if (std::find(known.begin(), known.end(), kind) == known.end())
      throw UsageError("--bots: unknown bot '" + kind + "' (known: " + known_list + ")");
    bots.push_back(kind);
    start = comma + 1;
  }
  return bots;
}

std::vector<std::string> fit_bot_list(std::vector<std::string> bots, int count, std::string_view what) {
  if (bots.size() == 1) return std::vector<std::string>(static_cast<std::size_t>(count), bots[0]);
  if (static_cast<int>(bots.size()) != count)
    throw UsageError("--bots lists " + std::to_string(bots.size()) + " bots but the table has " +
                     std::to_string(count) + " " + std::string(what));
  return bots;
}

std::vector<std::string> seat_names(std::span<const std::string> bots, bool human_first) {
  std::vector<std::string> names;
  if (human_first) names.push_back("you");
  for (std::size_t i = 0; i < bots.size(); ++i) {
    const auto same = std::count(bots.begin(), bots.end(), bots[i]);
    if (same == 1) {
      names.push_back(bots[i]);
      continue;
    }
    const auto nth = std::count(bots.begin(), bots.begin() + static_cast<std::ptrdiff_t>(i), bots[i]) + 1;
    names.push_back(bots[i] + std::to_string(nth));
  }
  return names;
}

}  // namespace tonk::cli
