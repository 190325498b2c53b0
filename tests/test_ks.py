"""rankscore.ks: the KS tests against scipy.stats (ks_2samp, ks_1samp, kstest) to 1e-10,
brute-force enumeration of the exact laws (with and without ties), the result type, and
every input error. Runs on both backends (conftest fixture)."""

import math
import pickle
import warnings
from fractions import Fraction
from itertools import combinations
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankscore as rs
from rankscore import UndefinedMetricWarning, ks

stats = pytest.importorskip("scipy.stats")

ALTERNATIVES = ["two-sided", "less", "greater"]


def assert_pvalue(mine, theirs, rtol=1e-10):
    """Equal to rtol, relative (which is also absolute, p <= 1); values below 1e-300
    (subnormal results) only need to be as tiny."""
    theirs = float(theirs)
    if math.isnan(theirs):
        assert math.isnan(mine)
        return
    assert 0.0 <= mine <= 1.0
    assert abs(mine - theirs) <= rtol * abs(theirs) + 1e-300, (mine, theirs)


def record(fn, *args, **kwargs):
    """fn's result and the messages of the KS RuntimeWarnings it issued."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn(*args, **kwargs)
    messages = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)
                and ("ks_2samp" in str(w.message) or "ks_test" in str(w.message))]
    return result, messages


def exact_extremes(a, b):
    """(D+ numerator, smallest t of D+, D- numerator, smallest t of D-) over the pooled
    values, with D+ = max n2 C1(t) - n1 C2(t) >= 0 (C: counts <= t), by brute force."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    t = np.unique(np.concatenate([a, b]))
    diff = [len(b) * int(np.sum(a <= v)) - len(a) * int(np.sum(b <= v)) for v in t]
    plus, minus = max(max(diff), 0), max(max(-x for x in diff), 0)
    return (plus, float(t[diff.index(plus)]), minus, float(t[[-x for x in diff].index(minus)]))


def check_against_scipy(a, b, alternative, method):
    mine, my_warnings = record(ks.ks_2samp, a, b, alternative, method)
    theirs, their_warnings = record(stats.ks_2samp, a, b, alternative, method)
    assert mine.statistic == pytest.approx(float(theirs.statistic), rel=1e-14, abs=1e-15)
    if their_warnings and not my_warnings:
        # the one documented difference: scipy's exact two-sided value for equal sizes
        # rounds a p-value of 1 above 1, and scipy falls back to the asymptotic law
        assert len(a) == len(b) and alternative == "two-sided" and method != "asymp"
        assert "unsuccessful" in their_warnings[0]
        assert mine.pvalue == 1.0
        return mine
    assert_pvalue(mine.pvalue, theirs.pvalue)
    assert len(my_warnings) == len(their_warnings)
    plus, t_plus, minus, t_minus = exact_extremes(a, b)
    if alternative == "less" or (alternative == "two-sided" and minus > plus):
        expected = (Fraction(minus, len(a) * len(b)), t_minus, -1)
    else:
        expected = (Fraction(plus, len(a) * len(b)), t_plus, 1)
    assert (mine.statistic, mine.statistic_location, mine.statistic_sign) == (
        float(expected[0]), expected[1], expected[2])
    if not (alternative == "two-sided" and plus == minus):  # scipy's floats break the tie
        assert mine.statistic_sign == theirs.statistic_sign
    return mine


# ---------------------------------------------------------------------------------------
# two samples against scipy

values = st.one_of(
    st.lists(st.integers(0, 6), min_size=1, max_size=30),  # heavy ties
    st.lists(st.floats(0, 1, allow_nan=False, width=32), min_size=1, max_size=30),
)


@settings(max_examples=300, deadline=None)
@given(values, values, st.sampled_from(ALTERNATIVES), st.sampled_from(["auto", "exact", "asymp"]))
def test_ks_2samp_matches_scipy_on_small_samples(a, b, alternative, method):
    check_against_scipy(np.array(a, float), np.array(b, float), alternative, method)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 400), st.integers(1, 400), st.sampled_from([0.0, 0.05, 0.2, 1.0]),
       st.sampled_from([4, 50, 0]), st.sampled_from(ALTERNATIVES),
       st.sampled_from(["auto", "asymp"]), st.integers(0, 2**32 - 1))
def test_ks_2samp_matches_scipy_on_larger_samples(n1, n2, shift, levels, alternative, method,
                                                  seed):
    rng = np.random.default_rng(seed)
    a, b = rng.random(n1), rng.random(n2) + shift
    if levels:
        a, b = np.round(a * levels) / levels, np.round(b * levels) / levels
    check_against_scipy(a, b, alternative, method)


