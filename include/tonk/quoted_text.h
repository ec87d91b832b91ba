// Text a user gave (a file's value, a flag, a name), quoted for an error message so that it cannot
// garble the terminal or flood it: records, rule files, presets and `--set` all quote this way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tonk {

/// The longest part of a user's text an error message quotes, in bytes.
inline constexpr std::size_t kMaxQuotedBytes = 40;

/// `text` between single quotes: at most kMaxQuotedBytes of it (then "..."), each control byte
/// (below 0x20, 0x7f) and each byte from 0x80 shown as \xNN. "bad\x1b[2J" becomes 'bad\x1b[2J'
/// with a backslash, never the escape itself. Never throws but std::bad_alloc.
std::string quoted_text(std::string_view text);

/// quoted_text() without the quotes, for a message that frames the text itself ("a string (\"...\")").
std::string escaped_text(std::string_view text);

}  // namespace tonk
