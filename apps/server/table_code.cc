#include "table_code.h"

#include <cstddef>

#include "fair_deal.h"

namespace tonk::serve {

namespace {

constexpr std::string_view kCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
constexpr std::size_t kCodeShown = 6;
constexpr std::size_t kCodeSecret = 20;
constexpr std::size_t kMaxCode = kCodeShown + 1 + kCodeSecret;

}  // namespace

bool is_table_code_form(std::string_view code) {
  if (code.empty() || code.size() > kMaxCode) return false;
  for (char c : code)
    if (c != '-' && kCodeAlphabet.find(c) == std::string_view::npos) return false;
  return true;
}

std::string draw_table_code() {
  const std::string bytes = random_hex(static_cast<int>(kCodeShown + kCodeSecret));
  std::string code;
  for (std::size_t i = 0; i < kCodeShown + kCodeSecret; ++i) {
    if (i == kCodeShown) code += '-';
    // 256 is a multiple of 32: each byte gives 5 uniform bits.
    code += kCodeAlphabet[static_cast<std::size_t>(std::stoi(bytes.substr(2 * i, 2), nullptr, 16)) % kCodeAlphabet.size()];
  }
  return code;
}

}  // namespace tonk::serve
