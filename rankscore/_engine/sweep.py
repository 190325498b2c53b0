"""The threshold sweep: what the class parts of a binary problem become.

One sweep serves every curve: the distinct thresholds (descending) with the cumulative
weighted counts of negatives (``fps``) and positives (``tps``) scoring at or above each,
as scikit-learn's ``_binary_clf_curve``; every curve is a view of it (``views``). The
score summary holds the same information per threshold (``summary_arrays``: thresholds
descending, negatives and positives scoring exactly each one), and a scan reads a summary
once for every number of the threshold-free report (``scan``). Large unweighted inputs
skip the per-threshold arrays where a curve can be written straight from the sorted parts
(``roc_points``, ``pr_points``).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple

import numpy as np

from .. import _backend
from .parts import (MAX_EXACT_ROWS, ClassParts, Counts, Problem, checked_parts,
                    use_two_threads)
from .validate import check_finite

__all__ = ["Sweep", "Scan", "summary_arrays", "summary_of_parts",
           "summary_of_counts", "cumulative", "sweep_of_problem", "sweep_or_parts",
           "pr_points", "scan", "scan_of_counts"]


class Sweep(NamedTuple):
    """Cumulative counts over the distinct thresholds of a score vector.

    ``fps[i]`` / ``tps[i]``: (weighted) negatives / positives with ``score >= thresholds[i]``
    (float64); ``thresholds``: the distinct scores, strictly decreasing, in the dtype of the
    validated scores (float32 or float64).
    """

    fps: np.ndarray
    tps: np.ndarray
    thresholds: np.ndarray


class Scan(NamedTuple):
    """A summary read once by the ``summary_scan_*`` kernels: the class totals and AUC, KS
    (statistic and threshold), average precision and PR AUC, NaN where a class is missing
    (``ap`` and ``pr_auc`` need positives only)."""

    n_negatives: float
    n_positives: float
    auc: float
    ks: float
    ks_threshold: float
    ap: float
    pr_auc: float


# ---------------------------------------------------------------------------------------
# the summary and the sweep of class parts


def summary_arrays(problem: Problem) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The score summary of a problem: (thresholds descending, negatives, positives) per
    distinct score, int64 counts without weights and float64 weight sums with them (empty
    when every weight is zero). ``rankscore.ScoreSummary`` holds these arrays."""
    scores, weights = problem.scores, problem.weights
    if weights is not None and not weights.any():
        check_finite(scores, "y_score")  # (the class parts would have read it)
        return np.empty(0, dtype=scores.dtype), np.empty(0), np.empty(0)
    return summary_of_parts(checked_parts(problem))


def summary_of_parts(parts: ClassParts) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The summary arrays of class parts read whole; large unweighted parts on two threads."""
    if parts.counts is not None:
        return summary_of_counts(parts.counts, parts.dtype)
    neg, pos = parts.neg, parts.pos
    if parts.neg_weight is None and use_two_threads(len(neg) + len(pos)):
        return _summary_on_two_threads(neg, pos)
    thresholds, negatives, positives = _backend.kernels.summary_from_sorted(
        neg, parts.neg_weight, pos, parts.pos_weight)
    return thresholds, negatives, positives


def _summary_on_two_threads(
    neg: np.ndarray, pos: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """summary_from_sorted of unweighted class parts, cut at the larger part's median
    score: the scores at or above it on one thread, those below on another, each written
    to its own part of the output (equal scores land on one side)."""
    kernel = _backend.kernels.summary_from_sorted_into
    larger = neg if len(neg) >= len(pos) else pos
    cut = larger[len(larger) // 2]
    i, j = int(np.searchsorted(neg, cut)), int(np.searchsorted(pos, cut))
    offset = len(neg) - i + len(pos) - j
    out = [np.empty(len(neg) + len(pos), dtype=dtype) for dtype in (neg.dtype, np.int64,
                                                                  np.int64)]
    with ThreadPoolExecutor(2) as pool:
        upper, lower = pool.map(lambda job: kernel(*out, *job),
                                [(0, neg[i:], pos[j:]), (offset, neg[:i], pos[:j])])
    if upper < offset:  # tied scores made fewer thresholds: close the gap
        for arr in out:
            arr[upper:upper + lower] = arr[offset:offset + lower]
    for arr in out:
        arr.resize(upper + lower, refcheck=False)
    return out[0], out[1], out[2]


def summary_of_counts(counts: Counts, dtype: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The summary arrays of per-score counts (ascending float64 values, int64 counts)."""
    return (counts.values[::-1].astype(dtype), counts.neg[::-1].copy(),
            counts.pos[::-1].copy())


def cumulative(thresholds: np.ndarray, negatives: np.ndarray, positives: np.ndarray) -> Sweep:
    """The sweep of a summary: running sums from the top score down (float64)."""
    if len(thresholds) == 0:
        raise ValueError("sample_weight is zero for every sample; nothing to score")
    fps, tps = _backend.kernels.summary_running(negatives, positives)
    return Sweep(fps, tps, thresholds)


def sweep_of_problem(problem: Problem) -> Sweep:
    """The running sums of the summary of a problem. Unweighted sorted parts go straight to
    them (``summary_sweep``: the same values without the per-threshold arrays)."""
    sweep, parts = sweep_or_parts(problem)
    if parts is None:
        assert sweep is not None  # one of the two is always given
        return sweep
    return Sweep(*_backend.kernels.summary_sweep(*parts))


