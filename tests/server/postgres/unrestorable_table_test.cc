// A table that does not restore (settings or a log entry the server cannot read) in a storage shared
// by several servers: the server sets it aside, says which table and why, and serves on. Stopping
// instead (as one server on its own does, unrestorable_table_test.cc) would stop every server of
// the cluster in turn, each taking the table over from the one before.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include "fair_deal.h"
#include "log_wait.h"
#include "storage.h"
#include "table_config.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

// Stores the tables of `codes` as a server holding a 200 ms lease would, then lets that lease lapse.
void store_stopped_server_tables(const char* url, const std::vector<std::pair<std::string, std::string>>& tables,
                                 const std::string& bad_log_table = "") {
  {
    std::unique_ptr<serve::Storage> s = serve::open_storage(url, std::chrono::milliseconds(200));
    s->load_tables();
    for (const auto& [code, config] : tables) s->create_table(code, config);
    if (!bad_log_table.empty()) s->append(bad_log_table, 0, "{\"k\":\"nonsense\"}");
    s->commit();
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
}

TEST(ServePostgresUnrestorable, ATableThatDoesNotRestoreIsSetAsideAndTheServerServesOn) {
  const char* url = std::getenv("TONK_PG_URL");
  ASSERT_TRUE(url != nullptr && *url) << "TONK_PG_URL is not set: run this test through tests/server/postgres/with_postgres.sh";
  const std::string suffix = serve::random_hex(3);
  const std::string bad_config = "BC" + suffix, bad_log = "BL" + suffix, bad_bot = "BB" + suffix, taken_later = "BT" + suffix;
  serve::TableConfig good;
  good.code = bad_log;
  serve::TableConfig newer_bot = good;  // a bot kind this server does not have: found when read
  newer_bot.code = bad_bot;
  newer_bot.bots[1] = "grandmaster";
  store_stopped_server_tables(url, {{bad_config, "{}"}, {bad_log, good.to_json()}, {bad_bot, newer_bot.to_json()}}, bad_log);

  const std::string err = (std::filesystem::temp_directory_path() / ("tonk-unrestorable-" + suffix + ".txt")).string();
  // Throws (the test fails) when the server does not start.
  // A 2 s lease, renewed every 2/3 s: a loaded machine's stall does not lose it to the helper below.
  ServerProcess server(url, 1, "20", {"--lease", "2"}, err);
  for (const std::string& code : {bad_config, bad_log, bad_bot})
    EXPECT_TRUE(wait_for_log(err, "table " + code + " does not restore from the storage")) << slurp(err);
  WsClient client(server.port(), 5);
  EXPECT_TRUE(client.request({{"type", "tables"}}).contains("tables"));

  // One more, from a server that stops while this one runs: taken over, set aside, and it serves on.
  store_stopped_server_tables(url, {{taken_later, "{}"}});
  EXPECT_TRUE(wait_for_log(err, "table " + taken_later + " does not restore from the storage")) << slurp(err);
  std::this_thread::sleep_for(std::chrono::seconds(1));  // a renewal of its leases, the set-aside tables' too
  EXPECT_TRUE(server.alive()) << slurp(err);
  EXPECT_TRUE(client.request({{"type", "tables"}}).contains("tables"));
  EXPECT_NE(slurp(err).find("set aside"), std::string::npos) << slurp(err);
  std::filesystem::remove(err);
}

}  // namespace
}  // namespace tonk::test
