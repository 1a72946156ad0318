"""nonolab: nonograms for researchers, from Python.

The library itself (the C++ of the ``nonolab`` command), with grids as NumPy
arrays::

    import nonolab
    p = nonolab.read("examples/heart.non")[0]
    nonolab.check(p)                                  # 'unique'
    r = nonolab.solve(p, method="hs-c", seed=7)       # a paper method, seeded
    r.status, r.solutions[0].shape, r.stats["evaluations"]
    nonolab.experiment(nonolab.read("bench/hs-suite"), ["hs-b", "hs-c"], trials=10)

Every call runs the same library function as the command line, with the same
option tables and defaults, and makes the same JSON records
(``docs/python.md`` documents the API; ``docs/interface.md`` the
records). Long calls release the GIL and stop on Ctrl-C.

This file holds the Pythonic part: keyword arguments and their defaults where
the library has none of its own (None for "no limit"), the Result class and
the Jupyter pictures. The work is in the extension module _nonolab.
"""

from __future__ import annotations

import errno
import os
import warnings

from . import _nonolab
from ._nonolab import (
    __version__,
    Puzzle,
    PuzzleError,
    UnsupportedError,
    formats,
    methods,
    ndom,
)


__all__ = [
    "Puzzle",
    "PuzzleError",
    "Result",
    "SolveError",
    "UnsupportedError",
    "check",
    "dataset",
    "experiment",
    "explain",
    "formats",
    "generate",
    "grade",
    "make_unique",
    "logic_only",
    "methods",
    "ndom",
    "read",
    "solve",
    "write",
]


class SolveError(RuntimeError):
    """A run that ended in status "error": the method refused the puzzle (a
    paper method and a colour puzzle), a plugin it needs is missing (the
    network methods without the LibTorch plugin), or an internal fault.
    ``.record`` is the run's record, whose "error" field says which."""

    def __init__(self, message, record):
        super().__init__(message)
        self.record = record


def _param_text(key, value):
    """A parameter value as the option tables read it (--param KEY=VALUE)."""
    if isinstance(value, bool):  # before int: bool is an int
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, float):
        return repr(value)  # the shortest text that reads back to the same float
    raise TypeError(
        f"parameter {key!r}: expected an int, float, bool or str, got {type(value).__name__}"
    )


def _param_map(params):
    if params is None:
        return {}
    return {str(k): _param_text(k, v) for k, v in dict(params).items()}


def _seconds(timeout):
    return 0.0 if timeout is None else float(timeout)


def _unreadable(index, file, line, message, text, unsupported):
    """The PuzzleError (or UnsupportedError) of one puzzle that cannot be read."""
    e = (UnsupportedError if unsupported else PuzzleError)(text)
    e.file, e.line, e.message, e.index = file, line, message, index
    return e


def read(path, format=None, indices=None, errors="raise"):
    """Every puzzle of a puzzle file, suite manifest (or folder holding
    one) or NonoDataset spec ("nonodataset:10x10/test@1-300"), as
    ``nonolab solve PATH`` reads it. ``format`` forces a format by name
    (see formats()); ``indices`` keeps only those puzzles (1-based).

    In a file of several puzzles each puzzle is read on its own, so one
    that cannot be read does not hide the others. ``errors`` says what then:
    "raise" (default) raises PuzzleError for the first of them, whose
    ``.errors`` lists every one (each a PuzzleError with ``.index``,
    ``.file``, ``.line``, ``.message``) and whose ``.puzzles`` holds the
    puzzles that were read; "collect" returns one item per puzzle in file
    order, a PuzzleError in place of each unreadable one; "skip" returns
    the readable ones and warns about each of the others.

    Raises FileNotFoundError, or PuzzleError with .file and .line when the
    file cannot be split into puzzles at all."""
    if errors not in ("raise", "collect", "skip"):
        raise ValueError(f"errors={errors!r}: expected 'raise', 'collect' or 'skip'")
    path = os.fspath(path)
    if not _nonolab.is_dataset_spec(path) and not os.path.exists(path):
        raise FileNotFoundError(errno.ENOENT, "no such puzzle file", path)
    items = _nonolab.read(path, format or "", [int(i) for i in (indices or [])])
    items = [p if isinstance(p, Puzzle) else _unreadable(*p) for p in items]
    bad = [p for p in items if not isinstance(p, Puzzle)]
    if not bad or errors == "collect":
        return items
    good = [p for p in items if isinstance(p, Puzzle)]
    if errors == "skip":
        for e in bad:
            warnings.warn(f"skipping puzzle {e.index}: {e}", stacklevel=2)
        return good
    first = bad[0]
    text = str(first)
    if len(items) > 1:
        listed = ", ".join(str(e.index) for e in bad)
        text += (
            f"\n(puzzle(s) {listed} of {len(items)} cannot be read; .errors lists them, "
            f".puzzles holds the {len(good)} read; errors='collect' or 'skip' returns them)"
        )
    e = type(first)(text)
    e.file, e.line, e.message, e.index = first.file, first.line, first.message, first.index
    e.errors, e.puzzles = bad, good
    raise e