@pytest.mark.parametrize("n1, n2, shift, alternative", [
    (2000, 2000, 0.05, "two-sided"),  # equal sizes: the closed form
    (2000, 2000, 0.1, "greater"),
    (1500, 1100, 0.06, "two-sided"),  # the lattice-path count
    (1500, 1100, 0.0, "two-sided"),
    (10000, 120, 0.15, "greater"),  # one-sided, unequal, within double range
    (10000, 133, 0.3, "less"),
    (600, 500, 0.1, "greater"),  # one-sided beyond double range: asymp with a warning
    (12000, 9000, 0.02, "two-sided"),  # auto is asymptotic beyond 10,000
    (12000, 9000, 0.02, "less"),
    (30000, 500, 0.0, "two-sided"),
    (700, 3, 0.4, "two-sided"),
])
def test_ks_2samp_matches_scipy_at_sizes_that_pick_each_method(n1, n2, shift, alternative):
    rng = np.random.default_rng(n1 + n2)
    a = rng.random(n1)
    b = rng.random(n2) - shift if alternative == "less" else rng.random(n2) + shift
    check_against_scipy(a, b, alternative, "auto")


def test_ks_2samp_tiny_and_zero_pvalues_match_scipy_relatively():
    rng = np.random.default_rng(5)
    for shift in (0.3, 0.6, 0.9):
        a, b = rng.random(300), rng.random(260) + shift
        for alternative in ALTERNATIVES:
            for method in ("exact", "asymp"):
                mine = check_against_scipy(a, b, "less" if alternative == "less" else
                                           alternative, method)
                assert mine.pvalue < 1e-12 or alternative == "less"


def test_exact_request_beyond_scipys_range_warns_and_falls_back_as_scipy():
    a = np.arange(3000) / 3000
    b = np.arange(2000) / 2000 + 0.01
    with pytest.warns(RuntimeWarning, match="out of double range"):
        res = ks.ks_2samp(a, b, "greater", "exact")
    assert_pvalue(res.pvalue, stats.ks_2samp(a, b, "greater", "asymp").pvalue)
    # lcm(n1, n2) >= 2**31: scipy's limit for 'exact'
    a, b = np.linspace(0, 1, 50021), np.linspace(0.001, 1, 50023)
    with pytest.warns(RuntimeWarning, match="lcm"):
        res = ks.ks_2samp(a, b, method="exact")
    assert_pvalue(res.pvalue, stats.ks_2samp(a, b, method="asymp").pvalue)


def test_ks_2samp_integer_and_float32_samples():
    a, b = [1, 2, 2, 5, 7], np.array([2.5, 3, 8, 9], dtype=np.float32)
    check_against_scipy(np.array(a, float), b.astype(float), "two-sided", "auto")
    assert ks.ks_2samp(a, b) == ks.ks_2samp(np.array(a, float), b.astype(float))


# ---------------------------------------------------------------------------------------
# the exact laws by enumeration


def enumerated_pvalue(a, b, alternative, ties):
    """P(D >= observed) over every assignment of the pooled values to the two samples,
    the CDFs read at every value (ties=False: all positions distinct) or only where a
    block of equal values ends (ties=True), as exact fractions."""
    n1, n2 = len(a), len(b)
    pooled = np.sort(np.concatenate([a, b]))
    if ties:
        ends = np.flatnonzero(np.append(pooled[1:] != pooled[:-1], True)) + 1
    else:
        ends = np.arange(1, n1 + n2 + 1)

    def statistic(first):  # first: positions (in pooled order) of the first sample
        mask = np.zeros(n1 + n2, dtype=int)
        mask[list(first)] = 1
        c1 = np.cumsum(mask)[ends - 1]
        diff = n2 * c1 - n1 * (ends - c1)
        plus, minus = max(diff.max(), 0), max((-diff).max(), 0)
        return {"greater": plus, "less": minus, "two-sided": max(plus, minus)}[alternative]

    positions = np.argsort(np.argsort(np.concatenate([a, b]), kind="stable"), kind="stable")
    observed = statistic(positions[:n1])  # where the first sample's values sit
    hits = sum(statistic(first) >= observed for first in combinations(range(n1 + n2), n1))
    return Fraction(hits, math.comb(n1 + n2, n1))


