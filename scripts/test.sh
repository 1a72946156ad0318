#!/usr/bin/env bash
# The README's "test" command: set up, build, run the whole test suite, then
# fuzz every reader for a short while with libFuzzer (clang).
#   FUZZ_SECONDS=N   fuzzing time (default 60; 0 skips fuzzing)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
jobs=$(nproc 2>/dev/null || echo 2)
ctest --test-dir build --output-on-failure -j "$jobs"

fuzz_seconds=${FUZZ_SECONDS:-60}
if [ "$fuzz_seconds" -gt 0 ]; then
  echo "== fuzzing the readers for ${fuzz_seconds}s =="
  cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
        -DNONOLAB_FUZZ=ON -DNONOLAB_TESTS=OFF >/dev/null
  cmake --build build-fuzz -j "$jobs" --target fuzz_readers
  corpus=$(mktemp -d)
  trap 'rm -rf "$corpus"' EXIT
  # Seeds: our own examples, each prefixed with a format-selector byte.
  i=0
  for f in examples/*.{non,xml,taai,json,clues,nin}; do
    { printf "\\x$(printf %02x $((i % 40)))"; cat "$f"; } > "$corpus/seed$i"
    i=$((i + 1))
  done
  ./build-fuzz/tests/fuzz/fuzz_readers -max_total_time="$fuzz_seconds" -max_len=8192 \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$corpus" 2>&1 | tail -n 15
fi
echo "== all tests passed =="
