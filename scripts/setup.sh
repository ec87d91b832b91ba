#!/usr/bin/env bash
# Installs what is missing (Debian packages only), then configures and builds tonk in build/.
# Usage: scripts/setup.sh [extra cmake args]. Safe to run again; it only does what is needed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make googletest libgtest-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libtomlplusplus-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "tonk: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j"$(nproc)"
