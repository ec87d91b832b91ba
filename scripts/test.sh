#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs the whole test suite (ctest); then the suite
# again under ASan+UBSan (scripts/sanitize.sh) and each libFuzzer target for a short fixed time
# (scripts/fuzz.sh; TONK_FUZZ_SECONDS, default 12). docs/RELIABILITY.md has the time each step takes;
# each step prints its own ("tonk: ... took N s") so that a CI log shows where the time goes.
# TONK_QUICK=1 skips the sanitizer and fuzz steps.
set -euo pipefail
cd "$(dirname "$0")/.."
took() { echo "tonk: $1 took $((SECONDS - $2)) s (${SECONDS} s in all)" >&2; }
t=$SECONDS; scripts/setup.sh; took "set-up and build" "$t"
t=$SECONDS; (cd build && ctest --output-on-failure -j"$(nproc)" --timeout 600); took "test suite" "$t"
if [ "${TONK_QUICK:-0}" = 1 ]; then exit 0; fi
t=$SECONDS; scripts/setup_fuzz.sh; scripts/sanitize.sh; took "sanitizer build and suite" "$t"
t=$SECONDS
for target in record rule_file rule_flags play_input record_round_trip protocol; do
  scripts/fuzz.sh "$target" "${TONK_FUZZ_SECONDS:-12}" 2>&1 | tail -n 12
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "tonk: fuzz target $target failed (build-fuzz/crash-*)" >&2; exit 1; }
done
took "fuzz build and runs" "$t"
