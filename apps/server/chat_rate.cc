#include "chat_rate.h"

namespace tonk::serve {

std::int64_t ChatRate::wait_ms(Clock::time_point now) const {
  if (count_ < said_.size()) return 0;
  const auto free_at = said_[next_] + std::chrono::milliseconds(kChatWindowMs);  // the oldest line leaves the window
  if (now >= free_at) return 0;
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(free_at - now).count();
  return left < 1 ? 1 : left;
}

void ChatRate::note(Clock::time_point now) {
  said_[next_] = now;
  next_ = (next_ + 1) % said_.size();
  if (count_ < said_.size()) ++count_;
}

bool ChatRate::idle(Clock::time_point now) const {
  if (count_ == 0) return true;
  const std::size_t newest = (next_ + said_.size() - 1) % said_.size();
  return now >= said_[newest] + std::chrono::milliseconds(kChatWindowMs);
}

std::int64_t ChatRateByAddress::wait_ms(const std::string& address, Clock::time_point now) const {
  const auto it = rates_.find(address);
  return it == rates_.end() ? 0 : it->second.wait_ms(now);
}

void ChatRateByAddress::note(const std::string& address, Clock::time_point now) {
  if (rates_.size() >= kMaxAddresses && !rates_.count(address)) {
    std::erase_if(rates_, [&](const auto& entry) { return entry.second.idle(now); });
    // Every remembered address spoke within the window: this one goes uncounted (its connection's
    // own limit still holds), so the map never grows past its bound.
    if (rates_.size() >= kMaxAddresses) return;
  }
  rates_.try_emplace(address, kChatBurstPerAddress).first->second.note(now);
}

}  // namespace tonk::serve
