"""Scaling by powers of two: exact, so a result that depends only on ratios (a weighted mean,
kappa, an AUC of weight sums, a contrast's z) is unchanged, while products of numbers far
from 1 (weights of 1e-300 or 1e200, a contrast of 1e308) stay within float64's range."""

from __future__ import annotations

import math

import numpy as np

__all__ = ["unit_exponent", "rescaled"]

# numbers whose largest magnitude is within 2**±IN_RANGE are left as they are: sums of up
# to 2**100 of them, and products of two such sums, stay far inside float64's range
IN_RANGE = 200


def unit_exponent(arr: np.ndarray) -> int:
    """The e with max |arr| times 2**-e in [0.5, 1); 0 when every entry is 0 (or none)."""
    largest = max(float(arr.max(initial=0.0)), -float(arr.min(initial=0.0)))
    return math.frexp(largest)[1] if largest > 0 else 0


def rescaled(arr: np.ndarray, total: float | None = None) -> np.ndarray:
    """``arr`` (finite) as it is when its largest magnitude is within 2**±200, else times
    2**-e, ``e = unit_exponent(arr)`` (its largest magnitude in [0.5, 1); an entry below
    2**-1074 of the largest becomes 0). Either way a ratio of its sums is the same.
    ``total``: the sum of a non-negative ``arr``, when the caller has it; within 2**±200 it
    answers without reading ``arr`` (its largest is then between total / 2**62 and total)."""
    if total is not None and 2.0**-IN_RANGE <= total <= 2.0**IN_RANGE:
        return arr
    exponent = unit_exponent(arr)
    if -IN_RANGE <= exponent <= IN_RANGE:
        return arr
    with np.errstate(under="ignore"):
        scaled: np.ndarray = np.ldexp(arr, -exponent)
    return scaled
