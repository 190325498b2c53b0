"""Fallback kernels for the Kolmogorov–Smirnov tests; mirrors rankscore/_kernels/ks.pyx.

* ``ks_merge_signed`` / ``ks_counts_signed``: both one-sided two-sample statistics at once
  (the largest excess of either class's empirical CDF over the other's), exact integers,
  from the sorted class parts or from per-threshold counts.
* ``ks_two_sample_sf``: the exact two-sample null law, by counting lattice paths.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._kernel_checks import both_parts, lattice_of
from .._kernel_names import KERNELS
from .sweep import as_exact

__all__ = KERNELS["ks"]


def ks_counts_signed(neg: NDArray[np.int64], pos: NDArray[np.int64]) -> tuple[int, int, int, int]:
    """(plus, first index of plus, minus, first index of minus) from per-threshold class
    counts (thresholds ascending; C the cumulative counts <= t, each class total <= 2**62):
    plus = max over t of n_pos C-(t) - n_neg C+(t), minus = max over t of
    n_neg C+(t) - n_pos C-(t), both >= 0 (0 at the last threshold), exact."""
    if len(neg) != len(pos):
        raise ValueError("ks_counts_signed needs counts of one length")
    n_neg, n_pos = int(neg.sum()), int(pos.sum())
    neg_exact, pos_exact = (as_exact(c, 2 * n_neg * n_pos) for c in (neg, pos))
    excess = np.cumsum(neg_exact) * n_pos - np.cumsum(pos_exact) * n_neg
    i_plus, i_minus = int(np.argmax(excess)), int(np.argmin(excess))  # first extremes
    return int(excess[i_plus]), i_plus, int(-excess[i_minus]), i_minus


def ks_merge_signed(
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
) -> tuple[int, float, int, float]:
    """(plus, smallest t of plus, minus, smallest t of minus) for sorted class parts (both
    non-empty): plus = max over distinct t of n_pos #{neg <= t} - n_neg #{pos <= t}, minus
    the largest of its negation, exact ints (two-sample statistics = them / (n_pos n_neg))."""
    both_parts(len(neg), len(pos), "ks_merge_signed")
    t = np.unique(np.concatenate([neg, pos]))
    cneg = np.searchsorted(neg, t, "right")
    cpos = np.searchsorted(pos, t, "right")
    plus, i_plus, minus, i_minus = ks_counts_signed(np.diff(cneg, prepend=0),
                                                    np.diff(cpos, prepend=0))
    return plus, float(t[i_plus]), minus, float(t[i_minus])


def ks_two_sample_sf(m: int, n: int, h: int, two_sided: bool, checked: NDArray[np.uint8]) -> float:
    """P(D >= h / lcm(m, n)) for two samples of m and n values from one continuous law.

    A lattice path from (0, 0) to (m, n) steps right for each value of the first sample
    and up for each of the second, in pooled order; at (i, j) the CDF difference is
    i/m - j/n = (i n' - j m') / lcm with m' = m / g, n' = n / g, g = gcd(m, n). The path
    reaches the boundary when i n' - j m' >= h (one-sided) or |i n' - j m'| >= h
    (two-sided); h > 0. A(i, j), the share of the paths to (i, j) that reached it, is 1 on the
    boundary and (i A(i-1, j) + j A(i, j-1)) / (i + j) elsewhere (Hodges 1957; counting
    the paths that leave, as Viehmann 2021, keeps tiny p-values accurate). ``checked``
    (uint8, length m + n + 1, or empty for all): the boundary counts only after s = i + j
    values where checked[s], which gives the exact law given ties (the CDFs are read only
    at the end of each block of equal values). Computed one anti-diagonal i + j = s at a
    time; each cell is the same expression as in the compiled kernel's column sweep.
    """
    lattice_of(m, n, h, len(checked))
    g = math.gcd(m, n)
    m_step, n_step = m // g, n // g
    check_all = len(checked) == 0
    previous = np.zeros(3)  # diagonal 0 (the start is inside: h > 0), padded by a 0 each side
    previous_lo = 0
    for s in range(1, m + n + 1):
        lo, hi = max(0, s - m), min(n, s)
        j = np.arange(lo, hi + 1, dtype=np.float64)
        i = s - j
        left = previous[lo - previous_lo + 1: hi - previous_lo + 2]  # A(i-1, j)
        below = previous[lo - previous_lo: hi - previous_lo + 1]  # A(i, j-1)
        current = (left * i + below * j) / (i + j)
        if check_all or checked[s]:
            excess = i * n_step - j * m_step
            current[(np.abs(excess) if two_sided else excess) >= h] = 1.0
        previous = np.concatenate([[0.0], current, [0.0]])
        previous_lo = lo
    return float(previous[1])
