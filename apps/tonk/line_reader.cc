#include "line_reader.h"

#include "stop_signal.h"

#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "terminal.h"

#ifdef TONK_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

namespace tonk::cli {

LineReader::LineReader(std::istream& in, std::ostream& out) : in_(in), out_(out) {
#ifdef TONK_HAVE_LIBEDIT
  editing_ = &in == &std::cin && is_terminal(STDIN_FILENO) && is_terminal(STDOUT_FILENO);
  if (editing_) {
    rl_readline_name = "tonk";  // ~/.editrc may hold settings under "tonk:"
    using_history();
  }
#endif
  echo_ = !editing_ && !is_terminal(STDIN_FILENO);
}

LineReader::~LineReader() {
#ifdef TONK_HAVE_LIBEDIT
  if (editing_) clear_history();
#endif
}

namespace {

std::string too_long(std::uint64_t line) {
  return "line " + std::to_string(line) + " of the input is longer than " + std::to_string(LineReader::kMaxLineBytes) +
         " bytes";
}

// One line of `in` without its '\n', reading at most `max_bytes` + 1 bytes of it: false at the end
// of input (with nothing read), `too_long` set when the line goes on past `max_bytes`.
bool read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf* buffer = in.rdbuf();
  while (true) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !line.empty();
    }
    if (c == '\n') return true;
    if (line.size() == max_bytes) {
      too_long = true;
      return true;
    }
    line.push_back(static_cast<char>(c));
  }
}

}  // namespace

std::optional<std::string> LineReader::ask(const std::string& prompt) {
  if (!input_error_.empty()) return std::nullopt;
#ifdef TONK_HAVE_LIBEDIT
  if (editing_) {
    // The editor is given the last line of the prompt only; the lines above are printed as they are,
    // so colours there cannot confuse its idea of the cursor's column.
    const std::size_t newline = prompt.rfind('\n');
    const std::string last = newline == std::string::npos ? prompt : prompt.substr(newline + 1);
    if (newline != std::string::npos) out_ << prompt.substr(0, newline + 1);
    out_ << std::flush;
    char* raw = stop_requested() ? nullptr : readline(last.c_str());
    if (!raw || stop_requested()) {  // a signal (SIGINT, SIGTERM) ends input too
      std::free(raw);
      out_ << "\n";
      return std::nullopt;
    }
    std::string line(raw);
    std::free(raw);
    ++lines_;
    if (line.size() > kMaxLineBytes) {
      input_error_ = too_long(lines_);
      out_ << "\n";
      return std::nullopt;
    }
    if (line.find_first_not_of(" \t") != std::string::npos) add_history(line.c_str());
    return line;
  }
#endif
  out_ << prompt << std::flush;
  std::string line;
  bool over = false;
  if (stop_requested() || !read_bounded_line(in_, line, kMaxLineBytes + 1, over) || stop_requested()) {
    out_ << "\n";  // a signal ends input too
    return std::nullopt;
  }
  ++lines_;
  if (!over && !line.empty() && line.back() == '\r') line.pop_back();  // CRLF: the CR is the line ending's
  if (over || line.size() > kMaxLineBytes) {
    input_error_ = too_long(lines_);
    out_ << "\n";
    return std::nullopt;
  }
  if (echo_) out_ << line << "\n";
  return line;
}

}  // namespace tonk::cli
