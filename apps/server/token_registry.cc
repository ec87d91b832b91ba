#include "token_registry.h"

#include "fair_deal.h"

namespace tonk::serve {

void TokenRegistry::remove(const std::string& hash) {
  if (!hash.empty()) seats_.erase(hash);
}

void TokenRegistry::remove_table(const std::string& table) {
  std::erase_if(seats_, [&](const auto& entry) { return entry.second.table == table; });
}

std::optional<SeatRef> TokenRegistry::find(const std::string& token) const {
  const auto it = seats_.find(sha256_hex(token));
  if (it == seats_.end()) return std::nullopt;
  return it->second;
}

}  // namespace tonk::serve
