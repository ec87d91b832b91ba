#include "tonk/fair_record.h"

#include <algorithm>
#include <stdexcept>

#include "tonk/game.h"
#include "tonk/quoted_text.h"
#include "tonk/session.h"

namespace tonk {

namespace {

constexpr std::string_view kVersionLine = "# fair: ";
constexpr std::string_view kSeedLine = "# fair-seed: ";
constexpr std::string_view kCommitmentLine = "# fair-commitment: ";
constexpr std::string_view kContributionLine = "# fair-contribution: ";
constexpr std::string_view kAbandonedLine = "# fair-abandoned: ";

// The value after `prefix` when `line` starts with it, without trailing blanks or CR.
std::optional<std::string> value_of(std::string_view line, std::string_view prefix) {
  if (line.substr(0, prefix.size()) != prefix) return std::nullopt;
  std::string v(line.substr(prefix.size()));
  while (!v.empty() && (v.back() == '\r' || v.back() == ' ')) v.pop_back();
  return v;
}

}  // namespace

std::string write_fair_lines(const FairLines& fair) {
  std::vector<Contribution> by_seat = fair.contributions;
  std::stable_sort(by_seat.begin(), by_seat.end(), [](const Contribution& a, const Contribution& b) { return a.seat < b.seat; });
  std::string text = std::string(kVersionLine) + fair.version + "\n" + std::string(kSeedLine) + fair.seed + "\n" +
                     std::string(kCommitmentLine) + fair.commitment + "\n";
  for (const Contribution& c : by_seat) text += std::string(kContributionLine) + std::to_string(c.seat) + ":" + c.entropy + "\n";
  if (!fair.abandoned.empty()) text += std::string(kAbandonedLine) + fair.abandoned + "\n";
  return text;
}

std::vector<std::optional<FairLines>> find_fair_lines(std::string_view text, const std::vector<HandRecord>& records) {
  std::vector<FairLines> groups;
  std::int64_t number = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++number;
    if (auto v = value_of(line, kVersionLine)) {
      groups.push_back({*v, "", "", {}, "", number});
    } else if (groups.empty()) {
      continue;
    } else if (auto seed = value_of(line, kSeedLine)) {
      groups.back().seed = *seed;
    } else if (auto commitment = value_of(line, kCommitmentLine)) {
      groups.back().commitment = *commitment;
    } else if (auto reason = value_of(line, kAbandonedLine)) {
      groups.back().abandoned = reason->empty() ? "ended" : *reason;
    } else if (auto c = value_of(line, kContributionLine)) {
      const auto colon = c->find(':');
      if (colon != 1 || (*c)[0] < '0' || (*c)[0] > '7') throw RecordError(number, "a fair-contribution is SEAT:HEX");
      groups.back().contributions.push_back({(*c)[0] - '0', c->substr(colon + 1)});
    }
  }
  std::vector<std::optional<FairLines>> found;
  std::int64_t previous = 0;  // the previous hand's [Game] line
  std::size_t g = 0;
  for (const HandRecord& r : records) {
    std::optional<FairLines> fair;
    for (; g < groups.size() && groups[g].line < r.lines.game; ++g)
      if (groups[g].line > previous) fair = groups[g];
    previous = r.lines.game;
    found.push_back(std::move(fair));
  }
  return found;
}

std::optional<std::string> why_not_fair(const FairLines& fair, const HandRecord& record) {
  if (fair.version != kFairVersion) return "unknown derivation " + quoted_text(fair.version);
  if (!is_hex(fair.seed, 64, 64)) return "the seed is not 64 hex digits";
  for (const Contribution& c : fair.contributions)
    if (!is_hex(c.entropy, 2, 64)) return "a contribution is not 2 to 64 hex digits";
  const std::string commitment = fair_commitment(fair.seed);
  if (commitment != fair.commitment) return "SHA-256 of the seed is " + commitment + ", not the commitment " + quoted_text(fair.commitment);
  const std::string digest = deal_digest(fair.seed, record.number, fair.contributions);
  const auto game = make_game(record.rules);
  if (fair_deck(*game, digest) != record.deck) return "the deck dealt is not the one the seed and the contributions give";
  if (record.number == 1 && Session(game, fair_session_seed(digest)).dealer() != record.dealer)
    return "the first dealer is not the cut of the derived session seed (S5)";
  const Hand played = replay(record);  // the hand played from that deck is legal and its result is right
  if (!fair.abandoned.empty() && played.is_over())
    return "marked abandoned (" + quoted_text(fair.abandoned) + ") but the hand is finished";
  return std::nullopt;
}

}  // namespace tonk
