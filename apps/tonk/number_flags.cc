#include "number_flags.h"

#include <charconv>

#include "tonk/quoted_text.h"

namespace tonk::cli {

std::string check_decimal(std::string& text, std::uint64_t min, std::uint64_t max) {
  const std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                            " in decimal digits";
  const std::string shown = quoted_text(text);
  if (text.empty()) return "expected " + range + ", not an empty text";
  for (char c : text)
    if (c < '0' || c > '9') return shown + " is not " + range;
  std::uint64_t value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
  if (ec == std::errc::result_out_of_range || value < min || value > max)
    return shown + " is out of range: expected " + range;
  if (ec != std::errc() || ptr != text.data() + text.size()) return shown + " is not " + range;
  text = std::to_string(value);
  return "";
}

namespace {

// A number as the help shows it: 0.1, 600, 1e+09 -> "1000000000".
std::string shown_number(double v) {
  std::string text = std::to_string(v);
  text.erase(text.find_last_not_of('0') + 1);
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

}  // namespace

std::string check_decimal_number(const std::string& text, double min, double max) {
  const std::string range = "a number from " + shown_number(min) + " to " + shown_number(max) +
                            " in decimal digits (such as 2 or 0.5)";
  const std::string shown = quoted_text(text);
  if (text.empty()) return "expected " + range + ", not an empty text";
  std::size_t digits = 0, points = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      ++digits;
    } else if (c == '.' && i > 0 && i + 1 < text.size() && points == 0) {
      ++points;
    } else {
      return shown + " is not " + range;
    }
  }
  if (digits == 0 || digits > 30) return shown + " is not " + range;
  double value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (ec != std::errc() || ptr != text.data() + text.size()) return shown + " is not " + range;
  if (value < min || value > max) return shown + " is out of range: expected " + range;
  return "";
}

CLI::Validator decimal_number_range(double min, double max) {
  return CLI::Validator([min, max](const std::string& text) { return check_decimal_number(text, min, max); },
                        "", "decimal_number_range");
}

CLI::Validator decimal_range(std::uint64_t min, std::uint64_t max) {
  return CLI::Validator([min, max](std::string& text) { return check_decimal(text, min, max); },
                        "", "decimal_range");
}

}  // namespace tonk::cli
