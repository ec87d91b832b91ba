#!/usr/bin/env bash
# Installs what tonk's builds, tests, server and browser table need and this machine lacks: Debian
# packages only (apt-get; sudo when not root). The one list of them: scripts/setup.sh,
# scripts/setup_fuzz.sh and scripts/sanitize.sh all call this first. Safe to run again; it only
# installs what is missing. Usage: scripts/install_deps.sh [more packages] (setup_fuzz.sh adds clang).
set -euo pipefail

# libedit-dev: line editing and history at the `tonk play` prompt (BSD licence); pkgconf finds it.
# libboost-dev, libsqlite3-dev, libssl-dev: `tonk serve` (Boost.Beast/Asio, its SQLite log, SHA-256 and the CSPRNG).
# libpqxx-dev, postgresql: `tonk serve --db postgresql://...` and its failover test (a private cluster; docs/SCALING.md).
# libicu-dev: players' names by Unicode's data (NFC, UTS #39 confusables; include/tonk/player_name.h).
# time: /usr/bin/time, for the peak memory that scripts/soak.sh reports.
# dpkg-dev, systemd: the Debian package (cpack's Depends from dpkg-shlibdeps; its test checks the unit
# with systemd-analyze verify; docs/DEPLOY.md).
# openssl, nginx, caddy: the hosting tests make test certificates and put nginx and Caddy in front of `tonk serve`
# (deploy/nginx/tonk, deploy/Caddyfile), each started by the test with its own config (not the system service).
# emscripten: the engine in WebAssembly for the page's offline table (scripts/build_wasm.sh; Debian's
# package, nothing downloaded: no emsdk, no ports).
# python3-*: the `tonk` Python module and its tests (docs/PYTHON.md), for the system /usr/bin/python3.
packages=(g++ cmake make pkgconf googletest libgtest-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libtomlplusplus-dev
          libedit-dev libicu-dev libboost-dev libsqlite3-dev libssl-dev libpqxx-dev postgresql python3 python3-dev python3-pybind11 pybind11-dev python3-numpy python3-pytest
          time chromium emscripten dpkg-dev systemd openssl nginx caddy)
# The browser table (web/, docs/WEB.md): node and npm (Debian's, unless a node with npm is already
# there), chromium for its browser tests (driven by playwright-core from npm; no browser is downloaded).
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)
packages+=("$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "tonk: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  # The tests start nginx, Caddy and PostgreSQL themselves, each with its own config on loopback:
  # Debian's policy-rc.d hook (exit 101, "action forbidden") keeps the packages from starting their
  # system services on ports 80 and 5432 while they install. A hook the machine already has is kept.
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    "${sudo_cmd[@]}" sh -c "printf '#!/bin/sh\\nexit 101\\n' > $policy && chmod 755 $policy"
    trap '"${sudo_cmd[@]}" rm -f "$policy"' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi
