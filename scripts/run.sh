#!/usr/bin/env bash
# The README's "run" command: set up, build, and solve the bundled examples,
# printing each verdict and solution picture.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
echo
echo "== nonolab solve examples/* =="
set +e
./build/apps/nonolab solve --timeout 30 examples/*.{non,xml,taai,json,clues,nin}
code=$?
set -e
echo
echo "exit status $code (0 all solved, 1 a puzzle has no solution, 3 timeout, 4 unreadable)"
# examples/ deliberately holds a puzzle with no solution, so 1 is the expected status.
[ "$code" -le 1 ]
