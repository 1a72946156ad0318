#!/usr/bin/env python3
"""Measures `nonolab make-unique` on boards that are not yet logic-solvable
(docs/results/make-unique.md): seeded random boards (`generate --random`)
and image-made boards (`generate --figures`: random lines, rectangles and
circles drawn with OpenCV, so that generator needs the image plugin; give
--figures-binary a nonolab built with it when this one is not).

For each kind it generates --pool boards, grades them (`check --grade`),
keeps the first --count whose grade is search (unique but needs search, or
several solutions), and runs make-unique on them in one process, one JSON
line per board. Then it prints how often a fix was found, the size of the
best fix (median), the seconds per board (median, p90) and the tier of the
best fix (0 = the cells logic leaves open, 1 = their neighbours, 2 = their
rows and columns, 3 = elsewhere; src/exact/make_unique.hpp), read off
`explain --json`'s grid where logic stops.

  python3 scripts/make_unique_bench.py --binary build/apps/nonolab \\
      --figures-binary OTHER/nonolab --goal logic --timeout 10 --out runs.jsonl
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile


def run(cmd, check=True):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if check and proc.returncode not in (0, 1, 3):
        sys.exit(f"{' '.join(cmd)}: exit {proc.returncode}\n{proc.stderr}")
    return proc.stdout


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def split_non(path):
    """The puzzles of a generated .non file, as text chunks (generate writes
    them separated by '====' lines)."""
    chunks, cur = [], []
    for line in pathlib.Path(path).read_text().splitlines(keepends=True):
        if line.strip() == "====":
            chunks.append("".join(cur))
            cur = []
        else:
            cur.append(line)
    if "".join(cur).strip():
        chunks.append("".join(cur))
    return chunks


def tier(row, col, open_cells, height, width):
    if (row, col) in open_cells:
        return 0
    if any((r, c) in open_cells for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)):
        return 1
    if any((row, c) in open_cells for c in range(width)) or any(
        (r, col) in open_cells for r in range(height)
    ):
        return 2
    return 3


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default="build/apps/nonolab")
    ap.add_argument("--figures-binary", default=None, help="nonolab with the image plugin")
    ap.add_argument("--size", default="10x10")
    ap.add_argument("--seed", type=int, default=32)
    ap.add_argument("--pool", type=int, default=600, help="boards generated per kind")
    ap.add_argument("--count", type=int, default=100, help="boards measured per kind")
    ap.add_argument("--goal", default="logic")
    ap.add_argument("--max-changes", default="2")
    ap.add_argument("--timeout", default="10")
    ap.add_argument("--out", default=None, help="write every make-unique JSON line here")
    a = ap.parse_args()

    work = pathlib.Path(tempfile.mkdtemp(prefix="make_unique_bench_"))
    figures = a.figures_binary or a.binary
    kinds = {
        "random": [a.binary, "generate", "--random", a.size, "--count", str(a.pool)],
        # The figures this benchmark was measured on (docs/results/make-unique.md):
        # the sparse setting, --figures' default before 2026-11-26.
        "figures": [figures, "generate", "--figures", str(a.pool), "--size", a.size, "-j", "1",
                    "--figure-setting", "sparse"],
    }
    records = []
    for kind, gen in kinds.items():
        pool = work / f"{kind}.non"
        run(gen + ["--seed", str(a.seed), "-o", str(pool)])
        chunks = split_non(pool)
        graded = json_lines(run([a.binary, "check", "--grade", "--json", str(pool)]))
        picked = [i for i, g in enumerate(graded) if g["stats"].get("grade") == "search"]
        picked = picked[: a.count]
        if len(picked) < a.count:
            print(f"{kind}: only {len(picked)} of {len(chunks)} boards need search", file=sys.stderr)
        chosen = work / f"{kind}-chosen.non"
        chosen.write_text("====\n".join(chunks[i] for i in picked))
        explained = json_lines(run([a.binary, "explain", "--json", str(chosen)]))
        cmd = [a.binary, "make-unique", "--json", "--goal", a.goal, "--max-changes",
               a.max_changes, "--timeout", a.timeout, str(chosen)]
        print(" ".join(cmd), file=sys.stderr)
        for rec, ex in zip(json_lines(run(cmd)), explained):
            open_cells = {(r, c) for r, row in enumerate(ex["grid"]) for c, ch in enumerate(row)
                          if ch == "?"}
            best = rec["suggestions"][0] if rec["suggestions"] else None
            rec["kind"] = kind
            rec["best_size"] = len(best["changes"]) if best else None
            rec["best_tier"] = (max(tier(ch["row"], ch["col"], open_cells, rec["height"],
                                         rec["width"]) for ch in best["changes"])
                                if best else None)
            records.append(rec)

    if a.out:
        with open(a.out, "w") as f:
            for rec in records:
                slim = {k: rec[k] for k in ("kind", "index", "status", "grade", "seconds",
                                             "complete", "checked", "total", "best_size",
                                             "best_tier")}
                slim["changes"] = [s["changes"] for s in rec["suggestions"]]
                slim["grades"] = [s["grade"] for s in rec["suggestions"]]
                f.write(json.dumps(slim) + "\n")
    print("| boards | n | multiple | fixed | best fix: 1 / 2 / 3 cells | median size "
          "| none, search complete | none, out of time | median s | p90 s | tier 0/1/2/3 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for kind in list(kinds) + ["all"]:
        rs = [r for r in records if kind == "all" or r["kind"] == kind]
        fixed = [r for r in rs if r["best_size"]]
        sizes = [r["best_size"] for r in fixed]
        secs = [r["seconds"] for r in rs]
        by_size = " / ".join(str(sizes.count(k)) for k in (1, 2, 3))
        tiers = "/".join(str(sum(r["best_tier"] == t for r in fixed)) for t in range(4))
        print(f"| {kind} | {len(rs)} | {sum(r['status'] == 'multiple' for r in rs)} "
              f"| {len(fixed)} ({100 * len(fixed) / max(1, len(rs)):.0f}%) | {by_size} "
              f"| {statistics.median(sizes) if sizes else '-'} "
              f"| {sum(1 for r in rs if not r['best_size'] and r['complete'])} "
              f"| {sum(1 for r in rs if not r['best_size'] and not r['complete'])} "
              f"| {statistics.median(secs):.3f} | {percentile(secs, 0.9):.3f} | {tiers} |")


if __name__ == "__main__":
    main()
