#!/usr/bin/env python3
"""Grades the small pictures tests/web/studio_test.py draws: the n-Dom
staircases (src/gen/ndom.hpp) of n = 1..6 dominoes, with `nonolab check
--grade` (line / probing / search), and for each the single-cell changes
that make it solvable by line logic, or by logic (line logic plus
probing): what the fix flow must be able to find. Random pictures of this
size are almost never unique and graded `search`; n-Dom of 5 is.

    scripts/find_studio_pictures.py build/apps/nonolab
"""
import collections
import json
import subprocess
import sys
import tempfile
from pathlib import Path

# The pictures are the tests' own (tests/web/pictures.py).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from pictures import ndom_picture  # noqa: E402


def grade(binary, pictures):
    """The record of `check --grade --json` for each picture (rows of '#' and '.')."""
    doc = {"format": "nonolab", "version": 1,
           "puzzles": [{"width": len(p[0]), "height": len(p), "goal": p} for p in pictures]}
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(doc, f)
        f.flush()
        out = subprocess.run([binary, "check", "--grade", "--json", "-j", "1", "--timeout", "5", f.name],
                             capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def kind(record):
    return record["stats"].get("grade") if record["status"] == "unique" else record["status"]


def flips(picture):
    """Every picture one cell away, with the cell."""
    for r, row in enumerate(picture):
        for c, v in enumerate(row):
            other = "." if v == "#" else "#"
            yield (r, c), picture[:r] + [row[:c] + other + row[c + 1:]] + picture[r + 1:]


def main():
    binary = sys.argv[1]
    for n in range(1, 7):
        picture = ndom_picture(n)
        near = list(flips(picture))
        kinds = [kind(r) for r in grade(binary, [p for _, p in near])]
        print("n-Dom %d (%dx%d): %s; one-cell changes: %s" % (
            n, len(picture), len(picture), kind(grade(binary, [picture])[0]),
            dict(collections.Counter(kinds))))


if __name__ == "__main__":
    main()
