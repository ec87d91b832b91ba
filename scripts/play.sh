#!/usr/bin/env bash
# Installs what is missing, builds, and starts a game of Tonk against bots in the terminal.
# Any arguments go to `tonk play` (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >&2
exec build/tonk play "$@"
