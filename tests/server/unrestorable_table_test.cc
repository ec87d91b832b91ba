// A stored table whose settings (a bot kind too) or log do not restore, on a server of its own
// (SQLite): the server does not start, and says which table and why (run_server returns 1), so that
// its host can act.
// With a shared storage such a table is set aside instead (postgres/unrestorable_table_test.cc).
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "../cli_runner.h"  // slurp
#include "fair_deal.h"
#include "storage.h"
#include "table_config.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

TEST(ServeUnrestorableTable, OneServerDoesNotStartAndNamesTheTable) {
  serve::TableConfig good;
  good.code = "BADLOG";
  serve::TableConfig newer_bot = good;  // as a newer tonk, with a bot this one does not have, stores it
  newer_bot.code = "BADBOT";
  newer_bot.bots[0] = "grandmaster";
  serve::TableConfig newer_fill = good;
  newer_fill.code = "BADFIL";
  newer_fill.fill_bots = "grandmaster";
  const struct {
    std::string code, config, log_entry, reason;
  } cases[] = {
      {"BADCFG", "{}", "", "key 'code' not found"},                                    // settings that do not read
      {"BADLOG", good.to_json(), "{\"k\":\"nonsense\"}", "unknown log entry nonsense"},  // an entry that does not
      {"BADBOT", newer_bot.to_json(), "", "bots: unknown bot 'grandmaster'"},          // read, not when the bot is made
      {"BADFIL", newer_fill.to_json(), "", "fill_bots: unknown bot 'grandmaster'"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.code);
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("tonk-unrestorable-" + serve::random_hex(6));
    std::filesystem::create_directories(dir);
    const std::string db = (dir / "tables.db").string(), err = (dir / "stderr.txt").string();
    {
      std::unique_ptr<serve::Storage> storage = serve::open_storage(db);
      storage->load_tables();
      storage->create_table(c.code, c.config);
      if (!c.log_entry.empty()) storage->append(c.code, 0, c.log_entry);
      storage->commit();
    }
    EXPECT_THROW(ServerProcess(db, 1, "20", {}, err), std::runtime_error) << "it started";
    const std::string said = slurp(err);
    EXPECT_NE(said.find("table " + c.code + " does not restore from the storage"), std::string::npos) << said;
    EXPECT_NE(said.find(c.reason), std::string::npos) << said;
    std::filesystem::remove_all(dir);
  }
}

}  // namespace
}  // namespace tonk::test
