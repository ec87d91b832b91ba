// A storage whose every commit takes `delay` longer (a distant database, a slow disk's fsync), and
// which tells what it committed: how many commits returned, and how many actions (log entries "act")
// of each table were durable when they did. Thread-safe to ask while the lobby's commit thread
// commits. The tests' server (fault_server.cc, --commit-delay-ms) and commit_batches_test.cc use it.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include <nlohmann/json.hpp>

#include "forwarding_storage.h"

namespace tonk::test {

class SlowCommits final : public ForwardingStorage {
 public:
  SlowCommits(std::shared_ptr<serve::Storage> db, std::chrono::milliseconds delay) : ForwardingStorage(std::move(db)), delay_(delay) {}

  void append(const std::string& code, std::int64_t seq, const std::string& entry) override {
    ForwardingStorage::append(code, seq, entry);
    const nlohmann::json e = nlohmann::json::parse(entry, nullptr, false);
    if (e.is_object() && e.value("k", "") == "act") {
      std::lock_guard<std::mutex> lock(mutex_);
      ++staged_acts_[code];
    }
  }
  /// The next commit throws StorageError instead (a lost database), and so do all after it.
  void fail_next_commit() {
    std::lock_guard<std::mutex> lock(mutex_);
    fail_ = true;
  }
  void commit() override {
    std::this_thread::sleep_for(delay_);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (fail_) throw serve::StorageError("the test's storage failed on purpose");
    }
    ForwardingStorage::commit();
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& [code, n] : staged_acts_) committed_acts_[code] += n;
    staged_acts_.clear();
    ++commits_;
  }

  /// Commits returned so far.
  long long commits() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return commits_;
  }
  /// Actions of table `code` durable so far.
  long long committed_acts(const std::string& code) const {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = committed_acts_.find(code);
    return it == committed_acts_.end() ? 0 : it->second;
  }

 private:
  std::chrono::milliseconds delay_;
  mutable std::mutex mutex_;
  bool fail_ = false;
  long long commits_ = 0;
  std::map<std::string, long long> staged_acts_, committed_acts_;
};

}  // namespace tonk::test
