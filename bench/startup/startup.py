#!/usr/bin/python3
"""Whole-process timing, one puzzle file per process (issue 19).

Runs `BINARY check FILE` once per file and round, and `BINARY --version`,
and reports the median wall time and the peak resident memory of each. With
--baseline OLD the old binary runs too, alternating with the new one file by
file, so that both see the same machine at the same moment; the report then
gives new/old ratios, which compare across machines where seconds do not.

Sets (under ../shared/benchmarks, or --shared):
  picross   misc/picross_solver_testset/inputs: nonograms_org, qnonograms,
            jwilk, webpbn, cauldron.non (the issue's line-solvable targets
            are nonograms_org + qnonograms <= 10 ms, cauldron <= 0.15 s)
  survey    survey/simpson_non: Wolter's survey (Knotty, Meow and Faase stop
            at --timeout)

Usage:
  bench/startup/startup.py build/apps/nonolab [--baseline OLD] [--rounds 5]
      [--set picross,survey] [--timeout 10] [--json out.json] [--markdown]

Pause other work on the machine while this runs; it measures wall time.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGET_VERSION_MS = 5.0
TARGET_VERSION_MIB = 15.0
TARGET_LINE_MS = 10.0
TARGET_CAULDRON_MS = 150.0
TIME = shutil.which("time", path="/usr/bin:/bin")


def peak_mib(argv, timeout):
    """Peak resident memory of one run, from GNU time (Debian package
    `time`), or None without it. A child of this Python process cannot be
    asked directly: Linux carries the parent's peak over a fork or vfork into
    the child's ru_maxrss, so every child would seem to need Python's 15 MiB."""
    if not TIME:
        return None
    out = subprocess.run([TIME, "-f", "%M"] + argv, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, timeout=timeout, text=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024.0


def run_once(argv, timeout):
    """Wall seconds and exit code of one process.

    posix_spawn (vfork underneath) rather than subprocess: a forked copy of
    this Python process would add its own copying to the wall time."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    os.close(devnull)
    deadline = start + timeout
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.perf_counter() > deadline:
            os.kill(pid, 9)
            done, status, usage = os.wait4(pid, 0)
            break
        time.sleep(0.0002)
    wall = time.perf_counter() - start
    return wall, os.waitstatus_to_exitcode(status)


def inputs(shared, sets):
    base = Path(shared) / "benchmarks"
    out = []
    if "picross" in sets:
        root = base / "misc/picross_solver_testset/inputs"
        for group in ("nonograms_org", "qnonograms", "jwilk", "webpbn"):
            for f in sorted((root / group).glob("*.non")):
                out.append((group, f))
        out.append(("cauldron", root / "cauldron.non"))
    if "survey" in sets:
        for f in sorted((base / "survey/simpson_non").glob("*.non")):
            out.append(("survey", f))
    missing = [str(f) for _, f in out if not f.exists()]
    if missing:
        sys.exit("startup.py: missing inputs: " + ", ".join(missing[:5]))
    return out


def measure(binaries, argv_tail, rounds, timeout):
    """Per binary: median wall (s), peak RSS (MiB, or None), exit codes seen."""
    walls = {b: [] for b in binaries}
    codes = {b: set() for b in binaries}
    for r in range(rounds):
        order = binaries if r % 2 == 0 else list(reversed(binaries))
        for b in order:
            w, c = run_once([b] + argv_tail, timeout)
            walls[b].append(w)
            codes[b].add(c)
    rss = {b: peak_mib([b] + argv_tail, timeout) for b in binaries}
    return {b: (statistics.median(walls[b]), rss[b], sorted(codes[b])) for b in binaries}


def mib(value):
    return "n/a" if value is None else f"{value:.1f}"


def target_for(group, name):
    if group in ("nonograms_org", "qnonograms"):
        return TARGET_LINE_MS
    if group == "cauldron":
        return TARGET_CAULDRON_MS
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("--baseline", help="an older nonolab binary, run alternately")
    ap.add_argument("--rounds", type=int, default=5, help="runs per file and binary (median)")
    ap.add_argument("--set", default="picross,survey", help="picross, survey or both")
    ap.add_argument("--timeout", type=float, default=10, help="seconds per check (--timeout)")
    ap.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "../shared"))
    ap.add_argument("--json", help="write every row here as JSON")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    a = ap.parse_args()
    if a.rounds < 1:
        sys.exit("startup.py: --rounds must be at least 1")
    binaries = [os.path.abspath(a.binary)] + ([os.path.abspath(a.baseline)] if a.baseline else [])
    sets = {s.strip() for s in a.set.split(",") if s.strip()}
    if not sets <= {"picross", "survey"}:
        sys.exit("startup.py: --set takes picross, survey or both")

    # The floor: what starting any process costs on this machine.
    floor = measure(["/bin/true"], [], a.rounds, 10)["/bin/true"][0] * 1e3
    jobs = [("version", "--version", ["--version"])]
    for group, f in inputs(a.shared, sets):
        jobs.append((group, f.name, ["check", "--timeout", str(a.timeout), str(f)]))

    rows = []
    tty = sys.stderr.isatty()
    for i, (group, name, tail) in enumerate(jobs, 1):
        if tty:
            print(f"\r\x1b[K[{i}/{len(jobs)}] {name}", end="", file=sys.stderr, flush=True)
        m = measure(binaries, tail, a.rounds, a.timeout + 5)
        new = m[binaries[0]]
        row = {"group": group, "file": name, "ms": new[0] * 1e3, "mib": new[1], "codes": new[2]}
        if a.baseline:
            old = m[binaries[1]]
            row.update(old_ms=old[0] * 1e3, old_mib=old[1], ratio=new[0] / old[0])
        t = TARGET_VERSION_MS if group == "version" else target_for(group, name)
        if t is not None:
            row["target_ms"] = t
            row["meets"] = row["ms"] <= t and (
                group != "version" or row["mib"] is None or row["mib"] <= TARGET_VERSION_MIB)
        rows.append(row)
    if tty:
        print("\r\x1b[K", end="", file=sys.stderr)

    sep = " | " if a.markdown else "  "
    head = ["group", "file", "ms", "MiB"] + (["old ms", "old MiB", "new/old"] if a.baseline else [])
    head += ["target", "exit"]
    if a.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
    else:
        print(sep.join(head))
    for r in rows:
        cells = [r["group"], r["file"], f"{r['ms']:.1f}", mib(r["mib"])]
        if a.baseline:
            cells += [f"{r['old_ms']:.1f}", mib(r["old_mib"]), f"{r['ratio']:.3f}"]
        target = ""
        if "target_ms" in r:
            target = f"<= {r['target_ms']:g} ms " + ("ok" if r["meets"] else "MISSED")
        cells += [target, ",".join(str(c) for c in r["codes"])]
        print(("| " + " | ".join(cells) + " |") if a.markdown else sep.join(cells))
    print(f"process floor (/bin/true, same run): {floor:.1f} ms")
    total = sum(r["ms"] for r in rows if r["group"] != "version")
    line = f"total check time {total:.0f} ms over {len(rows) - 1} files"
    if a.baseline:
        old_total = sum(r["old_ms"] for r in rows if r["group"] != "version")
        line += f" (old {old_total:.0f} ms, new/old {total / old_total:.3f})"
    print(line)
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0 if all(r.get("meets", True) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
