"""Point metrics: SPEC §2 and §4 numbers, the BinaryConfusion object, parity with
scikit-learn 1.9.1 on random inputs (binary and multiclass, weights, zero_division, labels
order), and every validation error."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankscore as rs
from rankscore import _backend
from rankscore.datasets import load_spam

sk = pytest.importorskip("sklearn.metrics")


# ---------------------------------------------------------------------------------------
# SPEC §2


@pytest.mark.parametrize(
    "tp, fp, fn, precision, recall, f",
    [
        (2, 3, 2, 0.4, 0.5, 0.444),  # P = 0.4, R = 0.5 -> F = 0.444
        (36, 54, 4, 0.4, 0.9, 0.554),  # P = 0.4, R = 0.9 -> F = 0.554
        (9, 1, 81, 0.9, 0.1, 0.18),  # P = 0.9, R = 0.1 -> F = 0.18
    ],
)
def test_spec_f_for_precision_recall_pairs(tp, fp, fn, precision, recall, f):
    c = rs.BinaryConfusion(tp, fp, fn, 100)
    assert c.precision == pytest.approx(precision)
    assert c.recall == pytest.approx(recall)
    assert round(c.f1, 3) == f
    assert c.f1 == pytest.approx(2 * precision * recall / (precision + recall))
    assert c.min_pr == pytest.approx(min(precision, recall))
    assert c.mean_pr == pytest.approx((precision + recall) / 2)


def test_spec_g_mean():
    c = rs.BinaryConfusion(tp=9, fp=1, fn=81, tn=0)  # P = 0.9, R = 0.1
    assert c.g_mean == pytest.approx(0.3)
    assert c.f1 == pytest.approx(0.18)


def test_spec_fbeta_formula_and_direction():
    c = rs.BinaryConfusion(tp=36, fp=54, fn=4, tn=0)  # P = 0.4, R = 0.9
    for beta in (0.5, 2.0, 3.0):
        b2 = beta * beta
        assert c.fbeta(beta) == pytest.approx((1 + b2) * 0.4 * 0.9 / (b2 * 0.4 + 0.9))
    assert c.fbeta(0.5) < c.f1 < c.fbeta(2.0)  # b > 1 favours recall (here the larger one)
    assert c.fbeta(0) == pytest.approx(c.precision)
    assert c.fbeta(math.inf) == c.recall


def test_spec_accuracy_misleads_on_imbalanced_data():
    c = rs.BinaryConfusion(tp=10, fp=20, fn=90, tn=10000)
    assert round(c.accuracy, 2) == 0.99
    assert round(c.precision, 2) == 0.33
    assert c.recall == 0.1
    assert c.q0 == pytest.approx(10020 / 10120)  # the floor accuracy must beat
    assert c.accuracy < c.q0


def test_spec_credit_models():
    a = rs.BinaryConfusion(tp=80, fp=20, fn=20, tn=80)
    b = rs.BinaryConfusion(tp=48, fp=2, fn=52, tn=98)
    assert (a.precision, a.recall) == (0.8, 0.8)
    assert (b.precision, b.recall) == (0.96, 0.48)
    assert a.f1 == pytest.approx(0.8) and b.f1 == pytest.approx(2 * 0.96 * 0.48 / 1.44)
    assert b.g_mean == pytest.approx(math.sqrt(0.96 * 0.48))
    assert a.min_pr == 0.8 and b.min_pr == 0.48


# ---------------------------------------------------------------------------------------
# SPEC §4: the spam demo


@pytest.fixture(scope="module")
def spam():
    return load_spam()


def test_spam_at_threshold_half(spam):
    c = rs.binary_confusion(spam.target, spam.score, threshold=0.5, pos_label="spam")
    assert (c.tp, c.fn, c.fp, c.tn) == (6, 3, 2, 9)
    assert all(isinstance(v, int) for v in (c.tp, c.fp, c.fn, c.tn, c.n))
    assert c.threshold == 0.5
    assert c.accuracy == 0.75
    assert round(c.tpr, 3) == 0.667 and round(c.tnr, 3) == 0.818
    assert round(c.fpr, 3) == 0.182 and round(c.fnr, 3) == 0.333
    assert c.precision == 0.75 and round(c.f1, 3) == 0.706
    assert c.prevalence == 9 / 20 and c.q0 == 11 / 20


def test_spam_at_threshold_quarter(spam):
    c = rs.binary_confusion(spam.target, spam.score, threshold=0.25, pos_label="spam")
    assert (c.tp, c.fn, c.fp, c.tn) == (7, 2, 4, 7)


def test_spam_hard_predictions_match_scores(spam):
    pred = np.where(spam.score >= 0.5, "spam", "ham")
    hard = rs.binary_confusion(spam.target, pred, pos_label="spam")
    scored = rs.binary_confusion(spam.target, spam.score, threshold=0.5, pos_label="spam")
    assert (hard.tp, hard.fp, hard.fn, hard.tn) == (scored.tp, scored.fp, scored.fn, scored.tn)
    assert hard.threshold is None
    assert rs.confusion_matrix(spam.target, pred, labels=["spam", "ham"]).tolist() == [
        [6, 3],
        [2, 9],
    ]
    np.testing.assert_array_equal(scored.to_array(), [[6, 3], [2, 9]])


# ---------------------------------------------------------------------------------------
# the BinaryConfusion object


def test_every_rate_by_hand():
    c = rs.BinaryConfusion(tp=6, fp=2, fn=3, tn=9)
    p, r, tnr, npv = 6 / 8, 6 / 9, 9 / 11, 9 / 12
    assert c.n == 20 and c.positives == 9 and c.negatives == 11
    assert c.predicted_positives == 8 and c.predicted_negatives == 12
    assert c.error_rate == pytest.approx(0.25)
    assert c.recall == c.sensitivity == c.tpr == pytest.approx(r)
    assert c.specificity == c.tnr == pytest.approx(tnr)
    assert c.ppv == c.precision == p
    assert c.npv == npv
    assert c.g_mean == pytest.approx(math.sqrt(p * r))
    assert c.informedness == c.youden == pytest.approx(r + tnr - 1)
    assert c.markedness == pytest.approx(p + npv - 1)
    assert c.mcc == pytest.approx((6 * 9 - 2 * 3) / math.sqrt(8 * 12 * 9 * 11))


def test_to_dict_and_repr():
    c = rs.BinaryConfusion(tp=6, fp=2, fn=3, tn=9, threshold=0.5)
    d = c.to_dict()
    assert list(d)[:7] == ["threshold", "strict", "tp", "fp", "fn", "tn", "n"]
    assert d["f1"] == pytest.approx(12 / 17) and d["q0"] == 0.55
    assert set(d) >= {"tpr", "tnr", "fpr", "fnr", "npv", "g_mean", "mcc", "informedness"}
    assert all(isinstance(v, float) for k, v in d.items()
               if k not in ("tp", "fp", "fn", "tn", "n", "threshold", "strict"))
    assert repr(c) == (
        "BinaryConfusion(tp=6, fp=2, fn=3, tn=9, threshold=0.5; "
        "accuracy=0.75, precision=0.75, recall=0.6667, f1=0.7059)"
    )
    assert "predicted +" in c.table() and c.table().splitlines()[1].split()[-2:] == ["6", "3"]


def test_result_is_immutable():
    c = rs.BinaryConfusion(1, 2, 3, 4)
    with pytest.raises(AttributeError):
        c.tp = 5


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(tp=-1, fp=2, fn=3, tn=4), ValueError, "tp must be a finite count >= 0, got -1"),
        (dict(tp=1, fp=-0.5, fn=3, tn=4), ValueError, "fp must be a finite count >= 0"),
        (dict(tp=1, fp=2, fn=math.nan, tn=4), ValueError, "fn must be a finite count >= 0"),
        (dict(tp=1, fp=2, fn=3, tn=math.inf), ValueError, "tn must be a finite count >= 0"),
        (dict(tp="6", fp=2, fn=3, tn=4), TypeError, "tp must be a count"),
        (dict(tp=True, fp=2, fn=3, tn=4), TypeError, "tp must be a count"),
        (dict(tp=None, fp=2, fn=3, tn=4), TypeError, "tp must be a count"),
        (dict(tp=1, fp=2, fn=3, tn=4, threshold=math.nan), ValueError, "threshold is NaN"),
        (dict(tp=1, fp=2, fn=3, tn=4, threshold="0.5"), TypeError, "threshold must be None"),
    ],
)
def test_constructor_rejects_impossible_counts(kwargs, error, match):
    # BinaryConfusion(tp=-1, fp=2, fn=3, tn=4) used to report precision -1 and recall -0.5
    with pytest.raises(error, match=match):
        rs.BinaryConfusion(**kwargs)


def test_constructor_accepts_weight_sums_numpy_counts_and_infinite_threshold():
    c = rs.BinaryConfusion(np.int64(6), np.float32(2.5), 0.0, 9, threshold=math.inf)
    assert c.tp == 6 and c.fp == 2.5 and c.precision == pytest.approx(6 / 8.5)
    assert rs.BinaryConfusion(0, 0, 0, 0, threshold=np.float64(-math.inf)).n == 0


def test_zero_division_gives_nan_not_zero():
    c = rs.BinaryConfusion(tp=0, fp=0, fn=5, tn=5)  # nothing predicted positive
    assert math.isnan(c.precision) and math.isnan(c.min_pr) and math.isnan(c.mean_pr)
    assert math.isnan(c.markedness)
    assert c.recall == 0 and c.f1 == 0 and c.g_mean == 0  # scikit-learn's count forms
    assert c.mcc == 0  # scikit-learn's convention for an empty margin
    empty = rs.BinaryConfusion(tp=0, fp=0, fn=0, tn=4)
    assert math.isnan(empty.f1) and math.isnan(empty.g_mean) and math.isnan(empty.recall)
    assert empty.tnr == 1.0 and empty.prevalence == 0.0


def test_fbeta_rejects_bad_beta():
    c = rs.BinaryConfusion(1, 1, 1, 1)
    with pytest.raises(ValueError, match="beta must be >= 0"):
        c.fbeta(-1)
    with pytest.raises(TypeError, match="beta must be a real number"):
        c.fbeta("2")


# ---------------------------------------------------------------------------------------
# binary_confusion


def test_threshold_is_inclusive_and_float32_exact():
    score = np.array([0.1, 0.3, 0.3, 0.7], dtype=np.float32)
    c = rs.binary_confusion([0, 1, 0, 1], score, threshold=float(np.float32(0.3)))
    assert (c.tp, c.fp, c.fn, c.tn) == (2, 1, 0, 1)
    # 0.30000002 rounds to float32(0.3) but is above it: the comparison is made in float64
    assert np.float32(0.30000002) == score[1]
    c = rs.binary_confusion([0, 1, 0, 1], score, threshold=0.30000002)
    assert (c.tp, c.fp) == (1, 0)


def test_weighted_counts_are_weight_sums():
    y = [1, 1, 0, 0, 1]
    s = [0.9, 0.2, 0.8, 0.1, 0.6]
    w = [2.0, 1.0, 0.5, 3.0, 0.25]
    c = rs.binary_confusion(y, s, threshold=0.5, sample_weight=w)
    assert (c.tp, c.fp, c.fn, c.tn) == (2.25, 0.5, 1.0, 3.0)
    hard = rs.binary_confusion(y, [1, 0, 1, 0, 1], sample_weight=w)
    assert (hard.tp, hard.fp, hard.fn, hard.tn) == (2.25, 0.5, 1.0, 3.0)


def test_label_rules():
    assert rs.binary_confusion([-1, 1, 1], [0.1, 0.9, 0.2], threshold=0.5).tp == 1
    assert rs.binary_confusion([False, True], [0.1, 0.9], threshold=0.5).tp == 1
    c = rs.binary_confusion([0, 1, 2, 2], [0.1, 0.2, 0.8, 0.9], threshold=0.5, pos_label=2)
    assert (c.tp, c.fp, c.fn, c.tn) == (2, 0, 0, 2)  # class 2 against the rest
    c = rs.binary_confusion(["a", "a"], [0.1, 0.9], threshold=0.5, pos_label="b")
    assert (c.tp, c.fp, c.fn, c.tn) == (0, 1, 0, 1)  # one class only: allowed


@pytest.mark.parametrize(
    "y_true, y, kwargs, error, match",
    [
        (["ham", "spam"], [0.1, 0.9], dict(threshold=0.5), ValueError, "pass pos_label="),
        ([1, 2], [0.1, 0.9], dict(threshold=0.5), ValueError, r"takes the values \[1, 2\]"),
        ([0, 1, 2], [0.1, 0.5, 0.9], dict(threshold=0.5), ValueError, "has 3 classes"),
        (["a", "b"], [0.1, 0.9], dict(threshold=0.5, pos_label="c"), ValueError,
         "not a label of y_true"),
        (["a", "b"], [0.1, 0.9], dict(threshold=0.5, pos_label=1), ValueError,
         "not of the type"),
        ([0, 1], [0.1, 0.9, 0.3], dict(threshold=0.5), ValueError, "inconsistent numbers"),
        ([0, 1], [0.1, np.nan], dict(threshold=0.5), ValueError, "NaN"),
        ([0, 1], [0.1, 0.9], dict(threshold=np.nan), ValueError, "threshold is NaN"),
        ([0, 1], [0.1, 0.9], dict(threshold="0.5"), TypeError, "threshold must be a real"),
        ([0, 1], ["a", "b"], dict(threshold=0.5), TypeError, "numeric"),
        ([0.5, 1], [0.1, 0.9], dict(threshold=0.5), ValueError, "continuous"),
        ([0, 1], [0.1, 0.9], dict(threshold=0.5, sample_weight=[1, -1]), ValueError,
         "non-negative"),
        ([0, 1], [0.1, 0.9], dict(threshold=0.5, sample_weight=[0, 0]), ValueError,
         "zero for every sample"),
        ([0, 1], [0, 1], dict(sample_weight=[0.0, 0.0]), ValueError, "zero for every sample"),
        ([0, 1], [0, 2], {}, ValueError, "has 3 classes"),
        ([0, 1], ["a", "b"], {}, ValueError, "mix string and number"),
        ([0, 1], [0.2, 1], {}, ValueError, "y_pred contains continuous"),
        ([], [], dict(threshold=0.5), ValueError, "empty"),
        (None, [0.1], dict(threshold=0.5), TypeError, "y_true"),
    ],
)
def test_binary_confusion_errors(y_true, y, kwargs, error, match):
    with pytest.raises(error, match=match):
        rs.binary_confusion(y_true, y, **kwargs)


@pytest.mark.parametrize(
    "dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
              bool, ">i8", np.float64, "U1"],
)  # fmt: skip
def test_every_label_dtype(dtype):
    y = np.array([0, 1, 1, 0, 1, 0, 0]).astype(dtype)
    s = np.array([0.9, 0.8, 0.3, 0.2, 0.6, 0.5, 0.1])
    pos_label = "1" if np.dtype(dtype).kind == "U" else None
    c = rs.binary_confusion(y, s, threshold=0.5, pos_label=pos_label)
    assert (c.tp, c.fp, c.fn, c.tn) == (2, 2, 1, 2)
    w = np.arange(1.0, 8.0)
    c = rs.binary_confusion(y, s, threshold=0.5, pos_label=pos_label, sample_weight=w)
    assert (c.tp, c.fp, c.fn, c.tn) == (2.0 + 5.0, 1.0 + 6.0, 3.0, 4.0 + 7.0)


@pytest.mark.parametrize(
    "y, pos_label, expected",
    [
        ([-1, 1, 1, -1], None, (1, 1, 1, 1)),
        ([-1, -1, -1, -1], None, (0, 2, 0, 2)),
        ([1, 1, 1, 1], None, (2, 0, 2, 0)),
        ([0, 1, 2, 2], 2, (0, 2, 2, 0)),
        ([3, 3, 3, 3], 5, (0, 2, 0, 2)),
        ([True, False, True, False], False, (1, 1, 1, 1)),
        ([0, 1, 0, 1], 1.0, (1, 1, 1, 1)),
    ],
)
def test_integer_label_rules(y, pos_label, expected):
    s = [0.9, 0.8, 0.2, 0.1]
    c = rs.binary_confusion(np.array(y), s, threshold=0.5, pos_label=pos_label)
    assert (c.tp, c.fp, c.fn, c.tn) == expected


@pytest.mark.parametrize(
    "y, pos_label, match",
    [
        ([-1, 0, 1], None, "has 3 classes"),
        ([2, 3, 3], None, r"takes the values \[2, 3\]"),
        ([0, 1, 1], 5, "pos_label=5 is not a label of y_true"),
        ([0, 1, 1], 0.5, "pos_label=0.5 is not a label"),
        ([0, 1, 1], "1", "not of the type"),
        ([True, False, True], 2, "pos_label=2 is not a label"),
    ],
)
def test_integer_label_errors(y, pos_label, match):
    with pytest.raises(ValueError, match=match):
        rs.binary_confusion(np.array(y), [0.1, 0.5, 0.9], threshold=0.5, pos_label=pos_label)


def test_inputs_are_not_modified_and_read_only_arrays_work():
    rng = np.random.default_rng(3)
    y = rng.random(100) < 0.4
    s = rng.random(100).astype(np.float32)
    w = rng.random(100)
    for a in (y, s, w):
        a.setflags(write=False)
    before = (y.copy(), s.copy(), w.copy())
    rs.binary_confusion(y, s, threshold=0.5, sample_weight=w)
    rs.binary_confusion(y, s[::2][:50].repeat(2), threshold=0.5)  # strided/copied input
    for a, b in zip((y, s, w), before):
        np.testing.assert_array_equal(a, b)


@given(
    st.integers(1, 200),
    st.integers(0, 2**32 - 1),
    st.booleans(),
    st.sampled_from([np.float32, np.float64]),
)
def test_kernel_backends_agree_and_match_brute_force(n, seed, weighted, dtype):
    pytest.importorskip("rankscore._kernels")
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    s = rng.integers(0, 8, n).astype(dtype) / 8  # ties
    w = rng.random(n) if weighted else None
    t = float(s[rng.integers(0, n)])
    with _backend.using("cython"):
        a = rs.binary_confusion(y, s, threshold=t, sample_weight=w)
    with _backend.using("python"):
        b = rs.binary_confusion(y, s, threshold=t, sample_weight=w)
    pred = s >= t
    ww = np.ones(n) if w is None else w
    expected = [ww[(y == 1) & pred].sum(), ww[(y == 0) & pred].sum(),
                ww[(y == 1) & ~pred].sum(), ww[(y == 0) & ~pred].sum()]  # fmt: skip
    # weighted sums: sequential in the kernel, pairwise in NumPy -> equal to rounding only
    np.testing.assert_allclose([a.tp, a.fp, a.fn, a.tn], expected, rtol=1e-12)
    np.testing.assert_allclose([b.tp, b.fp, b.fn, b.tn], expected, rtol=1e-12)
    if w is None:
        assert (a.tp, a.fp, a.fn, a.tn) == (b.tp, b.fp, b.fn, b.tn)


@pytest.mark.parametrize("pos_label", [np.nan, np.inf, -np.inf])
def test_binary_confusion_non_finite_pos_label_is_an_absent_label(pos_label):
    # int(nan) raised "cannot convert float NaN to integer" on integer labels
    y, s = [0, 1, 0, 1, 1], [0.1, 0.9, 0.3, 0.8, 0.6]
    with pytest.raises(ValueError, match="is not a label of y_true"):
        rs.binary_confusion(y, s, threshold=0.5, pos_label=pos_label)
    with pytest.raises(ValueError, match="is not a label of y_true/y_pred"):
        rs.binary_confusion(y, [0, 1, 1, 1, 0], pos_label=pos_label)


@given(st.integers(1, 60), st.integers(0, 2**32 - 1), st.booleans())
def test_binary_confusion_rates_match_sklearn(n, seed, weighted):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    pred = rng.integers(0, 2, n)
    w = rng.random(n) if weighted else None
    c = rs.binary_confusion(y, pred, sample_weight=w)
    np.testing.assert_allclose(
        rs.confusion_matrix(y, pred, labels=[1, 0], sample_weight=w), c.to_array(), rtol=1e-12
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        zd = dict(zero_division=np.nan)
        pairs = [
            (c.accuracy, sk.accuracy_score(y, pred, sample_weight=w)),
            (c.precision, sk.precision_score(y, pred, sample_weight=w, **zd)),
            (c.recall, sk.recall_score(y, pred, sample_weight=w, **zd)),
            (c.f1, sk.f1_score(y, pred, sample_weight=w, **zd)),
            (c.fbeta(2), sk.fbeta_score(y, pred, beta=2, sample_weight=w, **zd)),
            (c.mcc, sk.matthews_corrcoef(y, pred, sample_weight=w)),
        ]
        if 0 < c.positives and 0 < c.negatives:
            balanced = sk.balanced_accuracy_score(y, pred, sample_weight=w)
            pairs.append(((c.tpr + c.tnr) / 2, balanced))
    for ours, theirs in pairs:
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-15)


# ---------------------------------------------------------------------------------------
# parity with scikit-learn on random inputs


def _quiet(fn, *args, **kwargs):
    """Call fn; return ("error", type) for ValueError, else (result, warning categories)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = fn(*args, **kwargs)
        except ValueError:
            return "error", set()
    return result, {w.category.__name__ for w in caught} | {str(w.message) for w in caught}


