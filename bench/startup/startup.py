#!/usr/bin/python3
"""One puzzle per process: what a whole nonolab process costs.

Two parts, each comparing BINARY with --baseline OLD (the previous commit's
build) run alternately, so that both see the same machine at the same moment:

  fixed   `--version`, `check --threads 1` on a 1x1 puzzle and the floor (a
          minimal C++ program, bench/startup/floor.cpp, compiled here with
          -O2 -static-libstdc++ like nonolab): --runs runs of each (default
          30). Reported: minimum and median wall time, minimum CPU time
          (user + system) and minor page faults (getrusage of the child).
          With --perf, `perf stat -r RUNS -e task-clock,page-faults` too.
  sets    (--set picross,survey) every file of
          ../shared/benchmarks/misc/picross_solver_testset/inputs and
          ../shared/benchmarks/survey, `check --timeout T FILE`, --rounds
          runs per file and binary (minimum taken); new/old per file and in
          total, and the in-process solve seconds of each (the `seconds` of
          `check --json`, summed over the file's puzzles). With
          --callgrind-under MS, files that take under MS ms also get the
          instruction count of one run of each binary under valgrind's
          callgrind, which a loaded machine does not change.

Page faults depend on the page cache as well as on the binary: the same
executable, written to disk in different ways, takes 5-10% more or fewer
faults (the kernel maps a whole cached folio around a fault, and folios
differ). So every binary is first copied into a scratch folder, the same
way for all (--no-copy runs them where they are).

Targets (idle machine, minimum of 30 runs): `check` on the 1x1
puzzle <= 1.0 ms and <= 120 page faults, `--version` <= 0.8 ms. The script
exits 1 when one is missed, 0 otherwise.

Usage:
  bench/startup/startup.py build/apps/nonolab --baseline OLD/nonolab \\
      [--runs 30] [--perf] [--set picross,survey --rounds 3 --timeout 5] \\
      [--markdown] [--json out.json]

Wall times measure the machine too: pause other work while this runs.
"""
import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_CHECK_MS = 1.0
TARGET_CHECK_FAULTS = 120
TARGET_VERSION_MS = 0.8
HERE = Path(__file__).resolve().parent


