# Sourced by the load scripts. `server_port OUT PID` waits (at most 30 s) for the `tonk serve` of
# process PID, started with --listen 127.0.0.1:0 and its output in file OUT, to say the port it
# listens on, and prints it; returns 1 with the server's output on stderr when it exits first or
# says none.
server_port() {
  local out=$1 pid=$2 port=
  for _ in $(seq 300); do
    port=$(grep -o 'listening on https\?://127\.0\.0\.1:[0-9]*' "$out" | head -n 1 | sed 's/.*://' || true)
    [ -n "$port" ] && { echo "$port"; return 0; }
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "the server printed no port; its output:" >&2
  cat "$out" >&2
  return 1
}
