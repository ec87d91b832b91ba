#include "fair_deal.h"

#include <stdexcept>
#include <vector>

#include <openssl/rand.h>

namespace tonk::serve {

namespace {
RandomSource& test_source() {
  static RandomSource source;
  return source;
}
}  // namespace

void set_random_source_for_testing(RandomSource source) { test_source() = std::move(source); }

std::string random_hex(int bytes) {
  std::vector<unsigned char> buf(static_cast<std::size_t>(bytes));
  if (test_source()) {
    test_source()(buf);
  } else if (RAND_bytes(buf.data(), bytes) != 1) {
    throw std::runtime_error("the OS random number generator failed (RAND_bytes)");
  }
  return to_hex(buf);
}

}  // namespace tonk::serve
