#!/usr/bin/python3
"""Structure statistics of board sets (NonoDataset y_*.npz files or ours).

Compares the random boards NonoDataset published for 10x10
(database_y_noise*.npz) with what `nonolab generate --noise/--figures`
makes, since the paper's 15x15 random boards were never published and we
regenerate them (docs/network.md, "Icons minus the test boards").

A board is counted as noise-like when fewer than 58% of its pairs of
side-by-side cells are equal (independent cells at 1/2 give 50%, sd 3.7
points; in NonoDataset's files this picks 98.4% of every third board,
which are the noise boards, and 2% of the others); the rest as
figure-like. For each group: mean filled share, its histogram, row runs a
board, the share of empty rows, and two local rates: holes (an interior
cell empty although its 8 neighbours are filled) and specks (filled
although its 8 neighbours are empty).

usage: bench/nn/board_stats.py N FILE.npz [FILE.npz ...]
"""
import sys

import numpy as np


def load(path, n):
    data = np.load(path)
    return data[data.files[0]].reshape(-1, n, n).astype(np.int8)


def equal_neighbours(a):
    pairs = 2 * a.shape[1] * (a.shape[2] - 1)
    return ((a[:, :, 1:] == a[:, :, :-1]).sum((1, 2)) +
            (a[:, 1:, :] == a[:, :-1, :]).sum((1, 2))) / pairs


def row_runs(a):
    return (a[:, :, 1:] > a[:, :, :-1]).sum((1, 2)) + a[:, :, 0].sum(1)


def describe(a, label):
    if len(a) == 0:
        print(f"  {label}: none")
        return
    inner = a[:, 1:-1, 1:-1]
    neighbours = sum(
        np.roll(np.roll(a, dy, 1), dx, 2)[:, 1:-1, 1:-1]
        for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx)
    full, empty = neighbours == 8, neighbours == 0
    share = a.mean((1, 2))
    hist, _ = np.histogram(share, bins=10, range=(0, 1))
    holes = 1 - inner[full].mean() if full.any() else float("nan")
    specks = inner[empty].mean() if empty.any() else float("nan")
    print(f"  {label}: {len(a)} boards, filled {a.mean():.3f}, row runs "
          f"{row_runs(a).mean():.1f}, empty rows {(a.sum(2) == 0).mean():.3f}, "
          f"holes {holes:.3f}, specks {specks:.3f}")
    print("    filled-share histogram (tenths, % of boards):",
          " ".join(f"{h:.0f}" for h in hist * 100 / len(a)))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    boards = np.concatenate([load(p, n) for p in sys.argv[2:]])
    noise_like = equal_neighbours(boards) < 0.58
    print(f"{len(boards)} boards {n}x{n}, filled {boards.mean():.3f}")
    describe(boards[noise_like], "noise-like")
    describe(boards[~noise_like], "figure-like")


if __name__ == "__main__":
    main()
