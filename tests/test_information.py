import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn import metrics as skm

import rankscore as rs

# --------------------------------------------------------------------------- log_loss


@st.composite
def probability_task(draw):
    n_classes = draw(st.integers(2, 4))
    n = draw(st.integers(2, 20))
    codes = draw(st.lists(st.integers(0, n_classes - 1), min_size=n, max_size=n))
    names = draw(st.sampled_from([np.arange(n_classes) * 3 - 2,
                                  np.array(["ant", "bee", "cat", "dog"][:n_classes])]))
    y = names[np.array(codes)]
    # coarse probabilities: exact 0 and 1 (clipped), ties, rows that do not sum to one
    raw = np.array(draw(st.lists(st.sampled_from([0.0, 0.1, 0.25, 0.5, 1.0]),
                                 min_size=n * n_classes, max_size=n * n_classes)))
    prob = raw.reshape(n, n_classes)
    if draw(st.booleans()):
        rows = prob.sum(axis=1, keepdims=True)
        prob = np.where(rows > 0, prob / np.where(rows > 0, rows, 1), 1.0 / n_classes)
    labels = None
    if len(np.unique(y)) < n_classes or draw(st.booleans()):
        labels = names  # sorted, as scikit-learn requires
    if n_classes == 2 and draw(st.booleans()):
        prob = prob[:, 1]
    if draw(st.booleans()):
        prob = prob.astype(np.float32)
    weights = None
    if draw(st.booleans()):
        weights = np.array(draw(st.lists(st.sampled_from([0.0, 0.5, 2.0]), min_size=n,
                                         max_size=n)))
        weights[0] = 1.0
    return y, prob, labels, weights


@given(task=probability_task(), normalize=st.booleans())
def test_log_loss_matches_sklearn(task, normalize):
    y, prob, labels, weights = task
    if len(np.unique(y)) < 2 and labels is None:
        return
    with warnings.catch_warnings(record=True) as ours:
        warnings.simplefilter("always")
        got = rs.log_loss(y, prob, labels=labels, sample_weight=weights, normalize=normalize)
    with warnings.catch_warnings(record=True) as theirs:
        warnings.simplefilter("always")
        expected = skm.log_loss(y, prob, labels=labels, sample_weight=weights,
                                normalize=normalize)
    assert got == pytest.approx(expected, rel=1e-12, abs=0)  # float32: summed in float32 too
    sums_warning = [str(w.message).startswith("The y_pro") for w in theirs]
    assert any(str(w.message).startswith("The y_prob values do not sum") for w in ours) \
        == any(sums_warning)


def test_log_loss_sklearn_docstring_example():
    got = rs.log_loss(["spam", "ham", "ham", "spam"],
                      [[.1, .9], [.9, .1], [.8, .2], [.35, .65]])
    assert got == pytest.approx(-(np.log(.9) + np.log(.9) + np.log(.8) + np.log(.65)) / 4,
                                rel=1e-15)


def test_log_loss_clips_to_machine_epsilon():
    eps = np.finfo(np.float64).eps
    assert rs.log_loss([0, 1], [[0.0, 1.0], [1.0, 0.0]]) == pytest.approx(-math.log(eps))
    assert rs.log_loss([0, 1], [[1.0, 0.0], [1.0, 0.0]]) == pytest.approx(-math.log(eps) / 2)
    eps32 = np.finfo(np.float32).eps
    got = rs.log_loss([1, 1], np.array([0.0, 0.0], dtype=np.float32), labels=[0, 1])
    assert got == pytest.approx(-math.log(eps32), rel=1e-6)


def test_log_loss_rows_not_summing_to_one_warn_and_are_used_as_given():
    with pytest.warns(UserWarning, match="do not sum to one"):
        got = rs.log_loss([0, 1], [[0.5, 0.2], [0.5, 0.2]])
    assert got == pytest.approx(-(math.log(0.5) + math.log(0.2)) / 2)


def test_log_loss_columns_are_the_sorted_labels_as_sklearn():
    y = ["b", "a", "c", "a"]
    prob = np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1], [0.1, 0.1, 0.8], [0.4, 0.4, 0.2]])
    # the columns of prob are a, b, c whatever order labels names them in (scikit-learn
    # sorts labels and warns when they were not sorted)
    expected = skm.log_loss(y, prob)
    assert rs.log_loss(y, prob) == expected
    message = r"Labels passed were \['c', 'a', 'b'\]\. But this function assumes labels are"
    with pytest.warns(UserWarning, match=message):
        assert rs.log_loss(y, prob, labels=["c", "a", "b"]) == expected
    with pytest.warns(UserWarning, match=message):
        assert skm.log_loss(y, prob, labels=["c", "a", "b"]) == expected


