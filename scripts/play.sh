#!/usr/bin/env bash
# Installs what is missing, builds the `tonk` program (only that: the tests and benchmarks are built
# by scripts/test.sh), and starts a game of Tonk against bots in the terminal. Any arguments go to
# `tonk play` (try --help). Paths in them (--rules myrules.toml, --record game.tonk) are read from the
# directory you ran this script from, as with any command.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# TONK_BIN: run that tonk instead of building one (the tests run this script with their build).
if [ -n "${TONK_BIN:-}" ]; then exec "$TONK_BIN" play "$@"; fi
log="$repo/build/play-build.log"
if [ ! -x "$repo/build/tonk" ]; then
  echo "tonk: first run: installing what is missing and building tonk (about 2 minutes on two cores)..." >&2
fi
mkdir -p "$repo/build"
# The build is quiet: its output goes to a log, shown only if something fails.
if ! TONK_BUILD_TARGETS=tonk_cli "$repo/scripts/setup.sh" >"$log" 2>&1; then
  cat "$log" >&2
  echo "tonk: the build failed (log: $log)" >&2
  exit 1
fi
exec "$repo/build/tonk" play "$@"
