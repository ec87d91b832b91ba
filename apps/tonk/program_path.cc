#include "program_path.h"

#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <system_error>

namespace tonk::cli {

namespace {

std::string shell_quoted(const std::string& path) {
  if (path.find_first_of(" '\"$`\\\t") == std::string::npos) return path;
  std::string out = "'";
  for (char c : path) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string program_command() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "tonk";
  if (const char* path = std::getenv("PATH")) {
    std::string_view dirs(path);
    while (true) {
      const std::size_t colon = dirs.find(':');
      const std::string dir(dirs.substr(0, colon));
      if (!dir.empty()) {
        const fs::path candidate = fs::path(dir) / "tonk";
        if (fs::exists(candidate, ec)) {  // the first tonk on PATH is the one the shell runs
          return fs::equivalent(candidate, self, ec) && !ec ? "tonk" : shell_quoted(self.string());
        }
      }
      if (colon == std::string_view::npos) break;
      dirs.remove_prefix(colon + 1);
    }
  }
  return shell_quoted(self.string());
}

std::string installed_page_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec || self.parent_path().empty()) return "";
  return (self.parent_path().parent_path() / "share" / "tonk" / "web").string();
}

}  // namespace tonk::cli
