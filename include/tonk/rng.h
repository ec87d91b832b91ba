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
  /// The next 64 random bits. Inline: the shuffle and the bots' rollouts call it in their hot loops.
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// A uniform integer in [0, bound), bound >= 1 (Lemire's method, no modulo bias).
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = (next() >> 32) * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) [[unlikely]] {
      const std::uint32_t threshold = (0u - bound) % bound;
      while (low < threshold) {
        m = (next() >> 32) * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }
  /// A uniform double in [0, 1).
  double uniform();
  /// Fisher-Yates shuffle (from the last position down).
  void shuffle(std::span<Card> cards);

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

/// Mixes a seed with a stream number, to give independent generators per hand, seat or thread.
std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream);

}  // namespace tonk
