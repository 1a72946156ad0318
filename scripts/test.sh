#!/usr/bin/env bash
# The README's "test" command: set up, build, run the whole test suite, run
# the reader, line-solver, exact and core tests again under ASan and UBSan,
# then fuzz every reader for a short while with libFuzzer (both built by clang)
# and the exact engines with tests/fuzz/fuzz_solvers.cpp.
#   FUZZ_SECONDS=N   time of each fuzzer (default 60; 0 skips fuzzing, not the sanitizer pass)
#   CI=true          strict (.ci/run): a missing ../shared, or any test that
#                    skips, fails the run instead of being reported
#
# The suite cannot pass by testing less than it claims:
# the build must find every optional component (NONOLAB_REQUIRE_ALL: a
# missing one stops the configure with the Debian package to install), and
# each ctest pass ends with the count of skipped tests and their reasons.
set -euo pipefail
cd "$(dirname "$0")/.."
strict=
[ "${CI:-}" = true ] && strict=--strict
jobs=$(nproc 2>/dev/null || echo 2)

if [ ! -d ../shared/benchmarks ]; then
  where="$(cd .. && pwd)/shared/benchmarks"
  if [ -n "$strict" ]; then
    echo "test: CI=true, but $where is missing: about 60 tests read the shared benchmark" \
         "puzzles, and the fuzz corpus starts from them. Check the shared folder out beside" \
         "this one (../shared)." >&2
    exit 1
  fi
  echo "test: $where is missing: the tests that read it will skip (counted below)" >&2
fi

# run_ctest PASS_NAME BUILD_DIR CTEST_ARGS...: runs ctest, then reports the
# skipped tests (scripts/ctest_skips.py; under CI=true a skip fails).
run_ctest() {
  local name=$1 dir=$2
  shift 2
  local junit="$PWD/$dir/Testing/ctest-junit.xml" failed=0
  ctest --test-dir "$dir" --output-on-failure -j "$jobs" --output-junit "$junit" "$@" || failed=1
  echo "== $name: skipped tests =="
  python3 scripts/ctest_skips.py "$junit" $strict || failed=1
  return "$failed"
}

# Everything: every part's option ON (--all), whatever an earlier configure
# of build/ cached, and each must be found.
# Each stage says what it took, so that a slow CI run shows where.
start=$SECONDS
bash scripts/setup.sh --all build -DNONOLAB_REQUIRE_ALL=ON -DNONOLAB_CADICAL=ON \
     -DNONOLAB_SANITIZE=OFF -DNONOLAB_FUZZ=OFF
echo "(setting up and building everything took $((SECONDS - start)) s)"
start=$SECONDS
run_ctest "the whole suite" build
echo "(the whole suite took $((SECONDS - start)) s)"

# The Debian package (cpack, apps/CMakeLists.txt), unpacked into a scratch
# root: the installed copy checks an installed example, and loads a plugin
# from beside itself, not from this build tree (the loader's own account).
echo "== the Debian package, installed into a scratch root =="
rm -f build/nonolab_*.deb
(cd build && cpack -G DEB >cpack.log 2>&1) || { cat build/cpack.log >&2; exit 1; }
deb=$(ls build/nonolab_*_amd64.deb)
root=$(mktemp -d)
dpkg -x "$deb" "$root"
echo "$deb: $(dpkg-deb -f "$deb" Version), $(dpkg -c "$deb" | wc -l) entries"
"$root/usr/bin/nonolab" check "$root/usr/share/doc/nonolab/examples/heart.non"
LD_DEBUG=files "$root/usr/bin/nonolab" render --png "$root/heart.png" \
    "$root/usr/share/doc/nonolab/examples/heart.non" 2>"$root/ld.log" >/dev/null
if ! grep -q "file=$root/usr/lib/nonolab/libnonolab_image_plugin.so" "$root/ld.log"; then
  echo "test: the installed nonolab did not load the image plugin beside it:" >&2
  grep "nonolab_image_plugin" "$root/ld.log" >&2 || true
  exit 1
fi
# The static site is in the package, and the installed server finds it.
if [ ! -f "$root/usr/share/nonolab/web/nonolab-engine.wasm" ]; then
  echo "test: the Debian package lacks the static site (usr/share/nonolab/web)" >&2
  exit 1
fi
page=$( (timeout 5 "$root/usr/bin/nonolab" serve --port 0 2>&1 >/dev/null || true) | grep -m1 '^page:' || true)
if [[ "$page" != "page: $root/usr/share/nonolab/web "* ]]; then
  echo "test: the installed nonolab serve did not find the installed site: ${page:-no page line}" >&2
  exit 1
fi
rm -rf "$root"

