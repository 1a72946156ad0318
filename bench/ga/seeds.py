#!/usr/bin/python3
"""Run one meta-heuristic method over seeds and puzzles, summarise as Markdown.

A stop-gap until `nonolab experiment` (the harness issue) lands: it calls
`nonolab solve --method M --seed S --json` once per (puzzle, seed) and
summarises what the JSON lines say. Standard library only.

    bench/ga/seeds.py --method ga-simple --seeds 30 bench/papers/bobko-4x4.clues
    bench/ga/seeds.py --method sa --seeds 20 --timeout 60 --raw out.jsonl bench/ga/wang-tang/*.clues

One summary row per puzzle: success count, mean/min/max evaluations and
seconds over the successful runs, mean seconds over all runs, mean best
error, and (GA methods) mean best fitness. --per-file pools the puzzles of
each file into one row (for sets such as the 10x10 test boards).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BIN = os.path.join(HERE, "..", "..", "build", "apps", "nonolab")


def run_one(binary, method, seed, path, index, params, timeout, max_evals):
    cmd = [binary, "solve", "--method", method, "--seed", str(seed), "--json", path]
    if index:
        cmd += ["--index", str(index)]
    for p in params:
        cmd += ["--param", p]
    if timeout:
        cmd += ["--timeout", str(timeout)]
    if max_evals:
        cmd += ["--max-evaluations", str(max_evals)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    lines = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
    if not lines:
        raise RuntimeError("no output from: " + " ".join(cmd) + "\n" + out.stderr)
    return lines


def fmt(x, digits=3):
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{digits}g}" if abs(x) < 1e5 else f"{x:,.0f}"
    return f"{x:,}"


def summarise(label, runs):
    ok = [r for r in runs if r["status"] == "solved"]
    ev = [r["stats"].get("evaluations", 0) for r in ok]
    sec = [r["seconds"] for r in ok]
    all_sec = [r["seconds"] for r in runs]
    err = [r["stats"].get("best_error", 0) for r in runs]
    fit = [r["stats"]["best_fitness"] for r in runs if "best_fitness" in r["stats"]]
    gens = [r["stats"]["generations"] for r in ok if "generations" in r["stats"]]
    row = {
        "puzzle": label,
        "runs": len(runs),
        "solved": len(ok),
        "zero": sum(1 for r in runs if r["stats"].get("best_error", 1) == 0),
        "mean_evals": statistics.mean(ev) if ev else None,
        "min_evals": min(ev) if ev else None,
        "max_evals": max(ev) if ev else None,
        "mean_sec_solved": statistics.mean(sec) if sec else None,
        "median_sec_solved": statistics.median(sec) if sec else None,
        "mean_sec_all": statistics.mean(all_sec),
        "mean_best_error": statistics.mean(err),
        "mean_best_fitness": statistics.mean(fit) if fit else None,
        "mean_generations_solved": statistics.mean(gens) if gens else None,
    }
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--method", required=True)
    ap.add_argument("--seeds", type=int, default=10, help="seeds 1..N")
    ap.add_argument("--param", action="append", default=[], help="KEY=VALUE, repeatable")
    ap.add_argument("--timeout", type=float, default=0)
    ap.add_argument("--max-evaluations", type=int, default=0)
    ap.add_argument("--indices", default="", help="puzzle numbers within each file, e.g. 1-20")
    ap.add_argument("--per-file", action="store_true", help="one row per file, puzzles pooled")
    ap.add_argument("--raw", help="append every JSON line to this file")
    ap.add_argument("--bin", default=DEFAULT_BIN)
    a = ap.parse_args()

    indices = [None]
    if a.indices:
        lo, _, hi = a.indices.partition("-")
        indices = list(range(int(lo), int(hi or lo) + 1))
    raw = open(a.raw, "a") if a.raw else None
    rows = []
    for path in a.files:
        pooled = []
        for index in indices:
            runs = []
            for seed in range(1, a.seeds + 1):
                for line in run_one(a.bin, a.method, seed, path, index, a.param, a.timeout,
                                    a.max_evaluations):
                    runs.append(line)
                    if raw:
                        raw.write(json.dumps(line) + "\n")
            if a.per_file:
                pooled += runs
            else:
                label = os.path.basename(path) + (f"#{index}" if index else "")
                rows.append(summarise(label, runs))
                print(json.dumps(rows[-1]), file=sys.stderr)
        if a.per_file:
            rows.append(summarise(os.path.basename(path), pooled))
            print(json.dumps(rows[-1]), file=sys.stderr)

    params = " ".join("--param " + p for p in a.param)
    print(f"method `{a.method}` {params}, seeds 1..{a.seeds}"
          + (f", timeout {a.timeout:g} s" if a.timeout else "")
          + (f", max evaluations {a.max_evaluations}" if a.max_evaluations else ""))
    print()
    print("| puzzle | solved (verified) | objective reached 0 | mean evals (min-max), solved runs | mean s (median), solved | mean s, all | mean best error | mean best fitness | mean generations, solved |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        evals = "-" if r["mean_evals"] is None else f"{fmt(r['mean_evals'])} ({fmt(r['min_evals'])}-{fmt(r['max_evals'])})"
        secs = "-" if r["mean_sec_solved"] is None else f"{fmt(r['mean_sec_solved'])} ({fmt(r['median_sec_solved'])})"
        print(f"| {r['puzzle']} | {r['solved']}/{r['runs']} | {r['zero']}/{r['runs']} | {evals} | {secs} | {fmt(r['mean_sec_all'])} "
              f"| {fmt(r['mean_best_error'])} | {fmt(r['mean_best_fitness'])} | {fmt(r['mean_generations_solved'])} |")


if __name__ == "__main__":
    main()
