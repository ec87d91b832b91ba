#!/usr/bin/env bash
# 1,000 tables through TLS against plain, side by side in one run (docs/PERFORMANCE.md, "Through
# TLS"): the same tonk_load clients against
#   plain  tonk serve, ws:// (127.0.0.2)
#   tls    tonk serve --tls-cert/--tls-key, wss:// (127.0.0.3)
#   nginx  nginx with deploy/nginx/tonk (TLS, 127.0.0.4) in front of plain tonk serve (127.0.0.5)
# interleaved (plain tls nginx, plain tls nginx, ...) against the machine's drift, each run on fresh
# servers. Per run: the resident memory of N idle connections (the servers' RSS growth over N; for
# nginx, tonk and nginx's workers together), then the load: moves/s, move-to-ack p50/p99, and the
# servers' CPU (utime + stime from /proc, nginx's workers included) per acknowledged move.
# A throwaway test CA and certificate for tonk.test (ECDSA P-256, as certbot makes by default), loopback
# only, every process started here stopped on exit, each tonk_load bounded by `timeout`.
#
# Usage: tls_compare.sh TONK TONK_LOAD [ROUNDS [TABLES [SECONDS [IDLE]]]]   (defaults 3 1000 10 1000)
#   Environment: NGINX (default /usr/sbin/nginx), NICE (default 19), RAMP (default 10 s).
set -euo pipefail
tonk=$1 load=$2 rounds=${3:-3} tables=${4:-1000} seconds=${5:-10} idle=${6:-1000}
ramp=${RAMP:-10}  # seconds over which the tables open (tonk_load --ramp); measuring starts 3 s after
nginx_bin=${NGINX:-/usr/sbin/nginx}
niceness=${NICE:-19}
site_model=$(cd "$(dirname "$0")/../.." && pwd)/deploy/nginx/tonk
for need in "$tonk" "$load" "$nginx_bin"; do
  [ -x "$need" ] || { echo "tls_compare.sh: $need is not an executable" >&2; exit 2; }
done
[ -f "$site_model" ] || { echo "tls_compare.sh: no $site_model" >&2; exit 2; }

dir=$(mktemp -d)
chmod 755 "$dir"  # nginx's workers read the certificate here
pids=()
stop_all() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
}
trap 'stop_all; rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM  # through the EXIT trap: the servers and the clients stopped too

# The test CA and tonk.test's certificate signed by it; fullchain.pem as certbot writes it.
(
  cd "$dir"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj '/CN=tonk load test CA' \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign -keyout ca-key.pem -out ca.pem
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj /CN=tonk.test -keyout key.pem -out leaf.csr
  printf 'subjectAltName=DNS:tonk.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >leaf.ext
  openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 2 -extfile leaf.ext -out leaf.pem
  cat leaf.pem ca.pem >fullchain.pem
) >/dev/null 2>&1 || { echo "tls_compare.sh: openssl could not make the test certificate" >&2; exit 1; }

# start_tonk NAME ADDRESS [FLAGS...]: a fresh tonk serve on ADDRESS:any port; sets tonk_pid, tonk_port.
start_tonk() {
  local name=$1 address=$2
  shift 2
  nice -n "$niceness" "$tonk" serve --listen "$address:0" --db "$dir/$name.db" --rate 1000 --http-rate 100000 --max-connections 20000 \
    --max-connections-per-address 20000 --max-unjoined-per-address 20000 "$@" >"$dir/$name.out" 2>&1 &
  tonk_pid=$!
  pids+=("$tonk_pid")
  tonk_port=
  for _ in $(seq 100); do
    tonk_port=$(grep -o "listening on https\?://${address//./\\.}:[0-9]*" "$dir/$name.out" | head -n 1 | sed 's/.*://' || true)
    [ -n "$tonk_port" ] && return 0
    kill -0 "$tonk_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "tls_compare.sh: tonk serve ($name) did not start:" >&2
  cat "$dir/$name.out" >&2
  exit 1
}

# A free port on ADDRESS (nginx cannot be given port 0).
free_port() {
  python3 -c 'import socket,sys; s=socket.socket(); s.bind((sys.argv[1], 0)); print(s.getsockname()[1])' "$1"
}

