// Quoting a user's text for an error message (quoted_text.h).
#include "tonk/quoted_text.h"

namespace tonk {

std::string escaped_text(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < kMaxQuotedBytes; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c >= 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > kMaxQuotedBytes) out += "...";
  return out;
}

std::string quoted_text(std::string_view text) { return "'" + escaped_text(text) + "'"; }

}  // namespace tonk
