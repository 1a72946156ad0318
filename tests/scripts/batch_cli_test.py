#!/usr/bin/env python3
"""Batch jobs end to end, through the real nonolab binary (registered in CTest).

  batch_cli_test.py resume NONOLAB SOURCE_DIR
      A batch (experiment, then solve --out) is killed with SIGKILL midway;
      a torn half line is appended as a power cut would leave it; --resume
      finishes the run. The file must then hold every unit exactly once and
      equal an uninterrupted run's, apart from "seconds".
  batch_cli_test.py memory NONOLAB SOURCE_DIR
      An experiment's memory stays flat in its number of runs: the peak
      resident size of 30,000 runs (and of resuming a file of 15,000 of
      them) exceeds that of 1,000 runs by less than MEMORY_SLACK_MB. Keeping
      every record, as the CLI once did, costs about 110 MB here.
  batch_cli_test.py mpi NONOLAB SOURCE_DIR MPIRUN
      experiment, solve --json, bench and generate under `mpirun -np 2` must give the
      same output as one process (JSON lines equal apart from "seconds", the
      experiment summary byte for byte, the same exit status); a resumed
      experiment under mpirun too; solve --split (one puzzle's cubes over the
      ranks) the verdicts and solution counts of an unsplit run.

Exits 0 when every check passes, 1 otherwise (the differences on stderr).
No check depends on timing: a kill that comes after the run has finished
makes the test fail, rather than pass, so the workloads are generous.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, file=sys.stderr)
    if not ok:
        failures.append(what)
    return ok


def without_seconds(value):
    """The JSON value with every "seconds" field removed, at any depth."""
    if isinstance(value, dict):
        return {k: without_seconds(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [without_seconds(v) for v in value]
    return value


def normalised(text):
    """JSON lines as a list of canonical strings without timings; None if a line is not JSON."""
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            out.append(json.dumps(without_seconds(json.loads(line)), sort_keys=True))
        except ValueError:
            return None
    return out


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def report_diff(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            print(f"  first difference at line {i + 1}:\n    {x}\n    {y}", file=sys.stderr)
            return
    print(f"  {len(a)} lines against {len(b)}", file=sys.stderr)


def same_lines(a, b, what):
    ok = a is not None and b is not None and a == b
    if not check(ok, what) and a is not None and b is not None:
        report_diff(a, b)
    return ok


# ---- kill and resume ---------------------------------------------------------

def kill_midway(cmd, out, min_lines, cwd):
    """Starts cmd, SIGKILLs it once `out` holds min_lines lines; True when it was cut short."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while proc.poll() is None:
        if os.path.exists(out) and read(out).count("\n") >= min_lines:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            return True
        time.sleep(0.02)
    return False


def kill_and_resume(name, cmd, out_flag, tmp, min_lines=3):
    full = os.path.join(tmp, name + "-full.jsonl")
    part = os.path.join(tmp, name + "-part.jsonl")
    r = run(cmd + [out_flag, full], cwd=tmp)
    check(r.returncode in (0, 3), f"{name}: the uninterrupted run exits 0 or 3 (got {r.returncode})")
    want = normalised(read(full))
    check(want is not None and len(want) > min_lines, f"{name}: the uninterrupted run wrote JSON lines")

    cut = kill_midway(cmd + [out_flag, part], part, min_lines, tmp)
    check(cut, f"{name}: the run was killed before it finished (else make the workload bigger)")
    text = read(part)
    check(text.endswith("\n"), f"{name}: the killed run left whole lines only")
    got = normalised(text)
    check(got is not None and want is not None and len(got) < len(want)
          and got == want[:len(got)],
          f"{name}: the killed run's lines are a prefix of the full run's")
    # What a power cut in the middle of a write would leave.
    with open(part, "a", encoding="utf-8") as f:
        f.write('{"source": "torn')

    r = run(cmd + ["--resume", part], cwd=tmp)
    check(r.returncode in (0, 3), f"{name}: the resumed run exits 0 or 3 (got {r.returncode}): {r.stderr[-300:]}")
    check("incomplete" in r.stderr, f"{name}: resume warns about the torn last line")
    done = normalised(read(part))
    same_lines(done, want, f"{name}: killed + resumed equals the uninterrupted run, apart from seconds")
    check(done is not None and len(set(done)) == len(done), f"{name}: every unit exactly once")


def resume_tests(nonolab, src, tmp):
    suite = os.path.join(src, "bench", "hs-suite")
    kill_and_resume("experiment",
                    [nonolab, "experiment", suite, "-m", "hs-c", "--trials", "6",
                     "--max-evaluations", "300000", "--seed", "11", "--threads", "1"],
                    "--out", tmp, min_lines=4)
    puzzles = sorted(os.path.join(suite, f) for f in os.listdir(suite) if f.endswith(".non"))
    kill_and_resume("solve",
                    [nonolab, "solve", "--method", "hs-a", "--max-evaluations", "1000000",
                     "--seed", "3", "--threads", "1"] + puzzles,
                    "--out", tmp, min_lines=2)


