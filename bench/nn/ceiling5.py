#!/usr/bin/python3
"""How many 5x5 boards a network can get fully right, at most.

A network maps clues to one board, so of the k boards sharing a clue set
it gets at most one right: over all 2^25 boards (or any set drawn evenly
from them) the best possible share of boards fully right is
(distinct clue sets) / 2^25. Counted here exactly, with the boards that
are their clues' only solution, for the whole set and for the test split
of docs/results/neural.md ("5x5 data": every 101st board).

usage: bench/nn/ceiling5.py      (about 10 s and 2 GB with numpy)
"""
import numpy as np

N = 5


def line_clue(bits):
    """The run lengths of an N-cell line whose cell i is bit i of `bits`."""
    cells = format(bits, f"0{N}b")[::-1]
    return tuple(len(run) for run in cells.split("0") if run)


def main():
    ids = {}
    clue_id = np.array([ids.setdefault(line_clue(b), len(ids)) for b in range(1 << N)],
                       dtype=np.int64)
    base = len(ids)
    boards = np.arange(1 << (N * N), dtype=np.int64)  # bit 5*r+c is cell (r, c)
    key = np.zeros_like(boards)
    for r in range(N):
        key = key * base + clue_id[(boards >> (N * r)) & ((1 << N) - 1)]
    for c in range(N):
        column = np.zeros_like(boards)
        for r in range(N):
            column |= ((boards >> (N * r + c)) & 1) << r
        key = key * base + clue_id[column]
    keys, counts = np.unique(key, return_counts=True)
    total = len(boards)
    print(f"line clues: {base} (with the empty line)")
    print(f"distinct clue sets: {len(keys):,} of {total:,} boards: "
          f"at most {len(keys) / total:.4%} fully right")
    print(f"boards that are their clues' only solution: {(counts == 1).sum():,} "
          f"({(counts == 1).sum() / total:.4%})")
    test = boards[::101]
    k = counts[np.searchsorted(keys, key[test])]
    print(f"test split (every 101st, {len(test):,} boards): at most "
          f"{(1 / k).mean():.4%} fully right in expectation; unique {(k == 1).mean():.4%}")


if __name__ == "__main__":
    main()
