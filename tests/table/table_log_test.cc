// The log's codec: the bytes servers have always written, read back to the same entry.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "table_log.h"

namespace tonk::serve {
namespace {

TEST(TableLog, EveryKindIsWrittenAsStoredLogsHoldIt) {
  // Texts as a server before the machine wrote them (keys in alphabetical order).
  const std::vector<std::string> stored = {
      R"({"hand":1,"k":"seed","seed":"00ff"})",
      R"({"k":"join","name":"Ann","seat":0,"token":"ab12"})",
      R"({"entropy":"c0ffee","hand":2,"k":"contrib","seat":1})",
      R"({"hand":3,"k":"deal"})",
      R"({"action":"stock","auto":true,"k":"act","seat":2})",
      R"({"hand":3,"k":"timer","seat":1,"seq":7,"until":1767225600000})",
      R"({"k":"auto","on":false,"seat":1})",
      R"({"k":"leave","seat":0})",
      R"({"k":"end","seat":3})",
      R"({"k":"over","why":"agreed"})",
      R"({"at":1767225600000,"k":"chat","name":"Ann","phrase":"gg","seat":0})",      // a seat's quick phrase
      R"({"at":1767225600001,"k":"chat","seat":-1,"text":"hi <b>all</b>"})",       // a spectator's free text
  };
  for (const std::string& text : stored) EXPECT_EQ(to_text(parse_log_entry(text)), text);
}

TEST(TableLog, OlderEntriesWithoutOptionalFieldsStillRead) {
  const LogEntry act = parse_log_entry(R"({"action":"stock","k":"act","seat":1})");
  ASSERT_TRUE(std::holds_alternative<ActEntry>(act));
  EXPECT_FALSE(std::get<ActEntry>(act).autoplay);
  const LogEntry over = parse_log_entry(R"({"k":"over"})");
  ASSERT_TRUE(std::holds_alternative<OverEntry>(over));
  EXPECT_EQ(std::get<OverEntry>(over).why, "");
}

TEST(TableLog, AnEntryThatDoesNotReadIsRefusedNamingWhy) {
  EXPECT_THROW(parse_log_entry("not json"), std::runtime_error);
  EXPECT_THROW(parse_log_entry(R"({"k":"dance"})"), std::runtime_error);
  EXPECT_THROW(parse_log_entry(R"({"k":"deal"})"), std::runtime_error);
  EXPECT_THROW(parse_log_entry(R"({"action":"fly","k":"act","seat":0})"), std::runtime_error);
  EXPECT_THROW(parse_log_entry(R"({"hand":"one","k":"deal"})"), std::runtime_error);
}

}  // namespace
}  // namespace tonk::serve
