"""Fallback kernels for the threshold sweep; mirrors rankscore/_kernels/sweep.pyx.

Every kernel works on scores already split by class (``split_scores``) and sorted
ascending by the caller: ``neg`` holds the negatives' scores, ``pos`` the positives'.
Weighted kernels take the weights in the same order. Accumulations run sequentially
(``np.cumsum``), in the same order as the compiled loops, so both backends return the same
bits.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._kernel_checks import indices_within, weights_of
from .._kernel_names import KERNELS

__all__ = KERNELS["sweep"]


def split_scores(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
) -> tuple[NDArray[np.floating], NDArray[np.floating], int, int]:
    """Copy ``scores`` into (negatives, positives) by ``labels == pos_code``, keeping order;
    also return the smallest and largest label (for the caller's label checks)."""
    is_pos = labels == pos_code
    return scores[~is_pos], scores[is_pos], int(labels.min()), int(labels.max())


def split_scores_into(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
) -> None:
    """As ``split_scores``, written into ``neg`` and ``pos`` (nothing allocated: many
    partitions split into one array each, on several threads); they are of the scores'
    dtype and must hold exactly the negatives and the positives (ValueError otherwise)."""
    is_pos = labels == pos_code
    n_pos = int(np.count_nonzero(is_pos))
    if len(neg) != len(labels) - n_pos or len(pos) != n_pos:
        raise ValueError(f"split_scores_into needs {len(labels) - n_pos} and {n_pos} slots, "
                         f"got {len(neg)} and {len(pos)}")
    neg[:] = scores[~is_pos]
    pos[:] = scores[is_pos]


def split_scores_append(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    weights: NDArray[np.float64] | None,
    buffer: NDArray[np.floating],
    buffer_weights: NDArray[np.float64] | None,
    n_neg: int,
    n_pos: int,
) -> tuple[int, int]:
    """Append one batch to a buffer (the scores' dtype, contiguous) holding ``n_neg``
    negatives' scores at its front and ``n_pos`` positives' at its back: the batch's
    negatives written after the front ones, its positives (in input order) just before the
    back ones, the weights alongside in ``buffer_weights`` (``weights`` and
    ``buffer_weights`` both None or both given); zero-weight samples are dropped. Returns
    (negatives added, positives added); ValueError if the free room is too small."""
    weighted = weights is not None
    if len(labels) != len(scores) or (weights is not None and len(weights) != len(scores)):
        raise ValueError("split_scores_append needs labels, scores and weights of one length")
    if weighted != (buffer_weights is not None) or (
            buffer_weights is not None and len(buffer_weights) != len(buffer)):
        raise ValueError("split_scores_append needs buffer_weights (of the buffer's length) "
                         "exactly when weights are given")
    is_pos = labels == pos_code
    pos, neg = is_pos, ~is_pos
    if weights is not None:
        keep = weights != 0
        pos, neg = pos & keep, neg & keep
    cn, cp = int(np.count_nonzero(neg)), int(np.count_nonzero(pos))
    free = len(buffer) - n_neg - n_pos
    if n_neg < 0 or n_pos < 0 or free < cn + cp:
        raise ValueError(f"split_scores_append needs {cn + cp} free slots, got {free}")
    top = len(buffer) - n_pos
    buffer[n_neg:n_neg + cn] = scores[neg]
    buffer[top - cp:top] = scores[pos]
    if weights is not None and buffer_weights is not None:  # (both or neither, checked above)
        buffer_weights[n_neg:n_neg + cn] = weights[neg]
        buffer_weights[top - cp:top] = weights[pos]
    return cn, cp

def merge_sorted(a: NDArray[np.floating], b: NDArray[np.floating]) -> NDArray[np.floating]:
    """The ascending union of two ascending arrays of one dtype: a one-pass merge (here
    ``np.sort`` of both)."""
    return np.sort(np.concatenate([a, b]), kind="stable")


def _descending_distinct(
    neg: NDArray[np.floating], pos: NDArray[np.floating],
) -> NDArray[np.floating]:
    return np.unique(np.concatenate([neg, pos]))[::-1]


def _sweep_counts(
    neg: NDArray[np.floating], pos: NDArray[np.floating],
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.floating]]:
    """Distinct thresholds (descending) with the counts of negatives/positives scoring >= each.

    fps[i] = #{neg >= t_i}, tps[i] = #{pos >= t_i} (float64).
    """
    thresholds = _descending_distinct(neg, pos)
    fps = (len(neg) - np.searchsorted(neg, thresholds, "left")).astype(np.float64)
    tps = (len(pos) - np.searchsorted(pos, thresholds, "left")).astype(np.float64)
    return fps, tps, thresholds


def _weight_at_or_above(
    sorted_scores: NDArray[np.floating], weights: NDArray[np.float64],
    thresholds: NDArray[np.floating],
) -> NDArray[np.float64]:
    # running sum from the highest score down: top[j] = weight of the j highest scores
    top = np.concatenate([[0.0], np.cumsum(weights[::-1])])
    return top[len(sorted_scores) - np.searchsorted(sorted_scores, thresholds, "left")]


