// The retention policy (retention.h): compacting old logs, then deleting old ended tables, one
// bounded step at a time.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>

#include "lobby.h"

#include "server_table.h"

namespace tonk::serve {

void Lobby::set_retention(const RetentionPolicy& policy) {
  const auto require = [](bool ok, const char* field) {
    if (!ok) throw std::invalid_argument(std::string("RetentionPolicy::") + field + " is out of range");
  };
  require(policy.keep_log.count() >= 0, "keep_log");
  require(policy.delete_after.count() >= 0, "delete_after");
  require(policy.sweep_period.count() > 0, "sweep_period");
  require(policy.step_entries >= 1, "step_entries");
  require(policy.step_tables >= 1, "step_tables");
  retention_ = policy;
}

bool Lobby::sweep() {
  flush();  // nothing staged: a sweep commits on its own
  try {
    const std::int64_t now = now_ms();
    // A table is compacted before it is deleted: with a deletion sooner than the log's keep, sooner.
    auto keep = retention_.keep_log;
    if (retention_.delete_after.count() > 0) keep = std::min(keep, retention_.delete_after);
    if (storage_->compact_logs(now - keep.count(), retention_.step_entries) >= retention_.step_entries) return true;
    if (retention_.delete_after.count() == 0) return false;
    return storage_->delete_ended(now - retention_.delete_after.count(), retention_.keep_records, retention_.step_tables) >=
           retention_.step_tables;
  } catch (const StorageError& e) {
    std::cerr << "tonk serve: storage failed, stopping: " << e.what() << std::endl;
    std::_Exit(3);
  }
}

}  // namespace tonk::serve
