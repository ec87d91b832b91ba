// The name rule on ICU's Unicode data: general categories and properties (uchar.h), NFC
// (normalizer2.h), and the spoof checker of UTS #39 (uspoof.h) for scripts and skeletons.
#include "tonk/player_name.h"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>

namespace tonk {

namespace {

// The code points of `s`, or nothing when it is not valid UTF-8.
bool decode(std::string_view s, std::vector<UChar32>& out) {
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const int n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + static_cast<std::size_t>(n) > s.size()) return false;
    UChar32 c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
    for (int k = 1; k < n; ++k) {
      const auto cb = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if ((cb & 0xC0) != 0x80) return false;
      c = (c << 6) | (cb & 0x3F);
    }
    static constexpr UChar32 kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < kLeast[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
    out.push_back(c);
    i += static_cast<std::size_t>(n);
  }
  return true;
}

bool is_space(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_WHITE_SPACE); }

// Draws nothing by itself: white space, a default-ignorable character (Hangul fillers, variation
// selectors, ...), the blank Braille pattern, or a combining mark (nothing to sit on).
bool draws_nothing(UChar32 c) {
  constexpr UChar32 kBrailleBlank = 0x2800;
  const auto category = static_cast<UCharCategory>(u_charType(c));
  return is_space(c) || u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) || c == kBrailleBlank ||
         category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK || category == U_COMBINING_SPACING_MARK;
}

struct SpoofDeleter {
  void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};

// One checker for the process, configured once; ICU's check and skeleton functions are thread-safe
// on a checker that is no longer changed.
const USpoofChecker& checker() {
  static const std::unique_ptr<USpoofChecker, SpoofDeleter> instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<USpoofChecker, SpoofDeleter> sc(uspoof_open(&status));
    // Only the scripts are judged here: every character is allowed (the rules above decide which
    // are not), else ICU's identifier profile would refuse spaces, punctuation and emoji.
    USet* all = uset_open(0, 0x10FFFF);
    uspoof_setAllowedChars(sc.get(), all, &status);
    uset_close(all);
    uspoof_setChecks(sc.get(), USPOOF_RESTRICTION_LEVEL, &status);
    uspoof_setRestrictionLevel(sc.get(), USPOOF_MODERATELY_RESTRICTIVE);
    if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU spoof checker: ") + u_errorName(status));
    return sc;
  }();
  return *instance;
}

std::string skeleton(std::string_view name) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString text = icu::UnicodeString::fromUTF8(icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
  text = icu::Normalizer2::getNFCInstance(status)->normalize(text, status);
  text.foldCase();
  icu::UnicodeString visible;
  for (int32_t i = 0; i < text.length();) {
    const UChar32 c = text.char32At(i);
    if (!u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) visible.append(c);
    i += U16_LENGTH(c);
  }
  icu::UnicodeString out;
  uspoof_getSkeletonUnicodeString(&checker(), 0, visible, out, &status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU skeleton: ") + u_errorName(status));
  std::string utf8;
  return out.toUTF8String(utf8);
}

}  // namespace

std::string text_problem(std::string_view text, int max_chars) {
  std::vector<UChar32> cps;
  if (!decode(text, cps)) return "is not valid UTF-8";
  if (cps.empty()) return "is empty";
  if (cps.size() > static_cast<std::size_t>(max_chars))
    return "is " + std::to_string(cps.size()) + " characters long; at most " + std::to_string(max_chars);
  for (UChar32 c : cps) {
    const auto category = static_cast<UCharCategory>(u_charType(c));
    if (category == U_CONTROL_CHAR) return "holds a control character";
    // U+2028 and U+2029 break a line as a newline does, without being control characters.
    if (category == U_LINE_SEPARATOR || category == U_PARAGRAPH_SEPARATOR) return "holds a line break";
    if (category == U_FORMAT_CHAR) return "holds an invisible format character (zero-width or bidi)";
  }
  if (std::all_of(cps.begin(), cps.end(), draws_nothing))
    return "is blank: it draws nothing (only spaces, invisible characters or combining marks)";
  return "";
}

std::string name_form_problem(std::string_view name) {
  if (name.empty()) return "is empty: type a name";
  if (std::string why = text_problem(name, kMaxNameChars); !why.empty()) return why;
  std::vector<UChar32> cps;
  decode(name, cps);  // valid: text_problem() read it
  if (is_space(cps.front()) || is_space(cps.back())) return "starts or ends with a space";
  return "";
}

std::string name_problem(std::string_view name) {
  if (std::string why = name_form_problem(name); !why.empty()) return why;
  UErrorCode status = U_ZERO_ERROR;
  const int32_t failed = uspoof_check2UTF8(&checker(), name.data(), static_cast<int32_t>(name.size()), nullptr, &status);
  if (U_FAILURE(status)) return std::string("cannot be checked (ICU: ") + u_errorName(status) + ")";
  if (failed & USPOOF_RESTRICTION_LEVEL)
    return "mixes scripts whose letters look alike (such as Latin with Cyrillic or Greek): write it in one script";
  return "";
}

bool names_look_alike(std::string_view a, std::string_view b) { return skeleton(a) == skeleton(b); }

}  // namespace tonk