small_values = st.lists(st.integers(0, 4), min_size=1, max_size=6)


@settings(max_examples=120, deadline=None)
@given(small_values, small_values, st.sampled_from(ALTERNATIVES))
def test_exact_ties_is_the_permutation_law_given_the_ties(a, b, alternative):
    a, b = np.array(a, float), np.array(b, float)
    mine = ks.ks_2samp(a, b, alternative, "exact", exact_ties=True)
    assert mine.pvalue == pytest.approx(float(enumerated_pvalue(a, b, alternative, True)),
                                        rel=1e-12)
    # the continuous law (scipy's) is never below it
    continuous = ks.ks_2samp(a, b, alternative, "exact").pvalue
    assert continuous >= mine.pvalue - 1e-12


@settings(max_examples=80, deadline=None)
@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=6, unique=True),
       st.integers(1, 6), st.sampled_from(ALTERNATIVES), st.booleans())
def test_exact_law_without_ties_is_the_permutation_law(pooled, n1, alternative, exact_ties):
    if n1 >= len(pooled):
        n1 = max(1, len(pooled) - 1)
    if len(pooled) < 2:
        pooled = [0.25, 0.75]
    a, b = np.array(pooled[:n1]), np.array(pooled[n1:])
    mine = ks.ks_2samp(a, b, alternative, "exact", exact_ties=exact_ties)
    assert mine.pvalue == pytest.approx(float(enumerated_pvalue(a, b, alternative, False)),
                                        rel=1e-12)


def test_exact_ties_on_larger_tied_samples_is_below_the_continuous_law():
    rng = np.random.default_rng(3)
    a, b = rng.integers(0, 5, 400).astype(float), rng.integers(0, 5, 300).astype(float) + 0.0
    b[:40] += 1
    for alternative in ALTERNATIVES:
        tied = ks.ks_2samp(a, b, alternative, exact_ties=True)
        continuous = ks.ks_2samp(a, b, alternative)
        assert tied.statistic == continuous.statistic
        assert 0 < tied.pvalue <= continuous.pvalue
    # no ties: the same law
    a, b = rng.random(50), rng.random(40)
    assert ks.ks_2samp(a, b, exact_ties=True) == ks.ks_2samp(a, b)
    # asymptotic: exact_ties does not apply
    a, b = rng.integers(0, 5, 20000).astype(float), rng.integers(0, 5, 15000).astype(float)
    assert ks.ks_2samp(a, b, exact_ties=True) == ks.ks_2samp(a, b)


# ---------------------------------------------------------------------------------------
# the classifier-facing test


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 9)), min_size=2, max_size=40),
       st.sampled_from(ALTERNATIVES), st.sampled_from(["auto", "exact", "asymp"]))
def test_ks_test_is_ks_2samp_of_negatives_then_positives(rows, alternative, method):
    y = np.array([r[0] for r in rows])
    s = np.array([r[1] for r in rows], float) / 9
    if y.all() or not y.any():
        return
    mine = ks.ks_test(y, s, alternative=alternative, method=method)
    assert mine == ks.ks_2samp(s[~y], s[y], alternative, method)
    assert (mine.statistic_location, mine.statistic_sign) == (
        ks.ks_2samp(s[~y], s[y], alternative, method).statistic_location,
        ks.ks_2samp(s[~y], s[y], alternative, method).statistic_sign)
    check_against_scipy(s[~y], s[y], alternative, method)
    if alternative == "two-sided":
        assert mine.statistic == rs.ks_statistic(y, s).statistic


def test_ks_test_labels_and_orientation():
    y = ["b", "a", "b", "a", "a", "b"]
    s = [0.9, 0.1, 0.8, 0.3, 0.2, 0.6]
    res = ks.ks_test(y, s, pos_label="b", alternative="greater")
    assert (res.statistic, res.statistic_sign) == (1.0, 1)  # positives score higher
    assert res.statistic_location == 0.3  # score > 0.3 separates the classes
    assert_pvalue(res.pvalue, stats.ks_2samp([0.1, 0.3, 0.2], [0.9, 0.8, 0.6],
                                             "greater").pvalue)
    assert ks.ks_test(y, s, pos_label="b", alternative="less").statistic == 0.0
    flipped = ks.ks_test(y, s, pos_label="a")
    assert (flipped.statistic, flipped.statistic_sign) == (1.0, -1)


