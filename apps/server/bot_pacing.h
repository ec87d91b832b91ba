// A table's pace for its bots (docs/PROTOCOL.md, `create` `bot_delay_ms`): a bot's move is released
// no sooner than the table's delay after the bot's turn began, so that a person sees each move.
//
// The bot still chooses on the worker pool at once; only the release of its choice waits, on an
// Asio timer of the I/O thread. Nothing blocks: a person's move, another table, a hint all run
// meanwhile. A bot slower than the delay (a Monte Carlo search) is released as soon as it is done.
#pragma once

#include <chrono>
#include <functional>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace tonk::serve {

class BotPacing {
 public:
  BotPacing(boost::asio::io_context& io, std::chrono::milliseconds delay);

  std::chrono::milliseconds delay() const { return delay_; }
  /// A bot's turn begins now: its move is due no sooner than now + delay().
  void start();
  /// Calls `release` on the I/O thread once the move is due: at once (from this call) when it is
  /// already due or the delay is 0, else from the timer. Called once per start().
  void release(std::function<void()> release);
  /// Stops a waiting release (the table is gone); its function is then never called.
  void cancel();

 private:
  boost::asio::steady_timer timer_;
  std::chrono::milliseconds delay_;
  std::chrono::steady_clock::time_point due_{};
  bool cancelled_ = false;
};

}  // namespace tonk::serve
