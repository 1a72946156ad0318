#!/usr/bin/env bash
# `pip install .` as a user runs it (README, docs/python.md), then tests the
# installed module from outside the checkout:
#   pip_install_test.sh SOURCE BUILD PYTHON CLI
# A venv in a temporary folder, made with --system-site-packages so that
# NumPy, pytest, setuptools and wheel are Debian's; pip with --no-index (it
# downloads nothing) and --no-build-isolation; NONOLAB_CMAKE_BUILD=BUILD so
# the module is taken from this build instead of compiling everything again
# (without it, setup.py configures a fresh build/pip/cmake). Then a part of
# tests/python runs from the temporary folder with no PYTHONPATH, importing
# the venv's copy; test_installed.py checks it is that copy, with the
# project's version in its metadata.
set -euo pipefail
src=$(cd "$1" && pwd) build=$(cd "$2" && pwd) python=$3 cli=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" -m venv --system-site-packages "$tmp/venv"
NONOLAB_CMAKE_BUILD=$build "$tmp/venv/bin/python" -m pip install --no-index --no-build-isolation \
  --no-cache-dir --disable-pip-version-check -q "$src"
cd "$tmp"
unset PYTHONPATH
"$tmp/venv/bin/python" -c 'import nonolab, sys; print("installed:", nonolab.__file__, nonolab.__version__)'
NONOLAB_TEST_INSTALLED=1 NONOLAB_BUILD_DIR=$build NONOLAB_CLI=$cli \
  "$tmp/venv/bin/python" -m pytest -q -rs -p no:cacheprovider -m "not timing" \
  "$src/tests/python/test_installed.py" "$src/tests/python/test_puzzle.py" \
  "$src/tests/python/test_solve.py" "$src/tests/python/test_defaults.py"
