"""nonolab.Puzzle, read, write, formats: shapes, dtypes, round trips, and
errors that name the file and line."""

import numpy as np
import pytest

import nonolab


def test_read_gives_puzzles_with_their_source_and_clues():
    [p] = nonolab.read("examples/heart.non")
    assert (p.width, p.height, p.name) == (9, 8, "Heart")
    assert (p.source, p.index) == ("examples/heart.non", 1)
    assert len(p.rows) == 8 and len(p.cols) == 9
    assert p.rows[0] == [2, 2] and all(isinstance(n, int) for row in p.rows for n in row)
    assert p.black_and_white
    assert p.goal.shape == (8, 9) and p.goal.dtype == np.uint8
    assert p.goal[0].tolist() == [0, 1, 1, 0, 0, 0, 1, 1, 0]


def test_from_grid_gives_the_clues_of_the_picture():
    [p] = nonolab.read("examples/heart.non")
    q = nonolab.Puzzle.from_grid(p.goal, name="copy")
    assert q == p and q.name == "copy" and q.source == ""
    assert np.array_equal(q.goal, p.goal)


def test_from_clues_builds_black_and_white_and_colour_puzzles():
    p = nonolab.Puzzle.from_clues([[1], [1, 1], [3]], [[2], [1, 1], [2]])
    assert (p.width, p.height) == (3, 3) and p.goal is None
    assert nonolab.check(p) == "unique"
    palette = ["white", "red", ("blue", "#0000ff", "b")]
    c = nonolab.Puzzle.from_clues(
        [[(1, "red"), (1, "blue")], [(2, 1)]],
        [[(2, "red")], [(1, 2), (1, "red")]],
        palette=palette,
    )
    assert not c.black_and_white
    assert c.rows == [[(1, 1), (1, 2)], [(2, 1)]]
    assert c == nonolab.Puzzle.from_grid([[1, 2], [1, 1]], palette=palette)
    assert nonolab.check(c) == "unique"
    assert [entry[0] for entry in c.palette] == ["white", "red", "blue"]
    assert c.palette[2] == ("blue", "#0000ff", "b")


def test_colour_puzzles_read_with_their_palette_and_goal():
    [p] = nonolab.read("examples/flower_pot.non")
    assert not p.black_and_white and len(p.palette) == 5
    assert p.goal.max() == 4 and p.goal.shape == (11, 10)
    assert nonolab.Puzzle.from_grid(p.goal, palette=p.palette) == p


def test_bad_clues_raise_puzzle_error_and_bad_arrays_value_error():
    with pytest.raises(nonolab.PuzzleError) as e:
        nonolab.Puzzle.from_clues([[0, 1]], [[1]])
    assert e.value.file is None
    with pytest.raises(ValueError, match=r"cell \(0, 1\) is 2"):
        nonolab.Puzzle.from_grid([[0, 2]])
    with pytest.raises(ValueError, match="2-D"):
        nonolab.Puzzle.from_grid(np.zeros(4, dtype=int))
    with pytest.raises(ValueError, match="integer"):
        nonolab.Puzzle.from_grid(np.zeros((2, 2)))


def test_clues_that_admit_no_grid_are_a_proven_contradiction_with_its_reason():
    p = nonolab.Puzzle.from_clues([[4]], [[1], [1], [1]])  # a row of 4 in a line of 3
    assert nonolab.check(p) == "contradiction"
    for method in ("exact", "hs-a"):
        r = nonolab.solve(p, method=method)
        assert r.status == "contradiction", method
        assert r.reason == 'row 1 clue "4" needs 4 cells but the puzzle is only 3 wide', method
    q = nonolab.Puzzle.from_clues([[1], [1]], [[1], []])
    assert nonolab.solve(q).reason == "rows fill 2 cells, columns fill 1"
    assert nonolab.solve(nonolab.read("examples/heart.non")[0]).reason == ""


def test_a_bad_file_raises_puzzle_error_with_its_file_and_line(tmp_path):
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\nx 1\n")
    with pytest.raises(nonolab.PuzzleError) as e:
        nonolab.read(bad)
    assert e.value.file == str(bad)
    assert e.value.line == 8
    assert str(e.value).startswith(f"{bad}:8:")
    assert isinstance(e.value, ValueError)


def test_missing_files_and_unwritable_formats():
    with pytest.raises(FileNotFoundError):
        nonolab.read("examples/no-such-file.non")
    [p] = nonolab.read("examples/heart.non")
    with pytest.raises(ValueError, match="format"):
        nonolab.write("/tmp/x.unknown-extension", p)


def test_write_and_read_back_in_every_writable_format(tmp_path):
    [p] = nonolab.read("examples/sailboat.xml")  # square: TAAI holds only square puzzles
    writable = [f for f in nonolab.formats() if f["write"] and f["extensions"]]
    assert len(writable) >= 5
    for f in writable:
        path = tmp_path / f"duck.{f['extensions'][0]}"
        nonolab.write(path, [p])
        [q] = nonolab.read(path)
        assert q == p, f["name"]


def test_read_takes_suites_and_indices():
    suite = nonolab.read("bench/hs-suite")
    assert suite[0].group == "Group I" and suite[0].source.endswith("mine.non")
    assert nonolab.read("examples/heart.non", indices=[1])[0].index == 1
    with pytest.raises(nonolab.PuzzleError):
        nonolab.read("examples/heart.non", indices=[2])


def test_pictures_for_jupyter_and_terminals():
    [p] = nonolab.read("examples/heart.non")
    svg = p._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert svg.count("<rect") < p.svg(p.goal).count("<rect")
    partial = p.goal.astype(np.int8)
    partial[0, 0] = -1
    assert "?" in p.text(partial, clues=False, unicode=False)
    assert "Heart" in repr(p) and "9x8" in repr(p)


def test_ndom_is_the_family_member_it_names():
    p = nonolab.ndom(3)
    assert (p.width, p.height) == (7, 7)
    assert nonolab.check(p) == "unique"


def test_a_failed_write_leaves_no_file(tmp_path):
    colour = nonolab.read("examples/flower_pot.non")[0]
    target = tmp_path / "flower.taai"
    with pytest.raises(ValueError):
        nonolab.write(target, colour)  # TAAI holds square black-and-white puzzles only
    assert list(tmp_path.iterdir()) == []
    nonolab.write(tmp_path / "two.non", nonolab.read("examples/heart.non") * 2, format="xml")
    assert len(nonolab.read(tmp_path / "two.non", format="xml")) == 2
