"""rankscore.curves: SPEC §3/§4 values, parity with scikit-learn 1.9, fast path == curve path,
input handling and every error. Runs on both backends (conftest fixture)."""

import contextlib
import warnings

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import rankscore as rs
from rankscore import _backend
from rankscore._engine import areas, parts as engine_parts, sweep as engine_sweep, views
from rankscore._engine.labels import binary_target as _binary_target


def _sweep(y_true, y_score, *, pos_label=None, sample_weight=None):
    """The engine's sweep of a binary problem (scikit-learn's ``_binary_clf_curve``)."""
    return engine_sweep.sweep_of_problem(
        engine_parts.binary_problem(y_true, y_score, pos_label, sample_weight))

sk = pytest.importorskip("sklearn.metrics")

SPEC_Y = [0, 1, 0, 0, 1, 1]
SPEC_S = [0.14, 0.23, 0.39, 0.52, 0.73, 0.90]


def quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


# ---------------------------------------------------------------------------------------
# SPEC values


@pytest.mark.parametrize("scale", [1e-300, 1e-170, 1e160, 1e290])
def test_roc_auc_score_weights_of_any_magnitude(scale):
    # the weight products underflowed to 0 (ZeroDivisionError) or overflowed to inf;
    # AUC is invariant to scaling every weight
    y = [0, 1, 0, 1, 1, 0, 1, 0]
    s = [0.1, 0.9, 0.3, 0.8, 0.35, 0.2, 0.7, 0.4]
    w = np.array([1.0, 2.0, 1.0, 1.0, 3.0, 1.0, 1.0, 2.0])
    expected = rs.roc_auc_score(y, s, sample_weight=w)
    assert expected == pytest.approx(29 / 35, rel=1e-12)
    assert rs.roc_auc_score(y, s, sample_weight=w * scale) == pytest.approx(expected, rel=1e-12)
    assert rs.gini_score(y, s, sample_weight=w * scale) == pytest.approx(2 * expected - 1, rel=1e-12)
    assert rs.roc_auc_score(y, s, sample_weight=[5e-324] * 8) == 0.9375


@pytest.mark.parametrize("scale", [1e-300, 4e-322, 1e300])
def test_average_precision_weights_of_any_magnitude(scale):
    # with subnormal weights each (recall gain) x precision term underflowed: 0.74897 for 0.75
    y = [0, 1, 0, 0, 1, 1, 0, 1]
    s = [0.14, 0.23, 0.39, 0.52, 0.73, 0.90, 0.39, 0.1]
    w = np.array([1, 2, 3, 1, 2, 1, 1, 1.0])
    expected = sk.average_precision_score(y, s, sample_weight=w)
    assert expected == pytest.approx(0.75, abs=1e-12)
    assert rs.average_precision_score(y, s, sample_weight=w * scale) == pytest.approx(
        expected, rel=1e-12)


def test_roc_auc_score_classes_weighted_300_orders_apart():
    # one scale shared by both classes turned the positives' weights into 0
    y, s = [0, 1, 0, 1, 1], [0.1, 0.9, 0.3, 0.8, 0.2]
    w = [1e10, 5e-324, 1e10, 5e-324, 1e-323]
    assert rs.roc_auc_score(y, s, sample_weight=w) == 0.75
    fpr, tpr, _ = rs.roc_curve(y, s, sample_weight=w)
    assert rs.auc(fpr, tpr) == 0.75


@pytest.mark.parametrize("pos_label", [np.nan, np.inf, -np.inf])
def test_non_finite_pos_label_is_an_absent_label(pos_label):
    # int(nan) raised "cannot convert float NaN to integer" on integer labels
    y, s = [0, 1, 0, 1, 1], [0.1, 0.9, 0.3, 0.8, 0.6]
    expected = quiet(rs.roc_curve, y, s, pos_label=2)
    with pytest.warns(rs.UndefinedMetricWarning):
        got = rs.roc_curve(y, s, pos_label=pos_label)
    for a, b in zip(got, expected):
        np.testing.assert_array_equal(a, b)


def test_spec_section3_example():
    assert round(rs.roc_auc_score(SPEC_Y, SPEC_S), 4) == 0.7778
    assert rs.roc_auc_score(SPEC_Y, SPEC_S) == 7 / 9
    assert round(rs.average_precision_score(SPEC_Y, SPEC_S), 4) == 0.8667
    assert rs.gini_score(SPEC_Y, SPEC_S) == pytest.approx(2 * 7 / 9 - 1, abs=1e-15)
    fpr, tpr, _ = rs.roc_curve(SPEC_Y, SPEC_S)
    assert rs.auc(fpr, tpr) == pytest.approx(7 / 9, abs=1e-15)


def test_spec_section4_spam_demo():
    from rankscore.datasets import load_spam

    _, target, score = load_spam()
    fpr, tpr, thresholds = rs.roc_curve(target, score, pos_label="spam")
    assert abs(rs.auc(fpr, tpr) - 79 / 99) <= 1e-15
    assert abs(rs.roc_auc_score(target, score) - 79 / 99) <= 1e-15  # "spam" > "ham"
    is_spam = np.asarray(target) == "spam"
    assert abs(rs.roc_auc_score(is_spam, score) - 79 / 99) <= 1e-15
    # at threshold 0.5: tp 6 of 9, fp 2 of 11 (SPEC §4)
    fps, tps, thr = _sweep(target, score, pos_label="spam")
    i = np.flatnonzero(thr >= 0.5)[-1]
    assert (tps[i], fps[i]) == (6, 2)
    i = np.flatnonzero(thr >= 0.25)[-1]
    assert (tps[i], fps[i]) == (7, 4)


def test_sweep_counts_and_dtypes():
    fps, tps, thr = _sweep([0, 1, 1, 0, 1], np.array([0.5, 0.5, 0.9, 0.1, 0.1], np.float32))
    assert thr.dtype == np.float32
    assert thr.tolist() == pytest.approx([0.9, 0.5, 0.1])
    assert fps.tolist() == [0, 1, 2] and tps.tolist() == [1, 2, 3]
    assert fps.dtype == tps.dtype == np.float64
    fps, tps, thr = _sweep([0, 1, 1], [3.0, 2.0, 1.0], sample_weight=[2.0, 0.0, 0.5])
    assert thr.tolist() == [3.0, 1.0]  # the zero-weight sample is dropped
    assert fps.tolist() == [2.0, 2.0] and tps.tolist() == [0.0, 0.5]


