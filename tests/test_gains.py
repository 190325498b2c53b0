"""Gain table, cumulative gain / lift curves, ROC <-> captured response, Gini (SPEC §3, §4)."""

import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score as sk_roc_auc_score
from sklearn.metrics import roc_curve as sk_roc_curve

import rankscore
from rankscore.gains import (captured_response_gini, captured_response_to_roc,
                             cumulative_gain_curve, gain_table, GainTable, lift_curve, prevalence,
                             roc_to_captured_response)
from rankscore.datasets import load_spam

COLUMNS = (
    "group", "score_max", "score_min", "count", "positives", "response_rate", "gain",
    "cumulative_gain", "lift", "cumulative_lift", "ks",
)


# ------------------------------------------------------------------------------------------
# brute force, row by row, in exact fractions


def brute_gain_table(y, s, n_groups, w=None):
    """Rows sorted by score; each tie block goes to the group of its first row,
    floor(weight before it * n_groups / total); groups renumbered 1, 2, ..."""
    y = [bool(v) for v in y]
    s = [float(v) for v in s]
    w = [Fraction(1)] * len(y) if w is None else [Fraction(int(v)) for v in w]
    rows = sorted((si, yi, wi) for si, yi, wi in zip(s, y, w) if wi != 0)[::-1]
    total = sum(r[2] for r in rows)
    P = sum(r[2] for r in rows if r[1])
    N = total - P
    groups = {}  # ideal group -> list of rows
    before = Fraction(0)
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and rows[j][0] == rows[i][0]:
            j += 1
        g = (before * n_groups) // total
        groups.setdefault(g, []).extend(rows[i:j])
        before += sum(r[2] for r in rows[i:j])
        i = j
    out = {c: [] for c in COLUMNS}
    cum_n = cum_p = cum_neg = Fraction(0)
    for number, g in enumerate(sorted(groups), start=1):
        members = groups[g]
        n_g = sum(r[2] for r in members)
        p_g = sum(r[2] for r in members if r[1])
        cum_n += n_g
        cum_p += p_g
        cum_neg += n_g - p_g
        out["group"].append(number)
        out["score_max"].append(members[0][0])
        out["score_min"].append(members[-1][0])
        out["count"].append(n_g)
        out["positives"].append(p_g)
        out["response_rate"].append(p_g / n_g)
        out["gain"].append(p_g / P)
        out["cumulative_gain"].append(cum_p / P)
        out["lift"].append((p_g / n_g) / (P / total))
        out["cumulative_lift"].append((cum_p / P) / (cum_n / total))
        out["ks"].append(cum_p / P - cum_neg / N)
    return {c: np.array([float(v) for v in vals]) for c, vals in out.items()}


def assert_table_matches(table, expected):
    assert isinstance(table, GainTable)
    assert len(table) == len(expected["group"])
    for name in COLUMNS:
        np.testing.assert_allclose(table[name], expected[name], rtol=1e-12, atol=1e-15,
                                   err_msg=name)


def brute_gain_curve(y, s, w=None):
    y = np.asarray(y, dtype=bool)
    s = np.asarray(s, dtype=np.float64)
    w = np.ones(len(y)) if w is None else np.asarray(w, dtype=np.float64)
    keep = w != 0
    y, s, w = y[keep], s[keep], w[keep]
    thresholds = np.unique(s)[::-1]
    x = np.array([w[s >= t].sum() for t in thresholds]) / w.sum()
    captured = np.array([w[(s >= t) & y].sum() for t in thresholds]) / w[y].sum()
    return np.r_[0.0, x], np.r_[0.0, captured], np.r_[np.inf, thresholds]


# ------------------------------------------------------------------------------------------
# strategies: small score alphabets give heavy ties

@st.composite
def scored_labels(draw, weights=False, min_size=2):
    n = draw(st.integers(min_size, 40))
    y = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(y) or not any(y):
        y[0] = not y[0]
        y[-1] = not y[0] if n > 1 else y[-1]
    levels = draw(st.integers(1, 12))
    s = draw(st.lists(st.integers(0, levels), min_size=n, max_size=n))
    s = [v / 8 for v in s]  # exact binary fractions
    w = None
    if weights:
        w = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
        if sum(wi for wi, yi in zip(w, y) if yi) == 0 or sum(
            wi for wi, yi in zip(w, y) if not yi
        ) == 0:
            w = [1 + wi for wi in w]
    return np.array(y), np.array(s), (None if w is None else np.array(w, dtype=np.float64))


