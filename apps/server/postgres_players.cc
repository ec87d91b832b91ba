// PostgresStorage's players (storage.h), the same rows as SQLite's (sqlite_players.cc) in
// tonk_players, tonk_player_ratings and tonk_player_hands, shared by every server of the cluster.
#include <algorithm>
#include <cstdint>

#include "postgres_connection.h"

namespace tonk::serve {

void create_player_schema(pqxx::work& w) {
  w.exec0("CREATE TABLE IF NOT EXISTS tonk_players (key_hash text PRIMARY KEY, name text NOT NULL, created_ms bigint NOT NULL)");
  w.exec0("CREATE TABLE IF NOT EXISTS tonk_player_ratings (key_hash text NOT NULL, grp text NOT NULL, "
          "rating double precision NOT NULL, deviation double precision NOT NULL, volatility double precision NOT NULL, "
          "hands bigint NOT NULL, wins text NOT NULL, stakes_won bigint NOT NULL, period text NOT NULL, "
          "period_hands integer NOT NULL, period_start_ms bigint NOT NULL, PRIMARY KEY (key_hash, grp))");
  w.exec0("CREATE INDEX IF NOT EXISTS tonk_player_ratings_board ON tonk_player_ratings (grp, rating)");
  w.exec0("CREATE TABLE IF NOT EXISTS tonk_player_hands (key_hash text NOT NULL, code text NOT NULL, hand integer NOT NULL, "
          "grp text NOT NULL, ended_ms bigint NOT NULL, payout integer NOT NULL, PRIMARY KEY (key_hash, code, hand))");
  w.exec0("CREATE INDEX IF NOT EXISTS tonk_player_hands_recent ON tonk_player_hands (key_hash, ended_ms)");
}

void write_players(pqxx::transaction_base& w, const std::vector<PlayerWrite>& writes) {
  for (const PlayerWrite& p : writes) {
    switch (p.kind) {
      case PlayerWrite::Kind::kPlayer:
        w.exec_params("INSERT INTO tonk_players (key_hash, name, created_ms) VALUES ($1, $2, $3) "
                      "ON CONFLICT (key_hash) DO UPDATE SET name = excluded.name",
                      p.key_hash, p.name, p.created_ms);
        break;
      case PlayerWrite::Kind::kStanding: {
        const PlayerStanding& s = p.standing;
        const pqxx::result r = w.exec_params(
            "INSERT INTO tonk_player_ratings (key_hash, grp, rating, deviation, volatility, hands, wins, stakes_won, period, "
            "period_hands, period_start_ms) SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 "
            "WHERE EXISTS (SELECT 1 FROM tonk_players WHERE key_hash = $1) "
            "ON CONFLICT (key_hash, grp) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
            "volatility = excluded.volatility, hands = excluded.hands, wins = excluded.wins, stakes_won = excluded.stakes_won, "
            "period = excluded.period, period_hands = excluded.period_hands, period_start_ms = excluded.period_start_ms",
            p.key_hash, s.group, s.rating, s.deviation, s.volatility, s.hands, encode_wins(s.wins), s.stakes_won, s.period,
            s.period_hands, s.period_start_ms);
        if (r.affected_rows() == 0) throw StorageError("database: a standing of a player who is not stored");
        break;
      }
      case PlayerWrite::Kind::kHand: {
        const PlayerHand& h = p.hand;
        const pqxx::result r = w.exec_params(
            "INSERT INTO tonk_player_hands (key_hash, code, hand, grp, ended_ms, payout) SELECT $1, $2, $3, $4, $5, $6 "
            "WHERE EXISTS (SELECT 1 FROM tonk_players WHERE key_hash = $1) "
            "ON CONFLICT (key_hash, code, hand) DO UPDATE SET grp = excluded.grp, ended_ms = excluded.ended_ms, "
            "payout = excluded.payout",
            p.key_hash, h.code, h.hand, h.group, h.ended_ms, h.payout);
        if (r.affected_rows() == 0) throw StorageError("database: a hand of a player who is not stored");
        break;
      }
      case PlayerWrite::Kind::kForget:
        for (const char* sql : {"DELETE FROM tonk_player_hands WHERE key_hash = $1", "DELETE FROM tonk_player_ratings WHERE key_hash = $1",
                                "DELETE FROM tonk_players WHERE key_hash = $1"})
          w.exec_params(sql, p.key_hash);
        break;
    }
  }
}

std::optional<PlayerRecord> PostgresStorage::read_player(const std::string& key_hash) {
  std::optional<PlayerRecord> out;
  try {
    pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> r(*db_);  // the player and standings of one moment
    const pqxx::result player = r.exec_params("SELECT name, created_ms FROM tonk_players WHERE key_hash = $1", key_hash);
    if (player.empty()) return out;
    out.emplace();
    out->key_hash = key_hash;
    out->name = player[0][0].as<std::string>();
    out->created_ms = player[0][1].as<std::int64_t>();
    for (const auto& row : r.exec_params("SELECT grp, rating, deviation, volatility, hands, wins, stakes_won, period, period_hands, "
                                         "period_start_ms FROM tonk_player_ratings WHERE key_hash = $1 ORDER BY grp",
                                         key_hash)) {
      PlayerStanding s;
      s.group = row[0].as<std::string>();
      s.rating = row[1].as<double>();
      s.deviation = row[2].as<double>();
      s.volatility = row[3].as<double>();
      s.hands = row[4].as<std::int64_t>();
      s.wins = decode_wins(row[5].as<std::string>());
      s.stakes_won = row[6].as<std::int64_t>();
      s.period = row[7].as<std::string>();
      s.period_hands = row[8].as<int>();
      s.period_start_ms = row[9].as<std::int64_t>();
      out->standings.push_back(std::move(s));
    }
    r.commit();
  } catch (const StorageError&) {
    throw;
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: reading a player: ") + e.what());
  }
  return out;
}

std::vector<PlayerHand> PostgresStorage::player_hands(const std::string& key_hash, std::size_t limit) {
  std::vector<PlayerHand> out;
  try {
    pqxx::read_transaction r(*db_);
    for (const auto& row : r.exec_params("SELECT code, hand, grp, ended_ms, payout FROM tonk_player_hands WHERE key_hash = $1 "
                                         "ORDER BY ended_ms DESC, code DESC, hand DESC LIMIT $2",
                                         key_hash, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX))))
      out.push_back({row[0].as<std::string>(), row[1].as<int>(), row[2].as<std::string>(), row[3].as<std::int64_t>(),
                     row[4].as<int>()});
    r.commit();
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: reading a player's hands: ") + e.what());
  }
  return out;
}

std::vector<LeaderboardRow> PostgresStorage::leaderboard(const std::string& group, double max_deviation, std::size_t limit) {
  std::vector<LeaderboardRow> out;
  try {
    pqxx::read_transaction r(*db_);
    for (const auto& row : r.exec_params("SELECT p.name, r.rating, r.deviation, r.hands FROM tonk_player_ratings r "
                                         "JOIN tonk_players p ON p.key_hash = r.key_hash WHERE r.grp = $1 AND r.deviation < $2 "
                                         "ORDER BY r.rating DESC, p.name LIMIT $3",
                                         group, max_deviation, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX))))
      out.push_back({row[0].as<std::string>(), row[1].as<double>(), row[2].as<double>(), row[3].as<std::int64_t>()});
    r.commit();
  } catch (const std::exception& e) {
    throw StorageError(std::string("database: reading a leaderboard: ") + e.what());
  }
  return out;
}

}  // namespace tonk::serve
