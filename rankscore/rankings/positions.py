"""Reading a ranking: the limits, the exact ``m``, and the checks that turn positions,
strings and masks into sorted 1-based positions, each failure a one-line message.

Names here are read by the other modules of :mod:`rankscore.rankings` (and ``m`` by
:mod:`rankscore.ir`); a leading underscore means "this module only".
"""

from __future__ import annotations

import math
import numbers
import re
from fractions import Fraction
from typing import Any, Sequence

import numpy as np

from .. import _backend
from .._engine.validate import as_1d, quoted

#: Largest position a ranking may hold (keeps ``soma = p(p+1)/2 - ...`` inside int64).
MAX_POSITION = 2**32
#: Largest ``p`` a bit mask (and so ``enumerate_rankings``) can hold.
MAX_MASK_P = 62
#: Largest count (in bits) ``count_rankings`` computes: about 315,653 decimal digits, a few
#: seconds of ``math.comb``; beyond it the time grows without bound (``p = 10**12``).
MAX_COUNT_BITS = 2**20

_TO_ASCII = str.maketrans({"●": "x", "○": "-"})
_BAD_CHAR = re.compile(r"[^x\-]")
_EXPONENT = re.compile(r"[eE][+-]?([\d_]+)\s*$")  # the decimal exponent of a string m


# --------------------------------------------------------------------------------------
# m, the score's parameter


def exact_m(m: Any) -> Fraction:
    """``m`` as an exact Fraction (int, Fraction, float taken exactly, or a string)."""
    if isinstance(m, (bool, np.bool_)):
        raise TypeError(f"m must be a number > 2, got the boolean {quoted(m)}")
    if isinstance(m, str):
        # Fraction builds 10**exponent exactly: '1e999999999' would take hours
        exponent = _EXPONENT.search(m)
        digits = exponent.group(1).replace("_", "").lstrip("0") if exponent else ""
        if len(digits) > 4 or (digits and int(digits) > 4300):
            raise ValueError(f"m {quoted(m)} has a decimal exponent beyond 4300 in magnitude")
        try:
            value = Fraction(m.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"m must be a number > 2, got the string {quoted(m)}") from None
    elif isinstance(m, numbers.Rational):
        value = Fraction(int(m.numerator), int(m.denominator))
    elif isinstance(m, numbers.Real):
        if not math.isfinite(float(m)):
            raise ValueError(f"m must be a finite number > 2, got {quoted(m)}")
        value = Fraction(float(m))
    else:
        raise TypeError(f"m must be a real number > 2, got {type(m).__name__} {quoted(m)}")
    if value <= 2:
        raise ValueError(f"m must be > 2 (so that x…x-x scores below 1), got m = {quoted(m)}")
    return value


def m_as_float(m: Fraction) -> float:
    """The float the kernels get for an exact ``m > 2``.

    An ``m`` beyond the float range (``10**400``) becomes ``inf``: the gap term ``(2/m) soma
    / (p(p-1))`` is then 0, and ``k/p`` is the correctly rounded score (the true gap term is
    far below half an ulp of ``k/p``). ``ranking_score_exact`` keeps it exactly.
    """
    try:
        return float(m)
    except OverflowError:
        return math.inf


def float_m(m: Any) -> float:
    return m_as_float(exact_m(m))


# --------------------------------------------------------------------------------------
# input checks for positions, strings and masks


def _first_bad_element(values: Sequence[Any]) -> str | None:
    """Describe the first bool, string or None inside a position sequence (None if there is
    none)."""
    for i, v in enumerate(values):
        if v is None:  # (NumPy would read it as NaN)
            return f"positions must be integers, got None at index {i}"
        if isinstance(v, (bool, np.bool_)):
            return f"positions must be integers, got the boolean {quoted(v)} at index {i}"
        if isinstance(v, (str, bytes)):
            return f"positions must be integers, got the string {quoted(v)} at index {i}"
    return None


