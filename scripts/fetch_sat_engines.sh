#!/usr/bin/env bash
# The sources of the SAT engines (CaDiCaL 1.7.4 and Kissat 4.0.2, both from
# Debian 13 "trixie"), fetched once into DEST and unpacked there, for
# cmake/sat_engines.cmake. scripts/setup.sh and scripts/build_web.sh run it.
#
#   usage: scripts/fetch_sat_engines.sh DEST      (e.g. build/sat-deps)
#
# Why these versions: Debian 12 ships CaDiCaL 1.5.3, which has no external
# propagator interface (IPASIR-UP, from 1.6.0 on), and no Kissat; the two
# tarballs are trixie's upstream sources. apt-get fetches them with a
# private configuration (its own lists and cache under DEST/apt), so the
# system's apt sources are left alone. The tarballs are checked against the
# SHA-256 values pinned in cmake/sat_engines.sha256 (those of trixie's
# Sources index); a mismatch or a failed download stops with an error.
# Tarballs already in DEST with the pinned values are not fetched again.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: scripts/fetch_sat_engines.sh DEST" >&2; exit 2; }
mkdir -p "$1"
dest=$(cd "$1" && pwd)
pins=$(pwd)/cmake/sat_engines.sha256

# True when every pinned tarball is in $dest with its pinned SHA-256.
verified() { (cd "$dest" && sha256sum --quiet --check "$pins" >/dev/null 2>&1); }

if ! verified; then
  apt=$dest/apt
  mkdir -p "$apt/lists/partial" "$apt/etc" "$apt/cache/archives/partial"
  printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: trixie' \
    'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' \
    >"$apt/etc/trixie.sources"
  o=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt/etc"
     -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o Debug::NoLocking=1)
  log=$dest/fetch.log
  # The .dsc and .debian.tar.xz files may not be served (apt-get then exits
  # non-zero), while the .orig tarballs are: so the tarballs' checksums, not
  # apt's status, decide.
  { apt-get "${o[@]}" update && (cd "$dest" && apt-get "${o[@]}" source --download-only cadical kissat); } \
    >"$log" 2>&1 || true
  if ! verified; then
    tail -20 "$log" >&2
    (cd "$dest" && sha256sum --check "$pins") >&2 || true
    echo "fetch_sat_engines: the CaDiCaL and Kissat tarballs in $dest are missing or do not" \
         "match the SHA-256 pinned in $pins (log: $log)" >&2
    exit 1
  fi
fi

# Unpacked beside the tarballs, each into a folder written beside and renamed.
while read -r _ tarball; do
  name=${tarball%.orig.tar.gz}  # cadical_1.7.4
  dir=$dest/${name%%_*}-${name#*_}
  [ -f "$dir/.unpacked" ] && continue
  rm -rf "$dir" "$dir.tmp"
  mkdir -p "$dir.tmp"
  tar -xzf "$dest/$tarball" -C "$dir.tmp" --strip-components=1
  touch "$dir.tmp/.unpacked"
  mv "$dir.tmp" "$dir"
done <"$pins"
echo "fetch_sat_engines: CaDiCaL and Kissat sources in $dest" >&2
