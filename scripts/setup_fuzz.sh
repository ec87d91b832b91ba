#!/usr/bin/env bash
# Installs what the fuzz targets and the sanitizer build need (Debian packages only): clang, and the
# compiler-rt runtimes that hold libFuzzer, ASan and UBSan, after what every build needs
# (scripts/install_deps.sh: on a new machine scripts/fuzz.sh works without scripts/setup.sh first).
# Safe to run again.
set -euo pipefail
"$(dirname "$0")/install_deps.sh" clang libclang-rt-dev
