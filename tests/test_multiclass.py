import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn import metrics as skm

import rankscore as rs

C3 = np.array([[5, 1, 0], [2, 3, 1], [0, 0, 4]])


def _labels_from_confusion(matrix, names):
    """y_true, y_pred reproducing an integer confusion matrix."""
    t, p = [], []
    for i, row in enumerate(matrix):
        for j, count in enumerate(row):
            t += [names[i]] * int(count)
            p += [names[j]] * int(count)
    return np.array(t), np.array(p)


# --------------------------------------------------------------------------- per-class table

def test_per_class_metrics_spec_formulas_by_hand():
    table = rs.multiclass.per_class_metrics(C3, labels=["a", "b", "c"])
    np.testing.assert_array_equal(table.tp, [5, 3, 4])
    np.testing.assert_array_equal(table.fn, [1, 3, 0])  # row sum − tp
    np.testing.assert_array_equal(table.fp, [2, 1, 1])  # column sum − tp
    np.testing.assert_array_equal(table.tn, [8, 9, 11])  # 16 − tp − fn − fp
    np.testing.assert_allclose(table.sensitivity, [5 / 6, 3 / 6, 4 / 4], rtol=1e-15)
    np.testing.assert_allclose(table.specificity, [8 / 10, 9 / 10, 11 / 12], rtol=1e-15)
    np.testing.assert_allclose(table.precision, [5 / 7, 3 / 4, 4 / 5], rtol=1e-15)
    np.testing.assert_allclose(table.npv, [8 / 9, 9 / 12, 11 / 11], rtol=1e-15)
    assert table.recall is table.sensitivity
    np.testing.assert_array_equal(table.support, [6, 6, 4])
    assert list(table.labels) == ["a", "b", "c"] and len(table) == 3


def test_per_class_metrics_binary_matches_spec_credit_model():
    # SPEC §2: (tp, fp, fn, tn) = (48, 2, 52, 98), P = 0.96, R = 0.48; positive first
    table = rs.multiclass.per_class_metrics([[48, 52], [2, 98]], labels=["good", "bad"])
    assert table.precision[0] == 0.96 and table.sensitivity[0] == 0.48
    assert (table.tp[0], table.fp[0], table.fn[0], table.tn[0]) == (48, 2, 52, 98)
    # the other class sees the same matrix mirrored
    assert (table.tp[1], table.fp[1], table.fn[1], table.tn[1]) == (98, 52, 2, 48)


def test_per_class_metrics_from_labels_equals_from_matrix():
    t, p = _labels_from_confusion(C3, ["x", "y", "z"])
    a = rs.multiclass.per_class_metrics(t, p)
    b = rs.multiclass.per_class_metrics(C3, labels=["x", "y", "z"])
    assert a.to_dict() == b.to_dict()


def test_per_class_metrics_default_names_and_outputs():
    table = rs.multiclass.per_class_metrics(C3)
    assert list(table.labels) == [0, 1, 2]
    d = table.to_dict()
    assert d[2] == {"tp": 4, "fp": 1, "fn": 0, "tn": 11, "sensitivity": 1.0,
                    "specificity": 11 / 12, "precision": 0.8, "npv": 1.0}
    lines = str(table).splitlines()
    assert lines[0].split() == ["label", "tp", "fp", "fn", "tn", "sensitivity", "specificity",
                                "precision", "npv"]
    assert lines[3].split() == ["2", "4", "1", "0", "11", "1.0000", "0.9167", "0.8000",
                                "1.0000"]
    assert "PerClassMetrics(labels=[0, 1, 2])" in repr(table)


def test_per_class_metrics_to_pandas():
    pd = pytest.importorskip("pandas")
    frame = rs.multiclass.per_class_metrics(C3, labels=["a", "b", "c"]).to_pandas()
    assert list(frame.index) == ["a", "b", "c"] and frame.index.name == "label"
    assert frame.loc["b", "npv"] == 0.75 and frame.loc["c", "tn"] == 11
    assert isinstance(frame, pd.DataFrame)


@st.composite
def label_pairs(draw, weighted=True):
    n_classes = draw(st.integers(2, 5))
    n = draw(st.integers(1, 30))
    t = np.array(draw(st.lists(st.integers(0, n_classes - 1), min_size=n, max_size=n)))
    p = np.array(draw(st.lists(st.integers(0, n_classes - 1), min_size=n, max_size=n)))
    if draw(st.booleans()):
        names = np.array(["ham", "spam", "eggs", "bacon", "beans"])
        t, p = names[t], names[p]
    w = None
    if weighted and draw(st.booleans()):
        w = np.array(draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0]), min_size=n,
                                   max_size=n)))
        w[0] = 1.0  # all-zero weights are an error in confusion_matrix
    return t, p, w


