"""Areas of many columns: multilabel and multiclass targets, and many models scored
against the same labels.

scikit-learn's ``_average_binary_score`` (micro, macro, weighted and samples averages of a
binary metric over the columns of an indicator matrix) and ``_multiclass_roc_auc_score``
(one-vs-rest and Hand & Till's one-vs-one), with the same checks and messages; each column
is a binary problem of the engine, on a thread pool (the kernels release the GIL).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from typing import Any, Callable

import numpy as np

from .. import _backend
from .areas import binary_auc
from .labels import as_label_array, common_labels, from_objects, kernel_integers
from .parts import Problem, column_parts
from .validate import as_array, as_scores, check_finite, check_real, quoted, to_float
from .views import warn_one_class

__all__ = ["as_score_matrix", "as_indicator_matrix", "map_columns", "auc_shared_labels",
           "average_columns", "check_max_fpr", "present_classes", "auc_positive_is_greater",
           "multiclass_auc", "auc_metric"]


def as_score_matrix(x: Any, name: str = "y_score", *, finite: bool = True) -> np.ndarray:
    """1-D scores, or a non-empty 2-D float32/float64 matrix (finite unless ``finite`` is
    False: the caller then checks the ends of its sorted columns)."""
    arr = as_array(x, name)
    if arr.ndim == 1:
        return as_scores(arr, name)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 1-D or 2-D, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty (shape {arr.shape})")
    arr = to_float(arr, name)
    if finite:
        check_finite(arr, name)
    return arr


def as_indicator_matrix(y: Any, name: str = "y_true") -> np.ndarray:
    """A 2-D multilabel indicator matrix of 0/1 (at least two columns) as uint8."""
    arr = as_array(y, name)
    if arr.dtype == object:
        arr = from_objects(arr, name)
    if arr.dtype.kind not in "biuf" or arr.shape[1] < 2:
        raise ValueError(f"a 2-D {name} must be a multilabel indicator matrix of 0/1 with at "
                         f"least 2 columns; got shape {arr.shape} and dtype {arr.dtype}")
    if arr.dtype.kind == "f":
        check_finite(arr, name)
    if not np.isin(arr, (0, 1)).all():
        raise ValueError(f"a 2-D {name} must be a multilabel indicator matrix of 0/1 values")
    return arr.astype(np.uint8, copy=False) if arr.dtype.kind != "b" else arr.view(np.uint8)


def map_columns(fn: Callable[[int], float], n_columns: int, n_threads: int) -> np.ndarray:
    """[fn(j) for j in range(n_columns)] on a thread pool (the kernels release the GIL)."""
    if n_threads <= 1 or n_columns <= 1:
        return np.array([fn(j) for j in range(n_columns)], dtype=np.float64)
    with ThreadPoolExecutor(min(n_threads, n_columns)) as pool:
        return np.array(list(pool.map(fn, range(n_columns))), dtype=np.float64)


def auc_shared_labels(codes: np.ndarray, pos_code: Any, scores2d: np.ndarray,
                      weights: np.ndarray | None, n_threads: int) -> np.ndarray:
    """One AUC per column of ``scores2d`` against the same labels.

    Unweighted: the rows of each class are gathered once per block of columns, each block
    sorted along its rows and merged per column (``auc_merge_rows``).
    """
    n, m = scores2d.shape
    is_pos = codes == pos_code
    n_pos = int(np.count_nonzero(is_pos))
    if n_pos == 0 or n_pos == n:
        check_finite(scores2d, "y_score")
        warn_one_class("ROC AUC score")
        return np.full(m, np.nan)
    if weights is not None:
        return map_columns(
            lambda j: binary_auc(Problem(codes, pos_code, scores2d[:, j], weights)), m,
            n_threads)
    pos_rows, neg_rows = np.flatnonzero(is_pos), np.flatnonzero(~is_pos)
    denominator = 2 * n_pos * (n - n_pos)
    n_blocks = min(m, max(n_threads, -(-m * n // 2**20)))  # ~1M values (8 MB) per block
    edges = np.linspace(0, m, n_blocks + 1).astype(np.intp)

    def block(b: int) -> list[float]:
        neg, pos = column_parts(scores2d, slice(edges[b], edges[b + 1]), neg_rows, pos_rows)
        return [int(pairs) / denominator for pairs in _backend.kernels.auc_merge_rows(neg, pos)]

    if n_threads <= 1 or n_blocks == 1:
        parts = [block(b) for b in range(n_blocks)]
    else:
        with ThreadPoolExecutor(min(n_threads, n_blocks)) as pool:
            parts = list(pool.map(block, range(n_blocks)))
    return np.array([a for part in parts for a in part], dtype=np.float64)


def average_columns(metric: Callable, y2d: np.ndarray, s2d: np.ndarray, average: Any,
                    sample_weight: np.ndarray | None, n_threads: int) -> Any:
    """scikit-learn's ``_average_binary_score`` for an indicator matrix ``y2d`` (uint8)."""
    if average == "micro":
        w = None if sample_weight is None else np.repeat(sample_weight, y2d.shape[1])
        return float(metric(y2d.ravel(), s2d.ravel(), w))
    average_weight = None
    if average == "weighted":  # checked first, as there: no positives, no per-column warnings
        average_weight = (y2d.sum(axis=0, dtype=np.float64) if sample_weight is None
                          else y2d.T.astype(np.float64) @ sample_weight)
        if np.isclose(average_weight.sum(), 0.0):
            return 0
    if average == "samples":
        score = np.array([metric(y2d[i], s2d[i], None) for i in range(y2d.shape[0])])
        average_weight = sample_weight
    else:
        score = map_columns(
            lambda j: metric(np.ascontiguousarray(y2d[:, j]), s2d[:, j], sample_weight),
            y2d.shape[1], n_threads)
        if average is None:
            return score
    if average_weight is not None:
        score[average_weight == 0] = 0
    return float(np.average(score, weights=average_weight))


