#!/usr/bin/env bash
# Installs what is missing (Debian packages only), then configures and builds tonk in build/.
# Usage: scripts/setup.sh [extra cmake args]. Safe to run again; it only does what is needed.
# TONK_BUILD_TARGETS (space-separated) builds only those targets, e.g. tonk_cli for scripts/play.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

# libedit-dev: line editing and history at the `tonk play` prompt (BSD licence); pkgconf finds it.
# libboost-dev, libsqlite3-dev, libssl-dev: `tonk serve` (Boost.Beast/Asio, its SQLite log, SHA-256 and the CSPRNG).
# libpqxx-dev, postgresql: `tonk serve --db postgresql://...` and its failover test (a private cluster; docs/SCALING.md).
# python3-*: the `tonk` Python module and its tests (docs/PYTHON.md), for the system /usr/bin/python3.
packages=(g++ cmake make pkgconf googletest libgtest-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libtomlplusplus-dev
          libedit-dev libboost-dev libsqlite3-dev libssl-dev libpqxx-dev postgresql python3 python3-dev python3-pybind11 pybind11-dev python3-numpy python3-pytest)
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

# `import tonk` for the system python3: a .pth file in its user site-packages names build/python
# (docs/PYTHON.md). Another checkout running this script points it at its own build.
if [ -e build/python ] && [ -x /usr/bin/python3 ]; then
  site="$(/usr/bin/python3 -m site --user-site)"
  mkdir -p "$site"
  echo "$PWD/build/python" > "$site/tonk-build.pth"
fi
