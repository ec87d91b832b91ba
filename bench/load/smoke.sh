#!/usr/bin/env bash
# The load generator's short run for CI (ctest bench.load_smoke): a fresh `tonk serve` on a free
# loopback port with its own SQLite file, 5 tables moving every ~50 ms for 2 s. Fails if the server
# refuses any move or none is acknowledged, so the load figures of docs/PERFORMANCE.md can be re-made.
# Usage: smoke.sh TONK TONK_LOAD
set -euo pipefail
tonk=$1 load=$2
dir=$(mktemp -d)
"$tonk" serve --listen 127.0.0.1:0 --db "$dir/load.db" --max-unjoined-per-address 1000 --max-connections-per-address 1000 >"$dir/serve.out" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$dir"' EXIT
port=
for _ in $(seq 100); do
  port=$(grep -o '127\.0\.0\.1:[0-9]*' "$dir/serve.out" | head -n 1 | cut -d: -f2 || true)
  [ -n "$port" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$dir/serve.out" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "smoke.sh: the server printed no port" >&2; cat "$dir/serve.out" >&2; exit 1; }
"$load" --port "$port" --tables 5 --seconds 2 --interval 0.05
