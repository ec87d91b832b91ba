// SqliteStorage's players (storage.h): players(key_hash, name, created_ms); player_ratings(key_hash,
// grp, rating, deviation, volatility, hands, wins, stakes_won, period, period_hands, period_start_ms)
// with (key_hash, grp) the primary key; player_hands(key_hash, code, hand, grp, ended_ms, payout) with
// (key_hash, code, hand) the primary key. Created when missing, so a database of an older server
// gains them on opening.
#include <algorithm>
#include <cstdint>

#include <sqlite3.h>

#include "sqlite_storage.h"

namespace tonk::serve {

namespace {

// One statement, finalized however the scope is left.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
      throw StorageError(std::string("database: players: ") + sqlite3_errmsg(db));
  }
  ~Statement() { sqlite3_finalize(st_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& text(int i, const std::string& value) {
    sqlite3_bind_text(st_, i, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& integer(int i, std::int64_t value) {
    sqlite3_bind_int64(st_, i, value);
    return *this;
  }
  Statement& real(int i, double value) {
    sqlite3_bind_double(st_, i, value);
    return *this;
  }
  /// Runs a statement that returns no rows; the rows it changed.
  int run() {
    if (sqlite3_step(st_) != SQLITE_DONE) throw StorageError(std::string("database: players: ") + sqlite3_errmsg(db_));
    return sqlite3_changes(db_);
  }
  bool row() {
    const int rc = sqlite3_step(st_);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) throw StorageError(std::string("database: players: ") + sqlite3_errmsg(db_));
    return rc == SQLITE_ROW;
  }
  std::string text(int i) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st_, i));
    return p ? p : "";
  }
  std::int64_t integer(int i) const { return sqlite3_column_int64(st_, i); }
  double real(int i) const { return sqlite3_column_double(st_, i); }

 private:
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
};

}  // namespace

void SqliteStorage::create_player_tables() {
  exec("CREATE TABLE IF NOT EXISTS players (key_hash TEXT PRIMARY KEY, name TEXT NOT NULL, created_ms INTEGER NOT NULL) "
       "WITHOUT ROWID");
  exec("CREATE TABLE IF NOT EXISTS player_ratings (key_hash TEXT NOT NULL, grp TEXT NOT NULL, rating REAL NOT NULL, "
       "deviation REAL NOT NULL, volatility REAL NOT NULL, hands INTEGER NOT NULL, wins TEXT NOT NULL, "
       "stakes_won INTEGER NOT NULL, period TEXT NOT NULL, period_hands INTEGER NOT NULL, period_start_ms INTEGER NOT NULL, "
       "PRIMARY KEY (key_hash, grp)) WITHOUT ROWID");
  exec("CREATE INDEX IF NOT EXISTS player_ratings_board ON player_ratings (grp, rating)");
  exec("CREATE TABLE IF NOT EXISTS player_hands (key_hash TEXT NOT NULL, code TEXT NOT NULL, hand INTEGER NOT NULL, "
       "grp TEXT NOT NULL, ended_ms INTEGER NOT NULL, payout INTEGER NOT NULL, PRIMARY KEY (key_hash, code, hand)) WITHOUT ROWID");
  exec("CREATE INDEX IF NOT EXISTS player_hands_recent ON player_hands (key_hash, ended_ms)");
}

