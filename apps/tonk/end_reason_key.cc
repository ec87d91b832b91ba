#include "end_reason_key.h"

namespace tonk::cli {

std::string end_reason_key(EndReason reason) {
  std::string key(to_string(reason));
  for (char& c : key)
    if (c == ' ') c = '_';
  return key;
}

}  // namespace tonk::cli
