"""The checks of a summary's arrays (the constructor's, ``from_bytes``'s, the
accumulator's), in words, and the share of pairs that compression makes ties."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _backend
from .._engine.parts import MAX_EXACT_ROWS
from .._engine.validate import read_array, text_label

__all__ = ["checked_arrays", "summary_problem", "same_label", "plain_label",
           "MAX_WEIGHT_TOTAL"]

# an accumulator refuses weights adding up to more than this: their float64 running sums,
# in any order, stay within float64's range
MAX_WEIGHT_TOTAL = 2.0**1022


def checked_arrays(
    thresholds: Any, negatives: Any, positives: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[Any, Any]]:
    """The constructor's checks (``summary_problem``): 1-D arrays of one length, strictly
    decreasing finite float32/float64 thresholds (-0.0 stored as 0.0), int64 or float64
    non-negative counts with a sample at every threshold, at most 2**62 rows (weight sums:
    a finite total). Returns the arrays (owned, native byte order) and the totals."""
    arrays = []
    for name, value in (("thresholds", thresholds), ("negatives", negatives),
                        ("positives", positives)):
        # read as every input is (None, sets, ints beyond 2**53 ...); owned and writable,
        # so that it can be frozen; any byte order, stored in the machine's
        arr = np.array(read_array(value, name, "a 1-D array"), copy=True)
        if arr.ndim != 1:
            raise ValueError(f"{name} must be 1-D, got shape {arr.shape}")
        arrays.append(arr.astype(arr.dtype.newbyteorder("="), copy=False))
    thresholds, negatives, positives = arrays
    if not len(thresholds) == len(negatives) == len(positives):
        raise ValueError("thresholds, negatives and positives must have one length; got "
                         f"{len(thresholds)}, {len(negatives)} and {len(positives)}")
    if thresholds.dtype not in (np.float32, np.float64):
        raise TypeError(f"thresholds must be float32 or float64, got {thresholds.dtype}")
    with np.errstate(invalid="ignore"):  # (a signalling NaN: refused below)
        thresholds += thresholds.dtype.type(0)  # -0.0 -> 0.0
    if negatives.dtype != positives.dtype or negatives.dtype not in (np.int64, np.float64):
        raise TypeError("negatives and positives must both be int64 (counts) or both "
                        f"float64 (weight sums); got {negatives.dtype} and {positives.dtype}")
    problem, totals = summary_problem(thresholds, negatives, positives)
    if problem:
        raise ValueError(problem)
    return thresholds, negatives, positives, totals


# summary_check's kinds of problem
CHECK_MINUS_ZERO, CHECK_TOTAL = 3, 7


def summary_problem(thresholds: np.ndarray, negatives: np.ndarray,
                    positives: np.ndarray) -> tuple[str | None, tuple[Any, Any]]:
    """(what is wrong with a summary's arrays or None, (negatives total, positives total)):
    the ``summary_check`` kernel's one pass, in words."""
    kind, i, n_neg, n_pos = _backend.kernels.summary_check(
        thresholds, negatives, positives, MAX_EXACT_ROWS)
    if kind == 0:
        return None, (n_neg, n_pos)
    value = (thresholds, thresholds, thresholds, negatives, positives)[kind - 1][i] if (
        kind < 6) else None
    return {
        1: f"thresholds must be finite and strictly decreasing (thresholds[{i}] is {value})",
        2: f"thresholds must be finite and strictly decreasing (thresholds[{i}] = {value} "
           f"is not below thresholds[{i - 1}] = {thresholds[i - 1] if i else None})",
        3: f"thresholds must not hold -0.0 (0.0 is written; thresholds[{i}])",
        4: f"negatives must be finite and non-negative (negatives[{i}] is {value})",
        5: f"positives must be finite and non-negative (positives[{i}] is {value})",
        6: "every threshold must hold a sample (negatives + positives > 0; thresholds"
           f"[{i}] holds none)",
        7: "the weight sums add up beyond float64's range (inf); rescale the weights"
           if negatives.dtype.kind == "f" else
           "the counts add up to more than 2**62 rows; exact counts are kept up to 2**62 "
           "rows",
    }[kind], (0, 0)


def same_label(a: Any, b: Any) -> bool:
    try:  # a bytes label is the str it encodes, as bytes labels are read
        a, b = text_label(a), text_label(b)
    except ValueError:  # (not UTF-8: compared as it is)
        pass
    try:
        return bool(a == b) and isinstance(a, str) == isinstance(b, str)
    except (TypeError, ValueError):
        return False


def plain_label(pos_label: Any) -> Any:
    """A NumPy scalar label as the Python scalar it holds (for comparison and storage)."""
    return pos_label.item() if isinstance(pos_label, np.generic) else pos_label