def test_binary_target():
    assert _binary_target([0, 1, 1]).tolist() == [False, True, True]
    assert _binary_target([-1, 1]).tolist() == [False, True]
    assert _binary_target([True, False]).tolist() == [True, False]
    assert _binary_target(["a", "b"], pos_label="a").tolist() == [True, False]
    assert _binary_target([1, 2, 3], pos_label=3).tolist() == [False, False, True]
    assert _binary_target(np.array([0.0, 1.0])).tolist() == [False, True]
    assert _binary_target([True, False], pos_label=False).tolist() == [False, True]


def test_ks_statistic_spec_example():
    ks = rs.ks_statistic(SPEC_Y, SPEC_S)
    # F-(0.52) = 1, F+(0.52) = 1/3: the largest gap, first reached at t = 0.52
    assert ks.statistic == 2 / 3 and ks.threshold == 0.52
    curve = rs.curves.ks_curve(SPEC_Y, SPEC_S)
    assert curve.thresholds.tolist() == sorted(SPEC_S)
    assert curve.cdf_negative.tolist() == pytest.approx([1 / 3, 1 / 3, 2 / 3, 1, 1, 1])
    assert curve.cdf_positive.tolist() == pytest.approx([0, 1 / 3, 1 / 3, 1 / 3, 2 / 3, 1])


def test_ks_threshold_tie_break_is_smallest_score():
    # |F- - F+| = 1/2 at t = 1 and again at t = 3
    ks = rs.ks_statistic([0, 1, 0, 1], [1.0, 2.0, 3.0, 4.0])
    assert ks == (0.5, 1.0)


def test_ks_frequency_weights_give_the_threshold_of_the_repeated_rows():
    # |F- - F+| = 1/6 at t = 0 and at t = 3; comparing rounded quotients picked t = 3
    y = np.array([0, 0, 1, 0, 1, 1, 1, 1, 0])
    s = np.array([2.0, 4, 3, 1, 0, 4, 1, 1, 0])
    w = np.array([1, 3, 1, 2, 1, 1, 2, 1, 3])
    repeated = rs.ks_statistic(np.repeat(y, w), np.repeat(s, w))
    assert repeated.threshold == 0.0 and repeated.statistic == pytest.approx(1 / 6, abs=1e-15)
    weighted = rs.ks_statistic(y, s, sample_weight=w.astype(float))
    assert weighted.threshold == 0.0
    assert weighted.statistic == pytest.approx(1 / 6, abs=1e-15)
    rng = np.random.default_rng(12)
    for _ in range(200):
        n = int(rng.integers(2, 30))
        y, s, w = rng.integers(0, 2, n), rng.integers(0, 5, n) / 4, rng.integers(1, 4, n)
        if y.min() == y.max():
            continue
        a = rs.ks_statistic(y, s, sample_weight=w)
        b = rs.ks_statistic(np.repeat(y, w), np.repeat(s, w))
        assert a.threshold == b.threshold
        assert a.statistic == pytest.approx(b.statistic, abs=1e-15)


@pytest.mark.parametrize("scale", [1e-300, 1e-170, 1e160, 1e300])
def test_weighted_ks_with_weights_of_any_magnitude(scale):
    y = [0, 1, 0, 1, 1, 0, 1, 0]
    s = [0.1, 0.9, 0.3, 0.8, 0.35, 0.2, 0.7, 0.4]
    w = np.array([1.0, 2.0, 1.0, 1.0, 3.0, 1.0, 1.0, 2.0])
    assert rs.ks_statistic(y, s, sample_weight=w) == (0.6, 0.3)
    for weights in (w * scale, np.where(np.array(y) == 1, w * scale, w)):  # classes apart
        statistic, threshold = rs.ks_statistic(y, s, sample_weight=weights)
        assert statistic == pytest.approx(0.6, abs=1e-15) and threshold == 0.3


# ---------------------------------------------------------------------------------------
# parity with scikit-learn


@st.composite
def binary_problem(draw, min_n=2, max_n=40):
    n = draw(st.integers(min_n, max_n))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    n_values = draw(st.sampled_from([1, 2, 3, 5, 1000]))  # heavy ties ... none
    s = np.array(draw(st.lists(st.integers(0, n_values - 1), min_size=n, max_size=n)))
    s = s / n_values - 0.3
    w = None
    if draw(st.booleans()):
        w = np.array(draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 3.0]), min_size=n,
                                   max_size=n)))
        assume(w.sum() > 0)
    return y, s, w


LABELINGS = {
    "01": lambda y: (y, None),
    "-11": lambda y: (2 * y - 1, None),
    "bool": lambda y: (y.astype(bool), None),
    "str": lambda y: (np.where(y == 1, "spam", "ham"), "spam"),
    "12pos1": lambda y: (2 - y, 1),
}


def assert_same(a, b):
    for x, z in zip(a, b):
        np.testing.assert_allclose(np.asarray(x, float), np.asarray(z, float), rtol=1e-12,
                                   atol=1e-14)


@given(binary_problem(), st.sampled_from(sorted(LABELINGS)), st.booleans())
def test_roc_curve_matches_sklearn(problem, labeling, drop):
    y, s, w = problem
    y, pos_label = LABELINGS[labeling](y)
    ours = quiet(rs.roc_curve, y, s, pos_label=pos_label, sample_weight=w,
                 drop_intermediate=drop)
    theirs = quiet(sk.roc_curve, y, s, pos_label=pos_label, sample_weight=w,
                   drop_intermediate=drop)
    assert ours[2].tolist() == theirs[2].tolist()
    assert_same(ours, theirs)


