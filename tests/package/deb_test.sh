#!/usr/bin/env bash
# ctest package.deb: the Debian package a host installs (cmake/package.cmake, docs/DEPLOY.md).
# Builds tonk_VERSION_amd64.deb with cpack from the build directory, installs it with dpkg -i, checks
# the unit with systemd-analyze verify, runs the installed program as the unit would (the tonk user,
# its working directory and umask, the config file) and fetches the installed page from it, copies
# its database with serve-backup as the tonk user, finds DEPLOY.md's proxy configurations installed
# (and, without systemd, the installer's word on starting the server by hand), checks that a port
# below 1024 needs exactly CAP_NET_BIND_SERVICE, installs the package over itself (an upgrade: the
# host's serve.toml kept, the table made before resumed), then dpkg -r removes the package and leaves
# /var/lib/tonk. It needs root (dpkg) and skips (exit 77) without it, or when a tonk package is
# already installed here (it would not replace a host's own). Whatever happens, it leaves the machine
# as it found it: the package purged, and the tonk user and /var/lib/tonk removed when it made them.
# Usage: deb_test.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build=$(cd "$1" && pwd) source=$(cd "$2" && pwd) version=$3
skip() { echo "package.deb skipped: $*"; exit 77; }
fail() { echo "package.deb FAILED: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || skip "installing a package needs root (run the tests as root, as CI does)"
command -v dpkg >/dev/null && command -v cpack >/dev/null || skip "needs dpkg and cpack (a Debian machine)"
if dpkg-query -W -f='${Status}' tonk 2>/dev/null | grep -q "ok installed"; then
  skip "a tonk package is already installed on this machine; this test installs and removes its own"
fi
[ ! -e /usr/bin/tonk ] || skip "/usr/bin/tonk exists and is not from a package"
[ -f "$source/web/dist/index.html" ] || fail "no built page in $source/web/dist: run scripts/setup.sh"

work=$(mktemp -d)
had_user=0; getent passwd tonk >/dev/null && had_user=1
had_state=0; [ -e /var/lib/tonk ] && had_state=1
installed=0 server=""
cleanup() {
  local status=$?
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  if [ "$installed" = 1 ]; then dpkg --purge tonk >/dev/null 2>&1 || echo "package.deb: dpkg --purge tonk failed" >&2; fi
  if [ "$had_state" = 0 ]; then rm -rf /var/lib/tonk; fi
  if [ "$had_user" = 0 ] && getent passwd tonk >/dev/null; then userdel tonk 2>/dev/null || true; fi
  getent group tonk >/dev/null && [ "$had_user" = 0 ] && groupdel tonk 2>/dev/null || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
t0=$SECONDS

# 1. The package, from the build directory.
cpack --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack"; }
deb="$work/tonk_${version}_amd64.deb"
[ -f "$deb" ] || { ls "$work"; fail "no $deb"; }
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/tonk ./usr/share/tonk/web/index.html ./lib/systemd/system/tonk-serve.service \
            ./etc/tonk/serve.toml ./usr/share/doc/tonk/DEPLOY.md; do
  grep -q " $path\$" <<<"$contents" || fail "$path is not in the package"
done
! grep -q "/include/\|\.a\$\|cmake/tonk" <<<"$contents" || fail "the library's headers or archives are in the package"
[ "$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version) $(dpkg-deb -f "$deb" Architecture)" = "tonk $version amd64" ] ||
  fail "control: $(dpkg-deb -f "$deb")"
dpkg-deb -f "$deb" Depends | grep -q "libsqlite3" || fail "Depends lacks the libraries: $(dpkg-deb -f "$deb" Depends)"
dpkg-deb -I "$deb" conffiles | grep -qx "/etc/tonk/serve.toml" || fail "/etc/tonk/serve.toml is not a conffile"
echo "built $(basename "$deb") ($(stat -c %s "$deb") bytes) in $((SECONDS - t0)) s"

# 2. Installed.
installed=1
dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i"; }
[ -x /usr/bin/tonk ] && [ -f /usr/share/tonk/web/index.html ] || fail "files not installed"
# DEPLOY.md's proxy configurations, for a host who installs the package without a clone.
for example in Caddyfile nginx/tonk; do
  cmp -s "$source/deploy/$example" "/usr/share/doc/tonk/examples/$example" ||
    fail "/usr/share/doc/tonk/examples/$example is not deploy/$example"
done
# Where systemd is not the running init, nothing starts the service: the installer says so and how.
if [ ! -d /run/systemd/system ]; then
  by_hand="runuser -u tonk -- sh -c 'umask 0027; exec $(sed -n 's|^ExecStart=/usr/bin/||p' /lib/systemd/system/tonk-serve.service)'"
  grep -q "tonk-serve was not started" "$work/dpkg.log" && grep -qF "$by_hand" "$work/dpkg.log" ||
    { cat "$work/dpkg.log"; fail "without systemd, dpkg -i does not say how to start the server ($by_hand)"; }
  echo "without systemd, the installer says how to start the server as its unit does"
fi
getent passwd tonk >/dev/null || fail "no tonk user"
[ "$(stat -c %U:%G /var/lib/tonk)" = tonk:tonk ] || fail "/var/lib/tonk is $(stat -c %U:%G /var/lib/tonk)"
unit=/lib/systemd/system/tonk-serve.service
if command -v systemd-analyze >/dev/null; then
  # verify exits 0 on an unknown key or a bad value ("..., ignoring"): any word about the unit fails.
  systemd-analyze verify "$unit" >"$work/verify.out" 2>&1 || { cat "$work/verify.out"; fail "systemd-analyze verify $unit"; }
  ! grep "tonk-serve" "$work/verify.out" || fail "systemd-analyze verify warns about the unit"
  echo "systemd-analyze verify accepts the unit without a warning"
else
  echo "systemd-analyze is not installed: the unit's syntax is not checked here (apt-get install systemd)"
fi
for setting in "User=tonk" "StateDirectory=tonk" "WorkingDirectory=/var/lib/tonk" "ProtectSystem=strict" \
               "NoNewPrivileges=yes" "PrivateTmp=yes" "CapabilityBoundingSet=" "ExecReload=/bin/kill -HUP \$MAINPID" \
               "ExecStart=/usr/bin/tonk serve --config /etc/tonk/serve.toml"; do
  grep -qxF "$setting" "$unit" || fail "the unit lacks $setting"
done

# 3. Run as the unit runs it: its user, working directory, umask and command (ExecStart, with a free
# loopback port given on the command line, which wins over the config file), no capabilities.
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
umask_value=$(sed -n 's/^UMask=//p' "$unit")
(
  cd /var/lib/tonk
  umask "$umask_value"
  # shellcheck disable=SC2086 # ExecStart's words
  exec setpriv --reuid=tonk --regid=tonk --init-groups --no-new-privs --inh-caps=-all --bounding-set=-all \
    $exec_start --listen 127.0.0.1:0
) >"$work/serve.out" 2>&1 &
server=$!
port=""
for _ in $(seq 100); do
  port=$(grep -o 'listening on http://127\.0\.0\.1:[0-9]*' "$work/serve.out" | cut -d: -f3 || true)
  [ -n "$port" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$work/serve.out"; fail "tonk serve exited"; }
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/serve.out"; fail "tonk serve did not say it listens"; }
! grep -q "no browser page" "$work/serve.out" || { cat "$work/serve.out"; fail "the installed server does not find its page"; }
get() { python3 -c 'import sys,urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1], timeout=10).read())' "$1"; }
get "http://127.0.0.1:$port/" >"$work/index.html"
cmp -s "$work/index.html" /usr/share/tonk/web/index.html || { head -c 400 "$work/index.html"; fail "GET / is not the installed page"; }
# The page names its script relative to itself ("./assets/…": it also works from a folder, docs/WEB.md).
script=$(grep -o 'src="\.\?/assets/[^"]*\.js"' /usr/share/tonk/web/index.html | head -n 1 | sed 's/src="\.\?//; s/"$//')
[ -n "$script" ] && get "http://127.0.0.1:$port$script" | cmp -s - "/usr/share/tonk/web$script" || fail "GET $script"
[ "$(stat -c %U /var/lib/tonk/tonk-serve.db)" = tonk ] || fail "the database is not the tonk user's"
[ "$(stat -c %a /var/lib/tonk/tonk-serve.db)" = 640 ] || fail "the database's mode is $(stat -c %a /var/lib/tonk/tonk-serve.db), not 640 (UMask=0027)"
echo "the installed tonk, as the tonk user, serves the installed page at http://127.0.0.1:$port/"
# A table with a person seated and a bot, for the upgrade below to resume (node's WebSocket client).
if command -v node >/dev/null && node --experimental-websocket -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' 2>/dev/null; then
  node --experimental-websocket - "$port" <<'JS' || fail "could not make a table on the installed server"
const ws = new WebSocket(`ws://127.0.0.1:${process.argv[2]}/ws`);
const timer = setTimeout(() => { console.error('no answer'); process.exit(1); }, 10000);
ws.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.type === 'welcome') ws.send(JSON.stringify({ type: 'create', id: 1, seats: 2, bots: [{ seat: 1, kind: 'greedy' }], name: 'Ann' }));
  else if (m.type === 'created') ws.send(JSON.stringify({ type: 'join', id: 2, table: m.table, name: 'Ann' }));
  else if (m.type === 'joined') { clearTimeout(timer); ws.close(); process.exit(0); }
  else if (m.type === 'error') { console.error(e.data); process.exit(1); }
};
JS
  tables=1
else
  echo "node with a WebSocket client is missing: the upgrade is checked without a table"
  tables=0
fi
# DEPLOY.md's backup, while the server runs.
runuser -u tonk -- tonk serve-backup /var/lib/tonk/tonk-serve.db /var/lib/tonk/backup.db >/dev/null ||
  fail "tonk serve-backup as the tonk user"
kill "$server"; wait "$server" 2>/dev/null || true; server=""

# A port below 1024 only with the one capability DEPLOY.md's drop-in grants (AmbientCapabilities=
# and CapabilityBoundingSet=CAP_NET_BIND_SERVICE).
low_port=$(python3 -c '
import socket
for p in range(700, 1000):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", p)); print(p); break
    except OSError: pass
    finally: s.close()')
run_low() {  # run_low CAPS...: the unit's command on the low port; prints what it said, after 2 s or its exit
  ( cd /var/lib/tonk; umask "$umask_value"
    # shellcheck disable=SC2086
    exec timeout 2 setpriv --reuid=tonk --regid=tonk --init-groups --no-new-privs "$@" $exec_start --listen "127.0.0.1:$low_port" ) 2>&1 || true
}
if [ "$(cat /proc/sys/net/ipv4/ip_unprivileged_port_start)" -ge 1024 ]; then
  said=$(run_low --inh-caps=-all --bounding-set=-all)
  grep -q "cannot listen on 127.0.0.1:$low_port: Permission denied" <<<"$said" ||
    { echo "$said"; fail "without the capability the tonk user listened on port $low_port"; }
fi
said=$(run_low --inh-caps=-all,+net_bind_service --ambient-caps=+net_bind_service --bounding-set=-all,+net_bind_service)
grep -q "listening on http://127.0.0.1:$low_port" <<<"$said" ||
  { echo "$said"; fail "with CAP_NET_BIND_SERVICE the tonk user could not listen on port $low_port"; }
echo "port $low_port: refused without CAP_NET_BIND_SERVICE, served with it alone"

# 4. An upgrade (the package installed over itself): the host's settings are kept, and the server,
# started exactly as the unit starts it (the listen address now in the config file), resumes the table.
printf '\n# the host'"'"'s own setting\nlisten = "127.0.0.1:0"\n' >>/etc/tonk/serve.toml
dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i over the installed package"; }
grep -qx 'listen = "127.0.0.1:0"' /etc/tonk/serve.toml || fail "the upgrade replaced the host's /etc/tonk/serve.toml"
( cd /var/lib/tonk; umask "$umask_value"
  # shellcheck disable=SC2086
  exec setpriv --reuid=tonk --regid=tonk --init-groups --no-new-privs --inh-caps=-all --bounding-set=-all $exec_start
) >"$work/serve2.out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$work/serve2.out" && break; sleep 0.1; done
grep -q "listening on http://127\.0\.0\.1:[0-9]* ($tables tables* restored from tonk-serve.db[;)]" "$work/serve2.out" ||
  { cat "$work/serve2.out"; fail "after the upgrade the server did not resume its $tables table(s)"; }
kill "$server"; wait "$server" 2>/dev/null || true; server=""
echo "upgraded in place: serve.toml kept, $tables table(s) resumed"

# 5. Removed: the program goes, the tables stay.
dpkg -r tonk >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -r"; }
[ ! -e /usr/bin/tonk ] && [ ! -e /usr/share/tonk ] && [ ! -e "$unit" ] || fail "dpkg -r left the program's files"
[ -f /var/lib/tonk/tonk-serve.db ] && [ -f /var/lib/tonk/backup.db ] || fail "dpkg -r did not leave /var/lib/tonk"
echo "dpkg -r removed the package and left /var/lib/tonk ($(ls /var/lib/tonk | tr '\n' ' '))"
echo "package.deb passed in $((SECONDS - t0)) s"
