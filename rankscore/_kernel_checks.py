"""Checks of a kernel's arguments, the relations its compiled loop trusts: ``rankings_of``
run by both backends alike, the others by the NumPy twins (the compiled kernels make the
same checks with the same messages in rankscore/_kernels/arrays.pyx)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["both_parts", "indices_within", "join_spans", "lattice_of", "offsets_within",
           "one_length", "rankings_of", "trec_fields", "weights_of"]

MAX_MASK_P = 62  # a ranking of p positions is a 64-bit mask with bit p - 1 set


def rankings_of(p: int, k: int, n: int) -> None:
    """ValueError unless 1 <= k <= p <= 62 and n is the number of rankings of (p, k),
    C(p - 1, k - 1) (the enumeration writes exactly that many)."""
    if not 1 <= k <= p <= MAX_MASK_P:
        raise ValueError(f"the rankings need 1 <= k <= p <= {MAX_MASK_P}, got p = {p}, k = {k}")
    count = math.comb(p - 1, k - 1)
    if n != count:
        raise ValueError(f"masks and scores must hold C({p - 1}, {k - 1}) = {count} rankings, "
                         f"got {n}")


def lattice_of(m: int, n: int, h: int, n_checked: int) -> None:
    """ValueError unless m, n, h >= 1 (the path's start inside the boundary) and the
    ``checked`` flags are none or one per step count 0 ... m + n."""
    if m < 1 or n < 1 or h < 1:
        raise ValueError(f"ks_two_sample_sf needs m, n and h of 1 or more, got {m}, {n} and {h}")
    if n_checked not in (0, m + n + 1):
        raise ValueError(f"checked must be empty or have m + n + 1 = {m + n + 1} entries, got "
                         f"{n_checked}")


def both_parts(n_neg: int, n_pos: int, kernel: str) -> None:
    """ValueError unless both class parts hold a score."""
    if n_neg == 0 or n_pos == 0:
        raise ValueError(f"{kernel} needs both classes, got {n_neg} and {n_pos} scores")


def join_spans(starts: NDArray[np.int64], stops: NDArray[np.int64], n: int, what: str) -> None:
    """ValueError unless query j's entries [starts[j], stops[j]) lie within [0, n) for every
    j (O(queries))."""
    if len(stops) != len(starts):
        raise ValueError(f"{what}_starts and {what}_stops must have one entry per query, got "
                         f"{len(starts)} and {len(stops)}")
    bad = np.flatnonzero((starts < 0) | (stops < starts) | (stops > n))
    if len(bad):
        j = bad[0]
        raise ValueError(f"{what} entries of query {j} must lie within [0, {n}], got "
                         f"[{starts[j]}, {stops[j]})")


def trec_fields(n_fields: int, value_field: int) -> None:
    """ValueError unless a TREC line's fields fit the parser: 3 to 8 fields (query 0,
    element 2) and the value among them."""
    if not 3 <= n_fields <= 8 or not 0 <= value_field < n_fields:
        raise ValueError(f"parse_trec reads 3 to 8 fields and a value among them, got "
                         f"{n_fields} and {value_field}")


def one_length(*arrays: NDArray[Any]) -> None:
    """ValueError unless the arrays have one length (the compiled loops read them together)."""
    for a in arrays[1:]:
        if len(a) != len(arrays[0]):
            raise ValueError(f"the arrays must have one length, got {len(arrays[0])} and {len(a)}")


def weights_of(scores: NDArray[Any], weights: NDArray[Any] | None) -> None:
    """ValueError unless a class part's weights (if any) are one per score."""
    if weights is not None and len(weights) != len(scores):
        raise ValueError(f"the weights must have their scores' length, got {len(weights)} "
                         f"and {len(scores)}")


def indices_within(a: NDArray[np.int64], n: int, what: str) -> None:
    """ValueError unless every entry of a is in [0, n)."""
    bad = np.flatnonzero((a < 0) | (a >= n))
    if len(bad):
        raise ValueError(f"{what} must hold indices in [0, {n}), got {a[bad[0]]} at {bad[0]}")


def offsets_within(a: NDArray[np.int64], n: int, what: str) -> None:
    """ValueError unless a is non-decreasing from 0 or more to n or less."""
    below = np.concatenate(([0], a[:-1]))[:len(a)]
    bad = np.flatnonzero((a < below) | (a > n))
    if len(bad):
        raise ValueError(f"{what} must be non-decreasing within [0, {n}], got {a[bad[0]]} "
                         f"at {bad[0]}")
