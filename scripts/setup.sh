#!/usr/bin/env bash
# Installs what is missing (Debian packages only), then configures and builds tonk in build/.
# Usage: scripts/setup.sh [extra cmake args]. Safe to run again; it only does what is needed.
# TONK_BUILD_TARGETS (space-separated) builds only those targets, e.g. tonk_cli for scripts/play.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

# libedit-dev: line editing and history at the `tonk play` prompt (BSD licence); pkgconf finds it.
packages=(g++ cmake make pkgconf googletest libgtest-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libtomlplusplus-dev
          libedit-dev)
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
targets=()
for t in ${TONK_BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build build -j"$(nproc)" "${targets[@]}"
