// Opening and reading the files a user names (rule files, records) with limits: only a regular file
// or a pipe is read, and never more than a bound, so `--rules /dev/zero` or a directory gets a clear
// error instead of a hang or an empty read.
#pragma once

#include <cstddef>
#include <fstream>
#include <stdexcept>
#include <string>

namespace tonk {

/// A named file could not be opened or read. what() begins with the path: "PATH: is a directory".
class InputFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Opens `path` for reading in binary mode. Refuses (InputFileError) what does not exist, cannot be
/// opened, or is neither a regular file nor a pipe (a directory, a device such as /dev/zero, a
/// socket). The error names the path and why.
std::ifstream open_input_file(const std::string& path);

/// Reads the whole of `path` (opened as open_input_file() does). Throws InputFileError when it has
/// more than `max_bytes` bytes ("PATH: has more than N bytes; ..."), naming `what` ("a rule file"),
/// or when reading fails part way (never returns a truncated text). std::bad_alloc propagates.
std::string read_input_file(const std::string& path, std::size_t max_bytes, const std::string& what);

}  // namespace tonk
