// A player's name (docs/PROTOCOL.md "Names"): the one rule that `tonk serve`, the record writer and
// reader, and so every terminal that shows a record's names, apply. Unicode's own data decides
// (ICU, privately: no ICU type appears here).
#pragma once

#include <string>
#include <string_view>

namespace tonk {

/// Longest name, in Unicode code points (not bytes).
inline constexpr int kMaxNameChars = 32;

/// "" when `name` may name a player; otherwise why not, in words that follow the name ("is
/// blank: ..."): valid UTF-8 of 1 to kMaxNameChars code points; no control or format character
/// (Unicode general category Cc or Cf); no white space at either end; not blank (made only of
/// characters that draw nothing: white space, default-ignorable characters, the blank Braille
/// pattern, and combining marks); not a mix of scripts that look alike (UTS #39 restriction level
/// "moderately restrictive": Latin with Cyrillic or Greek letters is refused, one script alone, such
/// as "Σοφία" or "李", is not). Never throws but std::bad_alloc.
std::string name_problem(std::string_view name);

/// True when two names would look alike at a table: their UTS #39 confusable skeletons, taken after
/// NFC, case folding and dropping default-ignorable characters, are equal ("Ann", "ANN", and "Аnn"
/// with a Cyrillic А look alike; so do "greedy 1" and "greedy l"). For names name_problem() accepts.
bool names_look_alike(std::string_view a, std::string_view b);

/// "" when `text` may be shown as one line a player wrote (a name, a chat line): valid UTF-8 of 1 to
/// `max_chars` code points, no control or format character (Unicode Cc, Cf), not blank (only
/// characters that draw nothing). Otherwise why not, in words that follow the text ("holds a control
/// character"), as name_problem() says them. The part of the name rule that is not about names:
/// white space at the ends and scripts are the name's alone. Never throws but std::bad_alloc.
std::string text_problem(std::string_view text, int max_chars);

/// name_problem() but for the scripts: for a server that first tells a name that looks like one at
/// its table "taken", whatever its scripts.
std::string name_form_problem(std::string_view name);

}  // namespace tonk
