#!/usr/bin/python3
"""Group I of docs/results/harmony-search.md, through the Python API.

The document's table comes from

    nonolab experiment bench/hs-suite --methods ga-hs-baseline,hs-a,hs-b,hs-c,hs-c+ \
        --trials 10 --seed 1 --out runs.jsonl

Group I holds the suite's first four puzzles, so its runs have the same
numbers, and hence the same seeds, whether the whole suite runs or only
them: this script runs them alone and prints the same success counts and
iteration statistics as the document's Group I rows ("ours: ..."). A run's
number also depends on the number of methods and trials, so only the
defaults reproduce the document's numbers; other --methods or --trials are
quicker runs of the same protocol with other seeds.

    PYTHONPATH=build/python python3 examples/python/harmony_search_table.py
"""

import argparse
import collections

import nonolab

METHODS = "ga-hs-baseline,hs-a,hs-b,hs-c,hs-c+"


def number(x):
    """1,830.7 / 2,818: one decimal, none when whole, thousands separated."""
    text = f"{x:,.1f}"
    return text[:-2] if text.endswith(".0") else text


def table(records, methods, trials):
    runs = collections.defaultdict(list)  # (puzzle label, method) -> records
    labels = []
    for r in records:
        label = f"{r['name']} ({r['width']}x{r['height']})"
        if label not in labels:
            labels.append(label)
        runs[label, r["method"]].append(r)
    head = ["puzzle"] + [f"{m} success" for m in methods]
    head += [f"{m} avg iterations [min–max]" for m in methods]
    lines = ["| " + " | ".join(head) + " |",
             "|---" + "|---:" * (len(head) - 1) + "|"]
    for label in labels:
        successes, stats = [], []
        for m in methods:
            done = [r["stats"]["evaluations"] for r in runs[label, m]
                    if r["status"] in ("solved", "unique", "multiple")]
            successes.append(f"{len(done)}/{trials}")
            stats.append("-" if not done else
                         f"{number(sum(done) / len(done))} [{number(min(done))}–{number(max(done))}]")
        lines.append("| " + " | ".join([f"ours: {label}"] + successes + stats) + " |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", default="bench/hs-suite")
    ap.add_argument("--methods", default=METHODS)
    ap.add_argument("--trials", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0, help="0 = every core")
    ap.add_argument("--max-evaluations", type=int, default=None,
                    help="cap every run (the document used each method's own limit)")
    args = ap.parse_args()

    suite = nonolab.read(args.suite)
    group = [p for p in suite if p.group == "Group I"]
    # Same unit numbers as the whole suite only while Group I comes first.
    assert suite[:len(group)] == group, "Group I is no longer the suite's first group"
    methods = args.methods.split(",")
    records = nonolab.experiment(group, methods, trials=args.trials, seed=args.seed,
                                 threads=args.threads, max_evaluations=args.max_evaluations)
    print("### Group I\n")
    print(table(records, methods, args.trials))


if __name__ == "__main__":
    main()
