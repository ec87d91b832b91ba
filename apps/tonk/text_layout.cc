#include "text_layout.h"

#include <cstdio>

namespace tonk::cli {

std::string pad_right(std::string_view text, std::size_t width) {
  std::string out(text);
  if (out.size() < width) out.append(width - out.size(), ' ');
  return out;
}

std::string pad_left(std::string_view text, std::size_t width) {
  std::string out;
  if (text.size() < width) out.append(width - text.size(), ' ');
  out.append(text);
  return out;
}

std::string fixed(double value, int decimals, bool sign) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, sign ? "%+.*f" : "%.*f", decimals, value);
  return buffer;
}

}  // namespace tonk::cli
