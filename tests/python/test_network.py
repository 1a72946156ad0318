"""The network family: nn-h (the paper's heuristic, no network) always runs;
the network methods go through the CLI's LibTorch plugin: with it, the
records equal the CLI's; without it, the error says which plugin is missing
(tested with a plugin path that does not exist, so it runs in every build)."""

import os
import pathlib
import subprocess
import sys

import pytest

import nonolab
from conftest import cli_records, torch_plugin_available, without_timing

BOARD = "bench/hs-suite/dog.non"  # 10x10: the shipped models' size


def test_the_heuristic_equals_the_clis():
    [expected] = cli_records("solve", "--json", "--method", "nn-h", "--seed", "2", BOARD)
    r = nonolab.solve(nonolab.read(BOARD)[0], method="nn-h", seed=2)
    assert without_timing(r.record) == without_timing(expected)
    assert r.solved


@pytest.mark.skipif(not torch_plugin_available(), reason="the LibTorch plugin is not built")
@pytest.mark.parametrize("method", ["nn-nehi", "ne8hpfi"])
def test_network_methods_equal_the_clis(method):
    [expected] = cli_records("solve", "--json", "--method", method, "--seed", "2", BOARD)
    r = nonolab.solve(nonolab.read(BOARD)[0], method=method, seed=2)
    assert without_timing(r.record) == without_timing(expected)
    assert r.method.startswith("nn-")


def test_without_the_plugin_the_error_names_it(tmp_path):
    """In a child process whose NONOLAB_TORCH_PLUGIN names a file that does
    not exist, so the plugin is missing whether or not this build made it
    (this process may have loaded it already, and keeps it)."""
    missing = tmp_path / "libnonolab_torch_plugin.so"
    code = ("import nonolab\n"
            "try:\n"
            f"    nonolab.solve(nonolab.read({BOARD!r})[0], method='ne8hpfi')\n"
            "except nonolab.SolveError as e:\n"
            "    print(e)\n"
            "else:\n"
            "    raise SystemExit('no SolveError')\n")
    package_dir = pathlib.Path(nonolab.__file__).resolve().parent.parent
    env = {**os.environ, "NONOLAB_TORCH_PLUGIN": str(missing), "PYTHONPATH": str(package_dir)}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "LibTorch plugin" in proc.stdout and str(missing) in proc.stdout, proc.stdout


def test_import_chooses_the_openblas_kernels_before_numpy_loads_them():
    """`import nonolab` sets OPENBLAS_CORETYPE (in the C environment, which
    OpenBLAS reads when numpy or LibTorch first loads it) unless it is set:
    src/nn/openblas_core.hpp. A child process, so this one's is untouched;
    on a CPU without AVX2 there is nothing to choose and it stays unset."""
    code = ("import ctypes, os, nonolab, numpy\n"
            "libc = ctypes.CDLL(None)\n"
            "libc.getenv.restype = ctypes.c_char_p\n"
            "v = libc.getenv(b'OPENBLAS_CORETYPE')\n"
            "print(v.decode() if v else '')\n"
            "try:\n"  # the kernels numpy's OpenBLAS (LibTorch's too) loaded with
            "    blas = ctypes.CDLL('libopenblas.so.0', os.RTLD_NOLOAD | os.RTLD_LAZY)\n"
            "    blas.openblas_get_corename.restype = ctypes.c_char_p\n"
            "    print(blas.openblas_get_corename().decode())\n"
            "except OSError:\n"
            "    print('no OpenBLAS')\n")
    package_dir = pathlib.Path(nonolab.__file__).resolve().parent.parent
    flags = pathlib.Path("/proc/cpuinfo").read_text().split()
    expected = ("SkylakeX" if {"avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512cd"} <= set(flags)
                else "Haswell" if {"avx2", "fma"} <= set(flags) else "")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_CORETYPE"}
    env["PYTHONPATH"] = str(package_dir)
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    chosen, running = proc.stdout.split("\n")[:2]
    assert chosen == expected
    if expected and running != "no OpenBLAS":
        assert running == expected  # numpy loaded it after the choice
    env["OPENBLAS_CORETYPE"] = "Sandybridge"  # the user's choice is kept
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.stdout.split("\n")[0] == "Sandybridge", proc.stderr


def test_import_lets_openmp_threads_sleep_before_libtorch_loads_them():
    """`import nonolab` sets OMP_WAIT_POLICY=PASSIVE (read by GNU OpenMP when
    LibTorch loads it) unless it is set: src/nn/openmp_wait_policy.hpp. A
    child process, so this one's is untouched."""
    code = ("import ctypes, nonolab\n"
            "libc = ctypes.CDLL(None)\n"
            "libc.getenv.restype = ctypes.c_char_p\n"
            "v = libc.getenv(b'OMP_WAIT_POLICY')\n"
            "print(v.decode() if v else '')\n")
    package_dir = pathlib.Path(nonolab.__file__).resolve().parent.parent
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    env["PYTHONPATH"] = str(package_dir)
    for given, expected in ((None, "PASSIVE"), ("ACTIVE", "ACTIVE")):
        if given:
            env["OMP_WAIT_POLICY"] = given  # the user's choice is kept
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.split("\n")[0] == expected, proc.stderr