@given(binary_problem(), st.sampled_from(sorted(LABELINGS)), st.booleans())
def test_precision_recall_curve_matches_sklearn(problem, labeling, drop):
    y, s, w = problem
    y, pos_label = LABELINGS[labeling](y)
    ours = quiet(rs.precision_recall_curve, y, s, pos_label=pos_label, sample_weight=w,
                 drop_intermediate=drop)
    theirs = quiet(sk.precision_recall_curve, y, s, pos_label=pos_label, sample_weight=w,
                   drop_intermediate=drop)
    assert ours[2].tolist() == theirs[2].tolist()
    assert_same(ours, theirs)


@given(binary_problem(), st.booleans())
def test_det_curve_matches_sklearn(problem, drop):
    y, s, w = problem
    assume(len(np.unique(y)) == 2)
    if w is not None:
        assume(w[y == 1].sum() > 0 and w[y == 0].sum() > 0)
    ours = rs.det_curve(y, s, sample_weight=w, drop_intermediate=drop)
    theirs = sk.det_curve(y, s, sample_weight=w, drop_intermediate=drop)
    assert ours[2].tolist() == theirs[2].tolist()
    assert_same(ours, theirs)


@given(binary_problem(), st.sampled_from([None, 1.0, 0.5, 0.1, 0.999]))
def test_roc_auc_score_matches_sklearn(problem, max_fpr):
    y, s, w = problem
    try:
        theirs = quiet(sk.roc_auc_score, y, s, sample_weight=w, max_fpr=max_fpr)
    except ValueError:  # weights leave one class: sklearn's partial AUC fails, we give NaN
        assume(False)
    ours = quiet(rs.roc_auc_score, y, s, sample_weight=w, max_fpr=max_fpr)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-14)


@given(binary_problem(), st.sampled_from(["01", "-11", "bool"]))
def test_average_precision_and_scores_match_sklearn(problem, labeling):
    y, s, w = problem
    y, _ = LABELINGS[labeling](y)
    ours = quiet(rs.average_precision_score, y, s, sample_weight=w)
    theirs = quiet(sk.average_precision_score, y, s, sample_weight=w)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-14)
    precision, recall, _ = quiet(sk.precision_recall_curve, y, s, sample_weight=w)
    if len(precision) >= 2:
        assert quiet(rs.pr_auc_score, y, s, sample_weight=w) == pytest.approx(
            sk.auc(recall, precision), rel=1e-12, abs=1e-14)


def test_average_precision_string_labels():
    y = np.array(["b", "a", "b", "a"])
    s = [0.9, 0.2, 0.4, 0.5]
    assert rs.average_precision_score(y, s, pos_label="b") == sk.average_precision_score(
        y, s, pos_label="b")
    with pytest.raises(ValueError, match="pos_label=1 is not a valid label"):
        rs.average_precision_score(y, s)


@given(st.lists(st.floats(-5, 5, allow_nan=False), min_size=2, max_size=30),
       st.booleans())
def test_auc_matches_sklearn(values, decreasing):
    x = np.sort(np.array(values))
    if decreasing:
        x = x[::-1]
    y = np.cos(np.arange(len(x)))
    assert rs.auc(x, y) == sk.auc(x, y)


@pytest.mark.parametrize("average", [None, "micro", "macro", "weighted", "samples"])
@pytest.mark.parametrize("weighted", [False, True])
def test_multilabel_matches_sklearn(average, weighted):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, (60, 4))
    y[:, 3] = 0  # a column without positives: NaN AUC, 0 AP, as scikit-learn
    s = np.round(rng.random((60, 4)), 1)
    w = rng.random(60) if weighted else None
    for ours_fn, sk_fn in [(rs.roc_auc_score, sk.roc_auc_score),
                           (rs.average_precision_score, sk.average_precision_score)]:
        ours = quiet(ours_fn, y, s, average=average, sample_weight=w)
        theirs = quiet(sk_fn, y, s, average=average, sample_weight=w)
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-14)


