// Waiting on what a test's server writes to its stderr file (ServerProcess's `stderr_file`).
#pragma once

#include <chrono>
#include <string>
#include <thread>

#include "../cli_runner.h"  // slurp

namespace tonk::test {

/// Waits, at most 20 s, until `file` holds `text` at least `count` times. False when it does not.
inline bool wait_for_log(const std::string& file, const std::string& text, int count = 1) {
  for (int i = 0; i < 400; ++i) {
    const std::string log = slurp(file);
    int seen = 0;
    for (auto at = log.find(text); at != std::string::npos; at = log.find(text, at + 1)) ++seen;
    if (seen >= count) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

}  // namespace tonk::test
