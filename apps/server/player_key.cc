#include "player_key.h"

#include <algorithm>
#include <stdexcept>

#include "fair_deal.h"

namespace tonk::serve {

std::string player_key_hash(std::string_view key) {
  if (!is_hex(key, kMinPlayerKeyHex, kMaxPlayerKeyHex))
    throw std::invalid_argument("`key` is not a player key: " + std::to_string(kMinPlayerKeyHex) + " to " +
                                std::to_string(kMaxPlayerKeyHex) + " hex digits, of even length");
  std::string lower(key);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) { return c >= 'A' && c <= 'F' ? char(c - 'A' + 'a') : c; });
  return sha256_hex(lower);
}

bool is_key_hash(std::string_view text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace tonk::serve