def test_multilabel_weighted_average_without_positives_is_0_without_warnings():
    # scikit-learn returns 0 before scoring any column; every column warned here first
    y = np.zeros((4, 3), dtype=int)
    s = np.arange(12.0).reshape(4, 3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert sk.roc_auc_score(y, s, average="weighted") == 0
        assert rs.roc_auc_score(y, s, average="weighted") == 0
        assert rs.average_precision_score(y, s, average="weighted") == 0
        y[0, 0] = 1  # the only positive has weight 0
        assert rs.roc_auc_score(y, s, average="weighted", sample_weight=[0, 1, 1, 1]) == 0


@pytest.mark.parametrize("multi_class", ["ovr", "ovo"])
@pytest.mark.parametrize("average", ["macro", "weighted", None, "micro"])
@pytest.mark.parametrize("weighted", [False, True])
def test_multiclass_matches_sklearn(multi_class, average, weighted):
    rng = np.random.default_rng(5)
    y = rng.choice(["a", "b", "c", "d"], 80)
    p = np.round(rng.random((80, 4)), 1) + 0.01
    p /= p.sum(axis=1, keepdims=True)
    w = rng.random(80) if weighted else None
    kwargs = dict(multi_class=multi_class, average=average, sample_weight=w)
    try:
        theirs = sk.roc_auc_score(y, p, **kwargs)
    except (ValueError, NotImplementedError) as exc:
        with pytest.raises(type(exc), match=str(exc)[:30].replace("(", r"\(")
                           .replace(")", r"\)").replace("'", ".")):
            rs.roc_auc_score(y, p, **kwargs)
        return
    np.testing.assert_allclose(rs.roc_auc_score(y, p, **kwargs), theirs, rtol=1e-12)


def test_multiclass_with_labels_and_average_precision():
    rng = np.random.default_rng(6)
    y = rng.integers(0, 3, 50)
    p = rng.random((50, 4))
    p /= p.sum(axis=1, keepdims=True)
    for mc in ("ovr", "ovo"):  # class 3 never occurs: NaN for ovr (with a warning)
        assert quiet(rs.roc_auc_score, y, p, multi_class=mc,
                     labels=[0, 1, 2, 3]) == pytest.approx(
            quiet(sk.roc_auc_score, y, p, multi_class=mc, labels=[0, 1, 2, 3]), rel=1e-12,
            nan_ok=True)
    p3 = p[:, :3] / p[:, :3].sum(axis=1, keepdims=True)
    assert rs.average_precision_score(y, p3) == pytest.approx(
        sk.average_precision_score(y, p3), rel=1e-12)
    # a binary y_true with multi_class given is read as class probabilities too
    yb = rng.integers(0, 2, 50)
    assert rs.roc_auc_score(yb, p, multi_class="ovo", labels=[0, 1, 2, 3]) == pytest.approx(
        sk.roc_auc_score(yb, p, multi_class="ovo", labels=[0, 1, 2, 3]), rel=1e-12)


# ---------------------------------------------------------------------------------------
# fast paths, per-column AUC, backends


@contextlib.contextmanager
def counting_path(max_distinct):
    """Send small inputs through the counting path (heavily tied scores) too."""
    saved = engine_parts.COUNT_MIN_ROWS, engine_parts.COUNT_MAX_DISTINCT
    engine_parts.COUNT_MIN_ROWS, engine_parts.COUNT_MAX_DISTINCT = 1, max_distinct
    try:
        yield
    finally:
        engine_parts.COUNT_MIN_ROWS, engine_parts.COUNT_MAX_DISTINCT = saved




@given(binary_problem(min_n=2, max_n=60))
def test_fast_paths_equal_curve_paths(problem):
    y, s, w = problem
    keep = np.ones(len(y), bool) if w is None else w > 0
    assume(len(np.unique(y[keep])) == 2)
    fpr, tpr, _ = rs.roc_curve(y, s, sample_weight=w)
    assert rs.roc_auc_score(y, s, sample_weight=w) == pytest.approx(rs.auc(fpr, tpr),
                                                                    rel=1e-13, abs=1e-15)
    fpr, tpr, _ = rs.roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    assert rs.roc_auc_score(y, s, sample_weight=w) == pytest.approx(rs.auc(fpr, tpr),
                                                                    rel=1e-13, abs=1e-15)
    precision, recall, _ = rs.precision_recall_curve(y, s, sample_weight=w)
    assert rs.average_precision_score(y, s, sample_weight=w) == pytest.approx(
        -np.sum(np.diff(recall) * precision[:-1]), rel=1e-13, abs=1e-15)
    ks = rs.ks_statistic(y, s, sample_weight=w)
    curve = rs.curves.ks_curve(y, s, sample_weight=w)
    gap = np.abs(curve.cdf_negative - curve.cdf_positive)
    assert ks.statistic == pytest.approx(gap.max(), rel=1e-13, abs=1e-15)
    assert ks.threshold in curve.thresholds[np.isclose(gap, gap.max(), rtol=1e-13, atol=0)]


@st.composite
def sorted_class_parts(draw):
    """(neg, pos): each class's scores ascending, as the sort leaves them (no -0.0)."""
    n_neg, n_pos = draw(st.integers(1, 50)), draw(st.integers(1, 50))
    values = draw(st.sampled_from([[0.0], [0.0, -0.0, 1.0], [-np.inf, 0.5, np.inf],
                                   [1e-300, 5e-324, -5e-324, 1.7e308], list(range(7)),
                                   list(np.linspace(0, 1, 1000))]))
    dtype = draw(st.sampled_from([np.float64, np.float32]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    with np.errstate(over="ignore"):  # 1.7e308 is inf in float32: fine here
        values = np.array(values, dtype=dtype)
    return tuple(np.sort(rng.choice(values, n) + dtype(0)) for n in (n_neg, n_pos))


@given(sorted_class_parts(), st.booleans())
def test_one_pass_curve_kernels_equal_the_views_of_the_sweep(parts, drop):
    # roc_points / pr_points_into write the curves straight from the sorted parts; they must
    # give the bits the views give on the full-length sweep (summary_sweep)
    neg, pos = parts
    k = _backend.kernels
    sweep = engine_sweep.Sweep(*k.summary_sweep(neg, pos))
    results = [(k.roc_points(neg, pos, drop), views.roc_view(sweep, drop)),
               (engine_sweep.pr_points(neg, pos, drop), views.pr_view(sweep, drop))]
    saved = engine_parts.PARALLEL_SORT_ROWS
    engine_parts.PARALLEL_SORT_ROWS = 1  # the PR points of two halves, written on two threads
    try:
        results.append((engine_sweep.pr_points(neg, pos, drop, n_threads=2),
                        views.pr_view(sweep, drop)))
    finally:
        engine_parts.PARALLEL_SORT_ROWS = saved
    for got, want in results:
        for a, b in zip(got, want, strict=True):
            assert a.dtype == b.dtype
            np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("drop", [False, True])
def test_curves_of_continuous_scores_equal_sklearn_bit_for_bit(dtype, drop):
    rng = np.random.default_rng(7)
    y = (rng.random(20_000) < 0.1).astype(np.int64)
    s = rng.random(20_000).astype(dtype)
    s[::50] = s[1::50]  # some ties across and within the classes
    for fn in ("roc_curve", "precision_recall_curve"):
        ours = getattr(rs, fn)(y, s, drop_intermediate=drop)
        theirs = getattr(sk, fn)(y, s, drop_intermediate=drop)
        for a, b in zip(ours, theirs):
            np.testing.assert_array_equal(a, b)


@given(binary_problem(min_n=2, max_n=60))
def test_ks_matches_scipy(problem):
    stats = pytest.importorskip("scipy.stats")
    y, s, _ = problem
    assume(len(np.unique(y)) == 2)
    expected = stats.ks_2samp(s[y == 1], s[y == 0]).statistic
    assert rs.ks_statistic(y, s).statistic == pytest.approx(expected, rel=1e-13, abs=1e-15)


@given(binary_problem(min_n=2, max_n=60), st.randoms(use_true_random=False))
def test_results_do_not_depend_on_input_order(problem, random):
    y, s, w = problem
    order = list(range(len(y)))
    random.shuffle(order)
    yp, sp, wp = y[order], s[order], None if w is None else w[order]
    a, b = _sweep(y, s, sample_weight=w), _sweep(yp, sp, sample_weight=wp)
    assert a.thresholds.tolist() == b.thresholds.tolist()
    assert_same(a, b)
    assert quiet(rs.roc_auc_score, y, s, sample_weight=w) == pytest.approx(
        quiet(rs.roc_auc_score, yp, sp, sample_weight=wp), rel=1e-13, nan_ok=True)
    if w is None:  # exact integer arithmetic: identical bits
        assert quiet(rs.ks_statistic, y, s) == quiet(rs.ks_statistic, yp, sp) or np.isnan(
            quiet(rs.ks_statistic, y, s).statistic)


@given(binary_problem(min_n=2, max_n=60))
def test_backends_agree_bit_for_bit(problem):
    pytest.importorskip("rankscore._kernels")
    y, s, w = problem
    results = {}
    for name, path in [("cython", contextlib.nullcontext), ("python", contextlib.nullcontext),
                       ("cython-count", counting_path), ("python-count", counting_path)]:
        with _backend.using(name.split("-")[0]), path(5):
            results[name] = [
                _sweep(y, s, sample_weight=w),
                quiet(rs.roc_curve, y, s, sample_weight=w),
                quiet(rs.roc_curve, y, s, sample_weight=w, drop_intermediate=False),
                quiet(rs.precision_recall_curve, y, s, sample_weight=w),
                quiet(rs.precision_recall_curve, y, s, sample_weight=w,
                      drop_intermediate=True),
                quiet(rs.roc_auc_score, y, s, sample_weight=w),
                quiet(rs.average_precision_score, y, s, sample_weight=w),
                quiet(rs.ks_statistic, y, s, sample_weight=w),
            ]
    for path in ("", "-count"):
        for a, b in zip(results["cython" + path], results["python" + path]):
            a, b = (v if isinstance(v, tuple) else (v,) for v in (a, b))
            for x, z in zip(a, b, strict=True):  # each array of a curve on its own
                np.testing.assert_array_equal(np.asarray(x, dtype=float),
                                              np.asarray(z, dtype=float))


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("n_threads", [1, 2])
def test_per_column_auc(weighted, n_threads):
    from rankscore.curves import roc_auc_columns

    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 300)
    scores = np.round(rng.random((300, 9)), 2)
    w = rng.random(300) if weighted else None
    got = roc_auc_columns(y, scores, sample_weight=w, n_threads=n_threads)
    expected = [sk.roc_auc_score(y, scores[:, j], sample_weight=w) for j in range(9)]
    assert got.shape == (9,)
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    got = roc_auc_columns(y, scores, sample_weight=w, max_fpr=0.3, n_threads=n_threads)
    expected = [sk.roc_auc_score(y, scores[:, j], sample_weight=w, max_fpr=0.3)
                for j in range(9)]
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    # string labels: the greater label is positive, as for 1-D scores
    labels = np.where(y == 1, "yes", "no")
    np.testing.assert_allclose(roc_auc_columns(labels, scores, n_threads=n_threads),
                               roc_auc_columns(y, scores), rtol=1e-15)
    # a 1-D score vector is one column
    assert roc_auc_columns(y, scores[:, 0]).tolist() == [rs.roc_auc_score(y, scores[:, 0])]


def test_roc_auc_columns_refuses_multiclass_labels():
    from rankscore.curves import roc_auc_columns

    with pytest.raises(ValueError, match="y_true holds 3 classes; roc_auc_columns scores binary"):
        roc_auc_columns([0, 1, 2, 1], np.ones((4, 3)))


@pytest.mark.parametrize("multi_class", ["raise", "ovr", "ovo"])
def test_binary_labels_with_predict_proba_output_raise_as_sklearn(multi_class):
    """roc_auc_score(y, clf.predict_proba(X)) with binary y: scikit-learn raises (the
    (n, 2) matrix is not a score vector), and so does rankscore, naming the fix."""
    y = np.array([0, 1, 0, 1, 1, 0])
    proba = np.column_stack([[0.9, 0.2, 0.6, 0.3, 0.1, 0.8], [0.1, 0.8, 0.4, 0.7, 0.9, 0.2]])
    with pytest.raises(ValueError, match=r"y should be a 1d array, got an array of shape "
                                         r"\(6, 2\)") as sk_error:
        sk.roc_auc_score(y, proba, multi_class=multi_class)
    with pytest.raises(ValueError, match=r"got an array of shape \(6, 2\) instead\. y_true is "
                                         r"binary: pass the positive class's column .*"
                                         "roc_auc_columns") as rs_error:
        rs.roc_auc_score(y, proba, multi_class=multi_class)
    assert str(rs_error.value).startswith(str(sk_error.value))
    with pytest.raises(ValueError, match=r"shape \(6, 2\)"):
        rs.gini_score(y, proba)
    assert rs.roc_auc_score(y, proba[:, 1]) == sk.roc_auc_score(y, proba[:, 1]) == 1.0
    # three columns with binary labels: scikit-learn's multiclass path and its messages
    three = np.column_stack([proba, np.zeros(6)])
    with pytest.raises(ValueError, match=r"multi_class must be in \('ovo', 'ovr'\)"):
        rs.roc_auc_score(y, three)


@given(binary_problem(min_n=2, max_n=60))
def test_threaded_sort_gives_the_same_auc(problem):
    y, s, _ = problem
    expected = quiet(rs.roc_auc_score, y, s, n_threads=1)
    saved = engine_parts.PARALLEL_SORT_ROWS
    engine_parts.PARALLEL_SORT_ROWS = 1
    try:
        for labels in (y, list(y)):  # the low-overhead path and the general one
            got = quiet(rs.roc_auc_score, labels, s, n_threads=2)
            assert got == expected or np.isnan(got) and np.isnan(expected)
    finally:
        engine_parts.PARALLEL_SORT_ROWS = saved


def test_single_score_column_is_read_as_1d():
    y, s = np.array(SPEC_Y), np.array(SPEC_S)
    assert rs.roc_auc_score(y, s[:, None]) == rs.roc_auc_score(y, s)


@given(binary_problem(min_n=2, max_n=60), st.sampled_from([1, 3, 1000]))
def test_counting_path_equals_sorting_path(problem, max_distinct):
    y, s, _ = problem
    functions = [
        lambda: _sweep(y, s),
        lambda: quiet(rs.roc_curve, y, s),
        lambda: quiet(rs.roc_curve, y, s, drop_intermediate=False),
        lambda: quiet(rs.precision_recall_curve, y, s),
        lambda: quiet(rs.roc_auc_score, y, s),
        lambda: quiet(rs.roc_auc_score, y.astype(bool), s),
        lambda: quiet(rs.average_precision_score, y, s),
        lambda: quiet(rs.ks_statistic, y, s),
        lambda: quiet(rs.curves.roc_auc_columns, y, np.column_stack([s, -s])),
    ]
    sorting = [f() for f in functions]
    with counting_path(max_distinct):
        counting = [f() for f in functions]
    for a, b in zip(sorting, counting):
        if isinstance(a, float) or isinstance(a, tuple) and isinstance(a[0], float):
            np.testing.assert_array_equal(np.asarray(a), np.asarray(b))  # exact ints
        else:
            assert_same(a, b)


def test_auc_counts_stay_exact_past_2_to_31_rows():
    from fractions import Fraction

    # 5e9 rows in two tied scores: 2U = 7e18 does not fit a double exactly, fits 64 bits
    counts = engine_parts.Counts(np.array([0.0, 1.0]), np.array([2 * 10**9, 10**9]),
                            np.array([10**9, 10**9]))
    assert areas.auc_of_counts(counts) == float(Fraction(7 * 10**18, 12 * 10**18))


def test_counting_path_large_tied_input_matches_sklearn():
    rng = np.random.default_rng(11)
    n = 3 * engine_parts.COUNT_MIN_ROWS
    y = (rng.random(n) < 0.1).astype(np.int64)
    s = np.round(rng.random(n), 3)
    assert rs.roc_auc_score(y, s) == pytest.approx(sk.roc_auc_score(y, s), rel=1e-12)
    assert rs.average_precision_score(y, s) == pytest.approx(
        sk.average_precision_score(y, s), rel=1e-12)
    assert_same(rs.roc_curve(y, s), sk.roc_curve(y, s))
    s_nan = s.copy()
    s_nan[123] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        rs.roc_auc_score(y, s_nan)
    with pytest.raises(ValueError, match="NaN"):
        rs.ks_statistic(y, s_nan)
    with pytest.raises(ValueError, match="multi_class must be in"):  # 3 classes
        rs.roc_auc_score(np.where(s > 0.5, 2, y), s)


# ---------------------------------------------------------------------------------------
# inputs


def test_float32_scores_and_any_integer_labels():
    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 200)
    s = np.round(rng.random(200), 2).astype(np.float32)
    expected = sk.roc_auc_score(y, s.astype(np.float64))
    for dtype in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
                  np.uint64, np.float64, bool):
        yd = y.astype(dtype)
        assert rs.roc_auc_score(yd, s) == pytest.approx(expected, rel=1e-14)
        assert rs.ks_statistic(yd, s) == rs.ks_statistic(y, s.astype(np.float64))
    assert _sweep(y, s).thresholds.dtype == np.float32
    assert rs.roc_curve(y, s)[2].dtype == np.float64


