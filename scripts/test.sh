#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs the whole test suite (ctest); then the suite
# again under ASan+UBSan (scripts/sanitize.sh) and each libFuzzer target for a short fixed time
# (scripts/fuzz.sh; TONK_FUZZ_SECONDS, default 20). docs/RELIABILITY.md has the time each step takes.
# TONK_QUICK=1 skips the sanitizer and fuzz steps.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
(cd build && ctest --output-on-failure -j"$(nproc)" --timeout 600)
if [ "${TONK_QUICK:-0}" = 1 ]; then exit 0; fi
scripts/setup_fuzz.sh
scripts/sanitize.sh
for target in record rule_file rule_flags play_input record_round_trip protocol; do
  scripts/fuzz.sh "$target" "${TONK_FUZZ_SECONDS:-20}" 2>&1 | tail -n 12
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "tonk: fuzz target $target failed (build-fuzz/crash-*)" >&2; exit 1; }
done
