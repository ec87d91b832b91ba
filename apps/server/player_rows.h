// What the two storage backends share about players (storage.h): the checks made when a write is
// staged and the text form of a standing's wins by kind.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "storage.h"
#include "tonk/rating_period.h"

namespace tonk::serve {

/// Longest preset group name, in bytes.
inline constexpr std::size_t kMaxGroupBytes = 64;

/// Throws std::invalid_argument "player: ..." when `key_hash` is not a stored identity (player_key.h).
void check_key_hash(const std::string& key_hash);
/// Throws std::invalid_argument "player: `name` ..." when the name breaks the name rules.
void check_display_name(const std::string& name);
/// Throws std::invalid_argument "player: ..." when `group` is empty or longer than kMaxGroupBytes.
void check_group(const std::string& group);

using WinsByKind = std::array<std::int64_t, kNumEndReasons>;

/// Wins by kind as stored: "reason=count" for each non-zero count, by reason, joined by ","
/// ("tonk out=3,drop=5"; reasons named by tonk::to_string(EndReason)). "" when none.
std::string encode_wins(const WinsByKind& wins);
/// What encode_wins wrote. Throws StorageError naming the part it cannot read.
WinsByKind decode_wins(std::string_view text);

/// A standing's rating and open period as the library rates them (tonk/rating_period.h). Throws
/// StorageError when the stored period's text cannot be read.
RatedStanding rated_standing(const PlayerStanding& standing);
/// Sets `standing`'s rating and open period from `rated`.
void set_rated(PlayerStanding& standing, const RatedStanding& rated);
/// Counts one rated hand in `standing`: one more hand, a win of the hand's kind (Outcome::reason)
/// when `seat` won it (Outcome::winners), and `booked` (the seat's result as the ledger booked it,
/// HandLedger::payouts: the Big One doubled, V22) added to the stakes won.
void count_hand(PlayerStanding& standing, const Outcome& outcome, int seat, int booked);

/// A staged write of a player.
struct PlayerWrite {
  enum class Kind { kPlayer, kStanding, kHand, kForget };
  Kind kind = Kind::kPlayer;
  std::string key_hash;
  std::string name;             ///< kPlayer
  std::int64_t created_ms = 0;  ///< kPlayer
  PlayerStanding standing;      ///< kStanding
  PlayerHand hand;              ///< kHand
};

/// The part of both backends that stages players' writes: checks them at once (storage.h) and keeps
/// them, in order, for the backend's commit() to write in its transaction.
class PlayerStagingStorage : public Storage {
 public:
  void put_player(const std::string& key_hash, const std::string& name, std::int64_t created_ms) override;
  void put_standing(const std::string& key_hash, const PlayerStanding& standing) override;
  void add_player_hand(const std::string& key_hash, const PlayerHand& hand) override;
  void forget_player(const std::string& key_hash) override;

 protected:
  /// Checks `key_hash` and stages a write of `kind` for it (to be filled in).
  PlayerWrite& stage(PlayerWrite::Kind kind, const std::string& key_hash);
  /// The staged writes, oldest first; the backend's commit() takes them (swap) whatever happens.
  std::vector<PlayerWrite> player_writes_;
};

}  // namespace tonk::serve