def _same(ours, theirs):
    if isinstance(theirs, str) or isinstance(ours, str):
        assert ours == theirs
    elif isinstance(theirs, tuple):
        assert len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _same(a, b)
    elif theirs is None:
        assert ours is None
    else:
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-14)


@st.composite
def labelled(draw, max_classes=4):
    n = draw(st.integers(1, 25))
    k = draw(st.integers(1, max_classes))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, k, n)
    y_pred = np.where(rng.random(n) < 0.5, y_true, rng.integers(0, k, n))
    if draw(st.booleans()):  # string labels
        names = np.array(["ant", "bee", "cat", "dog", "eel"])
        y_true, y_pred = names[y_true], names[y_pred]
    weight_kind = draw(st.sampled_from([None, "float", "int"]))
    if weight_kind == "float":
        w = rng.random(n) * 3
    elif weight_kind == "int":
        w = rng.integers(0, 4, n)
    else:
        w = None
    classes = np.unique(np.concatenate([y_true, y_pred]))
    labels = None
    if draw(st.booleans()):  # an explicit order: a shuffled subset, maybe with an extra label
        extra = "fox" if classes.dtype.kind == "U" else 7
        pool = np.concatenate([classes, np.array([extra], dtype=classes.dtype)])
        size = draw(st.integers(1, len(pool)))
        labels = rng.permutation(pool)[:size].tolist()
    return y_true, y_pred, w, labels


