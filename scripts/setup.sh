#!/usr/bin/env bash
# Installs what is missing (Debian packages only), then configures and builds tonk in build/.
# Usage: scripts/setup.sh [extra cmake args]. Safe to run again; it only does what is needed.
# TONK_BUILD_TARGETS (space-separated) builds only those targets, e.g. tonk_cli for scripts/play.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install_deps.sh

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
targets=()
for t in ${TONK_BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build build -j"$(nproc)" "${targets[@]}"

# The engine in WebAssembly for the page's offline table (docs/WEB.md), when Debian's emscripten is
# installed (scripts/install_deps.sh installs it); without it the page plays online only.
if command -v emcmake >/dev/null; then
  scripts/build_wasm.sh
fi

# The browser table: `npm ci` when package-lock.json changed, the Vite build into web/dist (what
# `tonk serve` serves) when web/ changed or dist is missing.
if command -v npm >/dev/null; then
  (
    cd web
    export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
    if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
      npm ci --no-audit --no-fund --loglevel=error
    fi
    if [ ! -f dist/index.html ] || [ -n "$(find index.html src public wasm vite.config.ts tsconfig.json package-lock.json -newer dist/index.html -print -quit 2>/dev/null)" ]; then
      node node_modules/vite/bin/vite.js build --logLevel warn
    fi
  )
fi

# `import tonk` for the system python3: a .pth file in its user site-packages names build/python
# (docs/PYTHON.md). Only a full build writes it (scripts/play.sh and scripts/serve.sh build tonk alone
# and leave it as it is), and it says so when it points the file at another checkout's build.
if [ -z "${TONK_BUILD_TARGETS:-}" ] && [ -e build/python ] && [ -x /usr/bin/python3 ]; then
  site="$(/usr/bin/python3 -m site --user-site)"
  mkdir -p "$site"
  if [ "$(cat "$site/tonk-build.pth" 2>/dev/null)" != "$PWD/build/python" ]; then
    echo "$PWD/build/python" > "$site/tonk-build.pth"
    echo "tonk: python3's \`import tonk\` now loads $PWD/build/python ($site/tonk-build.pth)" >&2
  fi
fi