# start_nginx BACKEND_PORT: nginx with deploy/nginx/tonk adapted to this run (every changed line must be
# found: the model and this script change together); sets nginx_port and nginx_pids (master, workers).
start_nginx() {
  local backend=$1 http https
  http=$(free_port 127.0.0.4)
  https=$(free_port 127.0.0.4)
  local site
  site=$(cat "$site_model")
  replace() {
    case "$site" in *"$1"*) ;; *) echo "tls_compare.sh: deploy/nginx/tonk no longer has \"$1\": adapt this script" >&2; exit 1 ;; esac
    site=${site//"$1"/"$2"}
  }
  replace 'server 127.0.0.1:8080;' "server 127.0.0.5:$backend;"
  replace '    listen [::]:80;' ''
  replace '    listen [::]:443 ssl http2;' ''
  replace 'listen 80;' "listen 127.0.0.4:$http;"
  replace 'listen 443 ssl http2;' "listen 127.0.0.4:$https ssl http2;"
  replace '/etc/letsencrypt/live/tonk.example.org/fullchain.pem' "$dir/fullchain.pem"
  replace '/etc/letsencrypt/live/tonk.example.org/privkey.pem' "$dir/key.pem"
  replace 'root /var/www/html;' "root $dir;"
  replace 'server_name tonk.example.org;' 'server_name tonk.test;'
  printf '%s\n' "$site" >"$dir/tonk-site.conf"
  # As Debian's nginx.conf (worker_processes auto: one per core), with room for 3 connections a table
  # twice over (client and upstream) instead of its 768.
  {
    [ "$(id -u)" = 0 ] && echo 'user root;'
    echo "worker_processes auto; worker_rlimit_nofile 20000; pid $dir/nginx.pid; error_log $dir/nginx-error.log;"
    echo 'events { worker_connections 10000; }'
    echo "http { access_log $dir/nginx-access.log;"
    for t in client_body proxy fastcgi uwsgi scgi; do echo "  ${t}_temp_path $dir/nginx-$t;"; done
    echo "  include $dir/tonk-site.conf; }"
  } >"$dir/nginx.conf"
  "$nginx_bin" -t -q -e "$dir/nginx-error.log" -p "$dir" -c "$dir/nginx.conf"
  nice -n "$niceness" "$nginx_bin" -e "$dir/nginx-error.log" -p "$dir" -c "$dir/nginx.conf" -g 'daemon off;' &
  local master=$!
  pids+=("$master")
  nginx_port=$https
  nginx_pids=
  for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.4/$https") 2>/dev/null; then
      nginx_pids="$master $(cat "/proc/$master/task/$master/children")"
      return 0
    fi
    kill -0 "$master" 2>/dev/null || break
    sleep 0.1
  done
  echo "tls_compare.sh: nginx did not start:" >&2
  cat "$dir/nginx-error.log" >&2
  exit 1
}

# clients OUT SECONDS FLAGS...: tonk_load with FLAGS, its report in OUT, killed after SECONDS (and
# stopped with the servers if this script is).
clients() {
  local out=$1 limit=$2
  shift 2
  timeout "$limit" nice -n "$niceness" "$load" "$@" >"$out" &
  pids+=("$!")
  wait "$!" || { echo "tls_compare.sh: tonk_load $* failed:" >&2; cat "$out" >&2; exit 1; }
}

# run MODE ROUND: fresh servers, N idle connections, then the load; one result line.
run() {
  local mode=$1 round=$2 host port client=() watch=()
  case $mode in
    plain) start_tonk "plain$round" 127.0.0.2; host=127.0.0.2 port=$tonk_port; watch=("$tonk_pid") ;;
    tls)
      start_tonk "tls$round" 127.0.0.3 --tls-cert "$dir/fullchain.pem" --tls-key "$dir/key.pem"
      host=127.0.0.3 port=$tonk_port client=(--tls --ca "$dir/ca.pem" --server-name tonk.test); watch=("$tonk_pid") ;;
    nginx)
      start_tonk "nginx$round" 127.0.0.5 --trusted-proxy 127.0.0.1/32
      local backend_pid=$tonk_pid
      start_nginx "$tonk_port"
      host=127.0.0.4 port=$nginx_port client=(--tls --ca "$dir/ca.pem" --server-name tonk.test)
      watch=("$backend_pid")
      for p in $nginx_pids; do watch+=("$p"); done ;;
  esac
  local watch_flags=()
  for p in "${watch[@]}"; do watch_flags+=(--watch-pid "$p"); done
  local idle_out load_out
  clients "$dir/idle.out" 120 --host "$host" --port "$port" "${client[@]}" --idle "$idle" --seconds 2 --warmup 0 "${watch_flags[@]}"
  clients "$dir/load.out" 300 --host "$host" --port "$port" "${client[@]}" --tables "$tables" --seconds "$seconds" --ramp "$ramp" --warmup "$((ramp + 3))" \
    "${watch_flags[@]}"
  idle_out=$(cat "$dir/idle.out") load_out=$(cat "$dir/load.out")
  stop_all
  local kb moves p50 p99 us seated
  kb=$(grep -o '[0-9.]* KB each' <<<"$idle_out" | cut -d' ' -f1)
  moves=$(grep -o '[0-9.]* moves/s' <<<"$load_out" | cut -d' ' -f1)
  p50=$(grep -o 'p50 [0-9.]*' <<<"$load_out" | cut -d' ' -f2)
  p99=$(grep -o 'p99 [0-9.]*' <<<"$load_out" | cut -d' ' -f2)
  us=$(grep -o '[0-9.]* us per move' <<<"$load_out" | cut -d' ' -f1)
  seated=$(grep -o 'seated after [0-9.]* s' <<<"$load_out" | cut -d' ' -f3)
  printf '| %d | %-5s | %8s | %6s | %7s | %7s | %6s | %6s |\n' "$round" "$mode" "$moves" "$p50" "$p99" "$us" "$kb" "$seated"
}

echo "tls_compare.sh: $tables tables, $seconds s measured, $idle idle connections, $rounds rounds; $(nproc) cores;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC')"
echo '| round | mode | moves/s | p50 ms | p99 ms | CPU us/move | KB/idle conn | seated s |'
echo '|---|---|---|---|---|---|---|---|'
for round in $(seq "$rounds"); do
  for mode in plain tls nginx; do run "$mode" "$round"; done
done
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%H:%M UTC')"
