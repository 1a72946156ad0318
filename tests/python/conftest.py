"""Shared set-up of the Python binding tests (tests/python, run by ctest as
python_bindings): where the repository, the CLI and the plugins are, and
how to ask the CLI for the JSON records the API must reproduce."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("NONOLAB_BUILD_DIR", ROOT / "build"))
CLI = pathlib.Path(os.environ.get("NONOLAB_CLI", BUILD / "apps" / "nonolab"))

# The package under test: the one PYTHONPATH names (ctest sets it), else
# this build's, ahead of any installed by setup.sh's .pth file; with
# NONOLAB_TEST_INSTALLED=1, the one pip installed (tests/python/pip_install_test.sh).
INSTALLED = os.environ.get("NONOLAB_TEST_INSTALLED") == "1"
if not INSTALLED and not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(BUILD / "python"))


def torch_plugin_available():
    """True when the network methods can load their plugin (the CLI's own
    search: $NONOLAB_TORCH_PLUGIN, else the build tree)."""
    env = os.environ.get("NONOLAB_TORCH_PLUGIN")
    if env:
        return pathlib.Path(env).is_file()
    return (BUILD / "apps" / "libnonolab_torch_plugin.so").is_file()


def image_plugin_available():
    env = os.environ.get("NONOLAB_IMAGE_PLUGIN")
    if env:
        return pathlib.Path(env).is_file()
    return (BUILD / "apps" / "libnonolab_image_plugin.so").is_file()


def cli(*args, check=True):
    """Runs the CLI from the repository root; returns the completed process."""
    if not CLI.is_file():
        pytest.skip(f"the CLI is not built ({CLI})")
    proc = subprocess.run(
        [str(CLI), *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    if check and proc.returncode not in (0, 1, 3):
        raise AssertionError(f"nonolab {' '.join(map(str, args))}: {proc.stderr}")
    return proc


def cli_records(*args):
    """The JSON lines the CLI prints for `args` (which include --json)."""
    return [json.loads(line) for line in cli(*args).stdout.splitlines() if line.strip()]


def without_timing(record):
    """A record without the fields that vary between reruns (wall time)."""
    out = {k: v for k, v in record.items() if k != "seconds"}
    out["stats"] = {k: v for k, v in record["stats"].items() if "seconds" not in k}
    return out


@pytest.fixture(autouse=True)
def in_repository(monkeypatch):
    """Every test runs from the repository root, as the CLI calls do, so
    relative paths (and the records' "source") are the same on both sides."""
    monkeypatch.chdir(ROOT)


# A skipped test must not let the run count as passed:
# when everything that ran passed but something was skipped, pytest's exit
# status becomes 77, which ctest reports as a skip (SKIP_RETURN_CODE in
# tests/CMakeLists.txt) and scripts/test.sh counts; under CI=true it then
# fails. The reasons are in the output (-rs).
SKIPPED_RUN_STATUS = 77


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "timing: a speed measurement that needs an idle machine; left out of the "
                   "suite (ctest passes -m 'not timing'), run by hand with -m timing")


def pytest_sessionfinish(session, exitstatus):
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = len(reporter.stats.get("skipped", [])) if reporter else 0
    if exitstatus == 0 and skipped:
        session.exitstatus = SKIPPED_RUN_STATUS
