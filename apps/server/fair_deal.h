// The server's part of provably fair deals (docs/PROTOCOL.md "Provably fair deals"): the secrets it
// draws from the OS CSPRNG (server seeds, tokens, table codes, bots' seeds). The derivation of the
// deck and the record's fair-deal lines are the library's (tonk/fair_deal.h, tonk/fair_record.h),
// named here for the server's code.
#pragma once

#include <functional>
#include <span>
#include <string>

#include "tonk/fair_deal.h"

namespace tonk::serve {

using tonk::Contribution;
using tonk::deal_digest;
using tonk::fair_commitment;
using tonk::fair_deck;
using tonk::fair_session_seed;
using tonk::is_hex;
using tonk::kFairVersion;
using tonk::sha256_hex;
using tonk::to_hex;

/// Bytes of a server seed (256 bits).
inline constexpr int kServerSeedBytes = 32;

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

}  // namespace tonk::serve
