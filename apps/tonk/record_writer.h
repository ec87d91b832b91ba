// `--record FILE`: every hand of a session written to one file as it is played, hands separated by
// a blank line (the format of include/tonk/record.h, docs/RECORDS.md).
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "tonk/hand.h"
#include "tonk/record.h"

namespace tonk::cli {

class RecordWriter {
 public:
  /// No file: write() does nothing.
  RecordWriter() = default;
  /// Creates (or empties) the file. Throws std::runtime_error naming the file if it cannot.
  RecordWriter(const std::string& path, std::vector<std::string> seats);

  bool active() const { return out_.is_open(); }
  const std::string& path() const { return path_; }
  int hands_written() const { return written_; }

  /// Appends the record of `hand` (finished or not) as hand `number`, with the session's `tags`
  /// (V22, V23: take them with session_tags() before Session::finish), and flushes it, so the file
  /// is complete whenever the program stops. Throws std::runtime_error if the write fails.
  void write(const Hand& hand, int number, const SessionTags& tags = {});

 private:
  std::string path_;
  std::vector<std::string> seats_;
  std::ofstream out_;
  int written_ = 0;
};

}  // namespace tonk::cli