AVERAGES = ["binary", "micro", "macro", "weighted", None]
ZERO_DIVISION = ["warn", 0.0, 1.0, np.nan]


@given(labelled(), st.sampled_from(AVERAGES), st.sampled_from(ZERO_DIVISION))
def test_precision_recall_f_parity(data, average, zero_division):
    y_true, y_pred, w, labels = data
    pos_label = y_true[0] if average == "binary" else 1
    kw = dict(labels=labels, average=average, sample_weight=w, zero_division=zero_division,
              pos_label=pos_label)  # fmt: skip
    for name in ("precision_score", "recall_score", "f1_score"):
        ours, our_warnings = _quiet(getattr(rs, name), y_true, y_pred, **kw)
        theirs, their_warnings = _quiet(getattr(sk, name), y_true, y_pred, **kw)
        _same(ours, theirs)
        assert ("UndefinedMetricWarning" in our_warnings) == (
            "UndefinedMetricWarning" in their_warnings
        ), name
    for beta in (0.5, 2.0):
        _same(
            _quiet(rs.fbeta_score, y_true, y_pred, beta=beta, **kw)[0],
            _quiet(sk.fbeta_score, y_true, y_pred, beta=beta, **kw)[0],
        )
    _same(
        _quiet(rs.precision_recall_fscore_support, y_true, y_pred, **kw)[0],
        _quiet(sk.precision_recall_fscore_support, y_true, y_pred, **kw)[0],
    )