def run_once(argv, timeout):
    """(wall s, cpu s, minor faults, exit code) of one process.

    posix_spawn (vfork underneath) rather than subprocess, so that no copy
    of this Python process is made; a blocking wait4, so that the end is
    seen at once (polling would add its period to every run)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    os.close(devnull)
    signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
    signal.setitimer(signal.ITIMER_REAL, timeout)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    signal.setitimer(signal.ITIMER_REAL, 0)
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_minflt, os.waitstatus_to_exitcode(status)


def alternate(commands, runs, timeout):
    """Runs each command `runs` times, rotating the order every round.
    Returns {name: [(wall, cpu, faults, code), ...]}."""
    out = {name: [] for name in commands}
    names = list(commands)
    for r in range(runs):
        k = r % len(names)
        for name in names[k:] + names[:k]:
            out[name].append(run_once(commands[name], timeout))
    return out


def summary(samples):
    walls = [s[0] for s in samples]
    return {"min_ms": min(walls) * 1e3, "median_ms": statistics.median(walls) * 1e3,
            "cpu_ms": min(s[1] for s in samples) * 1e3,
            "faults": min(s[2] for s in samples), "codes": sorted({s[3] for s in samples})}


def perf_stat(argv, runs):
    """(task-clock ms, page faults) from `perf stat -r`, or None without perf."""
    perf = shutil.which("perf")
    if not perf:
        return None
    res = subprocess.run([perf, "stat", "-x,", "-r", str(runs), "-e", "task-clock,page-faults"]
                         + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    vals = {}
    for line in res.stderr.splitlines():
        f = line.split(",")
        if len(f) > 2 and f[0] and f[0][0].isdigit():
            vals[f[2]] = float(f[0])
    if "task-clock" not in vals or "page-faults" not in vals:
        return None
    return vals["task-clock"], vals["page-faults"]


def build_floor(workdir):
    exe = Path(workdir) / "floor"
    cxx = os.environ.get("CXX", "c++")
    subprocess.run([cxx, "-O2", "-static-libstdc++", str(HERE / "floor.cpp"), "-o", str(exe)],
                   check=True)
    return str(exe)


def fresh_copies(binaries, workdir):
    """Each binary copied into `workdir` (a plugin beside it is not copied:
    the commands timed here load none)."""
    out = {}
    for name, path in binaries.items():
        dest = Path(workdir) / f"nonolab-{name}"
        shutil.copyfile(path, dest)
        dest.chmod(0o755)
        out[name] = str(dest)
    return out


def fixed_part(a, binaries, workdir, rows):
    one = Path(workdir) / "one.non"
    one.write_text("width 1\nheight 1\n\nrows\n1\n\ncolumns\n1\n")
    floor = a.floor or build_floor(workdir)
    cases = [("floor (minimal C++ program)", {"floor": [floor]}),
             ("--version", {n: [b, "--version"] for n, b in binaries.items()}),
             ("check --threads 1, 1x1", {n: [b, "check", "--threads", "1", str(one)]
                                         for n, b in binaries.items()})]
    for case, commands in cases:
        res = alternate(commands, a.runs, 30)
        for name, samples in res.items():
            row = {"case": case, "binary": name, **summary(samples)}
            if a.perf:
                p = perf_stat(commands[name], a.runs)
                if p:
                    row["perf_task_ms"], row["perf_faults"] = p
            rows.append(row)


def set_files(shared, sets):
    base = Path(shared) / "benchmarks"
    roots = {"picross": [base / "misc/picross_solver_testset/inputs"],
             "survey": [base / "survey"]}
    out = []
    for s in sets:
        for root in roots[s]:
            if not root.is_dir():
                sys.exit(f"startup.py: {root} not found (--shared)")
            for f in sorted(root.rglob("*")):
                if f.is_file() and not f.name.startswith("README") and \
                        f.suffix not in (".md", ".tsv"):
                    out.append((s, f))
    return out


def solve_seconds(binary, f, timeout):
    """Sum of the in-process `seconds` of one `check --json` run, or None."""
    res = subprocess.run([binary, "check", "--json", "--timeout", str(timeout), str(f)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         timeout=timeout * 4 + 10)
    total = None
    for line in res.stdout.splitlines():
        try:
            total = (total or 0.0) + float(json.loads(line).get("seconds", 0.0))
        except ValueError:
            pass
    return total


def instructions(argv):
    """Instructions of one run under callgrind, or None without valgrind."""
    valgrind = shutil.which("valgrind")
    if not valgrind:
        return None
    res = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in res.stderr.splitlines():
        if "refs:" in line:
            return int(line.split()[-1].replace(",", ""))
    return None


def sets_part(a, binaries, files):
    rows = []
    tty = sys.stderr.isatty()
    for i, (group, f) in enumerate(files, 1):
        if tty:
            print(f"\r\x1b[K[{i}/{len(files)}] {f.name}", end="", file=sys.stderr, flush=True)
        commands = {n: [b, "check", "--timeout", str(a.timeout), str(f)]
                    for n, b in binaries.items()}
        res = alternate(commands, a.rounds, a.timeout + 10)
        row = {"group": group, "file": str(f.relative_to(f.parents[1]))}
        for name in binaries:
            s = summary(res[name])
            row[name + "_ms"] = s["min_ms"]
            row[name + "_cpu_ms"] = s["cpu_ms"]
            row[name + "_codes"] = s["codes"]
            row[name + "_solve_s"] = solve_seconds(binaries[name], f, a.timeout)
        if a.callgrind_under and min(row[n + "_ms"] for n in binaries) < a.callgrind_under:
            for name in binaries:
                row[name + "_instructions"] = instructions(commands[name])
        rows.append(row)
    if tty:
        print("\r\x1b[K", end="", file=sys.stderr)
    return rows


def table(head, cells, markdown):
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for c in cells:
            print("| " + " | ".join(c) + " |")
    else:
        print("  ".join(head))
        for c in cells:
            print("  ".join(c))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("--baseline", help="the previous commit's nonolab, run alternately")
    ap.add_argument("--runs", type=int, default=30, help="runs per fixed case (minimum taken)")
    ap.add_argument("--perf", action="store_true", help="add perf stat's task clock and faults")
    ap.add_argument("--no-copy", action="store_true",
                    help="run the binaries where they are, not fresh copies")
    ap.add_argument("--floor", help="a floor program already built (default: build floor.cpp)")
    ap.add_argument("--set", default="", help="picross, survey or both (default: none)")
    ap.add_argument("--rounds", type=int, default=3, help="runs per file and binary in --set")
    ap.add_argument("--timeout", type=float, default=5, help="check --timeout in --set")
    ap.add_argument("--callgrind-under", type=float, default=0,
                    help="in --set, count instructions (callgrind) for files under this many ms")
    ap.add_argument("--shared", default=str(HERE.parents[1] / "../shared"))
    ap.add_argument("--json", help="write every row here as JSON")
    ap.add_argument("--markdown", action="store_true", help="print Markdown tables")
    a = ap.parse_args()
    if a.runs < 1 or a.rounds < 1:
        sys.exit("startup.py: --runs and --rounds must be at least 1")
    binaries = {"new": os.path.abspath(a.binary)}
    if a.baseline:
        binaries["old"] = os.path.abspath(a.baseline)
    sets = [s.strip() for s in a.set.split(",") if s.strip()]
    if not set(sets) <= {"picross", "survey"}:
        sys.exit("startup.py: --set takes picross, survey or both")

    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        fixed_part(a, binaries if a.no_copy else fresh_copies(binaries, workdir), workdir, rows)
    head = ["case", "binary", "min ms", "median ms", "cpu ms", "faults"]
    if a.perf:
        head += ["perf task-clock ms", "perf faults"]
    cells = []
    for r in rows:
        c = [r["case"], r["binary"], f"{r['min_ms']:.3f}", f"{r['median_ms']:.3f}",
             f"{r['cpu_ms']:.3f}", str(r["faults"])]
        if a.perf:
            c += [f"{r['perf_task_ms']:.3f}" if "perf_task_ms" in r else "n/a",
                  f"{r['perf_faults']:.0f}" if "perf_faults" in r else "n/a"]
        cells.append(c)
    print(f"{a.runs} runs each, alternating; load average at the end "
          f"{os.getloadavg()[0]:.2f}")
    table(head, cells, a.markdown)

    ok = True
    for r in rows:
        if r["binary"] != "new":
            continue
        if r["case"] == "--version" and r["min_ms"] > TARGET_VERSION_MS:
            print(f"MISSED: --version {r['min_ms']:.3f} ms > {TARGET_VERSION_MS} ms")
            ok = False
        if r["case"].startswith("check") and (r["min_ms"] > TARGET_CHECK_MS or
                                              r["faults"] > TARGET_CHECK_FAULTS):
            print(f"MISSED: check 1x1 {r['min_ms']:.3f} ms, {r['faults']} faults "
                  f"(targets {TARGET_CHECK_MS} ms, {TARGET_CHECK_FAULTS} faults)")
            ok = False

    set_rows = []
    if sets:
        set_rows = sets_part(a, binaries, set_files(a.shared, sets))
        print()
        head = ["file", "new ms"] + (["old ms", "new/old"] if a.baseline else []) + \
            ["new cpu ms"] + (["old cpu ms"] if a.baseline else []) + \
            ["new solve s"] + (["old solve s"] if a.baseline else [])
        if a.callgrind_under:
            head += ["new instr."] + (["old instr."] if a.baseline else [])
        head.append("exit")
        cells = []
        for r in set_rows:
            c = [r["file"], f"{r['new_ms']:.2f}"]
            if a.baseline:
                c += [f"{r['old_ms']:.2f}", f"{r['new_ms'] / r['old_ms']:.3f}"]
            fmt = lambda v: "n/a" if v is None else f"{v:.4f}"
            c += [f"{r['new_cpu_ms']:.2f}"] + ([f"{r['old_cpu_ms']:.2f}"] if a.baseline else [])
            c += [fmt(r["new_solve_s"])] + ([fmt(r["old_solve_s"])] if a.baseline else [])
            if a.callgrind_under:
                c += [str(r.get(n + "_instructions", "")) for n in binaries]
            c.append(",".join(str(x) for x in r["new_codes"]))
            cells.append(c)
        table(head, cells, a.markdown)
        total = sum(r["new_ms"] for r in set_rows)
        line = f"{len(set_rows)} files, total of the minima {total:.0f} ms"
        if a.baseline:
            old = sum(r["old_ms"] for r in set_rows)
            ratios = sorted(r["new_ms"] / r["old_ms"] for r in set_rows)
            slower = sum(1 for x in ratios if x > 1.0)
            line += (f" (old {old:.0f} ms, new/old {total / old:.3f}; per file "
                     f"median {statistics.median(ratios):.3f}, "
                     f"{slower} of {len(ratios)} above 1.0, max {ratios[-1]:.3f})")
        print(line)
        counted = [r for r in set_rows if r.get("new_instructions") and r.get("old_instructions")]
        if counted:
            ratios = sorted(r["new_instructions"] / r["old_instructions"] for r in counted)
            print(f"instructions, {len(counted)} files under {a.callgrind_under:g} ms: new/old "
                  f"{min(ratios):.3f} to {max(ratios):.3f}, median "
                  f"{statistics.median(ratios):.3f}; total "
                  f"{sum(r['new_instructions'] for r in counted) / 1e6:.1f} M against "
                  f"{sum(r['old_instructions'] for r in counted) / 1e6:.1f} M")
    if a.json:
        Path(a.json).write_text(json.dumps({"fixed": rows, "sets": set_rows}, indent=1) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