def test_log_loss_binary_1d_is_second_class():
    assert rs.log_loss([0, 1], [0.2, 0.7]) == pytest.approx(-(math.log(0.8) + math.log(0.7)) / 2)
    # the 1-D column is the probability of the greater label, whatever order labels has
    with pytest.warns(UserWarning, match="ordered lexicographically"):
        assert rs.log_loss([0, 1], [0.2, 0.7], labels=[1, 0]) == rs.log_loss([0, 1], [0.2, 0.7])
    assert rs.log_loss([1, 1], [0.2, 0.7], labels=[0, 1]) == pytest.approx(
        -(math.log(0.2) + math.log(0.7)) / 2)


def test_log_loss_normalize_false_and_weights():
    y, p = [0, 1, 1], [[0.9, 0.1], [0.5, 0.5], [0.2, 0.8]]
    per = -np.log([0.9, 0.5, 0.8])
    assert rs.log_loss(y, p, normalize=False) == pytest.approx(per.sum())
    assert rs.log_loss(y, p, normalize=False, sample_weight=[0, 2, 1]) == pytest.approx(
        2 * per[1] + per[2])
    assert rs.log_loss(y, p, sample_weight=[0, 2, 1]) == pytest.approx((2 * per[1] + per[2]) / 3)


@pytest.mark.parametrize(
    "y, prob, kwargs, error, match",
    [
        ([0, 1], [[0.5, 0.5]], {}, ValueError, "inconsistent numbers of samples"),
        ([0, 1], [[0.5, 1.5], [0.5, 0.5]], {}, ValueError, "greater than 1"),
        ([0, 1], [[0.5, -0.5], [0.5, 0.5]], {}, ValueError, "lower than 0"),
        ([0, 1], [[0.5, np.nan], [0.5, 0.5]], {}, ValueError, "y_proba contains NaN"),
        ([1, 1], [0.5, 0.5], {}, ValueError, "only one label"),
        ([0, 1], [[0.2, 0.3, 0.5]] * 2, {}, ValueError, "different number of classes: 2 vs 3"),
        ([0, 1], [[0.2, 0.3, 0.5]] * 2, {"labels": [0, 1]}, ValueError,
         r"number of classes in labels is different from that in y_prob"),
        ([0, 2], [0.5, 0.5], {"labels": [0, 1]}, ValueError,
         r"y_true contains values \{2\} not belonging to the passed labels \[0, 1\]"),
        ([0, 1], [0.5, 0.5], {"labels": [0, 0, 1]}, ValueError, "must not repeat"),
        ([0, 0], [0.5, 0.5], {"labels": [0]}, ValueError, "at least two labels"),
        ([0, 1], [0.5, 0.5], {"normalize": 1}, TypeError, "normalize must be True or False"),
        ([0, 1], [0.5, 0.5], {"sample_weight": [1, -1]}, ValueError, "non-negative"),
        ([0, 1], [0.5, 0.5], {"sample_weight": [0, 0]}, ValueError, "sums to zero"),
        # scikit-learn refuses it too (the sum was 0.0)
        ([0, 1], [0.5, 0.5], {"sample_weight": [0, 0], "normalize": False}, ValueError,
         "sample_weight is zero for every sample"),
        ([0, 1], ["a", "b"], {}, TypeError, "real probabilities"),
        ([0, 1], np.zeros((2, 2, 2)), {}, ValueError, "1-D or 2-D"),
        ([0, 1], [], {}, ValueError, "y_proba is empty"),
        ([0, 1], None, {}, TypeError, "y_proba is None"),
        ([[0, 1]], [0.5, 0.5], {}, ValueError, "inconsistent numbers of samples"),
        ([[0, 2]], [[0.5, 0.5]], {}, ValueError, "multiclass-multioutput"),
        ([[0, 1]], [[0.5, 0.5]], {"labels": [0, 1]}, ValueError, "2-D label-indicator"),
        ([0, None], [0.5, 0.5], {}, ValueError, "None or NaN"),
        ([0.0, np.nan], [0.5, 0.5], {}, ValueError, "labels must be finite"),
        (["a", 1], [0.5, 0.5], {}, TypeError, "cannot be sorted"),
        ([0.5, 1.5], [0.5, 0.5], {}, ValueError, "continuous values"),
    ],
)
def test_log_loss_validation(y, prob, kwargs, error, match):
    with pytest.raises(error, match=match):
        rs.log_loss(y, prob, **kwargs)


def test_label_messages_show_plain_values_not_numpy_reprs():
    # NumPy 2 scalars used to appear as "np.int64(1)" in these messages
    cases = [
        (([1, 1], [0.5, 0.5]), {}, r"only one label \(1\)\. Please"),  # scikit-learn's words
        ((["a", "a"], [0.5, 0.5]), {}, r"only one label \(a\)\. Please"),
        (([0, 1], [0.5, 0.5]), {"labels": [0, 0, 1]}, r"must not repeat a label, got \[0, 0, 1\]$"),
        (([0, 0], [0.5, 0.5]), {"labels": [0]}, r"at least two labels, got \[0\]\.$"),
        (([0, 1, 2], [0.5, 0.5, 0.5]), {}, r"Classes found in y_true: \[0 1 2\]$"),
    ]
    for args, kwargs, match in cases:
        with pytest.raises(ValueError, match=match):
            rs.log_loss(*args, **kwargs)
    with pytest.raises(ValueError, match=r"^Parameter 'labels' must be unique\.$"):
        rs.top_k_accuracy_score([0, 1, 2], [[0.2, 0.3, 0.5]] * 3, labels=[0, 1, 1])


