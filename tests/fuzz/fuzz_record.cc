// libFuzzer target: the record reader and replay (docs/RECORDS.md) on arbitrary text.
// Oracles: the reader and replay throw only RecordError; a hand that replays is written back and
// read again to the same record (write -> parse equality), and a finished one is zero-sum with its
// deck intact; the streaming reader agrees with parse_records() hand for hand.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string_view>

#include "random_game.h"
#include "tonk/record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace tonk;
  try {
    std::vector<HandRecord> records;
    std::optional<RecordError> parse_error;
    try {
      records = parse_records(text);
    } catch (const RecordError& e) {
      parse_error = e;
    }
    // The streaming reader hands over the same hands and stops at the same error, line and reason.
    std::istringstream in{std::string(text)};
    RecordReader reader(in);
    std::vector<HandRecord> streamed;
    std::optional<RecordError> stream_error;
    try {
      while (auto r = reader.next()) streamed.push_back(std::move(*r));
    } catch (const RecordError& e) {
      stream_error = e;
    }
    fuzz::require(parse_error.has_value() == stream_error.has_value(), "RecordReader and parse_records disagree");
    if (parse_error) {
      fuzz::require(parse_error->line() == stream_error->line() &&
                        std::string(parse_error->what()) == stream_error->what(),
                    "RecordReader and parse_records stop at different errors");
      records = std::move(streamed);  // the hands before the error: replay them too
    } else {
      fuzz::require(streamed == records, "RecordReader and parse_records read different hands");
    }
    for (const HandRecord& r : records) {
      try {
        const Hand hand = replay(r);
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
