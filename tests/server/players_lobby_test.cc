// Player identities and ratings in the lobby (docs/RATINGS.md, docs/PROTOCOL.md "Players and
// ratings"): a quick table's hand between two identified people is rated and shows on `player`; a
// hand with a bot is not; the leaderboard lists a player once their deviation is under its bound;
// `forget` deletes the player; the key itself is never stored; a bad key is refused naming the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "client_message.h"
#include "forwarding_storage.h"
#include "memory_lobby.h"
#include "player_key.h"
#include "server_table.h"

namespace tonk::test {
namespace {

using nlohmann::json;

const std::string kAnnKey = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const std::string kBoKey = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";

json ask(const std::string& name, const std::string& key) {
  return json{{"type", "quick"}, {"preset", "P-STD"}, {"seats", 2}, {"name", name}, {"player_key", key}};
}

json player_page(MemoryLobby& lobby, const std::shared_ptr<MemoryClient>& c, const std::string& key) {
  lobby.send(c, json{{"type", "player"}, {"player_key", key}, {"id", 7}});
  return c->last("player");
}

// The standing in P-STD of a `player` reply, or null.
json standard_standing(const json& page) {
  for (const json& s : page.value("standings", json::array()))
    if (s["group"] == "P-STD") return s;
  return nullptr;
}

// Ann and Bo ask for quick play with their keys and play their turns (draw, discard) until a hand was
// rated (a void deal is not: then the next hand). Returns false when none was within the bound.
bool play_rated_hand(MemoryLobby& lobby, const std::shared_ptr<MemoryClient>& ann, const std::shared_ptr<MemoryClient>& bo) {
  lobby.send(ann, ask("Ann", kAnnKey));
  lobby.send(bo, ask("Bo", kBoKey));
  EXPECT_EQ(ann->last("joined")["table"], bo->last("joined")["table"]) << "the two asks share the table";
  const std::vector<std::shared_ptr<MemoryClient>> seats = {ann, bo};
  for (int turn = 0; turn < 3000; ++turn) {
    if (!standard_standing(player_page(lobby, ann, kAnnKey)).is_null()) return true;
    const json state = ann->last("state");
    if (state.value("status", "") == "between" || !ann->last("hand_over").is_null()) {
      ann->messages.clear();
      bo->messages.clear();
      lobby.send(ann, json{{"type", "ready"}});
      lobby.send(bo, json{{"type", "ready"}});
      continue;
    }
    const int mover = state.value("to_move", -1);
    if (mover < 0) return false;
    lobby.play_turn(seats[static_cast<std::size_t>(mover)]);
    lobby.idle();
  }
  return false;
}

void rate_every_hand(MemoryLobby& lobby, double leaderboard_deviation) {
  serve::RatingSettings ratings;
  ratings.period.hands = 1;  // a period per hand: the rating moves at once
  ratings.leaderboard_deviation = leaderboard_deviation;
  lobby.lobby().set_ratings(ratings);
}

TEST(PlayersLobby, ARatedHandBetweenTwoIdentifiedPeopleChangesBothRatingsAndShowsOnTheirPages) {
  MemoryLobby lobby;
  rate_every_hand(lobby, 150);
  auto ann = std::make_shared<MemoryClient>(), bo = std::make_shared<MemoryClient>();
  const json before = player_page(lobby, ann, kAnnKey);
  EXPECT_EQ(before["known"], false);
  EXPECT_EQ(before["re"], 7);
  ASSERT_TRUE(play_rated_hand(lobby, ann, bo));
  for (const auto& [client, key] : {std::pair{ann, kAnnKey}, std::pair{bo, kBoKey}}) {
    const json page = player_page(lobby, client, key);
    EXPECT_EQ(page["known"], true) << page.dump();
    const json s = standard_standing(page);
    EXPECT_EQ(s["hands"], 1) << page.dump();
    EXPECT_LT(s["deviation"].get<double>(), 350) << "one rated period makes the rating surer";
    ASSERT_EQ(page["recent"].size(), 1u);
    EXPECT_EQ(page["recent"][0]["table"], ann->last("joined")["table"]);
    EXPECT_EQ(page["recent"][0]["group"], "P-STD");
  }
  EXPECT_EQ(player_page(lobby, ann, kAnnKey)["name"], "Ann");
  const double a = standard_standing(player_page(lobby, ann, kAnnKey))["rating"].get<double>();
  const double b = standard_standing(player_page(lobby, bo, kBoKey))["rating"].get<double>();
  EXPECT_NEAR(a - 1500, 1500 - b, 0.2) << "two new players move by the same amount, in opposite directions";
  EXPECT_EQ(lobby.lobby().pending_players(), 0u) << "what was staged is durable and no longer held";
}

TEST(PlayersLobby, AHandWithABotOrASeatWithoutIdentityIsNotRated) {
  MemoryLobby lobby;
  rate_every_hand(lobby, 150);
  const std::string ann = serve::player_key_hash(kAnnKey), bo = serve::player_key_hash(kBoKey);
  serve::TableConfig config;
  config.rules.players = 2;
  config.rated = true;
  config.code = "RATED1";
  serve::ServerTable table(lobby.lobby(), config);
  serve::HandFinished hand;
  hand.hand = 1;
  hand.outcome.reason = EndReason::kTonkOut;
  hand.outcome.winners = 1;
  hand.outcome.payouts[0] = 2;
  hand.outcome.payouts[1] = -2;
  hand.booked = hand.outcome.payouts;
  hand.names = {"Ann", "Bo"};
  auto c = std::make_shared<MemoryClient>();
  for (const std::vector<std::optional<std::string>>& seats :
       {std::vector<std::optional<std::string>>{ann, std::nullopt}, {std::nullopt, bo}, {ann, ann}}) {
    hand.seats = seats;
    lobby.lobby().hand_finished(table, hand);
    lobby.lobby().flush();
    lobby.idle();
    EXPECT_EQ(player_page(lobby, c, kAnnKey)["known"], false) << "a bot, a seat without identity, one person twice";
  }
  hand.seats = {ann, bo};  // the same hand between two people is rated: the test can fail
  lobby.lobby().hand_finished(table, hand);
  lobby.lobby().flush();
  lobby.idle();
  const json s = standard_standing(player_page(lobby, c, kAnnKey));
  EXPECT_GT(s["rating"].get<double>(), 1500) << s.dump();
  EXPECT_EQ(s["wins"]["tonk out"], 1) << s.dump();
  EXPECT_EQ(s["stakes_won"], 2);
}

// Two hands finishing before the first one's batch is committed: the second starts from the staged
// standing (else the first hand's update would be lost).
TEST(PlayersLobby, AHandRatedBeforeTheLastCommitBuildsOnTheStagedStanding) {
  MemoryLobby lobby;
  rate_every_hand(lobby, 150);
  const std::string ann = serve::player_key_hash(kAnnKey), bo = serve::player_key_hash(kBoKey);
  serve::TableConfig config;
  config.rules.players = 2;
  config.rated = true;
  config.code = "RATED2";
  serve::ServerTable table(lobby.lobby(), config);
  serve::HandFinished hand;
  hand.outcome.reason = EndReason::kDrop;
  hand.outcome.winners = 2;
  hand.outcome.payouts[0] = -1;
  hand.outcome.payouts[1] = 1;
  hand.booked = hand.outcome.payouts;
  hand.names = {"Ann", "Bo"};
  hand.seats = {ann, bo};
  for (int n = 1; n <= 2; ++n) {
    hand.hand = n;
    lobby.lobby().hand_finished(table, hand);  // no commit between the two
  }
  EXPECT_GT(lobby.lobby().pending_players(), 0u);
  lobby.lobby().flush();
  lobby.idle();
  auto c = std::make_shared<MemoryClient>();
  const json s = standard_standing(player_page(lobby, c, kBoKey));
  EXPECT_EQ(s["hands"], 2) << s.dump();
  EXPECT_EQ(s["wins"]["drop"], 2) << s.dump();
  EXPECT_EQ(player_page(lobby, c, kBoKey)["recent"].size(), 2u);
  EXPECT_EQ(lobby.lobby().pending_players(), 0u);
}

// A restarted server reads who sat where from the log: the hand finished after the restart is rated.
TEST(PlayersLobby, ARestartKeepsTheSeatsPlayersAndTheHandIsRatedAfterIt) {
  const std::filesystem::path db =
      std::filesystem::temp_directory_path() / ("tonk_players_restart_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(db);
  std::string tokens[2];
  {
    MemoryLobby lobby(std::make_unique<serve::SqliteStorage>(db.string()));
    auto ann = std::make_shared<MemoryClient>(), bo = std::make_shared<MemoryClient>();
    lobby.send(ann, ask("Ann", kAnnKey));
    lobby.send(bo, ask("Bo", kBoKey));
    tokens[0] = ann->last("joined")["token"];
    tokens[1] = bo->last("joined")["token"];
  }
  MemoryLobby lobby(std::make_unique<serve::SqliteStorage>(db.string()));
  rate_every_hand(lobby, 150);
  lobby.lobby().restore();
  const std::vector<std::shared_ptr<MemoryClient>> seats = {std::make_shared<MemoryClient>(), std::make_shared<MemoryClient>()};
  for (int i = 0; i < 2; ++i) {
    lobby.send(seats[static_cast<std::size_t>(i)], json{{"type", "resume"}, {"token", tokens[i]}});
    ASSERT_FALSE(seats[static_cast<std::size_t>(i)]->last("joined").is_null());
  }
  auto asker = std::make_shared<MemoryClient>();
  bool rated = false;
  for (int turn = 0; turn < 3000 && !rated; ++turn) {
    rated = !standard_standing(player_page(lobby, asker, kAnnKey)).is_null();
    if (rated) break;
    const json state = seats[0]->last("state");
    if (state.value("status", "") != "playing") {
      for (const auto& c : seats) lobby.send(c, json{{"type", "ready"}});
      for (const auto& c : seats) c->messages.clear();
      lobby.send(seats[0], json{{"type", "resume"}, {"token", tokens[0]}});
      continue;
    }
    const int mover = state.value("to_move", -1);
    if (mover < 0) break;
    lobby.play_turn(seats[static_cast<std::size_t>(mover)]);
    lobby.idle();
  }
  EXPECT_TRUE(rated) << "the seats' player ids came back from the log";
  EXPECT_EQ(player_page(lobby, asker, kBoKey)["name"], "Bo");
  for (const std::string suffix : {"", "-wal", "-journal", "-shm"}) std::filesystem::remove(db.string() + suffix);
}

TEST(PlayersLobby, TheLeaderboardListsAPlayerOnceTheirDeviationIsUnderTheBoundWithTheBots) {
  MemoryLobby lobby;
  rate_every_hand(lobby, 345);  // one rated period takes a new player under it
  auto ann = std::make_shared<MemoryClient>(), bo = std::make_shared<MemoryClient>();
  lobby.send(ann, json{{"type", "leaderboard"}, {"group", "P-STD"}, {"id", 3}});
  json board = ann->last("leaderboard");
  EXPECT_EQ(board["re"], 3);
  EXPECT_EQ(board["players"].size(), 0u);
  EXPECT_GE(board["bots"].size(), 5u) << "the bots' fixed ratings are reference rows";
  ASSERT_TRUE(play_rated_hand(lobby, ann, bo));
  lobby.send(ann, json{{"type", "leaderboard"}, {"group", "p-std"}});
  board = ann->last("leaderboard");
  EXPECT_EQ(board["group"], "P-STD");
  ASSERT_EQ(board["players"].size(), 2u) << board.dump();
  EXPECT_EQ(board["players"][0]["rank"], 1);
  EXPECT_GE(board["players"][0]["rating"].get<double>(), board["players"][1]["rating"].get<double>());
  lobby.send(ann, json{{"type", "leaderboard"}, {"group", "P-NOPE"}});
  EXPECT_EQ(ann->last("error")["code"], "bad_request");
  EXPECT_NE(ann->last("error")["message"].get<std::string>().find("`group`"), std::string::npos);
}

// A players' store that cannot answer (a database outage, a damaged row) refuses the message; the
// server goes on serving (before, the storage error escaped the handler and stopped it).
class UnreadablePlayers : public ForwardingStorage {
 public:
  using ForwardingStorage::ForwardingStorage;
  std::optional<serve::PlayerRecord> read_player(const std::string&) override { throw serve::StorageError("the database is away"); }
  std::vector<serve::LeaderboardRow> leaderboard(const std::string&, double, std::size_t) override {
    throw serve::StorageError("the database is away");
  }
};

TEST(PlayersLobby, AStoreThatCannotBeReadRefusesThePlayerMessagesAndTheServerGoesOn) {
  MemoryLobby lobby(std::make_unique<UnreadablePlayers>(std::make_shared<serve::SqliteStorage>(":memory:")));
  auto ann = std::make_shared<MemoryClient>();
  for (const json& m : {json{{"type", "player"}, {"player_key", kAnnKey}}, json{{"type", "leaderboard"}, {"group", "P-STD"}},
                        json{{"type", "forget"}, {"player_key", kAnnKey}}}) {
    ASSERT_NO_THROW(lobby.send(ann, m)) << m.dump();
    EXPECT_EQ(ann->last("error")["code"], "server") << m.dump();
    EXPECT_NE(ann->last("error")["message"].get<std::string>().find("cannot be read now"), std::string::npos);
  }
  lobby.send(ann, json{{"type", "ping"}});
  EXPECT_FALSE(ann->last("pong").is_null());
}

TEST(PlayersLobby, ForgetDeletesThePlayerAndALaterPageSaysUnknown) {
  MemoryLobby lobby;
  rate_every_hand(lobby, 345);
  auto ann = std::make_shared<MemoryClient>(), bo = std::make_shared<MemoryClient>();
  ASSERT_TRUE(play_rated_hand(lobby, ann, bo));
  // Still seated: refused, or the table's next rated hand would store her again.
  lobby.send(ann, json{{"type", "forget"}, {"player_key", kAnnKey}, {"id", 8}});
  EXPECT_EQ(ann->last("error")["code"], "bad_request");
  EXPECT_NE(ann->last("error")["message"].get<std::string>().find("`leave` it"), std::string::npos) << ann->last("error");
  EXPECT_EQ(player_page(lobby, ann, kAnnKey)["known"], true);
  lobby.send(ann, json{{"type", "leave"}});
  lobby.send(ann, json{{"type", "forget"}, {"player_key", kAnnKey}, {"id", 9}});
  const json gone = ann->last("forgotten");
  EXPECT_EQ(gone["known"], true);
  EXPECT_EQ(gone["re"], 9);
  EXPECT_EQ(player_page(lobby, ann, kAnnKey)["known"], false);
  EXPECT_EQ(player_page(lobby, bo, kBoKey)["known"], true) << "the other player keeps their history";
  lobby.send(ann, json{{"type", "leaderboard"}, {"group", "P-STD"}});
  EXPECT_EQ(ann->last("leaderboard")["players"].size(), 1u);
  lobby.send(ann, json{{"type", "forget"}, {"player_key", kAnnKey}});
  EXPECT_EQ(ann->last("forgotten")["known"], false);
}

TEST(PlayersLobby, TheKeyIsNeverStoredOnlyItsHash) {
  const std::filesystem::path db =
      std::filesystem::temp_directory_path() / ("tonk_players_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(db);
  {
    MemoryLobby lobby(std::make_unique<serve::SqliteStorage>(db.string()));
    rate_every_hand(lobby, 150);
    auto ann = std::make_shared<MemoryClient>(), bo = std::make_shared<MemoryClient>();
    ASSERT_TRUE(play_rated_hand(lobby, ann, bo));
  }
  std::string bytes;
  for (const std::string suffix : {"", "-wal", "-journal"}) {
    std::ifstream in(db.string() + suffix, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    bytes += text.str();
  }
  EXPECT_NE(bytes.find(serve::player_key_hash(kAnnKey)), std::string::npos) << "the hash is the stored identity";
  EXPECT_EQ(bytes.find(kAnnKey), std::string::npos);
  EXPECT_EQ(bytes.find(kBoKey), std::string::npos);
  EXPECT_EQ(bytes.find(kAnnKey.substr(0, 32)), std::string::npos) << "not even half of it";
  for (const std::string suffix : {"", "-wal", "-journal", "-shm"}) std::filesystem::remove(db.string() + suffix);
}

TEST(PlayersLobby, ABadPlayerKeyIsRefusedNamingTheField) {
  MemoryLobby lobby;
  auto a = std::make_shared<MemoryClient>();
  for (const json& key : {json("xyz"), json(std::string(31, 'a')), json(std::string(130, 'a')), json(42)}) {
    lobby.send(a, json{{"type", "quick"}, {"name", "Ann"}, {"player_key", key}});
    const json e = a->last("error");
    EXPECT_EQ(e["code"], "bad_request") << key.dump();
    EXPECT_NE(e["message"].get<std::string>().find("`player_key`"), std::string::npos) << e.dump();
    a->messages.clear();
  }
  lobby.send(a, json{{"type", "player"}});
  EXPECT_EQ(a->last("error")["message"], "`player_key` (a string) is required");
  lobby.send(a, json{{"type", "forget"}, {"player_key", "00"}});
  EXPECT_EQ(a->last("error")["message"], "`player_key` must be 32 to 128 hex digits, of even length");
  lobby.send(a, json{{"type", "tables"}});
  EXPECT_EQ(a->last("tables")["total"], 0) << "no refused ask left a table";
  // Either case is the same player.
  EXPECT_EQ(serve::player_key_hash(kAnnKey), serve::player_key_hash("0123456789ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef"));
}

TEST(PlayersLobby, TheJoinEntryKeepsThePlayerIdAcrossARestart) {
  const serve::JoinEntry with{1, "Ann", std::string(64, 'a'), std::string(64, 'b')};
  const serve::LogEntry read = serve::parse_log_entry(serve::to_text(with));
  EXPECT_EQ(std::get<serve::JoinEntry>(read).player, std::string(64, 'b'));
  const serve::JoinEntry without{1, "Ann", std::string(64, 'a'), ""};
  EXPECT_EQ(serve::to_text(without).find("player"), std::string::npos) << "a seat without identity: an older server's bytes";
  EXPECT_EQ(std::get<serve::JoinEntry>(serve::parse_log_entry(serve::to_text(without))).player, "");
}

}  // namespace
}  // namespace tonk::test