@given(labelled(), st.sampled_from(AVERAGES), st.sampled_from(ZERO_DIVISION))
def test_specificity_npv_g_mean_from_sklearn_counts(data, average, zero_division):
    y_true, y_pred, w, labels = data
    pos_label = y_true[0] if average == "binary" else 1
    kw = dict(average=average, sample_weight=w, zero_division=zero_division,
              pos_label=pos_label, labels=labels)  # fmt: skip
    spec, _ = _quiet(rs.specificity_score, y_true, y_pred, **kw)
    if isinstance(spec, str):
        assert _quiet(sk.precision_score, y_true, y_pred, **kw)[0] == "error"
        return
    npv = _quiet(rs.npv_score, y_true, y_pred, **kw)[0]
    g = _quiet(rs.g_mean_score, y_true, y_pred, **kw)[0]
    chosen = [pos_label] if average == "binary" else labels
    mcm = sk.multilabel_confusion_matrix(y_true, y_pred, sample_weight=w, labels=chosen)
    tn, fp, fn, tp = (mcm[:, i, j].astype(float) for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)))
    if w is not None:  # scikit-learn's weighted tn (total - tp - fp - fn) is rounding noise
        heavy = sk.multilabel_confusion_matrix(y_true, y_pred, sample_weight=(w > 0) * 1.0,
                                               labels=chosen)  # where no true negative weighs
        tn[heavy[:, 0, 0] == 0] = 0.0  # anything; it is exactly 0 there  # fmt: skip
    if average == "micro":
        tn, fp, fn, tp = (np.array([a.sum()]) for a in (tn, fp, fn, tp))
    fill = 0.0 if zero_division == "warn" else zero_division

    def ratio(a, b):
        return np.array([x / y if y else fill for x, y in zip(a, b)])

    g_expected = np.array([
        (t / math.sqrt((t + f1) * (t + f2)) if t else (fill if t + f1 + f2 == 0 else 0.0))
        for t, f1, f2 in zip(tp, fp, fn)
    ])  # fmt: skip
    support = tp + fn
    for ours, per_class in ((spec, ratio(tn, tn + fp)), (npv, ratio(tn, tn + fn)), (g, g_expected)):
        if average in (None, "micro", "binary"):
            expected = per_class if average is None else float(per_class[0])
        else:
            keep = ~np.isnan(per_class)
            weights = support[keep] if average == "weighted" else None
            if not keep.any():
                expected = np.nan
            elif weights is not None and weights.sum() == 0:
                expected = per_class[keep].mean()
            else:
                expected = np.average(per_class[keep], weights=weights)
        np.testing.assert_allclose(ours, expected, rtol=1e-12, atol=1e-14)


