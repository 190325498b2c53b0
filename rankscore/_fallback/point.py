"""Fallback kernels for point metrics; mirrors rankscore/_kernels_point.pxi."""

from __future__ import annotations

import numpy as np

__all__ = ["threshold_confusion", "threshold_confusion_weighted"]


def _predicted(score: np.ndarray, threshold: float) -> np.ndarray:
    # compare in float64 like the kernel (a bare Python float would round to float32 scores)
    return score >= np.float64(threshold)


def threshold_confusion(positive, score, threshold):
    """``(tp, fp, fn, tn)`` int64 counts with predicted positive = ``score >= threshold``."""
    positive = np.asarray(positive).view(bool)
    predicted = _predicted(np.asarray(score), threshold)
    tp = int(np.count_nonzero(positive & predicted))
    pp = int(np.count_nonzero(predicted))
    rp = int(np.count_nonzero(positive))
    return tp, pp - tp, rp - tp, len(predicted) - pp - rp + tp


def threshold_confusion_weighted(positive, score, threshold, weight):
    """``(tp, fp, fn, tn)`` weighted float sums with predicted positive = ``score >= threshold``."""
    positive = np.asarray(positive).view(bool)
    predicted = _predicted(np.asarray(score), threshold)
    weight = np.asarray(weight)
    return (
        float(weight[positive & predicted].sum()),
        float(weight[~positive & predicted].sum()),
        float(weight[positive & ~predicted].sum()),
        float(weight[~positive & ~predicted].sum()),
    )