def write(path, puzzles, format=None):
    """Writes one puzzle or a list of them in ``format`` (default: the one
    the extension names), through a temporary file, so a failure leaves no
    partial file. Raises ValueError when the format cannot hold them."""
    if isinstance(puzzles, Puzzle):
        puzzles = [puzzles]
    _nonolab.write(os.fspath(path), list(puzzles), format or "")


class Result:
    """One run of one method on one puzzle.

    ``status`` is the interface's word (unique, multiple, solved,
    contradiction, timeout, unsolved); ``solutions`` the verified solutions
    as H x W uint8 arrays (0 background, k the k-th colour); ``seconds`` the
    wall time; ``stats`` the method's numbers (``stats["evaluations"]`` in
    its paper's unit); ``record`` the whole JSON record, as
    ``nonolab solve --json`` prints it; ``reason`` why a contradiction
    needed no search (clues longer than their line, totals that differ),
    else ""; ``partial`` where logic stopped
    (int8, -1 open) for the "logic" method, else None."""

    __slots__ = ("puzzle", "record", "solutions", "partial")

    def __init__(self, puzzle, record, solutions, partial=None):
        self.puzzle = puzzle
        self.record = record
        self.solutions = solutions
        self.partial = partial

    status = property(lambda self: self.record["status"])
    seconds = property(lambda self: self.record["seconds"])
    stats = property(lambda self: self.record["stats"])
    method = property(lambda self: self.record["method"])
    seed = property(lambda self: self.record["seed"])
    error = property(lambda self: self.record.get("error", ""))
    # Why a contradiction needed no search ("rows fill 10 cells, columns fill 9"), else "".
    reason = property(lambda self: self.record.get("reason", ""))

    @property
    def solved(self):
        """A solution was found and verified (unique, multiple or solved)."""
        return self.status in ("unique", "multiple", "solved")

    def __repr__(self):
        return (
            f"<nonolab.Result {self.status} by {self.method} in {self.seconds:.3f} s, "
            f"{len(self.solutions)} solution(s), {self.stats.get('evaluations', 0)} evaluations>"
        )

    def _repr_svg_(self):
        """Jupyter: the puzzle with its first solution (or where logic stopped)."""
        grid = self.solutions[0] if self.solutions else self.partial
        return self.puzzle.svg(grid)


