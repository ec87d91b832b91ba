#include "player_name.h"

#include <cstddef>

#include "table_config.h"
#include "tonk/record.h"

namespace tonk::serve {

// Every name a player may join with goes into the table's records ([SeatN], docs/RECORDS.md): a
// code point is at most 4 bytes of UTF-8, so 32 of them must fit a record's seat name.
static_assert(static_cast<std::size_t>(kMaxNameChars) * 4 <= kMaxSeatName,
              "a name the server accepts must fit a record's seat name");

void check_player_name(const std::string& name) {
  if (const std::string why = name_problem(name); !why.empty()) throw ProtocolError("bad_request", "`name` " + why);
}

void check_player_name_form(const std::string& name) {
  if (const std::string why = name_form_problem(name); !why.empty()) throw ProtocolError("bad_request", "`name` " + why);
}

bool same_name(const std::string& a, const std::string& b) { return names_look_alike(a, b); }

}  // namespace tonk::serve
