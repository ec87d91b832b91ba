#include "fair_scheduler.h"

#include <exception>
#include <iostream>
#include <stdexcept>
#include <utility>

namespace tonk::serve {

FairScheduler::FairScheduler(Executor executor, int workers) : state_(std::make_shared<State>()) {
  if (workers < 1) throw std::invalid_argument("FairScheduler: workers must be 1 or more");
  state_->free_pumps = workers;
  state_->executor = std::move(executor);
}

void FairScheduler::post(const std::string& table, Job job) {
  {
    std::lock_guard lock(state_->mutex);
    std::deque<Job>& queue = state_->queues[table];
    if (queue.empty()) state_->turns.push_back(table);  // a table new to the round joins at its end
    queue.push_back(std::move(job));
    if (state_->free_pumps == 0) return;  // a running pump will take it in its turn
    --state_->free_pumps;
  }
  auto state = state_;
  state_->executor([state] { pump(state); });
}

std::size_t FairScheduler::waiting() const {
  std::lock_guard lock(state_->mutex);
  std::size_t n = 0;
  for (const auto& [table, queue] : state_->queues) n += queue.size();
  return n;
}

void FairScheduler::pump(const std::shared_ptr<State>& state) {
  Job job;
  {
    std::lock_guard lock(state->mutex);
    if (state->turns.empty()) {
      ++state->free_pumps;
      return;
    }
    const std::string table = std::move(state->turns.front());
    state->turns.pop_front();
    const auto it = state->queues.find(table);
    job = std::move(it->second.front());
    it->second.pop_front();
    if (it->second.empty()) {
      state->queues.erase(it);
    } else {
      state->turns.push_back(table);  // its next job waits for one of each other table's
    }
  }
  try {
    job();
  } catch (const std::exception& e) {
    std::cerr << "tonk serve: a worker failed: " << e.what() << "\n";
  }
  // One job per start: on the io_context (0 workers) the I/O in between runs, and on the pool the
  // next turn is taken with the lock released in between.
  state->executor([state] { pump(state); });
}

}  // namespace tonk::serve
