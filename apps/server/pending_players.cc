#include "pending_players.h"

namespace tonk::serve {

std::optional<PlayerStanding> PendingPlayers::standing(const std::string& key_hash, const std::string& group) const {
  if (const auto it = standings_.find({key_hash, group}); it != standings_.end()) return it->second.first;
  if (forgets_.count(key_hash)) {
    PlayerStanding fresh;
    fresh.group = group;
    return fresh;
  }
  return std::nullopt;
}

void PendingPlayers::staged(const std::string& key_hash, const PlayerStanding& standing) {
  standings_[{key_hash, standing.group}] = {standing, ++stamp_};
}

void PendingPlayers::forgot(const std::string& key_hash) {
  for (auto it = standings_.lower_bound({key_hash, ""}); it != standings_.end() && it->first.first == key_hash;)
    it = standings_.erase(it);
  forgets_[key_hash] = ++stamp_;
}

void PendingPlayers::committed(std::uint64_t mark) {
  std::erase_if(standings_, [mark](const auto& entry) { return entry.second.second <= mark; });
  std::erase_if(forgets_, [mark](const auto& entry) { return entry.second <= mark; });
}

}  // namespace tonk::serve
