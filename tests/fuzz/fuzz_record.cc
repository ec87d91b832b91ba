// libFuzzer target: the record reader and replay (docs/RECORDS.md) on arbitrary text.
// Oracles: the reader and replay throw only RecordError; a hand that replays is written back and
// read again to the same record (write -> parse equality), and a finished one is zero-sum with its
// deck intact; the streaming reader agrees with parse_records() hand for hand.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string_view>

#include "random_game.h"
#include "tonk/record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace tonk;
  try {
    std::vector<HandRecord> records;
    bool parsed = true;
    try {
      records = parse_records(text);
    } catch (const RecordError&) {
      parsed = false;
    }
    std::istringstream in{std::string(text)};
    RecordReader reader(in);
    std::size_t i = 0;
    try {
      while (auto r = reader.next()) {
        fuzz::require(parsed && i < records.size() && *r == records[i], "RecordReader and parse_records disagree");
        ++i;
      }
      fuzz::require(parsed && i == records.size(), "RecordReader read fewer hands than parse_records");
    } catch (const RecordError&) {
      fuzz::require(!parsed, "RecordReader refused what parse_records read");
    }
    for (const HandRecord& r : records) {
      std::unique_ptr<Game> game;
      try {
        const Hand hand = replay(r, game);
        if (hand.is_over()) fuzz::check_finished(hand);
      } catch (const RecordError&) {
        continue;
      }
      HandRecord clean = r;
      clean.lines = {};
      fuzz::check_round_trip(clean);
    }
  } catch (const fuzz::Finding& f) {
    std::cerr << "FINDING: " << f.what() << "\n";
    std::abort();
  }
  return 0;
}