@given(pair=label_pairs())
def test_per_class_metrics_match_sklearn(pair):
    t, p, w = pair
    labels = np.union1d(t, p)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = rs.multiclass.per_class_metrics(t, p, sample_weight=w, zero_division=0.0)
        mcm = skm.multilabel_confusion_matrix(t, p, sample_weight=w, labels=labels)
        precision, recall, _, _ = skm.precision_recall_fscore_support(
            t, p, sample_weight=w, labels=labels, average=None, zero_division=0.0)
    np.testing.assert_array_equal(table.labels, labels)
    np.testing.assert_allclose(table.tn, mcm[:, 0, 0], rtol=1e-12)  # float sums reordered
    np.testing.assert_allclose(table.fp, mcm[:, 0, 1], rtol=1e-12)
    np.testing.assert_allclose(table.fn, mcm[:, 1, 0], rtol=1e-12)
    np.testing.assert_allclose(table.tp, mcm[:, 1, 1], rtol=1e-12)
    np.testing.assert_allclose(table.precision, precision, rtol=1e-12)
    np.testing.assert_allclose(table.sensitivity, recall, rtol=1e-12)


def test_per_class_metrics_of_a_subset_of_labels_is_the_smaller_matrix():
    """With a subset of the classes the counts are those of confusion_matrix(labels=...),
    as the docstring says (scikit-learn's one-vs-rest counts keep the other samples)."""
    t, p = [0, 1, 2, 2, 0, 1, 2], [0, 2, 1, 2, 0, 0, 0]
    table = rs.multiclass.per_class_metrics(t, p, labels=[0, 1], zero_division=0.0)
    C = skm.confusion_matrix(t, p, labels=[0, 1])  # [[2, 0], [1, 0]]
    tp = np.diag(C)
    np.testing.assert_array_equal(table.tp, tp)
    np.testing.assert_array_equal(table.fn, C.sum(axis=1) - tp)
    np.testing.assert_array_equal(table.fp, C.sum(axis=0) - tp)
    np.testing.assert_array_equal(table.tn, C.sum() - C.sum(axis=1) - C.sum(axis=0) + tp)
    mcm = skm.multilabel_confusion_matrix(t, p, labels=[0, 1])
    assert not np.array_equal(table.fp, mcm[:, 0, 1])  # (3 samples of class 2 left out)


@given(pair=label_pairs())
def test_per_class_metrics_agree_with_the_point_metrics(pair):
    t, p, w = pair
    kwargs = {"sample_weight": w, "average": None, "zero_division": 0.0}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = rs.multiclass.per_class_metrics(t, p, sample_weight=w, zero_division=0.0)
        specificity = rs.specificity_score(t, p, labels=table.labels, **kwargs)
        npv = rs.npv_score(t, p, labels=table.labels, **kwargs)
    np.testing.assert_allclose(table.specificity, specificity, rtol=1e-12)
    np.testing.assert_allclose(table.npv, npv, rtol=1e-12)


