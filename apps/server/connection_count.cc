#include "connection_count.h"

namespace tonk::serve {

std::shared_ptr<void> ConnectionCount::admit(const std::string& address, std::string& why) {
  int& mine = by_address_[address];
  if (mine >= per_address_) {
    why = "too many connections from " + address + " (at most " + std::to_string(per_address_) + ")";
  } else if (total_ >= total_limit_) {
    why = "the server is full (at most " + std::to_string(total_limit_) + " connections)";
  } else {
    ++mine;
    ++total_;
    // The deleter runs when the HTTP session, or the WebSocket session it became, is destroyed.
    // It keeps the count alive: sessions may outlive the Listener at shutdown.
    return std::shared_ptr<void>(this, [self = shared_from_this(), address](void*) {
      --self->total_;
      if (const auto it = self->by_address_.find(address); it != self->by_address_.end() && --it->second <= 0)
        self->by_address_.erase(it);
    });
  }
  if (mine == 0) by_address_.erase(address);
  return nullptr;
}

}  // namespace tonk::serve