def sweep_or_parts(
    problem: Problem
) -> tuple[Sweep | None, tuple[np.ndarray, np.ndarray] | None]:
    """(None, (neg, pos)): each class's sorted scores, both non-empty, for unweighted input
    with too many distinct scores to count (roc_curve and precision_recall_curve write their
    arrays from them in one pass: ``roc_points``, ``pr_points``); else (the sweep, None)."""
    if problem.weights is not None:
        return cumulative(*summary_arrays(problem)), None
    parts = checked_parts(problem)
    if parts.counts is not None:
        return cumulative(*summary_of_counts(parts.counts, parts.dtype)), None
    if len(parts.neg) and len(parts.pos):
        return None, (parts.neg, parts.pos)
    return Sweep(*_backend.kernels.summary_sweep(parts.neg, parts.pos)), None


def pr_points(neg: np.ndarray, pos: np.ndarray, drop_intermediate: bool,
              n_threads: Any = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """precision_recall_curve's arrays from the sorted class parts (both non-empty), written
    in one pass (the ``pr_points_into`` kernel). Without drop_intermediate, inputs of
    PARALLEL_SORT_ROWS rows or more are cut at a score near the middle of the negatives and
    the two halves written on two threads: the upper half from the index it would start at
    if every score below the cut were distinct, moved down afterwards if ties made the lower
    half shorter."""
    k = _backend.kernels
    n = len(neg) + len(pos)
    precision, recall = np.empty(n + 1), np.empty(n + 1)
    thresholds = np.empty(n + 1, dtype=neg.dtype)
    ranges = [(0, 0, len(neg), len(pos), 0)]  # (i, j, neg_stop, pos_stop, first index)
    if not drop_intermediate and use_two_threads(n, n_threads):
        cut = neg[len(neg) // 2]
        i, j = int(np.searchsorted(neg, cut)), int(np.searchsorted(pos, cut))
        ranges = [(0, 0, i, j, 0), (i, j, len(neg), len(pos), i + j)]

    def write(r: tuple[int, int, int, int, int]) -> int:
        written: int = k.pr_points_into(neg, pos, *r[:4], drop_intermediate, precision,
                                        recall, thresholds, r[4])
        return written

    if len(ranges) == 1:
        m = write(ranges[0])
    else:
        with ThreadPoolExecutor(2) as pool:
            m, stop = pool.map(write, ranges)
        start = ranges[1][4]
        if m < start:
            for arr in (precision, recall, thresholds):
                arr[m:m + stop - start] = arr[start:stop]
        m += stop - start
    precision[m], recall[m] = 1.0, 0.0
    precision.resize(m + 1, refcheck=False)
    recall.resize(m + 1, refcheck=False)
    thresholds.resize(m, refcheck=False)
    return precision, recall, thresholds


# ---------------------------------------------------------------------------------------
# one scan of a summary


def scan(thresholds: np.ndarray, neg: np.ndarray, pos: np.ndarray) -> Scan:
    """Read a summary (thresholds descending) once: exact integers without weights (pair
    counts and KS gaps in 128 bits), weight sums brought into float64's range as the fused
    kernels do (AUC and KS per class by its maximum, AP by the overall maximum)."""
    k = _backend.kernels
    nan = float("nan")
    if neg.dtype.kind != "f":
        n_neg, n_pos, pairs, gap, index, ap, area = k.summary_scan_counts(neg, pos)
        ks_threshold = float(thresholds[len(thresholds) - 1 - index]) if len(neg) else nan
        return scan_of_counts(n_neg, n_pos, pairs, gap, ks_threshold, ap, area)
    n_neg, n_pos, auc, gap, index, ap, area, top = k.summary_scan_weights(neg, pos)
    both = n_neg > 0 and n_pos > 0
    if both and not 1e-290 < n_pos * n_neg < 1e290:  # as areas.class_weights_in_range
        n_neg, n_pos, auc, gap, index = k.summary_scan_weights(
            neg / neg.max(), pos / pos.max())[:5]
    auc = auc if both else nan
    ks = min(1.0, gap / (n_neg * n_pos)) if both else nan
    scale = max(pos.max(initial=0.0), neg.max(initial=0.0))
    if top > 0 and scale < 1e-290:  # (recall gain) x precision would underflow
        _, _, _, _, _, ap, area, top = k.summary_scan_weights(neg / scale, pos / scale)
    ap = max(0.0, ap / top) if top > 0 else nan
    ks_threshold = float(thresholds[len(thresholds) - 1 - index]) if both else nan
    return Scan(n_neg, n_pos, auc, ks, ks_threshold, ap, area if n_pos else nan)


def scan_of_counts(n_neg: int, n_pos: int, pairs: int, gap: int, ks_threshold: float,
                   ap: float, area: float) -> Scan:
    """The scan of an unweighted summary from the ``summary_scan_counts`` numbers (the KS
    threshold read off the summary)."""
    nan = float("nan")
    if n_neg + n_pos > MAX_EXACT_ROWS:
        raise ValueError(f"counts total {n_neg + n_pos} rows; exact counts are kept up "
                         "to 2**62 rows")
    both = n_neg > 0 and n_pos > 0
    auc = pairs / (2 * n_pos * n_neg) if both else nan
    ks = gap / (n_pos * n_neg) if both else nan
    ap = max(0.0, ap / n_pos) if n_pos else nan
    return Scan(n_neg, n_pos, auc, ks, ks_threshold if both else nan, ap,
                area if n_pos else nan)