def test_per_class_metrics_zero_division():
    matrix = [[2, 0, 0], [1, 0, 0], [0, 0, 0]]  # class 1 never predicted, class 2 absent
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = rs.multiclass.per_class_metrics(matrix)
    messages = [str(w.message) for w in caught if issubclass(w.category, rs.UndefinedMetricWarning)]
    assert len(messages) == 3  # sensitivity, precision, npv
    assert any(m.startswith("Precision is ill-defined") and ": 1, 2. Use" in m
               for m in messages)
    assert table.precision.tolist() == [2 / 3, 0.0, 0.0]
    assert table.sensitivity.tolist() == [1.0, 0.0, 0.0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        nan_table = rs.multiclass.per_class_metrics(matrix, zero_division=np.nan)
        one_table = rs.multiclass.per_class_metrics(matrix, zero_division=1.0)
    assert math.isnan(nan_table.precision[1]) and math.isnan(nan_table.sensitivity[2])
    assert one_table.precision.tolist() == [2 / 3, 1.0, 1.0]


def test_per_class_metrics_weighted_counts_are_float():
    table = rs.multiclass.per_class_metrics([0, 1, 1], [0, 1, 0], sample_weight=[0.5, 2, 1])
    assert table.tp.dtype == np.float64
    assert table.tp.tolist() == [0.5, 2.0] and table.fn.tolist() == [0.0, 1.0]
    assert str(table).splitlines()[1].split() == ["0", "0.5", "1", "0", "2", "1.0000",
                                                  "0.6667", "0.3333", "1.0000"]


def test_many_classes_are_counted_without_a_k_by_k_matrix():
    # per_class_metrics and average_class_accuracy built the full confusion matrix: k²
    # cells (72 MB for k = 3000 ids, 80 GB for k = 10**5) where k sums suffice
    import tracemalloc

    k = 3000
    rng = np.random.default_rng(0)
    y_true = rng.permutation(k)
    y_pred = np.where(rng.random(k) < 0.5, y_true, (y_true + 1) % k)
    tracemalloc.start()
    try:
        table = rs.multiclass.per_class_metrics(y_true, y_pred, zero_division=0)
        aca = rs.multiclass.average_class_accuracy(y_true, y_pred)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * 2**20
    hits = int(np.count_nonzero(y_true == y_pred))
    assert table.tp.sum() == hits and table.fn.sum() == table.fp.sum() == k - hits
    assert (table.tn == k - table.tp - table.fn - table.fp).all()
    assert aca == pytest.approx(hits / k)
    assert aca == pytest.approx(skm.balanced_accuracy_score(y_true, y_pred))


# --------------------------------------------------------------------------- average accuracy

def test_average_class_accuracy_by_hand():
    recalls = np.array([5 / 6, 3 / 6, 1.0])
    assert rs.multiclass.average_class_accuracy(C3) == pytest.approx(recalls.mean(), rel=1e-15)
    assert rs.multiclass.average_class_accuracy(C3, mean="harmonic") == pytest.approx(
        1 / np.mean(1 / recalls), rel=1e-15)


def test_harmonic_with_a_zero_recall_is_zero():
    assert rs.multiclass.average_class_accuracy([[3, 0], [2, 0]], mean="harmonic") == 0.0
    assert rs.multiclass.average_class_accuracy([[3, 0], [2, 0]]) == 0.5


def test_class_absent_from_y_true_is_dropped_with_sklearn_warning():
    with pytest.warns(UserWarning, match="y_pred contains classes not in y_true"):
        got = rs.multiclass.average_class_accuracy([0, 0, 1], [0, 2, 1])
    with pytest.warns(UserWarning, match="y_pred contains classes not in y_true"):
        assert got == skm.balanced_accuracy_score([0, 0, 1], [0, 2, 1]) == 0.75
    with pytest.warns(UserWarning, match="not in y_true"):
        assert rs.multiclass.average_class_accuracy([0, 1], [0, 1], labels=[0, 1, 2]) == 1.0


@given(pair=label_pairs())
def test_arithmetic_average_class_accuracy_is_balanced_accuracy(pair):
    t, p, w = pair
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            expected = skm.balanced_accuracy_score(t, p, sample_weight=w)
        except ZeroDivisionError:
            return
        got = rs.multiclass.average_class_accuracy(t, p, sample_weight=w)
    if math.isnan(expected):  # sklearn: every true class has zero total weight
        return
    assert got == pytest.approx(expected, rel=1e-12)


def test_average_class_accuracy_errors():
    with pytest.raises(ValueError, match='mean must be "arithmetic" or "harmonic"'):
        rs.multiclass.average_class_accuracy(C3, mean="geometric")
    with pytest.raises(ValueError, match="no sample belongs"), pytest.warns(UserWarning):
        rs.multiclass.average_class_accuracy([0, 5], [0, 5], labels=[0, 1], sample_weight=[0, 1])


# --------------------------------------------------------------------------- matrices in

@pytest.mark.parametrize("f", [rs.multiclass.per_class_metrics, rs.multiclass.average_class_accuracy])
@pytest.mark.parametrize(
    "args, kwargs, error, match",
    [
        (([[1, 2, 3], [4, 5, 6]],), {}, ValueError, "must be square"),
        (([[1, -2], [3, 4]],), {}, ValueError, "non-negative counts"),
        (([[0, 0], [0, 0]],), {}, ValueError, "holds no samples"),
        (([[1, np.nan], [3, 4]],), {}, ValueError, "confusion contains NaN"),
        (([1, 2, 3],), {}, ValueError, "y_pred is missing"),
        (([[[1]]],), {}, ValueError, "must be 2-D"),
        ((np.zeros((0, 0)),), {}, ValueError, "confusion is empty"),
        (([["a", "b"], ["c", "d"]],), {}, TypeError, "real numbers"),
        ((None,), {}, TypeError, "None"),
        ((C3,), {"labels": ["a", "b"]}, ValueError, "names 2 classes but the confusion"),
        ((C3,), {"labels": ["a", "b", "a"]}, ValueError, "must not repeat"),
        ((C3,), {"sample_weight": [1, 2, 3]}, ValueError, "not to a confusion matrix"),
        (([0, 1], [0, 1, 1]), {}, ValueError, "inconsistent numbers of samples"),
        (([0, 1], [0, 1]), {"sample_weight": [1, -1]}, ValueError, "non-negative"),
        (([0, 1], ["a", "b"]), {}, (TypeError, ValueError), "mix"),
        (([], []), {}, ValueError, "empty"),
    ],
)
def test_confusion_input_validation(f, args, kwargs, error, match):
    with pytest.raises(error, match=match):
        f(*args, **kwargs)


@pytest.mark.parametrize("bad", ["yes", 2, 0.5, None, True])
def test_zero_division_validation(bad):
    with pytest.raises(ValueError, match="zero_division must be"):
        rs.multiclass.per_class_metrics(C3, zero_division=bad)


# --------------------------------------------------------------------------- profit

def test_profit_sums_cellwise_products():
    # SPEC §2 credit models, positive first: [[tp, fn], [fp, tn]]
    gains = [[100, -10], [-50, 0]]
    assert rs.multiclass.profit([[80, 20], [20, 80]], gains) == 80 * 100 - 20 * 10 - 20 * 50
    assert rs.multiclass.profit([[48, 52], [2, 98]], gains) == 48 * 100 - 52 * 10 - 2 * 50
    assert rs.multiclass.profit(C3, np.eye(3)) == 12.0


def test_profit_of_a_binary_confusion_uses_the_positive_first_layout():
    # profit(binary_confusion(...), M) used to fail: "confusion must hold real numbers, got
    # dtype object"; it is the value best_threshold reports for the same matrix
    gains = [[100, -10], [-50, 0]]  # [[tp, fn], [fp, tn]]
    assert rs.multiclass.profit(rs.BinaryConfusion(tp=48, fp=2, fn=52, tn=98), gains) == (
        48 * 100 - 52 * 10 - 2 * 50)
    y = [1, 0, 1, 1, 0, 0, 1, 0]
    s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2]
    choice = rs.best_threshold(y, s, "profit", profit_matrix=gains)
    assert choice.threshold == 0.3  # tp 4, fp 3, fn 0, tn 1
    assert rs.multiclass.profit(choice.confusion, gains) == choice.value == 4 * 100 - 3 * 50
    weighted = rs.binary_confusion(y, s, threshold=0.5, sample_weight=[0.5] * 8)
    assert rs.multiclass.profit(weighted, gains) == 1.5 * 100 - 0.5 * 10 - 1.0 * 50