def _sweep_weighted(
    neg: NDArray[np.floating], neg_weight: NDArray[np.float64], pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64],
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.floating]]:
    """As ``_sweep_counts`` with weighted counts (sums of weights, accumulated from the top)."""
    thresholds = _descending_distinct(neg, pos)
    fps = _weight_at_or_above(neg, neg_weight, thresholds)
    tps = _weight_at_or_above(pos, pos_weight, thresholds)
    return fps, tps, thresholds


def _sweep_any(
    neg: NDArray[np.floating], neg_weight: NDArray[np.float64] | None, pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.floating]]:
    if neg_weight is None:
        return _sweep_counts(neg, pos)
    assert pos_weight is not None  # (both weights or neither)
    return _sweep_weighted(neg, neg_weight, pos, pos_weight)


def _merged_parts(neg: NDArray[Any], neg_weight: NDArray[Any] | None, pos: NDArray[Any],
                  pos_weight: NDArray[Any] | None) -> None:
    """Each class part's weights (if any) one per score: the compiled merges read them
    together."""
    weights_of(neg, neg_weight)
    weights_of(pos, pos_weight)


def _one_count_per_threshold(neg: NDArray[Any], pos: NDArray[Any]) -> None:
    if len(neg) != len(pos):
        raise ValueError("neg and pos need one count per threshold")


def ap_merge(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
) -> float:
    """Average precision: sum over thresholds (descending) of
    (tp_k - tp_{k-1}) * tp_k / (tp_k + fp_k), accumulated in that order, over tp_last
    (needs a positive); weights None means unweighted."""
    _merged_parts(neg, neg_weight, pos, pos_weight)
    fps, tps, _ = _sweep_any(neg, neg_weight, pos, pos_weight)
    gain = np.diff(np.concatenate(([0.0], tps)))
    terms = gain * (tps / (tps + fps))
    return float(np.cumsum(terms)[-1] / tps[-1])


def _exact_sum(values: NDArray[np.intp], bound: int) -> int:
    """Sum of a non-negative int64 array as an exact int; ``bound`` >= the true sum. int64
    holds sums below 2**63; past that, 32-bit halves are summed in chunks (each chunk's sum
    of 2**31 halves stays below 2**63) and joined as Python ints (the compiled kernels use a
    128-bit accumulator)."""
    if bound < 2**63:
        return int(values.sum(dtype=np.int64))
    values = values.astype(np.uint64, copy=False)
    total = 0
    for start in range(0, len(values), 2**31):
        chunk = values[start:start + 2**31]
        total += (int((chunk >> np.uint64(32)).sum(dtype=np.uint64)) << 32) + int(
            (chunk & np.uint64(0xFFFFFFFF)).sum(dtype=np.uint64))
    return total


def auc_merge(neg: NDArray[np.floating], pos: NDArray[np.floating]) -> int:
    """Twice the Mann-Whitney U as an exact int: sum over positives of
    2 * #{neg < s} + #{neg == s}  (so AUC = result / (2 * n_pos * n_neg))."""
    below = np.searchsorted(neg, pos, "left")
    through = np.searchsorted(neg, pos, "right")
    bound = len(pos) * len(neg)
    return _exact_sum(below, bound) + _exact_sum(through, bound)


def auc_merge_rows(neg: NDArray[np.floating], pos: NDArray[np.floating]) -> list[int]:
    """``auc_merge`` of every row pair (neg[r], pos[r]) of two C-contiguous 2-D arrays (each
    row sorted ascending), as a list of ints."""
    return [auc_merge(a, b) for a, b in zip(neg, pos)]


# int64 counts, or an object array of Python ints (as_exact): NumPy's stubs type no
# arithmetic on that union, so the exact counts are typed as an array of any dtype
_ExactCounts = NDArray[Any]


def as_exact(counts: NDArray[np.integer], bound: int) -> _ExactCounts:
    """int64 counts as they are when every product stays below ``bound`` < 2**63, else as
    Python ints (object array: exact at any size)."""
    return counts.astype(np.int64) if bound < 2**63 else counts.astype(object)


def auc_counts(neg: NDArray[np.int64], pos: NDArray[np.int64]) -> int:
    """Twice the Mann-Whitney U from per-threshold class counts (thresholds ascending):
    sum over thresholds of pos[t] * (2 * #neg below t + neg[t]), an exact int (each class
    total <= 2**62)."""
    _one_count_per_threshold(neg, pos)
    n_neg, n_pos = int(neg.sum()), int(pos.sum())
    neg_exact, pos_exact = (as_exact(c, 2 * n_neg * n_pos + 2 * n_neg) for c in (neg, pos))
    below = np.cumsum(neg_exact) - neg_exact
    return int(np.dot(pos_exact, 2 * below + neg_exact)) if len(neg) else 0


