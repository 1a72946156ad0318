"""Which package the suite tests, and its version: the one project version
of CMakeLists.txt, in the module and (installed by pip) in its metadata."""

import importlib.metadata
import pathlib
import re

import nonolab
from conftest import BUILD, INSTALLED, ROOT


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"project\(\s*nonolab\s+VERSION\s+([0-9.]+)", text).group(1)


def test_version_is_the_project_version():
    assert nonolab.__version__ == project_version()


def test_the_package_under_test_is_the_intended_one():
    where = pathlib.Path(nonolab.__file__).resolve()
    if INSTALLED:
        # pip's copy, in site-packages: nothing of the checkout or its build.
        assert not where.is_relative_to(ROOT.resolve()), where
        assert not where.is_relative_to(BUILD.resolve()), where
        assert "site-packages" in where.parts, where
        assert importlib.metadata.version("nonolab") == project_version()
    else:
        assert where.is_relative_to(BUILD.resolve()), where
