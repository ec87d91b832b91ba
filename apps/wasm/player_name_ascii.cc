// player_name.h for the WebAssembly build, which has no ICU (no port of it may be downloaded): a
// stricter rule that needs no Unicode data. A name is 1 to kMaxNameChars printable ASCII characters
// (space to '~') and neither starts nor ends with a space. Every name it accepts is one ICU's rule
// accepts too (ASCII is one script, with no control, format or invisible character), so a record
// the page writes replays with the native `tonk replay`. The page's offline table writes any other
// name as its seat ("seat 0"), as `tonk serve` does with a name the rule refuses.
#include "tonk/player_name.h"

#include <algorithm>
#include <cctype>

namespace tonk {

std::string name_form_problem(std::string_view name) {
  if (name.empty()) return "is empty: type a name";
  if (name.size() > static_cast<std::size_t>(kMaxNameChars))
    return "is " + std::to_string(name.size()) + " characters long; at most " + std::to_string(kMaxNameChars);
  if (!std::all_of(name.begin(), name.end(), [](char c) { return c >= ' ' && c <= '~'; }))
    return "holds a character other than printable ASCII (the offline page's names are plain ASCII)";
  if (name.find_first_not_of(' ') == std::string_view::npos) return "is blank: it draws nothing (only spaces)";
  if (name.front() == ' ' || name.back() == ' ') return "starts or ends with a space";
  return "";
}

std::string name_problem(std::string_view name) { return name_form_problem(name); }

bool names_look_alike(std::string_view a, std::string_view b) {
  // Case folding alone: ASCII has no other confusables the ICU skeleton would not also join
  // (it joins more, "l" with "1"; the page seats one person and bots it names itself).
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

}  // namespace tonk
