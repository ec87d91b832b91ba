#include "text_flags.h"

namespace tonk::cli {

CLI::Validator not_empty(const std::string& what) {
  return CLI::Validator(
      [what](const std::string& text) { return text.empty() ? "expected " + what + ", not an empty text" : std::string(); },
      "", "not_empty");
}

}  // namespace tonk::cli