# ---- memory flat in the number of runs -------------------------------------

MEMORY_SLACK_MB = 24


def peak_rss_mb(cmd, cwd):
    """Peak resident size of `cmd` in MB, measured in a fresh interpreter (the
    children's maximum of getrusage covers every child ever waited for)."""
    probe = ("import resource, subprocess, sys\n"
             "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
             "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    r = run([sys.executable, "-c", probe] + cmd, cwd=cwd)
    code, kb = r.stdout.split()
    check(code in ("0", "3"), f"memory: {' '.join(cmd[1:3])} ran (exit {code})")
    return int(kb) / 1024


def memory_tests(nonolab, src, tmp):
    heart = os.path.join(src, "examples", "heart.non")
    out = os.path.join(tmp, "runs.jsonl")

    def experiment(trials, *extra):
        return [nonolab, "experiment", heart, "-m", "exact", "--trials", str(trials),
                "--threads", "2"] + list(extra)

    small = peak_rss_mb(experiment(1000, "--out", out), tmp)
    large = peak_rss_mb(experiment(30000, "--out", out), tmp)
    check(large - small < MEMORY_SLACK_MB,
          f"memory: 30,000 runs peak at {large:.0f} MB, 1,000 at {small:.0f} MB "
          f"(less than {MEMORY_SLACK_MB} MB apart)")
    with open(out, encoding="utf-8") as f:
        lines = f.readlines()
    check(len(lines) == 30000, "memory: the large run wrote 30,000 records")
    with open(out, "w", encoding="utf-8") as f:
        f.writelines(lines[:15000])
    resumed = peak_rss_mb(experiment(30000, "--resume", out), tmp)
    check(resumed - small < MEMORY_SLACK_MB,
          f"memory: resuming 15,000 of 30,000 runs peaks at {resumed:.0f} MB")
    with open(out, encoding="utf-8") as f:
        check(sum(1 for _ in f) == 30000, "memory: the resumed file holds all 30,000 records")


# ---- mpirun against one process ----------------------------------------------

def mpi_tests(nonolab, src, mpirun, tmp):
    env = dict(os.environ)
    # Containers often forbid the cross-memory attach of shared-memory transport.
    env.setdefault("OMPI_MCA_btl_vader_single_copy_mechanism", "none")
    env.setdefault("OMPI_MCA_rmaps_base_oversubscribe", "1")
    launchers = [
        [mpirun, "-np", "2", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none",
         "--mca", "btl", "self,vader"],
        [mpirun, "-np", "2", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none",
         "--mca", "btl", "self,tcp", "--mca", "btl_tcp_if_include", "lo"],
    ]
    heart = os.path.join(src, "examples", "heart.non")
    mpi = None
    for launcher in launchers:
        r = run(launcher + [nonolab, "solve", "--json", heart], cwd=tmp, env=env)
        if r.returncode == 0 and '"unique"' in r.stdout:
            mpi = launcher
            break
        print(f"note: {' '.join(launcher)} failed: {r.stderr[-500:]}", file=sys.stderr)
    if not check(mpi is not None, "mpirun -np 2 starts nonolab"):
        return

    suite = os.path.join(src, "bench", "hs-suite")
    # Experiment: summary byte for byte, records apart from seconds.
    exp = [nonolab, "experiment", suite, "-m", "hs-a,hs-c", "--trials", "2",
           "--max-evaluations", "20000", "--seed", "5"]
    one = run(exp + ["--threads", "2", "--out", "one.jsonl"], cwd=tmp)
    two = run(mpi + exp + ["--threads", "1", "--out", "two.jsonl"], cwd=tmp, env=env)
    check(one.returncode == two.returncode,
          f"experiment: same exit status ({one.returncode} vs {two.returncode}) {two.stderr[-300:]}")
    check(one.stdout == two.stdout and one.stdout.strip() != "",
          "experiment: the summary on stdout is the same byte for byte")
    ref = normalised(read(os.path.join(tmp, "one.jsonl")))
    same_lines(ref, normalised(read(os.path.join(tmp, "two.jsonl"))),
               "experiment: the JSON lines are the same apart from seconds")

    # Resume under mpirun: rank 0 alone reads the file and skips what it holds.
    lines = read(os.path.join(tmp, "one.jsonl")).splitlines(keepends=True)
    with open(os.path.join(tmp, "half.jsonl"), "w", encoding="utf-8") as f:
        f.writelines(lines[: len(lines) // 2])
    r = run(mpi + exp + ["--threads", "1", "--mpi", "--resume", "half.jsonl"], cwd=tmp, env=env)
    check(r.returncode == one.returncode and r.stdout == one.stdout,
          "experiment --resume under mpirun: same exit status and summary")
    same_lines(ref, normalised(read(os.path.join(tmp, "half.jsonl"))),
               "experiment --resume under mpirun: completes the file, nothing duplicated")

    # Solve --json: exact solver on the examples and the suite, then a paper method.
    examples = [os.path.join(src, "examples", f) for f in
                ("heart.non", "cat.taai", "duck.json", "impossible.nin", "sailboat.xml",
                 "twins.clues", "README.md")]
    puzzles = sorted(os.path.join(suite, f) for f in os.listdir(suite) if f.endswith(".non"))
    for name, args in (("solve exact", ["solve", "--json"] + examples + puzzles),
                       ("solve hs-c", ["solve", "--json", "--method", "hs-c",
                                       "--max-evaluations", "20000", "--seed", "9"] + puzzles)):
        one = run([nonolab] + args + ["--threads", "2"], cwd=tmp)
        two = run(mpi + [nonolab] + args + ["--threads", "1"], cwd=tmp, env=env)
        check(one.returncode == two.returncode,
              f"{name}: same exit status ({one.returncode} vs {two.returncode})")
        a, b = normalised(one.stdout), normalised(two.stdout)
        check(a is not None and len(a) >= len(puzzles), f"{name}: one JSON line per puzzle")
        same_lines(a, b, f"{name}: the JSON lines are the same apart from seconds")

    # Solve --split: the cubes of each puzzle dealt to ranks give the
    # verdicts and solution counts of one process, split or not (which of
    # several solutions is printed may differ; a unique one may not).
    survey = os.path.join(src, "..", "shared", "benchmarks", "survey", "simpson_non")
    hard = [os.path.join(survey, f"webpbn-{n}.non") for n in ("00016", "02712", "09892", "12548")]
    hard = [f for f in hard if os.path.exists(f)]
    args = ["solve", "--json", "--timeout", "120"] + examples + puzzles + hard
    plain = run([nonolab] + args + ["--threads", "2"], cwd=tmp)
    one = run([nonolab] + args + ["--split", "3", "--threads", "2"], cwd=tmp)
    two = run(mpi + [nonolab] + args + ["--split", "3", "--threads", "1"], cwd=tmp, env=env)

    def verdicts(text):
        try:
            recs = [json.loads(l) for l in text.splitlines() if l.strip()]
        except ValueError:
            return None
        return [(r["source"], r["index"], r["status"], len(r.get("solutions", [])),
                 r["solutions"] if r["status"] == "unique" else None) for r in recs]
    v = verdicts(plain.stdout)
    check(v is not None and len(v) >= len(puzzles) + len(hard), "solve: one JSON line per puzzle")
    check(one.returncode == plain.returncode and verdicts(one.stdout) == v,
          "solve --split 3 --threads 2: the verdicts and solutions of an unsplit run")
    check(two.returncode == plain.returncode and verdicts(two.stdout) == v,
          f"solve --split 3 under mpirun: the verdicts and solutions of an unsplit run "
          f"{two.stderr[-300:]}")
    split_lines = [json.loads(l) for l in one.stdout.splitlines() if l.strip()]
    check(any(r.get("stats", {}).get("cubes", 0) > 1 for r in split_lines),
          "solve --split: some puzzle was actually cut into cubes")

    # Bench: the same counts per set (its times differ by nature).
    bench = ["bench", "ndom:3-14", "--mode", "unique"]
    one = run([nonolab] + bench + ["--threads", "2", "--csv", "-"], cwd=tmp)
    two = run(mpi + [nonolab] + bench + ["--threads", "1", "--csv", "-"], cwd=tmp, env=env)

    def counts(text):
        rows = [l.split(",") for l in text.splitlines() if l.startswith('"ndom')]
        return [(r[0], r[1], r[2], r[3], r[8]) for r in rows]
    check(one.returncode == two.returncode and counts(one.stdout) != []
          and counts(one.stdout) == counts(two.stdout),
          "bench: the same puzzles solved and search nodes under mpirun")

    # Generate: dataset shards dealt to ranks give byte-identical .npz files.
    gen = ["generate", "--noise", "3000", "--size", "10", "--shard-size", "500", "--seed", "5"]
    one = run([nonolab] + gen + ["--threads", "2", "-o", "one/noise.npz"], cwd=tmp)
    two = run(mpi + [nonolab] + gen + ["--threads", "1", "-o", "two/noise.npz"], cwd=tmp, env=env)
    names = sorted(os.listdir(os.path.join(tmp, "one"))) if one.returncode == 0 else []
    check(one.returncode == 0 and two.returncode == 0 and len(names) == 12 and
          names == sorted(os.listdir(os.path.join(tmp, "two"))) and
          all(read_bytes(os.path.join(tmp, "one", n)) == read_bytes(os.path.join(tmp, "two", n))
              for n in names),
          "generate: the same 6 shards (x and y files), byte for byte, under mpirun")


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("resume", "memory", "mpi"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, nonolab, src = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    with tempfile.TemporaryDirectory(prefix="nonolab-batch-") as tmp:
        if mode == "resume":
            resume_tests(nonolab, src, tmp)
        elif mode == "memory":
            memory_tests(nonolab, src, tmp)
        else:
            if len(sys.argv) < 5:
                print(__doc__, file=sys.stderr)
                return 2
            mpi_tests(nonolab, src, sys.argv[4], tmp)
    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
