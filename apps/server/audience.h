// How many watch a table (docs/PROTOCOL.md `state.watching` and `audience`). Spectators come and go
// without the players hearing of each one: a change is announced at most once per period, so any
// number of spectators arriving and leaving costs each player at most one small message a second.
#pragma once

#include <chrono>
#include <functional>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace tonk::serve {

class Audience {
 public:
  static constexpr std::chrono::milliseconds kPeriod{1000};

  explicit Audience(boost::asio::io_context& io) : timer_(io) {}
  /// The count may have changed: `announce` runs on the I/O thread after kPeriod, once for all the
  /// changes of that period.
  void changed(std::function<void()> announce);
  /// Stops a pending announcement (the table is gone).
  void cancel() { timer_.cancel(); }
  /// The count the players were last told (in a `state` or an `audience` message).
  int announced = 0;

 private:
  boost::asio::steady_timer timer_;
  bool pending_ = false;
};

}  // namespace tonk::serve
