// The fair-deal lines of a served hand's record (docs/RECORDS.md "Fair-deal lines"): comment lines
// right before the hand's [Game "Tonk"] tag that reveal what its deck was derived from
// (fair_deal.h), so that anyone can check the deal from the record alone (`tonk verify`).
//
//   # fair: tonk-deal/1
//   # fair-seed: <server seed, 64 hex digits>
//   # fair-commitment: <SHA-256 of the seed's bytes, 64 hex digits>
//   # fair-contribution: <seat>:<entropy hex>     (one per contribution, by seat; none or more)
//   # fair-abandoned: <reason>                    (only for a hand cut short: agreed, expired, ...)
//
// Being comments, every record reader ignores them; these functions write, find and check them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/fair_deal.h"
#include "tonk/record.h"

namespace tonk {

/// What one hand's fair-deal lines say.
struct FairLines {
  std::string version;                      ///< the derivation, "tonk-deal/1" (kFairVersion)
  std::string seed;                         ///< the server seed, hex
  std::string commitment;                   ///< the commitment published before the deal, hex
  std::vector<Contribution> contributions;  ///< by seat
  std::string abandoned;  ///< why the hand was cut short before its end ("agreed", "expired", ...), "" if it finished
  std::int64_t line = 0;                    ///< for parsed lines: the 1-based line of `# fair:`
  friend bool operator==(const FairLines&, const FairLines&) = default;
};

/// The lines, each ending with "\n", to write right before the hand's record (write_record), the
/// contributions sorted by seat.
std::string write_fair_lines(const FairLines& fair);

/// The fair-deal lines of each hand of `text` (`records` = parse_records(text)), in the same order:
/// the last group that starts (`# fair:`) after the previous hand's [Game] line and before this
/// hand's [Game] line; nullopt for a hand without one (not dealt by tonk serve). A `fair-seed`,
/// `fair-commitment` or `fair-contribution` line belongs to the `# fair:` line above it.
/// Throws RecordError naming the line of a `# fair-contribution:` that is not SEAT:HEX (seat 0..7).
std::vector<std::optional<FairLines>> find_fair_lines(std::string_view text, const std::vector<HandRecord>& records);

/// Checks that `record` was dealt as `fair` says: a known version, a 64-digit seed whose SHA-256 is
/// the commitment, contributions of 2..64 hex digits, the record's deck the one tonk-deal/1 derives,
/// and for hand 1 the first dealer the cut of the derived session seed (S5). Then replays the hand
/// (its moves legal, its result right; a hand marked abandoned must not have finished). Returns
/// nullopt when it was, else the reason (a replay's RecordError is thrown, naming the line).
std::optional<std::string> why_not_fair(const FairLines& fair, const HandRecord& record);

}  // namespace tonk
