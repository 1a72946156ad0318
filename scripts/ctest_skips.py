#!/usr/bin/env python3
"""The skipped tests of a ctest run, from its JUnit file (ctest --output-junit).

    ctest_skips.py JUNIT_XML [--strict]

Prints "skipped: N" and, for each skipped test, its name and the reason its
output gives: GoogleTest's message after "Skipped" (tests/CMakeLists.txt
makes ctest see GTEST_SKIP through SKIP_REGULAR_EXPRESSION), pytest's
"SKIPPED [..] file:line: reason" lines (-rs; tests/python/conftest.py turns
a run with skips into exit status 77, SKIP_RETURN_CODE), or unittest's
"skipped '...'" lines (tests/web/browser_test.py does the same).
Disabled tests count as skipped too: they did not run either.

Exit status: 1 with --strict when anything was skipped (scripts/test.sh
passes it under CI=true), 2 when the file cannot be read, else 0.
"""
import re
import sys
import xml.etree.ElementTree as ET

REASON_PATTERNS = [
    re.compile(r"^SKIPPED \[\d+\] (.*)$"),            # pytest -rs
    re.compile(r"^.* \.\.\. skipped '(.*)'$"),         # unittest -v
]


def reasons(output):
    """The lines of a test's output that say why it skipped."""
    lines = output.splitlines()
    found = []
    for i, line in enumerate(lines):
        # GoogleTest: "path:line: Skipped" and then the streamed message.
        if line.endswith(": Skipped") and i + 1 < len(lines):
            found.append(lines[i + 1].strip())
            continue
        for pattern in REASON_PATTERNS:
            m = pattern.match(line)
            if m:
                found.append(m.group(1).strip())
    return found or ["(no reason in the output)"]


def main(argv):
    if len(argv) < 2 or any(a not in ("--strict",) for a in argv[2:]):
        print(__doc__, file=sys.stderr)
        return 2
    strict = "--strict" in argv[2:]
    try:
        root = ET.parse(argv[1]).getroot()
    except (OSError, ET.ParseError) as e:
        print(f"ctest_skips: cannot read {argv[1]}: {e}", file=sys.stderr)
        return 2
    cases = root.iter("testcase")
    skipped = [c for c in cases if c.find("skipped") is not None or c.get("status") == "disabled"]
    print(f"skipped: {len(skipped)}")
    for case in skipped:
        out = case.findtext("system-out") or ""
        print(f"  {case.get('name')}: " + "; ".join(dict.fromkeys(reasons(out))))
    if strict and skipped:
        print("CI=true: a skipped test is a failure here (a suite must not pass by testing less): install what it needs, "
              "or fix the test", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
