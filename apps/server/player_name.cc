#include "player_name.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "table_config.h"
#include "tonk/record.h"

namespace tonk::serve {

// Every name a player may join with goes into the table's records ([SeatN], docs/RECORDS.md): a
// code point is at most 4 bytes of UTF-8, so 32 of them must fit a record's seat name.
static_assert(static_cast<std::size_t>(kMaxNameChars) * 4 <= kMaxSeatName,
              "a name the server accepts must fit a record's seat name");

namespace {

struct Range { char32_t lo, hi; };

// Unicode general category Cf (format characters), Unicode 15: soft hyphen, Arabic number signs,
// zero-width space/joiners, bidi embeddings, overrides and isolates, word joiner, invisible
// operators, BOM, interlinear annotation, shorthand format controls, musical format, tags.
constexpr Range kFormat[] = {
    {0x00AD, 0x00AD}, {0x0600, 0x0605}, {0x061C, 0x061C}, {0x06DD, 0x06DD}, {0x070F, 0x070F},
    {0x0890, 0x0891}, {0x08E2, 0x08E2}, {0x180E, 0x180E}, {0x200B, 0x200F}, {0x202A, 0x202E},
    {0x2060, 0x2064}, {0x2066, 0x206F}, {0xFEFF, 0xFEFF}, {0xFFF9, 0xFFFB}, {0x110BD, 0x110BD},
    {0x110CD, 0x110CD}, {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0001, 0xE0001},
    {0xE0020, 0xE007F}};

// Unicode White_Space outside Cc (what JavaScript's String.prototype.trim() also removes).
constexpr Range kSpace[] = {{0x0020, 0x0020}, {0x00A0, 0x00A0}, {0x1680, 0x1680}, {0x2000, 0x200A},
                            {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}};

template <std::size_t N>
bool in(const Range (&ranges)[N], char32_t c) {
  return std::any_of(std::begin(ranges), std::end(ranges), [c](const Range& r) { return c >= r.lo && c <= r.hi; });
}

[[noreturn]] void refuse(const std::string& why) { throw ProtocolError("bad_request", "`name` " + why); }

// The code points of `s`; refuses malformed UTF-8 (the JSON parser already does, but names also
// come back from the log).
std::vector<char32_t> decode(const std::string& s) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const int n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + static_cast<std::size_t>(n) > s.size()) refuse("is not valid UTF-8");
    char32_t c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
    for (int k = 1; k < n; ++k) {
      const auto cb = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if ((cb & 0xC0) != 0x80) refuse("is not valid UTF-8");
      c = (c << 6) | (cb & 0x3F);
    }
    static constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < kLeast[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) refuse("is not valid UTF-8");
    out.push_back(c);
    i += static_cast<std::size_t>(n);
  }
  return out;
}

}  // namespace

void check_player_name(const std::string& name) {
  const std::vector<char32_t> cps = decode(name);
  if (cps.empty()) refuse("is empty: type a name");
  if (cps.size() > static_cast<std::size_t>(kMaxNameChars))
    refuse("is " + std::to_string(cps.size()) + " characters long; at most " + std::to_string(kMaxNameChars));
  for (char32_t c : cps) {
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) refuse("holds a control character");
    if (in(kFormat, c)) refuse("holds an invisible format character (zero-width or bidi)");
  }
  if (std::all_of(cps.begin(), cps.end(), [](char32_t c) { return in(kSpace, c); })) refuse("is blank");
  if (in(kSpace, cps.front()) || in(kSpace, cps.back())) refuse("starts or ends with a space");
}

bool same_name(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           auto low = [](char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; };
           return low(x) == low(y);
         });
}

}  // namespace tonk::serve
