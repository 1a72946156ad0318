"""One puzzle per place, always: reading a set with
broken puzzles first, in the middle and last, in every format that marks
puzzles. read() raises a PuzzleError that lists every unreadable puzzle and
keeps the readable ones (errors="raise"), returns one item per puzzle in
file order (errors="collect"), or the readable ones (errors="skip").

Puzzle i (0-based) is the (i+2) x (i+2) puzzle whose every clue is 1, so
its size tells where it stood; a broken one has a token that is not a
number (or, in JSON, no columns), never clues that merely disagree."""

import warnings

import pytest

import nonolab


class Lines:
    """Lines of a file, remembering where the broken puzzles fail."""

    def __init__(self):
        self.lines, self.bad = [], []

    def add(self, text, bad=False):
        self.lines.append(text)
        if bad:
            self.bad.append(len(self.lines))

    def text(self):
        return "\n".join(self.lines) + "\n"


def clue_lines(w, n, bad, clue="1", broken_clue="x", before_rows=(), before_columns=()):
    """Row lines (the first broken when `bad`), then column lines, each
    block after its keyword lines."""
    for line in before_rows:
        w.add(line)
    for k in range(n):
        w.add(broken_clue if bad and k == 0 else clue, bad and k == 0)
    for line in before_columns:
        w.add(line)
    for _ in range(n):
        w.add(clue)


def taai(broken):
    w = Lines()
    for i, bad in enumerate(broken):
        # Columns come first in TAAI: the broken line is the first row.
        w.add(f"${i + 1}")
        for _ in range(i + 2):
            w.add("1")
        for k in range(i + 2):
            w.add("x" if bad and k == 0 else "1", bad and k == 0)
    return w


def xml(broken):
    w = Lines()
    w.add('<?xml version="1.0"?>')
    w.add("<puzzleset>")
    one = "<line><count>1</count></line>"
    for i, bad in enumerate(broken):
        n = i + 2
        first = "<line><count>x</count></line>" if bad else one
        w.add(
            f'<puzzle type="grid"><clues type="rows">{first}{one * (n - 1)}</clues>'
            f'<clues type="columns">{one * n}</clues></puzzle>',
            bad,
        )
    w.add("</puzzleset>")
    return w


def json_set(broken):
    w = Lines()
    w.add("[")
    for i, bad in enumerate(broken):
        clues = "[" + ", ".join(["[1]"] * (i + 2)) + "]"
        cols = "" if bad else f', "columns": {clues}'
        comma = "," if i + 1 < len(broken) else ""
        w.add(f'{{"rows": {clues}{cols}}}{comma}', bad)
    w.add("]")
    return w


def clues(broken):
    w = Lines()
    for i, bad in enumerate(broken):
        n = i + 2
        head = [f"puzzle {i + 1}", f"size: {n}x{n}", "rows:"]
        clue_lines(w, n, bad, before_rows=head, before_columns=["columns:"])
    return w


def non(broken):
    w = Lines()
    for i, bad in enumerate(broken):
        n = i + 2
        head = (["===="] if i else []) + [f"width {n}", f"height {n}", "rows"]
        clue_lines(w, n, bad, before_rows=head, before_columns=["columns"])
    return w


def spoj(broken):
    w = Lines()
    w.add(str(len(broken)))
    for i, bad in enumerate(broken):
        n = i + 2
        clue_lines(w, n, bad, "1 0", "x 0", before_rows=[f"{n} {n}"])
    return w


def rosetta(broken):
    w = Lines()
    for i, bad in enumerate(broken):
        n = i + 2
        if i:
            w.add("")
        w.add(("a " if bad else "A ") + " ".join(["A"] * (n - 1)), bad)
        w.add(" ".join(["A"] * n))
    return w


def picross(broken):
    w = Lines()
    for i, bad in enumerate(broken):
        head = [f"GRID p{i + 1}", "ROWS"]
        clue_lines(w, i + 2, bad, "[ 1 ]", "[ x ]", before_rows=head, before_columns=["COLUMNS"])
    return w


FORMATS = [
    ("taai", "set.taai", taai),
    ("xml", "set.xml", xml),
    ("json", "set.json", json_set),
    ("clues", "set.clues", clues),
    ("non", "set.nonpack", non),
    ("spoj", "set.txt", spoj),
    ("rosetta", "set.txt", rosetta),
    ("picross", "set.txt", picross),
]
PATTERNS = [
    [True, False, False],
    [False, True, False],
    [False, False, True],
    [True, False, True, False],
]


def write_set(tmp_path, make, file, broken):
    lines = make(broken)
    path = tmp_path / file
    path.write_text(lines.text())
    return path, lines.bad


@pytest.mark.parametrize("broken", PATTERNS, ids=lambda b: "".join("x" if x else "." for x in b))
@pytest.mark.parametrize("name,file,make", FORMATS, ids=[f[0] for f in FORMATS])
def test_collect_gives_one_item_per_puzzle_in_file_order(tmp_path, name, file, make, broken):
    path, bad_lines = write_set(tmp_path, make, file, broken)
    items = nonolab.read(path, format=name, errors="collect")
    assert len(items) == len(broken)
    bad = iter(bad_lines)
    for i, (item, is_bad) in enumerate(zip(items, broken)):
        if not is_bad:
            assert isinstance(item, nonolab.Puzzle)
            assert item.width == i + 2
            continue
        assert isinstance(item, nonolab.PuzzleError)
        line = next(bad)
        assert item.index == i + 1
        assert item.file == str(path)
        assert item.line == line
        assert str(item).startswith(f"{path}:{line}:")
        assert item.message and item.message in str(item)


@pytest.mark.parametrize("name,file,make", FORMATS, ids=[f[0] for f in FORMATS])
def test_raise_lists_every_unreadable_puzzle_and_keeps_the_others(tmp_path, name, file, make):
    broken = [False, True, False, True]
    path, bad_lines = write_set(tmp_path, make, file, broken)
    with pytest.raises(nonolab.PuzzleError) as e:
        nonolab.read(path, format=name)
    err = e.value
    assert err.file == str(path) and err.line == bad_lines[0] and err.index == 2
    assert str(err).startswith(f"{path}:{bad_lines[0]}:")
    assert "2, 4 of 4" in str(err)
    assert [x.index for x in err.errors] == [2, 4]
    assert [x.line for x in err.errors] == bad_lines
    assert [p.width for p in err.puzzles] == [2, 4]


def test_skip_warns_about_each_unreadable_puzzle(tmp_path):
    path, _ = write_set(tmp_path, taai, "set.taai", [True, False, True])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        puzzles = nonolab.read(path, errors="skip")
    assert [p.width for p in puzzles] == [3]
    assert [str(w.message).split(":")[0] for w in caught] == [
        "skipping puzzle 1",
        "skipping puzzle 3",
    ]


def test_a_file_that_cannot_be_split_raises_whatever_errors_says(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<puzzleset><puzzle>")
    for errors in ("raise", "collect", "skip"):
        with pytest.raises(nonolab.PuzzleError) as e:
            nonolab.read(bad, errors=errors)
        assert e.value.file == str(bad)
    with pytest.raises(ValueError, match="errors="):
        nonolab.read(bad, errors="ignore")


def test_a_set_without_broken_puzzles_reads_as_before(tmp_path):
    for name, file, make in FORMATS:
        path, _ = write_set(tmp_path, make, file, [False, False])
        for errors in ("raise", "collect", "skip"):
            assert [p.width for p in nonolab.read(path, format=name, errors=errors)] == [2, 3]
