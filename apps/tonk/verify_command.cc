// `tonk verify RECORD` (server_commands.h).
#include <iostream>

#include "server_commands.h"
#include "tonk/fair_record.h"
#include "tonk/input_file.h"
#include "tonk/quoted_text.h"
#include "tonk/record.h"

namespace tonk::cli {

namespace {

constexpr std::size_t kMaxVerifyBytes = 256u << 20;

}  // namespace

int run_verify(const std::string& path) {
  // Read with the bound as it goes (input_file.h): `tonk verify /dev/zero` or a directory gets a
  // clear error, not all the memory there is.
  std::string text;
  try {
    text = read_input_file(path, kMaxVerifyBytes, "a record to verify");
  } catch (const InputFileError& e) {
    std::cerr << "tonk verify: " << e.what() << "\n";
    return 2;
  }
  std::vector<HandRecord> records;
  std::vector<std::optional<FairLines>> fair;  // docs/RECORDS.md "Fair-deal lines"
  try {
    records = parse_records(text);
    fair = find_fair_lines(text, records);
  } catch (const RecordError& e) {
    std::cerr << path << ":" << e.line() << ": " << e.what() << "\n";
    return 2;
  }
  int failures = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const HandRecord& r = records[i];
    const std::string where = path + ":" + std::to_string(r.lines.game) + ": hand " + std::to_string(r.number) + ": ";
    if (!fair[i]) {
      std::cout << where << "NOT VERIFIED: no fair-deal lines (not dealt by tonk serve)\n";
      ++failures;
      continue;
    }
    try {
      if (const std::optional<std::string> why = why_not_fair(*fair[i], r)) {
        std::cout << where << "NOT VERIFIED: " << *why << "\n";
        ++failures;
        continue;
      }
      const std::size_t n = fair[i]->contributions.size();
      std::cout << where << "verified (" << fair[i]->version << ", " << n << " contribution" << (n == 1 ? "" : "s");
      if (!fair[i]->abandoned.empty())
        std::cout << "; abandoned: " << quoted_text(fair[i]->abandoned) << ", " << r.moves.size() << " move"
                  << (r.moves.size() == 1 ? "" : "s") << " played";
      std::cout << ")\n";
    } catch (const RecordError& e) {
      std::cout << path << ":" << e.line() << ": hand " << r.number << ": NOT VERIFIED: " << e.what() << "\n";
      ++failures;
    } catch (const std::exception& e) {
      std::cout << where << "NOT VERIFIED: " << e.what() << "\n";
      ++failures;
    }
  }
  if (records.empty()) {
    std::cerr << "tonk verify: " << path << " holds no hand\n";
    return 2;
  }
  return failures ? 1 : 0;
}

}  // namespace tonk::cli