def test_zero_weights_summed_as_scikit_learn_sums_them():
    """scikit-learn 1.9 refuses all-zero weights in log_loss whatever normalize is, but
    sums them to 0.0 in top_k_accuracy_score(normalize=False)."""
    sk = pytest.importorskip("sklearn.metrics")
    args, kwargs = ([0, 1], [0.5, 0.5]), {"sample_weight": [0, 0], "normalize": False}
    for module in (sk, rs):
        with pytest.raises(ValueError):
            module.log_loss(*args, **kwargs)
    assert rs.top_k_accuracy_score(*args, **kwargs) == sk.top_k_accuracy_score(*args, **kwargs)


# --------------------------------------------------------------------------- cross-entropy


def test_cross_entropy_by_hand():
    prob = [[0.8, 0.2], [0.4, 0.6]]
    assert rs.information.cross_entropy([0, 1], prob) == pytest.approx(-(math.log(0.8) + math.log(0.6)) / 2)
    soft = [[1, 0], [0.5, 0.5]]
    expected = (-math.log(0.8) - 0.5 * math.log(0.4) - 0.5 * math.log(0.6)) / 2
    assert rs.information.cross_entropy(soft, prob) == pytest.approx(expected, rel=1e-15)
    assert rs.information.cross_entropy(soft, prob, sample_weight=[3, 1]) == pytest.approx(
        (-3 * math.log(0.8) - 0.5 * math.log(0.4) - 0.5 * math.log(0.6)) / 4, rel=1e-15)


def test_cross_entropy_one_hot_equals_labels_and_log_loss():
    rng = np.random.default_rng(4)
    prob = rng.dirichlet([1, 1, 1], size=30)
    y = rng.integers(0, 3, size=30)
    y[:3] = [0, 1, 2]
    one_hot = np.eye(3)[y]
    h = rs.information.cross_entropy(y, prob)
    assert h == rs.information.cross_entropy(one_hot, prob)
    assert h == pytest.approx(rs.log_loss(y, prob), rel=1e-15)  # nothing clipped here


def test_cross_entropy_does_not_clip():
    assert rs.information.cross_entropy([0, 1], [[1.0, 0.0], [1.0, 0.0]]) == math.inf
    assert rs.log_loss([0, 1], [[1.0, 0.0], [1.0, 0.0]]) < 37
    # 0 log 0 = 0, and a zero weight removes an infinite loss
    assert rs.information.cross_entropy([[1, 0]], [[1.0, 0.0]]) == 0.0
    assert rs.information.cross_entropy([0, 1], [[1.0, 0.0], [1.0, 0.0]], sample_weight=[1, 0]) == 0.0


def test_perplexity():
    assert rs.information.perplexity([0, 1, 2, 3], [[0.25] * 4] * 4) == pytest.approx(4.0, rel=1e-15)
    prob = [[0.8, 0.2], [0.4, 0.6]]
    assert rs.information.perplexity([0, 1], prob) == pytest.approx(math.exp(rs.information.cross_entropy([0, 1], prob)))
    assert rs.information.perplexity([[1, 0]], [[1.0, 0.0]]) == 1.0


@pytest.mark.parametrize(
    "y, prob, kwargs, error, match",
    [
        ([[1, 0]], [[0.5, 0.5], [0.5, 0.5]], {}, ValueError, "shape"),
        ([[1, 0]], [[0.5, 0.5]], {"labels": [0, 1]}, ValueError, "labels applies to a 1-D"),
        ([[-1, 2]], [[0.5, 0.5]], {}, ValueError, "non-negative"),
        ([["a", "b"]], [[0.5, 0.5]], {}, TypeError, "must hold numbers"),
        ([[np.nan, 1]], [[0.5, 0.5]], {}, ValueError, "y_true contains NaN"),
        ([[1, 0]], [[0.5, 1.5]], {}, ValueError, "greater than 1"),
        ([0, 1], [0.5, 0.5], {"sample_weight": [0, 0]}, ValueError, "sums to zero"),
        ([0, 1], [0.5], {}, ValueError, "inconsistent numbers of samples"),
        ([[1, 0], [1]], [[0.5, 0.5]] * 2, {}, ValueError, "y_true could not be read"),
        (np.ones((2, 2, 2)), [[0.5, 0.5]] * 2, {}, ValueError, "y_true must be 1-D"),
    ],
)
@pytest.mark.parametrize("f", [rs.information.cross_entropy, rs.information.perplexity])
def test_cross_entropy_validation(f, y, prob, kwargs, error, match):
    with pytest.raises(error, match=match):
        f(y, prob, **kwargs)
