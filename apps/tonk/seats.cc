#include "seats.h"

#include <algorithm>

#include "rule_flags.h"
#include "tonk/bot_factory.h"
#include "tonk/oracle_bot.h"
#include "tonk/quoted_text.h"

namespace tonk::cli {

namespace {

// The base name of a kind: "mc" for "mc:200".
std::string_view base_of(std::string_view kind) { return kind.substr(0, kind.find(':')); }

bool listed(std::span<const std::string_view> kinds, std::string_view base) {
  return std::find(kinds.begin(), kinds.end(), base) != kinds.end();
}

}  // namespace

std::vector<std::string> parse_bot_list(std::string_view text, bool allow_omniscient) {
  std::vector<std::string> bots;
  std::string known_list;
  for (std::string_view k : bot_kinds()) known_list += (known_list.empty() ? "" : ", ") + std::string(k);
  known_list += ", mc:N (N worlds per decision), mc:Nms (N ms per decision), expert:OPTIONS (docs/BOTS.md)";
  if (allow_omniscient)
    for (std::string_view k : omniscient_kinds()) known_list += ", " + std::string(k) + ", " + std::string(k) + ":N";
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string kind(text.substr(start, comma - start));
    kind.erase(0, kind.find_first_not_of(' '));
    kind.erase(kind.find_last_not_of(' ') + 1);
    if (kind.empty())
      throw UsageError("--bots: empty bot name in " + quoted_text(text) + " (known: " + known_list + ")");
    const bool omniscient = allow_omniscient && listed(omniscient_kinds(), base_of(kind));
    if (!omniscient && !listed(bot_kinds(), base_of(kind)))
      throw UsageError("--bots: unknown bot " + quoted_text(kind) + " (known: " + known_list + ")");
    try {  // builds it once, to check the budget of "mc:200" and the like
      // A budget is written the bot's way ("mc:0200" is "mc:200"): the kind names the seat, and a
      // seat name must fit a record (kMaxSeatName bytes), however many zeros were typed.
      const std::string made = omniscient ? std::string(make_omniscient_player(kind, 0)->name())
                                          : std::string(make_bot(kind, 0)->name());
      if (kind.find(':') != std::string::npos) kind = made;
    } catch (const std::invalid_argument& e) {
      throw UsageError("--bots: " + std::string(e.what()));
    }
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
