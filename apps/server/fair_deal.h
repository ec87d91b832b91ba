// Provably fair deals (issue 9 point 6; docs/PROTOCOL.md "Provably fair deals", version tonk-deal/1):
// the deck order as a documented function of a committed server seed and the players' contributions.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/card.h"
#include "tonk/game.h"

namespace tonk::serve {

/// The version of the derivation, written in records ("# fair: tonk-deal/1").
inline constexpr std::string_view kFairVersion = "tonk-deal/1";
/// Bytes of a server seed (256 bits).
inline constexpr int kServerSeedBytes = 32;

/// One person's random contribution to a deal: lowercase hex, 2..64 digits.
struct Contribution {
  int seat = 0;
  std::string entropy;
  friend bool operator==(const Contribution&, const Contribution&) = default;
};

/// SHA-256 of `data` (OpenSSL).
std::array<std::uint8_t, 32> sha256(std::string_view data);
/// SHA-256 of `data` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);
/// Lowercase hex of `bytes`.
std::string to_hex(std::span<const std::uint8_t> bytes);
/// The bytes of a hex string; throws std::invalid_argument when it is not an even number of hex digits.
std::vector<std::uint8_t> from_hex(std::string_view hex);
/// True when `text` is `min..max` lowercase or uppercase hex digits, of even length.
bool is_hex(std::string_view text, std::size_t min, std::size_t max);
/// `bytes` bytes from the OS's CSPRNG (OpenSSL RAND_bytes), in hex. Throws std::runtime_error when
/// the generator fails.
std::string random_hex(int bytes);
/// Fills its argument with random bytes (see set_random_source_for_testing).
using RandomSource = std::function<void(std::span<unsigned char>)>;
/// For tests and fuzzing only (tests/fuzz/fuzz_protocol.cc): makes random_hex draw from `source`
/// instead of the CSPRNG, so that a run is reproducible (seeds, tokens, table codes, bots' seeds).
/// An empty `source` restores the CSPRNG. `tonk serve` never calls it. Not thread-safe: call it
/// while no server runs.
void set_random_source_for_testing(RandomSource source);

/// The text hashed for hand `hand`: "tonk-deal/1\n<seed>\n<hand>\n<seat>:<entropy>\n..." with the
/// contributions in seat order (lowercase hex).
std::string deal_material(std::string_view seed_hex, int hand, std::vector<Contribution> contributions);
/// SHA-256 of deal_material(), hex.
std::string deal_digest(std::string_view seed_hex, int hand, const std::vector<Contribution>& contributions);
/// The deck order dealt: `game`'s deck in card order, shuffled by Fisher-Yates (from the last position
/// down) drawing rejection-sampled 32-bit words from SHA-256(digest || u32be(i)), i = 0, 1, ...
std::vector<Card> fair_deck(const Game& game, std::string_view digest_hex);
/// The session's seed (the cut, S5; a suit named at random, V23a): the first 8 bytes, big-endian, of
/// SHA-256("tonk-session/1\n" + hand 1's digest in hex).
std::uint64_t fair_session_seed(std::string_view first_digest_hex);

}  // namespace tonk::serve