def test_readonly_strided_and_byteswapped_inputs_are_not_modified():
    rng = np.random.default_rng(9)
    y_big = rng.integers(0, 2, 400)
    s_big = rng.random(400)
    w_big = rng.random(400)
    y, s, w = y_big[::2], s_big[::2], w_big[::2]  # strided views
    for a in (y_big, s_big, w_big):
        a.flags.writeable = False
    before = [a.copy() for a in (y, s, w)]
    expected = sk.roc_auc_score(y, s, sample_weight=w)
    assert rs.roc_auc_score(y, s, sample_weight=w) == pytest.approx(expected, rel=1e-12)
    swapped_s = s.astype(s.dtype.newbyteorder())
    swapped_y = y.astype(y.dtype.newbyteorder())
    assert rs.roc_auc_score(swapped_y, swapped_s, sample_weight=w) == pytest.approx(
        expected, rel=1e-12)
    for fn in (rs.roc_curve, rs.precision_recall_curve, rs.det_curve, rs.curves.ks_curve):
        fn(swapped_y, swapped_s, sample_weight=w)
        fn(y, s, sample_weight=w)
    rs.ks_statistic(y, s)
    rs.average_precision_score(y, s, sample_weight=w)
    scores2d = np.column_stack([s_big, 1 - s_big])[::2]
    scores2d.flags.writeable = False
    rs.curves.roc_auc_columns(y, scores2d)
    for a, b in zip((y, s, w), before):
        np.testing.assert_array_equal(a, b)


