// Test-only: runs the built `tonk` binary (TONK_CLI) as a program and captures what it prints.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace tonk::test {

struct CliRun {
  int code = -1;
  std::string out;
  std::string err;
};

/// A file name of this process's own, so tests run in parallel (ctest -j) do not share files.
inline std::string temp_path(const std::string& name) {
  return testing::TempDir() + "tonk_cli_" + std::to_string(::getpid()) + "_" + name;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Runs `tonk ARGS` with `input` on stdin; captures the exit code, stdout and stderr.
inline CliRun tonk(const std::string& args, const std::string& input = "") {
  const std::string in = temp_path("stdin"), out = temp_path("stdout"), err = temp_path("stderr");
  std::ofstream(in, std::ios::binary) << input;
  const std::string cmd = std::string("'") + TONK_CLI + "' " + args + " <'" + in + "' >'" + out + "' 2>'" + err + "'";
  const int status = std::system(cmd.c_str());
  CliRun r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  for (const std::string& file : {in, out, err}) std::remove(file.c_str());
  return r;
}

}  // namespace tonk::test
