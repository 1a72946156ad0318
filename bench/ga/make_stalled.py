#!/usr/bin/python3
"""Generate multi-solution puzzles on which line solving stalls at once.

Wang & Tang 2014 (section 4, Figure 6) test SA on 10x10, 15x15, 20x20 and
25x25 puzzles with several solutions where "the intersection approach ...
is unable to determine the color for any cells". Their puzzles are only
drawn, not listed, so we build equivalents: sparse random boards (each cell
filled with probability `density`, Python's seeded Mersenne Twister), kept
only when nonolab's exact solver reports `multiple` and its first
propagation leaves every cell undecided (stats.root_unknown == N*N).

    bench/ga/make_stalled.py --out bench/ga/wang-tang --sizes 10 15 20 25

Writes <out>/stalled-<N>.clues (our plain-text clue format) and prints the
candidates tried. Deterministic for a given --seed.
"""
import argparse
import json
import os
import random
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BIN = os.path.join(HERE, "..", "..", "build", "apps", "nonolab")


def runs(cells):
    out, run = [], 0
    for c in cells:
        if c:
            run += 1
        elif run:
            out.append(run)
            run = 0
    if run:
        out.append(run)
    return out


def clues_text(n, grid, title):
    rows = [runs(grid[r]) for r in range(n)]
    cols = [runs([grid[r][c] for r in range(n)]) for c in range(n)]
    line = lambda k: " ".join(map(str, k)) if k else "0"
    return ("nonolab-clues 1\n" + f"title: {title}\n" + f"size: {n}x{n}\n" + "rows:\n"
            + "\n".join(line(k) for k in rows) + "\ncolumns:\n" + "\n".join(line(k) for k in cols) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 15, 20, 25])
    ap.add_argument("--density", type=float, default=0.12)
    ap.add_argument("--seed", type=int, default=2014)
    ap.add_argument("--bin", default=DEFAULT_BIN)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    for n in a.sizes:
        for attempt in range(1, 100000):
            grid = [[1 if rng.random() < a.density else 0 for _ in range(n)] for _ in range(n)]
            if any(sum(r) == 0 for r in grid) or any(sum(grid[r][c] for r in range(n)) == 0 for c in range(n)):
                continue  # an empty line is decided at once
            title = f"stalled {n}x{n} (seed {a.seed}, density {a.density}, attempt {attempt})"
            text = clues_text(n, grid, title)
            with tempfile.NamedTemporaryFile("w", suffix=".clues", delete=False) as f:
                f.write(text)
            out = subprocess.run([a.bin, "solve", "--json", "--timeout", "20", f.name],
                                 capture_output=True, text=True)
            os.unlink(f.name)
            d = json.loads(out.stdout.splitlines()[0])
            ok = d["status"] == "multiple" and d["stats"].get("root_unknown") == n * n
            print(n, attempt, d["status"], d["stats"].get("root_unknown"))
            if ok:
                with open(os.path.join(a.out, f"stalled-{n}.clues"), "w") as f:
                    f.write(text)
                break


if __name__ == "__main__":
    main()
