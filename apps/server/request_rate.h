// The rate limit of HTTP requests per remote address (`tonk serve --http-rate`; docs/PROTOCOL.md
// "HTTP requests"): a token bucket per address (through a trusted proxy, per forwarded client), so
// that no address looks tables up, downloads records or opens connections faster than the host
// allows. A request over the limit is answered 429 with Retry-After.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <unordered_map>

namespace tonk::serve {

class RequestRate {
 public:
  using Clock = std::chrono::steady_clock;
  /// `per_second` requests a second on average (> 0), at most `burst` (>= 1) at once; at most
  /// `max_addresses` addresses are tracked (beyond, addresses whose bucket is full are forgotten,
  /// then the oldest half). Throws std::invalid_argument for a value out of range.
  RequestRate(double per_second, double burst, std::size_t max_addresses = 100000);

  /// Counts a request from `address` at `now`: 0 when it is admitted, else the whole seconds (1 or
  /// more) after which one would be (Retry-After). Not thread-safe: the I/O thread calls it.
  int admit(const std::string& address, Clock::time_point now = Clock::now());
  std::size_t addresses() const { return buckets_.size(); }

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point at{};
  };
  void forget(Clock::time_point now);

  double per_second_;
  double burst_;
  std::size_t max_addresses_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace tonk::serve
