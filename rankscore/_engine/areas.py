"""ROC AUC, average precision and KS: of one binary problem, computed while merging its
class parts (no curve is built), and of many columns (multilabel and multiclass targets,
many models against the same labels: scikit-learn's ``_average_binary_score`` and
``_multiclass_roc_auc_score``; each column a binary problem, on a thread pool since the
kernels release the GIL).

``roc_auc`` reads straight down: ``auc_input.roc_auc_input`` makes every check once and
says what kind of target it found; the function of that kind (``binary_roc_auc``,
``multilabel_auc``, ``multiclass_auc``) then reads the class parts (``parts``) and counts.

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
from .parts import (ClassParts, Counts, binary_problem, checked_parts, class_parts,
                    class_totals, column_parts, thread_count)
from .results import KSResult
from .sweep import sweep_of_problem
from .auc_input import (AVERAGES, BINARY, MULTICLASS, MULTILABEL, RocAucInput,
                        auc_positive_is_greater, roc_auc_input)
from .validate import (Problem, array_text, as_indicator_matrix, as_label_array,
                       as_score_matrix, check_choice, check_finite, check_max_fpr,
                       check_positive_int, check_same_length, check_sample_weight,
                       multiclass_shape_error, multilabel_scores, quoted, text_label)
from .views import ap_of_sweep, partial_auc_view, warn_no_positives, warn_one_class

__all__ = ["roc_auc", "binary_roc_auc", "binary_auc", "auc_of_parts", "auc_of_counts",
           "pair_counts", "twice_u_of_runs",
           "ap_of_problem", "ks_of_problem", "ks_of_counts", "class_weights_in_range",
           "map_columns", "auc_shared_labels", "average_columns", "present_classes",
           "multilabel_auc", "multiclass_auc", "auc_metric", "auc_columns", "average_precision",
           "check_ap_labels"]

# The metric of one column: (labels 0/1 as uint8, scores, weights) -> number
ColumnMetric = Callable[[np.ndarray, np.ndarray, 'np.ndarray | None'], float]


# ---------------------------------------------------------------------------------------
# roc_auc_score: the input read once, then the AUC of its kind of target


def roc_auc(y_true: Any, y_score: Any, *, average: Any, sample_weight: Any, max_fpr: Any,
            multi_class: Any, labels: Any, n_threads: Any) -> Any:
    """``rankscore.roc_auc_score``: every check made once (``auc_input.roc_auc_input``),
    then the AUC of the kind of target it found: binary, multilabel (one binary AUC per
    column, averaged), multiclass (one-vs-rest or one-vs-one)."""
    task = roc_auc_input(y_true, y_score, average, sample_weight, max_fpr, multi_class, labels,
                         n_threads)
    if task.kind == BINARY:
        return binary_roc_auc(task, n_threads)
    if task.kind == MULTILABEL:
        return multilabel_auc(task, thread_count(n_threads))
    if task.kind == MULTICLASS:
        return multiclass_auc(task, thread_count(n_threads))
    warn_one_class("ROC AUC score")  # one class against two score columns
    return float("nan")


def binary_roc_auc(task: RocAucInput, n_threads: Any) -> float:
    """The AUC of a binary input. Native labels taken as they are: the split reads their
    range, and where a label is not 0 or 1 they are read in full and split again."""
    problem = task.problem
    assert problem is not None
    if not problem.labels_checked:
        parts = class_parts(problem, n_threads=n_threads, halves=True)
        if parts is not None:
            return auc_of_parts(parts)
        problem = task.labels_read().problem
        assert problem is not None
    return binary_auc(problem, task.max_fpr, n_threads)


# ---------------------------------------------------------------------------------------
# one binary problem


def binary_auc(problem: Problem, max_fpr: float | None = None, n_threads: Any = 1) -> float:
    """ROC AUC of a problem; with ``max_fpr`` < 1 the McClish-standardised partial AUC of
    its ROC points (as scikit-learn)."""
    if max_fpr is None or max_fpr == 1:
        return auc_of_parts(checked_parts(problem, n_threads=n_threads, halves=True))
    return partial_auc_view(sweep_of_problem(problem), max_fpr)


def auc_of_parts(parts: ClassParts) -> float:
    """AUC = P(s+ > s-) + ½ P(s+ = s-) by merging the sorted class parts (or from counts)."""
    if parts.counts is not None:
        return auc_of_counts(parts.counts)
    k = _backend.kernels
    n_neg, n_pos = parts.n_neg, len(parts.pos)
    if n_neg == 0 or n_pos == 0:
        warn_one_class("ROC AUC score")
        return float("nan")
    if parts.neg_weight is None:
        return twice_u_of_runs(parts) / (2 * n_pos * n_neg)
    neg_w, pos_w, _ = class_weights_in_range(parts.neg_weight, parts.pos_weight)
    area: float = k.auc_merge_weighted(parts.neg, neg_w, parts.pos, pos_w)
    return area


def twice_u_of_runs(parts: ClassParts) -> int:
    """2U of unweighted sorted class parts: it adds up over the runs of the negatives."""
    k = _backend.kernels
    return sum([k.auc_merge(run, parts.pos) for run in parts.neg_runs])


def pair_counts(parts: ClassParts) -> tuple[int, int, int]:
    """(negatives, positives, 2U) of unweighted class parts, exact Python ints: from the
    per-score counts or from the sorted runs (what partial results add up from)."""
    if parts.counts is not None:
        n_neg, n_pos = class_totals(parts.counts)
        return n_neg, n_pos, int(_backend.kernels.auc_counts(parts.counts.neg,
                                                             parts.counts.pos))
    return parts.n_neg, len(parts.pos), twice_u_of_runs(parts)


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


def present_classes(y: np.ndarray) -> np.ndarray:
    """np.unique(y), without sorting when integer labels span at most two values."""
    if y.dtype.kind in "iub":
        lo, hi = y.min(), y.max()
        if int(hi) - int(lo) <= 1:
            return np.array([lo, hi] if hi != lo else [lo], dtype=y.dtype)
    return np.unique(y)


def multilabel_auc(task: RocAucInput, n_threads: int) -> float | np.ndarray:
    """scikit-learn's ``_average_binary_score`` of a checked multilabel input: the binary
    AUC of each column (partial with ``max_fpr``), averaged."""
    assert task.y is not None and task.scores is not None
    area: float | np.ndarray = average_columns(auc_metric(task.max_fpr), task.y, task.scores,
                                               task.average, task.weights, n_threads)
    return area


def multiclass_auc(task: RocAucInput, n_threads: int) -> float | np.ndarray:
    """scikit-learn's ``_multiclass_roc_auc_score`` of a checked multiclass input: the
    one-vs-one AUCs of every pair of present classes (Hand & Till 2001), or one AUC per
    class against the rest, averaged."""
    y, s, classes = task.y, task.scores, task.classes
    assert y is not None and s is not None and classes is not None
    if task.multi_class == "ovo":
        encoded = np.searchsorted(classes, y)
        present = np.unique(encoded)
        pair_scores, prevalence = [], []
        for a, b in combinations(present, 2):
            a_mask, b_mask = encoded == a, encoded == b
            ab = a_mask | b_mask
            prevalence.append(np.mean(ab))
            a_auc = binary_auc(Problem(a_mask[ab].view(np.uint8), np.uint8(1),
                                       np.ascontiguousarray(s[ab, a])))
            b_auc = binary_auc(Problem(b_mask[ab].view(np.uint8), np.uint8(1),
                                       np.ascontiguousarray(s[ab, b])))
            pair_scores.append((a_auc + b_auc) / 2)
        return float(np.average(pair_scores,
                                weights=prevalence if task.average == "weighted" else None))
    indicator = (y[:, None] == classes[None, :]).view(np.uint8)
    area: float | np.ndarray = average_columns(auc_metric(None), indicator, s, task.average,
                                               task.weights, n_threads)
    return area


def auc_metric(max_fpr: float | None) -> ColumnMetric:
    """The binary AUC of one column (labels 0/1 as uint8), for ``average_columns``."""
    def metric(y01: np.ndarray, scores: np.ndarray, weights: np.ndarray | None) -> float:
        return binary_auc(Problem(y01, np.uint8(1), scores, weights), max_fpr)
    return metric


# ---------------------------------------------------------------------------------------
# the other public areas' entries


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
        s2d, w = multilabel_scores(y2d, y_score, sample_weight)
        return average_columns(metric, y2d, s2d, average, w, 1)
    y = as_label_array(y_true)
    present = present_classes(y)
    check_ap_labels(present, pos_label)
    if len(present) > 2:
        s2d = as_score_matrix(y_score)
        indicator = (y[:, None] == present[None, :]).view(np.uint8)
        if s2d.shape != indicator.shape:
            raise multiclass_shape_error(s2d.shape)
        w = check_sample_weight(sample_weight, len(y))
        return average_columns(metric, indicator, s2d, average, w, 1)
    return ap_of_problem(binary_problem(y, y_score, pos_label, sample_weight))


def check_ap_labels(present: np.ndarray, pos_label: Any) -> None:
    """scikit-learn's refusals of ``average_precision_score``'s labels ``present`` (its
    distinct labels, sorted): a ``pos_label`` other than 1 with more than two classes, or
    one that is neither of two classes."""
    pos_label = text_label(pos_label)  # bytes labels are read as str
    if len(present) > 2 and pos_label != 1:
        raise ValueError("Parameter pos_label is fixed to 1 for multiclass y_true. Do not "
                         "set pos_label or set pos_label to 1.")
    if len(present) == 2 and pos_label not in present.tolist():
        raise ValueError(f"pos_label={quoted(pos_label)} is not a valid label. It "
                         f"should be one of {array_text(present)}")
