// Every hand that was dealt reveals its seed and has a record that `tonk verify` checks, also a hand
// cut short: the table ended by agreement mid-hand, or every person gone (docs/PROTOCOL.md "Provably
// fair deals"; docs/RECORDS.md "Fair-deal lines"). A table expires only when nobody ever joined it,
// and no hand is dealt without a person present, so an expiry cuts no hand short.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>


#include <nlohmann/json.hpp>

#include "../cli_runner.h"  // temp_path
#include "memory_lobby.h"
#include "server_table.h"
#include "tonk/record.h"

namespace tonk::test {
namespace {

using nlohmann::json;
using Client = std::shared_ptr<MemoryClient>;

// `tonk verify` of `text`: its exit status and what it printed.
std::pair<int, std::string> verify(const std::string& text) {
  const std::string path = temp_path("hand.tonk");
  std::ofstream(path) << text;
  std::string out;
  FILE* p = ::popen((std::string(TONK_CLI) + " verify " + path + " 2>&1").c_str(), "r");
  char buf[512];
  while (p && std::fgets(buf, sizeof buf, p)) out += buf;
  const int status = p ? ::pclose(p) : -1;
  std::filesystem::remove(path);
  return {status, out};
}

// Two persons and a bot, mid-hand 1 after one move at least. Hand 1 can end as it is dealt (a dealt
// tonk, S7: the deal is random): such a table is ended by agreement and another made, a bounded
// number of times.
struct MidHand {
  std::string code;
  std::string commitment;  // hand 1's, as published in `state` while it was in play
  Client ann;
  Client bo;
  explicit MidHand(MemoryLobby& lobby) {
    for (int attempt = 0; attempt < 20; ++attempt) {
      ann = std::make_shared<MemoryClient>();
      bo = std::make_shared<MemoryClient>();
      lobby.send(ann, {{"type", "create"}, {"seats", 3}, {"bots", {{{"seat", 2}, {"kind", "greedy"}}}}});
      code = ann->last("created")["table"];
      lobby.send(ann, {{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}, {"entropy", "c0ffee"}});
      lobby.send(bo, {{"type", "join"}, {"table", code}, {"name", "Bo"}, {"seat", 1}});
      json s = ann->last("state");
      if (s["status"] != "playing" || s["hand"] != 1) {  // over at its deal: not a hand cut short
        lobby.send(ann, {{"type", "end"}});
        lobby.send(bo, {{"type", "end"}});
        continue;
      }
      commitment = s["fair"]["current"]["commitment"];
      if (s["to_move"] != 2) {  // a person to move plays a card: the record has moves to check
        Client mover = s["to_move"] == 0 ? ann : bo;
        s = mover->last("state");
        lobby.send(mover, {{"type", "act"}, {"action", "stock"}, {"hand", s["hand"]}, {"seq", s["seq"]}});
      }
      return;
    }
    ADD_FAILURE() << "hand 1 ended at its deal at each of 20 tables";
  }
};

void expect_abandoned(MemoryLobby& lobby, const MidHand& t, const Client& c, const std::string& reason) {
  const json over = c->last("table_over");
  ASSERT_FALSE(over.is_null());
  ASSERT_TRUE(over.contains("abandoned")) << over.dump();
  EXPECT_EQ(over["abandoned"]["hand"], 1);
  EXPECT_EQ(over["abandoned"]["reason"], reason);
  const json& fair = over["abandoned"]["fair"];
  // The seed revealed is the one committed before the deal.
  EXPECT_EQ(fair["commitment"], t.commitment);
  EXPECT_EQ(fair["contributions"][0]["entropy"], "c0ffee");
  const std::string text = serve::ServerTable::records_of(*lobby.lobby().storage().read_table(t.code)).at(0);
  EXPECT_NE(text.find("# fair-seed: " + fair["server_seed"].get<std::string>()), std::string::npos) << text;
  EXPECT_NE(text.find("# fair-abandoned: " + reason + "\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("[Result"), std::string::npos) << "an unfinished hand has no result";
  // Served (/records/CODE/1) from the storage: the ended table has left memory.
  EXPECT_EQ(lobby.lobby().table_count(), 0u);
  EXPECT_EQ(lobby.lobby().record_text(t.code, 1), text);
  const auto [status, out] = verify(text);
  EXPECT_EQ(status, 0) << out;
  EXPECT_NE(out.find("verified (tonk-deal/1, 1 contribution; abandoned: '" + reason + "'"), std::string::npos) << out;
  // A forged seed is caught in an abandoned hand as in a finished one.
  std::string forged = text;
  const auto at = forged.find("# fair-seed: ") + 13;
  forged[at] = forged[at] == '0' ? '1' : '0';
  EXPECT_NE(verify(forged).first, 0);
}

TEST(ServeAbandonedHand, ATableEndedByAgreementMidHandRevealsAndRecordsIt) {
  MemoryLobby lobby;
  MidHand t(lobby);
  ASSERT_EQ(t.ann->last("state")["status"], "playing");
  lobby.send(t.ann, {{"type", "end"}});
  lobby.send(t.bo, {{"type", "end"}});
  expect_abandoned(lobby, t, t.bo, "agreed");
  // Spectators hear it too; the ws `record` request answers it.
  lobby.send(t.ann, {{"type", "record"}, {"hand", 1}});
  EXPECT_NE(t.ann->last("record")["text"].get<std::string>().find("# fair-abandoned: agreed"), std::string::npos);
}

TEST(ServeAbandonedHand, ATableEveryPersonLeftMidHandRevealsAndRecordsIt) {
  MemoryLobby lobby;
  MidHand t(lobby);
  lobby.send(t.ann, {{"type", "leave"}});
  lobby.send(t.bo, {{"type", "leave"}});
  expect_abandoned(lobby, t, t.bo, "left");
}

TEST(ServeAbandonedHand, AnAbandonedHandsRecordOutlivesARestartAndOldLogsRebuildIt) {
  const std::string db = temp_path("restart.db");
  std::string code, text;
  {
    MemoryLobby lobby(std::make_unique<serve::SqliteStorage>(db));
    MidHand t(lobby);
    code = t.code;
    lobby.send(t.ann, {{"type", "end"}});
    lobby.send(t.bo, {{"type", "end"}});
    text = *lobby.lobby().record_text(code, 1);
  }
  MemoryLobby again(std::make_unique<serve::SqliteStorage>(db));
  again.lobby().restore();  // an ended table is not hosted: its record is read from the storage
  EXPECT_EQ(again.lobby().record_text(code, 1), text);
  // A log written before the reason was logged still gives the hand its record ("ended").
  serve::StoredTable stored = *again.lobby().storage().read_table(code);
  for (std::string& entry : stored.log)
    if (json e = json::parse(entry); e["k"] == "over") {
      e.erase("why");
      entry = e.dump();
    }
  const std::string old = serve::ServerTable::records_of(stored).at(0);
  EXPECT_NE(old.find("# fair-abandoned: ended\n"), std::string::npos) << old;
  EXPECT_EQ(verify(old).first, 0);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

TEST(ServeAbandonedHand, AFinishedHandMarkedAbandonedIsNotVerified) {
  MemoryLobby lobby;
  // A hand Ann ends at once by dropping (S15), if she moves first and may drop: a finished record.
  std::string text;
  for (int attempt = 0; attempt < 60 && text.empty(); ++attempt) {
    auto ann = std::make_shared<MemoryClient>();
    lobby.send(ann, {{"type", "create"}, {"seats", 2}, {"pause_seconds", 60}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}});
    lobby.send(ann, {{"type", "join"}, {"table", ann->last("created")["table"]}, {"name", "Ann"}, {"seat", 0}});
    const json s = ann->last("state");
    if (s["hand"] != 1 || s["to_move"] != 0) continue;
    for (const json& a : s["legal"])
      if (a["id"] == "drop") lobby.send(ann, {{"type", "act"}, {"action", "drop"}, {"hand", 1}, {"seq", s["seq"]}});
    if (!ann->last("hand_over").is_null()) text = *lobby.lobby().record_text(ann->last("created")["table"], 1);
  }
  ASSERT_FALSE(text.empty()) << "no table where Ann could drop first";
  ASSERT_EQ(verify(text).first, 0);
  const auto at = text.find("# fair-commitment: ");
  text.insert(text.find('\n', at) + 1, "# fair-abandoned: agreed\n");
  const auto [status, out] = verify(text);
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("marked abandoned ('agreed') but the hand is finished"), std::string::npos) << out;
}

}  // namespace
}  // namespace tonk::test
