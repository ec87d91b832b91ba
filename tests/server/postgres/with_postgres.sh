#!/usr/bin/env bash
# Runs COMMAND... with TONK_PG_URL naming a private, throw-away PostgreSQL cluster:
# initdb into a temporary directory, a free port on 127.0.0.1 only, its unix socket in that
# directory, trust authentication for the user `tonk`. The cluster is stopped and deleted when the
# script exits, whatever happens (trap). As root the server binaries run as the `postgres` user.
# Fails (exit 1, a clear message) when PostgreSQL is not installed: scripts/setup.sh installs it.
# Usage: tests/server/postgres/with_postgres.sh COMMAND [ARGS...]
set -euo pipefail
(($#)) || { echo "usage: $0 COMMAND [ARGS...]" >&2; exit 2; }

bindir="${TONK_PG_BINDIR:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$bindir/initdb" ]; then
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bindir="$d"; done
fi
if [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "FAIL: no PostgreSQL server (initdb, pg_ctl) in /usr/lib/postgresql/*/bin: install the Debian package" \
       "postgresql (scripts/setup.sh does) to run the PostgreSQL storage test" >&2
  exit 1
fi

tmp="$(mktemp -d /tmp/tonk-pg.XXXXXX)"
as=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "FAIL: running as root and there is no postgres user to run the PostgreSQL server as" >&2
    rm -rf "$tmp"
    exit 1
  fi
  chown postgres "$tmp"
  as=(runuser -u postgres --)
fi
started=0
cleanup() {
  if ((started)); then "${as[@]}" "$bindir/pg_ctl" -D "$tmp/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
# A watchdog outside this process tree stops the cluster if this script is killed (SIGKILL from a
# test timeout cannot be trapped): it waits for this script to go, then cleans up.
setsid -f bash -c 'while kill -0 "$1" 2>/dev/null; do sleep 1; done
  if [ -d "$2/data" ]; then ${3:+runuser -u postgres --} "$4/pg_ctl" -D "$2/data" -m immediate -w stop; fi
  rm -rf "$2"' watchdog "$$" "$tmp" "${as[*]:+root}" "$bindir" </dev/null >/dev/null 2>&1

if ! "${as[@]}" "$bindir/initdb" -D "$tmp/data" -U tonk --auth=trust --no-locale -E UTF8 -N >"$tmp/initdb.log" 2>&1; then
  echo "FAIL: initdb failed:" >&2
  cat "$tmp/initdb.log" >&2
  exit 1
fi

# A free port: one nothing answers on; pg_ctl fails when another process took it meanwhile, then retry.
for attempt in 1 2 3 4 5 6 7 8; do
  port=$((20000 + RANDOM % 40000))
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi
  # fsync off: the test kills tonk servers, never PostgreSQL; its durability is not under test.
  if "${as[@]}" "$bindir/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 30 \
       -o "-p $port -k $tmp -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null 2>&1; then
    started=1
    break
  fi
done
if ! ((started)); then
  echo "FAIL: the PostgreSQL server did not start (last port $port); its log:" >&2
  cat "$tmp/server.log" >&2 || true
  exit 1
fi

export TONK_PG_URL="postgresql://tonk@127.0.0.1:$port/postgres"
echo "with_postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($tmp)"
status=0
"$@" || status=$?
exit "$status"
