"""The threshold sweep engine behind every curve, area and summary of a scored binary classifier.

One sweep serves every curve: ``_sweep`` turns (labels, scores, weights) into the distinct
thresholds (descending) with the cumulative weighted counts of negatives (``fps``) and
positives (``tps``) scoring at or above each; every curve is a thin view on it (as
scikit-learn's ``_binary_clf_curve``). The kernels never sort by index: they split the
scores by class, sort each part (bucket kernels or np.sort, whichever is faster on the
machine: ``_split_sorted``) and merge the two sorted parts in one pass (or,
for large unweighted inputs with few distinct scores, count each class per distinct score
in one pass). AUC, average precision and KS are computed while merging, without building
a curve.

Here: the sweep and its sorting and counting paths, the views that read a sweep or a scan
(``_roc_view``, ``_pr_view``, ``_auc_view`` …, shared by :mod:`rankscore.curves` and
:class:`rankscore.ScoreSummary`), the binary AUC / AP fast paths, and the one-vs-rest
column mapping and averaging of the multilabel and multiclass areas. The public functions
live in :mod:`rankscore.curves`.
"""

from __future__ import annotations

import math
import os
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from typing import Any, NamedTuple

import numpy as np

from . import _backend, _validation
from ._labels import _from_objects, as_label_array, common_labels, label_codes
from .exceptions import warn_undefined_metric
from ._validation import (
    quoted,
    as_scores,
    check_finite,
    check_positive_int,
    check_real,
    check_same_length,
    check_sample_weight,
)


class Sweep(NamedTuple):
    """Cumulative counts over the distinct thresholds of a score vector.

    ``fps[i]`` / ``tps[i]``: (weighted) negatives / positives with ``score >= thresholds[i]``
    (float64); ``thresholds``: the distinct scores, strictly decreasing, in the dtype of the
    validated scores (float32 or float64).
    """

    fps: np.ndarray
    tps: np.ndarray
    thresholds: np.ndarray


class KSResult(NamedTuple):
    """The KS statistic ``max_t |F-(t) - F+(t)|`` and the smallest threshold ``t`` reaching it.

    Examples
    --------
    >>> from rankscore import ks_statistic
    >>> result = ks_statistic([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> round(result.statistic, 4), result.threshold
    (0.6667, 0.52)
    """

    statistic: float
    threshold: float


class KSCurve(NamedTuple):
    """Empirical CDFs of both classes at every distinct score (increasing thresholds).

    Examples
    --------
    >>> from rankscore.curves import ks_curve
    >>> curve = ks_curve([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> curve.thresholds.tolist()
    [0.14, 0.23, 0.39, 0.52, 0.73, 0.9]
    >>> (curve.cdf_negative - curve.cdf_positive).round(4).tolist()
    [0.3333, 0.0, 0.3333, 0.6667, 0.3333, 0.0]
    """

    thresholds: np.ndarray
    cdf_negative: np.ndarray
    cdf_positive: np.ndarray


# ---------------------------------------------------------------------------------------
# the sweep


def _validate_binary(y_true, y_score, pos_label, sample_weight):
    """Validated (codes, pos_code, scores, weights or None)."""
    codes, pos_code = label_codes(y_true, pos_label)
    scores = as_scores(y_score)
    n = check_same_length(y_true=codes, y_score=scores)
    weights = check_sample_weight(sample_weight, n)
    return codes, pos_code, scores, weights


def _split_sorted(codes, pos_code, scores, weights, n_threads=None):
    """Scores (and weights) split by class, each part sorted ascending (-0.0 as 0.0; equal
    scores keep their input order with weights, which fixes the order weights are summed).
    Inputs of _PARALLEL_SORT_ROWS rows or more are sorted on two threads unless n_threads
    is 1 (None: every CPU)."""
    k = _backend.kernels
    if weights is None and not _bucket_sort_pays(len(scores)):
        neg, pos, _, _ = k.split_scores(codes, pos_code, scores)
        _sort_in_threads([neg, pos], _sort_numpy, n_threads, len(scores))
        return neg, None, pos, None
    neg, neg_w, neg_edges, pos, pos_w, pos_edges, _, _ = k.split_buckets(
        codes, pos_code, scores, weights)
    if weights is not None and len(neg) + len(pos) == 0:
        raise ValueError("sample_weight is zero for every sample; nothing to score")
    _sort_buckets([(neg, neg_w, neg_edges), (pos, pos_w, pos_edges)], n_threads)
    return neg, neg_w, pos, pos_w


# Ordering the scores: the compiled backend buckets them by an order-preserving integer key
# and sorts inside the buckets (split_buckets + sort_runs, _kernels_sort.pxi), which does
# not depend on how fast the CPU's np.sort is. Where NumPy's own sort is faster (SIMD
# sorting networks, e.g. AVX-512), unweighted inputs keep np.sort: the sorted parts are the
# same arrays either way. Which one is faster is measured once per process, on the first
# input of _BUCKET_MIN_ROWS rows or more; RANKSCORE_SORT=bucket or =numpy decides instead.
_BUCKET_MIN_ROWS = 1 << 16
_PARALLEL_SORT_ROWS = 1 << 21
_bucket_sort_faster: bool | None = None


