// The chat's rate limits (docs/PROTOCOL.md "Chat"): at most kChatBurst lines in any kChatWindowMs
// per connection, and kChatBurstPerAddress per remote address over all its connections (chat.h),
// so that reconnecting does not reset a flood. A sliding window of the last lines' times: a line
// over a limit is refused `rate_limited`, saying how long to wait, and is not counted.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "chat.h"

namespace tonk::serve {

class ChatRate {
 public:
  using Clock = std::chrono::steady_clock;
  /// At most `burst` (1 or more) lines in any kChatWindowMs.
  explicit ChatRate(std::size_t burst = kChatBurst) : said_(burst) {}
  /// 0 when a line may be said at `now`, else the ms to wait (1 or more) until one may.
  std::int64_t wait_ms(Clock::time_point now = Clock::now()) const;
  /// Counts a line said at `now` (after wait_ms() said 0).
  void note(Clock::time_point now = Clock::now());
  /// True when no line of the window is counted at `now` (the limit may forget it).
  bool idle(Clock::time_point now) const;

 private:
  std::vector<Clock::time_point> said_;  // ring of the last lines' times
  std::size_t next_ = 0;                 // the oldest of them
  std::size_t count_ = 0;                // lines said so far, up to the burst
};

/// The lines of each remote address, over all its connections (kChatBurstPerAddress). Remembers at
/// most kMaxAddresses addresses: beyond, those with no line in the window are forgotten, and when
/// every one spoke within it a new address is not counted (its connection's own limit still holds).
class ChatRateByAddress {
 public:
  using Clock = ChatRate::Clock;
  static constexpr std::size_t kMaxAddresses = 10000;
  std::int64_t wait_ms(const std::string& address, Clock::time_point now = Clock::now()) const;
  void note(const std::string& address, Clock::time_point now = Clock::now());
  std::size_t addresses() const { return rates_.size(); }

 private:
  std::unordered_map<std::string, ChatRate> rates_;
};

}  // namespace tonk::serve
