"""The scripts of examples/python run, with small arguments."""

import subprocess
import sys

from conftest import ROOT, cli


def run(script, *args):
    proc = subprocess.run([sys.executable, str(ROOT / "examples/python" / script), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_harmony_search_table():
    # hs-c+ solves every Group I puzzle by logic alone, in one iteration
    # whatever the seed: the document's column reads "10/10" and "1 [1–1]".
    out = run("harmony_search_table.py", "--methods", "hs-c+", "--trials", "3")
    rows = [line for line in out.splitlines() if line.startswith("| ours:")]
    assert [r.split(" | ")[0] for r in rows] == [
        "| ours: Sea mine (5x5)", "| ours: Crane (6x6)", "| ours: Heart (7x6)",
        "| ours: Horse (8x8)"]
    assert all(r.endswith("| 3/3 | 1 [1–1] |") for r in rows), out


def test_nonodataset_exact_vs_nn(tmp_path):
    cli("generate", "--noise", "6", "--size", "10", "--seed", "4", "-o", tmp_path / "b.npz")
    spec = f"pair:{tmp_path / 'x_b-00001.npz'},{tmp_path / 'y_b-00001.npz'}"
    out = run("nonodataset_exact_vs_nn.py", "--spec", spec)
    assert "6 boards of 10x10" in out
    assert "| exact | 6/6 |" in out
    assert "| nn-h | 6/6 |" in out
    assert "| nn-ne8hpfi |" in out or "nn-ne8hpfi: unavailable" in out