# ------------------------------------------------------------------------------------------
# SPEC §4 demo


@pytest.fixture(scope="module")
def spam():
    return load_spam()


def test_spam_deciles_hand_values(spam):
    table = gain_table(spam.target, spam.score, pos_label="spam")
    assert len(table) == 10 and table.n_groups == 10
    assert table.group.tolist() == list(range(1, 11))
    assert table.count.dtype == np.int64 and table.count.tolist() == [2] * 10
    # sorted by score: ss | hs | ss | sh | hh | sh | hs | sh | hh | hh
    assert table.positives.tolist() == [2, 1, 2, 1, 0, 1, 1, 1, 0, 0]
    assert table.total_count == 20 and table.total_positives == 9
    assert table.prior == pytest.approx(9 / 20)
    cum = np.cumsum([2, 1, 2, 1, 0, 1, 1, 1, 0, 0])
    np.testing.assert_allclose(table.cumulative_gain, cum / 9, rtol=1e-15)
    np.testing.assert_allclose(table.lift, [20 / 9, 10 / 9, 20 / 9, 10 / 9, 0,
                                            10 / 9, 10 / 9, 10 / 9, 0, 0], rtol=1e-15)
    np.testing.assert_allclose(table.cumulative_lift,
                               (cum / 9) / (np.arange(1, 11) * 2 / 20), rtol=1e-15)
    # after group 4 (threshold 0.657): tp 6, fp 2 -> KS = 6/9 - 2/11
    assert table.ks[3] == pytest.approx(6 / 9 - 2 / 11, rel=1e-15)
    assert table.ks[-1] == pytest.approx(0.0, abs=1e-15)
    assert table.score_max.tolist()[:3] == [0.963, 0.877, 0.781]
    assert table.score_min.tolist()[-2:] == [0.059, 0.001]
    assert table.ks.max() == pytest.approx(0.4848484848, rel=1e-9)


def test_spam_against_brute_force(spam):
    y = spam.target == "spam"
    for n_groups in (1, 2, 3, 4, 5, 7, 10, 20, 25):
        table = gain_table(spam.target, spam.score, n_groups, pos_label="spam")
        assert_table_matches(table, brute_gain_table(y, spam.score, n_groups))


def test_spam_quintiles(spam):
    table = gain_table(spam.target, spam.score, n_groups=5, pos_label="spam")
    assert table.count.tolist() == [4] * 5
    assert table.positives.tolist() == [3, 3, 1, 2, 0]


def test_spam_gain_curve_and_gini(spam):
    x, y, thresholds = cumulative_gain_curve(spam.target, spam.score, pos_label="spam")
    assert len(x) == 21 and (x[0], y[0], x[-1], y[-1]) == (0.0, 0.0, 1.0, 1.0)
    np.testing.assert_allclose(x, np.arange(21) / 20, rtol=1e-15)
    assert thresholds[0] == np.inf and thresholds[1] == 0.963
    gini = captured_response_gini(x, y, prior=9 / 20)
    assert gini == pytest.approx(2 * 79 / 99 - 1, rel=1e-12)


# ------------------------------------------------------------------------------------------
# gain table: properties


def test_unequal_sizes_without_ties():
    s = np.arange(23, 0, -1)
    y = s % 2
    table = gain_table(y, s)
    assert table.count.tolist() == [3, 2, 2, 3, 2, 2, 3, 2, 2, 2]


def test_ties_never_straddle_a_border():
    y = [1, 0, 1, 0, 1, 0]
    table = gain_table(y, [3, 3, 3, 3, 2, 1], n_groups=3)
    assert len(table) == 2 and table.n_groups == 3
    assert table.count.tolist() == [4, 2]
    assert table.score_min.tolist() == [3.0, 1.0]


def test_more_groups_than_distinct_scores():
    y = [1, 0, 1, 1, 0, 0, 1]
    s = [5, 5, 4, 3, 3, 2, 1]
    table = gain_table(y, s, n_groups=100)
    assert table.count.tolist() == [2, 1, 2, 1, 1]  # one group per distinct score
    assert table.score_max.tolist() == table.score_min.tolist() == [5, 4, 3, 2, 1]