void SqliteStorage::write_players(const std::vector<PlayerWrite>& writes) {
  for (const PlayerWrite& w : writes) {
    switch (w.kind) {
      case PlayerWrite::Kind::kPlayer:
        Statement(db_, "INSERT INTO players (key_hash, name, created_ms) VALUES (?1, ?2, ?3) "
                       "ON CONFLICT (key_hash) DO UPDATE SET name = excluded.name")
            .text(1, w.key_hash).text(2, w.name).integer(3, w.created_ms).run();
        break;
      case PlayerWrite::Kind::kStanding: {
        const PlayerStanding& s = w.standing;
        const int changed =
            Statement(db_, "INSERT OR REPLACE INTO player_ratings (key_hash, grp, rating, deviation, volatility, hands, wins, "
                           "stakes_won, period, period_hands, period_start_ms) "
                           "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11 WHERE EXISTS (SELECT 1 FROM players WHERE key_hash = ?1)")
                .text(1, w.key_hash).text(2, s.group).real(3, s.rating).real(4, s.deviation).real(5, s.volatility)
                .integer(6, s.hands).text(7, encode_wins(s.wins)).integer(8, s.stakes_won).text(9, s.period)
                .integer(10, s.period_hands).integer(11, s.period_start_ms)
                .run();
        if (changed == 0) throw StorageError("database: a standing of a player who is not stored");
        break;
      }
      case PlayerWrite::Kind::kHand: {
        const PlayerHand& h = w.hand;
        const int changed =
            Statement(db_, "INSERT OR REPLACE INTO player_hands (key_hash, code, hand, grp, ended_ms, payout) "
                           "SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM players WHERE key_hash = ?1)")
                .text(1, w.key_hash).text(2, h.code).integer(3, h.hand).text(4, h.group).integer(5, h.ended_ms)
                .integer(6, h.payout)
                .run();
        if (changed == 0) throw StorageError("database: a hand of a player who is not stored");
        break;
      }
      case PlayerWrite::Kind::kForget:
        for (const char* sql : {"DELETE FROM player_hands WHERE key_hash = ?1", "DELETE FROM player_ratings WHERE key_hash = ?1",
                                "DELETE FROM players WHERE key_hash = ?1"})
          Statement(db_, sql).text(1, w.key_hash).run();
        break;
    }
  }
}

std::optional<PlayerRecord> SqliteStorage::read_player(const std::string& key_hash) {
  std::optional<PlayerRecord> out;
  Statement player(db_, "SELECT name, created_ms FROM players WHERE key_hash = ?1");
  player.text(1, key_hash);
  if (!player.row()) return out;
  out.emplace();
  out->key_hash = key_hash;
  out->name = player.text(0);
  out->created_ms = player.integer(1);
  Statement st(db_, "SELECT grp, rating, deviation, volatility, hands, wins, stakes_won, period, period_hands, period_start_ms "
                    "FROM player_ratings WHERE key_hash = ?1 ORDER BY grp");
  st.text(1, key_hash);
  while (st.row()) {
    PlayerStanding s;
    s.group = st.text(0);
    s.rating = st.real(1);
    s.deviation = st.real(2);
    s.volatility = st.real(3);
    s.hands = st.integer(4);
    s.wins = decode_wins(st.text(5));
    s.stakes_won = st.integer(6);
    s.period = st.text(7);
    s.period_hands = static_cast<int>(st.integer(8));
    s.period_start_ms = st.integer(9);
    out->standings.push_back(std::move(s));
  }
  return out;
}

std::vector<PlayerHand> SqliteStorage::player_hands(const std::string& key_hash, std::size_t limit) {
  std::vector<PlayerHand> out;
  Statement st(db_, "SELECT code, hand, grp, ended_ms, payout FROM player_hands WHERE key_hash = ?1 "
                    "ORDER BY ended_ms DESC, code DESC, hand DESC LIMIT ?2");
  st.text(1, key_hash).integer(2, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
  while (st.row())
    out.push_back({st.text(0), static_cast<int>(st.integer(1)), st.text(2), st.integer(3), static_cast<int>(st.integer(4))});
  return out;
}

std::vector<LeaderboardRow> SqliteStorage::leaderboard(const std::string& group, double max_deviation, std::size_t limit) {
  std::vector<LeaderboardRow> out;
  Statement st(db_, "SELECT p.name, r.rating, r.deviation, r.hands FROM player_ratings r JOIN players p ON p.key_hash = r.key_hash "
                    "WHERE r.grp = ?1 AND r.deviation < ?2 ORDER BY r.rating DESC, p.name LIMIT ?3");
  st.text(1, group).real(2, max_deviation).integer(3, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
  while (st.row()) out.push_back({st.text(0), st.real(1), st.real(2), st.integer(3)});
  return out;
}

}  // namespace tonk::serve
