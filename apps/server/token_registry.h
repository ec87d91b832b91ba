// The seats' tokens (docs/PROTOCOL.md `resume`): which table and seat each token opens, kept by its
// SHA-256 only (the token itself is the player's and is never stored), for every table in memory.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>

namespace tonk::serve {

/// Where a token sits.
struct SeatRef {
  std::string table;  ///< the table's code
  int seat = -1;
};

class TokenRegistry {
 public:
  /// The token whose SHA-256 (hex) is `hash` opens seat `seat` of table `table` (replacing what it opened).
  void add(const std::string& hash, const std::string& table, int seat) { seats_[hash] = {table, seat}; }
  /// Forgets `hash` ("" and an unknown hash: nothing).
  void remove(const std::string& hash);
  /// Forgets every token of table `table` (a table set aside before it went live).
  void remove_table(const std::string& table);
  /// The seat `token` (32 hex digits, as the player holds it) opens, or nullopt.
  std::optional<SeatRef> find(const std::string& token) const;

 private:
  std::unordered_map<std::string, SeatRef> seats_;  // SHA-256(token) -> seat
};

}  // namespace tonk::serve
