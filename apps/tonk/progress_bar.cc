#include "progress_bar.h"

#include <unistd.h>

#include <iostream>

#include "terminal.h"
#include "text_layout.h"

namespace tonk::cli {

ProgressBar::ProgressBar(long long total, std::string unit, bool always)
    : total_(total),
      unit_(std::move(unit)),
      always_(always),
      terminal_(is_terminal(STDERR_FILENO)),
      start_(Clock::now()) {}

void ProgressBar::update(long long done) {
  if (!always_ && !terminal_) return;
  const auto now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (!shown_) {
    const double projected = done > 0 ? elapsed * static_cast<double>(total_) / static_cast<double>(done) : 0.0;
    if (!always_ && (elapsed < 0.5 || projected < 2.0)) return;
  } else if (now - last_ < std::chrono::milliseconds(100)) {
    return;
  }
  shown_ = true;
  last_ = now;
  draw(done, elapsed);
}

void ProgressBar::finish() {
  if (!shown_) return;
  draw(total_, std::chrono::duration<double>(Clock::now() - start_).count());
  std::cerr << "\n";
}

void ProgressBar::draw(long long done, double elapsed) const {
  constexpr int kWidth = 30;
  const double fraction = total_ > 0 ? static_cast<double>(done) / static_cast<double>(total_) : 1.0;
  const int filled = static_cast<int>(fraction * kWidth);
  const double left = done > 0 ? elapsed * static_cast<double>(total_ - done) / static_cast<double>(done) : 0.0;
  std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] "
            << pad_left(fixed(fraction * 100, 0), 3) << "%  " << done << "/" << total_ << " " << unit_ << "  "
            << fixed(left, 0) << " s left " << std::flush;
}

}  // namespace tonk::cli
