// `--record FILE`: every hand of a session written to one file as it is played, hands separated by
// a blank line (the format of include/tonk/record.h, docs/RECORDS.md).
//
// Nothing the player has is lost: an existing file is refused unless --force, an input of the run
// (the --rules file) is never written over, and each hand is written whole or not at all, so the
// file always ends on the last complete hand. A failed write (a full disk) is reported once and the
// game goes on without recording.
#pragma once

#include <string>
#include <vector>

#include "tonk/hand.h"
#include "tonk/record.h"

namespace tonk::cli {

/// Where --record writes, and what it must not touch.
struct RecordTarget {
  std::string path;                 ///< "" for no record
  bool force = false;               ///< --force: replace an existing file
  std::vector<std::string> inputs;  ///< files the run reads (--rules): never written over
};

class RecordWriter {
 public:
  /// No file: write() does nothing.
  RecordWriter() = default;
  /// Creates the file (replaces it under target.force). Throws std::runtime_error naming the file,
  /// and nothing is created, if it is one of target.inputs, if it exists and target.force is not
  /// given, or if it cannot be created.
  RecordWriter(const RecordTarget& target, std::vector<std::string> seats);
  RecordWriter(RecordWriter&& other) noexcept;
  RecordWriter& operator=(RecordWriter&& other) noexcept;
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;
  ~RecordWriter();

  /// True while hands are being recorded: a file is open and no write has failed.
  bool active() const { return fd_ >= 0 && !failed_; }
  /// True when a write failed: the file ends with the last hand written whole.
  bool failed() const { return failed_; }
  /// True when --record was given (even if a write failed since).
  bool requested() const { return !path_.empty(); }
  const std::string& path() const { return path_; }
  int hands_written() const { return written_; }

  /// Appends the record of `hand` (finished or not) as hand `number`, with the session's `tags`
  /// (V22, V23: take them with session_tags() before Session::finish), in one piece: if the write
  /// fails part way, the part written is cut off again, a warning naming the file and the hands
  /// kept goes to stderr, and recording stops (failed()). Never throws.
  void write(const Hand& hand, int number, const SessionTags& tags = {});

 private:
  void fail(const std::string& why);

  std::string path_;
  std::vector<std::string> seats_;
  int fd_ = -1;
  long long size_ = 0;  // bytes of complete hands in the file
  int written_ = 0;
  bool failed_ = false;
};

}  // namespace tonk::cli
