"""nonolab.make_unique: the same answer as `nonolab make-unique --json`, its
options read from make-unique's own table, locked cells respected, and bad
options refused."""

import numpy as np
import pytest

import nonolab
from conftest import cli_records

# Two 2x2 diagonals side by side: each can flip, so the puzzle is ambiguous.
TWO_DIAGONALS = np.array([[1, 0, 0, 1, 0, 0],
                          [0, 1, 0, 0, 1, 0],
                          [0, 0, 0, 0, 0, 0]])


def test_make_unique_equals_the_clis(tmp_path):
    path = tmp_path / "diagonals.non"
    nonolab.write(str(path), [nonolab.Puzzle.from_grid(TWO_DIAGONALS)])
    [expected] = cli_records("make-unique", "--json", "--goal", "logic", "--max-changes", "3",
                             "--suggestions", "4", str(path))
    [puzzle] = nonolab.read(str(path))
    got = nonolab.make_unique(puzzle, goal="logic", max_changes=3, suggestions=4)
    for key in ("source", "index", "name", "seconds"):
        expected.pop(key)
    assert got == expected
    assert got["status"] == "multiple" and got["suggestions"]
    for s in got["suggestions"]:
        assert s["grade"] in ("line", "probing")
        fixed = nonolab.Puzzle.from_grid(
            np.array([[1 if ch == "#" else 0 for ch in row] for row in s["picture"]]))
        assert nonolab.check(fixed) == "unique"


def test_locked_cells_never_change():
    puzzle = nonolab.Puzzle.from_grid(TWO_DIAGONALS)
    lock = [(0, 0), (0, 1), (1, 0), (1, 1)]
    got = nonolab.make_unique(puzzle, suggestions=20, lock=lock, timeout=None)
    assert got["suggestions"]
    for s in got["suggestions"]:
        for c in s["changes"]:
            assert (c["row"], c["col"]) not in lock


def test_bad_make_unique_options_raise_value_error():
    puzzle = nonolab.Puzzle.from_grid(TWO_DIAGONALS)
    with pytest.raises(ValueError, match="goal"):
        nonolab.make_unique(puzzle, goal="pretty")
    with pytest.raises(ValueError, match="max_changes"):
        nonolab.make_unique(puzzle, max_changes=4)
    with pytest.raises(ValueError, match="locked"):
        nonolab.make_unique(puzzle, lock=[(9, 9)])
    [clues_only] = nonolab.read("examples/cat.taai")
    with pytest.raises(ValueError, match="picture"):
        nonolab.make_unique(clues_only)
