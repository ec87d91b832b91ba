// Every expert kind the documents name is one the bot factory accepts, so each documented command
// replays its row (docs/BOTS.md "Names"): a renamed or refused option cannot leave a figure whose
// command no longer runs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>

#include "tonk/bot_factory.h"

namespace tonk {
namespace {

TEST(DocumentedBotKinds, EveryExpertKindInTheDocumentsIsAccepted) {
  const std::filesystem::path root(TONK_SOURCE_DIR);
  // "expert:" and its '/'-separated options; the placeholders of the syntax (OPTIONS, N) are not kinds.
  const std::regex kind(R"(\bexpert:[A-Za-z0-9/]+)");
  const std::set<std::string> placeholders{"expert:OPTIONS", "expert:N"};
  int kinds = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root / "docs")) {
    if (entry.path().extension() != ".md") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kind); it != std::sregex_iterator(); ++it) {
      std::string name = it->str();
      while (name.back() == '/') name.pop_back();  // a path-like mention ends the kind
      if (placeholders.count(name)) continue;
      ++kinds;
      try {
        make_bot(name, 1);
      } catch (const std::invalid_argument& e) {
        ADD_FAILURE() << entry.path().filename().string() << " names " << name << ", which is refused: " << e.what();
      }
    }
  }
  EXPECT_GT(kinds, 50) << "docs/BOTS.md names many expert kinds; the search found too few";
}

}  // namespace
}  // namespace tonk
