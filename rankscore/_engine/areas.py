"""Binary ROC AUC, average precision and KS of a problem, computed while merging its class
parts (no curve is built).

Without weights the counts are exact integers: the Mann–Whitney pair count ``2U`` and the
KS gaps are accumulated in 128 bits by the kernels and divided once. With weights, each
class's weights are brought into float64's range first where the product of the class
totals would under- or overflow (AUC and KS do not change when one class's weights are
scaled).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _backend
from .labels import kernel_integers
from .parts import ClassParts, Counts, Problem, class_parts, class_totals
from .results import KSResult
from .sweep import scan, summary_arrays
from .views import ap_of_sweep, auc_view, warn_no_positives, warn_one_class

__all__ = ["native_binary", "auc_fast", "binary_auc", "auc_of_parts", "auc_of_counts",
           "ap_of_problem", "ks_of_problem", "ks_of_counts", "class_weights_in_range"]

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
        return auc_of_parts(class_parts(problem, n_threads=n_threads, halves=True))
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
        pairs = sum(k.auc_merge(run, parts.pos) for run in parts.neg_runs)
        return pairs / (2 * n_pos * n_neg)
    neg_w, pos_w, denominator = class_weights_in_range(parts.neg_weight, parts.pos_weight)
    return k.auc_merge_weighted(parts.neg, neg_w, parts.pos, pos_w) / denominator


def auc_of_counts(counts: Counts) -> float:
    """ROC AUC from per-score class counts, exact to 2**62 rows: 2U = sum over scores of
    positives * (2 * negatives below + negatives tied), an exact int (the ``auc_counts``
    kernel), divided once by 2 n_pos n_neg."""
    n_neg, n_pos = class_totals(counts)
    if n_pos == 0 or n_neg == 0:
        warn_one_class("ROC AUC score")
        return float("nan")
    return _backend.kernels.auc_counts(counts.neg, counts.pos) / (2 * n_pos * n_neg)


def class_weights_in_range(neg_w: np.ndarray, pos_w: np.ndarray) -> tuple:
    """(neg_w, pos_w, W+ W-) with the product of the class totals inside float64's range.

    Products of weights would under- or overflow otherwise. AUC and KS are invariant to
    scaling one class's weights, so each class is divided by its own maximum: both totals
    land in [1, n] (one shared scale could push a class to 0).
    """
    denominator = float(np.cumsum(pos_w)[-1]) * float(np.cumsum(neg_w)[-1])
    if not 1e-290 < denominator < 1e290:
        neg_w, pos_w = neg_w / neg_w.max(), pos_w / pos_w.max()
        denominator = float(np.cumsum(pos_w)[-1]) * float(np.cumsum(neg_w)[-1])
    return neg_w, pos_w, denominator


def ap_of_problem(problem: Problem) -> float:
    """Average precision: sum over thresholds of (recall gain) x precision (no
    interpolation); 0.0 with scikit-learn's warning when there are no positives."""
    parts = class_parts(problem)
    counts = parts.counts
    if (len(parts.pos) if counts is None else counts.pos.sum()) == 0:
        warn_no_positives()
        return 0.0
    if counts is not None:
        fps = np.cumsum(counts.neg[::-1]).astype(np.float64)
        tps = np.cumsum(counts.pos[::-1]).astype(np.float64)
        return max(0.0, ap_of_sweep(fps, tps))
    neg_w, pos_w = parts.neg_weight, parts.pos_weight
    if pos_w is not None:
        top = max(pos_w.max(), neg_w.max(initial=0.0))
        if top < 1e-290:  # (recall gain) x precision would underflow: AP is invariant to
            neg_w, pos_w = neg_w / top, pos_w / top  # one scale for all weights
    return max(0.0, _backend.kernels.ap_merge(parts.neg, neg_w, parts.pos, pos_w))


def ks_of_problem(problem: Problem) -> KSResult:
    """The KS statistic max_t |F-(t) - F+(t)| and the smallest threshold reaching it."""
    k = _backend.kernels
    parts = class_parts(problem)
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
