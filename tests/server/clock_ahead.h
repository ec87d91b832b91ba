// A lobby's wall clock that runs ahead of the system clock (Lobby::set_wall_clock, ServerParts):
// a server "restarted later", or a retention deadline passed, without waiting.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

namespace tonk::test {

/// The system clock plus `ahead`, in ms since the Unix epoch.
inline std::function<std::int64_t()> clock_ahead(std::chrono::milliseconds ahead) {
  return [ahead] {
    const auto now = std::chrono::system_clock::now() + ahead;
    return static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count());
  };
}

}  // namespace tonk::test
