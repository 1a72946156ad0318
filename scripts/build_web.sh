#!/usr/bin/env bash
# The static site: the page with the WebAssembly engine, built by
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
# 3. BUILD_DIR/web gets the page (web/, ES modules copied as they are, and
#    limits.js generated from src/core/limits.hpp), the engine, the Node
#    entry (nonolab.mjs) and the examples with their list (examples/index.json);
#    sw.js is stamped with the site's version and its list of files.
#    It is written beside and renamed into place: never half a site.
# 4. The npm package, packed into BUILD_DIR/web/nonolab-VERSION.tgz.
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
  # The newest sources first (a security update, say). A mirror may list a
  # pocket's source without serving its files (seen: bookworm-security's
  # zlib 1.2.13.dfsg-1+deb12u1 answered 404 while bookworm's own was
  # there); then the release's own, built from the same upstream tarball.
  release=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
  fetch() {
    rm -rf "$deps.tmp"
    mkdir -p "$deps.tmp"
    (cd "$deps.tmp" && apt-get source --download-only "$@" >>download.log 2>&1)
  }
  if ! fetch pugixml zlib; then
    log=$(cat "$deps.tmp/download.log")
    if [ -z "$release" ] || ! fetch "pugixml/$release" "zlib/$release"; then
      echo "$log" >&2
      cat "$deps.tmp/download.log" >&2
      echo "build_web: apt-get source failed" >&2
      exit 1
    fi
    echo "build_web: the newest pugixml and zlib sources could not be fetched; took" \
         "$release's own" >&2
  fi
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
cp web/*.html web/*.css web/*.js web/*.json web/*.svg web/*.png "$site.tmp/"
cp web/node/nonolab.mjs "$site.tmp/"
# The page's size limit, from the C++ constant the server uses (limits.js).
cmake -DHEADER=src/core/limits.hpp -DOUT="$site.tmp/limits.js" -P cmake/web_limits.cmake
cp "$build/wasm/apps/wasm/nonolab-engine.js" "$build/wasm/apps/wasm/nonolab-engine.wasm" "$site.tmp/"
names=()
for f in examples/*; do
  [ -f "$f" ] && [ "$(basename "$f")" != README.md ] || continue
  cp "$f" "$site.tmp/examples/"
  names+=("\"$(basename "$f")\"")
done
(IFS=,; echo "{\"examples\":[${names[*]}]}") >"$site.tmp/examples/index.json"
# The service worker (web/sw.js) caches every file of the site under the
# site's version: a content hash of all its other files, so any change
# makes a new cache and the page offers to reload (web/offline.js).
files=$(cd "$site.tmp" && find . -type f ! -name sw.js ! -name nonolab.mjs | sed 's|^\./||' | LC_ALL=C sort)
version=$(cd "$site.tmp" && printf '%s\n' "$files" | xargs -d "\n" sha256sum | sha256sum | cut -c1-16)
list=$(printf '%s\n' "$files" | sed 's/.*/"&"/' | paste -sd, -)
sed -i -e "s|\"@SITE_VERSION@\"|\"$version\"|" -e "s|\[\"@SITE_FILES@\"\]|[\"./\",$list]|" "$site.tmp/sw.js"
grep -q '@SITE_' "$site.tmp/sw.js" && { echo "build_web: sw.js was not stamped" >&2; exit 1; }
rm -rf "$site"
mv "$site.tmp" "$site"
echo "build_web: wrote $site ($(du -sh "$site" | cut -f1)); open it from any static host, e.g." \
     "(cd $site && python3 -m http.server 8000), or: nonolab serve --web $site" >&2

# 4. The npm package `nonolab` (docs/javascript.md): the Node entry, its
#    TypeScript declarations and the engine, packed by `npm pack` into
#    BUILD_DIR/web/nonolab-VERSION.tgz (VERSION: project() in CMakeLists.txt).
#    It has no dependencies; `npm install TARBALL` installs it offline.
if ! command -v npm >/dev/null; then
  echo "build_web: npm is missing, so no npm package (apt-get install npm, or scripts/setup.sh --with web)" >&2
  exit 1
fi
version=$(sed -n 's/^project(nonolab VERSION \([0-9][0-9.]*\).*/\1/p' CMakeLists.txt)
package=$build/npm/nonolab
rm -rf "$build/npm"
mkdir -p "$package"
cp web/node/nonolab.mjs web/node/nonolab.d.ts web/node/README.md "$site/nonolab-engine.js" \
   "$site/nonolab-engine.wasm" "$package/"
sed "s/@NONOLAB_VERSION@/$version/" web/node/package.json.in >"$package/package.json"
rm -f "$site"/nonolab-*.tgz
(cd "$package" && npm pack --silent --pack-destination "$site" >/dev/null)
echo "build_web: packed $site/nonolab-$version.tgz (npm install $site/nonolab-$version.tgz)" >&2
