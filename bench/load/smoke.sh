#!/usr/bin/env bash
# The load generator's short run for CI (ctest bench.load_smoke, and bench.load_tls_smoke with --tls):
# a fresh `tonk serve` on a free loopback port with its own SQLite file, 5 tables moving every ~50 ms
# for 2 s. Fails if the server refuses any move or none is acknowledged, so the load figures of
# docs/PERFORMANCE.md can be re-made. With --tls the server has a throwaway self-signed certificate
# for tonk.test (openssl) and tonk_load speaks wss://, verifying it.
# Usage: smoke.sh TONK TONK_LOAD [--tls]
set -euo pipefail
tonk=$1 load=$2 tls=${3:-}
dir=$(mktemp -d)
server_tls=() client_tls=()
if [ "$tls" = --tls ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=tonk.test \
    -addext subjectAltName=DNS:tonk.test -keyout "$dir/key.pem" -out "$dir/cert.pem" >/dev/null 2>&1 ||
    { echo "smoke.sh: openssl could not make the test certificate" >&2; rm -rf "$dir"; exit 1; }
  server_tls=(--tls-cert "$dir/cert.pem" --tls-key "$dir/key.pem")
  client_tls=(--tls --ca "$dir/cert.pem" --server-name tonk.test)
elif [ -n "$tls" ]; then
  echo "smoke.sh: unknown option $tls (only --tls)" >&2
  rm -rf "$dir"
  exit 2
fi
"$tonk" serve --listen 127.0.0.1:0 --db "$dir/load.db" --rate 1000 --max-unjoined-per-address 1000 --max-connections-per-address 1000 \
  "${server_tls[@]}" >"$dir/serve.out" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$dir"' EXIT
. "$(dirname "$0")/server_port.sh"
port=$(server_port "$dir/serve.out" "$server") || exit 1
"$load" --port "$port" --tables 5 --seconds 2 --interval 0.05 "${client_tls[@]}"