@given(labelled(), st.sampled_from([None, "true", "pred", "all"]))
def test_confusion_matrix_parity(data, normalize):
    y_true, y_pred, w, labels = data
    ours, _ = _quiet(rs.confusion_matrix, y_true, y_pred, labels=labels, sample_weight=w,
                     normalize=normalize)  # fmt: skip
    theirs, _ = _quiet(sk.confusion_matrix, y_true, y_pred, labels=labels, sample_weight=w,
                       normalize=normalize)  # fmt: skip
    if isinstance(theirs, str):
        assert ours == theirs
        return
    assert ours.dtype.kind == theirs.dtype.kind
    np.testing.assert_allclose(ours, theirs, rtol=1e-12)


@given(st.integers(1, 12), st.integers(0, 2**32 - 1), st.sampled_from(["true", "pred"]))
def test_mcc_of_one_class_is_exactly_zero(n, seed, side):
    # one class in y_true (or y_pred) makes MCC 0/0, which is 0 as in scikit-learn; the row
    # sums were rebuilt as tp + (row - tp) and left 1.9e-08 for this input (1 in 5 cases)
    y, p = np.array([1, 1, 1]), np.array([1, 0, 1])
    assert rs.matthews_corrcoef(y, p, sample_weight=[2.42391821, 0.94041036, 2.94135928]) == 0
    rng = np.random.default_rng(seed)
    one, mixed = np.full(n, rng.integers(0, 3)), rng.integers(0, 3, n)
    y_true, y_pred = (one, mixed) if side == "true" else (mixed, one)
    w = rng.random(n) * 3
    assert rs.matthews_corrcoef(y_true, y_pred, sample_weight=w) == 0.0
    # (scikit-learn means 0 here too, but its variances mix sums grouped differently and
    # give NaN, with "invalid value in sqrt", or +-1e-8 for some weights)


