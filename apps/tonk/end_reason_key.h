// The key of each way a hand ends in the command line's JSON (`tonk sim --json`, `tonk arena --json`).
#pragma once

#include <string>

#include "tonk/outcome.h"

namespace tonk::cli {

/// `reason`'s name with underscores for spaces ("out_by_discard").
std::string end_reason_key(EndReason reason);

}  // namespace tonk::cli
