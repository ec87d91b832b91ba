#!/usr/bin/env bash
# The load figure against a distant PostgreSQL (docs/PERFORMANCE.md "PostgreSQL 2 ms away"): each
# server binary given in turn, in one run, on its own fresh database of the same cluster, reached
# through tonk_delay_proxy (bench/load/delay_proxy.cc; DELAY_MS each way, default 1: a 2 ms round trip), loaded by
# tonk_load with TABLES tables (default 1000) for SECONDS_MEASURED seconds (default 10).
# Run under tests/server/postgres/with_postgres.sh, which starts the cluster (TONK_PG_URL):
#   tests/server/postgres/with_postgres.sh bench/load/pg_delay.sh build/bench/tonk_load build/bench/tonk_delay_proxy \
#       BEFORE/tonk build/tonk
set -euo pipefail
(($# >= 3)) || { echo "usage: $0 TONK_LOAD TONK_DELAY_PROXY TONK [TONK ...]" >&2; exit 2; }
[ -n "${TONK_PG_URL:-}" ] || { echo "$0: no TONK_PG_URL: run it under tests/server/postgres/with_postgres.sh" >&2; exit 2; }
load=$1 proxy=$2
shift 2
delay_ms=${DELAY_MS:-1}
tables=${TABLES:-1000}
seconds=${SECONDS_MEASURED:-10}
bindir="${TONK_PG_BINDIR:-/usr/lib/postgresql/15/bin}"
dir=$(mktemp -d)
. "$(dirname "$0")/server_port.sh"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; rm -rf "$dir"' EXIT
target=${TONK_PG_URL#*@}
target=${target%%/*}
for _ in 1 2 3 4 5 6 7 8; do
  proxy_port=$((20000 + RANDOM % 40000))
  (exec 3<>"/dev/tcp/127.0.0.1/$proxy_port") 2>/dev/null || break
done
: >"$dir/proxy.out"
"$proxy" --listen "$proxy_port" --to "$target" --delay-ms "$delay_ms" >"$dir/proxy.out" 2>&1 &
pids+=($!)
for _ in $(seq 300); do
  grep -q '^delay_proxy:' "$dir/proxy.out" && break
  sleep 0.1
done
n=0
for tonk in "$@"; do
  n=$((n + 1))
  "$bindir/psql" -q "$TONK_PG_URL" -c "CREATE DATABASE load$n" >/dev/null
  "$tonk" serve --listen 127.0.0.1:0 --db "postgresql://tonk@127.0.0.1:$proxy_port/load$n" --rate 1000 --http-rate 100000 \
    --max-connections-per-address 10000 --max-connections 10000 --max-unjoined-per-address 10000 >"$dir/serve$n.out" 2>&1 &
  server=$!
  pids+=("$server")
  port=$(server_port "$dir/serve$n.out" "$server") || exit 1
  echo "== $tonk: $tables tables, PostgreSQL ${delay_ms} ms away each way"
  timeout 300 "$load" --port "$port" --tables "$tables" --seconds "$seconds" --ramp 10 --watch-pid "$server" || echo "(tonk_load: status $?)"
  kill "$server"
  wait "$server" 2>/dev/null || true
done
