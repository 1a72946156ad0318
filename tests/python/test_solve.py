"""nonolab.solve, check, grade, logic_only and methods: the records equal
the CLI's JSON records of the same runs (apart from wall time)."""

import numpy as np
import pytest

import nonolab
from conftest import cli, cli_records, without_timing


@pytest.mark.parametrize(
    "path", ["examples/heart.non", "examples/twins.clues", "examples/impossible.nin",
             "examples/flower_pot.non", "examples/cat.taai"])
def test_exact_records_equal_the_clis(path):
    [expected] = cli_records("solve", "--json", path)
    result = nonolab.solve(nonolab.read(path)[0])
    assert without_timing(result.record) == without_timing(expected)
    assert result.status == expected["status"]
    assert len(result.solutions) == len(expected["solutions"])
    for grid, rows in zip(result.solutions, expected["solutions"]):
        assert grid.dtype == np.uint8 and grid.shape == (len(rows), len(rows[0]))
        symbols = dict((s, k) for k, (_, _, s) in enumerate(result.puzzle.palette))
        assert grid.tolist() == [[symbols[c] for c in row] for row in rows]


def test_paper_method_records_equal_the_clis_with_params_of_every_type():
    path = "bench/hs-suite/horse.non"
    [expected] = cli_records("solve", "--json", "--method", "hs-c", "--seed", "7",
                             "--param", "hms=20", "--param", "par=0.65",
                             "--param", "uniform_patterns=true", path)
    p = nonolab.read(path)[0]
    r = nonolab.solve(p, method="hs-c", seed=7,
                      params={"hms": 20, "par": 0.65, "uniform_patterns": True})
    assert without_timing(r.record) == without_timing(expected)
    assert r.stats["evaluations"] == expected["stats"]["evaluations"] > 0
    assert r.seed == 7 and r.record["params"] == {"hms": "20", "par": "0.65",
                                                   "uniform_patterns": "true"}


def test_same_seed_same_result_and_other_seed_other_run():
    p = nonolab.read("bench/hs-suite/horse.non")[0]
    a = nonolab.solve(p, method="hs-b", seed=3)
    b = nonolab.solve(p, method="hs-b", seed=3)
    c = nonolab.solve(p, method="hs-b", seed=4)
    assert without_timing(a.record) == without_timing(b.record)
    assert a.stats["evaluations"] != c.stats["evaluations"]


def test_exact_options_are_the_clis_engine_flags():
    path = "examples/cat.taai"
    [expected] = cli_records("solve", "--json", "--engine", "search", "--no-probing",
                             "--solutions", "1", path)
    r = nonolab.solve(nonolab.read(path)[0], solutions=1, engine="search", probing=False)
    assert without_timing(r.record) == without_timing(expected)
    assert r.status == "solved"


def test_bad_options_raise_value_error_naming_them():
    p = nonolab.read("examples/heart.non")[0]
    with pytest.raises(ValueError, match="unknown method 'hs-z'"):
        nonolab.solve(p, method="hs-z")
    with pytest.raises(ValueError, match="hms"):
        nonolab.solve(p, method="hs-c", params={"hms": -3})
    with pytest.raises(ValueError, match="no_such_key"):
        nonolab.solve(p, method="hs-c", params={"no_such_key": 1})
    with pytest.raises(ValueError, match="engine"):
        nonolab.solve(p, engine="quantum")
    with pytest.raises(ValueError, match="do not apply"):
        nonolab.solve(p, method="hs-c", engine="search")
    with pytest.raises(TypeError):
        nonolab.solve(p, method="hs-c", params={"hms": [1]})


def test_a_run_that_ends_in_error_raises_solve_error():
    colour = nonolab.read("examples/flower_pot.non")[0]
    with pytest.raises(nonolab.SolveError) as e:
        nonolab.solve(colour, method="hs-c")
    assert e.value.record["status"] == "error" and "black-and-white" in e.value.record["error"]


def test_check_grade_and_logic_only_equal_the_clis():
    assert nonolab.check(nonolab.read("examples/twins.clues")[0]) == "multiple"
    assert nonolab.check(nonolab.read("examples/impossible.nin")[0]) == "contradiction"
    [graded] = cli_records("check", "--grade", "--json", "examples/cat.taai")
    g = nonolab.grade(nonolab.read("examples/cat.taai")[0])
    assert g["status"] == graded["status"] and g["grade"] == graded["stats"]["grade"]
    assert g["line_share"] == graded["stats"]["line_share"]

    [logic] = cli_records("solve", "--logic-only", "--json", "examples/twins.clues")
    twins = nonolab.read("examples/twins.clues")[0]
    grid = nonolab.logic_only(twins)
    assert grid.dtype == np.int8 and grid.shape == (6, 6)
    assert ["".join("?" if v < 0 else ".#"[v] for v in row) for row in grid.tolist()] == \
        logic["stats"]["partial"]
    heart = nonolab.read("examples/heart.non")[0]
    assert np.array_equal(nonolab.logic_only(heart), heart.goal.astype(np.int8))
    with pytest.raises(ValueError, match="no solution"):
        nonolab.logic_only(nonolab.read("examples/impossible.nin")[0])


def test_timeouts_say_timeout():
    p = nonolab.read("bench/hs-suite/note1.non")[0]
    r = nonolab.solve(p, method="hs-a", timeout=0.2, params={"iterations": 10**9})
    assert r.status == "timeout" and r.solutions == []
    assert 0.15 < r.seconds < 2


def test_methods_list_every_method_with_its_parameters_and_defaults():
    listed = cli("solve", "--list-methods").stdout
    ms = nonolab.methods()
    names = [m["name"] for m in ms]
    assert {"exact", "logic", "hs-a", "hs-c", "sa", "nn-h"} <= set(names)
    for m in ms:
        assert m["name"] + "\t" in listed
        for p in m["params"]:
            assert f"--param {p['key']}={p['default']}\t" in listed
    hs_c = next(m for m in ms if m["name"] == "hs-c")
    assert {"key": "hms", "default": "30", "help": "harmony memory size"} in hs_c["params"]


def test_results_draw_their_solution():
    r = nonolab.solve(nonolab.read("examples/heart.non")[0])
    assert r.solved and "unique" in repr(r)
    assert r._repr_svg_() == r.puzzle.svg(r.solutions[0])
