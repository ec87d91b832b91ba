// Bounded reading of user-named files (input_file.h).
#include "tonk/input_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace tonk {

namespace {

std::string reason(int error) { return error != 0 ? std::string(" (") + std::strerror(error) + ")" : ""; }

}  // namespace

std::ifstream open_input_file(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    const int error = errno;
    throw InputFileError(path + ": cannot open the file" + reason(error));
  }
  if (S_ISDIR(info.st_mode)) throw InputFileError(path + ": is a directory, not a file");
  if (!S_ISREG(info.st_mode) && !S_ISFIFO(info.st_mode))
    throw InputFileError(path + ": is not a regular file (a device or a socket); give the path of a file");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int error = errno;
    throw InputFileError(path + ": cannot open the file" + reason(error));
  }
  return in;
}

std::string read_input_file(const std::string& path, std::size_t max_bytes, const std::string& what) {
  std::ifstream in = open_input_file(path);
  std::string text;
  char buffer[1 << 16];
  while (in) {
    in.read(buffer, sizeof buffer);
    const auto got = static_cast<std::size_t>(in.gcount());
    if (text.size() + got > max_bytes)
      throw InputFileError(path + ": has more than " + std::to_string(max_bytes) + " bytes; " + what +
                           " may have at most " + std::to_string(max_bytes));
    text.append(buffer, got);
  }
  if (in.bad() || !in.eof()) throw InputFileError(path + ": reading the file failed part way");
  return text;
}

}  // namespace tonk
