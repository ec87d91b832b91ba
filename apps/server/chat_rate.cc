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

}  // namespace tonk::serve
