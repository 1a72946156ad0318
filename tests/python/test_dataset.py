"""nonolab.dataset and nonolab.generate: NumPy arrays of boards and clue
vectors, the same boards `nonolab generate` writes to its .npz shards."""

import os
import pathlib

import numpy as np
import pytest

import nonolab
from conftest import ROOT, cli, image_plugin_available


def load_shards(folder, name):
    """The CLI's shards x_NAME-0000k.npz / y_NAME-0000k.npz, concatenated."""
    def stack(prefix):
        arrays = []
        for f in sorted(pathlib.Path(folder).glob(f"{prefix}_{name}-*.npz")):
            with np.load(f) as data:
                arrays.append(data[data.files[0]])
        return np.concatenate(arrays)
    return stack("x"), stack("y")


@pytest.mark.parametrize("kind, setting", [("noise", None), ("figures", None),
                                           ("figures", "sparse")])
def test_generate_gives_the_clis_boards(tmp_path, kind, setting):
    if kind == "figures" and not image_plugin_available():
        pytest.skip("the OpenCV image plugin is not built")
    extra = ["--figure-setting", setting] if setting else []
    cli("generate", f"--{kind}", "40", "--size", "6", "--seed", "3", "--shard-size", "15",
        "--reflections", *extra, "-o", tmp_path / "set.npz")
    cx, cy = load_shards(tmp_path, "set")
    kw = {"figure_setting": setting} if setting else {}
    x, y = nonolab.generate(kind, count=40, size=6, seed=3, shard_size=15, reflections=True,
                            **kw)
    assert y.shape == (320, 6, 6) and y.dtype == np.uint8
    assert x.shape == (320, cx.shape[1]) and x.dtype == np.uint8
    assert np.array_equal(y, cy.reshape(y.shape))
    assert np.array_equal(x, cx)
    if setting:  # the setting reaches the generator: other boards than the default's
        _, default = nonolab.generate(kind, count=40, size=6, seed=3, shard_size=15,
                                      reflections=True)
        assert not np.array_equal(y, default)
    # The shards read back as a dataset spec give the same arrays.
    dx, dy = nonolab.dataset(
        f"pair:{tmp_path / 'x_set-00001.npz'},{tmp_path / 'y_set-00001.npz'}")
    assert np.array_equal(dx, x[:120]) and np.array_equal(dy, y[:120])


def test_every_board_and_unique_only():
    _, y = nonolab.generate("all", size=3)
    assert y.shape == (512, 3, 3)
    assert len({b.tobytes() for b in y}) == 512
    x, y = nonolab.generate("noise", count=30, size=5, seed=2, unique_only=True)
    assert 0 < len(y) < 30 and len(x) == len(y)
    for board in y:
        assert nonolab.check(nonolab.Puzzle.from_grid(board)) == "unique"
    x, y = nonolab.generate("noise", count=3, size=(4, 2))
    assert x is None and y.shape == (3, 2, 4)
    _, y = nonolab.generate("noise", count=3, size="4x2")  # as the CLI reads --size
    assert y.shape == (3, 2, 4)


def test_generate_rejects_bad_arguments():
    with pytest.raises(ValueError, match="kind"):
        nonolab.generate("clouds", count=3)
    with pytest.raises(ValueError, match="count"):
        nonolab.generate("noise")
    with pytest.raises(ValueError):
        nonolab.dataset("nonodataset:10x10/test@0-")
    # Sizes: the one parser and limit of core/board_size.hpp, as the CLI's.
    with pytest.raises(ValueError, match="expected N or WxH"):
        nonolab.generate("noise", count=3, size="4by2")
    with pytest.raises(ValueError, match="1 to 10000"):
        nonolab.generate("noise", count=3, size=(10001, 2))


SHARED = pathlib.Path(os.environ.get("NONOLAB_SHARED", ROOT.parent / "shared"))


@pytest.mark.skipif(not (SHARED / "benchmarks/dataset/nonodataset/10x10").is_dir(),
                    reason="../shared/benchmarks/dataset/nonodataset is absent")
def test_nonodataset_spec_as_arrays_and_as_puzzles():
    x, y = nonolab.dataset("nonodataset:10x10/test@1-300")
    assert x.shape[0] == 300 and y.shape == (300, 10, 10)
    assert set(np.unique(y)) <= {0, 1}
    puzzles = nonolab.read("nonodataset:10x10/test@1-3")
    for p, board in zip(puzzles, y):
        assert np.array_equal(p.goal, board)
        assert p == nonolab.Puzzle.from_grid(board)
