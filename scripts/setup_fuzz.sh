#!/usr/bin/env bash
# Installs what the fuzz targets and the sanitizer build need (Debian packages only): clang, and the
# compiler-rt runtimes that hold libFuzzer, ASan and UBSan, after what every build needs
# (scripts/install_deps.sh: on a new machine scripts/fuzz.sh works without scripts/setup.sh first).
# Safe to run again.
set -euo pipefail
"$(dirname "$0")/install_deps.sh"
packages=(clang libclang-rt-dev)
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
