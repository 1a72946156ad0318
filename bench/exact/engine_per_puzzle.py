#!/usr/bin/python3
"""The default engine against the faster of search and CaDiCaL, puzzle by puzzle.

The target: on every puzzle that needs search (cells left open
after line solving and root probing), `--engine auto` within 1.2x of the
faster of `--engine search` and `--engine sat`. This runs the three engines
over the same files, ROUNDS times each (one process per engine and file, one
thread, uniqueness mode), keeps each puzzle's fastest time per engine (the
machine's noise only adds time), and prints one table row per set and the
puzzles outside the bound.

    bench/exact/engine_per_puzzle.py [--rounds 2] [--timeout 5] [--bound 1.2]
        [--nonolab build/apps/nonolab] [--out DIR] NAME=FILE... [NAME=PATH...]

A puzzle where an engine hit the timeout has that engine's time as "at
least the timeout"; a puzzle whose three engines all time out is counted
apart. Puzzles under 1 ms in every engine are listed but not judged: at that
size the timer and the process's cache state decide the ratio.
"""
import argparse
import json
import os
import subprocess
import sys

ENGINES = ("auto", "search", "sat")


def files_of(path):
    """A file, or every puzzle file under a folder (READMEs and notes left out)."""
    if not os.path.isdir(path):
        return [path]
    found = []
    for root, _, names in os.walk(path):
        for n in sorted(names):
            if not (n.startswith("README") or n.endswith((".md", ".tsv", ".txt.license"))):
                found.append(os.path.join(root, n))
    return sorted(found)


def run(nonolab, engine, path, timeout, out, reuse):
    """Runs one engine over one file or folder; the records, keyed by (file, index)."""
    if reuse and os.path.exists(out):
        return read_records(out)
    cmd = [nonolab, "solve", "--engine", engine, "--solutions", "2", "--threads", "1",
           "--timeout", str(timeout), "--json"] + files_of(path)
    with open(out, "w") as f:
        done = subprocess.run(cmd, stdout=f, stderr=subprocess.PIPE, text=True)
    # 1: some contradiction, 3: some timeout, 4: some file unreadable (its
    # record says "error", and it is left out below).
    if done.returncode not in (0, 1, 3, 4):
        sys.exit(f"{cmd[0]} solve --engine {engine} {path}: exit {done.returncode}: "
                 f"{done.stderr.strip()[-400:]}")
    return read_records(out)


def read_records(out):
    records = {}
    with open(out) as f:
        for line in f:
            r = json.loads(line)
            records[(r["source"], r["index"])] = r
    return records


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="+", help="NAME=PATH: a puzzle file or a folder of them")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=5)
    ap.add_argument("--bound", type=float, default=1.2)
    ap.add_argument("--nonolab", default="build/apps/nonolab")
    ap.add_argument("--out", default="engine-runs")
    ap.add_argument("--reuse", action="store_true",
                    help="read the runs already in --out instead of running them again")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    print("| set | need search | judged (>= 1 ms) | auto within %.1fx | worst auto / best | "
          "auto total / best-per-puzzle total (s) | all time out |" % a.bound)
    print("|---|---|---|---|---|---|---|")
    outside = []
    for spec in a.sets:
        name, path = spec.split("=", 1)
        best = {e: {} for e in ENGINES}
        first = None
        for rnd in range(a.rounds):
            for e in ENGINES:
                recs = run(a.nonolab, e, path, a.timeout, f"{a.out}/{name}-{e}-{rnd}.jsonl",
                           a.reuse)
                if e == "auto" and first is None:
                    first = recs
                for i, r in recs.items():
                    t = r["seconds"] if r["status"] != "timeout" else float("inf")
                    best[e][i] = min(best[e].get(i, float("inf")), t)
        need = [i for i, r in first.items()
                if r["status"] != "error" and r["stats"].get("probed_unknown", 0) > 0]
        judged = within = stuck = 0
        worst, auto_total, best_total = 0.0, 0.0, 0.0
        for i in need:
            t = {e: best[e][i] for e in ENGINES}
            faster = min(t["search"], t["sat"])
            if faster == float("inf") and t["auto"] == float("inf"):
                stuck += 1
                continue
            floor = min(faster, a.timeout)  # a timed-out engine took at least the timeout
            auto_total += min(t["auto"], a.timeout)
            best_total += floor
            if max(t["auto"], floor) < 1e-3:
                continue
            judged += 1
            ratio = t["auto"] / floor
            worst = max(worst, ratio)
            if ratio <= a.bound:
                within += 1
            else:
                outside.append((name, i, t))
        print(f"| {name} | {len(need)} | {judged} | {within} | {worst:.2f} | "
              f"{auto_total:.2f} / {best_total:.2f} | {stuck} |")
    print()
    print(f"Puzzles outside {a.bound}x (seconds, fastest of {a.rounds} rounds):")
    for name, i, t in sorted(outside, key=lambda x: -x[2]["auto"]):
        cells = " ".join(f"{e} {t[e]:.4f}" for e in ENGINES)
        print(f"- {name} {i[0]} #{i[1]}: {cells}")


if __name__ == "__main__":
    main()