def test_lists_and_pandas():
    pd = pytest.importorskip("pandas")
    y = pd.Series(SPEC_Y)
    s = pd.Series(SPEC_S)
    assert rs.roc_auc_score(y, s) == 7 / 9
    assert rs.roc_auc_score(list(SPEC_Y), tuple(SPEC_S)) == 7 / 9
    frame = pd.DataFrame({"a": SPEC_S, "b": SPEC_S[::-1]})
    assert rs.curves.roc_auc_columns(y, frame).tolist() == pytest.approx(
        [7 / 9, sk.roc_auc_score(SPEC_Y, SPEC_S[::-1])])


def _labels_with_a_missing_value():
    pd = pytest.importorskip("pandas")
    # SPEC_Y with its third label (a negative) missing
    return {
        "object None": (np.array([0, 1, None, 0, 1, 1], dtype=object), 1),
        "object NaN": (np.array([0, 1, np.nan, 0, 1, 1], dtype=object), 1),
        "strings None": (np.array(["n", "p", None, "n", "p", "p"], dtype=object), "p"),
        "pandas string NA": (pd.Series(["n", "p", pd.NA, "n", "p", "p"], dtype="string"), "p"),
        "pandas category NaN": (pd.Series(["n", "p", None, "n", "p", "p"], dtype="category"),
                                "p"),
        "pandas boolean NA": (pd.Series([False, True, pd.NA, False, True, True],
                                        dtype="boolean"), True),
        "pandas Int64 NA": (pd.Series([0, 1, pd.NA, 0, 1, 1], dtype="Int64"), 1),
    }


