#!/usr/bin/env bash
# The static site (issue 52): the page with the WebAssembly engine, built by
# Debian's emscripten, written to BUILD_DIR/web. scripts/setup.sh --with web
# runs it after installing emscripten; it can be run again on its own.
#
#   usage: scripts/build_web.sh [BUILD_DIR]      (default: build)
#
# 1. The compiled dependencies come from Debian's source packages (pugixml
#    1.13, zlib 1.2.13): `apt-get source` needs a deb-src line, which this
#    script adds for bookworm when run as root and none is there. They are
#    unpacked once into BUILD_DIR/wasm-deps. CaDiCaL 1.7.4 is the one every
#    build compiles (scripts/fetch_sat_engines.sh, BUILD_DIR/sat-deps).
# 2. emcmake configures BUILD_DIR/wasm (cmake/wasm.cmake), which builds the
#    layer libraries and the engine (apps/wasm).
# 3. BUILD_DIR/web gets the page (web/), the engine, the Node entry
#    (nonolab.mjs) and the examples with their list (examples/index.json).
#    It is written beside and renamed into place: never half a site.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
mkdir -p "$build"
build=$(cd "$build" && pwd)
deps=$build/wasm-deps
jobs=$(nproc 2>/dev/null || echo 2)
# emscripten's tools are Node programs that need Debian's acorn; a Node.js
# that is not Debian's own does not look in /usr/share/nodejs by itself.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

if ! command -v emcmake >/dev/null; then
  echo "build_web: emscripten is missing: apt-get install emscripten (or scripts/setup.sh --with web)" >&2
  exit 1
fi

# 1. Debian's sources of the compiled dependencies.
have_sources() {
  compgen -G "$deps/pugixml-*/src/pugixml.cpp" >/dev/null &&
    compgen -G "$deps/zlib-*/inflate.c" >/dev/null
}
if ! have_sources; then
  if ! apt-cache showsrc pugixml 2>/dev/null | grep -q '^Package: pugixml'; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "build_web: apt-get source needs a deb-src line for bookworm; as root this script adds" \
           "/etc/apt/sources.list.d/nonolab-deb-src.sources and runs apt-get update" >&2
      exit 1
    fi
    src=/etc/apt/sources.list.d/nonolab-deb-src.sources
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$src"
    else
      grep -h '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' >"${src%.sources}.list"
    fi
    echo "build_web: added a deb-src line for apt-get source ($src)" >&2
    apt-get update -qq
  fi
  rm -rf "$deps.tmp"
  mkdir -p "$deps.tmp"
  (cd "$deps.tmp" && apt-get source --download-only pugixml zlib >download.log 2>&1) || {
    cat "$deps.tmp/download.log" >&2
    echo "build_web: apt-get source failed" >&2
    exit 1
  }
  for archive in "$deps.tmp"/*.orig.tar.*; do tar -xf "$archive" -C "$deps.tmp"; done
  rm -rf "$deps"
  mv "$deps.tmp" "$deps"
fi

bash scripts/fetch_sat_engines.sh "$build/sat-deps"

# 2. The engine.
start=$SECONDS
log=$build/wasm-configure.log
if ! emcmake cmake -S . -B "$build/wasm" -DCMAKE_BUILD_TYPE=Release -DNONOLAB_WASM_DEPS="$deps" \
     -DNONOLAB_SAT_DEPS="$build/sat-deps" \
     >"$log" 2>&1; then
  cat "$log" >&2
  echo "build_web: configuring the WebAssembly build failed (log: $log)" >&2
  exit 1
fi
cmake --build "$build/wasm" -j "$jobs" --target nonolab_engine
echo "build_web: the engine took $((SECONDS - start)) s" >&2

# 3. The site.
site=$build/web
rm -rf "$site.tmp"
mkdir -p "$site.tmp/examples"
cp web/*.html web/*.css web/*.js "$site.tmp/"
cp web/node/nonolab.mjs "$site.tmp/"
cp "$build/wasm/apps/wasm/nonolab-engine.js" "$build/wasm/apps/wasm/nonolab-engine.wasm" "$site.tmp/"
names=()
for f in examples/*; do
  [ -f "$f" ] && [ "$(basename "$f")" != README.md ] || continue
  cp "$f" "$site.tmp/examples/"
  names+=("\"$(basename "$f")\"")
done
(IFS=,; echo "{\"examples\":[${names[*]}]}") >"$site.tmp/examples/index.json"
rm -rf "$site"
mv "$site.tmp" "$site"
echo "build_web: wrote $site ($(du -sh "$site" | cut -f1)); open it from any static host, e.g." \
     "(cd $site && python3 -m http.server 8000), or: nonolab serve --web $site" >&2