# The readers parse untrusted files, and the line solvers and the exact
# solver index into grids by run lengths: a memory error or undefined
# behaviour there may pass the tests unnoticed in Release. So their tests
# run again built by clang with ASan and UBSan, where any report stops the
# test (-fno-sanitize-recover=all), and then libFuzzer drives every reader.
# It is also the debug build: no NDEBUG, so the solvers' assert()s on their
# invariants (line/line_invariants.hpp) are checked, and the standard
# library's own checks (_GLIBCXX_ASSERTIONS: bounds of every vector index).
# Both use the one build (build-fuzz: NONOLAB_FUZZ instruments the library
# with ASan and UBSan, plus coverage for the fuzzer), which halves the
# compile time of a second sanitizer build on a two-core machine. The heavy
# optional parts are off: they are not under test here, and only the four
# test executables and the two fuzz programs are built.
echo "== the reader, line-solver, exact and core tests under ASan and UBSan (clang) =="
start=$SECONDS
mkdir -p build-fuzz
if ! cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g -D_GLIBCXX_ASSERTIONS" \
       -DCMAKE_CXX_COMPILER=clang++ \
       -DNONOLAB_FUZZ=ON -DNONOLAB_TESTS=ON -DNONOLAB_SANITIZE=OFF -DNONOLAB_TORCH=OFF \
       -DNONOLAB_OPENCV=OFF -DNONOLAB_MPI=OFF -DNONOLAB_PYTHON=OFF -DNONOLAB_BENCH=OFF -DNONOLAB_SERVE=OFF \
       -DNONOLAB_SAT_DEPS="$PWD/build/sat-deps" \
       >build-fuzz/configure.log 2>&1; then
  cat build-fuzz/configure.log >&2
  echo "test: configuring build-fuzz (clang++, ASan and UBSan) failed" >&2
  exit 1
fi
cmake --build build-fuzz -j "$jobs" --target test_core test_io test_line test_oracle test_exact fuzz_readers fuzz_seeds fuzz_solvers
echo "(building with the sanitizers took $((SECONDS - start)) s)"
start=$SECONDS
UBSAN_OPTIONS=print_stacktrace=1 run_ctest "the sanitizer pass" build-fuzz -L '^(core|io|line|oracle|exact)$'
# Without NDEBUG the death tests of tests/line/debug_checks_test.cpp exist;
# if they do not, this pass has silently become a release build.
# (The list is read whole first: grep -q would stop reading early, and under
# pipefail ctest's broken pipe would fail the test.)
debug_checks=$(ctest --test-dir build-fuzz -N -R '^DebugChecks\.')
if ! grep -q 'DebugChecks.ColourSolver' <<<"$debug_checks"; then
  echo "test: the sanitizer pass was built with NDEBUG: the solvers' assert()s were not checked" >&2
  exit 1
fi
echo "(the sanitizer pass took $((SECONDS - start)) s)"

fuzz_seconds=${FUZZ_SECONDS:-60}
if [ "$fuzz_seconds" -gt 0 ]; then
  echo "== fuzzing the readers for ${fuzz_seconds}s =="
  corpus=$(mktemp -d)
  trap 'rm -rf "$corpus"' EXIT
  # Seeds: every file of the shared benchmarks and our examples, each after
  # the selector byte of the format its extension names (or "detect by
  # content"); tests/fuzz/fuzz_seeds.cpp. -max_len bounds an input's size.
  seeds=(examples)
  [ -d ../shared/benchmarks ] && seeds+=(../shared/benchmarks)
  ./build-fuzz/tests/fuzz/fuzz_seeds "$corpus" 8192 "${seeds[@]}"
  # The whole log stays in build-fuzz/fuzz.log; its end is printed, and when
  # the run fails (a crash, a sanitizer report, a timeout) all of it but the
  # progress lines, so the whole report shows; the input that caused it is
  # saved in build-fuzz/ (-artifact_prefix).
  log=build-fuzz/fuzz.log
  set +e
  ./build-fuzz/tests/fuzz/fuzz_readers -max_total_time="$fuzz_seconds" -max_len=8192 \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=build-fuzz/ \
      "$corpus" >"$log" 2>&1
  code=$?
  set -e
  if [ "$code" -ne 0 ]; then
    grep -v -E '^(#[0-9]+|[[:space:]]+NEW_FUNC)' "$log" || true  # all but the progress lines
    echo "test: fuzz_readers failed (exit status $code); the input is saved in build-fuzz/" >&2
    exit 1
  fi
  tail -n 15 "$log"
  # The exact engines against each other and against enumeration, on random
  # puzzles (tests/fuzz/fuzz_solvers.cpp), under the same sanitizers. A fresh
  # seed each run, printed, so a failure is reproduced with --seed S --case I.
  seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
  echo "== fuzzing the exact engines for ${fuzz_seconds}s (seed $seed) =="
  if ! UBSAN_OPTIONS=print_stacktrace=1 ./build-fuzz/tests/fuzz_solvers --seed "$seed" --seconds "$fuzz_seconds"; then
    echo "test: fuzz_solvers found a disagreement (above); again: build-fuzz/tests/fuzz_solvers --seed $seed --case I" >&2
    exit 1
  fi
fi
echo "== all tests passed in $SECONDS s =="
