#include "bot_pacing.h"

namespace tonk::serve {

BotPacing::BotPacing(boost::asio::io_context& io, std::chrono::milliseconds delay) : timer_(io), delay_(delay) {}

void BotPacing::start() { due_ = std::chrono::steady_clock::now() + delay_; }

void BotPacing::release(std::function<void()> release) {
  if (delay_.count() == 0 || std::chrono::steady_clock::now() >= due_) {
    release();
    return;
  }
  timer_.expires_at(due_);
  timer_.async_wait([this, release = std::move(release)](const boost::system::error_code& ec) {
    if (ec || cancelled_) return;
    release();
  });
}

void BotPacing::cancel() {
  cancelled_ = true;
  timer_.cancel();
}

}  // namespace tonk::serve
