"""Fallback kernels for ranking; mirrors rankscore/_kernels/ranking.pyx.

Bit convention of a ranking mask (uint64): bit i-1 is set when position i (1-based) holds a
list element ('x'); p = bit length, k = number of set bits, masks fit p <= 62. The equal
runs of a sorted key (ties of rankings or of scores) are at the end.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
from numpy.typing import NDArray

from .._kernel_checks import indices_within, one_length, rankings_of
from .._kernel_names import KERNELS

__all__ = KERNELS["ranking"]


def _ranking_score(
    k: NDArray[np.int64], p: NDArray[np.int64], soma: NDArray[np.int64], m: float
) -> NDArray[np.float64]:
    """s = k/p + (2/m) soma / (p (p - 1)), or (M k (p - 1) + 2 b soma) / (M p (p - 1)) with
    m = M / b in lowest terms, one correctly rounded division, where M p (p - 1) < 2**53;
    s = 1 for p = 1 (the same choice and operation order as C)."""
    k, p, soma = (np.asarray(a, dtype=np.int64) for a in (k, p, soma))
    b = float(m.as_integer_ratio()[1]) if math.isfinite(m) else 1.0
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        before = p - 1.0
        pairs = p * before
        whole = pairs * (m * b)
        s = k * (m * b)  # (M k (p - 1) + 2 b soma) / (M p (p - 1)), in place
        s *= before
        s += soma * (2.0 * b)
        s /= whole
        if whole.size and not whole.max() < 2.0**53:
            s = np.where(whole < 2.0**53, s, k / p + (2.0 / m) * soma / pairs)
    return np.where(p == 1, 1.0, s)


def check_positions(
    positions: NDArray[np.int64],
    order: NDArray[np.int64],
    max_position: int,
) -> tuple[int, int, int]:
    """Validate a position vector; ``order`` is its stable argsort.

    Returns ``(code, first, second)``: 0 = valid; 1 = ``positions[first] < 1``;
    3 = ``positions[first] > max_position``; 2 = a repeat, ``positions[first] ==
    positions[second]`` with first < second.
    """
    one_length(positions, order)
    bad = (positions < 1) | (positions > max_position)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        return (1 if positions[i] < 1 else 3), i, -1
    indices_within(order, len(positions), "order")
    ordered = positions[order]
    same = np.flatnonzero(ordered[1:] == ordered[:-1])
    if len(same):
        j = int(same[0]) + 1
        return 2, int(order[j - 1]), int(order[j])
    return 0, -1, -1


def score_columns(
    k: NDArray[np.int64],
    p: NDArray[np.int64],
    soma: NDArray[np.int64],
    m: float,
) -> NDArray[np.float64]:
    """Scores from columns: s = k/p + (2/m) soma / (p (p-1)), s = 1 where p = 1."""
    one_length(k, p, soma)
    return np.ascontiguousarray(_ranking_score(k, p, soma, m), dtype=np.float64)


def mask_columns(
    masks: NDArray[np.uint64],
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """``(k, p, soma)`` int64 columns of ranking masks (bit i-1 set = position i is 'x');
    soma = sum of the positions holding '-'."""
    masks = np.asarray(masks, dtype=np.uint64)
    k = np.zeros(len(masks), dtype=np.int64)
    p = np.zeros(len(masks), dtype=np.int64)
    sumx = np.zeros(len(masks), dtype=np.int64)
    for bit in range(64):
        is_x = ((masks >> np.uint64(bit)) & np.uint64(1)).astype(np.int64)
        k += is_x
        sumx += is_x * (bit + 1)
        p = np.where(is_x == 1, bit + 1, p)
    return k, p, p * (p + 1) // 2 - sumx  # soma = p(p+1)/2 - sum of 'x' positions


def score_masks(masks: NDArray[np.uint64], m: float) -> NDArray[np.float64]:
    """Scores of ranking masks (same arithmetic as ``score_columns``)."""
    k, p, soma = mask_columns(masks)
    return score_columns(k, p, soma, m)


def _lex_subsets_into(n: int, r: int, high: int, out: np.ndarray) -> None:
    """Write ``high |`` each r-subset mask of bits 0..n-1 into ``out``, in lexicographic
    order of the sorted subsets.

    Built bottom up: ``tails[a]`` holds the subsets of size ``j`` of bits a..n-1; a subset
    of size j + 1 starting at bit f is bit f joined with a size-j subset of f+1..n-1. Only
    the starts a that a full r-subset can reach (r - j <= a <= n - j) are kept. The last
    size is written straight into ``out`` (no concatenated copy of the result).
    """
    if r == 0:
        out[0] = high
        return
    tails = {a: np.zeros(1, dtype=np.uint64) for a in range(r, n + 1)}  # size 0: empty set
    for size in range(1, r):
        tails = {
            a: np.concatenate(
                [np.uint64(1 << f) | tails[f + 1] for f in range(a, n - size + 1)]
            )
            for a in range(r - size, n - size + 1)
        }
    start = 0
    for f in range(n - r + 1):
        tail = tails[f + 1]
        np.bitwise_or(tail, np.uint64(high | 1 << f), out=out[start : start + len(tail)])
        start += len(tail)


def enumerate_rankings_into(
    p: int,
    k: int,
    m: float,
    masks: NDArray[np.uint64],
    scores: NDArray[np.float64],
) -> None:
    """Fill ``masks``/``scores`` (one length n <= C(p-1, k-1), preallocated) with the first
    n rankings of ``(p, k)`` (every one for n = C(p-1, k-1)).

    Order: lexicographic with 'x' before '-': the first k-1 list elements take
    the (k-1)-subsets of positions 1..p-1 in lexicographic order; position p is always 'x'.
    """
    one_length(masks, scores)
    rankings_of(p, k, len(masks))
    if len(masks) == math.comb(p - 1, k - 1):
        _lex_subsets_into(p - 1, k - 1, 1 << (p - 1), masks)
    else:  # the first few: subsets one by one, never all of them
        first = itertools.islice(itertools.combinations(range(p - 1), k - 1), len(masks))
        masks[:] = [sum(1 << f for f in subset) | 1 << (p - 1) for subset in first]
    # scores a chunk at a time: the temporaries stay small, so the enumeration's memory is
    # its result, as with the compiled kernel
    chunk = 2**14
    for start in range(0, len(masks), chunk):
        kk, pp, soma = mask_columns(masks[start : start + chunk])
        scores[start : start + chunk] = _ranking_score(kk, pp, soma, m)


def equal_runs(
    sorted_values: (NDArray[np.float32] | NDArray[np.float64] | NDArray[np.int64]
                    | NDArray[np.uint64]),
) -> NDArray[np.int64]:
    """Boundaries of the runs of equal values in a sorted 1-D array.

    Returns int64 ``b`` with ``b[0] = 0`` and ``b[-1] = n``: run ``j`` is
    ``sorted_values[b[j]:b[j+1]]``. An empty input gives ``[0]``.
    """
    n = len(sorted_values)
    if n == 0:
        return np.zeros(1, dtype=np.int64)
    changes = np.flatnonzero(sorted_values[1:] != sorted_values[:-1]) + 1
    return np.concatenate(([0], changes, [n])).astype(np.int64)
