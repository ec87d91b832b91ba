#!/usr/bin/env bash
# The server soak (docs/RELIABILITY.md "The server soak"): a fresh `tonk serve` on a free loopback
# port with its own SQLite file and a short retention policy, and tonk_soak making, playing (a
# person's scripted client against a bot) and ending tables on it as fast as it answers, sampling
# the server's memory, open descriptors, database size and p99 move latency. Bounded: it stops by
# itself after --tables tables or --minutes minutes, whichever comes first, and stops its server.
# Fails when the server refused anything, stopped answering, or its memory or database grew with
# the tables ended beyond what the retention policy allows (flat: a few MB of noise).
#
# Usage: scripts/soak_server.sh [--short] [--tables N] [--minutes M] [--lanes L] [--keep DIR]
#   --short      the CI run (ctest server.soak_short): 6,000 tables or 50 s, a line every 600 tables
#   --keep DIR   write the database and the server's output in DIR (kept) instead of a temporary one
# Programs: $TONK (default build/tonk) and $TONK_SOAK (default build/bench/tonk_soak).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tonk=${TONK:-$root/build/tonk}
soak=${TONK_SOAK:-$root/build/bench/tonk_soak}
tables=1000000 minutes=60 lanes=4 keep= short=0
while (($#)); do
  case $1 in
    --short) short=1 tables=6000 minutes=0.84 ;;
    --tables) tables=$2; shift ;;
    --minutes) minutes=$2; shift ;;
    --lanes) lanes=$2; shift ;;
    --keep) keep=$2; shift ;;
    *) echo "usage: $0 [--short] [--tables N] [--minutes M] [--lanes L] [--keep DIR]" >&2; exit 2 ;;
  esac
  shift
done
for p in "$tonk" "$soak"; do
  [ -x "$p" ] || { echo "soak_server.sh: $p is not built (cmake --build build --target tonk_cli tonk_soak)" >&2; exit 2; }
done
if [ -n "$keep" ]; then dir=$keep; mkdir -p "$dir"; else dir=$(mktemp -d); fi
seconds=$(awk -v m="$minutes" 'BEGIN { printf "%d", m * 60 }')
if ((short)); then
  # Ended tables are deleted 1 s after they end, swept every 0.5 s: the database holds about the
  # last 1.5 s of tables whatever the count (its size follows the rate, not the count), and memory
  # only the tables in play.
  retention=(--keep-log 0 --delete-ended-after 1 --retention-sweep 0.5)
  sampling=(--sample-tables 600 --sample-seconds 60 --warmup 0.5 --max-rss-growth-mb 12 --max-db-growth-mb 8)
else
  # The long run: deleted 2 minutes after they end (a host would keep days: the same flat line,
  # higher), swept every 10 s; a line every minute.
  retention=(--keep-log 0 --delete-ended-after 120 --retention-sweep 10)
  sampling=(--sample-tables 100000000 --sample-seconds 60 --warmup 0.25 --max-rss-growth-mb 32 --max-db-growth-mb 16)
fi
rm -f "$dir/soak.db" "$dir/soak.db-wal" "$dir/soak.db-shm"
timeout --signal=TERM $((seconds + 60)) "$tonk" serve --listen 127.0.0.1:0 --db "$dir/soak.db" --workers 1 --rate 100000 \
  --max-connections-per-address 1000 --max-unjoined-per-address 1000 "${retention[@]}" >"$dir/serve.out" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  [ -n "$keep" ] || rm -rf "$dir"
}
trap cleanup EXIT
port=
for _ in $(seq 200); do
  port=$(grep -o '127\.0\.0\.1:[0-9]*' "$dir/serve.out" | head -n 1 | cut -d: -f2 || true)
  [ -n "$port" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$dir/serve.out" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "soak_server.sh: the server printed no port" >&2; cat "$dir/serve.out" >&2; exit 1; }
# The server's own pid (timeout runs it as a child).
pid=$(pgrep -P "$server" -x tonk || echo "$server")
echo "soak_server.sh: $tables tables or $minutes min, $lanes lanes, server pid $pid on port $port, $dir/soak.db"
status=0
"$soak" --port "$port" --server-pid "$pid" --db "$dir/soak.db" --tables "$tables" --lanes "$lanes" \
  --max-seconds "$seconds" "${sampling[@]}" || status=$?
kill -0 "$server" 2>/dev/null || { echo "soak_server.sh: FAIL: the server stopped" >&2; cat "$dir/serve.out" >&2; status=1; }
exit $status
