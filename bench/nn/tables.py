#!/usr/bin/python3
"""Tables 3-8 of Buades Rubio et al. 2024 from `nonolab experiment` records.

Reads one or more JSON-lines files written by `nonolab experiment --out` and
prints, in Markdown:

  Table 3  time per board (seconds): mean, std, median, per method
  Table 4  iterations per board (the paper's unit): mean, std, median
  Table 5  time percentiles 0.0, 0.1, ..., 1.0
  Table 6  paired Wilcoxon signed-rank tests on the paper's six pairs
  Tables 7/8 (with --total) total and extrapolated time

Pairing (our reading of section 4.2, written down in docs/methods.md): the
paper's W statistics (1.8e7 to 9.9e7) are below n(n+1)/2 = 1.17e8 for
n = 15,274 boards, so its pairs are boards, not board x repetition. We pair
by board, on each board's mean time over the repetitions, and report
scipy.stats.wilcoxon's two-sided statistic (min(W+, W-)) and p-value.

Runs that did not end solved count with their time in Tables 3-5 (the paper
says every run solved; we print the number that did not, so a gap shows).

Needs Debian's python3-scipy and python3-numpy under /usr/bin/python3.
"""

import argparse
import collections
import json
import math
import signal
import sys

import numpy as np
from scipy import stats

# The paper's display order and names (Table 2).
ORDER = ["h", "nehi", "ne8hi", "nehpf", "ne8hpf", "nehpfi", "ne8hpfi", "ga-nn", "exact"]
DISPLAY = {"h": "H", "nehi": "NeHI", "ne8hi": "Ne8HI", "nehpf": "NeHPF", "ne8hpf": "Ne8HPF",
           "nehpfi": "NeHPFI", "ne8hpfi": "Ne8HPFI", "ga-nn": "GA", "exact": "exact (ours)"}
# Table 6: (first, second) as the paper lists them.
PAIRS = [("h", "nehpfi"), ("nehpfi", "nehpf"), ("ne8hi", "nehi"), ("ne8hpfi", "nehpfi"),
         ("ne8hpf", "nehpf"), ("ne8hpfi", "ne8hpf")]


def short(method):
    """nn-ne8hpfi -> ne8hpfi; other names unchanged."""
    return method[3:] if method.startswith("nn-") else method


def iterations(rec):
    st = rec.get("stats") or {}
    if "iterations" in st:
        return float(st["iterations"])
    if "evaluations" in st:  # the run record's count in the method's unit
        return float(st["evaluations"])
    return float(rec.get("iterations", 0))  # records written before the unified schema


def load(paths):
    runs = collections.defaultdict(list)  # method -> [(board key, seconds, iterations, solved)]
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as e:
                    sys.exit(f"{path}:{number}: not a JSON line ({e})")
                key = (rec.get("source", ""), rec.get("index", 0))
                runs[short(rec["method"])].append(
                    (key, float(rec["seconds"]), iterations(rec), rec.get("status") == "solved"))
    return runs


def methods_in(runs):
    known = [m for m in ORDER if m in runs]
    return known + sorted(m for m in runs if m not in ORDER)


def name(m):
    return DISPLAY.get(m, m)


def fmt(x, digits=4):
    return f"{x:.{digits}f}"


def table_stats(runs, column, title, digits):
    print(f"\n### {title}\n")
    print("| Algorithm | runs | not solved | Mean | Std | Median |")
    print("|---|---:|---:|---:|---:|---:|")
    for m in methods_in(runs):
        vals = np.array([r[column] for r in runs[m]])
        bad = sum(1 for r in runs[m] if not r[3])
        print(f"| {name(m)} | {len(vals)} | {bad} | {fmt(vals.mean(), digits)} | "
              f"{fmt(vals.std(ddof=1) if len(vals) > 1 else 0.0, digits)} | "
              f"{fmt(float(np.median(vals)), digits)} |")


