#include "request_rate.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace tonk::serve {

RequestRate::RequestRate(double per_second, double burst, std::size_t max_addresses)
    : per_second_(per_second), burst_(burst), max_addresses_(max_addresses) {
  if (!(per_second > 0) || !std::isfinite(per_second)) throw std::invalid_argument("RequestRate: per_second must be above 0");
  if (!(burst >= 1) || !std::isfinite(burst)) throw std::invalid_argument("RequestRate: burst must be 1 or more");
  if (max_addresses < 1) throw std::invalid_argument("RequestRate: max_addresses must be 1 or more");
}

int RequestRate::admit(const std::string& address, Clock::time_point now) {
  auto it = buckets_.find(address);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_addresses_) forget(now);
    it = buckets_.emplace(address, Bucket{burst_, now}).first;
  }
  Bucket& b = it->second;
  const double elapsed = std::chrono::duration<double>(now - b.at).count();
  if (elapsed > 0) b.tokens = std::min(burst_, b.tokens + elapsed * per_second_);
  b.at = std::max(b.at, now);
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return std::max(1, static_cast<int>(std::ceil((1 - b.tokens) / per_second_)));
}

void RequestRate::forget(Clock::time_point now) {
  // An address whose bucket has refilled is the same as one never seen: forgetting it loses nothing.
  std::erase_if(buckets_, [&](const auto& entry) {
    return entry.second.tokens + std::chrono::duration<double>(now - entry.second.at).count() * per_second_ >= burst_;
  });
  if (buckets_.size() < max_addresses_) return;
  std::vector<std::pair<Clock::time_point, std::string>> by_age;
  for (const auto& [address, b] : buckets_) by_age.emplace_back(b.at, address);
  std::sort(by_age.begin(), by_age.end());
  for (std::size_t i = 0; i < by_age.size() / 2 + 1 && i < by_age.size(); ++i) buckets_.erase(by_age[i].second);
}

}  // namespace tonk::serve
