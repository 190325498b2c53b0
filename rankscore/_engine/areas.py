"""ROC AUC, average precision and KS: of one binary problem, computed while merging its
class parts (no curve is built), and of many columns (multilabel and multiclass targets,
many models against the same labels: scikit-learn's ``_average_binary_score`` and
``_multiclass_roc_auc_score``, with the same checks and messages; each column a binary
problem, on a thread pool since the kernels release the GIL).

Without weights the counts are exact integers: the Mann–Whitney pair count ``2U`` and the
KS gaps are accumulated in 128 bits by the kernels and divided once. With weights, each
class's weights are brought into float64's range first where the product of the class
totals would under- or overflow (AUC and KS do not change when one class's weights are
scaled).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from typing import Any, Callable

import numpy as np

from .. import _backend
from .labels import as_label_array, common_labels, from_objects, kernel_integers
from .parts import (ClassParts, Counts, Problem, binary_problem, checked_parts, class_parts,
                    class_totals,
                    column_parts, thread_count)
from .results import KSResult

# The metric of one column: (labels 0/1 as uint8, scores, weights) -> number
ColumnMetric = Callable[[np.ndarray, np.ndarray, 'np.ndarray | None'], float]
from .sweep import scan, summary_arrays
from .validate import (array_text, as_array, as_scores, check_choice, check_finite, check_positive_int,
                       check_real, check_same_length, check_sample_weight, quoted, quoted_list,
                       to_float)
from .views import ap_of_sweep, auc_view, warn_no_positives, warn_one_class

__all__ = ["native_binary", "auc_fast", "binary_auc", "auc_of_parts", "auc_of_counts",
           "ap_of_problem", "ks_of_problem", "ks_of_counts", "class_weights_in_range",
           "as_score_matrix", "as_indicator_matrix", "map_columns", "auc_shared_labels",
           "average_columns", "check_max_fpr", "present_classes", "auc_positive_is_greater",
           "multiclass_auc", "auc_metric", "AVERAGES", "roc_auc", "auc_columns",
           "average_precision"]

_FAST_SCORE_DTYPES = (np.dtype(np.float64), np.dtype(np.float32))


def native_binary(y_true: Any, y_score: Any) -> bool:
    """Whether the input may take the fast paths (``auc_fast``, ``binary_report``): 1-D
    NumPy arrays of the same nonzero length, native integer or bool labels, float32 or
    float64 scores (the labels' range and the scores' finiteness are checked on the way)."""
    return (type(y_true) is np.ndarray and type(y_score) is np.ndarray and y_true.ndim == 1
            and y_score.ndim == 1 and y_true.dtype.kind in "iub" and y_true.dtype.isnative
            and y_score.dtype in _FAST_SCORE_DTYPES and 0 < len(y_true) == len(y_score))


def auc_fast(y_true: np.ndarray, y_score: np.ndarray, n_threads: Any) -> float | None:
    """Binary AUC of native int/bool labels in {0, 1} and float scores with the fewest
    Python steps (small inputs); None when the labels need the general path."""
    codes = kernel_integers(y_true)
    if codes is None:
        return None
    parts = class_parts(Problem(codes, codes.dtype.type(1), y_score, None, False),
                        n_threads=n_threads, halves=True)
    return None if parts is None else auc_of_parts(parts)


def binary_auc(problem: Problem, max_fpr: float | None = None, n_threads: Any = 1) -> float:
    """ROC AUC of a problem; with ``max_fpr`` < 1 the McClish-standardised partial AUC of
    its ROC points (as scikit-learn)."""
    if max_fpr is None or max_fpr == 1:
        return auc_of_parts(checked_parts(problem, n_threads=n_threads, halves=True))
    summary = summary_arrays(problem)
    if len(summary[0]) == 0:
        raise ValueError("sample_weight is zero for every sample; nothing to score")
    return auc_view(scan(*summary), summary, max_fpr)


def auc_of_parts(parts: ClassParts) -> float:
    """AUC = P(s+ > s-) + ½ P(s+ = s-) by merging the sorted class parts (or from counts)."""
    if parts.counts is not None:
        return auc_of_counts(parts.counts)
    k = _backend.kernels
    n_neg, n_pos = parts.n_neg, len(parts.pos)
    if n_neg == 0 or n_pos == 0:
        warn_one_class("ROC AUC score")
        return float("nan")
    if parts.neg_weight is None:  # 2U adds up over the runs of the negatives
        pairs: int = sum(k.auc_merge(run, parts.pos) for run in parts.neg_runs)
        return pairs / (2 * n_pos * n_neg)
    neg_w, pos_w, denominator = class_weights_in_range(parts.neg_weight, parts.pos_weight)
    area: float = k.auc_merge_weighted(parts.neg, neg_w, parts.pos, pos_w) / denominator
    return area


def auc_of_counts(counts: Counts) -> float:
    """ROC AUC from per-score class counts, exact to 2**62 rows: 2U = sum over scores of
    positives * (2 * negatives below + negatives tied), an exact int (the ``auc_counts``
    kernel), divided once by 2 n_pos n_neg."""
    n_neg, n_pos = class_totals(counts)
    if n_pos == 0 or n_neg == 0:
        warn_one_class("ROC AUC score")
        return float("nan")
    twice_u: int = _backend.kernels.auc_counts(counts.neg, counts.pos)
    return twice_u / (2 * n_pos * n_neg)


def class_weights_in_range(
    neg_weight: np.ndarray | None, pos_weight: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray, float]:
    """(neg_w, pos_w, W+ W-) with the product of the class totals inside float64's range.

    Products of weights would under- or overflow otherwise. AUC and KS are invariant to
    scaling one class's weights, so each class is divided by its own maximum: both totals
    land in [1, n] (one shared scale could push a class to 0).
    """
    assert neg_weight is not None and pos_weight is not None  # weighted parts have both
    neg_w, pos_w = neg_weight, pos_weight
    denominator = float(np.cumsum(pos_w)[-1]) * float(np.cumsum(neg_w)[-1])
    if not 1e-290 < denominator < 1e290:
        neg_w, pos_w = neg_w / neg_w.max(), pos_w / pos_w.max()
        denominator = float(np.cumsum(pos_w)[-1]) * float(np.cumsum(neg_w)[-1])
    return neg_w, pos_w, denominator


def ap_of_problem(problem: Problem) -> float:
    """Average precision: sum over thresholds of (recall gain) x precision (no
    interpolation); 0.0 with scikit-learn's warning when there are no positives."""
    parts = checked_parts(problem)
    counts = parts.counts
    if (len(parts.pos) if counts is None else counts.pos.sum()) == 0:
        warn_no_positives()
        return 0.0
    if counts is not None:
        fps = np.cumsum(counts.neg[::-1]).astype(np.float64)
        tps = np.cumsum(counts.pos[::-1]).astype(np.float64)
        return max(0.0, ap_of_sweep(fps, tps))
    neg_w, pos_w = parts.neg_weight, parts.pos_weight
    if pos_w is not None and neg_w is not None:
        top = max(pos_w.max(), neg_w.max(initial=0.0))
        if top < 1e-290:  # (recall gain) x precision would underflow: AP is invariant to
            neg_w, pos_w = neg_w / top, pos_w / top  # one scale for all weights
    ap: float = _backend.kernels.ap_merge(parts.neg, neg_w, parts.pos, pos_w)
    return max(0.0, ap)