def table_percentiles(runs):
    ms = methods_in(runs)
    print("\n### Table 5: time percentiles (seconds)\n")
    print("| P | " + " | ".join(name(m) for m in ms) + " |")
    print("|---|" + "---:|" * len(ms))
    for p in [i / 10 for i in range(11)]:
        cells = [fmt(float(np.quantile([r[1] for r in runs[m]], p)), 6) for m in ms]
        print(f"| {p:.1f} | " + " | ".join(cells) + " |")


def per_board_mean(rows, column=1):
    acc = collections.defaultdict(list)
    for row in rows:
        acc[row[0]].append(row[column])
    return {k: sum(v) / len(v) for k, v in acc.items()}


def table_wilcoxon(runs, column=1, title="Table 6: paired Wilcoxon signed-rank tests (per-board mean time)", unit="s"):
    print(f"\n### {title}\n")
    print("| Study | boards | W | p-value | better (differences first minus second) |")
    print("|---|---:|---:|---:|---|")
    for a, b in PAIRS:
        if a not in runs or b not in runs:
            continue
        ma, mb = per_board_mean(runs[a], column), per_board_mean(runs[b], column)
        keys = sorted(set(ma) & set(mb))
        x = np.array([ma[k] for k in keys])
        y = np.array([mb[k] for k in keys])
        d = x - y
        if len(keys) < 2 or not np.any(d):
            print(f"| {name(a)} vs {name(b)} | {len(keys)} | - | - | no difference |")
            continue
        res = stats.wilcoxon(x, y)
        med = float(np.median(d))
        # Lower is better; the median difference decides, the mean when the median is 0.
        lead = med if med != 0 else float(np.mean(d))
        faster = name(a) if lead < 0 else name(b) if lead > 0 else "tie"
        print(f"| {name(a)} vs {name(b)} | {len(keys)} | {res.statistic:.0f} | "
              f"{res.pvalue:.3g} | {faster} (median {med:+.4g}, mean {float(np.mean(d)):+.4g} {unit}) |")


def hms(seconds):
    if seconds < 60:
        return f"{seconds:.3f} s"
    days, rest = divmod(int(round(seconds)), 86400)
    h, rest = divmod(rest, 3600)
    m, s = divmod(rest, 60)
    return (f"{days} days " if days else "") + f"{h:02d}:{m:02d}:{s:02d}"


def table_total(runs, whole):
    print(f"\n### Table 8: total time, and extrapolated to {whole} boards\n")
    print("| Algorithm | boards | runs | Total (all runs) | Estimated (one run per board) |")
    print("|---|---:|---:|---:|---:|")
    for m in methods_in(runs):
        boards = len({r[0] for r in runs[m]})
        total = sum(r[1] for r in runs[m])
        reps = len(runs[m]) / max(boards, 1)
        per_board = total / max(boards, 1) / max(reps, 1)
        print(f"| {name(m)} | {boards} | {len(runs[m])} | {hms(total)} | "
              f"{hms(per_board * whole)} |")


def main():
    # Printing into a closed pipe (| head) ends quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+", help="JSON-lines files from nonolab experiment --out")
    ap.add_argument("--total", type=int, metavar="N",
                    help="also print Table 8: totals extrapolated to N boards")
    ap.add_argument("--no-wilcoxon", action="store_true", help="skip Table 6")
    a = ap.parse_args()
    runs = load(a.records)
    if not runs:
        sys.exit("no records")
    table_stats(runs, 1, "Table 3 (10x10) / Table 7 (15x15): time per run (seconds)", 6)
    table_stats(runs, 2, "Table 4: iterations per run", 4)
    table_percentiles(runs)
    if not a.no_wilcoxon:
        table_wilcoxon(runs)
        table_wilcoxon(runs, 2, "Table 6, on iterations instead of time (ours)", "iterations")
    if a.total:
        table_total(runs, a.total)


if __name__ == "__main__":
    main()
