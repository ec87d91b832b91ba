#!/usr/bin/env bash
# ctest server.serve_script: a server started away from the page says how to get it (on stderr and at
# /), and scripts/serve.sh serves the built page (web/dist) from wherever it is started.
# Usage: serve_script_test.sh TONK REPO
set -euo pipefail
tonk=$1 repo=$2
dir=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; rm -rf "$dir"' EXIT
start() {  # start OUT CMD...: runs CMD in the background, waits for its port
  local out=$1; shift
  "$@" >"$out" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    port=$(grep -o '127\.0\.0\.1:[0-9]*' "$out" | head -n 1 | cut -d: -f2 || true)
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  echo "no port printed:"; cat "$out"; exit 1
}
get() { python3 -c 'import sys,urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())' "$1"; }

cd "$dir"
start "$dir/bare.out" "$tonk" serve --listen 127.0.0.1:0 --db "$dir/bare.db"
grep -q "scripts/serve.sh" "$dir/bare.out" || { echo "stderr does not say how to build the page:"; cat "$dir/bare.out"; exit 1; }
body=$(get "http://127.0.0.1:$port/")  # whole, not piped: grep -q would close the pipe early
grep -q "scripts/serve.sh" <<<"$body" || { echo "/ does not say how to build the page"; exit 1; }

[ -f "$repo/web/dist/index.html" ] || { echo "web/dist is not built (scripts/setup.sh builds it)"; exit 1; }
start "$dir/script.out" env TONK_BIN="$tonk" "$repo/scripts/serve.sh" --listen 127.0.0.1:0 --db "$dir/script.db"
body=$(get "http://127.0.0.1:$port/")
grep -qi "<!doctype html" <<<"$body" || { echo "scripts/serve.sh does not serve web/dist"; exit 1; }
if grep -q "no browser page" "$dir/script.out"; then echo "scripts/serve.sh started the server without the page"; exit 1; fi
echo "ok"