def ks_of_problem(problem: Problem) -> KSResult:
    """The KS statistic max_t |F-(t) - F+(t)| and the smallest threshold reaching it."""
    k = _backend.kernels
    parts = checked_parts(problem)
    counts = parts.counts
    if counts is not None:
        n_neg, n_pos = int(counts.neg.sum()), int(counts.pos.sum())
    else:
        n_neg, n_pos = len(parts.neg), len(parts.pos)
    if n_neg == 0 or n_pos == 0:
        warn_one_class("The KS statistic")
        return KSResult(float("nan"), float("nan"))
    if counts is not None:
        return ks_of_counts(counts)
    if parts.neg_weight is None:
        diff, threshold = k.ks_merge(parts.neg, parts.pos)
        return KSResult(diff / (n_pos * n_neg), threshold)
    neg_w, pos_w, _ = class_weights_in_range(parts.neg_weight, parts.pos_weight)
    return KSResult(*k.ks_merge_weighted(parts.neg, neg_w, parts.pos, pos_w))


def ks_of_counts(counts: Counts) -> KSResult:
    """KS statistic and threshold from per-score class counts (both classes present),
    exact to 2**62 rows: max_t |n_pos C-(t) - n_neg C+(t)| in integers (the ``ks_counts``
    kernel), divided once by n_pos n_neg; the smallest t reaching it."""
    n_neg, n_pos = class_totals(counts)
    gap, i = _backend.kernels.ks_counts(counts.neg, counts.pos)
    return KSResult(gap / (n_pos * n_neg), float(counts.values[i]))


