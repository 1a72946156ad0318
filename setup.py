"""Builds the Python module for `pip install .` (pyproject.toml) with the
project's own CMake build, so pip's module is the one setup.sh and the tests
build: the same sources, options and compiler flags.

setuptools knows the pure-Python files (python/nonolab) and one extension,
nonolab._nonolab, whose build step is replaced: it configures CMake (a new
folder build/pip/cmake, or the configured folder NONOLAB_CMAKE_BUILD names),
builds the targets _nonolab and nonolab_python_files, and copies the
extension where setuptools packs it. Nothing is downloaded: CMake, a C++20
compiler, pybind11 and NumPy come from Debian (scripts/setup.sh --with python).
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
# Everything setuptools writes goes under build/pip (the build/ folders are
# git-ignored), not beside the sources.
BUILD_BASE = ROOT / "build" / "pip"


def project_version():
    """The one version: project(nonolab VERSION X.Y.Z) in CMakeLists.txt."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(\s*nonolab\s+VERSION\s+([0-9][0-9.]*)", text)
    if not match:
        sys.exit("setup.py: no `project(nonolab VERSION ...)` in CMakeLists.txt")
    return match.group(1)


class CMakeBuild(build_ext):
    """build_ext that runs the project's CMake build for the extension."""

    def build_extension(self, ext):
        given = os.environ.get("NONOLAB_CMAKE_BUILD")
        if given:
            folder = pathlib.Path(given).resolve()
            if not (folder / "CMakeCache.txt").is_file():
                sys.exit(f"setup.py: NONOLAB_CMAKE_BUILD={given} is not a configured CMake build folder")
        else:
            folder = BUILD_BASE / "cmake"
            self.configure(folder)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(min(os.cpu_count() or 1, 4))
        self.run_command_line(["cmake", "--build", str(folder), "-j", jobs,
                               "--target", "_nonolab", "nonolab_python_files"])
        built = sorted((folder / "python" / "nonolab").glob("_nonolab*.so"))
        if not built:
            sys.exit(f"setup.py: the build in {folder} made no python/nonolab/_nonolab*.so")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], target)

    def configure(self, folder):
        # Only the module: the plugins, the tests and the benchmarks stay off.
        # The interpreter running pip is the one the module is built for.
        options = {
            "CMAKE_BUILD_TYPE": "Release",
            "NONOLAB_PYTHON": "ON",
            "NONOLAB_TESTS": "OFF",
            "NONOLAB_BENCH": "OFF",
            "NONOLAB_SERVE": "OFF",
            "NONOLAB_OPENCV": "OFF",
            "NONOLAB_MPI": "OFF",
            "NONOLAB_TORCH": "OFF",
            "Python3_EXECUTABLE": sys.executable,
        }
        self.run_command_line(["cmake", "-S", str(ROOT), "-B", str(folder)]
                              + [f"-D{k}={v}" for k, v in options.items()])

    @staticmethod
    def run_command_line(args):
        print("setup.py:", " ".join(args), flush=True)
        try:
            subprocess.run(args, check=True)
        except FileNotFoundError:
            sys.exit("setup.py: cmake is not installed (Debian: apt-get install cmake g++; "
                     "or bash scripts/setup.sh --with python)")
        except subprocess.CalledProcessError as e:
            sys.exit(f"setup.py: {' '.join(args[:3])} ... failed (exit {e.returncode}); the module "
                     "needs g++, cmake, python3-dev, pybind11-dev and python3-numpy "
                     "(bash scripts/setup.sh --with python installs them)")


BUILD_BASE.mkdir(parents=True, exist_ok=True)
setup(
    version=project_version(),
    packages=["nonolab"],
    package_dir={"nonolab": "python/nonolab"},
    package_data={"nonolab": ["__init__.pyi", "py.typed"]},
    ext_modules=[Extension("nonolab._nonolab", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={
        "build": {"build_base": str(BUILD_BASE)},
        "egg_info": {"egg_base": str(BUILD_BASE)},
    },
    zip_safe=False,
)
