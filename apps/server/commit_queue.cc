#include "commit_queue.h"

#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <utility>

#include <boost/asio/post.hpp>

#include "player_rows.h"

namespace tonk::serve {

CommitQueue::CommitQueue(boost::asio::io_context& io, std::unique_ptr<Storage> backend, bool threaded)
    : io_(io), backend_(std::move(backend)) {
  if (threaded) thread_ = std::thread([this] { run(); });
}

CommitQueue::~CommitQueue() {
  *alive_ = false;
  if (thread_.joinable()) {
    {
      std::lock_guard<std::mutex> lock(job_mutex_);
      stopping_ = true;
    }
    job_ready_.notify_one();
    thread_.join();  // after the batch in flight, if any, is committed
  }
  if (staged_.empty()) return;
  try {
    std::lock_guard<std::mutex> lock(backend_mutex_);
    for (const Write& write : staged_) write(*backend_);
    backend_->commit();
  } catch (const std::exception& e) {
    std::cerr << "tonk serve: storage failed at the stop (nothing uncommitted was sent): " << e.what() << std::endl;
  }
}

void CommitQueue::create_table(const std::string& code, const std::string& config) {
  staged_.push_back([code, config](Storage& s) { s.create_table(code, config); });
}

void CommitQueue::append(const std::string& code, std::int64_t seq, const std::string& entry) {
  staged_.push_back([code, seq, entry](Storage& s) { s.append(code, seq, entry); });
}

void CommitQueue::close_table(const std::string& code, std::int64_t ended_ms, const std::string& final_state) {
  staged_.push_back([code, ended_ms, final_state](Storage& s) { s.close_table(code, ended_ms, final_state); });
}

void CommitQueue::drop_table(const std::string& code) {
  staged_.push_back([code](Storage& s) { s.drop_table(code); });
}

void CommitQueue::put_record(const std::string& code, int hand, const std::string& text) {
  staged_.push_back([code, hand, text](Storage& s) { s.put_record(code, hand, text); });
}

void CommitQueue::put_waiting(const std::string& code, const std::string& entry) {
  staged_.push_back([code, entry](Storage& s) { s.put_waiting(code, entry); });
}
void CommitQueue::drop_waiting(const std::string& code) {
  staged_.push_back([code](Storage& s) { s.drop_waiting(code); });
}

void CommitQueue::put_player(const std::string& key_hash, const std::string& name, std::int64_t created_ms) {
  check_key_hash(key_hash);
  check_display_name(name);
  staged_.push_back([key_hash, name, created_ms](Storage& s) { s.put_player(key_hash, name, created_ms); });
}

void CommitQueue::put_standing(const std::string& key_hash, const PlayerStanding& standing) {
  check_key_hash(key_hash);
  check_group(standing.group);
  staged_.push_back([key_hash, standing](Storage& s) { s.put_standing(key_hash, standing); });
}

void CommitQueue::add_player_hand(const std::string& key_hash, const PlayerHand& hand) {
  check_key_hash(key_hash);
  check_group(hand.group);
  staged_.push_back([key_hash, hand](Storage& s) { s.add_player_hand(key_hash, hand); });
}

void CommitQueue::forget_player(const std::string& key_hash) {
  check_key_hash(key_hash);
  staged_.push_back([key_hash](Storage& s) { s.forget_player(key_hash); });
}

void CommitQueue::submit(std::function<void()> released) {
  if (!in_flight_ && staged_.empty() && waiting_.empty()) {
    released();  // nothing it could tell about is undurable
    return;
  }
  waiting_.push_back(std::move(released));
  if (!in_flight_ && !staged_.empty()) hand_over();
}

void CommitQueue::hand_over() {
  std::vector<Write> writes;
  writes.swap(staged_);
  in_flight_released_.swap(waiting_);
  waiting_.clear();
  in_flight_ = true;
  if (!thread_.joinable()) {  // inline
    commit(writes);
    committed();
    return;
  }
  work_.emplace(io_.get_executor());
  {
    std::lock_guard<std::mutex> lock(job_mutex_);
    job_ = std::move(writes);
  }
  job_ready_.notify_one();
}

void CommitQueue::commit(const std::vector<Write>& writes) {
  try {
    std::lock_guard<std::mutex> lock(backend_mutex_);
    for (const Write& write : writes) write(*backend_);
    backend_->commit();
  } catch (const StorageError& e) {
    std::cerr << "tonk serve: storage failed, stopping (nothing uncommitted was sent): " << e.what() << std::endl;
    std::_Exit(3);
  }
}

void CommitQueue::committed() {
  ++batches_;
  in_flight_ = false;
  std::vector<std::function<void()>> released;
  released.swap(in_flight_released_);
  // What was staged meanwhile goes at once: its handlers wait for it, not for their callbacks.
  if (!staged_.empty()) {
    hand_over();
  } else {
    // Submitted while the batch was in flight with nothing of their own to commit: released with it.
    for (auto& r : waiting_) released.push_back(std::move(r));
    waiting_.clear();
  }
  for (auto& r : released) r();
  if (!in_flight_) work_.reset();
}

void CommitQueue::run() {
  for (;;) {
    std::vector<Write> writes;
    {
      std::unique_lock<std::mutex> lock(job_mutex_);
      job_ready_.wait(lock, [this] { return job_.has_value() || stopping_; });
      if (!job_) return;
      writes = std::move(*job_);
      job_.reset();
    }
    commit(writes);
    boost::asio::post(io_, [this, alive = std::weak_ptr<bool>(alive_)] {
      if (auto a = alive.lock(); a && *a) committed();
    });
  }
}

std::vector<StoredTable> CommitQueue::load_tables() {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->load_tables();
}

std::optional<StoredTable> CommitQueue::read_table(const std::string& code) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->read_table(code);
}

