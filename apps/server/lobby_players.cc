// Players in the lobby (docs/RATINGS.md, docs/PROTOCOL.md "Players and ratings"): the player key a
// `join` or `quick` gives (hashed at once: only its SHA-256 is kept), rating a rated table's hands,
// and the `player`, `leaderboard` and `forget` messages.
#include <cmath>
#include <iostream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "lobby.h"
#include "player_key.h"
#include "player_rows.h"
#include "server_table.h"
#include "tonk/bot_ratings.h"
#include "tonk/preset.h"
#include "tonk/rated_hand.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

// A rating or deviation as shown: one decimal.
double shown(double points) { return std::round(points * 10) / 10; }

json wins_json(const WinsByKind& wins) {
  json out = json::object();
  for (int r = 1; r < kNumEndReasons; ++r)
    if (wins[static_cast<std::size_t>(r)] != 0) out[std::string(to_string(static_cast<EndReason>(r)))] = wins[static_cast<std::size_t>(r)];
  return out;
}

void add_re(json& reply, out::RequestId re) {
  if (re) reply["re"] = *re;
}

}  // namespace

void Lobby::set_ratings(const RatingSettings& ratings) {
  if (ratings.period.hands < 1 || ratings.period.hands > 1000)
    throw std::invalid_argument("--rating-period-hands must be 1 to 1000");
  if (!(ratings.leaderboard_deviation > 0 && ratings.leaderboard_deviation <= kMaxDeviation))
    throw std::invalid_argument("--leaderboard-deviation must be above 0, up to 350");
  ratings_ = ratings;
}

std::string Lobby::player_id(const std::string& player_key) {
  if (player_key.empty()) return "";
  try {
    return player_key_hash(player_key);
  } catch (const std::invalid_argument&) {
    throw ProtocolError("bad_request", "`player_key` must be 32 to 128 hex digits, of even length");
  }
}

void Lobby::remember_player(const std::string& player, const std::string& name) {
  if (player.empty()) return;
  try {
    storage_->put_player(player, name, now_ms());  // an existing player only changes name
  } catch (const std::invalid_argument&) {
    // A name an older rule let through and the stored rule refuses: the seat plays, unrecorded.
  }
}

PlayerStanding Lobby::current_standing(const std::string& player, const std::string& group) {
  if (std::optional<PlayerStanding> staged = pending_players_.standing(player, group)) return *staged;
  if (const std::optional<PlayerRecord> stored = storage_->read_player(player))
    for (const PlayerStanding& s : stored->standings)
      if (s.group == group) return s;
  PlayerStanding fresh;
  fresh.group = group;
  return fresh;
}

void Lobby::hand_finished(const ServerTable& table, const HandFinished& hand) {
  if (!rated_hand_problem(hand.seats).empty()) return;  // a bot, a seat without identity, one person twice
  const std::vector<PairwiseResult> pairs = rated_pairs(hand.outcome, hand.scoring, hand.seats);
  if (pairs.empty()) return;  // a void deal
  const std::string& group = table.config().preset;
  const std::int64_t now = now_ms();
  const std::size_t seats = hand.seats.size();
  try {
    std::vector<PlayerStanding> before;  // every rating as it stood before the hand
    for (std::size_t s = 0; s < seats; ++s) before.push_back(current_standing(*hand.seats[s], group));
    std::vector<PlayerStanding> after = before;
    for (std::size_t s = 0; s < seats; ++s) {
      std::vector<GameResult> games;
      for (const PairwiseResult& p : pairs)
        if (p.seat == static_cast<int>(s)) {
          const PlayerStanding& opponent = before[static_cast<std::size_t>(p.opponent)];
          games.push_back({opponent.rating, opponent.deviation, p.score});
        }
      RatedStanding rated = rated_standing(before[s]);
      add_rated_hand(rated, games, now, ratings_.period);
      set_rated(after[s], rated);
      count_hand(after[s], hand.outcome, static_cast<int>(s), hand.booked[s]);
    }
    for (std::size_t s = 0; s < seats; ++s) {
      const std::string& player = *hand.seats[s];
      // Stored again with the seat's name: a player who sent `forget` while seated is a new player
      // from this hand on (the key names nobody until used again, and the seat uses it).
      storage_->put_player(player, hand.names[s], now);
      storage_->put_standing(player, after[s]);
      storage_->add_player_hand(player, PlayerHand{table.code(), hand.hand, group, now, hand.booked[s]});
      pending_players_.staged(player, after[s]);
    }
  } catch (const std::exception& e) {
    // A standing that cannot be read or rated (a damaged row): the hand stays unrated, the table plays on.
    std::cerr << "tonk serve: hand " << hand.hand << " of table " << table.code() << " not rated: " << e.what() << "\n";
  }
}