def ks_counts(neg: NDArray[np.int64], pos: NDArray[np.int64]) -> tuple[int, int]:
    """(max over t of |n_pos * C-(t) - n_neg * C+(t)|, first index t reaching it) from
    per-threshold class counts (thresholds ascending, at least one; C: cumulative counts
    <= t; each class total <= 2**62), exact (KS statistic = result / (n_pos * n_neg))."""
    _one_count_per_threshold(neg, pos)
    n_neg, n_pos = int(neg.sum()), int(pos.sum())
    neg_exact, pos_exact = (as_exact(c, 2 * n_neg * n_pos) for c in (neg, pos))
    gap = np.abs(np.cumsum(neg_exact) * n_pos - np.cumsum(pos_exact) * n_neg)
    i = int(np.argmax(gap))  # the first maximum
    return int(gap[i]), i


def auc_merge_weighted(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64],
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64],
) -> float:
    """The weighted AUC: the sum over positives of w+ * (W-(< s) + W-(== s) / 2) over that
    of w+ * W-, both accumulated in ascending order (at most 1; 1 at full separation).
    Both classes need a positive total weight."""
    _merged_parts(neg, neg_weight, pos, pos_weight)
    cum = np.concatenate([[0.0], np.cumsum(neg_weight)])
    below = cum[np.searchsorted(neg, pos, "left")]
    through = cum[np.searchsorted(neg, pos, "right")]
    total = np.cumsum(pos_weight * (below + 0.5 * (through - below)))[-1]
    most = np.cumsum(pos_weight * cum[-1])[-1]
    return float(total / most)


def _ascending_distinct(
    neg: NDArray[np.floating], pos: NDArray[np.floating],
) -> NDArray[np.floating]:
    return np.unique(np.concatenate([neg, pos]))


def ks_merge(neg: NDArray[np.floating], pos: NDArray[np.floating]) -> tuple[int, float]:
    """Largest |n_pos * #{neg <= t} - n_neg * #{pos <= t}| over distinct t (exact int) and the
    smallest t where it is reached (KS statistic = result / (n_pos * n_neg)); both classes
    non-empty."""
    t = _ascending_distinct(neg, pos)
    cneg = np.searchsorted(neg, t, "right")
    cpos = np.searchsorted(pos, t, "right")
    gap, i = ks_counts(np.diff(cneg, prepend=0), np.diff(cpos, prepend=0))
    return gap, float(t[i])


def ks_merge_weighted(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64],
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64],
) -> tuple[float, float]:
    """Largest |F-(t) - F+(t)| with weighted CDFs over distinct t, and the smallest t where
    it is reached. The gaps are compared as |W+ C-(t) - W- C+(t)| (C: weight <= t, W: class
    total), exact for integer weights, so equal gaps tie as they do without weights; the
    statistic is that over W- W+ (the caller keeps W- W+ within range)."""
    _merged_parts(neg, neg_weight, pos, pos_weight)
    t = _ascending_distinct(neg, pos)
    cneg = np.concatenate([[0.0], np.cumsum(neg_weight)])[np.searchsorted(neg, t, "right")]
    cpos = np.concatenate([[0.0], np.cumsum(pos_weight)])[np.searchsorted(pos, t, "right")]
    diff = np.abs(cneg * cpos[-1] - cpos * cneg[-1])
    i = int(np.argmax(diff))
    return float(diff[i] / (cneg[-1] * cpos[-1])), float(t[i])


def take_rows_transposed(
    scores: NDArray[np.floating],
    rows: NDArray[np.intp],
    out: NDArray[np.floating],
) -> None:
    """out[j, r] = scores[rows[r], j]: the chosen rows, one output row per column (``out``
    C-contiguous, of the scores' dtype)."""
    indices_within(rows, len(scores), "rows")
    out[...] = scores[rows].T


def _runs(sorted_scores: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Distinct values of a sorted array and how often each occurs."""
    if len(sorted_scores) == 0:
        return sorted_scores, np.zeros(0, dtype=np.int64)
    starts = np.flatnonzero(np.concatenate(([True], sorted_scores[1:] != sorted_scores[:-1])))
    return sorted_scores[starts], np.diff(np.append(starts, len(sorted_scores)))


def count_scores(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    max_distinct: int,
) -> tuple[NDArray[np.float64], NDArray[np.int64], NDArray[np.int64], int, int] | None:
    """(distinct scores ascending as float64, negatives per score, positives per score,
    smallest label, largest label), or None when there are more than ``max_distinct``
    distinct scores."""
    if max_distinct < 0:
        raise ValueError(f"max_distinct must be >= 0, got {max_distinct}")
    if len(np.unique(scores[: 2 * max_distinct + 1])) > max_distinct:  # early way out
        return None
    is_pos = labels == pos_code
    neg_values, neg_counts = _runs(np.sort(scores[~is_pos]).astype(np.float64))
    pos_values, pos_counts = _runs(np.sort(scores[is_pos]).astype(np.float64))
    values = np.union1d(neg_values, pos_values)
    if len(values) > max_distinct:
        return None
    neg = np.zeros(len(values), dtype=np.int64)
    pos = np.zeros(len(values), dtype=np.int64)
    neg[np.searchsorted(values, neg_values)] = neg_counts
    pos[np.searchsorted(values, pos_values)] = pos_counts
    return values + 0.0, neg, pos, int(labels.min()), int(labels.max())  # + 0.0: no -0.0
