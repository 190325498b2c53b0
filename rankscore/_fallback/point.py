"""Fallback kernels for point metrics; mirrors rankscore/_kernels/point.pyx."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._kernel_names import KERNELS

__all__ = KERNELS["point"]


def _masks(
    labels: NDArray[np.integer], pos_code: int, score: NDArray[np.floating], threshold: float
) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    actual = np.asarray(labels) == pos_code
    # compare in float64 like the kernel (a bare Python float would round to float32 scores)
    predicted = np.asarray(score) >= np.float64(threshold)
    return actual, predicted


def threshold_confusion(
    labels: NDArray[np.integer],
    pos_code: int,
    score: NDArray[np.floating],
    threshold: float,
) -> tuple[int, int, int, int, int, int]:
    """``(tp, fp, fn, tn, lo, hi)``: int64 counts with actual positive = ``labels == pos_code``
    and predicted positive = ``score >= threshold`` (compared in float64); lo/hi =
    smallest/largest label."""
    actual, predicted = _masks(labels, pos_code, score, threshold)
    tp = int(np.count_nonzero(actual & predicted))
    pp = int(np.count_nonzero(predicted))
    rp = int(np.count_nonzero(actual))
    n = len(predicted)
    return tp, pp - tp, rp - tp, n - pp - rp + tp, int(labels.min()), int(labels.max())


def threshold_confusion_weighted(
    labels: NDArray[np.integer],
    pos_code: int,
    score: NDArray[np.floating],
    threshold: float,
    weight: NDArray[np.float64],
) -> tuple[float, float, float, float, int, int]:
    """``(tp, fp, fn, tn, lo, hi)``: weighted float sums of ``threshold_confusion``."""
    actual, predicted = _masks(labels, pos_code, score, threshold)
    weight = np.asarray(weight)
    return (
        _sum_in_order(weight[actual & predicted]),
        _sum_in_order(weight[~actual & predicted]),
        _sum_in_order(weight[actual & ~predicted]),
        _sum_in_order(weight[~actual & ~predicted]),
        int(labels.min()),
        int(labels.max()),
    )


def _sum_in_order(values: NDArray[np.float64]) -> float:
    """The sum added left to right, as the compiled loop adds (``np.sum`` adds pairwise and
    rounds differently: ten weights of 0.1 give 1.0 there, 0.9999999999999999 here)."""
    return float(np.cumsum(values)[-1]) if len(values) else 0.0
