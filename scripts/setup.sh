#!/usr/bin/env bash
# Installs the Debian packages nonolab needs (when run as root and something
# is missing), then configures and builds it in Release mode.
#
#   usage: scripts/setup.sh [--all | --with PARTS] [BUILD_DIR [CMAKE_OPTION...]]
#
# Without --all or --with: only the solver's command line (`nonolab`, every
# command but those of the parts below), the fastest way to a first verdict;
# this is what scripts/run.sh does. The parts, each one more plugin or
# front end, with the Debian packages it brings:
#   serve   nonolab serve and its page      libcpp-httplib-dev
#   image   pictures: generate --figures/--from-image, render --png   libopencv-dev
#   mpi     batches across Open MPI ranks   libopenmpi-dev openmpi-bin
#   torch   the network methods and nonolab train   libtorch-dev (about 1 GB)
#   python  import nonolab                  python3-dev pybind11-dev python3-numpy
#   web     the studio as a static site with the engine in WebAssembly, in
#           BUILD_DIR/web (scripts/build_web.sh)   emscripten
#   tests   the test suite, the micro-benchmarks and what the tests run (clang,
#           Chromium, pytest, ...); it implies every part above
# --all is every part (scripts/test.sh). PARTS is comma-separated:
# `--with serve,image`. A command that needs a part you did not set up says
# which --with to run. A part once set up in BUILD_DIR stays set up: a later
# run with fewer parts keeps the build's configuration and builds only what
# it names.
#
# The CMake options go to the configure step (scripts/test.sh passes
# -DNONOLAB_REQUIRE_ALL=ON: every part must then be found).
set -euo pipefail
cd "$(dirname "$0")/.."

help_text() { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; }
usage() { help_text | grep 'usage:' | sed 's/^ *//' >&2; exit 2; }
all_parts=(serve image mpi torch python web tests)
parts=()
while (($#)); do
  case "$1" in
    --all) parts=("${all_parts[@]}"); shift ;;
    --with)
      [ $# -ge 2 ] || usage
      IFS=, read -r -a named <<<"$2"
      for p in "${named[@]}"; do
        case " ${all_parts[*]} " in
          *" $p "*) parts+=("$p") ;;
          *) echo "setup: unknown part '$p' (the parts: ${all_parts[*]})" >&2; exit 2 ;;
        esac
      done
      shift 2 ;;
    --with=*) set -- --with "${1#--with=}" "${@:2}" ;;
    -h|--help) help_text; exit 0 ;;
    -*) echo "setup: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
has() { case " ${parts[*]} " in *" $1 "*) return 0 ;; esac; return 1; }
has tests && parts=("${all_parts[@]}")  # the suite tests every part

# Debian packages, per part.
packages=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libpugixml-dev debian-archive-keyring
          zlib1g-dev libxxhash-dev  # zlib: .npz CRC-32 and inflate; xxHash: resume's unit digests
          lld)  # links nonolab with its start-up functions first (NONOLAB_STARTUP_ORDER)
has serve && packages+=(libcpp-httplib-dev)
has image && packages+=(libopencv-dev)  # only libopencv-dev ships OpenCVConfig.cmake
has mpi && packages+=(libopenmpi-dev openmpi-bin)
has torch && packages+=(libtorch-dev libopenblas0-pthread)  # OpenBLAS: ~20x the reference BLAS
has python && packages+=(python3 python3-dev pybind11-dev python3-numpy)
has web && packages+=(emscripten bzip2)  # bzip2: zlib's source tarball is .tar.bz2
if has tests; then
  packages+=(libgtest-dev libbenchmark-dev clang libclang-rt-14-dev)
  packages+=(dpkg-dev file)  # cpack -G DEB: dpkg-shlibdeps finds the package's dependencies
  packages+=(python3-scipy time)  # bench/nn/tables.py (Wilcoxon), tests/scripts; time: peak memory in bench/startup
  packages+=(python3-pytest chromium chromium-driver python3-selenium)  # tests/python; the page in headless Chromium (tests/web)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: run this script as root, or: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

build=${1:-build}
shift $(($# > 0 ? 1 : 0))
jobs=$(nproc 2>/dev/null || echo 2)

# The SAT engines' sources (CaDiCaL 1.7.4, Kissat 4.0.2), fetched once and
# checked against their pinned SHA-256 (cmake/sat_engines.cmake builds them).
# Not needed when the configure turns CaDiCaL off.
case " $* " in
  *" -DNONOLAB_CADICAL=OFF "*) ;;
  *) bash scripts/fetch_sat_engines.sh "$build/sat-deps" ;;
esac

# The CMake options of the parts: ON for each part named; OFF for the others
# only in a new build folder, so that a folder set up with more keeps it.
options=()
targets=(nonolab)
onoff() { if has "$1"; then echo ON; else echo OFF; fi; }
fresh=
[ -f "$build/CMakeCache.txt" ] || fresh=1
for pair in serve:SERVE image:OPENCV mpi:MPI torch:TORCH python:PYTHON tests:TESTS tests:BENCH; do
  part=${pair%%:*} option=NONOLAB_${pair#*:}
  if has "$part" || [ -n "$fresh" ]; then options+=("-D$option=$(onoff "$part")"); fi
done
if has tests; then
  targets=(all)
else
  has serve && targets+=(nonolab_serve_plugin)
  has image && targets+=(nonolab_image_plugin)
  has mpi && targets+=(nonolab_mpi_plugin)
  has torch && targets+=(nonolab_torch_plugin)
  has python && targets+=(_nonolab nonolab_python_files)
fi

# The configure output goes to a log: on success only its warnings and what
# it could not find are shown (a component missing is then visible, not
# silent); on failure all of it.
mkdir -p "$build"
log="$build/configure.log"
if ! cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release "${options[@]}" "$@" >"$log" 2>&1; then
  cat "$log" >&2
  echo "setup: configuring failed (log: $log)" >&2
  exit 1
fi
grep -E -i -A3 "not found|warning" "$log" >&2 || true
echo "setup: configured $build (log: $log); building ${targets[*]}" >&2
cmake --build "$build" -j "$jobs" --target "${targets[@]}"

# The static site: the page and the engine built to WebAssembly.
if has web; then
  bash scripts/build_web.sh "$build"
fi

# `import nonolab` for Debian's python3: a .pth file in its site folder for
# local packages names the build's python/ folder (docs/python.md).
if [ -d "$build/python/nonolab" ] && [ -x /usr/bin/python3 ]; then
  python_dir=$(cd "$build/python" && pwd)
  if [ "$(id -u)" -eq 0 ]; then
    site=$(/usr/bin/python3 -c "import site; print(site.getsitepackages()[0])")
    mkdir -p "$site"
    echo "$python_dir" > "$site/nonolab.pth"
    echo "setup: import nonolab works for /usr/bin/python3 ($site/nonolab.pth -> $python_dir)" >&2
  else
    echo "setup: for import nonolab, run: export PYTHONPATH=$python_dir\${PYTHONPATH:+:\$PYTHONPATH}" >&2
  fi
fi
