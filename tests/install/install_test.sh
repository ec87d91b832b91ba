#!/usr/bin/env bash
# `cmake --install` then the README's library example built outside the tree with find_package(tonk)
# against that prefix, and run. Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/include/tonk/state.h"
cmake -S "$source/examples/library" -B "$work/example" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/example" >/dev/null
out=$("$work/example/random_hands")
echo "$out"
test "$(grep -c '^hand [1-5]: ' <<<"$out")" -eq 5