def check_max_fpr(max_fpr: Any) -> float | None:
    """None, or ``max_fpr`` as a float in (0, 1], out of range with scikit-learn's message."""
    if max_fpr is None:
        return None
    try:
        return check_real(max_fpr, "max_fpr", low=0, high=1, low_open=True,
                          what="a float in (0, 1] or None")
    except ValueError:
        raise ValueError(f"Expected max_fpr in range (0, 1], got: {quoted(max_fpr)}") from None


def present_classes(y: np.ndarray) -> np.ndarray:
    """np.unique(y), without sorting when integer labels span at most two values."""
    if y.dtype.kind in "iub":
        lo, hi = y.min(), y.max()
        if int(hi) - int(lo) <= 1:
            return np.array([lo, hi] if hi != lo else [lo], dtype=y.dtype)
    return np.unique(y)


def auc_positive_is_greater(y: np.ndarray) -> tuple:
    """(codes, pos_code, n_classes) with scikit-learn's roc_auc_score rule for binary y_true:
    the greater of the two labels is positive."""
    codes = kernel_integers(y) if y.dtype.kind in "iub" else None
    if codes is not None:  # (uint64 labels beyond int64 take the general path below)
        lo, hi = codes.min(), codes.max()
        if int(hi) - int(lo) <= 1:
            return codes, hi, 1 + int(hi != lo)
        n_classes = len(np.unique(codes))
        if n_classes == 2:
            return codes, hi, 2
        return None, None, n_classes
    classes = np.unique(y)
    if len(classes) > 2:
        return None, None, len(classes)
    return (y == classes[-1]).view(np.uint8), np.uint8(1), len(classes)


def multiclass_auc(y: np.ndarray, s: np.ndarray, labels: Any, multi_class: str, average: Any,
                   sample_weight: np.ndarray | None, n_threads: int) -> Any:
    """scikit-learn's ``_multiclass_roc_auc_score`` (same checks, same messages)."""
    if not np.allclose(1, s.sum(axis=1)):
        raise ValueError("Target scores need to be probabilities for multiclass roc_auc, i.e. "
                         "they should sum up to 1.0 over classes")
    average_options: tuple = ("macro", "weighted", None)
    if multi_class == "ovr":
        average_options = ("micro",) + average_options
    if average not in average_options:
        raise ValueError(f"average must be one of {average_options} for multiclass problems")
    if average is None and multi_class == "ovo":
        raise NotImplementedError("average=None is not implemented for multi_class='ovo'.")
    if labels is not None:
        labels = as_label_array(labels, "labels")
        y, labels = common_labels(y, labels, names="y_true and labels")
        classes = np.unique(labels)
        if len(classes) != len(labels):
            raise ValueError("Parameter 'labels' must be unique")
        if not np.array_equal(classes, labels):
            raise ValueError("Parameter 'labels' must be ordered")
        if len(classes) != s.shape[1]:
            raise ValueError(f"Number of given labels, {len(classes)}, not equal to the number "
                             f"of columns in 'y_score', {s.shape[1]}")
        if len(np.setdiff1d(y, classes)):
            raise ValueError("'y_true' contains labels not in parameter 'labels'")
    else:
        classes = np.unique(y)
        if len(classes) != s.shape[1]:
            raise ValueError("Number of classes in y_true not equal to the number of columns "
                             "in 'y_score'")
    if multi_class == "ovo":
        if sample_weight is not None:
            raise ValueError("sample_weight is not supported for multiclass one-vs-one ROC "
                             "AUC, 'sample_weight' must be None in this case.")
        encoded = np.searchsorted(classes, y)
        present = np.unique(encoded)
        pair_scores, prevalence = [], []
        for a, b in combinations(present, 2):  # Hand & Till (2001)
            a_mask, b_mask = encoded == a, encoded == b
            ab = a_mask | b_mask
            prevalence.append(np.mean(ab))
            a_auc = binary_auc(Problem(a_mask[ab].view(np.uint8), np.uint8(1),
                                       np.ascontiguousarray(s[ab, a])))
            b_auc = binary_auc(Problem(b_mask[ab].view(np.uint8), np.uint8(1),
                                       np.ascontiguousarray(s[ab, b])))
            pair_scores.append((a_auc + b_auc) / 2)
        return float(np.average(pair_scores,
                                weights=prevalence if average == "weighted" else None))
    indicator = (y[:, None] == classes[None, :]).view(np.uint8)
    return average_columns(auc_metric(None), indicator, s, average, sample_weight, n_threads)


def auc_metric(max_fpr: float | None) -> Callable:
    """The binary AUC of one column (labels 0/1 as uint8), for ``average_columns``."""
    def metric(y01: np.ndarray, scores: np.ndarray, weights: np.ndarray | None) -> float:
        return binary_auc(Problem(y01, np.uint8(1), scores, weights), max_fpr)
    return metric
