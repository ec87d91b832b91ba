// Flags that take a text (a file path, a preset name, an address): an empty text is refused. Without
// this check `--record ""` wrote no record, and `--rules ""`, `--preset ""` or `--static ""` were
// taken as "not given", all without a word.
#pragma once

#include <CLI/CLI.hpp>

namespace tonk::cli {

/// A CLI11 check refusing an empty text (exit 2, naming the flag): "--record: expected FILE, not an
/// empty text". `what` names what the flag takes ("a file", "a preset name").
CLI::Validator not_empty(const std::string& what);

}  // namespace tonk::cli
