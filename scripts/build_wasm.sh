#!/usr/bin/env bash
# Builds the engine in WebAssembly (apps/wasm: tonk_core, tonk_bots, the needed parts of tonk_io and
# the page's C API) with Debian's emscripten into build-wasm/, and copies the module to
# web/wasm/tonk.wasm, where the Vite build picks it up (as a hashed asset) for the page's offline
# table (docs/WEB.md).
# Usage: scripts/build_wasm.sh. Needs `apt-get install emscripten` (scripts/install_deps.sh installs
# it); nothing else is downloaded. Safe to run again: it rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v emcmake >/dev/null || { echo "build_wasm: emscripten is missing (apt-get install emscripten)" >&2; exit 1; }
# Debian's emscripten runs its tools under node and needs Debian's JavaScript modules (acorn), which
# another node does not look for by itself.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
# emscripten keeps its cache of built system libraries beside itself unless told otherwise; a user
# who is not root cannot write there.
[ -w /usr/share/emscripten/cache ] || export EM_CACHE="${EM_CACHE:-$HOME/.cache/emscripten}"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
emcmake cmake -S apps/wasm -B build-wasm -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build build-wasm -j"$(nproc)"
mkdir -p web/wasm
cp build-wasm/tonk.wasm web/wasm/tonk.wasm
echo "build_wasm: web/wasm/tonk.wasm ($(stat -c %s web/wasm/tonk.wasm) bytes, $(gzip -9c web/wasm/tonk.wasm | wc -c) gzipped)" >&2
