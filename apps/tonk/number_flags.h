// Number flags: whole numbers (--seed, --hands, --deals, --threads, --players, --opponents, and
// `tonk serve`'s counts) and decimal numbers (`tonk serve`'s --rate, --lease, --unjoined-expiry):
// decimal digits only, in range. CLI11 alone reads "010" as octal 8, "0x10" as 16, and "-1" or a number too large
// for the type as 18446744073709551615; this validator refuses all of that before CLI11 converts.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace tonk::cli {

/// A CLI11 transform for a whole-number flag: the text must be decimal digits only (no sign, no
/// blanks, no other base) with a value from `min` to `max`; it is rewritten without leading zeros
/// ("010" is ten), so the conversion that follows sees a plain decimal number. Otherwise the flag
/// is refused naming the text and the range (exit 2).
CLI::Validator decimal_range(std::uint64_t min, std::uint64_t max);

/// The check of decimal_range() on its own: "" when `text` is decimal digits with a value from `min`
/// to `max` (and `text` is rewritten without leading zeros); otherwise why not.
std::string check_decimal(std::string& text, std::uint64_t min, std::uint64_t max);

/// A CLI11 check for a decimal-number flag (seconds, a rate): digits with at most one '.' between
/// digits ("2", "0.5", "10.25"; no sign, exponent, blanks, "nan" or "inf"), with a value from `min`
/// to `max`. Otherwise the flag is refused naming the text and the range (exit 2).
CLI::Validator decimal_number_range(double min, double max);

/// The check of decimal_number_range() on its own: "" when `text` is such a number in range;
/// otherwise why not.
std::string check_decimal_number(const std::string& text, double min, double max);

}  // namespace tonk::cli