@pytest.mark.parametrize(
    "confusion, gains, error, match",
    [
        ([[1, 2], [3, 4]], [[1, 2, 3], [4, 5, 6]], ValueError, "must match cell for cell"),
        ([[1, 2], [3, 4]], [[1, np.inf], [0, 0]], ValueError, "profit_matrix contains inf"),
        ([[1, 2], [3, 4]], [1, 2], ValueError, "profit_matrix must be 2-D"),
        ([[1, 2], [3, 4]], None, TypeError, "profit_matrix is None"),
        ([[1, -2], [3, 4]], [[1, 2], [3, 4]], ValueError, "non-negative"),
        ([[1, 2, 3]], [[1, 2, 3]], ValueError, "square"),
    ],
)
def test_profit_validation(confusion, gains, error, match):
    with pytest.raises(error, match=match):
        rs.multiclass.profit(confusion, gains)


# --------------------------------------------------------------------------- improvement

def test_improvement_spec_numbers():
    small = rs.multiclass.improvement(0.8, 0.9)
    assert small.absolute == pytest.approx(0.1, rel=1e-12)
    assert small.relative == pytest.approx(0.125, rel=1e-12)
    assert small.percent == pytest.approx(12.5, rel=1e-12)
    big = rs.multiclass.improvement(0.001, 0.01)
    assert big.percent == pytest.approx(900.0, rel=1e-12)
    absolute, relative = big  # a named tuple
    assert absolute == pytest.approx(0.009) and relative == pytest.approx(9.0)
    assert str(rs.multiclass.improvement(0.8, 0.9)) == "absolute +0.1, relative +12.5 %"
    assert rs.multiclass.improvement(0.9, 0.8).relative == pytest.approx(-1 / 9)


