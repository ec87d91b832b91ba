// Small helpers for laying out plain-text tables: padding to a column and fixed-point numbers.
#pragma once

#include <string>
#include <string_view>

namespace tonk::cli {

/// `text` followed by spaces up to `width` characters (no change when it is already as wide).
std::string pad_right(std::string_view text, std::size_t width);
/// Spaces then `text`, `width` characters in all (no change when it is already as wide).
std::string pad_left(std::string_view text, std::size_t width);
/// `value` with `decimals` digits after the point; with `sign`, positive values get a '+'.
std::string fixed(double value, int decimals, bool sign = false);

}  // namespace tonk::cli
