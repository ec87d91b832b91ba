#!/usr/bin/env bash
# A soak run: many hands of `tonk sim` in one session, checked zero-sum (S4) over the whole run, with
# the peak memory. Usage: scripts/soak.sh HANDS [sim args...]  (default: 4 random bots, seed 1)
# Prints hands, seconds, peak RSS and the sum of the seats' totals (0 when zero-sum).
set -euo pipefail
cd "$(dirname "$0")/.."
# The `tonk` program, built (and what it needs installed) when missing or out of date; quiet unless it fails.
mkdir -p build
TONK_BUILD_TARGETS=tonk_cli scripts/setup.sh >build/soak-build.log 2>&1 || { cat build/soak-build.log >&2; exit 1; }
hands=${1:-1000000}
shift || true
args=("$@")
((${#args[@]})) || args=(--bots random,random,random,random --seed 1)
out=$(mktemp)
/usr/bin/time -f '%e %M' -o "$out.time" build/tonk sim --hands "$hands" --json "${args[@]}" >"$out"
read -r seconds rss_kb <"$out.time"
sum=$(python3 -c 'import json,sys; print(sum(s["total"] for s in json.load(open(sys.argv[1]))["seats"]))' "$out")
echo "hands $hands  seconds $seconds  peak_rss_mb $((rss_kb / 1024))  sum_of_totals $sum"
rm -f "$out" "$out.time"
[ "$sum" = 0 ]
