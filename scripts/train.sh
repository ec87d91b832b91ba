#!/usr/bin/env bash
# Optional: installs Debian's python3-torch (large) and trains the example policy
# (examples/train_policy.py; docs/PYTHON.md). Arguments go to the example (try --minutes 10).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >&2
if ! dpkg-query -W -f='${Status}' python3-torch 2>/dev/null | grep -q "install ok installed"; then
  echo "tonk: installing python3-torch" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq python3-torch >/dev/null
fi
exec env PYTHONPATH="$PWD/build/python" /usr/bin/python3 examples/train_policy.py "$@"