@given(st.integers(9, 300), st.integers(0, 2**32 - 1))
def test_no_true_negatives_with_weights_is_zero_division(n, seed):
    # tn = total - tp - fp - fn left rounding noise when there are no true negatives (more
    # than 8 weights: NumPy's pairwise total), so specificity was noise / noise = 1.0
    rng = np.random.default_rng(seed)
    w = rng.random(n) * 3
    w[rng.random(n) < 0.1] = 0.0  # zero-weight negatives are no negatives either
    y_pred = rng.integers(0, 2, n)
    y_true = np.where(w > 0, 1, rng.integers(0, 2, n))  # every real negative weighs 0
    assert math.isnan(rs.specificity_score(y_true, y_pred, sample_weight=w,
                                           zero_division=np.nan))  # fmt: skip
    with pytest.warns(rs.UndefinedMetricWarning, match="Specificity"):
        assert rs.specificity_score(y_true, y_pred, sample_weight=w) == 0.0
    everything_positive = np.ones(n, dtype=int)  # no predicted negatives: NPV is 0/0
    assert math.isnan(rs.npv_score(y_pred, everything_positive, sample_weight=w,
                                   zero_division=np.nan))  # fmt: skip
    table = rs.multiclass.per_class_metrics(y_true, y_pred, sample_weight=w, zero_division=np.nan)
    one = table.labels.tolist().index(1)
    assert table.tn[one] == 0.0 and math.isnan(table.specificity[one])


@given(labelled())
def test_accuracy_balanced_mcc_parity(data):
    y_true, y_pred, w, _ = data
    if w is not None and np.sum(w) == 0:
        w = None
    for normalize in (True, False):
        assert rs.accuracy_score(y_true, y_pred, normalize=normalize, sample_weight=w) == (
            pytest.approx(sk.accuracy_score(y_true, y_pred, normalize=normalize,
                                            sample_weight=w), rel=1e-12)  # fmt: skip
        )
    for adjusted in (False, True):
        ours, our_w = _quiet(rs.balanced_accuracy_score, y_true, y_pred, sample_weight=w,
                             adjusted=adjusted)  # fmt: skip
        theirs, their_w = _quiet(sk.balanced_accuracy_score, y_true, y_pred, sample_weight=w,
                                 adjusted=adjusted)  # fmt: skip
        if adjusted and not isinstance(theirs, str) and not np.isfinite(theirs):
            assert math.isnan(ours)  # one class: scikit-learn divides by zero (nan or -inf)
        else:
            _same(ours, theirs)
        message = "y_pred contains classes not in y_true"
        assert (message in our_w) == (message in their_w)
    ours = rs.matthews_corrcoef(y_true, y_pred, sample_weight=w)
    weight = np.ones(len(y_true)) if w is None else np.asarray(w)
    if min(len(np.unique(y[weight > 0])) for y in (y_true, y_pred)) <= 1:
        assert ours == 0.0  # 0/0 is 0; scikit-learn's rounding can leave NaN or 1e-8 here
    else:
        np.testing.assert_allclose(
            ours, _quiet(sk.matthews_corrcoef, y_true, y_pred, sample_weight=w)[0],
            rtol=1e-10, atol=1e-12,
        )  # fmt: skip