# ---------------------------------------------------------------------------------------
# many columns


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
        raise ValueError(f"a 2-D {name} must be a multilabel indicator matrix of 0/1 values "
                         "(multiclass-multioutput format is not supported)")
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


def average_columns(metric: ColumnMetric, y2d: np.ndarray, s2d: np.ndarray, average: Any,
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


def auc_positive_is_greater(y: np.ndarray) -> tuple[Any, Any, int]:
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
                   sample_weight: Any, n_threads: int) -> Any:
    """scikit-learn's ``_multiclass_roc_auc_score`` (same checks, same messages, in the same
    order: ``sample_weight`` is validated after the one-vs-one check refused it)."""
    if not np.allclose(1, s.sum(axis=1)):
        raise ValueError("Target scores need to be probabilities for multiclass roc_auc, i.e. "
                         "they should sum up to 1.0 over classes")
    average_options: tuple[str | None, ...] = ("macro", "weighted", None)
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
    w = check_sample_weight(sample_weight, len(y))
    indicator = (y[:, None] == classes[None, :]).view(np.uint8)
    return average_columns(auc_metric(None), indicator, s, average, w, n_threads)


def auc_metric(max_fpr: float | None) -> ColumnMetric:
    """The binary AUC of one column (labels 0/1 as uint8), for ``average_columns``."""
    def metric(y01: np.ndarray, scores: np.ndarray, weights: np.ndarray | None) -> float:
        return binary_auc(Problem(y01, np.uint8(1), scores, weights), max_fpr)
    return metric


# ---------------------------------------------------------------------------------------
# the public areas' entries: every kind of target


AVERAGES = (None, "micro", "macro", "weighted", "samples")


def roc_auc(y_true: Any, y_score: Any, *, average: Any, sample_weight: Any, max_fpr: Any,
            multi_class: Any, labels: Any, n_threads: Any) -> Any:
    """``rankscore.roc_auc_score`` of any target: binary (the fast path for native labels
    first), many models against the same binary labels, multilabel, multiclass."""
    check_choice(average, "average", AVERAGES)
    check_choice(multi_class, "multi_class", ("raise", "ovr", "ovo"))
    if n_threads is not None:
        check_positive_int(n_threads, "n_threads")
    if max_fpr is None and sample_weight is None and native_binary(y_true, y_score):
        auc_value = auc_fast(y_true, y_score, n_threads)  # the common case, little overhead
        if auc_value is not None:
            return auc_value
    max_fpr = check_max_fpr(max_fpr)
    if isinstance(y_true, np.ndarray) and y_true.ndim == 2 or (
            not isinstance(y_true, np.ndarray) and np.ndim(y_true) == 2):
        y2d = as_indicator_matrix(y_true)
        s2d = as_score_matrix(y_score)
        if s2d.shape != y2d.shape:
            raise ValueError(f"y_true and y_score must have the same shape for multilabel "
                             f"input; got {y2d.shape} and {s2d.shape}")
        w = check_sample_weight(sample_weight, y2d.shape[0])
        return average_columns(auc_metric(max_fpr), y2d, s2d, average, w,
                               thread_count(n_threads))

    y = as_label_array(y_true)
    scores = y_score if isinstance(y_score, np.ndarray) else as_array(y_score, "y_score")
    if scores.ndim == 2 and scores.shape[1] == 1:
        scores = scores[:, 0]
    if scores.ndim > 2:
        raise ValueError(f"y_score must be 1-D or 2-D, got an array of shape {scores.shape}")
    if scores.ndim == 2:
        s2d = as_score_matrix(scores, finite=False)
        check_same_length(y_true=y, y_score=s2d)
        _, _, n_classes = auc_positive_is_greater(y)
        if n_classes == 1 and s2d.shape[1] == 2:  # as scikit-learn: undefined before shape
            warn_one_class("ROC AUC score")
            return float("nan")
        if n_classes == 2 and s2d.shape[1] == 2:
            raise ValueError(  # scikit-learn's message, and what to do instead
                f"y should be a 1d array, got an array of shape {s2d.shape} instead. y_true "
                "is binary: pass the positive class's column (y_score[:, 1] of predict_proba)"
                ", or rankscore.curves.roc_auc_columns for one AUC per column.")
        if max_fpr is not None and max_fpr != 1.0:
            raise ValueError("Partial AUC computation not available in multiclass setting, "
                             "'max_fpr' must be set to `None`, received "
                             f"`max_fpr={max_fpr}` instead")
        if multi_class == "raise":
            raise ValueError("multi_class must be in ('ovo', 'ovr')")
        check_finite(s2d, "y_score")
        return multiclass_auc(y, s2d, labels, multi_class, average, sample_weight,
                              thread_count(n_threads))

    scores = as_scores(scores, finite=False)
    n = check_same_length(y_true=y, y_score=scores)
    w = check_sample_weight(sample_weight, n)
    codes, pos_code, n_classes = auc_positive_is_greater(y)
    if n_classes > 2:
        if max_fpr is not None and max_fpr != 1.0:
            raise ValueError("Partial AUC computation not available in multiclass setting, "
                             "'max_fpr' must be set to `None`, received "
                             f"`max_fpr={max_fpr}` instead")
        if multi_class == "raise":
            raise ValueError("multi_class must be in ('ovo', 'ovr')")
        raise ValueError("`y_score` needs to be of shape `(n_samples, n_classes)`, since "
                         f"`y_true` contains multiple classes. Got `y_score.shape="
                         f"{scores.shape}`.")
    return binary_auc(Problem(codes, pos_code, scores, w), max_fpr, n_threads)