bool CommitQueue::code_used(const std::string& code) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->code_used(code);
}

std::optional<std::string> CommitQueue::read_record(const std::string& code, int hand) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->read_record(code, hand);
}

std::optional<EndedTable> CommitQueue::read_ended(const std::string& code) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->read_ended(code);
}

std::optional<PlayerRecord> CommitQueue::read_player(const std::string& key_hash) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->read_player(key_hash);
}

std::vector<PlayerHand> CommitQueue::player_hands(const std::string& key_hash, std::size_t limit) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->player_hands(key_hash, limit);
}

std::vector<LeaderboardRow> CommitQueue::leaderboard(const std::string& group, double max_deviation, std::size_t limit) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->leaderboard(group, max_deviation, limit);
}

std::size_t CommitQueue::compact_logs(std::int64_t ended_before_ms, std::size_t max_entries) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->compact_logs(ended_before_ms, max_entries);
}

std::size_t CommitQueue::delete_ended(std::int64_t ended_before_ms, bool keep_records, std::size_t max_tables) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->delete_ended(ended_before_ms, keep_records, max_tables);
}

std::vector<std::string> CommitQueue::tables_without_records() {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->tables_without_records();
}

void CommitQueue::renew_leases() {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  backend_->renew_leases();
}

std::vector<StoredTable> CommitQueue::take_over() {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->take_over();
}

void CommitQueue::set_address(const std::string& url) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  backend_->set_address(url);
}

std::optional<LeaseInfo> CommitQueue::lease_of(const std::string& code) {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->lease_of(code);
}

std::vector<PublishedWaiting> CommitQueue::waiting_elsewhere() {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->waiting_elsewhere();
}

std::chrono::milliseconds CommitQueue::lease_period() const {
  std::lock_guard<std::mutex> lock(backend_mutex_);
  return backend_->lease_period();
}

void CommitQueue::with_backend(const std::function<void(Storage&)>& job) {
  if (in_flight_) throw std::logic_error("CommitQueue::with_backend with a batch in flight");
  std::lock_guard<std::mutex> lock(backend_mutex_);
  job(*backend_);
}

}  // namespace tonk::serve