def test_improvement_from_zero():
    with pytest.warns(RuntimeWarning, match="r1 = 0"):
        assert rs.multiclass.improvement(0, 0.5) == (0.5, math.inf)
    with pytest.warns(RuntimeWarning):
        assert rs.multiclass.improvement(0.0, -0.5) == (-0.5, -math.inf)
    with pytest.warns(RuntimeWarning):
        result = rs.multiclass.improvement(0, 0)
    assert result.absolute == 0 and math.isnan(result.relative)


@pytest.mark.parametrize(
    "r1, r2, error, match",
    [
        (True, 0.5, TypeError, "r1 must be a real number"),
        (0.5, "0.6", TypeError, "r2 must be a real number"),
        (0.5, None, TypeError, "r2 must be a real number"),
        (np.nan, 0.5, ValueError, "r1 must be finite"),
        (0.5, np.inf, ValueError, "r2 must be finite"),
    ],
)
def test_improvement_validation(r1, r2, error, match):
    with pytest.raises(error, match=match):
        rs.multiclass.improvement(r1, r2)


# --------------------------------------------------------------------------- top-k

def test_top_k_sklearn_example_and_ties():
    y_score = [[0.5, 0.2, 0.2], [0.3, 0.4, 0.2], [0.2, 0.4, 0.3], [0.7, 0.2, 0.1]]
    assert rs.top_k_accuracy_score([0, 1, 2, 2], y_score, k=2) == 0.75
    assert rs.top_k_accuracy_score([0, 1, 2, 2], y_score, k=1) == 0.5
    # ties: the class with the higher column index ranks first (scikit-learn's rule)
    tied = [[0.3, 0.3, 0.3, 0.1]]
    assert rs.top_k_accuracy_score([2], tied, k=1, labels=[0, 1, 2, 3]) == 1.0
    assert rs.top_k_accuracy_score([1], tied, k=1, labels=[0, 1, 2, 3]) == 0.0
    assert rs.top_k_accuracy_score([1], tied, k=2, labels=[0, 1, 2, 3]) == 1.0
    assert rs.top_k_accuracy_score([0], tied, k=2, labels=[0, 1, 2, 3]) == 0.0


def test_top_k_binary_thresholds():
    y = [0, 1, 1, 0]
    assert rs.top_k_accuracy_score(y, [0.2, 0.6, 0.5, 0.9], k=1) == 0.5  # > 0.5 in [0, 1]
    assert rs.top_k_accuracy_score(y, [-1.0, 2.0, 0.5, -0.1], k=1) == 1.0  # > 0 otherwise
    with pytest.warns(rs.UndefinedMetricWarning, match="perfect score"):
        assert rs.top_k_accuracy_score(y, [0.2, 0.6, 0.5, 0.9], k=2) == 1.0


def test_top_k_labels_must_be_sorted_as_sklearn():
    y = ["b", "c", "a"]
    score = np.array([[0.1, 0.6, 0.3], [0.5, 0.2, 0.3], [0.2, 0.2, 0.6]])  # columns c, b, a
    for f in (rs.top_k_accuracy_score, skm.top_k_accuracy_score):
        with pytest.raises(ValueError, match="^Parameter 'labels' must be ordered.$"):
            f(y, score, k=1, labels=["c", "b", "a"])
    sorted_score = score[:, [2, 1, 0]]
    assert rs.top_k_accuracy_score(y, sorted_score, k=1, labels=["a", "b", "c"]) == \
        rs.top_k_accuracy_score(y, sorted_score, k=1) == 1.0


def test_top_k_weights_and_counts():
    y_score = [[0.5, 0.2, 0.2], [0.3, 0.4, 0.2], [0.2, 0.4, 0.3], [0.7, 0.2, 0.1]]
    y = [0, 1, 2, 2]
    assert rs.top_k_accuracy_score(y, y_score, k=1, normalize=False) == 2.0
    assert rs.top_k_accuracy_score(y, y_score, k=1, sample_weight=[3, 1, 0, 0]) == 1.0
    assert rs.top_k_accuracy_score(y, y_score, k=1, normalize=False,
                                   sample_weight=[3, 1, 0.5, 0]) == 4.0