def test_huge_n_groups_costs_nothing_extra():
    y = [1, 0, 1, 1, 0, 0, 1]
    s = [5, 5, 4, 3, 3, 2, 1]
    for weights in (None, [1.5, 1, 2, 1, 1, 0.5, 1]):
        table = gain_table(y, s, n_groups=10**15, sample_weight=weights)
        assert table.score_min.tolist() == [5, 4, 3, 2, 1] and table.n_groups == 10**15
        # beyond float64: "int too large to convert to float" with weights
        table = gain_table(y, s, n_groups=10**400, sample_weight=weights)
        assert table.score_min.tolist() == [5, 4, 3, 2, 1] and table.n_groups == 10**400


@pytest.mark.parametrize("scale", [1e300, 2.5e307, 1e-300, 1e-320])
def test_weights_near_the_ends_of_float64(scale):
    # counts * n_groups overflowed to inf for weights near float64's maximum (sum 1.5e308
    # here): two groups instead of three, with "overflow encountered" warnings
    y = [0, 1, 0, 0, 1, 1]
    s = [0.14, 0.23, 0.39, 0.52, 0.73, 0.90]
    expected = gain_table(y, s, 3, sample_weight=np.ones(6))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = gain_table(y, s, 3, sample_weight=np.full(6, scale))
    assert table.score_min.tolist() == expected.score_min.tolist() == [0.73, 0.39, 0.14]
    np.testing.assert_allclose(table.count / scale, [2, 2, 2], rtol=1e-12)
    for name in ("lift", "cumulative_gain", "ks"):
        np.testing.assert_allclose(table[name], expected[name], rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("weight", [0.1, 1 / 3, 0.7, 0.01, 3.3, 1e300])
@pytest.mark.parametrize("n, n_groups", [(10, 10), (7, 7), (9, 3), (12, 4), (30, 10), (100, 10)])
def test_equal_float_weights_cut_as_without_weights(weight, n, n_groups):
    # the running sums of float weights are rounded: with ten rows of weight 0.01 the third
    # row's running weight times 10 / total was 2.9999999999999996, short of the cut, and
    # the deciles collapsed to seven groups of 1, 1, 2, 1, 2, 1, 2 rows
    y = np.arange(n) % 2 == 0
    s = np.arange(n, dtype=float)
    expected = gain_table(y, s, n_groups)
    table = gain_table(y, s, n_groups, sample_weight=np.full(n, weight))
    assert len(table) == len(expected) == n_groups
    assert table.score_min.tolist() == expected.score_min.tolist()
    np.testing.assert_allclose(table.count / weight, expected.count, rtol=1e-9)
    np.testing.assert_allclose(table.cumulative_lift, expected.cumulative_lift, rtol=1e-9)


def test_one_group():
    table = gain_table([0, 1, 1, 0], [0.1, 0.4, 0.35, 0.8], n_groups=1)
    assert table.count.tolist() == [4] and table.positives.tolist() == [2]
    assert table.lift.tolist() == [1.0] and table.ks.tolist() == [0.0]
    assert (table.score_max[0], table.score_min[0]) == (0.8, 0.1)


@given(scored_labels(), st.integers(1, 15))
def test_gain_table_matches_brute_force(data, n_groups):
    y, s, _ = data
    assert_table_matches(gain_table(y, s, n_groups), brute_gain_table(y, s, n_groups))


@given(scored_labels(weights=True), st.integers(1, 15))
def test_weighted_gain_table_matches_brute_force(data, n_groups):
    y, s, w = data
    table = gain_table(y, s, n_groups, sample_weight=w)
    assert table.count.dtype == np.float64
    assert_table_matches(table, brute_gain_table(y, s, n_groups, w))


@given(scored_labels(weights=True), st.integers(1, 12), st.randoms(use_true_random=False))
def test_gain_table_does_not_depend_on_row_order(data, n_groups, rnd):
    y, s, w = data
    order = list(range(len(y)))
    rnd.shuffle(order)
    for weights in (None, w):
        a = gain_table(y, s, n_groups, sample_weight=weights)
        b = gain_table(y[order], s[order], n_groups,
                       sample_weight=None if weights is None else weights[order])
        for name in COLUMNS:
            assert np.array_equal(a[name], b[name]), name


@given(scored_labels(weights=True), st.integers(1, 12))
def test_integer_weights_equal_repeated_rows(data, n_groups):
    y, s, w = data
    reps = w.astype(int)
    a = gain_table(y, s, n_groups, sample_weight=w)
    b = gain_table(np.repeat(y, reps), np.repeat(s, reps), n_groups)
    for name in COLUMNS:
        np.testing.assert_allclose(a[name], b[name], rtol=1e-12, atol=1e-15, err_msg=name)


def test_zero_weight_rows_are_ignored():
    y = np.array([1, 0, 1, 0, 1, 0])
    s = np.array([6.0, 5, 4, 3, 2, 1])
    w = np.array([1.0, 0, 1, 1, 1, 1])
    a = gain_table(y, s, 5, sample_weight=w)
    keep = w != 0
    b = gain_table(y[keep], s[keep], 5)
    for name in COLUMNS:
        np.testing.assert_array_equal(a[name], b[name])


def test_labels_and_dtypes():
    s64 = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4])
    ref = gain_table([1, 0, 1, 1, 0, 0], s64, n_groups=3)
    variants = [
        (np.array([True, False, True, True, False, False]), s64.astype(np.float32), None),
        (np.array([1, -1, 1, 1, -1, -1]), s64, None),
        (np.array(["a", "b", "a", "a", "b", "b"]), list(s64), "a"),
    ]
    for y, s, pos_label in variants:
        table = gain_table(y, s, n_groups=3, pos_label=pos_label)
        assert table.positives.tolist() == ref.positives.tolist()
        np.testing.assert_allclose(table.lift, ref.lift, rtol=1e-15)
        assert table.score_max.dtype == np.float64
    assert ref.lift.tolist() == [1.0, 2.0, 0.0]


