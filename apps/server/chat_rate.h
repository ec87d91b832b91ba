// The chat's rate limit per connection (docs/PROTOCOL.md "Chat"): at most kChatBurst lines in any
// kChatWindowMs (chat.h). A sliding window of the last lines' times: a line over the limit is
// refused `rate_limited`, saying how long to wait, and is not counted.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "chat.h"

namespace tonk::serve {

class ChatRate {
 public:
  using Clock = std::chrono::steady_clock;
  /// 0 when a line may be said at `now`, else the ms to wait (1 or more) until one may.
  std::int64_t wait_ms(Clock::time_point now = Clock::now()) const;
  /// Counts a line said at `now` (after wait_ms() said 0).
  void note(Clock::time_point now = Clock::now());

 private:
  std::array<Clock::time_point, kChatBurst> said_{};  // ring of the last lines' times
  std::size_t next_ = 0;                              // the oldest of them
  std::size_t count_ = 0;                             // lines said so far, up to kChatBurst
};

}  // namespace tonk::serve
