"""nonolab.explain: the same steps and verdict as `nonolab explain --json`,
its options read from explain's own table, and bad options refused."""

import pytest

import nonolab
from conftest import cli_records


@pytest.mark.parametrize(
    "path", ["examples/heart.non", "examples/cat.taai", "examples/impossible.nin",
             "examples/flower_pot.non", "examples/twins.clues"])
def test_explain_equals_the_clis(path):
    [expected] = cli_records("explain", "--json", path)
    got = nonolab.explain(nonolab.read(path)[0])
    assert got == expected
    assert got["status"] in ("unique", "contradiction", "unsolved")
    assert all(step["reason"] for step in got["steps"])


def test_explain_options_are_the_clis_flags():
    [puzzle] = nonolab.read("examples/cat.taai")
    [expected] = cli_records("explain", "--json", "--no-probing", "--max-steps", "3",
                             "examples/cat.taai")
    got = nonolab.explain(puzzle, probing=False, max_steps=3)
    assert got == expected
    assert len(got["steps"]) <= 3


def test_bad_explain_options_raise_value_error():
    [puzzle] = nonolab.read("examples/heart.non")
    with pytest.raises(ValueError, match="max_steps"):
        nonolab.explain(puzzle, max_steps=-1)
    with pytest.raises(ValueError, match="timeout"):
        nonolab.explain(puzzle, timeout=-2)
