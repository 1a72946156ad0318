#!/usr/bin/env python3
"""The WebAssembly engine against the native CLI: every
puzzle of ../shared/benchmarks up to 40x40 that `nonolab check` settles
within 5 s must get the same verdict from the static site's Node entry
(`node build/web/nonolab.mjs check --json`), and the same solutions when it
is unique. Errors (unreadable puzzles) must be errors on both sides.

    engine_vs_native.py NONOLAB_BINARY SITE_DIR [--report FILE] [--under DIR] [--per-file N]

Left out, each for its reason:
  - PNG puzzle files: under Node the engine has no picture decoder (in the
    browser the page decodes them; tests/web/play_test.py opens one on the
    static site);
  - the NonoDataset .npz shards (about 480,000 boards; their samples in
    TAAI text, dataset/taai_style, are in).
Puzzles over 40x40, or that native leaves unsettled in 5 s, are left out
of their files with --index, so that the rest of a file still counts.
--per-file N compares at most the first N puzzles of each file, on both
sides (ctest passes 200: the 1,000-puzzle tournament files would otherwise
take most of the suite's time, while the breadth of formats and folders is
what the comparison is for). --report FILE writes the per-file times of both sides as JSON (the
measurements of docs/results/web.md); --under DIR keeps to one folder of
the benchmarks. Each side runs on one thread (the engine has one), two
files at a time.
Exit status 77 (skipped) without ../shared/benchmarks or the site.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCHMARKS = os.path.join(os.path.dirname(SOURCE), "shared", "benchmarks")
SETTLED = {"unique", "multiple", "contradiction", "error"}
SKIP_EXTENSIONS = {".md", ".tsv", ".csv", ".png", ".npz"}
SKIP_NAMES = {"README", "README-simpson", "LICENSE"}


def puzzle_files(under):
    files = []
    for root, _, names in os.walk(os.path.join(BENCHMARKS, under)):
        for name in sorted(names):
            if name in SKIP_NAMES or os.path.splitext(name)[1].lower() in SKIP_EXTENSIONS:
                continue
            files.append(os.path.join(root, name))
    return sorted(files)


def records(command, timeout):
    out = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if out.returncode not in (0, 1, 3, 4):
        raise RuntimeError("%s failed (%d): %s" % (command[:3], out.returncode, out.stderr[-2000:]))
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def verdict(r):
    """The status, the solution of a unique puzzle, and an error's message."""
    return r["status"], r.get("solutions") if r["status"] == "unique" else None, r.get("error")


def wanted(r):
    return r["status"] in SETTLED and r.get("width", 0) <= 40 and r.get("height", 0) <= 40


def first_puzzles(binary, f, per_file):
    """--index arguments for the first `per_file` puzzles of `f` when it
    holds more (none otherwise, or when `per_file` is 0), so that native
    too solves only what may be compared. The count comes from the CLI's
    own error for a puzzle past the end ("has N puzzle(s), no puzzle K"),
    which costs one read of the file; a file that cannot be read at all
    keeps its whole-file run, so that its error is compared as before."""
    if not per_file:
        return []
    probe = records([binary, "check", "--json", "--index", "1000000000", f], 600)
    found = re.search(r"has (\d+) puzzle\(s\), no puzzle", (probe[0].get("error") or "") if probe else "")
    if not found or int(found.group(1)) <= per_file:
        return []
    return [a for i in range(1, per_file + 1) for a in ("--index", str(i))]


def compare_file(binary, entry, f, per_file=0):
    """Native on one thread, then the engine on the puzzles native settled
    (the first `per_file` of them when it is not 0): (records compared,
    failures, times) for file `f`."""
    t0 = time.time()
    first = first_puzzles(binary, f, per_file)
    native = records([binary, "check", "--json", "--timeout", "5", "--threads", "1"] + first + [f], 3600)
    native_wall = time.time() - t0
    want = [r for r in native if wanted(r)]
    if per_file:
        want = want[:per_file]
    if not want:
        return 0, [], None, len(native)
    # Only the puzzles to compare, when the file has others (the CLI's --index).
    index = [] if not first and len(want) == len(native) else [a for r in want for a in ("--index", str(r["index"]))]
    t0 = time.time()
    wasm = records(["node", entry, "check", "--json"] + index + [f], 3600)
    engine_wall = time.time() - t0
    if len(wasm) != len(want):
        return 0, ["%s: %d records from the engine, %d from native" % (f, len(wasm), len(want))], None, 0
    failures = ["%s #%s: native %s, engine %s%s" % (
        f, a.get("index"), a["status"], b["status"], (": " + b.get("error", "")) if b["status"] == "error" else "")
        for a, b in zip(want, wasm) if verdict(a) != verdict(b)]
    times = {"file": os.path.relpath(f, BENCHMARKS), "puzzles": len(want),
             "native_solve": sum(r.get("seconds", 0) for r in want),
             "engine_solve": sum(r.get("seconds", 0) for r in wasm),
             "native_wall": native_wall, "engine_wall": engine_wall}
    return len(want), failures, times, len(native) - len(want)


def main():
    binary, site = sys.argv[1], sys.argv[2]

    def option(name, default):
        return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
    report, under = option("--report", None), option("--under", "")
    per_file = int(option("--per-file", "0"))
    entry = os.path.join(site, "nonolab.mjs")
    if not os.path.isdir(BENCHMARKS):
        print("skipped '%s is missing'" % BENCHMARKS)
        return 77
    if not os.path.isfile(entry):
        print("skipped 'no static site at %s (scripts/setup.sh --with web)'" % site)
        return 77

    # File by file, two at a time (both cores busy): native, then the engine.
    started = time.time()
    compared, left_out, failures, times = 0, 0, [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for n, bad, t, skipped in pool.map(lambda f: compare_file(binary, entry, f, per_file),
                                                  puzzle_files(under)):
            compared += n
            left_out += skipped
            failures += bad
            if t:
                times.append(t)
    native_solve = sum(t["native_solve"] for t in times)
    engine_solve = sum(t["engine_solve"] for t in times)
    print("compared %d puzzles of %d files in %.0f s (%d puzzles left out: over 40x40 or unsettled in 5 s)"
          % (compared, len(times), time.time() - started, left_out))
    print("in-process solve time, one thread each: native %.2f s, engine %.2f s (ratio %.2f)"
          % (native_solve, engine_solve, engine_solve / native_solve if native_solve else 0))
    if report:
        with open(report, "w") as out:
            json.dump({"files": times, "native_solve": native_solve,
                       "engine_solve": engine_solve, "compared": compared}, out, indent=1)
    for line in failures[:50]:
        print("FAIL", line)
    print("%d passed, %d failed" % (compared - len(failures), len(failures)))
    return 1 if failures or not compared else 0


if __name__ == "__main__":
    sys.exit(main())
