// Open connections by client address, bounded per address and in all (docs/PROTOCOL.md "Limits").
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

namespace tonk::serve {

/// Runs on the I/O thread only. A direct connection is counted when accepted, by its socket address;
/// one from a trusted proxy (trusted_proxy.h) when its request headers are read, by the forwarded address.
class ConnectionCount : public std::enable_shared_from_this<ConnectionCount> {
 public:
  ConnectionCount(int per_address, int total) : per_address_(per_address), total_limit_(total) {}
  /// Counts a new connection from `address`: a token that uncounts it when the last copy goes, or
  /// null with `why` set (a close reason) when a limit is reached (the connection is then refused).
  std::shared_ptr<void> admit(const std::string& address, std::string& why);

 private:
  int per_address_;
  int total_limit_;
  int total_ = 0;
  std::unordered_map<std::string, int> by_address_;
};

}  // namespace tonk::serve
