// Test-only: runs the built `tonk` binary (TONK_CLI) on a pseudo-terminal, as a person at a keyboard
// would: each line of input is typed once the program shows a prompt, so prompts, line editing and
// colours behave as they do at a real terminal.
#pragma once

#include <poll.h>
#include <signal.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

namespace tonk::test {

struct PtyRun {
  int code = -1;
  std::string out;  ///< everything the terminal showed (stdout and stderr), with \r\n line ends
};

/// Runs `tonk ARGS...` on a pseudo-terminal. Whenever the output so far ends with one of `prompts`
/// (by default the play prompt "> " and the [y/N] and [Y/n] questions), the next entry of `keys` is
/// typed (include "\n" or "\r" yourself; "\x1b[A" is the up arrow). After the last one, Ctrl-D ends
/// the input. Gives up after `timeout_s` seconds (the child is killed; code stays -1).
inline PtyRun pty_tonk(const std::vector<std::string>& args, const std::vector<std::string>& keys,
                       int timeout_s = 30,
                       const std::vector<std::string>& prompts = {"> ", "[y/N] ", "[Y/n] "}) {
  PtyRun run;
  int master = -1;
  const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) return run;
  if (pid == 0) {
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(TONK_CLI));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::setenv("TERM", "xterm", 1);
    ::unsetenv("NO_COLOR");
    ::execv(TONK_CLI, argv.data());
    ::_exit(127);
  }
  std::size_t next = 0;
  std::size_t answered_at = 0;  // output length when the last key was typed
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  bool eof_sent = false;
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{master, POLLIN, 0};
    const int ready = ::poll(&p, 1, 100);
    if (ready > 0) {
      char buffer[4096];
      const ssize_t n = ::read(master, buffer, sizeof buffer);
      if (n <= 0) break;  // the child closed the terminal
      run.out.append(buffer, static_cast<std::size_t>(n));
      continue;  // read everything available before deciding to type
    }
    bool at_prompt = false;
    for (const std::string& prompt : prompts)
      at_prompt = at_prompt || (run.out.size() > answered_at && run.out.size() >= prompt.size() &&
                                run.out.compare(run.out.size() - prompt.size(), prompt.size(), prompt) == 0);
    if (!at_prompt) continue;
    answered_at = run.out.size();
    if (next < keys.size()) {
      const std::string& k = keys[next++];
      if (::write(master, k.data(), k.size()) < 0) break;
    } else if (!eof_sent) {
      eof_sent = ::write(master, "\x04", 1) == 1;
    }
  }
  int status = 0;
  pid_t done = 0;
  const auto grace = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  while ((done = ::waitpid(pid, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < grace)
    ::usleep(10000);
  ::close(master);
  if (done != pid) {  // still running: it hung
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return run;
  }
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace tonk::test
