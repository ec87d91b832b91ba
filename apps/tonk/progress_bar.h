// A progress bar on stderr for long runs (`tonk sim`, `tonk arena`).
#pragma once

#include <chrono>
#include <string>

namespace tonk::cli {

/// Drawn at most ten times a second. With `always` it shows from the start; otherwise only when
/// stderr is a terminal, and only once the run is going to take over ~2 seconds.
class ProgressBar {
 public:
  /// `total` units of work, named `unit` in the bar ("hands", "deals").
  ProgressBar(long long total, std::string unit, bool always);

  /// `done` of the total units are finished.
  void update(long long done);
  /// Draws the full bar and ends its line, if it was shown at all.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  void draw(long long done, double elapsed) const;

  long long total_;
  std::string unit_;
  bool always_;
  bool terminal_;
  bool shown_ = false;
  Clock::time_point start_;
  Clock::time_point last_;
};

}  // namespace tonk::cli