def _bucket_sort_pays(n_rows: int) -> bool:
    global _bucket_sort_faster
    if _backend.kernels.NUMPY_SORT:
        return True  # the fallback's buckets are NumPy sorts
    choice = os.environ.get("RANKSCORE_SORT", "")
    if choice in ("bucket", "numpy"):
        return choice == "bucket"
    if n_rows < _BUCKET_MIN_ROWS:
        return False
    if _bucket_sort_faster is None:
        _bucket_sort_faster = _time_sorts() < 0
    return _bucket_sort_faster


def _time_sorts() -> float:
    """Seconds of the bucket sort minus seconds of np.sort on 2^18 uniform scores (best of 3)."""
    k = _backend.kernels
    scores = np.random.default_rng(0).random(1 << 18)
    labels = np.zeros(len(scores), dtype=np.uint8)

    def bucket():
        neg, _, edges, _, _, _, _, _ = k.split_buckets(labels, np.uint8(1), scores)
        k.sort_runs(neg, edges)

    def numpy():
        neg, _, _, _ = k.split_scores(labels, np.uint8(1), scores)
        neg.sort()

    best = {}
    for fn in (bucket, numpy, bucket, numpy, bucket, numpy):
        start = time.perf_counter()
        fn()
        best[fn] = min(best.get(fn, math.inf), time.perf_counter() - start)
    return best[bucket] - best[numpy]


def _sort_numpy(part: np.ndarray) -> None:
    np.add(part, 0, out=part)  # -0.0 becomes 0.0, as in the bucket sort
    part.sort()


def _sort_in_threads(jobs, fn, n_threads, n_rows) -> None:
    """fn(job) for every job, on two threads for large inputs (the sorts release the GIL)."""
    if n_rows >= _PARALLEL_SORT_ROWS and _n_threads(n_threads) > 1 and len(jobs) > 1:
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(fn, jobs))
    else:
        for job in jobs:
            fn(job)