@given(labelled(max_classes=3), st.sampled_from(ZERO_DIVISION))
def test_classification_report_parity(data, zero_division):
    y_true, y_pred, w, labels = data
    kw = dict(labels=labels, sample_weight=w, zero_division=zero_division)
    ours, _ = _quiet(rs.classification_report, y_true, y_pred, output_dict=True, **kw)
    theirs, _ = _quiet(sk.classification_report, y_true, y_pred, output_dict=True, **kw)
    if isinstance(theirs, str):
        assert ours == theirs
        return
    assert list(ours) == list(theirs)
    for key, value in theirs.items():
        if isinstance(value, dict):
            assert list(ours[key]) == list(value)
            np.testing.assert_allclose(list(ours[key].values()), list(value.values()), rtol=1e-12)
        else:
            np.testing.assert_allclose(ours[key], value, rtol=1e-12)
    # text: identical whenever scikit-learn's supports keep their type (it turns them into
    # floats when no prediction is correct, which we do not copy)
    tp_any = np.any(np.asarray(y_true) == np.asarray(y_pred))
    if w is None and tp_any:
        text_ours, _ = _quiet(rs.classification_report, y_true, y_pred, **kw)
        text_theirs, _ = _quiet(sk.classification_report, y_true, y_pred, **kw)
        assert text_ours == text_theirs


def test_classification_report_text_and_target_names():
    text = rs.classification_report([0, 1, 1], [0, 1, 0], target_names=["neg", "pos"], digits=3)
    assert text == sk.classification_report([0, 1, 1], [0, 1, 0], target_names=["neg", "pos"],
                                            digits=3)  # fmt: skip
    with pytest.raises(ValueError, match="does not match size of target_names"):
        rs.classification_report([0, 1, 1], [0, 1, 0], target_names=["a"])
    with pytest.warns(UserWarning, match="labels size, 1"):
        rs.classification_report([0, 1, 1], [0, 1, 0], labels=[1], target_names=["a", "b"])
    with pytest.raises(ValueError, match="digits must be an integer"):
        rs.classification_report([0, 1], [0, 1], digits=-1)


# ---------------------------------------------------------------------------------------
# warnings and errors of the scikit-learn-named functions


def test_undefined_metric_warning_is_a_user_warning_with_sklearn_text():
    assert issubclass(rs.UndefinedMetricWarning, UserWarning)
    with pytest.warns(rs.UndefinedMetricWarning, match="Precision is ill-defined and being "
                      "set to 0.0 due to no predicted samples"):  # fmt: skip
        assert rs.precision_score([0, 1], [0, 0]) == 0.0
    with pytest.warns(rs.UndefinedMetricWarning, match="in labels with no true samples"):
        rs.recall_score([0, 0], [0, 1], average="macro")
    with pytest.warns(rs.UndefinedMetricWarning, match="Specificity is ill-defined"):
        rs.specificity_score([1, 1], [1, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert rs.precision_score([0, 1], [0, 0], zero_division=1) == 1.0
        assert math.isnan(rs.precision_score([0, 1], [0, 0], zero_division=np.nan))


def test_pos_label_ignored_warning():
    with pytest.warns(UserWarning, match="pos_label .* is ignored"):
        rs.f1_score([0, 1, 2], [0, 1, 2], average="macro", pos_label=2)


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: rs.f1_score([0, 1, 2], [0, 1, 1]), ValueError, "Target is multiclass"),
        (lambda: rs.f1_score(["a", "b"], ["a", "b"]), ValueError, "pos_label=1 is not a valid"),
        (lambda: rs.f1_score([0, 1], [0, 1], average="mean"), ValueError, "average has to be"),
        (lambda: rs.f1_score([0, 1], [0, 1], average="samples"), ValueError, "Samplewise"),
        (lambda: rs.f1_score([0, 1], [0, 1], zero_division=2), ValueError, "zero_division"),
        (lambda: rs.fbeta_score([0, 1], [0, 1], beta=-1), ValueError, "beta must be >= 0"),
        (lambda: rs.recall_score([0, 1], ["a", "b"]), ValueError, "mix string and number"),
        (lambda: rs.recall_score([0, 1], [0.5, 1]), ValueError, "continuous"),
        (lambda: rs.recall_score([0, 1], [0, 1, 1]), ValueError, "inconsistent numbers"),
        (lambda: rs.recall_score([0, np.nan], [0, 1]), ValueError, "NaN"),
        (lambda: rs.recall_score([[0, 1]], [[0, 1]]), ValueError, "multilabel-indicator but"),
        (lambda: rs.recall_score([[0, 1]], [0, 1]), ValueError, "mix of multilabel"),
        (lambda: rs.confusion_matrix([[0, 1]], [[0, 1]]), ValueError, "1-D"),
        (lambda: rs.recall_score([0, 1], [0, 1], sample_weight=[1]), ValueError, "expected 2"),
        (lambda: rs.recall_score([0, 1], [0, 1], labels=[1, 1], average=None), ValueError,
         "duplicates"),
        (lambda: rs.recall_score([0, 1], [0, 1], labels=["a"], average=None), ValueError,
         "not of the type"),
        (lambda: rs.recall_score(np.array([0, "a"], dtype=object), [0, 1]), ValueError,
         "mixes string and number"),
        (lambda: rs.confusion_matrix([0, 1], [0, 1], labels=[]), ValueError, "at least one"),
        (lambda: rs.confusion_matrix([0, 1], [0, 1], labels=[5]), ValueError,
         "must be in y_true"),
        (lambda: rs.confusion_matrix([0, 1], [0, 1], normalize="rows"), ValueError,
         "normalize must be"),
        (lambda: rs.accuracy_score([0, 1], [0, 1], sample_weight=[0, 0]), ValueError,
         "zero for every sample"),
        (lambda: rs.accuracy_score([], []), ValueError, "empty"),
        (lambda: rs.accuracy_score("01", "01"), TypeError, "1-D array-like"),
        (lambda: rs.accuracy_score([0, 1j], [0, 1]), TypeError, "class labels"),
    ],
)
def test_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_confusion_matrix_single_label_warns_and_layouts():
    with pytest.warns(UserWarning, match="A single label was found"):
        rs.confusion_matrix([1, 1], [1, 1])
    y, p = [1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 1, 0, 0, 0]
    assert rs.confusion_matrix(y, p).tolist() == [[3, 1], [1, 2]]
    assert rs.confusion_matrix(y, p, labels=[1, 0]).tolist() == [[2, 1], [1, 3]]
    assert rs.confusion_matrix(y, p, sample_weight=[1, 1, 1, 1, 1, 1, 1.5]).dtype == np.float64
    assert rs.confusion_matrix(y, p, sample_weight=[1, 1, 1, 1, 1, 1, 2]).dtype == np.int64


