#include "number_flags.h"

#include <charconv>

namespace tonk::cli {

std::string check_decimal(std::string& text, std::uint64_t min, std::uint64_t max) {
  const std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                            " in decimal digits";
  const std::string shown = text.size() > 40 ? text.substr(0, 40) + "..." : text;
  if (text.empty()) return "expected " + range + ", not an empty text";
  for (char c : text)
    if (c < '0' || c > '9') return "'" + shown + "' is not " + range;
  std::uint64_t value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
  if (ec == std::errc::result_out_of_range || value < min || value > max)
    return "'" + shown + "' is out of range: expected " + range;
  if (ec != std::errc() || ptr != text.data() + text.size()) return "'" + shown + "' is not " + range;
  text = std::to_string(value);
  return "";
}

CLI::Validator decimal_range(std::uint64_t min, std::uint64_t max) {
  return CLI::Validator([min, max](std::string& text) { return check_decimal(text, min, max); },
                        "", "decimal_range");
}

}  // namespace tonk::cli