def test_ks_test_counting_path_for_many_tied_rows():
    # >= 2**15 rows with few distinct scores: the per-score counting path of the engine
    rng = np.random.default_rng(11)
    n = 40000
    y = rng.random(n) < 0.01
    s = np.round(rng.random(n) + 0.08 * y, 2)
    neg, pos = s[~y], s[y]
    for alternative in ALTERNATIVES:
        mine = ks.ks_test(y, s, alternative=alternative)
        theirs = stats.ks_2samp(neg, pos, alternative)
        assert mine.statistic == pytest.approx(float(theirs.statistic), rel=1e-14)
        assert_pvalue(mine.pvalue, theirs.pvalue)
        plus, t_plus, minus, t_minus = exact_extremes(neg, pos)
        expected = ((t_minus, -1) if alternative == "less" or (
            alternative == "two-sided" and minus > plus) else (t_plus, 1))
        assert (mine.statistic_location, mine.statistic_sign) == expected
    assert ks.ks_test(y, s).statistic == rs.ks_statistic(y, s).statistic
    tied = ks.ks_test(y, s, method="exact", exact_ties=True)
    assert tied.pvalue <= ks.ks_test(y, s, method="exact").pvalue


def test_ks_test_one_class_is_undefined():
    with pytest.warns(UndefinedMetricWarning, match="Only one class"):
        res = ks.ks_test([1, 1, 1], [0.1, 0.2, 0.3])
    assert math.isnan(res.statistic) and math.isnan(res.pvalue)
    assert math.isnan(res.statistic_location) and res.statistic_sign == 0


# ---------------------------------------------------------------------------------------
# one sample against scipy


def normal_cdf(x, loc=0.0, scale=1.0):
    return stats.norm.cdf(x, loc, scale)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-4, 4, allow_nan=False), min_size=1, max_size=60),
       st.sampled_from([0, 1]), st.sampled_from(ALTERNATIVES),
       st.sampled_from(["auto", "exact", "asymp", "approx"]))
def test_ks_1samp_matches_scipy(x, digits, alternative, method):
    x = np.round(np.array(x), 1) if digits else np.array(x)
    mine = ks.ks_1samp(x, normal_cdf, alternative=alternative, method=method)
    theirs = stats.ks_1samp(x, stats.norm.cdf, alternative=alternative, method=method)
    assert (mine.statistic, mine.statistic_location, mine.statistic_sign) == (
        float(theirs.statistic), float(theirs.statistic_location), int(theirs.statistic_sign))
    assert_pvalue(mine.pvalue, theirs.pvalue)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([30, 150, 900, 5000, 40000, 250000]),
       st.sampled_from([0.0, 0.02, 0.1, 0.5]), st.sampled_from([1.0, 1.1]),
       st.sampled_from(ALTERNATIVES), st.sampled_from(["auto", "asymp", "approx"]),
       st.integers(0, 2**32 - 1))
def test_ks_1samp_matches_scipy_on_large_samples(n, loc, scale, alternative, method, seed):
    x = np.random.default_rng(seed).normal(loc, scale, n)
    mine = ks.ks_1samp(x, stats.norm.cdf, alternative=alternative, method=method)
    theirs = stats.ks_1samp(x, stats.norm.cdf, alternative=alternative, method=method)
    assert mine.statistic == float(theirs.statistic)
    assert_pvalue(mine.pvalue, theirs.pvalue)


def test_kstest_forms_of_the_distribution():
    x = np.random.default_rng(2).normal(0.3, 1, 40)
    expected = stats.kstest(x, "norm")
    for cdf in (stats.norm, stats.norm(), stats.norm.cdf, "norm", NormalDist().cdf,
                lambda v: stats.norm.cdf(v)):
        res = ks.kstest(x, cdf)
        assert res.statistic == float(expected.statistic)
        assert_pvalue(res.pvalue, expected.pvalue)
    loc = stats.kstest(x, "norm", args=(0.3, 2), alternative="less")
    res = ks.kstest(x, "norm", args=(0.3, 2), alternative="less")
    assert (res.statistic, res.statistic_sign) == (float(loc.statistic), -1)
    assert_pvalue(res.pvalue, loc.pvalue)
    y = np.random.default_rng(3).normal(0, 1, 30)
    two = ks.kstest(x, y, alternative="greater")
    assert two == ks.ks_2samp(x, y, "greater")
    assert_pvalue(two.pvalue, stats.kstest(x, y, alternative="greater").pvalue)
    drawn = ks.kstest(np.random.default_rng(4).normal, "norm", N=25)  # rvs(size=N)
    assert 0 <= drawn.pvalue <= 1 and drawn.statistic > 0