@pytest.mark.parametrize("case", ["object None", "object NaN", "strings None",
                                  "pandas string NA", "pandas category NaN",
                                  "pandas boolean NA", "pandas Int64 NA"])
@pytest.mark.parametrize("fn", [rs.roc_curve, rs.precision_recall_curve, rs.ks_statistic,
                                rs.curves.ks_curve, rs.gains.gain_table, rs.gains.cumulative_gain_curve,
                                rs.pr_auc_score, rs.average_precision_score, rs.roc_auc_score])
def test_a_missing_label_is_an_error(case, fn):
    # None/NaN/pd.NA among object labels were counted as negatives when pos_label was given
    # (roc_curve returned a curve over 3 negatives) and made roc_auc_score and
    # average_precision_score fail with "'<' not supported" / "boolean value of NA is
    # ambiguous"
    y, pos_label = _labels_with_a_missing_value()[case]
    kwargs = {} if fn is rs.roc_auc_score else {"pos_label": pos_label}
    with pytest.raises(ValueError, match=r"None or NaN|contains NaN") as info:
        fn(y, SPEC_S, **kwargs)
    assert "index 2" in str(info.value)


def test_object_and_nullable_labels_without_missing_values():
    pd = pytest.importorskip("pandas")
    # numbers in an object array are numbers: {0, 1} needs no pos_label
    y = np.array(SPEC_Y, dtype=object)
    assert rs.roc_auc_score(y, SPEC_S) == 7 / 9
    np.testing.assert_array_equal(rs.roc_curve(y, SPEC_S)[1], rs.roc_curve(SPEC_Y, SPEC_S)[1])
    assert rs.ks_statistic(y, SPEC_S) == rs.ks_statistic(SPEC_Y, SPEC_S)
    # integers stay exact: as float64, 2**60 and 2**60 + 1 were one class (AUC NaN)
    big = np.array([2**60, 2**60 + 1] * 3, dtype=object)
    assert rs.roc_auc_score(big, SPEC_S) == 2 / 3 == pytest.approx(
        sk.roc_auc_score(big.astype(np.int64), SPEC_S), abs=1e-15)
    np.testing.assert_array_equal(rs.roc_curve(big, SPEC_S, pos_label=2**60 + 1)[1],
                                  rs.roc_curve([0, 1] * 3, SPEC_S)[1])
    # a string among numbers is an error, not a negative
    mixed = np.array([0, "1", 0, 0, 1, 1], dtype=object)
    with pytest.raises(ValueError, match="mixes string and number"):
        rs.roc_curve(mixed, SPEC_S, pos_label=1)
    assert rs.roc_auc_score(pd.Series(SPEC_Y, dtype="boolean"), SPEC_S) == 7 / 9
    # a DataFrame of nullable columns comes out of to_numpy() as objects
    rng = np.random.default_rng(3)
    y2d = rng.integers(0, 2, (30, 3))
    s2d = rng.random((30, 3))
    frame = pd.DataFrame(y2d).astype("Int64")
    expected = sk.roc_auc_score(y2d, s2d, average=None)
    np.testing.assert_allclose(rs.roc_auc_score(frame, s2d, average=None), expected,
                               rtol=1e-14)
    np.testing.assert_allclose(rs.roc_auc_score(y2d, pd.DataFrame(s2d).astype("Float64"),
                                                average=None), expected, rtol=1e-14)
    np.testing.assert_allclose(rs.roc_auc_score(frame.astype("boolean"), s2d, average=None),
                               expected, rtol=1e-14)


# ---------------------------------------------------------------------------------------
# warnings and errors


