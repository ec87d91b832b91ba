#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/; clang, ASan+UBSan, assertions on) in build-fuzz/ and runs
# one for a fixed time. Usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   TARGET: record, rule_file, rule_flags, play_input, record_round_trip, protocol, or all (each for SECONDS).
# Seeds come from tests/fuzz/corpus/TARGET (committed); new inputs go to build-fuzz/corpus/TARGET.
# A finding leaves its input as build-fuzz/crash-* and exits non-zero. docs/RELIABILITY.md.
# TONK_FUZZ_FAST=1 builds in build-fuzz-fast/ without ASan and UBSan (-O2, assertions still on):
# several times the executions a second, for long runs.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(record rule_file rule_flags play_input record_round_trip protocol)
if (($# < 2)); then
  echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options]  (TARGET: ${targets[*]} or all)" >&2
  exit 2
fi
target=$1 seconds=$2
shift 2
if [ "$target" = all ]; then
  for t in "${targets[@]}"; do "$0" "$t" "$seconds" "$@"; done
  exit 0
fi
[[ " ${targets[*]} " == *" $target "* ]] || { echo "scripts/fuzz.sh: unknown target '$target'" >&2; exit 2; }
scripts/setup_fuzz.sh
dir=build-fuzz sanitizers=ON opt="-O1 -g1"
if [ "${TONK_FUZZ_FAST:-0}" = 1 ]; then dir=build-fuzz-fast sanitizers=OFF opt="-O2 -g"; fi
# Assertions on (no NDEBUG): toml++'s own checks are findings too.
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake "${launcher[@]}" -S . -B "$dir" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Fuzz -DCMAKE_CXX_FLAGS_FUZZ="$opt" \
  -DTONK_FUZZ=ON -DTONK_FUZZ_SANITIZERS="$sanitizers" -DTONK_BUILD_TESTS=OFF -DTONK_BUILD_BENCH=OFF -DTONK_BUILD_PYTHON=OFF \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 >/dev/null  # unity batches, as scripts/sanitize.sh
cmake --build "$dir" -j"${TONK_JOBS:-$(nproc)}" --target "fuzz_$target" >/dev/null
mkdir -p "$dir/corpus/$target"
cd "$dir"
# A target may have a dictionary: tests/fuzz/TARGET.dict (protocol: message types and field names).
dict=()
[ -f "../tests/fuzz/$target.dict" ] && dict=(-dict="../tests/fuzz/$target.dict")
exec "./tests/fuzz/fuzz_$target" "corpus/$target" "../tests/fuzz/corpus/$target" -max_total_time="$seconds" \
  -rss_limit_mb=2048 -timeout=30 -max_len=65536 -print_final_stats=1 "${dict[@]}" "$@"
