// The rule for a player's name at a table (docs/PROTOCOL.md, "Names"); the page mirrors it
// (web/src/names.ts).
#pragma once

#include <string>

namespace tonk::serve {

/// Longest name, in Unicode code points (not bytes).
constexpr int kMaxNameChars = 32;

/// Checks a name sent in `join` (or `create`): valid UTF-8 of 1 to kMaxNameChars code points, no
/// control or format characters (Unicode general category Cc or Cf: zero-width and bidi marks too),
/// no white space at either end (the page trims before sending), not blank. Throws ProtocolError
/// "bad_request" whose message starts with "`name`".
void check_player_name(const std::string& name);

/// True when two names would look the same at a table: equal ignoring ASCII case.
bool same_name(const std::string& a, const std::string& b);

}  // namespace tonk::serve
