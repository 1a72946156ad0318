"""The network family: nn-h (the paper's heuristic, no network) always runs;
the network methods go through the CLI's LibTorch plugin: with it, the
records equal the CLI's; without it, the error says which plugin is missing."""

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


@pytest.mark.skipif(torch_plugin_available(), reason="the LibTorch plugin is built")
def test_without_the_plugin_the_error_names_it():
    with pytest.raises(nonolab.SolveError, match="LibTorch plugin"):
        nonolab.solve(nonolab.read(BOARD)[0], method="ne8hpfi")