// --- Messages ---------------------------------------------------------------------------------------

namespace {

// A read of the players' store for a client's message: a storage that cannot answer now (a database
// outage, a damaged row) refuses the message (`server`) and leaves the server running, as GET
// /leaderboard answers 503; only a failed commit stops it.
template <class Read>
auto read_players(Read read) {
  try {
    return read();
  } catch (const StorageError& e) {
    throw ProtocolError("server", std::string("the players' records cannot be read now, try again: ") + e.what());
  }
}

}  // namespace

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Player& m, out::RequestId re) {
  const std::string player = player_id(m.player_key);
  json reply{{"type", "player"}};
  const std::optional<PlayerRecord> stored = read_players([&] { return storage_->read_player(player); });
  if (!stored) {
    reply["known"] = false;
    add_re(reply, re);
    send(client, reply);
    return;
  }
  reply["known"] = true;
  reply["name"] = stored->name;
  reply["since_ms"] = stored->created_ms;
  json standings = json::array();
  for (PlayerStanding s : stored->standings) {
    try {
      RatedStanding rated = rated_standing(s);
      bring_up_to_date(rated, now_ms(), ratings_.period);  // per day: the days away grow the deviation
      set_rated(s, rated);
    } catch (const std::exception&) {
      // A damaged open period: shown as stored (rating it is hand_finished's to refuse, loudly).
    }
    standings.push_back({{"group", s.group},
                         {"rating", shown(s.rating)},
                         {"deviation", shown(s.deviation)},
                         {"hands", s.hands},
                         {"wins", wins_json(s.wins)},
                         {"stakes_won", s.stakes_won},
                         {"listed", s.deviation < ratings_.leaderboard_deviation}});
  }
  reply["standings"] = std::move(standings);
  json recent = json::array();
  for (const PlayerHand& h : read_players([&] { return storage_->player_hands(player, kRecentPlayerHands); }))
    recent.push_back({{"table", h.code}, {"hand", h.hand}, {"group", h.group}, {"ended_ms", h.ended_ms}, {"result", h.payout}});
  reply["recent"] = std::move(recent);
  add_re(reply, re);
  send(client, reply);
}

json Lobby::leaderboard_json(const std::string& group) {
  const Preset* preset = find_preset(group);
  if (!preset) throw ProtocolError("bad_request", "`group` is no preset's name (`presets` lists them)");
  json players = json::array();
  int rank = 0;
  const std::vector<LeaderboardRow> rows =
      read_players([&] { return storage_->leaderboard(preset->name, ratings_.leaderboard_deviation, kLeaderboardRows); });
  for (const LeaderboardRow& row : rows)
    players.push_back({{"rank", ++rank},
                       {"name", row.name},
                       {"rating", shown(row.rating)},
                       {"deviation", shown(row.deviation)},
                       {"hands", row.hands}});
  json bots = json::array();
  for (const BotRating& b : bot_ratings())
    bots.push_back({{"level", std::string(b.level)}, {"rating", shown(b.rating)}, {"deviation", shown(b.deviation)}});
  return {{"type", "leaderboard"},
          {"group", preset->name},
          {"max_deviation", ratings_.leaderboard_deviation},
          {"players", std::move(players)},
          {"bots", std::move(bots)}};
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Leaderboard& m, out::RequestId re) {
  json reply = leaderboard_json(m.group);
  add_re(reply, re);
  send(client, reply);
}

void Lobby::handle(const std::shared_ptr<Client>& client, const in::Forget& m, out::RequestId re) {
  const std::string player = player_id(m.player_key);
  // A seat still held would store the player again at its table's next rated hand: leave it first.
  for (const auto& [code, table] : tables_)
    for (int s = 0; !table->over() && s < table->config().seats(); ++s)
      if (table->holds(s) && table->machine().seat(s).player == player)
        throw ProtocolError("bad_request", "this player holds seat " + std::to_string(s) + " at table " + code +
                                               ": `leave` it (or let the table end) before `forget`");
  const bool known = read_players([&] { return storage_->read_player(player).has_value(); });  // as committed so far
  storage_->forget_player(player);  // one transaction: the player, their standings and history
  pending_players_.forgot(player);
  json reply{{"type", "forgotten"}, {"known", known}};
  add_re(reply, re);
  send(client, reply);  // once the forget is durable
}

}  // namespace tonk::serve
