"""Fallback kernels for DeLong's variance and the bootstrap; mirrors
rankscore/_kernels/uncertainty.pyx.

The random draws of a replicate are the SplitMix64 stream of its seed, computed here with
NumPy's wrapping uint64 arithmetic, so both backends draw the same samples and return the
same bits.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from .._kernel_checks import indices_within
from .._kernel_names import KERNELS

__all__ = KERNELS["uncertainty"]

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def delong_sample_placements(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    n_pos: int,
    out: NDArray[np.float64],
) -> float:
    """Twice DeLong's placements of every sample, in sample order (n_pos: the number of
    positives): out[i] = 2 #{neg < x_i} + #{neg == x_i} for a positive x_i,
    2 #{pos > x_i} + #{pos == x_i} for a negative. Returns 2U, the sum over positives."""
    if len(labels) != len(scores) or len(out) != len(scores) or not 0 <= n_pos <= len(scores):
        raise ValueError("labels, scores and out must have the same length, n_pos at most it")
    is_pos = labels == pos_code
    found = np.count_nonzero(is_pos)
    if n_pos != found:
        raise ValueError(f"n_pos must be the number of positives, got {n_pos} for {found}")
    x, y = scores[is_pos], scores[~is_pos]  # positives, negatives in sample order
    neg, pos = np.sort(y), np.sort(x)
    c = np.searchsorted(neg, x, "left") + np.searchsorted(neg, x, "right")
    out[is_pos] = c
    out[~is_pos] = 2 * len(pos) - np.searchsorted(pos, y, "left") - np.searchsorted(pos, y,
                                                                                    "right")
    return float(np.sum(c))  # an integer: exact


def delong_scale(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    values: NDArray[np.float64],
    pos_shift: float,
    pos_scale: float,
    neg_shift: float,
    neg_scale: float,
) -> None:
    """In place: (values[i] - shift) * scale with the shift and scale of sample i's class."""
    if len(labels) != len(values):
        raise ValueError("labels and values must have the same length")
    is_pos = labels == pos_code
    values[:] = np.where(is_pos, (values - pos_shift) * pos_scale,
                         (values - neg_shift) * neg_scale)


def _run_starts(sorted_values: NDArray[np.floating]) -> NDArray[np.intp]:
    return np.flatnonzero(np.concatenate(([True], sorted_values[1:] != sorted_values[:-1])))


def delong_square_sums(
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
    mean_pos: float,
    mean_neg: float,
) -> tuple[float, float]:
    """(sum over positives of (c - mean_pos)^2, sum over negatives of (d - mean_neg)^2) with
    c = 2 #{neg < x} + #{neg == x}, d = 2 #{pos > y} + #{pos == y} (the placements of
    ``delong_sample_placements``), accumulated one tied group at a time, ascending:
    count * dev^2."""
    sums: list[float] = []
    placement: Callable[[NDArray[np.floating]], NDArray[np.intp]]  # twice the placements
    for part, other, mean, placement in (
            (pos, neg, mean_pos, lambda v: np.searchsorted(neg, v, "left")
             + np.searchsorted(neg, v, "right")),
            (neg, pos, mean_neg, lambda v: 2 * len(pos) - np.searchsorted(pos, v, "left")
             - np.searchsorted(pos, v, "right"))):
        if len(part) == 0:
            sums.append(0.0)
            continue
        starts = _run_starts(part)
        counts = np.diff(np.append(starts, len(part))).astype(np.float64)
        dev = placement(part[starts]).astype(np.float64) - mean
        sums.append(float(np.cumsum(counts * (dev * dev))[-1]))
    return sums[0], sums[1]


def _splitmix64(seed: np.uint64, first: int, count: int) -> NDArray[np.uint64]:
    """Outputs first + 1 .. first + count of the SplitMix64 stream seeded with ``seed``."""
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + np.arange(first + 1, first + count + 1, dtype=np.uint64) * _GAMMA
        z = (z ^ (z >> np.uint64(30))) * _MIX1
        z = (z ^ (z >> np.uint64(27))) * _MIX2
    outputs: NDArray[np.uint64] = z ^ (z >> np.uint64(31))
    return outputs


def _positions(seed: np.uint64, first: int, start: int, size: int) -> NDArray[np.intp]:
    u = (_splitmix64(seed, first, size) >> np.uint64(11)).astype(np.float64) * 2.0**-53
    positions: NDArray[np.intp] = start + np.minimum((u * size).astype(np.intp), size - 1)
    return positions


def _draw(n: int, n_neg: int, stratified: bool, seed: np.uint64) -> NDArray[np.float64]:
    """Times each position is drawn (see ``_kernels/uncertainty.pyx``)."""
    if stratified:
        drawn = np.concatenate([_positions(seed, 0, 0, n_neg),
                                _positions(seed, n_neg, n_neg, n - n_neg)])
    else:
        drawn = _positions(seed, 0, 0, n)
    return np.bincount(drawn, minlength=n).astype(np.float64)


