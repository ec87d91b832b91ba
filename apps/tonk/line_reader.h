// Reading the person's lines at the `tonk play` prompt. At a terminal the line is edited with
// libedit (BSD licence, Debian's libedit-dev): arrow keys move and recall earlier commands, and the
// usual Emacs keys work. Otherwise (a script piped in) lines are read plainly and echoed after their
// prompt, so the transcript reads like a session at the keyboard.
#pragma once

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

  /// Shows `prompt` and returns the next line without its line ending, or nullopt at the end of input.
  /// With line editing, non-blank lines go into the history (up arrow recalls them).
  std::optional<std::string> ask(const std::string& prompt);

  /// True when lines are edited with libedit.
  bool editing() const { return editing_; }

 private:
  std::istream& in_;
  std::ostream& out_;
  bool editing_ = false;
  bool echo_ = false;
};

}  // namespace tonk::cli
