#!/usr/bin/python3
"""Writes apps/startup_order.txt: the functions of nonolab that a
`--version` and a one-puzzle `check` run call, in the order callgrind first
meets them, for lld's --symbol-ordering-file (NONOLAB_STARTUP_ORDER in the
top-level CMakeLists.txt). Run it on a Release build after
changes to what start-up runs; a stale list is still correct, it only
packs less.

    bench/startup/order.py build/apps/nonolab [-o apps/startup_order.txt]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

COMMANDS = (["--version"], ["check", "--threads", "1"])


def functions_of(binary, args, scratch):
    """Mangled names of the binary's own functions that one run calls."""
    out = os.path.join(scratch, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no",
                    "--callgrind-out-file=" + out, binary] + args,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    objects, names, found = {}, {}, []
    current = None  # the object file the next fn= line belongs to
    target = os.path.realpath(binary)
    with open(out, errors="replace") as f:
        for line in f:
            m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                if m.group(3):
                    objects[m.group(2)] = os.path.realpath(m.group(3))
                if m.group(1) == "ob":
                    current = objects.get(m.group(2))
                continue
            m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:  # a name is given at its first use, in fn= or cfn=
                if m.group(3):
                    names[m.group(2)] = m.group(3)
                if m.group(1) == "fn" and current == target:
                    found.append(names[m.group(2)])
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("-o", "--out", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "apps", "startup_order.txt"))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        puzzle = os.path.join(scratch, "one.nin")
        with open(puzzle, "w") as f:
            f.write("1 1\n1\n1\n")
        order, seen = [], set()
        for args in COMMANDS:
            run = args + ([puzzle] if args[0] == "check" else [])
            for name in functions_of(a.binary, run, scratch):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    tmp = a.out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(order) + "\n")
    os.replace(tmp, a.out)
    print(f"order.py: {len(order)} functions -> {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
