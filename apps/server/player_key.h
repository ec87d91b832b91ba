// A player's identity without sign-up (docs/RATINGS.md "What is stored about a player"): the browser
// makes a random player key and keeps it; the server sees the key when the player says who they are
// and stores only its SHA-256, as it does with seat tokens (fair_deal.h's sha256_hex).
#pragma once

#include <string>
#include <string_view>

namespace tonk::serve {

/// Shortest and longest player key, in hex digits: 128 to 512 bits.
inline constexpr std::size_t kMinPlayerKeyHex = 32;
inline constexpr std::size_t kMaxPlayerKeyHex = 128;

/// The stored identity of player key `key`: SHA-256 of the key in lowercase, 64 lowercase hex digits
/// (a key typed in either case is the same player). Throws std::invalid_argument "`key` ..." when
/// the key is not 32 to 128 hex digits of even length.
std::string player_key_hash(std::string_view key);

/// True when `text` is a stored identity: 64 lowercase hex digits.
bool is_key_hash(std::string_view text);

}  // namespace tonk::serve
