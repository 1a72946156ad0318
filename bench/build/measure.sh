#!/usr/bin/env bash
# Build times (docs/results/build.md): configures and builds a
# checkout from scratch in a scratch folder, three ways, on all cores, with
# ccache off, and prints one line per phase: wall and CPU seconds.
#   minimal      what scripts/run.sh builds: the `nonolab` target, every
#                optional part off
#   everything   every target of scripts/test.sh's configuration (tests too)
#   incremental  in the `everything` folder, after touching one solver .cpp
#                (src/exact/prober.cpp), the `all` target again
#   usage: bench/build/measure.sh [CHECKOUT [SCRATCH [CMAKE_OPTION...]]]
#          (default: this checkout, a temp folder; the options go to every
#          configure, e.g. -DNONOLAB_UNITY=ON)
# Run it on an otherwise idle machine (pause long runs with kill -STOP).
set -euo pipefail
src=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
scratch=${2:-$(mktemp -d)}
extra=("${@:3}")
jobs=$(nproc 2>/dev/null || echo 2)
export CCACHE_DISABLE=1
unset CMAKE_CXX_COMPILER_LAUNCHER CMAKE_C_COMPILER_LAUNCHER

# phase NAME COMMAND...: runs it, prints "NAME wall W s, cpu C s".
phase() {
  local name=$1
  shift
  /usr/bin/time -o "$scratch/$name.time" -f "%e %U %S" "$@" >"$scratch/$name.log" 2>&1 ||
    { echo "$name: the build failed (log: $scratch/$name.log)" >&2; exit 1; }
  awk -v n="$name" '{ printf "%-12s wall %7.1f s   cpu %7.1f s\n", n, $1, $2 + $3 }' "$scratch/$name.time"
}

off=(-DNONOLAB_TESTS=OFF -DNONOLAB_BENCH=OFF -DNONOLAB_OPENCV=OFF -DNONOLAB_MPI=OFF
     -DNONOLAB_TORCH=OFF -DNONOLAB_PYTHON=OFF -DNONOLAB_SERVE=OFF)
echo "checkout $src ($(git -C "$src" rev-parse --short HEAD)), $jobs jobs, scratch $scratch"
cmake -S "$src" -B "$scratch/minimal" -DCMAKE_BUILD_TYPE=Release "${off[@]}" "${extra[@]}" >/dev/null 2>&1
phase minimal cmake --build "$scratch/minimal" -j "$jobs" --target nonolab
cmake -S "$src" -B "$scratch/all" -DCMAKE_BUILD_TYPE=Release "${extra[@]}" >/dev/null 2>&1
phase everything cmake --build "$scratch/all" -j "$jobs"
touch "$src/src/exact/prober.cpp"
phase incremental cmake --build "$scratch/all" -j "$jobs"
