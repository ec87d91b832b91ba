// Reading the person's lines at the `tonk play` prompt. At a terminal the line is edited with
// libedit (BSD licence, Debian's libedit-dev): arrow keys move and recall earlier commands, and the
// usual Emacs keys work. Otherwise (a script piped in) lines are read plainly and echoed after their
// prompt, so the transcript reads like a session at the keyboard.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

namespace tonk::cli {

class LineReader {
 public:
  /// Edits lines with libedit when stdin and stdout are both terminals (and the build has libedit);
  /// reads `in` plainly otherwise. `out` receives the prompts (and the echo of piped lines).
  LineReader(std::istream& in, std::ostream& out);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  /// The longest line read, in bytes (its line ending not counted): a command at the prompt is a
  /// few dozen.
  static constexpr std::size_t kMaxLineBytes = 4096;

  /// Shows `prompt` and returns the next line without its line ending, or nullopt at the end of input.
  /// A line longer than kMaxLineBytes (or `tonk play < /dev/zero`, which has no line ending) ends the
  /// input as well, after reading at most kMaxLineBytes + 2 bytes of it, and input_error() says so: input is
  /// never read without a bound. With line editing, non-blank lines go into the
  /// history (up arrow recalls them).
  std::optional<std::string> ask(const std::string& prompt);

  /// Empty, or why the input was ended before its end: "line 3 of the input is longer than 4096
  /// bytes". Once set, ask() returns nullopt.
  const std::string& input_error() const { return input_error_; }

  /// True when lines are edited with libedit.
  bool editing() const { return editing_; }

 private:
  std::istream& in_;
  std::ostream& out_;
  bool editing_ = false;
  bool echo_ = false;
  std::uint64_t lines_ = 0;  // lines read so far
  std::string input_error_;
};

}  // namespace tonk::cli
