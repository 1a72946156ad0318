#!/usr/bin/python3
"""NonoDataset boards: the exact solver next to nn-h and a network-guided search.

Loads the boards of a NonoDataset spec as NumPy arrays (x: the network's
clue vectors, y: the boards), builds each board's puzzle from its picture,
and solves it with each method, seeded, from Python: the exact solver, the
heuristic H of Buades Rubio et al. 2024 (nn-h, section 2.3.1) and, by
default, their best network-guided search (nn-ne8hpfi, section 2.3.4):

    PYTHONPATH=build/python python3 examples/python/nonodataset_exact_vs_nn.py \
        --spec nonodataset:10x10/test@1-100

The network methods need the LibTorch plugin (built with -DNONOLAB_TORCH=ON);
without it the script says so and reports the others.
"""

import argparse
import statistics

import numpy as np

import nonolab


def run(puzzles, method, seed):
    """(solved, seconds, evaluations) per puzzle, or None without the plugin."""
    rows = []
    for p in puzzles:
        try:
            r = nonolab.solve(p, method=method, seed=seed, solutions=1) if method == "exact" \
                else nonolab.solve(p, method=method, seed=seed)
        except nonolab.SolveError as e:
            if "plugin" in str(e):
                print(f"{method}: unavailable ({e.record['error'].splitlines()[0]})")
                return None
            raise
        # A solution must be the board itself when the puzzle is unique.
        if r.solved and r.status == "unique":
            assert np.array_equal(r.solutions[0], p.goal)
        rows.append((r.solved, r.seconds, r.stats["evaluations"]))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spec", default="nonodataset:10x10/test@1-100")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--methods", default="exact,nn-h,nn-ne8hpfi")
    args = ap.parse_args()

    x, y = nonolab.dataset(args.spec)
    print(f"{args.spec}: {len(y)} boards of {y.shape[1]}x{y.shape[2]}, "
          f"clue vectors of {x.shape[1]} values")
    puzzles = [nonolab.Puzzle.from_grid(board, name=f"board {i + 1}")
               for i, board in enumerate(y)]
    print("| method | solved | mean seconds | mean evaluations |")
    print("|---|---:|---:|---:|")
    for method in args.methods.split(","):
        rows = run(puzzles, method, args.seed)
        if rows is None:
            continue
        solved = sum(s for s, _, _ in rows)
        print(f"| {method} | {solved}/{len(rows)} | {statistics.mean(t for _, t, _ in rows):.4f} "
              f"| {statistics.mean(e for _, _, e in rows):,.1f} |")


if __name__ == "__main__":
    main()
