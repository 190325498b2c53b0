"""Compression of a summary into bins of about equal size, and the share of
positive-negative pairs that the bins make ties (what bounds the AUC's error)."""

from __future__ import annotations

import math

import numpy as np

__all__ = ["binned", "made_ties_share", "loose_share"]


def binned(thresholds: np.ndarray, negatives: np.ndarray, positives: np.ndarray,
           counts: np.ndarray, max_thresholds: int, n_neg: float, n_pos: float
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """(thresholds, negatives, positives, share of pairs made ties) of the summary binned
    into at most ``max_thresholds`` adjacent bins of about equal weight; ``counts``: the
    weight scoring >= each threshold (increasing). Each bin keeps its lowest score."""
    total = counts[-1]
    # bin j ends at the first threshold whose running count reaches j * total / k
    cuts = np.arange(1, max_thresholds + 1) * (total / max_thresholds)
    ends = np.unique(np.minimum(np.searchsorted(counts, cuts, "left"), len(thresholds) - 1))
    ends[-1] = len(thresholds) - 1
    starts = np.concatenate(([0], ends[:-1] + 1))
    binned_neg = np.add.reduceat(negatives, starts)
    binned_pos = np.add.reduceat(positives, starts)
    made = made_ties_share(negatives, positives, binned_neg, binned_pos, n_neg, n_pos)
    return thresholds[ends], binned_neg, binned_pos, made


def made_ties_share(negatives, positives, binned_negatives, binned_positives,
                     n_neg: float, n_pos: float) -> float:
    """The share of the ``n_pos n_neg`` positive-negative pairs that binning the summary
    (negatives, positives) into (binned_negatives, binned_positives) made ties: the pairs
    in one bin less those in one threshold already."""
    if not (n_neg > 0 and n_pos > 0):
        return 0.0
    arrays = [a.astype(np.float64) for a in (binned_positives, binned_negatives, positives,
                                             negatives)]
    if not 1e-290 < n_pos * n_neg < 1e290:  # as shares of each class: no overflow
        arrays = [a / total for a, total in zip(arrays, (n_pos, n_neg, n_pos, n_neg))]
        n_pos = n_neg = 1.0
    made = float(np.dot(arrays[0], arrays[1])) - float(np.dot(arrays[2], arrays[3]))
    return min(1.0, max(made, 0.0) / n_pos / n_neg)


def loose_share(pairs: float, n_pos, n_neg) -> float:
    """``pairs`` positive-negative pairs as a share of all ``n_pos n_neg`` (0.0 for none;
    1.0, the most, when the number is not known: NaN or inf)."""
    pairs = float(pairs)
    if not (n_pos > 0 and n_neg > 0) or pairs <= 0:
        return 0.0
    if not math.isfinite(pairs):
        return 1.0
    return min(1.0, pairs / float(n_pos) / float(n_neg))