def _weights(
    mult: NDArray[np.float64], order: NDArray[np.intp] | None, weight: NDArray[np.float64] | None,
) -> NDArray[np.float64]:
    m = mult if order is None else mult[order]
    return m if weight is None else m * weight


def _replicate_weights(
    neg: NDArray[np.floating], neg_weight: NDArray[np.float64] | None, pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
    neg_order: NDArray[np.intp] | None, pos_order: NDArray[np.intp] | None, stratified: bool,
    seed: np.uint64,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    n_neg = len(neg)
    mult = _draw(n_neg + len(pos), n_neg, stratified, seed)
    return (_weights(mult[:n_neg], neg_order, neg_weight),
            _weights(mult[n_neg:], pos_order, pos_weight))


def _drawn_parts(
    neg: NDArray[np.floating], neg_weight: NDArray[np.float64] | None, pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
    neg_order: NDArray[np.intp] | None, pos_order: NDArray[np.intp] | None,
    seeds: NDArray[np.uint64], out: NDArray[np.float64],
) -> None:
    """What the compiled replicates trust: weights and orders one per score of their class,
    the orders' positions within it, a row of out per seed."""
    for part, weight, order, name in ((neg, neg_weight, neg_order, "neg"),
                                      (pos, pos_weight, pos_order, "pos")):
        for array, what in ((weight, "weight"), (order, "order")):
            if array is not None and len(array) != len(part):
                raise ValueError(f"{name}_{what} must have one entry per score of its class, "
                                 f"got {len(array)} for {len(part)}")
        if order is not None:
            indices_within(order, len(part), f"{name}_order")
    if len(out) < len(seeds):
        raise ValueError(f"out must have a row per seed, got {len(out)} for {len(seeds)} seeds")


def bootstrap_auc(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
    neg_order: NDArray[np.intp] | None,
    pos_order: NDArray[np.intp] | None,
    stratified: bool,
    seeds: NDArray[np.uint64],
    out: NDArray[np.float64],
) -> None:
    """out[r] = ROC AUC of replicate r (NaN when a class is not drawn), each sample weighing
    (times drawn) x (its weight): with C the running sums of the negatives' weights,
    sum over positives of w+ (C[below] + (C[through] - C[below]) / 2), over that of
    w+ C[n_neg] in the same order (at most 1, as ``auc_merge_weighted``).
    Positions: negatives [0, n_neg), positives [n_neg, n); order None = sorted order."""
    _drawn_parts(neg, neg_weight, pos, pos_weight, neg_order, pos_order, seeds, out)
    below_at = np.searchsorted(neg, pos, "left")
    through_at = np.searchsorted(neg, pos, "right")
    for r, seed in enumerate(seeds):
        nw, pw = _replicate_weights(neg, neg_weight, pos, pos_weight, neg_order, pos_order,
                                    stratified, seed)
        cum = np.concatenate([[0.0], np.cumsum(nw)])  # sequential sums: the kernel's rounding
        below, through = cum[below_at], cum[through_at]
        total = np.cumsum(pw * (below + 0.5 * (through - below)))[-1] if len(pw) else 0.0
        most = np.cumsum(pw * cum[-1])[-1] if len(pw) else 0.0
        out[r] = total / most if most > 0 else np.nan


def bootstrap_group_counts(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
    neg_order: NDArray[np.intp] | None,
    pos_order: NDArray[np.intp] | None,
    stratified: bool,
    seeds: NDArray[np.uint64],
    out: NDArray[np.float64],
) -> None:
    """out[r, 2g] / out[r, 2g + 1]: replicate r's weight of negatives / positives scoring the
    g-th smallest distinct score (draws and weights as ``bootstrap_auc``)."""
    _drawn_parts(neg, neg_weight, pos, pos_weight, neg_order, pos_order, seeds, out)
    values = np.unique(np.concatenate([neg, pos]))
    if out.shape[1] < 2 * len(values):
        raise ValueError(f"out must have two columns per distinct score, got {out.shape[1]} "
                         f"for {len(values)}")
    neg_cell = 2 * np.searchsorted(values, neg)
    pos_cell = 2 * np.searchsorted(values, pos) + 1
    for r, seed in enumerate(seeds):
        nw, pw = _replicate_weights(neg, neg_weight, pos, pos_weight, neg_order, pos_order,
                                    stratified, seed)
        out[r] = (np.bincount(neg_cell, nw, minlength=out.shape[1])
                  + np.bincount(pos_cell, pw, minlength=out.shape[1]))
