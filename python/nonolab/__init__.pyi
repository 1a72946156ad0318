# Type stubs of the nonolab package, for editors and type checkers
# (docs/python.md documents each call).
import os
from typing import Any, Mapping, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

PathLike = Union[str, os.PathLike[str]]
ParamValue = Union[int, float, bool, str]
Grid = npt.NDArray[np.uint8]
PaletteEntry = Union[str, tuple[str, Union[int, str]], tuple[str, Union[int, str], str]]

class PuzzleError(ValueError):
    file: str | None
    line: int | None
    message: str

class UnsupportedError(PuzzleError): ...

class SolveError(RuntimeError):
    record: dict[str, Any]
    def __init__(self, message: str, record: dict[str, Any]) -> None: ...

class Puzzle:
    @staticmethod
    def from_clues(
        rows: Sequence[Sequence[Union[int, tuple[int, Union[int, str]]]]],
        cols: Sequence[Sequence[Union[int, tuple[int, Union[int, str]]]]],
        palette: Sequence[PaletteEntry] | None = None,
        name: str = "",
    ) -> Puzzle: ...
    @staticmethod
    def from_grid(
        array: npt.ArrayLike, palette: Sequence[PaletteEntry] | None = None, name: str = ""
    ) -> Puzzle: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def rows(self) -> list[list[Any]]: ...
    @property
    def cols(self) -> list[list[Any]]: ...
    @property
    def palette(self) -> list[tuple[str, str, str]]: ...
    @property
    def black_and_white(self) -> bool: ...
    @property
    def name(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def group(self) -> str: ...
    @property
    def goal(self) -> Grid | None: ...
    def svg(self, grid: npt.ArrayLike | None = None, clues: bool = True, cell: int = 16) -> str: ...
    def text(self, grid: npt.ArrayLike | None = None, clues: bool = True, unicode: bool = True) -> str: ...
    def _repr_svg_(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...

class Result:
    puzzle: Puzzle
    record: dict[str, Any]
    solutions: list[Grid]
    partial: npt.NDArray[np.int8] | None
    @property
    def status(self) -> str: ...
    @property
    def seconds(self) -> float: ...
    @property
    def stats(self) -> dict[str, Any]: ...
    @property
    def method(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def error(self) -> str: ...
    @property
    def solved(self) -> bool: ...
    def _repr_svg_(self) -> str: ...

def read(path: PathLike, format: str | None = None, indices: Sequence[int] | None = None) -> list[Puzzle]: ...
def write(path: PathLike, puzzles: Union[Puzzle, Sequence[Puzzle]], format: str | None = None) -> None: ...
def formats() -> list[dict[str, Any]]: ...
def ndom(n: int) -> Puzzle: ...
def solve(
    puzzle: Puzzle,
    solutions: int = 2,
    timeout: float | None = None,
    method: str = "exact",
    seed: int = 1,
    params: Mapping[str, ParamValue] | None = None,
    max_evaluations: int | None = None,
    **exact_options: ParamValue,
) -> Result: ...
def check(puzzle: Puzzle, timeout: float | None = None, **exact_options: ParamValue) -> str: ...
def grade(puzzle: Puzzle, timeout: float | None = None) -> dict[str, Any]: ...
def logic_only(puzzle: Puzzle, timeout: float | None = None) -> npt.NDArray[np.int8]: ...
def explain(
    puzzle: Puzzle, timeout: float | None = None, probing: bool = True, max_steps: int = 0
) -> dict[str, Any]: ...
def make_unique(
    puzzle: Puzzle,
    goal: str = "unique",
    max_changes: int = 2,
    suggestions: int = 3,
    lock: Sequence[tuple[int, int]] = (),
    timeout: float | None = 10.0,
    alternatives: int = 3,
) -> dict[str, Any]: ...
def methods() -> list[dict[str, Any]]: ...
def experiment(
    puzzles: Union[Puzzle, PathLike, Sequence[Union[Puzzle, PathLike]]],
    methods: Union[str, Sequence[str], Mapping[str, Mapping[str, ParamValue]]],
    trials: int = 10,
    seed: int = 1,
    threads: int = 0,
    timeout: float | None = None,
    max_evaluations: int | None = None,
    params: Mapping[str, ParamValue] | None = None,
    curve_every: int | None = None,
) -> list[dict[str, Any]]: ...
def dataset(spec: str, shared: PathLike | None = None) -> tuple[Grid, Grid]: ...
def generate(
    kind: str,
    count: int | None = None,
    size: Union[int, str, tuple[int, int]] = 10,
    seed: int = 1,
    reflections: bool = False,
    unique_only: bool = False,
    timeout: float | None = 10.0,
    shard_size: int = 100000,
) -> tuple[Grid | None, Grid]: ...
