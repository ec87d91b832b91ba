// A small, fast, portable random number generator, so that a seed gives the same deals and the same
// bot decisions on every platform and standard library (std::shuffle's algorithm is unspecified).
#pragma once

#include <cstdint>
#include <span>

#include "tonk/card.h"

namespace tonk {

/// xoshiro256** seeded through splitmix64. Not for cryptography. Copyable value.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);
  std::uint64_t next();
  /// A uniform integer in [0, bound), bound >= 1 (Lemire's method, no modulo bias).
  std::uint32_t below(std::uint32_t bound);
  /// A uniform double in [0, 1).
  double uniform();
  /// Fisher-Yates shuffle (from the last position down).
  void shuffle(std::span<Card> cards);

 private:
  std::uint64_t s_[4];
};

/// Mixes a seed with a stream number, to give independent generators per hand, seat or thread.
std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream);

}  // namespace tonk