def test_array_likes_and_inputs_left_alone():
    import pandas as pd

    y = np.array([1, 0, 1, 1, 0, 0, 1, 0] * 2, dtype=np.int8)
    s = np.linspace(1.0, 0.0, 32).astype(np.float32)[::2]  # strided view
    y.flags.writeable = s.flags.writeable = False
    before = (y.copy(), s.copy())
    ref = gain_table(y.tolist(), s.tolist(), n_groups=4)
    for yy, ss in ((y, s), (pd.Series(y), pd.Series(s)), (y.astype(">i4"), s.astype(">f8"))):
        table = gain_table(yy, ss, n_groups=4)
        assert table.positives.tolist() == ref.positives.tolist() == [3, 1, 3, 1]
        np.testing.assert_allclose(table.score_max, ref.score_max, rtol=1e-7)
        x, _, _ = cumulative_gain_curve(yy, ss)
        assert len(x) == 17
    assert np.array_equal(y, before[0]) and np.array_equal(s, before[1])


def test_table_outputs(spam):
    table = gain_table(spam.target, spam.score, pos_label="spam")
    assert GainTable.column_names() == COLUMNS
    assert list(table.to_dict()) == list(COLUMNS)
    frame = table.to_pandas()
    assert frame.columns.tolist() == list(COLUMNS) and len(frame) == 10
    assert frame["positives"].sum() == 9
    text = str(table)
    lines = text.splitlines()
    assert len(lines) == 11 and lines[0].split() == list(COLUMNS)
    assert lines[1].split()[:5] == ["1", "0.963", "0.96", "2", "2"]
    md = table.to_markdown().splitlines()
    assert md[0] == "| " + " | ".join(COLUMNS) + " |" and len(md) == 12
    assert md[2].startswith("| 1 | 0.963 | 0.96 | 2 | 2 | 1.0000 | 0.2222 |")
    assert repr(table).startswith("GainTable(10 groups of 10 asked; total_count=20,")
    assert table._repr_markdown_() == table.to_markdown()
    with pytest.raises(KeyError, match="'lifts' is not a column"):
        table["lifts"]