# ---------------------------------------------------------------------------------------
# the result type


def test_result_unpacks_as_scipys_and_keeps_location_and_sign():
    res = ks.ks_2samp([0.1, 0.2, 0.3, 0.4], [0.35, 0.5, 0.6, 0.7, 0.8])
    d, p = res
    assert (d, p) == (res.statistic, res.pvalue) == (0.8, pytest.approx(0.0793650793650))
    assert (res.statistic_location, res.statistic_sign) == (0.4, 1)
    assert len(res) == 2 and isinstance(res, tuple)
    assert repr(res).startswith("KSTestResult(statistic=0.8, pvalue=0.0793")
    assert "statistic_location=0.4, statistic_sign=1)" in repr(res)
    again = pickle.loads(pickle.dumps(res))
    assert (tuple(again), again.statistic_location, again.statistic_sign) == (
        tuple(res), 0.4, 1)
    assert res._asdict() == {"statistic": 0.8, "pvalue": res.pvalue,
                             "statistic_location": 0.4, "statistic_sign": 1}
    changed = res._replace(pvalue=0.5)
    assert (changed.pvalue, changed.statistic_location) == (0.5, 0.4)


# ---------------------------------------------------------------------------------------
# input errors


@pytest.mark.parametrize("call, error, match", [
    (lambda: ks.ks_2samp([1, 2], [3], alternative="both"), ValueError, "alternative"),
    (lambda: ks.ks_2samp([1, 2], [3], method="approx"), ValueError, "method"),
    (lambda: ks.ks_2samp([1, 2], [3], exact_ties=1), TypeError, "exact_ties"),
    (lambda: ks.ks_2samp([], [3]), ValueError, "data1 is empty"),
    (lambda: ks.ks_2samp([1, 2], [np.nan]), ValueError, "data2 contains NaN"),
    (lambda: ks.ks_2samp([1, np.inf], [2]), ValueError, "data1 contains infinity"),
    (lambda: ks.ks_2samp([[1, 2]], [3]), ValueError, "1-D"),
    (lambda: ks.ks_2samp(["a"], [3]), (TypeError, ValueError), "data1"),
    (lambda: ks.ks_test([0, 1, 2], [0.1, 0.2, 0.3]), ValueError, "pos_label|binary|class"),
    (lambda: ks.ks_test([0, 1], [0.1]), ValueError, "length|samples"),
    (lambda: ks.ks_test([0, 1], [0.1, 0.2], alternative=None), ValueError, "alternative"),
    (lambda: ks.ks_1samp([0.1, 0.2], "norm"), TypeError, "cdf must be"),
    (lambda: ks.ks_1samp([0.1, 0.2], normal_cdf, method="fast"), ValueError, "method"),
    (lambda: ks.ks_1samp([0.1, 0.2], normal_cdf, args=[1]), TypeError, "args must be"),
    (lambda: ks.ks_1samp([0.1, 0.2], lambda x: 2 * x + 0.9), ValueError, r"\[0, 1\]"),
    (lambda: ks.ks_1samp([0.1, 0.2], lambda x: x * np.nan), ValueError, r"\[0, 1\]"),
    (lambda: ks.ks_1samp([0.1, 0.2], lambda x: 0.5), ValueError, "one value"),
    (lambda: ks.ks_1samp([0.1, 0.2], lambda x: np.zeros(3)), ValueError, "shape"),
    (lambda: ks.ks_1samp([0.1, 0.2], lambda x: np.array(["a", "b"])), TypeError, "real"),
    (lambda: ks.ks_1samp([0.1, 0.2], lambda x, y: x), TypeError, "could not be evaluated"),
    (lambda: ks.ks_1samp([0.1, np.nan], normal_cdf), ValueError, "x contains NaN"),
    (lambda: ks.kstest([0.1, 0.2], "no_such_law"), ValueError, "no distribution"),
    (lambda: ks.kstest(np.random.default_rng().normal, "norm", N=0), ValueError, "N must"),
])
def test_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_inputs_are_not_modified():
    a = np.array([0.3, 0.1, 0.2])
    b = np.array([0.5, 0.4])
    x = np.array([0.4, -0.2, 0.1])
    ks.ks_2samp(a, b)
    ks.ks_1samp(x, normal_cdf)
    ks.ks_test([1, 0, 1], a)
    assert a.tolist() == [0.3, 0.1, 0.2] and x.tolist() == [0.4, -0.2, 0.1]