def _sort_buckets(parts, n_threads) -> None:
    """Sort the buckets of every (scores, weights, edges) part in place; on two threads, the
    largest part's buckets are cut at about half of all scores."""
    k = _backend.kernels
    total = sum(len(scores) for scores, _, _ in parts)
    jobs = [parts]
    if total >= _PARALLEL_SORT_ROWS and _n_threads(n_threads) > 1:
        (scores, weights, edges), *rest = sorted(parts, key=lambda part: -len(part[0]))
        cut = min(max(int(np.searchsorted(edges, total // 2)), 1), len(edges) - 1)
        jobs = [[(scores, weights, edges[:cut + 1])], [(scores, weights, edges[cut:]), *rest]]
    _sort_in_threads(jobs, lambda job: [k.sort_runs(s, e, w) for s, w, e in job], n_threads,
                     total)


# Heavily tied scores (rounded, bucketed, small integers): one counting pass over a small
# hash table replaces the sorts when the input is large, unweighted and has few distinct
# scores; the results are the same integers.
_COUNT_MIN_ROWS = 1 << 15
_COUNT_MAX_DISTINCT = 1 << 12


class _Counts(NamedTuple):
    values: np.ndarray  # distinct scores, ascending (float64)
    neg: np.ndarray  # negatives per score (int64)
    pos: np.ndarray  # positives per score (int64)


def _try_count(codes, pos_code, scores, weights, *, labels_checked=True):
    """Per-score class counts, or None (weighted, small, or too many distinct scores).

    With ``labels_checked=False`` returns (counts, smallest label, largest label)."""
    if weights is not None or len(scores) < _COUNT_MIN_ROWS:
        return None
    found = _backend.kernels.count_scores(codes, pos_code, scores, _COUNT_MAX_DISTINCT)
    if found is None:
        return None
    values, neg, pos, lo, hi = found
    if not (math.isfinite(values[0]) and math.isfinite(values[-1])):  # NaN sorts last
        check_finite(scores, "y_score")
    counts = _Counts(values, neg, pos)
    return counts if labels_checked else (counts, lo, hi)


def _sweep_from_counts(counts: _Counts, dtype) -> Sweep:
    return Sweep(np.cumsum(counts.neg[::-1]).astype(np.float64),
                 np.cumsum(counts.pos[::-1]).astype(np.float64),
                 counts.values[::-1].astype(dtype))


# Counts are exact to this many rows: the kernels keep pair counts (n_pos n_neg <= 2**122)
# and KS gaps in 128 bits.
MAX_EXACT_ROWS = 2**62


def _class_totals(counts: _Counts) -> tuple[int, int]:
    """(negatives, positives) of per-threshold counts; more than 2**62 rows is an error."""
    n_neg, n_pos = int(counts.neg.sum()), int(counts.pos.sum())
    if n_neg + n_pos > MAX_EXACT_ROWS:
        raise ValueError(f"counts total {n_neg + n_pos} rows; exact counts are kept up to "
                         "2**62 rows")
    return n_neg, n_pos


def _auc_from_counts(counts: _Counts) -> float:
    """ROC AUC from per-threshold class counts (thresholds ascending), exact to 2**62 rows:
    2U = sum over thresholds of positives * (2 * negatives below + negatives tied), an
    exact int (the ``auc_counts`` kernel), divided once by 2 n_pos n_neg."""
    n_neg, n_pos = _class_totals(counts)
    if n_pos == 0 or n_neg == 0:
        _warn_undefined("Only one class is present in y_true. ROC AUC score is not defined "
                        "in that case.")
        return float("nan")
    return _backend.kernels.auc_counts(counts.neg, counts.pos) / (2 * n_pos * n_neg)


def _ks_from_counts(counts: _Counts) -> KSResult:
    """KS statistic and threshold from per-threshold class counts (thresholds ascending),
    exact to 2**62 rows: max_t |n_pos C-(t) - n_neg C+(t)| in integers (the ``ks_counts``
    kernel), divided once by n_pos n_neg; the smallest t reaching it. Both classes needed."""
    n_neg, n_pos = _class_totals(counts)
    gap, i = _backend.kernels.ks_counts(counts.neg, counts.pos)
    return KSResult(gap / (n_pos * n_neg), float(counts.values[i]))


def _confusion_from_counts(counts: _Counts, threshold: float) -> tuple[int, int, int, int]:
    """(tp, fp, fn, tn) as exact ints at ``score >= threshold`` from per-threshold class
    counts (thresholds ascending); int64 sums are exact to 2**62 rows."""
    n_neg, n_pos = _class_totals(counts)
    first = int(np.searchsorted(counts.values, threshold, "left"))  # values >= threshold
    tp, fp = int(counts.pos[first:].sum()), int(counts.neg[first:].sum())
    return tp, fp, n_pos - tp, n_neg - fp


def _drop_collinear(fps, tps, thresholds):
    """scikit-learn's drop_intermediate for ROC: keep the first and last points and every
    corner (the ``roc_corners`` kernel)."""
    return Sweep(*_backend.kernels.roc_corners(fps, tps, thresholds))


def _ap_from_sweep(fps, tps) -> float:
    """As the ``ap_merge`` kernel, on a sweep already built."""
    gain = np.diff(np.concatenate(([0.0], tps)))
    return float(np.cumsum(gain * (tps / (tps + fps)))[-1] / tps[-1])


def _summary_arrays(codes, pos_code, scores, weights):
    """The score summary of validated input: (thresholds descending, negatives, positives)
    per distinct score, int64 counts without weights and float64 weight sums with them
    (empty when every weight is zero). ``rankscore.ScoreSummary`` holds these arrays."""
    if weights is not None and not weights.any():
        return np.empty(0, dtype=scores.dtype), np.empty(0), np.empty(0)
    counts = _try_count(codes, pos_code, scores, weights)
    if counts is not None:
        return _summary_of_counts(counts, scores.dtype)
    neg, neg_w, pos, pos_w = _split_sorted(codes, pos_code, scores, weights)
    if weights is None and len(scores) >= _PARALLEL_SORT_ROWS and _n_threads(None) > 1:
        return _summary_on_two_threads(neg, pos)
    return _backend.kernels.summary_from_sorted(neg, neg_w, pos, pos_w)


def _summary_on_two_threads(neg, pos):
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
    return tuple(out)


def _summary_of_counts(counts: _Counts, dtype):
    """The summary arrays of per-score counts (ascending float64 values, int64 counts)."""
    return (counts.values[::-1].astype(dtype), counts.neg[::-1].copy(),
            counts.pos[::-1].copy())


def _cumulative(thresholds, negatives, positives) -> Sweep:
    """The sweep of a summary: running sums from the top score down (float64)."""
    if len(thresholds) == 0:
        raise ValueError("sample_weight is zero for every sample; nothing to score")
    return Sweep(*_backend.kernels.summary_running(negatives, positives), thresholds)


def _sweep_validated(codes, pos_code, scores, weights) -> Sweep:
    """The running sums of the summary of validated input. Unweighted sorted parts go
    straight to them (``summary_sweep``: the same values without the per-threshold arrays;
    tests/test_summary.py checks it); everything else reads the summary."""
    sweep, parts = _sweep_or_sorted_parts(codes, pos_code, scores, weights)
    return sweep if parts is None else Sweep(*_backend.kernels.summary_sweep(*parts))


def _pr_points(neg, pos, drop_intermediate, n_threads=None):
    """precision_recall_curve's arrays from the sorted class parts (both non-empty), written
    in one pass (the ``pr_points_into`` kernel). Without drop_intermediate, inputs of
    _PARALLEL_SORT_ROWS rows or more are cut at a score near the middle of the negatives and
    the two halves written on two threads: the upper half from the index it would start at
    if every score below the cut were distinct, moved down afterwards if ties made the lower
    half shorter."""
    k = _backend.kernels
    n = len(neg) + len(pos)
    precision, recall = np.empty(n + 1), np.empty(n + 1)
    thresholds = np.empty(n + 1, dtype=neg.dtype)
    ranges = [(0, 0, len(neg), len(pos), 0)]  # (i, j, neg_stop, pos_stop, first index)
    if not drop_intermediate and n >= _PARALLEL_SORT_ROWS and _n_threads(n_threads) > 1:
        cut = neg[len(neg) // 2]
        i, j = int(np.searchsorted(neg, cut)), int(np.searchsorted(pos, cut))
        ranges = [(0, 0, i, j, 0), (i, j, len(neg), len(pos), i + j)]

    def write(r):
        return k.pr_points_into(neg, pos, *r[:4], drop_intermediate, precision, recall,
                                thresholds, r[4])

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


def _sweep_or_sorted_parts(codes, pos_code, scores, weights):
    """(None, (neg, pos)): each class's sorted scores, both non-empty, for unweighted input
    with too many distinct scores to count (roc_curve and precision_recall_curve write their
    arrays from them in one pass: ``roc_points``, ``_pr_points``); else
    (the sweep, None)."""
    if weights is None:
        counts = _try_count(codes, pos_code, scores, None)
        if counts is not None:
            return _cumulative(*_summary_of_counts(counts, scores.dtype)), None
        neg, _, pos, _ = _split_sorted(codes, pos_code, scores, None)
        if len(neg) and len(pos):
            return None, (neg, pos)
        return Sweep(*_backend.kernels.summary_sweep(neg, pos)), None
    return _cumulative(*_summary_arrays(codes, pos_code, scores, weights)), None


def _sweep(y_true, y_score, *, pos_label=None, sample_weight=None) -> Sweep:
    """Distinct thresholds (descending) with cumulative (weighted) false/true positives.

    The counterpart of scikit-learn's ``_binary_clf_curve`` (same validation and errors;
    zero-weight samples are dropped first, as there). ``fps[i]``/``tps[i]`` are the weights
    of negatives/positives with ``score >= thresholds[i]``; ``fps[-1]``/``tps[-1]`` are the
    class totals.
    """
    return _sweep_validated(*_validate_binary(y_true, y_score, pos_label, sample_weight))


# ---------------------------------------------------------------------------------------
# shared helpers of the public functions


def _warn_undefined(message: str, stacklevel: int = 3) -> None:
    warn_undefined_metric(message, stacklevel=stacklevel)


def _scores_unchecked(x: Any, name: str = "y_score") -> np.ndarray:
    """1-D float32/float64 scores, no finiteness pass (the fast paths check the sorted ends)."""
    return _validation._to_float(_validation.as_1d(x, name), name)


def _check_sorted_finite(parts, scores: np.ndarray) -> None:
    # NaN sorts last and -inf/+inf sit at the ends: the ends of the sorted parts tell
    for part in parts:
        if len(part) and not (math.isfinite(part[0]) and math.isfinite(part[-1])):
            check_finite(scores, "y_score")  # names the first bad entry


def _split_sorted_checked(codes, pos_code, scores, weights, n_threads=None):
    neg, neg_w, pos, pos_w = _split_sorted(codes, pos_code, scores, weights, n_threads)
    _check_sorted_finite((neg, pos), scores)
    return neg, neg_w, pos, pos_w


def _auc_of_sorted_parts(neg, pos, scores) -> float:
    """AUC from the sorted class parts (2U by merging them)."""
    _check_sorted_finite((neg, pos), scores)
    if len(neg) == 0 or len(pos) == 0:
        _warn_undefined("Only one class is present in y_true. ROC AUC score is not defined "
                        "in that case.")
        return float("nan")
    return _backend.kernels.auc_merge(neg, pos) / (2 * len(pos) * len(neg))


def _auc_of_np_sorted_parts(neg, pos, scores, n_threads) -> float:
    """AUC from the unsorted class parts (copies, sorted in place by np.sort). 2U adds up
    over any split of the negatives, so on two threads each half of them is sorted and
    merged on its own (on one, the negatives are sorted whole: one merge reads the
    positives once)."""
    if len(neg) == 0 or len(pos) == 0:
        return _auc_of_sorted_parts(np.sort(neg), np.sort(pos), scores)
    if len(scores) < _PARALLEL_SORT_ROWS or _n_threads(n_threads) < 2:
        neg.sort()
        pos.sort()
        return _auc_of_sorted_parts(neg, pos, scores)
    parts = [neg[:len(neg) // 2], neg[len(neg) // 2:], pos]
    _sort_in_threads(parts, np.ndarray.sort, n_threads, len(scores))
    _check_sorted_finite(parts, scores)
    k = _backend.kernels
    return (k.auc_merge(parts[0], pos) + k.auc_merge(parts[1], pos)) / (2 * len(pos) * len(neg))


_FAST_SCORE_DTYPES = (np.dtype(np.float64), np.dtype(np.float32))


def _native_binary(y_true: Any, y_score: Any) -> bool:
    """Whether the input may take the fast paths (``_auc_fast``, ``binary_report``): 1-D
    NumPy arrays of the same nonzero length, native integer or bool labels, float32 or
    float64 scores (the labels' range and the scores' finiteness are checked on the way)."""
    return (type(y_true) is np.ndarray and type(y_score) is np.ndarray and y_true.ndim == 1
            and y_score.ndim == 1 and y_true.dtype.kind in "iub" and y_true.dtype.isnative
            and y_score.dtype in _FAST_SCORE_DTYPES and 0 < len(y_true) == len(y_score))


def _auc_fast(y_true: np.ndarray, y_score: np.ndarray, n_threads) -> float | None:
    """Binary AUC of native int/bool labels in {0, 1} and float scores, with the fewest
    Python steps (small inputs); None when the labels need the general path."""
    codes = y_true.view(np.uint8) if y_true.dtype.kind == "b" else y_true
    counted = _try_count(codes, codes.dtype.type(1), y_score, None, labels_checked=False)
    if counted is not None:
        counts, lo, hi = counted
        return None if lo < 0 or hi > 1 else _auc_from_counts(counts)
    if _bucket_sort_pays(len(y_score)):
        neg, _, neg_edges, pos, _, pos_edges, lo, hi = _backend.kernels.split_buckets(
            codes, codes.dtype.type(1), y_score)
        if lo < 0 or hi > 1:
            return None
        _sort_buckets([(neg, None, neg_edges), (pos, None, pos_edges)], n_threads)
        return _auc_of_sorted_parts(neg, pos, y_score)
    neg, pos, lo, hi = _backend.kernels.split_scores(codes, codes.dtype.type(1), y_score)
    if lo < 0 or hi > 1:
        return None
    return _auc_of_np_sorted_parts(neg, pos, y_score, n_threads)


def _usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _n_threads(n_threads: Any) -> int:
    """Threads to use: ``n_threads`` (an int >= 1) capped at the usable CPUs; None: all of
    them. More threads than CPUs only add overhead (20,000 threads on 2 CPUs ran 160×
    slower than one)."""
    if n_threads is None:
        return _usable_cpus()
    return min(check_positive_int(n_threads, "n_threads"), _usable_cpus())


def _drop_flat_tps(fps, tps, thresholds):
    """Keep only the first and last point of each run of equal tps (PR and DET curves)."""
    if len(fps) <= 2:
        return fps, tps, thresholds
    keep = np.empty(len(fps), dtype=bool)
    keep[0] = keep[-1] = True
    np.logical_or(np.diff(tps[:-1]), np.diff(tps[1:]), out=keep[1:-1])
    return fps[keep], tps[keep], thresholds[keep]


def _roc_view(sweep: Sweep, drop_intermediate: bool, stacklevel: int = 4):
    """roc_curve of a summary's sweep."""
    fps, tps, thresholds = _drop_collinear(*sweep) if drop_intermediate else sweep
    fps = np.concatenate(([0.0], fps))
    tps = np.concatenate(([0.0], tps))
    thresholds = np.concatenate(([np.inf], thresholds.astype(np.float64, copy=False)))
    fpr = _rate(fps, "negative", "false", stacklevel + 1)
    tpr = _rate(tps, "positive", "true", stacklevel + 1)
    return fpr, tpr, thresholds


def _rate(counts: np.ndarray, kind: str, which: str, stacklevel: int) -> np.ndarray:
    """counts / their total (the last), or NaN with scikit-learn's warning when the class
    ``kind`` has no samples."""
    if counts[-1] <= 0:
        _warn_undefined(f"No {kind} samples in y_true, {which} positive value should be "
                        "meaningless", stacklevel)
        return np.full(counts.shape, np.nan)
    return counts / counts[-1]


def _pr_view(sweep: Sweep, drop_intermediate: bool = False, stacklevel: int = 3):
    """precision_recall_curve of a summary's sweep."""
    fps, tps, thresholds = _drop_flat_tps(*sweep) if drop_intermediate else sweep
    m = len(tps)
    precision, recall = np.empty(m + 1), np.empty(m + 1)  # filled back to front
    precision[m], recall[m] = 1.0, 0.0
    np.add(tps, fps, out=precision[m - 1::-1])  # every threshold holds a sample: no 0/0
    np.divide(tps, precision[m - 1::-1], out=precision[m - 1::-1])
    if tps[-1] == 0:
        warnings.warn("No positive class found in y_true, recall is set to one for all "
                      "thresholds.", UserWarning, stacklevel=stacklevel)
        recall[:m] = 1.0
    else:
        np.divide(tps, tps[-1], out=recall[m - 1::-1])
    return precision, recall, thresholds[::-1]


def _det_view(sweep: Sweep, drop_intermediate: bool = False):
    """det_curve of a summary's sweep."""
    fps, tps, thresholds = sweep
    fps = np.concatenate(([0.0], fps))
    tps = np.concatenate(([0.0], tps))
    thresholds = np.concatenate(([np.inf], thresholds.astype(np.float64, copy=False)))
    if drop_intermediate:
        fps, tps, thresholds = _drop_flat_tps(fps, tps, thresholds)
    if fps[-1] == 0 or tps[-1] == 0:
        raise ValueError("Only one class is present in y_true. Detection error tradeoff "
                         "curve is not defined in that case.")
    fns = tps[-1] - tps
    first = np.searchsorted(fps, fps[0], side="right") - 1  # last point with fp = 0
    last = np.searchsorted(tps, tps[-1]) + 1  # first point with fn = 0
    sl = slice(first if first > 0 else None, last)
    return fps[sl][::-1] / fps[-1], fns[sl][::-1] / tps[-1], thresholds[sl][::-1]


# ---------------------------------------------------------------------------------------
# areas: binary fast paths


def _auc_validated(codes, pos_code, scores, weights, n_threads=1) -> float:
    """Binary ROC AUC by merging the sorted class parts (Mann-Whitney, ties half credit)."""
    k = _backend.kernels
    counts = _try_count(codes, pos_code, scores, weights)
    if counts is not None:
        return _auc_from_counts(counts)
    if weights is None and not _bucket_sort_pays(len(scores)):
        neg, pos, _, _ = k.split_scores(codes, pos_code, scores)
        return _auc_of_np_sorted_parts(neg, pos, scores, n_threads)
    neg, neg_w, pos, pos_w = _split_sorted_checked(codes, pos_code, scores, weights, n_threads)
    if weights is None:
        return _auc_of_sorted_parts(neg, pos, scores)
    if len(neg) == 0 or len(pos) == 0:
        _warn_undefined("Only one class is present in y_true. ROC AUC score is not defined "
                        "in that case.")
        return float("nan")
    neg_w, pos_w, denominator = _class_weights_in_range(neg_w, pos_w)
    return k.auc_merge_weighted(neg, neg_w, pos, pos_w) / denominator


def _class_weights_in_range(neg_w, pos_w):
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


def _trapezoid(x: np.ndarray, y: np.ndarray, dx: np.ndarray | None = None) -> float:
    """The trapezoidal rule of :func:`rankscore.auc` on float64 coordinates (at least two;
    ``dx``: the steps of ``x`` when computed exactly), x monotonic (checked here)."""
    direction = 1
    if dx is None:
        dx = np.diff(x)
    if np.any(dx < 0):
        if np.all(dx <= 0):
            direction = -1
        else:
            raise ValueError(f"x is neither increasing nor decreasing : {x}.")
    return float(direction * np.add.reduce(dx * (y[1:] + y[:-1]) / 2.0))


def _partial_auc(fpr, tpr, max_fpr) -> float:
    """McClish-standardised partial AUC over [0, max_fpr] (scikit-learn's formula)."""
    stop = np.searchsorted(fpr, max_fpr, "right")
    x_interp = [fpr[stop - 1], fpr[stop]]
    y_interp = [tpr[stop - 1], tpr[stop]]
    tpr = np.append(tpr[:stop], np.interp(max_fpr, x_interp, y_interp))
    fpr = np.append(fpr[:stop], max_fpr)
    partial = _trapezoid(fpr, tpr)
    min_area = 0.5 * max_fpr**2
    return 0.5 * (1 + (partial - min_area) / (max_fpr - min_area))


def _binary_auc(codes, pos_code, scores, weights, max_fpr, n_threads=1) -> float:
    if max_fpr is None or max_fpr == 1:
        return _auc_validated(codes, pos_code, scores, weights, n_threads)
    check_finite(scores, "y_score")
    summary = _summary_arrays(codes, pos_code, scores, weights)
    if len(summary[0]) == 0:
        raise ValueError("sample_weight is zero for every sample; nothing to score")
    return _auc_view(_scan(*summary), summary, max_fpr)


class _Scan(NamedTuple):
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


def _scan(thresholds, neg, pos) -> _Scan:
    """Read a summary (thresholds descending) once: exact integers without weights (pair
    counts and KS gaps in 128 bits), weight sums brought into float64's range as the fused
    kernels do (AUC and KS per class by its maximum, AP by the overall maximum)."""
    k = _backend.kernels
    nan = float("nan")
    if neg.dtype.kind != "f":
        n_neg, n_pos, pairs, gap, index, ap, area = k.summary_scan_counts(neg, pos)
        ks_threshold = float(thresholds[len(thresholds) - 1 - index]) if len(neg) else nan
        return _scan_of_counts(n_neg, n_pos, pairs, gap, ks_threshold, ap, area)
    else:
        n_neg, n_pos, auc_sum, gap, index, ap, area, top = k.summary_scan_weights(neg, pos)
        both = n_neg > 0 and n_pos > 0
        if both and not 1e-290 < n_pos * n_neg < 1e290:  # as _class_weights_in_range
            n_neg, n_pos, auc_sum, gap, index = k.summary_scan_weights(
                neg / neg.max(), pos / pos.max())[:5]
        auc = auc_sum / (n_pos * n_neg) if both else nan
        ks = gap / (n_neg * n_pos) if both else nan
        scale = max(pos.max(initial=0.0), neg.max(initial=0.0))
        if top > 0 and scale < 1e-290:  # (recall gain) x precision would underflow
            _, _, _, _, _, ap, area, top = k.summary_scan_weights(neg / scale, pos / scale)
        ap = max(0.0, ap / top) if top > 0 else nan
    ks_threshold = float(thresholds[len(thresholds) - 1 - index]) if both else nan
    return _Scan(n_neg, n_pos, auc, ks, ks_threshold, ap, area if n_pos else nan)


def _scan_of_counts(n_neg, n_pos, pairs, gap, ks_threshold, ap, area) -> _Scan:
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
    return _Scan(n_neg, n_pos, auc, ks, ks_threshold if both else nan, ap,
                 area if n_pos else nan)


def _auc_view(scan: _Scan, summary=None, max_fpr=None, stacklevel: int = 4) -> float:
    """ROC AUC of a summary; ``max_fpr`` reads its ROC points (``summary``: the arrays,
    thresholds descending) as ``roc_auc_score`` does."""
    if math.isnan(scan.auc):
        _warn_undefined("Only one class is present in y_true. ROC AUC score is not "
                        "defined in that case.", stacklevel)
        return scan.auc
    if max_fpr is None or max_fpr == 1:
        return scan.auc
    fps, tps, _ = _drop_collinear(*_cumulative(*summary))
    fpr = np.concatenate(([0.0], fps)) / fps[-1]
    tpr = np.concatenate(([0.0], tps)) / tps[-1]
    return _partial_auc(fpr, tpr, max_fpr)


def _ap_view(scan: _Scan, stacklevel: int = 4) -> float:
    """Average precision of a summary."""
    if math.isnan(scan.ap):
        warnings.warn("No positive class found in y_true, recall is set to one for all "
                      "thresholds.", UserWarning, stacklevel=stacklevel)
        return 0.0
    return scan.ap


def _ks_view(scan: _Scan, stacklevel: int = 4) -> KSResult:
    """KS statistic of a summary."""
    if math.isnan(scan.ks):
        _warn_undefined("Only one class is present in y_true. The KS statistic is not "
                        "defined in that case.", stacklevel)
    return KSResult(scan.ks, scan.ks_threshold)


def _pr_auc_view(scan: _Scan, sweep: Sweep) -> float:
    """Trapezoidal PR AUC of a summary (``sweep`` draws the curve when there are no
    positives: recall is then 1 everywhere, with scikit-learn's warning)."""
    if math.isnan(scan.pr_auc):
        precision, recall, _ = _pr_view(sweep, False, 5)
        return _trapezoid(recall, precision)
    return scan.pr_auc


def _ap_validated(codes, pos_code, scores, weights) -> float:
    """Average precision: sum over thresholds of (recall gain) x precision (no interpolation)."""
    check_finite(scores, "y_score")
    counts = _try_count(codes, pos_code, scores, weights)
    if counts is None:
        neg, neg_w, pos, pos_w = _split_sorted(codes, pos_code, scores, weights)
    if (len(pos) if counts is None else counts.pos.sum()) == 0:
        warnings.warn("No positive class found in y_true, recall is set to one for all "
                      "thresholds.", UserWarning, stacklevel=3)
        return 0.0
    if counts is not None:
        return max(0.0, _ap_from_sweep(*_sweep_from_counts(counts, scores.dtype)[:2]))
    if pos_w is not None:
        top = max(pos_w.max(), neg_w.max(initial=0.0))
        if top < 1e-290:  # (recall gain) x precision would underflow: AP is invariant to
            neg_w, pos_w = neg_w / top, pos_w / top  # one scale for all weights
    return max(0.0, _backend.kernels.ap_merge(neg, neg_w, pos, pos_w))


# ---------------------------------------------------------------------------------------
# areas: many columns


def _as_score_matrix(x: Any, name: str = "y_score", *, finite: bool = True) -> np.ndarray:
    arr = _validation.as_array(x, name)
    if arr.ndim == 1:
        return as_scores(arr, name)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 1-D or 2-D, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty (shape {arr.shape})")
    arr = _validation._to_float(arr, name)
    if finite:  # else the caller checks the ends of its sorted columns
        check_finite(arr, name)
    return arr


def _as_indicator_matrix(y: Any, name: str = "y_true") -> np.ndarray:
    arr = _validation.as_array(y, name)
    if arr.dtype == object:
        arr = _from_objects(arr, name)
    if arr.dtype.kind not in "biuf" or arr.shape[1] < 2:
        raise ValueError(f"a 2-D {name} must be a multilabel indicator matrix of 0/1 with at "
                         f"least 2 columns; got shape {arr.shape} and dtype {arr.dtype}")
    if arr.dtype.kind == "f":
        check_finite(arr, name)
    if not np.isin(arr, (0, 1)).all():
        raise ValueError(f"a 2-D {name} must be a multilabel indicator matrix of 0/1 values")
    return arr.astype(np.uint8, copy=False) if arr.dtype.kind != "b" else arr.view(np.uint8)


def _map_columns(fn, n_columns: int, n_threads: int) -> np.ndarray:
    """[fn(j) for j in range(n_columns)] on a thread pool (the kernels release the GIL)."""
    if n_threads <= 1 or n_columns <= 1:
        return np.array([fn(j) for j in range(n_columns)], dtype=np.float64)
    with ThreadPoolExecutor(min(n_threads, n_columns)) as pool:
        return np.array(list(pool.map(fn, range(n_columns))), dtype=np.float64)


def _auc_shared_labels(codes, pos_code, scores2d, weights, n_threads) -> np.ndarray:
    """One AUC per column of ``scores2d`` against the same labels.

    Unweighted: the rows of each class are gathered once per block of columns, each block is
    sorted along its rows (``sort_runs`` or NumPy; GIL released) and merged per column.
    """
    n, m = scores2d.shape
    is_pos = codes == pos_code
    n_pos = int(np.count_nonzero(is_pos))
    if n_pos == 0 or n_pos == n:
        check_finite(scores2d, "y_score")
        _warn_undefined("Only one class is present in y_true. ROC AUC score is not defined "
                        "in that case.")
        return np.full(m, np.nan)
    if weights is not None:
        return _map_columns(
            lambda j: _auc_validated(codes, pos_code, scores2d[:, j], weights), m, n_threads)
    pos_rows, neg_rows = np.flatnonzero(is_pos), np.flatnonzero(~is_pos)
    denominator = 2 * n_pos * (n - n_pos)
    n_blocks = min(m, max(n_threads, -(-m * n // 2**20)))  # ~1M values (8 MB) per block
    edges = np.linspace(0, m, n_blocks + 1).astype(np.intp)
    bucket = _bucket_sort_pays(n * min(m, 2**20 // n + 1))

    def block(b):
        k = _backend.kernels
        sub = scores2d[:, edges[b]:edges[b + 1]]
        parts = []
        for rows in (neg_rows, pos_rows):
            part = np.empty((sub.shape[1], len(rows)), dtype=sub.dtype)
            k.take_rows_transposed(sub, rows, part)
            if bucket:  # every row one run
                k.sort_runs(part.reshape(-1), np.arange(0, part.size + 1, part.shape[1]))
            else:
                part.sort(axis=1)
            parts.append(part)
        neg, pos = parts
        if not (np.isfinite(neg[:, [0, -1]]).all() and np.isfinite(pos[:, [0, -1]]).all()):
            check_finite(scores2d, "y_score")  # NaN sorts last, infinities sit at the ends
        return [int(pairs) / denominator for pairs in k.auc_merge_rows(neg, pos)]

    if n_threads <= 1 or n_blocks == 1:
        parts = [block(b) for b in range(n_blocks)]
    else:
        with ThreadPoolExecutor(min(n_threads, n_blocks)) as pool:
            parts = list(pool.map(block, range(n_blocks)))
    return np.array([a for part in parts for a in part], dtype=np.float64)


def _average_columns(metric, y2d, s2d, average, sample_weight, n_threads):
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
        score = _map_columns(
            lambda j: metric(np.ascontiguousarray(y2d[:, j]), s2d[:, j], sample_weight),
            y2d.shape[1], n_threads)
        if average is None:
            return score
    if average_weight is not None:
        score[average_weight == 0] = 0
    return float(np.average(score, weights=average_weight))


def _check_max_fpr(max_fpr):
    """None, or ``max_fpr`` as a float in (0, 1], out of range with scikit-learn's message."""
    if max_fpr is None:
        return None
    try:
        return check_real(max_fpr, "max_fpr", low=0, high=1, low_open=True,
                          what="a float in (0, 1] or None")
    except ValueError:
        raise ValueError(f"Expected max_fpr in range (0, 1], got: {quoted(max_fpr)}") from None


def _present_classes(y: np.ndarray) -> np.ndarray:
    """np.unique(y), without sorting when integer labels span at most two values."""
    if y.dtype.kind in "iub":
        lo, hi = y.min(), y.max()
        if int(hi) - int(lo) <= 1:
            return np.array([lo, hi] if hi != lo else [lo], dtype=y.dtype)
    return np.unique(y)


def _auc_positive_is_greater(y: np.ndarray):
    """(codes, pos_code, n_classes) with scikit-learn's roc_auc_score rule for binary y_true:
    the greater of the two labels is positive."""
    kind = y.dtype.kind
    if kind in "iub":
        codes = y.view(np.uint8) if kind == "b" else y
        if not codes.dtype.isnative:
            codes = codes.astype(codes.dtype.newbyteorder("="))
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


def _multiclass_auc(y, s, labels, multi_class, average, sample_weight, n_threads):
    """scikit-learn's ``_multiclass_roc_auc_score`` (same checks, same messages)."""
    if not np.allclose(1, s.sum(axis=1)):
        raise ValueError("Target scores need to be probabilities for multiclass roc_auc, i.e. "
                         "they should sum up to 1.0 over classes")
    average_options = ("macro", "weighted", None)
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
            a_auc = _auc_validated(a_mask[ab].view(np.uint8), np.uint8(1),
                                   np.ascontiguousarray(s[ab, a]), None)
            b_auc = _auc_validated(b_mask[ab].view(np.uint8), np.uint8(1),
                                   np.ascontiguousarray(s[ab, b]), None)
            pair_scores.append((a_auc + b_auc) / 2)
        return float(np.average(pair_scores,
                                weights=prevalence if average == "weighted" else None))
    indicator = (y[:, None] == classes[None, :]).view(np.uint8)
    return _average_columns(_auc_metric(None), indicator, s, average, sample_weight, n_threads)


def _auc_metric(max_fpr):
    def metric(y01, scores, weights):
        return _binary_auc(y01, np.uint8(1), scores, weights, max_fpr)
    return metric


def _ks_curve_view(sweep: Sweep, stacklevel: int = 4) -> KSCurve:
    """ks_curve of a summary's sweep."""
    fps, tps, thresholds = sweep
    if fps[-1] == 0 or tps[-1] == 0:
        _warn_undefined("Only one class is present in y_true. The KS curve is not defined "
                        "in that case.", stacklevel)
    with np.errstate(invalid="ignore", divide="ignore"):
        cdf_negative = (fps[-1] - np.concatenate(([0.0], fps[:-1]))) / fps[-1]
        cdf_positive = (tps[-1] - np.concatenate(([0.0], tps[:-1]))) / tps[-1]
    return KSCurve(thresholds[::-1], cdf_negative[::-1], cdf_positive[::-1])
