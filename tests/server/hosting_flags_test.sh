#!/usr/bin/env bash
# ctest server.hosting_flags: `tonk serve` refuses, before listening and with exit 2, a certificate or
# key that cannot be used (naming the file), a bad --trusted-proxy CIDR (naming it), a bad
# --allowed-origin, and --redirect-http or one TLS file without the other; and it has none of the
# faults the tests' own server takes (tests/server/fault_server.cc).
# Usage: hosting_flags_test.sh TONK
set -euo pipefail
tonk=$(realpath "$1")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
make_pair() {  # make_pair NAME: NAME-cert.pem and NAME-key.pem, self-signed for tonk.test
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=tonk.test -keyout "$1-key.pem" -out "$1-cert.pem" 2>/dev/null
}
make_pair a
make_pair b
openssl pkey -in a-key.pem -aes256 -passout pass:secret -out encrypted-key.pem
mkdir a-directory
: > empty.pem

failures=0
# refused EXPECTED_TEXT ARGS...: tonk serve ARGS exits 2 before listening, saying EXPECTED_TEXT on stderr.
refused() {
  local expected=$1; shift
  local status=0
  timeout 20 "$tonk" serve --listen 127.0.0.1:0 --db :memory: "$@" >out.txt 2>err.txt </dev/null || status=$?
  if [ "$status" -ne 2 ] || ! grep -qF -- "$expected" err.txt || grep -q "listening" out.txt; then
    echo "FAIL: tonk serve $* exited $status; expected 2 and \"$expected\"; it said:"
    cat out.txt err.txt
    failures=$((failures + 1))
  fi
}
refused "--tls-cert missing.pem: No such file or directory" --tls-cert missing.pem --tls-key a-key.pem
refused "--tls-key missing.pem: No such file or directory" --tls-cert a-cert.pem --tls-key missing.pem
refused "--tls-key a-directory: not a regular file" --tls-cert a-cert.pem --tls-key a-directory
refused "--tls-cert empty.pem: not a PEM certificate" --tls-cert empty.pem --tls-key a-key.pem
refused "--tls-cert a-key.pem: not a PEM certificate" --tls-cert a-key.pem --tls-key a-key.pem
refused "--tls-key a-cert.pem: not an unencrypted PEM private key" --tls-cert a-cert.pem --tls-key a-cert.pem
refused "--tls-key encrypted-key.pem: not an unencrypted PEM private key" --tls-cert a-cert.pem --tls-key encrypted-key.pem
refused "--tls-key b-key.pem is not the key of the certificate in --tls-cert a-cert.pem" --tls-cert a-cert.pem --tls-key b-key.pem
refused "--tls-cert and --tls-key go together" --tls-cert a-cert.pem
refused "--redirect-http redirects to the server's https" --redirect-http 127.0.0.1:0
refused "--redirect-http takes HOST:PORT" --tls-cert a-cert.pem --tls-key a-key.pem --redirect-http nowhere
for cidr in 10.0.0.0/33 ::1/129 banana 10.0.0/8 10.0.0.0/ 1.2.3.4/8x; do
  refused "--trusted-proxy $cidr is not an address range" --trusted-proxy 127.0.0.1/32 --trusted-proxy "$cidr"
done
for origin in null tonk.test ftp://tonk.test https://tonk.test/page; do
  refused "--allowed-origin $origin is not an origin" --allowed-origin "$origin"
done
# Crash and clock injection are not in the shipped program.
refused "were not expected: 1 --exit-after-acts" --exit-after-acts 1
refused "were not expected: 100000 --clock-offset-ms" --clock-offset-ms 100000
# An unreadable file (root reads every file, so only when not root).
if [ "$(id -u)" -ne 0 ]; then
  cp a-key.pem locked-key.pem
  chmod 000 locked-key.pem
  refused "--tls-key locked-key.pem: Permission denied" --tls-cert a-cert.pem --tls-key locked-key.pem
fi
# The same files, good: it starts (and is stopped at once).
timeout 20 "$tonk" serve --listen 127.0.0.1:0 --db :memory: --tls-cert a-cert.pem --tls-key a-key.pem \
  --trusted-proxy 127.0.0.1/32 --trusted-proxy ::1/128 --allowed-origin https://friends.example >out.txt 2>err.txt &
pid=$!
for _ in $(seq 100); do grep -q "listening on https://" out.txt && break; sleep 0.1; done
grep -q "listening on https://127.0.0.1:" out.txt || { echo "FAIL: good TLS files were not served:"; cat out.txt err.txt; failures=$((failures + 1)); }
kill "$pid"; wait "$pid" || true
[ "$failures" -eq 0 ] && echo "ok"
exit "$failures"
