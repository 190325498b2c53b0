"""Fallback kernels for DeLong's variance and the bootstrap; mirrors
rankscore/_kernels_uncertainty.pxi.

The random draws of a replicate are the SplitMix64 stream of its seed, computed here with
NumPy's wrapping uint64 arithmetic, so both backends draw the same samples and return the
same bits.
"""

from __future__ import annotations

import numpy as np

__all__ = ["delong_placements", "bootstrap_counts", "bootstrap_auc"]

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def delong_placements(neg, pos, neg_out, pos_out, neg_order, pos_order):
    """Twice DeLong's placements, as exact integers in float64:
    pos_out = 2 #{neg < x} + #{neg == x} for each positive x,
    neg_out = 2 #{pos > y} + #{pos == y} for each negative y.
    Written in sorted order, or to out[order[i]] for the i-th smallest when orders are given."""
    pos_value = (np.searchsorted(neg, pos, "left") + np.searchsorted(neg, pos, "right"))
    neg_value = 2 * len(pos) - np.searchsorted(pos, neg, "left") - np.searchsorted(pos, neg,
                                                                                  "right")
    if neg_order is None:
        neg_out[:] = neg_value
        pos_out[:] = pos_value
    else:
        neg_out[neg_order] = neg_value
        pos_out[pos_order] = pos_value


def _splitmix64(seed, first, count):
    """Outputs first + 1 .. first + count of the SplitMix64 stream seeded with ``seed``."""
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + np.arange(first + 1, first + count + 1, dtype=np.uint64) * _GAMMA
        z = (z ^ (z >> np.uint64(30))) * _MIX1
        z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


def _positions(seed, first, start, stop):
    size = stop - start
    u = (_splitmix64(seed, first, size) >> np.uint64(11)).astype(np.float64) * 2.0**-53
    return start + np.minimum((u * size).astype(np.intp), size - 1)


def _draw_counts(cells, weights, n_neg, stratified, seed, n_cells):
    n = len(cells)
    if stratified:
        drawn = np.concatenate([_positions(seed, 0, 0, n_neg),
                                _positions(seed, n_neg, n_neg, n)])
    else:
        drawn = _positions(seed, 0, 0, n)
    return np.bincount(cells[drawn], None if weights is None else weights[drawn],
                       minlength=n_cells).astype(np.float64)


def bootstrap_counts(cells, weights, n_neg, stratified, seeds, out):
    """out[r, c] = (weighted) number of draws of cell c in replicate r (seed seeds[r]).

    Positions [0, n_neg) hold the negatives, [n_neg, n) the positives; a stratified
    replicate draws n_neg positions from the first range and n - n_neg from the second, an
    unstratified one n from all."""
    for r, seed in enumerate(seeds):
        out[r] = _draw_counts(cells, weights, n_neg, stratified, seed, out.shape[1])


def bootstrap_auc(cells, weights, n_neg, stratified, seeds, n_cells, out):
    """ROC AUC of each replicate of ``bootstrap_counts`` (n_cells even: cell 2g holds the
    negatives of group g, 2g + 1 its positives; NaN when a class is not drawn):
    sum over groups of pos_c (neg_below + neg_c / 2) / (W+ W-), groups ascending."""
    for r, seed in enumerate(seeds):
        counts = _draw_counts(cells, weights, n_neg, stratified, seed, n_cells)
        neg_c, pos_c = counts[0::2], counts[1::2]
        running = np.cumsum(neg_c)  # sequential sums: the compiled loop's rounding
        below = np.concatenate(([0.0], running[:-1]))
        w_neg, w_pos = running[-1], np.cumsum(pos_c)[-1]
        total = np.cumsum(pos_c * (below + 0.5 * neg_c))[-1]
        out[r] = total / (w_pos * w_neg) if w_pos > 0 and w_neg > 0 else np.nan
