// How to name this program in a command the person can paste: "tonk" when that is what the shell
// finds on PATH, otherwise the program's real path (e.g. /home/me/tonk/build/tonk).
#pragma once

#include <string>

namespace tonk::cli {

/// "tonk" when the first `tonk` on PATH is this very program, else the absolute path of the running
/// executable (from /proc/self/exe), shell-quoted when it holds a space or quote; "tonk" when
/// neither can be found out.
std::string program_command();

}  // namespace tonk::cli
