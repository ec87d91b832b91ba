// Table codes (docs/PROTOCOL.md "Table codes"): 6 characters to read out, a dash, and a secret of 20
// (5 bits each: 100 bits from the CSPRNG) without which the table cannot be found. Codes of tables
// made before the secret (6 characters) are still accepted.
#pragma once

#include <string>
#include <string_view>

namespace tonk::serve {

/// True when `code` can be a table's code: 1 to 27 characters of the code alphabet or '-' (the
/// storage is never asked about anything else).
bool is_table_code_form(std::string_view code);

/// A new code drawn from the OS CSPRNG (random_hex); the caller checks that no table has it.
std::string draw_table_code();

}  // namespace tonk::serve