def auc_columns(y_true: Any, y_score: Any, *, sample_weight: Any, max_fpr: Any,
                n_threads: Any) -> np.ndarray:
    """``rankscore.curves.roc_auc_columns``: one binary AUC per column of ``y_score``
    against the same labels (the greater of two labels positive)."""
    if n_threads is not None:
        check_positive_int(n_threads, "n_threads")
    max_fpr = check_max_fpr(max_fpr)
    y = as_label_array(y_true)
    s2d = as_score_matrix(y_score, finite=False)
    if s2d.ndim == 1:
        s2d = s2d[:, None]
    check_same_length(y_true=y, y_score=s2d)
    w = check_sample_weight(sample_weight, len(y))
    codes, pos_code, n_classes = auc_positive_is_greater(y)
    if n_classes > 2:
        raise ValueError(f"y_true holds {n_classes} classes; roc_auc_columns scores binary "
                         "labels (use roc_auc_score with multi_class='ovr' or 'ovo' for "
                         "class probabilities)")
    if max_fpr is not None and max_fpr != 1 or w is not None:
        check_finite(s2d, "y_score")
    if max_fpr is not None and max_fpr != 1:
        return map_columns(
            lambda j: binary_auc(Problem(codes, pos_code, s2d[:, j], w), max_fpr),
            s2d.shape[1], thread_count(n_threads))
    return auc_shared_labels(codes, pos_code, s2d, w, thread_count(n_threads))


def average_precision(y_true: Any, y_score: Any, *, average: Any, pos_label: Any,
                      sample_weight: Any) -> Any:
    """``rankscore.average_precision_score`` of any target: binary, multilabel, multiclass."""
    check_choice(average, "average", AVERAGES)

    def metric(y01: np.ndarray, scores: np.ndarray, weights: np.ndarray | None) -> float:
        return ap_of_problem(Problem(y01, np.uint8(1), scores, weights))

    if np.ndim(y_true) == 2:
        y2d = as_indicator_matrix(y_true)
        if pos_label != 1:
            raise ValueError("Parameter pos_label is fixed to 1 for multilabel-indicator "
                             "y_true. Do not set pos_label or set pos_label to 1.")
        s2d = as_score_matrix(y_score)
        if s2d.shape != y2d.shape:
            raise ValueError(f"y_true and y_score must have the same shape for multilabel "
                             f"input; got {y2d.shape} and {s2d.shape}")
        w = check_sample_weight(sample_weight, y2d.shape[0])
        return average_columns(metric, y2d, s2d, average, w, 1)
    y = as_label_array(y_true)
    present = present_classes(y)
    if len(present) > 2:
        if pos_label != 1:
            raise ValueError("Parameter pos_label is fixed to 1 for multiclass y_true. Do not "
                             "set pos_label or set pos_label to 1.")
        s2d = as_score_matrix(y_score)
        indicator = (y[:, None] == present[None, :]).view(np.uint8)
        if s2d.shape != indicator.shape:
            raise ValueError("`y_score` needs to be of shape `(n_samples, n_classes)`, since "
                             "`y_true` contains multiple classes. Got "
                             f"`y_score.shape={s2d.shape}`.")
        w = check_sample_weight(sample_weight, len(y))
        return average_columns(metric, indicator, s2d, average, w, 1)
    if len(present) == 2 and pos_label not in present.tolist():
        raise ValueError(f"pos_label={quoted(pos_label)} is not a valid label. It "
                         f"should be one of {array_text(present)}")
    return ap_of_problem(binary_problem(y, y_score, pos_label, sample_weight))
