#!/usr/bin/python3
"""bench/nn/tables.py on records made here: the tables come out, and the
paired Wilcoxon test (Table 6) finds the method that is faster on every
board, with W = 0 and the p-value SciPy gives for 20 pairs all one way.

usage: nn_tables_test.py SOURCE_DIR
"""
import json
import os
import subprocess
import sys
import tempfile


def main():
    src = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "runs.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            for board in range(1, 21):
                for trial in (1, 2):
                    for method, seconds, iters in (("nn-nehpfi", 0.001 * board, 4),
                                                   ("nn-h", 0.002 * board + 0.01, 7)):
                        f.write(json.dumps({"source": "t", "index": board, "method": method,
                                            "trial": trial, "seconds": seconds,
                                            "status": "solved",
                                            "stats": {"iterations": iters}}) + "\n")
        out = subprocess.run([sys.executable, os.path.join(src, "bench/nn/tables.py"), path,
                              "--total", "100"], capture_output=True, text=True)
        if out.returncode != 0:
            print(out.stderr, file=sys.stderr)
            return 1
        text = out.stdout
        checks = [
            ("Table 3 lists both methods", "| H | 40 | 0 |" in text and "| NeHPFI | 40 | 0 |" in text),
            ("Table 4 median iterations", "| H | 40 | 0 | 7.0000 | 0.0000 | 7.0000 |" in text),
            ("Table 6: H vs NeHPFI, W 0, NeHPFI better",
             any(l.startswith("| H vs NeHPFI | 20 | 0 | 1.91e-06 | NeHPFI") for l in text.splitlines())),
            ("Table 8 extrapolates", "### Table 8" in text),
        ]
        bad = [name for name, ok in checks if not ok]
        for name in bad:
            print("FAILED:", name, file=sys.stderr)
        if bad:
            print(text, file=sys.stderr)
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
