#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs the whole test suite (ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cd build
ctest --output-on-failure -j"$(nproc)" --timeout 600