def checked_positions(positions: Any) -> np.ndarray:
    """Validate a 1-based position vector (any order) and return it as sorted int64."""
    if isinstance(positions, (str, bytes)):
        raise TypeError(
            f"positions must be a sequence of integers, got the string {quoted(positions)}; "
            "use Ranking('xx--x') for a ranking string"
        )
    if isinstance(positions, (list, tuple)):
        problem = _first_bad_element(positions)
        if problem:
            raise TypeError(problem)
    if np.isscalar(positions):
        raise TypeError(f"positions must be a 1-D sequence of integers, got {quoted(positions)}")
    if isinstance(positions, np.ndarray) and positions.ndim == 0:
        raise TypeError(f"positions must be a 1-D sequence of integers, got {quoted(positions)}")
    try:
        arr = np.asarray(positions)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"positions could not be read as a 1-D array: {exc}") from None
    if arr.ndim == 0:
        raise TypeError(
            f"positions must be a 1-D sequence of integers, got {type(positions).__name__}"
        )
    if arr.ndim != 1:
        raise ValueError(f"positions must be 1-D, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError("positions are empty (k = 0); a ranking holds at least one list element")
    kind = arr.dtype.kind
    if kind == "b":
        raise TypeError("positions must be integers, got booleans; use Ranking.from_mask for a mask")
    if kind == "O":
        problem = _first_bad_element(list(arr))
        if problem:
            raise TypeError(problem)
        try:
            arr = arr.astype(np.float64)
        except OverflowError:  # an int beyond float64, e.g. 10**400
            i = next(i for i, v in enumerate(arr.tolist()) if abs(v) > MAX_POSITION)
            raise ValueError(f"positions must be <= {MAX_POSITION}; got {quoted(arr[i])} at "
                             f"index {i}") from None
        except (TypeError, ValueError):
            raise TypeError("positions must be integers, got non-numeric objects") from None
        kind = "f"
    if kind in "USV":
        raise TypeError("positions must be integers, got the string "
                        f"{quoted(str(arr[0]))} at index 0")
    if kind == "c":
        raise TypeError("positions must be integers, got complex numbers")
    if kind == "f":
        if arr.dtype.itemsize < 4:  # float16: comparing with 2**32 overflowed in NumPy's cast
            arr = arr.astype(np.float64)
        nan = np.isnan(arr)
        if nan.any():
            raise ValueError(f"positions contain NaN (first at index {int(np.flatnonzero(nan)[0])})")
        bad = ~np.isfinite(arr) | (arr != np.round(arr))
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise ValueError(f"positions must be positive integers; got {float(arr[i])!r} at index {i}")
        big = np.abs(arr) > MAX_POSITION
        if big.any():
            i = int(np.flatnonzero(big)[0])
            raise ValueError(f"positions must be <= {MAX_POSITION}; got {float(arr[i])!r} at index {i}")
    elif kind == "u":
        big = arr > MAX_POSITION
        if big.any():
            i = int(np.flatnonzero(big)[0])
            raise ValueError(f"positions must be <= {MAX_POSITION}; got {int(arr[i])} at index {i}")
    elif kind != "i":
        raise TypeError(f"positions must be integers, got dtype {arr.dtype}")
    arr = np.ascontiguousarray(arr, dtype=np.int64)
    order = np.argsort(arr, kind="stable")
    code, first, second = _backend.kernels.check_positions(arr, order, MAX_POSITION)
    if code == 1:
        raise ValueError(f"positions must be positive integers; got {arr[first]} at index {first}")
    if code == 3:
        raise ValueError(f"positions must be <= {MAX_POSITION}; got {arr[first]} at index {first}")
    if code == 2:
        raise ValueError(
            f"positions must not repeat; {arr[first]} is at indices {first} and {second}"
        )
    return arr[order]


def positions_from_string(text: Any) -> np.ndarray:
    """Validate a ranking string ('x'/'-' or '●'/'○') and return its sorted positions."""
    if not isinstance(text, str):
        raise TypeError(
            f"a ranking string is expected, got {type(text).__name__}; "
            "use Ranking.from_positions or Ranking.from_mask for arrays"
        )
    if not text:
        raise ValueError("ranking string is empty; a ranking holds at least one list element 'x'")
    ascii_text = text.translate(_TO_ASCII)
    bad = _BAD_CHAR.search(ascii_text)
    if bad:
        i = bad.start()
        raise ValueError(
            f"ranking string has {text[i]!r} at position {i + 1}; use 'x' or '●' for list "
            "elements and '-' or '○' for the others"
        )
    if ascii_text[-1] != "x":
        raise ValueError(
            f"ranking string {_abbreviate(text)!r} ends with {text[-1]!r}; the last element of a "
            "ranking is a list element (a ranking is cut right after its last list element)"
        )
    codes = np.frombuffer(ascii_text.encode("ascii"), dtype=np.uint8)
    return np.flatnonzero(codes == ord("x")).astype(np.int64) + 1


def _abbreviate(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:40] + "…" + text[-15:]


def as_bool_vector(x: Any, name: str) -> np.ndarray:
    """A 1-D bool array from bools or 0/1 integers."""
    arr = as_1d(x, name)
    if arr.dtype.kind == "b":
        return arr
    if arr.dtype.kind in "iu" and np.isin(arr, (0, 1)).all():
        return arr.astype(bool)
    raise TypeError(f"{name} must hold booleans (or 0/1), got dtype {arr.dtype}")


def position_chars(positions: np.ndarray, first: int, last: int) -> str:
    """The 'x'/'-' characters of positions first..last (1-based, inclusive)."""
    chars = np.full(last - first + 1, ord("-"), dtype=np.uint8)
    inside = positions[(positions >= first) & (positions <= last)]
    chars[inside - first] = ord("x")
    return chars.tobytes().decode("ascii")


