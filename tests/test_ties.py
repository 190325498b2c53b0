"""Tests of rankscore.rankings.find_ties (both backends)."""

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

from rankscore import _backend
from rankscore.rankings import find_ties


def _brute_force(values):
    groups = {}
    for i, v in enumerate(values):
        groups.setdefault(v, []).append(i)
    return [groups[v] for v in sorted(groups) if len(groups[v]) >= 2]


def test_example():
    t = find_ties([0.3, 0.1, 0.3, 0.2, 0.1, 0.3])
    assert t.has_ties and t.n_groups == 2
    assert [g.tolist() for g in t.groups] == [[1, 4], [0, 2, 5]]
    assert all(g.dtype == np.int64 for g in t.groups)


def test_no_ties_and_empty():
    for values in ([], [1.0, 2.0, 3.0], [5]):
        t = find_ties(values)
        assert not t.has_ties and t.n_groups == 0 and t.groups == []


@pytest.mark.parametrize(
    "values, expected",
    [
        (np.array([3, 1, 3, 1, 2], dtype=np.int8), [[1, 3], [0, 2]]),
        (np.array([2**64 - 1, 0, 2**64 - 1], dtype=np.uint64), [[0, 2]]),
        (np.array([1.5, 1.5], dtype=np.float32), [[0, 1]]),
        (np.array([1.5, 1.5], dtype=">f8"), [[0, 1]]),
        (np.array([1.5, 1.5], dtype=np.float16), [[0, 1]]),
        ([True, False, True, False], [[1, 3], [0, 2]]),
        ([0.0, -0.0], [[0, 1]]),
        ([np.inf, 1.0, np.inf, -np.inf, -np.inf], [[3, 4], [0, 2]]),
        ([1.0, np.nextafter(1.0, 2.0)], []),
    ],
)
def test_dtypes(values, expected):
    assert [g.tolist() for g in find_ties(values).groups] == expected


def test_immutable_and_read_only():
    t = find_ties([1, 1])
    with pytest.raises(AttributeError, match="immutable"):
        t.has_ties = False
    with pytest.raises(ValueError, match="read-only"):
        t.groups[0][0] = 5
    assert "n_groups=1" in repr(t)


def test_input_not_modified():
    values = np.array([3.0, 1.0, 3.0])
    values.flags.writeable = False
    find_ties(values)
    assert values.tolist() == [3.0, 1.0, 3.0]


@pytest.mark.parametrize(
    "values, error, match",
    [
        ([1.0, np.nan, np.nan], ValueError, r"NaN \(first at index 1\); NaN never equals NaN"),
        ([[1, 2], [2, 1]], ValueError, "must be 1-D"),
        (["a", "a"], TypeError, "must be numbers"),
        ([1 + 1j, 1 + 1j], TypeError, "must be numbers"),
        (3.0, TypeError, "1-D array-like"),
        (None, TypeError, "None"),
    ],
)
def test_errors(values, error, match):
    with pytest.raises(error, match=match):
        find_ties(values)


@given(st.lists(st.integers(-3, 3), max_size=40))
def test_integers_match_brute_force(values):
    assert [g.tolist() for g in find_ties(values).groups] == _brute_force(values)


@given(hnp.arrays(np.float64, st.integers(0, 40), elements=st.sampled_from([0.5, -1.0, 2.25, 1e300, -0.0])))
def test_floats_match_brute_force(values):
    assert [g.tolist() for g in find_ties(values).groups] == _brute_force(values.tolist())


@given(
    hnp.arrays(
        st.sampled_from([np.float32, np.float64, np.int64, np.uint64]),
        st.integers(0, 50),
    )
)
def test_backends_agree(values):
    pytest.importorskip("rankscore._kernels")
    if values.dtype.kind == "f":
        values = values[~np.isnan(values)]
    with _backend.using("cython"):
        a = [g.tolist() for g in find_ties(values).groups]
    with _backend.using("python"):
        b = [g.tolist() for g in find_ties(values).groups]
    assert a == b
    ordered = np.sort(values)
    with _backend.using("cython"):
        ca = _backend.kernels.equal_runs(ordered)
    with _backend.using("python"):
        cb = _backend.kernels.equal_runs(ordered)
    assert ca.tolist() == cb.tolist() and ca.dtype == cb.dtype == np.int64
