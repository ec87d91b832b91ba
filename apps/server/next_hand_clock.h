// When the next hand deals itself between hands (docs/PROTOCOL.md "Between hands", `next_hand_ms`).
// The pause after a hand runs to a deadline fixed when it is first armed: a `ready`, a connection
// or a `back` redraws the table but does not restart the countdown the players see. A table held
// (no person present) forgets it: the person who comes back gets the whole pause.
#pragma once

#include <chrono>
#include <optional>

namespace tonk::serve {

class NextHandClock {
 public:
  using Clock = std::chrono::steady_clock;

  /// The deadline of the pause after hand `hand`; counting from now on.
  Clock::time_point arm(int hand, std::chrono::seconds pause) {
    if (hand != hand_) {
      hand_ = hand;
      until_ = Clock::now() + pause;
    }
    counting_ = true;
    return until_;
  }
  /// Not counting now (a hand is in play, or the table is over); the deadline is kept.
  void pause() { counting_ = false; }
  /// The table is held: the next pause starts from its full length.
  void forget() {
    hand_ = -1;
    counting_ = false;
  }
  /// Milliseconds left while counting, else nullopt.
  std::optional<long long> ms_left() const {
    if (!counting_) return std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until_ - Clock::now()).count();
    return left < 0 ? 0 : left;
  }

 private:
  int hand_ = -1;
  Clock::time_point until_{};
  bool counting_ = false;
};

}  // namespace tonk::serve