def test_weighted_counts_print_as_floats():
    table = gain_table([1, 0, 1, 0], [4, 3, 2, 1], n_groups=2, sample_weight=[0.5, 1, 1.25, 2])
    # total 4.75, ideal cut 2.375: the first boundary at or after it holds 2.75
    assert table.count.tolist() == [2.75, 2.0]
    assert table.positives.tolist() == [1.75, 0.0]
    assert str(table).splitlines()[1].split()[3:5] == ["2.75", "1.75"]


def test_gain_table_errors():
    y, s = [0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4]
    with pytest.raises(ValueError, match="n_groups must be >= 1"):
        gain_table(y, s, 0)
    with pytest.raises(TypeError, match="n_groups must be an integer"):
        gain_table(y, s, 2.5)
    with pytest.raises(TypeError, match="n_groups must be an integer"):
        gain_table(y, s, True)
    with pytest.raises(ValueError, match="Only one class is present"):
        gain_table([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="Only one class is present"):
        gain_table([0, 0, 0], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="Only one class is present"):
        gain_table(y, s, sample_weight=[1, 0, 1, 0])  # positives weigh nothing
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        gain_table(y, s[:3])
    with pytest.raises(ValueError, match="NaN"):
        gain_table(y, [0.1, np.nan, 0.3, 0.4])
    with pytest.raises(ValueError, match="non-negative"):
        gain_table(y, s, sample_weight=[1, -1, 1, 1])
    with pytest.raises(ValueError, match="pos_label"):
        gain_table(["a", "b", "a", "b"], s)


# ------------------------------------------------------------------------------------------
# cumulative gain and lift curves


def test_gain_curve_spec_example():
    x, y, thresholds = cumulative_gain_curve([0, 1, 0, 0, 1, 1],
                                             [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    np.testing.assert_allclose(x, np.arange(7) / 6, rtol=1e-15)
    np.testing.assert_allclose(y, [0, 1 / 3, 2 / 3, 2 / 3, 2 / 3, 1, 1], rtol=1e-15)
    assert thresholds.tolist() == [np.inf, 0.9, 0.73, 0.52, 0.39, 0.23, 0.14]
    x2, lift, t2 = lift_curve([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    np.testing.assert_allclose(lift, [2, 2, 4 / 3, 1, 1.2, 1], rtol=1e-15)
    assert np.array_equal(x2, x[1:]) and np.array_equal(t2, thresholds[1:])


@given(scored_labels(weights=True), st.booleans())
def test_gain_curve_matches_brute_force_and_sklearn(data, weighted):
    y, s, w = data
    w = w if weighted else None
    x, captured, thresholds = cumulative_gain_curve(y, s, sample_weight=w)
    bx, by, bt = brute_gain_curve(y, s, w)
    np.testing.assert_allclose(x, bx, rtol=1e-12)
    np.testing.assert_allclose(captured, by, rtol=1e-12)
    assert np.array_equal(thresholds, bt)
    assert (x[0], captured[0], x[-1], captured[-1]) == (0.0, 0.0, 1.0, 1.0)
    _, sk_tpr, sk_thr = sk_roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    np.testing.assert_allclose(captured, sk_tpr, rtol=1e-12)
    assert np.array_equal(thresholds, sk_thr)
    lx, lift, lt = lift_curve(y, s, sample_weight=w)
    np.testing.assert_allclose(lift, by[1:] / bx[1:], rtol=1e-12)
    assert lift[-1] == 1.0 and (lx > 0).all() and np.array_equal(lt, bt[1:])


@given(scored_labels(weights=True), st.randoms(use_true_random=False))
def test_gain_curve_does_not_depend_on_row_order(data, rnd):
    y, s, w = data
    order = list(range(len(y)))
    rnd.shuffle(order)
    a = cumulative_gain_curve(y, s, sample_weight=w)
    b = cumulative_gain_curve(y[order], s[order], sample_weight=w[order])
    for u, v in zip(a, b):
        assert np.array_equal(u, v)


def test_curve_with_no_negatives_is_the_diagonal_and_lift_one():
    x, y, _ = cumulative_gain_curve([1, 1, 1], [0.3, 0.2, 0.1])
    np.testing.assert_allclose(x, y, rtol=1e-15)
    assert lift_curve([1, 1, 1], [0.3, 0.2, 0.1])[1].tolist() == [1.0, 1.0, 1.0]


def test_curve_errors():
    with pytest.raises(ValueError, match="no positive samples"):
        cumulative_gain_curve([0, 0, 0], [0.3, 0.2, 0.1])
    with pytest.raises(ValueError, match="no positive samples"):
        lift_curve([0, 1, 0], [0.3, 0.2, 0.1], sample_weight=[1, 0, 1])
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        cumulative_gain_curve([0, 1, 0], [0.3, 0.2])
    with pytest.raises(ValueError, match="infinity"):
        lift_curve([0, 1, 0], [0.3, np.inf, 0.1])
    with pytest.raises(ValueError, match="empty"):
        cumulative_gain_curve([], [])


# ------------------------------------------------------------------------------------------
# ROC <-> captured response, Gini


def test_conversion_hand_values():
    x, y = roc_to_captured_response([0.0, 0.25, 1.0], [0.0, 0.75, 1.0], prior=0.2)
    np.testing.assert_allclose(x, [0.0, 0.2 * 0.75 + 0.8 * 0.25, 1.0], rtol=1e-15)
    assert y.tolist() == [0.0, 0.75, 1.0]
    fpr, tpr = captured_response_to_roc(x, y, prior=0.2)
    np.testing.assert_allclose(fpr, [0.0, 0.25, 1.0], rtol=1e-14)
    # the end points map exactly, whatever the prior
    for prior in (1e-9, 0.1, 1 / 3, 0.7, 1 - 1e-9):
        x, y = roc_to_captured_response([0, 1], [0, 1], prior)
        assert x.tolist() == [0.0, 1.0]
        assert captured_response_to_roc([0, 1], [0, 1], prior)[0].tolist() == [0.0, 1.0]


def test_inputs_are_not_modified():
    fpr, tpr = np.array([0.0, 0.5, 1.0]), np.array([0.0, 0.9, 1.0])
    fpr.flags.writeable = tpr.flags.writeable = False
    _, y = roc_to_captured_response(fpr, tpr, 0.3)
    assert y is not tpr and tpr.tolist() == [0.0, 0.9, 1.0]


@given(scored_labels(weights=True), st.booleans())
def test_round_trip_and_gini_equal_two_auc_minus_one(data, weighted):
    y, s, w = data
    w = w if weighted else None
    fpr, tpr, _ = sk_roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    prior = prevalence(y, sample_weight=w)
    assert prior == pytest.approx(float(np.average(y, weights=w)), rel=1e-15)
    x_cr, y_cr = roc_to_captured_response(fpr, tpr, prior)
    fpr2, tpr2 = captured_response_to_roc(x_cr, y_cr, prior)
    np.testing.assert_allclose(fpr2, fpr, rtol=1e-12, atol=1e-15)
    assert np.array_equal(tpr2, tpr)
    # the mapped ROC curve is the cumulative gain curve
    cx, cy, _ = cumulative_gain_curve(y, s, sample_weight=w)
    np.testing.assert_allclose(x_cr, cx, rtol=1e-12, atol=1e-15)
    auc = sk_roc_auc_score(y, s, sample_weight=w)
    assert captured_response_gini(cx, cy, prior) == pytest.approx(2 * auc - 1, abs=1e-12)
    assert captured_response_gini(x_cr, y_cr, prior) == pytest.approx(2 * auc - 1, abs=1e-12)


def test_prevalence(spam):
    assert prevalence(spam.target, pos_label="spam") == 9 / 20
    assert prevalence(spam.target, pos_label="ham") == 11 / 20
    assert prevalence([True, False, False, False]) == 0.25
    assert type(prevalence([1, 0])) is float
    assert type(prevalence([1, 0], sample_weight=[1, 1])) is float
    assert prevalence([-1, 1, 1, -1, -1]) == 0.4
    assert prevalence([0, 0]) == 0.0 and prevalence([1]) == 1.0
    assert prevalence([1, 0, 0], sample_weight=[3, 1, 0]) == 0.75
    table = gain_table(spam.target, spam.score, pos_label="spam")
    assert table.prior == prevalence(spam.target, pos_label="spam")


def test_prevalence_errors():
    with pytest.raises(ValueError, match="pos_label"):
        prevalence(["a", "b"])
    with pytest.raises(ValueError, match="multiclass"):
        prevalence([0, 1, 2])
    with pytest.raises(ValueError, match="is empty"):
        prevalence([])
    with pytest.raises(ValueError, match="sample_weight has 2 entries, expected 3"):
        prevalence([0, 1, 1], sample_weight=[1, 1])
    with pytest.raises(ValueError, match="non-negative"):
        prevalence([0, 1], sample_weight=[1, -1])
    with pytest.raises(ValueError, match="zero for every sample"):
        prevalence([0, 1], sample_weight=[0, 0])


def test_gini_of_ideal_random_and_worst():
    prior = 0.25
    assert captured_response_gini([0, prior, 1], [0, 1, 1], prior) == pytest.approx(1.0)
    assert captured_response_gini([0, 1], [0, 1], prior) == 0.0
    assert captured_response_gini([0, 1 - prior, 1], [0, 0, 1], prior) == pytest.approx(-1.0)


def test_conversion_errors():
    good = ([0.0, 0.5, 1.0], [0.0, 0.7, 1.0])
    for f in (roc_to_captured_response, captured_response_to_roc, captured_response_gini):
        for prior in (0, 1, 1.5, -0.1, float("nan"), 2**2000, -(2**2000), np.int64(3)):
            # 2**2000 raised OverflowError (converted to float before the range check)
            with pytest.raises(ValueError, match=r"prior must be in the open interval \(0, 1\)"):
                f(*good, prior)
        np.testing.assert_array_equal(f(*good, Fraction(1, 4)), f(*good, 0.25))  # exact prior
        for prior in ("0.3", None, True, [0.3]):
            with pytest.raises(TypeError, match="prior must be a real number"):
                f(*good, prior)
        with pytest.raises(ValueError, match="inconsistent numbers of samples"):
            f([0.0, 1.0], [0.0, 0.5, 1.0], 0.3)
        with pytest.raises(ValueError, match=r"must lie in \[0, 1\]; got 1.5 at index 1"):
            f([0.0, 1.5, 1.0], [0.0, 0.5, 1.0], 0.3)
        with pytest.raises(ValueError, match=r"must lie in \[0, 1\]; got -0.5 at index 1"):
            f([0.0, 0.5, 1.0], [0.0, -0.5, 1.0], 0.3)
        with pytest.raises(ValueError, match="NaN"):
            f([0.0, np.nan, 1.0], [0.0, 0.5, 1.0], 0.3)
        with pytest.raises(ValueError, match="infinity"):
            f([0.0, 0.5, 1.0], [0.0, np.inf, 1.0], 0.3)
        with pytest.raises(ValueError, match="is empty"):
            f([], [], 0.3)
        with pytest.raises(ValueError, match="must be 1-D"):
            f([[0.0, 1.0]], [[0.0, 1.0]], 0.3)
        with pytest.raises(TypeError, match="must be numeric"):
            f(["a", "b"], [0.0, 1.0], 0.3)
    with pytest.raises(ValueError, match="not on any captured response curve"):
        captured_response_to_roc([0.0, 0.1, 1.0], [0.0, 0.9, 1.0], 0.5)  # above the ideal
    with pytest.raises(ValueError, match="not on any captured response curve"):
        captured_response_to_roc([0.0, 0.9, 1.0], [0.0, 0.1, 1.0], 0.5)  # below the worst
    with pytest.raises(ValueError, match=r"x must be non-decreasing; x\[2\] < x\[1\]"):
        captured_response_gini([0.0, 0.6, 0.5, 1.0], [0.0, 0.5, 0.6, 1.0], 0.3)
    with pytest.raises(ValueError, match=r"must run from \(0, 0\) to \(1, 1\)"):
        captured_response_gini([0.0, 0.5], [0.0, 0.7], 0.3)
    with pytest.raises(ValueError, match=r"must run from \(0, 0\) to \(1, 1\)"):
        captured_response_gini([0.1, 1.0], [0.0, 1.0], 0.3)


def test_public_names():
    for name in ("GainTable", "gain_table", "cumulative_gain_curve", "lift_curve",
                 "roc_to_captured_response", "captured_response_to_roc",
                 "captured_response_gini", "prevalence"):
        assert name in rankscore.gains.__all__ and hasattr(rankscore.gains, name)
