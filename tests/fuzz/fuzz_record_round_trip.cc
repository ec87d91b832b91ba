// libFuzzer target: the write -> parse property of records. The input seeds a
// random valid rule set, a random hand played to its end and random session tags (V22, V23); the
// record written must read back equal, replay to the same moves, and the hand be zero-sum with its
// deck intact (random_game.h).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "random_game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::uint64_t seed = 0x9e3779b97f4a7c15ULL;
  for (std::size_t i = 0; i < size; ++i) seed = (seed ^ data[i]) * 0x100000001b3ULL;
  try {
    tonk::fuzz::check_random_record(seed);
  } catch (const tonk::fuzz::Finding& f) {
    std::cerr << "FINDING: " << f.what() << "\n";
    std::abort();
  }
  return 0;
}
