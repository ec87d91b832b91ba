// How to name this program in a command the person can paste: "tonk" when that is what the shell
// finds on PATH, otherwise the program's real path (e.g. /home/me/tonk/build/tonk); and where an
// installed program finds its files (the browser page).
#pragma once

#include <string>

namespace tonk::cli {

/// "tonk" when the first `tonk` on PATH is this very program, else the absolute path of the running
/// executable (from /proc/self/exe), shell-quoted when it holds a space or quote; "tonk" when
/// neither can be found out.
std::string program_command();

/// Where the installed browser page is for this program: PREFIX/share/tonk/web for a program at
/// PREFIX/bin/tonk (the package's /usr/bin/tonk: /usr/share/tonk/web), found from /proc/self/exe so
/// that any install prefix works. "" when the program's path cannot be found out. Whether the
/// directory exists is the caller's check.
std::string installed_page_dir();

}  // namespace tonk::cli