def test_missing_values_in_pandas_labels_are_named_as_missing():
    # pd.NA in a string column was reported as "mixes string and number labels"
    pd = pytest.importorskip("pandas")
    for y in (pd.Series(["a", None, "b"], dtype="string"),
              pd.Series(["a", pd.NA, "b"], dtype=object),
              pd.Series([0, None, 1], dtype="Int64").astype(object)):
        with pytest.raises(ValueError, match="y_true contains None or NaN"):
            rs.binary_confusion(y, [0.1, 0.9, 0.5], threshold=0.5, pos_label="b")
        with pytest.raises(ValueError, match="y_true contains None or NaN"):
            rs.confusion_matrix(y, ["a", "a", "b"])


def test_pandas_and_object_inputs():
    pd = pytest.importorskip("pandas")
    y = pd.Series(["a", "b", "b"], dtype=object)
    p = pd.Series(["a", "b", "a"], dtype="string")
    assert rs.accuracy_score(y, p) == pytest.approx(2 / 3)
    assert rs.recall_score(y, p, pos_label="b") == 0.5


@given(st.data())
def test_accuracy_of_a_confusion_matrix_equals_accuracy_of_the_labels(data):
    n = data.draw(st.integers(1, 40))
    y = np.array(data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)))
    p = np.array(data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)))
    w = None
    if data.draw(st.booleans()):
        w = np.array(data.draw(st.lists(st.sampled_from([0.5, 1.0, 2.0]), min_size=n,
                                        max_size=n)))
    matrix = rs.confusion_matrix(y, p, sample_weight=w)
    for normalize in (True, False):
        expected = rs.accuracy_score(y, p, normalize=normalize, sample_weight=w)
        assert rs.accuracy_score(matrix, normalize=normalize) == pytest.approx(expected,
                                                                               rel=1e-12)
        assert rs.accuracy_score(matrix.tolist(), normalize=normalize) == pytest.approx(
            expected, rel=1e-12)
    assert rs.accuracy_score(matrix) == pytest.approx(
        sk.accuracy_score(y, p, sample_weight=w), rel=1e-12)


def test_accuracy_of_a_confusion_matrix():
    c = [[5, 1, 0], [2, 3, 1], [0, 0, 4]]
    assert rs.accuracy_score(c) == 12 / 16
    assert rs.accuracy_score(c, normalize=False) == 12.0
    assert rs.accuracy_score(np.array(c, dtype=np.uint8)) == 12 / 16
    binary = rs.binary_confusion([1, 0, 1, 1], [1, 0, 0, 1])
    assert rs.accuracy_score(binary.to_array()) == binary.accuracy == 0.75
    from rankscore.multiclass import per_class_metrics
    table = per_class_metrics(c)
    assert rs.accuracy_score(c) == table.tp.sum() / 16


@pytest.mark.parametrize("matrix, kwargs, error, match", [
    ([0, 1, 1], {}, ValueError, "y_pred is missing"),
    ([[1, 2]], {}, ValueError, "must be square"),
    ([[1, -1], [0, 1]], {}, ValueError, "non-negative counts"),
    ([[0, 0], [0, 0]], {}, ValueError, "no samples"),
    ([[np.nan, 1], [1, 1]], {}, ValueError, "NaN"),
    ([[1, 0], [0, 1]], {"sample_weight": [1, 2]}, ValueError, "weight its counts instead"),
    ([["a", "b"], ["c", "d"]], {}, TypeError, "real numbers"),
    ([[1, 0], [0, 1]], {"normalize": "yes"}, TypeError, "normalize"),
])
def test_accuracy_of_a_confusion_matrix_validation(matrix, kwargs, error, match):
    with pytest.raises(error, match=match):
        rs.accuracy_score(matrix, **kwargs)
