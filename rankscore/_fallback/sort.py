"""Fallback kernels that order each class's scores; mirrors rankscore/_kernels/sort.pyx.

The compiled kernels bucket the scores by an order-preserving integer key and sort inside
the buckets; here every class is one run sorted by NumPy. Both give the same arrays: the
scores ascending with -0.0 written as 0.0 (``x + 0.0``), and with weights a stable order
(equal scores keep their input order, so weights are summed in the same order).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._kernel_checks import offsets_within, weights_of
from .._kernel_names import KERNELS

__all__ = KERNELS["sort"]

NUMPY_SORT = True  # every class is one run, sorted by np.sort (the compiled module: False)


def split_buckets(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    weights: NDArray[np.float64] | None = None,
) -> tuple[
    NDArray[np.floating], NDArray[np.float64] | None, NDArray[np.int64],
    NDArray[np.floating], NDArray[np.float64] | None, NDArray[np.int64], int, int,
]:
    """Split ``scores`` by ``labels == pos_code`` into (neg, neg_weights, neg_edges, pos,
    pos_weights, pos_edges, smallest label, largest label), each class's scores in runs
    (buckets): every score of run r = [edges[r], edges[r + 1]) is below every score of run
    r + 1, the input order is kept inside a run, and -0.0 is written as 0.0. Weights None:
    the weights are None; else zero-weight samples are dropped."""
    is_pos = labels == pos_code
    neg, pos = ~is_pos, is_pos
    if weights is not None:
        keep = weights != 0
        neg, pos = neg & keep, pos & keep
    parts = []
    for chosen in (neg, pos):
        part = scores[chosen]
        part += scores.dtype.type(0)  # -0.0 becomes 0.0 (in the copy)
        parts += [part, None if weights is None else weights[chosen],
                  np.array([0, len(part)], dtype=np.int64)]
    return (*parts, int(labels.min()), int(labels.max()))


def sort_runs(
    scores: NDArray[np.floating],
    edges: NDArray[np.int64],
    weights: NDArray[np.float64] | None = None,
) -> None:
    """Sort every run scores[edges[r]:edges[r + 1]] ascending in place (-0.0 becomes 0.0);
    with weights, move them alongside and keep the order of equal scores (stable). The
    compiled kernel releases the GIL, and trusts its edges and weights (split_buckets makes
    them); this twin checks them."""
    weights_of(scores, weights)
    offsets_within(edges, len(scores), "edges")
    # Only the runs are touched: two threads sort disjoint runs of one array at once, so
    # writing anything outside them (even x + 0.0 over the whole array) races.
    for start, stop in zip(edges[:-1], edges[1:]):
        run = scores[start:stop]
        run += scores.dtype.type(0)
        if weights is None:
            run.sort()
        else:
            order = np.argsort(run, kind="stable")
            run[...] = run[order]
            weights[start:stop] = weights[start:stop][order]
