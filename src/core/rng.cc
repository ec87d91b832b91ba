#include "tonk/rng.h"

#include <utility>

namespace tonk {

namespace {
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& s : s_) s = splitmix64(seed);
}

double Rng::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

void Rng::shuffle(std::span<Card> cards) {
  // The generator is copied into a local: Card is a byte, so a store into `cards` could alias the
  // state (s_) and the compiler would reload and store it on every step (~30 instructions a card;
  // about 20 from the local). The same numbers are drawn either way.
  Rng local = *this;
  for (std::size_t i = cards.size(); i > 1; --i) {
    const std::size_t j = local.below(static_cast<std::uint32_t>(i));
    std::swap(cards[i - 1], cards[j]);
  }
  *this = local;
}

std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ull);
  splitmix64(x);
  return splitmix64(x);
}

}  // namespace tonk
