// Provably fair deals, derivation tonk-deal/1 (docs/PROTOCOL.md "Provably fair deals"): the deck
// order as a documented function of a server seed, committed to before the deal, and the players'
// contributions. `tonk serve` deals with it and `tonk verify` checks records with it
// (fair_record.h); the browser computes the same in web/src/fair.ts. Hex is lowercase on output and
// read in either case. SHA-256 is OpenSSL's (a private dependency of tonk_io).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/card.h"
#include "tonk/game.h"

namespace tonk {

/// The version of the derivation, the first line of the deal material and of a record's fair lines.
inline constexpr std::string_view kFairVersion = "tonk-deal/1";

/// One person's random contribution to a deal.
struct Contribution {
  int seat = 0;         ///< the contributing seat, 0..players-1
  std::string entropy;  ///< 2..64 hex digits, of even length (is_hex)
  friend bool operator==(const Contribution&, const Contribution&) = default;
};

/// True when `text` is `min..max` hex digits (either case), of even length: a seed (64), a
/// contribution (2..64), a token.
bool is_hex(std::string_view text, std::size_t min, std::size_t max);
/// Lowercase hex of `bytes`, two digits a byte.
std::string to_hex(std::span<const std::uint8_t> bytes);
/// SHA-256 of `data`, 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);
/// The commitment published for a server seed: SHA-256 of the seed's bytes (not of its hex text),
/// lowercase hex. Throws std::invalid_argument when `seed_hex` is not an even number of hex digits.
std::string fair_commitment(std::string_view seed_hex);
/// The text hashed for hand `hand`: "tonk-deal/1\n<seed>\n<hand>\n<seat>:<entropy>\n..." with the
/// contributions in seat order and the hex in lowercase.
std::string deal_material(std::string_view seed_hex, int hand, std::vector<Contribution> contributions);
/// SHA-256 of deal_material(), lowercase hex.
std::string deal_digest(std::string_view seed_hex, int hand, const std::vector<Contribution>& contributions);
/// The deck order dealt: `game`'s deck in card order, shuffled by Fisher-Yates (from the last position
/// down) drawing rejection-sampled 32-bit words from SHA-256(digest || u32be(i)), i = 0, 1, ...
/// Throws std::invalid_argument when `digest_hex` is not hex.
std::vector<Card> fair_deck(const Game& game, std::string_view digest_hex);
/// The session's seed (the cut, S5; a suit named at random, V23a): the first 8 bytes, big-endian, of
/// SHA-256("tonk-session/1\n" + hand 1's digest in lowercase hex).
std::uint64_t fair_session_seed(std::string_view first_digest_hex);

}  // namespace tonk
