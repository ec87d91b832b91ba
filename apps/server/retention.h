// How long an ended table's data stays in the server's database (docs/DEPLOY.md "Retention"):
// `tonk serve --keep-log`, `--delete-ended-after`, `--keep-records`, `--retention-sweep`.
//
// A table that ended left the server's memory at once (lobby.h); what is kept of it in the database
// is its records, its final public state (the ledger) and, for `keep_log`, its whole log. Its log is
// never needed for recovery (a closed table is never replayed), so by default it is compacted away
// at the first sweep; after `delete_after` the table itself goes, with its records unless
// `keep_records`. Sweeps run on the I/O thread in bounded steps (at most `step_entries` log entries
// and `step_tables` tables each), so that no step's cost grows with a table's history.
#pragma once

#include <chrono>
#include <cstddef>

namespace tonk::serve {

struct RetentionPolicy {
  std::chrono::milliseconds keep_log{0};  ///< an ended table's log is compacted this long after it ended (0: at the next sweep)
  /// An ended table is deleted this long after it ended; zero: never.
  std::chrono::milliseconds delete_after{std::chrono::hours(24 * 30)};
  bool keep_records = false;  ///< deleting an ended table keeps its records (GET /records/CODE/N still answers)
  std::chrono::milliseconds sweep_period{std::chrono::seconds(60)};  ///< how often the policy is applied
  std::size_t step_entries = 2000;  ///< log entries one step deletes at most
  std::size_t step_tables = 200;    ///< tables one step deletes at most
};

}  // namespace tonk::serve
