#!/usr/bin/env bash
# Installs what is missing, builds the `tonk` program and the browser page (only those: the tests and
# benchmarks are built by scripts/test.sh), and starts `tonk serve` on http://127.0.0.1:8080. Any
# arguments go to `tonk serve` (try --help; e.g. --listen 127.0.0.1:0 for a free port). The
# server's database (tonk-serve.db) is kept in the directory you run this from.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# TONK_BIN: run that tonk instead of building one (the tests run this script with their build).
if [ -n "${TONK_BIN:-}" ]; then exec "$TONK_BIN" serve --static "$repo/web/dist" "$@"; fi
log="$repo/build/serve-build.log"
if [ ! -x "$repo/build/tonk" ] || [ ! -f "$repo/web/dist/index.html" ]; then
  echo "tonk: first run: installing what is missing (node, npm, chromium too), building tonk and the page" >&2
  echo "tonk: (a few minutes on two idle cores; the build's output goes to $log)" >&2
fi
mkdir -p "$repo/build"
if ! TONK_BUILD_TARGETS=tonk_cli "$repo/scripts/setup.sh" >"$log" 2>&1; then
  cat "$log" >&2
  echo "tonk: the build failed (log: $log)" >&2
  exit 1
fi
exec "$repo/build/tonk" serve --static "$repo/web/dist" "$@"
