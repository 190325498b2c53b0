"""Hostile input (issue 16): values at the edges of NumPy's types, fed to the public
functions on both backends. Each gives the exact number or a one-line ValueError/TypeError
that names the argument."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankscore as rs

# integers around the places where float64, int64 and uint64 stop being exact
EDGES = [2**53, 2**60, 2**62, 2**63 - 1, 2**63, 2**64 - 1]
NEAR_EDGES = st.sampled_from(EDGES).flatmap(
    lambda e: st.integers(min_value=max(e - 3, 0), max_value=min(e + 3, 2**64 - 1)))


def _exact_confusion(y_true, y_pred):
    """The confusion matrix counted with Python ints (the reference)."""
    classes = sorted(set(map(int, y_true)) | set(map(int, y_pred)))
    index = {c: i for i, c in enumerate(classes)}
    cm = np.zeros((len(classes), len(classes)), dtype=np.int64)
    for t, p in zip(y_true, y_pred):
        cm[index[int(t)], index[int(p)]] += 1
    return cm


def _as_dtype(values, dtype):
    """values as an array of dtype when it holds them all, else as a Python list."""
    info = np.iinfo(dtype)
    if all(info.min <= v <= info.max for v in values):
        return np.array(values, dtype=dtype)
    return list(values)


# --------------------------------------------------------------------------- label dtypes


def test_uint64_and_int64_labels_compare_exactly():
    y_true = np.array([2**60, 2**60 + 1], dtype=np.uint64)
    y_pred = np.array([2**60 + 1, 2**60])  # int64
    np.testing.assert_array_equal(rs.confusion_matrix(y_true, y_pred), [[0, 1], [1, 0]])
    assert rs.accuracy_score(y_true, y_pred) == 0.0
    assert rs.balanced_accuracy_score(y_true, y_pred) == 0.0
    assert rs.matthews_corrcoef(y_true, y_pred) == -1.0
    assert rs.f1_score(y_true, y_pred, average="macro") == 0.0
    assert rs.binary_confusion(y_true, y_pred, pos_label=2**60).tp == 0
    np.testing.assert_array_equal(
        rs.confusion_matrix(y_true, y_pred, labels=np.array([2**60 + 1, 2**60])),
        [[0, 1], [1, 0]])


@pytest.mark.filterwarnings("ignore:A single label was found")
@given(st.lists(st.tuples(NEAR_EDGES, NEAR_EDGES), min_size=1, max_size=12),
       st.sampled_from([np.int64, np.uint64, np.float64]),
       st.sampled_from([np.int64, np.uint64]))
def test_label_metrics_match_exact_counts_near_type_edges(pairs, true_dtype, pred_dtype):
    t_values = [t for t, _ in pairs]
    p_values = [p for _, p in pairs]
    if true_dtype is np.float64:  # float labels: the values float64 holds
        t_values = [int(float(v)) for v in t_values if float(v) < 2**64]
        p_values = p_values[:len(t_values)]
        if not t_values:
            return
        y_true = np.array(t_values, dtype=np.float64)
    else:
        y_true = _as_dtype(t_values, true_dtype)
    y_pred = _as_dtype(p_values, pred_dtype)
    expected = _exact_confusion(t_values, p_values)
    np.testing.assert_array_equal(rs.confusion_matrix(y_true, y_pred), expected)
    assert rs.accuracy_score(y_true, y_pred, normalize=False) == np.trace(expected)


def test_labels_no_64_bit_type_holds_are_an_error():
    with pytest.raises(ValueError, match="y_true and y_pred hold labels from -1 to 9223372036854775808"):
        rs.confusion_matrix(np.array([-1, 2]), np.array([2**63, 2], dtype=np.uint64))
    with pytest.raises(ValueError, match="y_true holds integer labels from -1 to 18446744073709551616"):
        rs.confusion_matrix(np.array([-1, 2**64], dtype=object), [1, 2])


# ------------------------------------------------------------------ Python ints beyond 2**53


def test_python_ints_beyond_2_53_reach_the_exactness_check():
    for backend_input in ([0, 2**63, 2**63 + 1], (0, 2**63, 2**63 + 1), [0, -(2**62) - 1, 3]):
        with pytest.raises(ValueError, match="y_score holds integers beyond 2\\*\\*53"):
            rs.roc_auc_score([0, 0, 1], backend_input)
    # exactly representable large ints are fine
    assert rs.roc_auc_score([0, 0, 1], [0, 2**63, 2**63 + 2**11]) == 1.0


def test_python_int_labels_beyond_2_53_stay_distinct():
    np.testing.assert_array_equal(
        rs.confusion_matrix([2**63, 2**63 + 1], [2**63 + 1, 2**63 + 1]), [[0, 1], [0, 1]])
    np.testing.assert_array_equal(
        rs.confusion_matrix(np.array([2**64 - 1, 1], dtype=object), [2**64 - 1, 2**64 - 2]),
        [[0, 1, 0], [0, 0, 0], [0, 0, 1]])  # classes 1, 2**64 - 2, 2**64 - 1


def test_floats_mixed_with_inexact_ints_are_an_error():
    with pytest.raises(ValueError, match="y_pred mixes floats with integers beyond 2\\*\\*53"):
        rs.confusion_matrix([1, 2], [0.5, 2**63 + 1])
    with pytest.raises(ValueError, match="y_true mixes floats with integers beyond 2\\*\\*53"):
        rs.confusion_matrix(np.array([1.0, 2**60 + 1], dtype=object), [1, 2])


# ----------------------------------------------------------- exact counts to 2**62 rows


def _reference_from_counts(values, neg, pos, threshold):
    """AUC (Fraction), KS (Fraction, threshold) and the confusion at ``threshold`` from
    per-score class counts, with Python ints."""
    from fractions import Fraction

    neg, pos = [int(v) for v in neg], [int(v) for v in pos]
    n_neg, n_pos = sum(neg), sum(pos)
    below = pairs = 0
    for n, p in zip(neg, pos):
        pairs += p * (2 * below + n)
        below += n
    auc = Fraction(pairs, 2 * n_pos * n_neg)
    best, best_t, c_neg, c_pos = -1, None, 0, 0
    for v, n, p in zip(values, neg, pos):
        c_neg, c_pos = c_neg + n, c_pos + p
        gap = abs(Fraction(c_neg, n_neg) - Fraction(c_pos, n_pos))
        if gap > best:
            best, best_t = gap, v
    tp = sum(p for v, p in zip(values, pos) if v >= threshold)
    fp = sum(n for v, n in zip(values, neg) if v >= threshold)
    return auc, (best, best_t), (tp, fp, n_pos - tp, n_neg - fp)


@pytest.mark.parametrize("rows", [10**10, 2**33 + 7, 2**62])
@pytest.mark.parametrize("seed", range(4))
def test_counts_are_exact_at_huge_row_counts(rows, seed):
    from rankscore import curves

    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 50))
    share = rng.dirichlet(np.ones(2 * k))
    counts = np.floor(share * rows).astype(np.int64)
    counts[0] += rows - int(counts.sum())  # exactly ``rows`` in all
    neg, pos = counts[:k].copy(), counts[k:].copy()
    if seed % 2:  # no ties at the extremes: one class on top
        neg[-1], pos[0] = 0, 0
    values = np.sort(rng.choice(np.arange(1000, dtype=np.float64) / 7, size=k, replace=False))
    threshold = float(values[k // 2])
    counted = curves._Counts(values, neg, pos)
    auc, (ks, ks_t), confusion = _reference_from_counts(values.tolist(), neg, pos, threshold)
    assert curves._auc_from_counts(counted) == float(auc)
    result = curves._ks_from_counts(counted)
    assert (result.statistic, result.threshold) == (float(ks), ks_t)
    assert curves._confusion_from_counts(counted, threshold) == confusion


def test_count_kernels_at_2_62_rows_do_not_wrap():
    from rankscore import _backend

    half = 2**61
    neg = np.array([half, 0], dtype=np.int64)
    pos = np.array([0, half], dtype=np.int64)  # every positive above every negative
    assert _backend.kernels.auc_counts(neg, pos) == 2 * half * half  # 2**123
    assert _backend.kernels.ks_counts(neg, pos) == (half * half, 0)  # 2**122
    tied = np.array([half], dtype=np.int64)
    assert _backend.kernels.auc_counts(tied, tied) == half * half


def test_more_than_2_62_counted_rows_are_an_error():
    from rankscore import curves

    counts = curves._Counts(np.array([0.0, 1.0]), np.array([2**62, 0]), np.array([0, 1]))
    with pytest.raises(ValueError, match="exact counts are kept up to 2\\*\\*62 rows"):
        curves._auc_from_counts(counts)