def test_one_class_warns_like_sklearn():
    from rankscore.metrics import UndefinedMetricWarning

    with pytest.warns(UndefinedMetricWarning, match="Only one class is present"):
        assert np.isnan(rs.roc_auc_score([1, 1, 1], [0.1, 0.2, 0.3]))
    with pytest.warns(UndefinedMetricWarning, match="No negative samples"):
        fpr, tpr, _ = rs.roc_curve([1, 1], [0.1, 0.2])
    assert np.isnan(fpr).all() and tpr.tolist() == [0.0, 0.5, 1.0]
    with pytest.warns(UndefinedMetricWarning, match="No positive samples"):
        rs.roc_curve([0, 0], [0.1, 0.2])
    with pytest.warns(UserWarning, match="No positive class found"):
        assert rs.average_precision_score([0, 0], [0.1, 0.2]) == 0.0
    with pytest.warns(UndefinedMetricWarning, match="KS statistic is not defined"):
        assert np.isnan(rs.ks_statistic([0, 0], [0.1, 0.2]).statistic)
    with pytest.warns(UndefinedMetricWarning, match="Only one class"):
        assert np.isnan(rs.roc_auc_score([0, 0, 0], np.ones((3, 2)))).all()


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: _sweep([0, 1, 2], [1, 2, 3]), ValueError, "multiclass format"),
        (lambda: _sweep(["a", "b"], [1, 2]), ValueError, r"takes value in \{'a', 'b'\}"),
        (lambda: _sweep([0, 2], [1, 2]), ValueError, r"takes value in \{0, 2\}"),
        (lambda: _sweep([0, 1], [0.1, np.nan]), ValueError, "NaN"),
        (lambda: _sweep([0, 1], [0.1, np.inf]), ValueError, "infinity"),
        (lambda: rs.roc_auc_score([0, 1], [0.1, np.nan]), ValueError, "NaN"),
        (lambda: rs.roc_auc_score([0, 1], [-np.inf, 1.0]), ValueError, "infinity"),
        (lambda: rs.ks_statistic([0, 1], [0.1, np.nan]), ValueError, "NaN"),
        (lambda: _sweep([0, 1, 1], [0.1, 0.2]), ValueError, "inconsistent numbers"),
        (lambda: _sweep([], []), ValueError, "y_true is empty"),
        (lambda: _sweep([0, 1], []), ValueError, "y_score is empty"),
        (lambda: _sweep([0, 1], [0.1, 0.2], sample_weight=[1, -1]), ValueError,
         "non-negative"),
        (lambda: _sweep([0, 1], [0.1, 0.2], sample_weight=[1]), ValueError, "sample_weight"),
        (lambda: _sweep([0, 1], [0.1, 0.2], sample_weight=[0, 0]), ValueError,
         "zero for every sample"),
        (lambda: _sweep([[0, 1]], [0.1, 0.2]), ValueError, "must be 1-D"),
        (lambda: _sweep([0, 1], [[0.1, 0.2]]), ValueError, "1-D"),
        (lambda: _sweep([0.5, 1], [0.1, 0.2]), ValueError, "continuous"),
        (lambda: _sweep([np.nan, 1], [0.1, 0.2]), ValueError, "labels must be finite"),
        (lambda: _sweep(None, [0.1]), TypeError, "None"),
        (lambda: _sweep(1, [0.1]), TypeError, "scalar"),
        (lambda: _sweep([0, 1], ["a", "b"]), TypeError, "numeric"),
        (lambda: _sweep([1j, 0], [0.1, 0.2]), TypeError, "complex"),
        (lambda: rs.roc_curve([0, 1], [0.1, 0.2], drop_intermediate="yes"), TypeError,
         "drop_intermediate"),
        (lambda: rs.roc_auc_score([0, 1, 2], [0.1, 0.2, 0.3]), ValueError,
         r"multi_class must be in \('ovo', 'ovr'\)"),
        (lambda: rs.roc_auc_score([0, 1, 2], [0.1, 0.2, 0.3], multi_class="ovr"), ValueError,
         "needs to be of shape"),
        (lambda: rs.roc_auc_score([0, 1, 2], np.eye(3), max_fpr=0.5), ValueError,
         "Partial AUC computation not available"),
        (lambda: rs.roc_auc_score([0, 1, 2], np.full((3, 3), 0.5), multi_class="ovr"),
         ValueError, "need to be probabilities"),
        (lambda: rs.roc_auc_score([0, 1, 2], np.eye(3), multi_class="ovo", average=None),
         NotImplementedError, "average=None is not implemented"),
        (lambda: rs.roc_auc_score([0, 1, 2], np.eye(3), multi_class="ovo",
                                  sample_weight=[1, 1, 1]), ValueError, "sample_weight"),
        (lambda: rs.roc_auc_score([0, 1, 2], np.eye(3), multi_class="ovr",
                                  labels=[0, 1, 1]), ValueError, "must be unique"),
        (lambda: rs.roc_auc_score([0, 1, 2], np.eye(3), multi_class="ovr",
                                  labels=[0, 2, 1]), ValueError, "must be ordered"),
        (lambda: rs.roc_auc_score([0, 1, 2], np.eye(3), multi_class="ovr",
                                  labels=[0, 1]), ValueError, "Number of given labels"),
        (lambda: rs.roc_auc_score([0, 1, 3], np.eye(3), multi_class="ovr",
                                  labels=[0, 1, 2]), ValueError, "not in parameter"),
        (lambda: rs.roc_auc_score([0, 1, 2], np.eye(4)[:3], multi_class="ovr"), ValueError,
         "Number of classes in y_true"),
        (lambda: rs.roc_auc_score([0, 1], [0.1, 0.2], max_fpr=0), ValueError,
         r"max_fpr in range \(0, 1\]"),
        (lambda: rs.roc_auc_score([0, 1], [0.1, 0.2], max_fpr="x"), TypeError, "max_fpr"),
        (lambda: rs.roc_auc_score([0, 1], [0.1, 0.2], average="mean"), ValueError,
         "average must be one of"),
        (lambda: rs.roc_auc_score([0, 1], [0.1, 0.2], multi_class="ova"), ValueError,
         "multi_class must be one of"),
        (lambda: rs.roc_auc_score([0, 1], [0.1, 0.2], n_threads=0), ValueError, "n_threads"),
        (lambda: rs.roc_auc_score([[0, 1], [1, 0]], [[0.1, 0.2]]), ValueError, "same shape"),
        (lambda: rs.roc_auc_score([[0, 2], [1, 0]], np.eye(2)), ValueError, "indicator"),
        (lambda: rs.roc_auc_score([0, 1], np.zeros((2, 2, 2))), ValueError, "1-D or 2-D"),
        (lambda: rs.curves.roc_auc_columns([0, 1], np.array([[0.1, np.nan], [0.2, 0.3]])),
         ValueError, "NaN"),
        (lambda: rs.curves.roc_auc_columns([0, 1, 1], np.array([[0.1, 0.4], [0.2, -np.inf], [1, 2]])),
         ValueError, "infinity"),
        (lambda: rs.curves.roc_auc_columns([1, 1], np.array([[0.1, np.nan], [0.2, 0.3]])),
         ValueError, "NaN"),
        (lambda: rs.curves.roc_auc_columns([0, 1, 0], np.array([[0.1, 0.5], [0.2, 0.3], [np.nan, 0]]),
                                  sample_weight=[1, 1, 1]), ValueError, "NaN"),
        (lambda: rs.average_precision_score([[0, 1], [1, 0]], np.eye(2), pos_label=0),
         ValueError, "fixed to 1 for multilabel"),
        (lambda: rs.average_precision_score([0, 1, 2], np.eye(3), pos_label=2), ValueError,
         "fixed to 1 for multiclass"),
        (lambda: rs.average_precision_score([0, 1, 2], [0.1, 0.2, 0.3]), ValueError,
         "needs to be of shape"),
        (lambda: rs.average_precision_score([0, 2], [0.1, 0.2]), ValueError,
         "pos_label=1 is not a valid label"),
        (lambda: rs.det_curve([1, 1], [0.1, 0.2]), ValueError, "Only one class"),
        (lambda: rs.auc([0.0], [1.0]), ValueError, "At least 2 points"),
        (lambda: rs.auc([0, 1, 0.5], [1, 2, 3]), ValueError, "neither increasing"),
        (lambda: rs.auc([0, 1], [1, 2, 3]), ValueError, "inconsistent numbers"),
    ],
)
def test_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()
