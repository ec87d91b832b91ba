#include "player_rows.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "player_key.h"
#include "tonk/player_name.h"

namespace tonk::serve {

void check_key_hash(const std::string& key_hash) {
  if (!is_key_hash(key_hash)) throw std::invalid_argument("player: the key hash is not 64 lowercase hex digits");
}

void check_display_name(const std::string& name) {
  const std::string problem = tonk::name_problem(name);
  if (!problem.empty()) throw std::invalid_argument("player: `name` " + problem);
}

void check_group(const std::string& group) {
  if (group.empty() || group.size() > kMaxGroupBytes)
    throw std::invalid_argument("player: the preset group is not 1 to " + std::to_string(kMaxGroupBytes) + " bytes");
}

std::string encode_wins(const WinsByKind& wins) {
  std::string out;
  for (int r = 1; r < kNumEndReasons; ++r) {
    if (wins[r] == 0) continue;
    if (!out.empty()) out += ',';
    out += to_string(static_cast<EndReason>(r));
    out += '=';
    out += std::to_string(wins[r]);
  }
  return out;
}

WinsByKind decode_wins(std::string_view text) {
  WinsByKind wins{};
  while (!text.empty()) {
    const std::size_t comma = std::min(text.find(','), text.size());
    const std::string_view item = text.substr(0, comma);
    const std::size_t equals = item.find('=');
    int reason = 0;
    for (int r = 1; r < kNumEndReasons && equals != std::string_view::npos; ++r)
      if (to_string(static_cast<EndReason>(r)) == item.substr(0, equals)) reason = r;
    std::int64_t count = -1;
    if (reason != 0) {
      const std::string_view number = item.substr(equals + 1);
      const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), count);
      if (error != std::errc() || end != number.data() + number.size()) count = -1;
    }
    if (reason == 0 || count < 0) throw StorageError("database: a player's wins by kind: cannot read \"" + std::string(item) + "\"");
    wins[reason] = count;
    text.remove_prefix(comma == text.size() ? comma : comma + 1);
  }
  return wins;
}

RatedStanding rated_standing(const PlayerStanding& standing) {
  RatedStanding rated;
  rated.rating = {standing.rating, standing.deviation, standing.volatility};
  try {
    rated.period = decode_results(standing.period);
  } catch (const std::invalid_argument& e) {
    throw StorageError(std::string("database: a player's open rating period: ") + e.what());
  }
  rated.period_hands = standing.period_hands;
  rated.period_start_ms = standing.period_start_ms;
  return rated;
}

void set_rated(PlayerStanding& standing, const RatedStanding& rated) {
  standing.rating = rated.rating.rating;
  standing.deviation = rated.rating.deviation;
  standing.volatility = rated.rating.volatility;
  standing.period = encode_results(rated.period);
  standing.period_hands = rated.period_hands;
  standing.period_start_ms = rated.period_start_ms;
}

void count_hand(PlayerStanding& standing, const Outcome& outcome, int seat, int booked) {
  ++standing.hands;
  if (outcome.is_winner(seat)) ++standing.wins[static_cast<int>(outcome.reason)];
  standing.stakes_won += booked;
}

PlayerWrite& PlayerStagingStorage::stage(PlayerWrite::Kind kind, const std::string& key_hash) {
  check_key_hash(key_hash);
  PlayerWrite& w = player_writes_.emplace_back();
  w.kind = kind;
  w.key_hash = key_hash;
  return w;
}

void PlayerStagingStorage::put_player(const std::string& key_hash, const std::string& name, std::int64_t created_ms) {
  check_display_name(name);
  PlayerWrite& w = stage(PlayerWrite::Kind::kPlayer, key_hash);
  w.name = name;
  w.created_ms = created_ms;
}

void PlayerStagingStorage::put_standing(const std::string& key_hash, const PlayerStanding& standing) {
  check_group(standing.group);
  stage(PlayerWrite::Kind::kStanding, key_hash).standing = standing;
}

void PlayerStagingStorage::add_player_hand(const std::string& key_hash, const PlayerHand& hand) {
  check_group(hand.group);
  stage(PlayerWrite::Kind::kHand, key_hash).hand = hand;
}

void PlayerStagingStorage::forget_player(const std::string& key_hash) { stage(PlayerWrite::Kind::kForget, key_hash); }

// A storage that keeps no players (a test's) says so.
namespace {
[[noreturn]] void no_players() { throw StorageError("this storage keeps no players"); }
}  // namespace

void Storage::put_player(const std::string&, const std::string&, std::int64_t) { no_players(); }
void Storage::put_standing(const std::string&, const PlayerStanding&) { no_players(); }
void Storage::add_player_hand(const std::string&, const PlayerHand&) { no_players(); }
void Storage::forget_player(const std::string&) { no_players(); }
std::optional<PlayerRecord> Storage::read_player(const std::string&) { no_players(); }
std::vector<PlayerHand> Storage::player_hands(const std::string&, std::size_t) { no_players(); }
std::vector<LeaderboardRow> Storage::leaderboard(const std::string&, double, std::size_t) { no_players(); }

}  // namespace tonk::serve
