"""Scaling by powers of two: exact, so a result that depends only on ratios (a weighted mean,
kappa, an AUC of weight sums, a contrast's z) is unchanged, while products of numbers far
from 1 (weights of 1e-300 or 1e200, a contrast of 1e308) stay within float64's range."""

from __future__ import annotations

import math

import numpy as np

__all__ = ["unit_exponent", "rescaled"]


def unit_exponent(arr: np.ndarray) -> int:
    """The e with max |arr| times 2**-e in [0.5, 1); 0 when every entry is 0 (or none)."""
    largest = float(np.abs(arr).max(initial=0.0))
    return math.frexp(largest)[1] if largest > 0 else 0


def rescaled(arr: np.ndarray) -> np.ndarray:
    """``arr`` (finite) times 2**-e, ``e = unit_exponent(arr)``: its largest magnitude in
    [0.5, 1); an entry below 2**-1074 of the largest becomes 0."""
    with np.errstate(under="ignore"):
        scaled: np.ndarray = np.ldexp(arr, -unit_exponent(arr))
    return scaled
