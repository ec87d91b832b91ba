#include "audience.h"

namespace tonk::serve {

void Audience::changed(std::function<void()> announce) {
  if (pending_) return;
  pending_ = true;
  timer_.expires_after(kPeriod);
  timer_.async_wait([this, announce = std::move(announce)](const boost::system::error_code& ec) {
    if (ec) return;  // cancelled, or the table (and this) is gone: touch nothing
    pending_ = false;
    announce();
  });
}

}  // namespace tonk::serve
