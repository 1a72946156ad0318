#!/usr/bin/env bash
# Installs the Debian packages nonolab needs (when run as root and something
# is missing), then configures and builds it in Release mode.
#   usage: scripts/setup.sh [BUILD_DIR [CMAKE_OPTION...]]   (default: build)
# The CMake options go to the configure step (scripts/test.sh passes
# -DNONOLAB_REQUIRE_ALL=ON and the component options).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libpugixml-dev libcadical-dev cadical
          libgtest-dev libbenchmark-dev clang libclang-rt-14-dev libopenmpi-dev openmpi-bin)
packages+=(libopencv-dev zlib1g-dev)  # generate --figures/--from-image, render --png (only libopencv-dev ships OpenCVConfig.cmake); .npz CRC-32 and inflate
packages+=(libtorch-dev libopenblas0-pthread)  # the network (LibTorch; OpenBLAS: ~20x the reference BLAS)
packages+=(python3 python3-numpy python3-scipy time)  # bench/nn/tables.py (Wilcoxon), tests/scripts/batch_cli_test.py; time: peak memory in bench/startup
packages+=(python3-dev pybind11-dev python3-pytest)  # import nonolab (python/, docs/python.md) and its tests
packages+=(libcpp-httplib-dev chromium chromium-driver python3-selenium)  # nonolab serve (HTTP plugin), its page tested in headless Chromium (tests/web)
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
# The configure output goes to a log: on success only its warnings and what
# it could not find are shown (a component missing is then visible, not
# silent); on failure all of it.
mkdir -p "$build"
log="$build/configure.log"
if ! cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release "$@" >"$log" 2>&1; then
  cat "$log" >&2
  echo "setup: configuring failed (log: $log)" >&2
  exit 1
fi
grep -E -i -A3 "not found|warning" "$log" >&2 || true
echo "setup: configured $build (log: $log)" >&2
cmake --build "$build" -j "$jobs"

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
