// Players' writes staged in the commit queue and not yet durable, as the lobby must see them: a
// standing is read, changed and staged again at each rated hand, and a second hand finishing before
// the first's batch committed must start from the staged standing, not the stored one (else an update
// is lost). A `forget` staged meanwhile makes the stored standings count as gone. I/O thread only.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "storage.h"

namespace tonk::serve {

class PendingPlayers {
 public:
  /// What a read of `key_hash`'s standing in `group` must see instead of the storage: the staged
  /// standing; a new one (a `forget` is staged); nullopt: nothing staged, read the storage.
  std::optional<PlayerStanding> standing(const std::string& key_hash, const std::string& group) const;
  /// A standing was staged.
  void staged(const std::string& key_hash, const PlayerStanding& standing);
  /// A `forget` of `key_hash` was staged: its staged standings are dropped too.
  void forgot(const std::string& key_hash);
  /// The mark of everything staged so far: once a batch closed after it is durable, committed(mark).
  std::uint64_t mark() const { return stamp_; }
  /// Everything staged up to `mark` is durable: the storage has it, the copies here go.
  void committed(std::uint64_t mark);
  /// How many writes are held (for the tests: it empties once they are durable).
  std::size_t size() const { return standings_.size() + forgets_.size(); }

 private:
  std::uint64_t stamp_ = 0;
  std::map<std::pair<std::string, std::string>, std::pair<PlayerStanding, std::uint64_t>> standings_;  // (hash, group)
  std::map<std::string, std::uint64_t> forgets_;
};

}  // namespace tonk::serve
