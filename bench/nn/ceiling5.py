#!/usr/bin/python3
"""How many 5x5 boards a network can get fully right, at most.

A network maps clues to one board, so of the k boards sharing a clue set
it gets at most one right: over all 2^25 boards (or any set drawn evenly
from them) the best possible share of boards fully right is
(distinct clue sets) / 2^25. Counted here exactly, with the boards that
are their clues' only solution, for the whole set and for the test split
of docs/results/neural.md ("5x5 data": every 101st board).

With --split, also writes the test split's boards by the size of their
clue class (unique: the clues' only solution; pairs: one of two; more),
as x_/y_ .npz pairs that `nonolab train --evaluate M --test
pair:OUT/x_unique.npz,OUT/y_unique.npz` reads, read from the shards of
`nonolab generate --all 5 --shard-size 1000000 -o DATA/all5.npz`. That
says where a network loses its boards (docs/results/training.md, "5x5:
the paper's protocol, and where the boards are lost").

With --classes, splits any pair of 5x5 clue and board arrays the same way,
e.g. the boards a model gets wrong (written by the `--wrong-out` of
f7686d3's `nonolab train --evaluate`, since removed), into OUT/x_unique.npz
and so on.

usage: bench/nn/ceiling5.py [--split DATA OUT | --classes X.npz Y.npz OUT]
       (about 1 min and 2 GB with numpy)
"""
import glob
import os
import sys

import numpy as np

N = 5


def line_clue(bits):
    """The run lengths of an N-cell line whose cell i is bit i of `bits`."""
    cells = format(bits, f"0{N}b")[::-1]
    return tuple(len(run) for run in cells.split("0") if run)


def class_sizes():
    """For every board number of generate --all (cell i, row-major, is bit
    24 - i), how many boards share its clues. Each line is read last cell
    first, so its clue comes out reversed: the same for every line, so equal
    keys still mean equal clues."""
    ids = {}
    clue_id = np.array([ids.setdefault(line_clue(b), len(ids)) for b in range(1 << N)],
                       dtype=np.int64)
    base = len(ids)
    boards = np.arange(1 << (N * N), dtype=np.int64)
    last = N * N - 1
    key = np.zeros_like(boards)
    for r in range(N):
        key = key * base + clue_id[(boards >> (N * (N - 1 - r))) & ((1 << N) - 1)]
    for c in range(N):
        column = np.zeros_like(boards)
        for r in range(N):
            column |= ((boards >> (last - N * r - c)) & 1) << (N - 1 - r)
        key = key * base + clue_id[column]
    keys, inverse, counts = np.unique(key, return_inverse=True, return_counts=True)
    return base, keys, counts, counts[inverse]


def write_split(data, out, share):
    """The test split's boards (every 101st), by class size, as .npz pairs."""
    xs, ys, numbers, first = [], [], [], 0
    x_files = sorted(glob.glob(os.path.join(data, "x_*.npz")))
    if not x_files:
        sys.exit(f"ceiling5.py: no x_*.npz shards in {data}")
    for x_file in x_files:
        y_file = os.path.join(data, "y_" + os.path.basename(x_file)[2:])
        x, y = np.load(x_file)["arr_0"], np.load(y_file)["arr_0"]
        index = np.arange(first, first + len(x))
        keep = index % 101 == 0
        xs.append(x[keep]), ys.append(y[keep]), numbers.append(index[keep])
        first += len(x)
    x, y, k = np.concatenate(xs), np.concatenate(ys), np.concatenate(numbers)
    if not (board_numbers(y) == k).all():
        sys.exit(f"ceiling5.py: the shards in {data} are not generate --all 5 in order")
    split_by_class(x, y, share, out)


def board_numbers(y):
    """generate --all's number of each board: cell i (row-major) is bit 24 - i."""
    return (y.astype(np.int64) << (N * N - 1 - np.arange(N * N))).sum(axis=1)


def split_by_class(x, y, share, out):
    """Writes the boards (clues x, cells y) by the size of their clue class."""
    size = share[board_numbers(y)]
    os.makedirs(out, exist_ok=True)
    for name, part in (("unique", size == 1), ("pairs", size == 2), ("more", size > 2)):
        np.savez(os.path.join(out, f"x_{name}.npz"), x[part])
        np.savez(os.path.join(out, f"y_{name}.npz"), y[part])
        print(f"{out}/[xy]_{name}.npz: {part.sum():,} boards")


USAGE = "usage: bench/nn/ceiling5.py [--split DATA OUT | --classes X.npz Y.npz OUT]"


def main():
    split = sys.argv[1:2] == ["--split"]
    classes = sys.argv[1:2] == ["--classes"]
    if len(sys.argv) != (4 if split else 5 if classes else 1):
        sys.exit(USAGE)
    base, keys, counts, share = class_sizes()
    if classes:
        x, y = np.load(sys.argv[2])["arr_0"], np.load(sys.argv[3])["arr_0"]
        if y.ndim != 2 or y.shape[1] != N * N or len(x) != len(y):
            sys.exit(f"ceiling5.py: {sys.argv[2]} and {sys.argv[3]} are not a pair of "
                     f"{N}x{N} clue and board arrays with the same rows")
        split_by_class(x, y, share, sys.argv[4])
        return
    boards = np.arange(1 << (N * N), dtype=np.int64)
    total = len(boards)
    print(f"line clues: {base} (with the empty line)")
    print(f"distinct clue sets: {len(keys):,} of {total:,} boards: "
          f"at most {len(keys) / total:.4%} fully right")
    print(f"boards that are their clues' only solution: {(counts == 1).sum():,} "
          f"({(counts == 1).sum() / total:.4%})")
    test = boards[::101]  # the test split: generate --all's numbers k, k mod 101 = 0
    k = share[test]
    print(f"test split (every 101st, {len(test):,} boards): at most "
          f"{(1 / k).mean():.4%} fully right in expectation; unique {(k == 1).mean():.4%}, "
          f"pairs {(k == 2).mean():.4%}, more {(k > 2).mean():.4%}")
    if split:
        write_split(sys.argv[2], sys.argv[3], share)


if __name__ == "__main__":
    main()
