"""The defaults of the Python functions are the option tables' own (issue
53, item 5): explain(), make_unique() and solve()'s solution limit are
written in Python signatures, and this holds each to the C++ table the CLI
and the server read, so the two cannot drift apart."""
import inspect

import pytest

import nonolab


def _same(python_value, table_text):
    """A Python default against a table's default text (numbers by value)."""
    if isinstance(python_value, bool):
        return table_text == ("true" if python_value else "false")
    if isinstance(python_value, (int, float)):
        return float(table_text) == float(python_value)
    return str(python_value) == table_text


def _defaults(function):
    return {name: p.default for name, p in inspect.signature(function).parameters.items()
            if p.default is not inspect.Parameter.empty}


# Python keyword -> table key. A timeout of None means "no limit", which the
# tables write as 0.
CASES = [
    (nonolab.explain, "explain", {"probing": "probing", "max_steps": "max_steps",
                                  "timeout": "timeout"}),
    (nonolab.make_unique, "make-unique", {"goal": "goal", "max_changes": "max_changes",
                                          "suggestions": "max_suggestions",
                                          "alternatives": "alternatives",
                                          "timeout": "timeout"}),
    (nonolab.experiment, "experiment", {"trials": "trials", "seed": "seed", "threads": "threads",
                                        "timeout": "timeout",
                                        "max_evaluations": "max_evaluations",
                                        "curve_every": "curve"}),
]


@pytest.mark.parametrize("function,table,keys", CASES, ids=[c[1] for c in CASES])
def test_python_defaults_are_the_tables(function, table, keys):
    table_defaults = nonolab._nonolab._option_defaults(table)
    python_defaults = _defaults(function)
    for keyword, key in keys.items():
        assert key in table_defaults, f"{table} has no option {key!r}"
        value = python_defaults[keyword]
        value = 0 if value is None else value
        assert _same(value, table_defaults[key]), (
            f"{function.__name__}({keyword}={python_defaults[keyword]!r}) but the {table} "
            f"table's {key} defaults to {table_defaults[key]}")


def test_solve_stops_where_the_exact_solver_does():
    exact = nonolab._nonolab._option_defaults("exact")
    assert _same(_defaults(nonolab.solve)["solutions"], exact["solutions"])


def test_a_wrong_default_would_be_caught():
    # The comparison itself can fail: a drifted default is reported.
    assert not _same(4, "3")
    assert not _same(True, "false")
    assert not _same(5.0, "10")


def test_unknown_table_is_an_error():
    with pytest.raises(ValueError, match="no option table"):
        nonolab._nonolab._option_defaults("nope")
