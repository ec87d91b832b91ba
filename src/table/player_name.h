// The rule for a player's name at a table (docs/PROTOCOL.md, "Names"), as the protocol answers it:
// the rule itself is the library's (tonk/player_name.h), which the record writer uses too; the page
// mirrors what it can of it (web/src/names.ts).
#pragma once

#include <string>

#include "tonk/player_name.h"

namespace tonk::serve {

/// Checks a name sent in `join` (or `create`) with tonk::name_problem(). Throws ProtocolError
/// "bad_request" whose message starts with "`name`".
void check_player_name(const std::string& name);
/// check_player_name() but for the scripts (tonk::name_form_problem()).
void check_player_name_form(const std::string& name);

/// True when two names would look the same at a table (tonk::names_look_alike: their confusable
/// skeletons are equal, so "Ann" and "ANN", and "Аnn" with a Cyrillic А).
bool same_name(const std::string& a, const std::string& b);

}  // namespace tonk::serve