@st.composite
def top_k_task(draw):
    n_classes = draw(st.integers(2, 5))
    n = draw(st.integers(1, 25))
    y = np.array(draw(st.lists(st.integers(0, n_classes - 1), min_size=n, max_size=n)))
    values = st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.75, 1.0, -2.0, 3.0])  # many ties
    binary_1d = n_classes == 2 and draw(st.booleans())
    shape = (n,) if binary_1d else (n, n_classes)
    score = np.array(draw(st.lists(values, min_size=int(np.prod(shape)),
                                   max_size=int(np.prod(shape))))).reshape(shape)
    labels = np.arange(n_classes) if draw(st.booleans()) else None
    w = None
    if draw(st.booleans()):
        w = np.array(draw(st.lists(st.sampled_from([0.5, 1.0, 2.0]), min_size=n, max_size=n)))
    if draw(st.booleans()):  # string labels
        names = np.array(["a", "b", "c", "d", "e"])
        y = names[y]
        labels = None if labels is None else names[labels]
    k = draw(st.integers(1, n_classes + 1))
    return y, score, k, labels, w


@given(task=top_k_task(), normalize=st.booleans())
def test_top_k_matches_sklearn(task, normalize):
    y, score, k, labels, w = task
    outcomes = []
    for f in (rs.top_k_accuracy_score, skm.top_k_accuracy_score):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                outcomes.append(f(y, score, k=k, labels=labels, sample_weight=w,
                                  normalize=normalize))
            except ValueError:
                outcomes.append("error")
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize(
    "y, score, kwargs, error, match",
    [
        ([0, 1, 2], [0.1, 0.2, 0.3], {}, ValueError, r"shape `\(n_samples, n_classes\)`"),
        ([0, 1], [[0.1, 0.2, 0.7]] * 2, {}, ValueError, "binary while y_score is 2d with 3"),
        ([0, 1, 2], [[0.5, 0.5]] * 3, {}, ValueError,
         r"Number of classes in 'y_true' \(3\) not equal to the number of classes in "
         r"'y_score' \(2\)"),
        ([0, 1, 1], [[0.2, 0.3, 0.5]] * 3, {"labels": [0, 1]}, ValueError, "binary while"),
        ([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, {"labels": [0, 1, 2, 3]}, ValueError,
         r"Number of given labels \(4\) not equal to the number of classes in 'y_score' \(3\)"),
        ([0, 1, 4], [[0.2, 0.3, 0.5]] * 3, {"labels": [0, 1, 2]}, ValueError,
         "'y_true' contains labels not in parameter 'labels'"),
        ([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, {"labels": [0, 1, 1]}, ValueError, "must be unique"),
        ([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, {"labels": [0, 2, 1]}, ValueError, "must be ordered"),
        ([0.5, 1.5, 2], [[0.2, 0.3, 0.5]] * 3, {}, ValueError, "got 'continuous'"),
        ([0, 1, 2], [[0.2, 0.3, np.nan]] * 3, {}, ValueError, "y_score contains NaN"),
        ([0, 1, 2], [[0.2, 0.3, 0.5]] * 2, {}, ValueError, "inconsistent numbers"),
        ([0, 1, 2], np.zeros((3, 3, 1)), {}, ValueError, "1-D or 2-D"),
        ([0, 1, 2], "abc", {}, TypeError, "y_score must be"),
        ([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, {"k": 0}, ValueError, "k must be >= 1"),
        ([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, {"k": 1.5}, TypeError, "k must be an integer"),
        ([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, {"normalize": "no"}, TypeError, "normalize"),
        ([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, {"sample_weight": [0, 0, 0]}, ValueError,
         "sums to zero"),
        ([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, {"sample_weight": [1, -1, 0]}, ValueError,
         "non-negative"),
    ],
)
def test_top_k_validation(y, score, kwargs, error, match):
    with pytest.raises(error, match=match):
        rs.top_k_accuracy_score(y, score, **kwargs)


def test_float_confusion_matrix_true_negatives_are_exact():
    # class "a" has nothing outside its row and column, so its tn is 0 and its specificity
    # 0 / fp = 0; tn = total - tp - fn - fp left a negative count, -1.8e-15 (and a negative
    # specificity); with no fp either it would be noise / noise instead of 0/0
    matrix = [[1.54, 2.85, 0.43], [2.85, 0.0, 0.0], [2.48, 0.0, 0.0]]
    table = rs.multiclass.per_class_metrics(matrix, labels=["a", "b", "c"], zero_division=np.nan)
    assert table.tn[0] == 0.0 and table.specificity[0] == 0.0
    np.testing.assert_allclose(table.tn[1:], [1.54 + 0.43 + 2.48, 1.54 + 2.85 + 2.85])