def solve(
    puzzle,
    solutions=2,
    timeout=None,
    method="exact",
    seed=1,
    params=None,
    max_evaluations=None,
    **exact_options,
):
    """Runs ``method`` on ``puzzle``, as ``nonolab solve --method METHOD
    --seed SEED`` does, and returns a Result.

    solutions:       the exact solver stops after this many (2 proves uniqueness)
    timeout:         wall-clock seconds (None = no limit); a run cut short says "timeout"
    method:          a name from methods() (or a paper's alias, e.g. "ne8hpfi")
    seed:            the run's seed, used as given (same seed, same result)
    params:          the method's parameters, e.g. {"hms": 30, "par": 0.7}
    max_evaluations: overrides the method's iteration limit (its paper's unit)
    exact_options:   the exact solver's options, e.g. engine="search", probing=False

    Raises ValueError for an unknown method or a bad parameter (naming it and
    the known ones), SolveError when the run ends in status "error", and
    KeyboardInterrupt on Ctrl-C (the run stops at its next budget check)."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"solve: expected a nonolab.Puzzle, got {type(puzzle).__name__}")
    record, grids, partial = _nonolab._solve(
        puzzle,
        str(method),
        _param_map(params),
        _param_map(exact_options),
        int(solutions),
        _seconds(timeout),
        int(seed),
        int(max_evaluations or 0),
    )
    result = Result(puzzle, record, grids, partial)
    if result.status == "error":
        raise SolveError(f"{record['method']} on {puzzle!r}: {result.error}", record)
    return result


def check(puzzle, timeout=None, **exact_options):
    """The uniqueness verdict: unique, multiple, contradiction or timeout
    (``nonolab check``)."""
    return solve(puzzle, solutions=2, timeout=timeout, **exact_options).status


def grade(puzzle, timeout=None):
    """The difficulty for puzzle makers (``nonolab check --grade``): a dict
    with the verdict ("status"), the grade (line, probing or search), the
    share of cells each stage decided, and for search the nodes and depth."""
    result = solve(puzzle, solutions=2, timeout=timeout, grade=True)
    return {"status": result.status, **result.stats}


def logic_only(puzzle, timeout=None):
    """Where line solving and probing stop, without search (``nonolab solve
    --logic-only``): an H x W int8 array, -1 for the cells logic leaves open.
    Raises ValueError when logic proves the puzzle has no solution."""
    result = solve(puzzle, method="logic", timeout=timeout)
    if result.partial is not None:
        return result.partial
    if result.solutions:
        return result.solutions[0].astype("int8")
    if result.status == "contradiction":
        raise ValueError(f"logic proves that {puzzle!r} has no solution")
    raise SolveError(f"logic on {puzzle!r} ended in {result.status}", result.record)


def explain(puzzle, timeout=None, probing=True, max_steps=0):
    """The deductions that solve ``puzzle``, in order, as ``nonolab explain
    --json`` prints them: a dict with the verdict ("status": unique,
    contradiction, unsolved when logic stalls, or timeout) and "steps", each
    with its kind (line, probe, contradiction, stalled), the line, the cells
    it decided and a one-sentence reason."""
    params = {"probing": _param_text("probing", probing),
              "timeout": _param_text("timeout", _seconds(timeout)),
              "max_steps": _param_text("max_steps", max_steps)}
    return _nonolab._explain(puzzle, params)


def make_unique(puzzle, goal="unique", max_changes=2, suggestions=3, lock=(),
                timeout=10.0, alternatives=3):
    """The fewest cell changes (1 to ``max_changes``, at most 3) that make the
    puzzle of ``puzzle``'s picture reach ``goal``: "unique", "logic" (unique
    and solvable by line logic plus probing, no guessing) or "line" (line
    logic alone), as ``nonolab make-unique --json`` prints them: a dict with
    the picture's "status" and "grade", "goal_met", and "suggestions", each
    with its "changes" ({"row", "col", "value"}, 0-based), "picture", "grade"
    and "cost"; "complete" is true only when every candidate was checked.
    ``puzzle`` must carry its picture (Puzzle.from_grid, or a file with a
    goal); ``lock`` lists (row, col) cells, 0-based, that never change;
    ``timeout`` (seconds, None = no limit) bounds the whole search."""
    params = {"goal": _param_text("goal", goal),
              "max_changes": _param_text("max_changes", max_changes),
              "max_suggestions": _param_text("max_suggestions", suggestions),
              "alternatives": _param_text("alternatives", alternatives),
              "timeout": _param_text("timeout", _seconds(timeout))}
    locked = [(int(r), int(c)) for r, c in lock]
    return _nonolab._make_unique(puzzle, params, locked)


def _puzzle_list(puzzles):
    if isinstance(puzzles, (Puzzle, str, os.PathLike)):
        puzzles = [puzzles]
    out = []
    for p in puzzles:
        out.extend([p] if isinstance(p, Puzzle) else read(p))
    return out


def experiment(
    puzzles,
    methods,
    trials=10,
    seed=1,
    threads=0,
    timeout=None,
    max_evaluations=None,
    params=None,
    curve_every=None,
):
    """Every method on every puzzle ``trials`` times, as ``nonolab
    experiment`` runs them: run i (puzzle, then method, then trial order)
    gets the seed derived from ``seed`` and i, so the records do not depend
    on ``threads`` (0 = every core). Returns the records, in run order, as
    dicts (the JSON lines of ``--out``): ``pandas.DataFrame(records)``.

    puzzles: Puzzles, or paths/specs read with read() (a suite keeps its groups)
    methods: "hs-a,hs-c", ["hs-a", "hs-c"], or {"hs-c": {"hms": 10}, "hs-a": {}}
    params:  parameters for every method, e.g. {"probe": False}"""
    names, texts = [], []
    if isinstance(methods, str):
        names = methods.split(",")
    elif isinstance(methods, dict):
        for name, own in methods.items():
            names.append(name)
            texts += [f"{name}:{k}={v}" for k, v in _param_map(own).items()]
    else:
        names = list(methods)
    texts = [f"{k}={v}" for k, v in _param_map(params).items()] + texts
    # The keys of the experiment table (batch/experiment.hpp), as the CLI's flags.
    numbers = {"trials": str(int(trials)), "seed": str(int(seed)), "threads": str(int(threads)),
               "timeout": _param_text("timeout", _seconds(timeout)),
               "max_evaluations": str(int(max_evaluations or 0)),
               "curve": str(int(curve_every or 0))}
    return _nonolab._experiment(_puzzle_list(puzzles), names, texts, numbers)


def dataset(spec, shared=None):
    """NonoDataset boards from a spec such as "nonodataset:10x10/test@1-300"
    (or "pair:X.npz,Y.npz"): ``(x, y)``, x the clue vectors (N x clue size,
    uint8, the network's layout) and y the boards (N x n x n, uint8, 1 =
    filled). ``shared`` is the folder holding benchmarks/dataset (default:
    $NONOLAB_SHARED, else ../shared beside the source tree)."""
    return _nonolab._dataset(str(spec), "" if shared is None else os.fspath(shared))


def _size(size):
    if isinstance(size, int):
        return size, size
    if isinstance(size, str):
        return _nonolab._parse_board_size(size)  # "N" or "WxH", as the CLI reads --size
    w, h = size
    return int(w), int(h)


def generate(
    kind,
    count=None,
    size=10,
    seed=1,
    reflections=False,
    unique_only=False,
    timeout=10.0,
    shard_size=100000,
    figure_setting="nonodataset",
    figures_per_board=0,
):
    """Dataset boards (Buades Rubio et al. 2024, section 3.1), as ``nonolab
    generate --KIND COUNT --size SIZE --seed SEED -o NAME.npz`` makes them:
    the same boards in the same order. Returns ``(x, y)`` like dataset();
    x is None when the boards are not square.

    kind:        "noise" (cells filled with chance 1/2), "figures" (random
                 lines, rectangles, circles; needs the OpenCV plugin) or
                 "all" (every size x size board, size <= 5; count unused)
    size:        N, (width, height) or "WxH"
    reflections: also the 7 other reflections of every board
    unique_only: keep only boards whose puzzle the exact solver proves unique
                 (each within ``timeout`` seconds)
    figure_setting, figures_per_board: "figures" only, as the CLI's
                 --figure-setting ("nonodataset", fitted to NonoDataset's
                 random boards, or "sparse") and --figures-per-board
                 (0 = the setting's)"""
    width, height = _size(size)
    return _nonolab._generate(
        str(kind),
        int(count or 0),
        width,
        height,
        int(seed),
        bool(reflections),
        bool(unique_only),
        _seconds(timeout),
        int(shard_size),
        str(figure_setting),
        int(figures_per_board),
    )
