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

std::optional<std::string> LineReader::ask(const std::string& prompt) {
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
    if (line.find_first_not_of(" \t") != std::string::npos) add_history(line.c_str());
    return line;
  }
#endif
  out_ << prompt << std::flush;
  std::string line;
  if (stop_requested() || !std::getline(in_, line) || stop_requested()) {  // a signal ends input too
    out_ << "\n";
    return std::nullopt;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (echo_) out_ << line << "\n";
  return line;
}

}  // namespace tonk::cli
