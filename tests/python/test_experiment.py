"""nonolab.experiment: the records of `nonolab experiment --out`, in run
order, whatever the thread count."""

import json

import pytest

import nonolab
from conftest import cli, without_timing


def test_experiment_records_equal_the_clis(tmp_path):
    out = tmp_path / "runs.jsonl"
    cli("experiment", "bench/hs-suite/crane.non", "examples/heart.non", "--methods", "hs-b,hs-c",
        "--param", "hs-c:hms=10", "--trials", "3", "--seed", "5", "--threads", "2",
        "--out", out)
    expected = [json.loads(line) for line in out.read_text().splitlines()]
    records = nonolab.experiment(
        ["bench/hs-suite/crane.non", "examples/heart.non"],
        {"hs-b": {}, "hs-c": {"hms": 10}}, trials=3, seed=5, threads=2)
    assert len(records) == 12
    assert [without_timing(r) for r in records] == [without_timing(r) for r in expected]


def test_records_do_not_depend_on_threads():
    puzzles = nonolab.read("examples/heart.non") + nonolab.read("bench/hs-suite/crane.non")
    one = nonolab.experiment(puzzles, "hs-a,hs-b", trials=2, seed=9, threads=1)
    two = nonolab.experiment(puzzles, ["hs-a", "hs-b"], trials=2, seed=9, threads=2)
    assert [without_timing(r) for r in one] == [without_timing(r) for r in two]
    assert [r["unit"] for r in one] == list(range(8))
    assert len({r["seed"] for r in one}) == 8


def test_experiment_options_and_errors():
    heart = nonolab.read("examples/heart.non")
    [r] = nonolab.experiment(heart, ["hs-a"], trials=1, max_evaluations=50, params={"hms": 5})
    assert r["max_evaluations"] == 50 and r["params"] == {"hms": "5"}
    assert r["stats"]["evaluations"] <= 50
    with pytest.raises(ValueError, match="unknown method"):
        nonolab.experiment(heart, ["nope"], trials=1)
    with pytest.raises(ValueError, match="trials"):
        nonolab.experiment(heart, ["hs-a"], trials=0)
