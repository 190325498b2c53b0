"""Input checks shared by every public function.

Every public function turns its arguments into validated NumPy arrays here before any
kernel sees them; the kernels skip bounds checks because of it. Messages name the argument
and the problem. Nothing here modifies the caller's arrays: conversions copy only when the
dtype, byte order or layout must change.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterator, Mapping, Set
from typing import Any

import numpy as np

__all__ = [
    "as_1d",
    "as_scores",
    "check_finite",
    "check_same_length",
    "check_sample_weight",
    "check_positive_int",
    "as_array",
    "shorten",
    "quoted",
    "quoted_list",
    "integer_dtype",
    "as_real",
    "is_finite",
    "check_real",
    "check_threshold",
    "check_flag",
    "check_choice",
]

_SCORE_DTYPES = (np.float32, np.float64)


def shorten(value: Any, limit: int = 40) -> str:
    """``str(value)`` for an error message, cut to its first ``limit`` characters (with the
    full length) when longer: a 5,000-digit number or a 1 MB label stays one short line."""
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


def quoted(value: Any) -> str:
    """``repr(value)`` for an error message, shortened as :func:`shorten` does."""
    return shorten(repr(value))


def quoted_list(values: Any, limit: int = 6) -> str:
    """``'a', 'b', …`` for an error message: the first ``limit`` values, each shortened
    as :func:`quoted` does, and how many there are when more."""
    values = list(values)
    text = ", ".join(quoted(v) for v in values[:limit])
    return text if len(values) <= limit else f"{text}, … ({len(values)} values)"


def rounds_in_float64(value: Any) -> bool:
    """True for an integer (not a bool) that float64 cannot hold exactly."""
    if not isinstance(value, numbers.Integral) or isinstance(value, (bool, np.bool_)):
        return False
    value = int(value)
    if -2**53 <= value <= 2**53:
        return False
    try:
        return int(float(value)) != value
    except OverflowError:  # beyond 1.8e308
        return True


def _name_of(x: Any) -> str:
    return type(x).__name__


def read_array(x: Any, name: str, what: str) -> np.ndarray:
    """``np.asarray(x)`` for lists, tuples, arrays and pandas objects; ``what`` ("a 1-D
    array", "an array") names the expected input in the messages."""
    if x is None:
        raise TypeError(f"{name} is None; expected {what}-like")
    if isinstance(x, (str, bytes)) or np.isscalar(x):
        raise TypeError(f"{name} must be {what}-like, got a scalar {_name_of(x)}")
    if isinstance(x, (Set, Mapping, Iterator)):  # unordered or read-once (NumPy: a 0-d object)
        raise TypeError(f"{name} must be {what}-like (a list, tuple, NumPy array or pandas "
                        f"Series), got a {_name_of(x)}")
    if hasattr(x, "to_numpy") and not isinstance(x, np.ndarray):  # pandas Series / Index
        x = _pandas_to_numpy(x)
    try:
        arr = np.asarray(x)
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise ValueError(f"{name} could not be read as {what}: {exc}") from None
    if not arr.dtype.isnative:  # big-endian data on a little-endian machine: same values
        arr = arr.astype(arr.dtype.newbyteorder("="))
    if arr.dtype.kind == "f" and not isinstance(x, np.ndarray) and arr.size:
        large = np.abs(arr).max(initial=0.0, where=~np.isnan(arr)) >= 2.0**53  # NaN: no warning
        if large:
            return _exact_python_ints(x, arr, name)
    return arr


def _exact_python_ints(x: Any, arr: np.ndarray, name: str) -> np.ndarray:
    """``arr = np.asarray(x)`` when it did not round a Python int of ``x``, else the exact
    int64/uint64 array of those ints (NumPy reads ``[0, 2**63 + 1]`` as float64, which
    rounds it, before any check could see it); a float mixed with such an int is an error."""
    values = np.asarray(x, dtype=object).ravel().tolist()
    inexact = next((i for i, v in enumerate(values) if rounds_in_float64(v)), None)
    if inexact is None:
        return arr
    if not all(isinstance(v, numbers.Integral) for v in values):
        raise ValueError(f"{name} mixes floats with integers beyond 2**53 that float64 cannot "
                         f"represent exactly ({shorten(values[inexact])} at index {inexact})")
    ints = [int(v) for v in values]
    dtype = integer_dtype(min(ints), max(ints), f"{name} holds integers")
    return np.array(ints, dtype=dtype).reshape(arr.shape)


def integer_dtype(lo: int, hi: int, what: str) -> type:
    """int64, else uint64, whichever holds every integer from ``lo`` to ``hi``; neither is
    a ValueError starting with ``what`` (e.g. "y_true holds integers")."""
    for dtype in (np.int64, np.uint64):
        info = np.iinfo(dtype)
        if info.min <= lo and hi <= info.max:
            return dtype
    raise ValueError(f"{what} from {shorten(lo)} to {shorten(hi)}, beyond what one 64-bit "
                     "integer type holds")


def _pandas_to_numpy(x: Any) -> np.ndarray:
    """``x.to_numpy()``, except that pandas' nullable numbers and booleans (``Int64``,
    ``Float64``, ``boolean``) become float64 with NaN for ``pd.NA``: their ``to_numpy()``
    is an object array (a ``boolean`` column with NA, a DataFrame of nullable columns) that
    would be read as labels with a missing value in them or rejected as non-numeric."""
    arr = x.to_numpy()
    if arr.dtype != object:
        return arr
    dtypes = getattr(x, "dtypes", getattr(x, "dtype", None))
    dtypes = dtypes.tolist() if hasattr(dtypes, "tolist") else [dtypes]
    if dtypes and all(getattr(d, "kind", "O") in "biuf" for d in dtypes):
        return x.to_numpy(dtype=np.float64, na_value=np.nan)
    return arr


def as_1d(x: Any, name: str, *, allow_empty: bool = False) -> np.ndarray:
    """Return ``x`` as a 1-D array without copying when it already is one.

    Accepts lists, tuples, NumPy arrays, pandas Series and other array-likes. Raises
    ``TypeError`` for scalars/strings/None and ``ValueError`` for the wrong number of
    dimensions or (unless ``allow_empty``) an empty input.
    """
    arr = read_array(x, name, "a 1-D array")
    if arr.ndim != 1:
        if arr.ndim == 2 and 1 in arr.shape and arr.size > 0:
            raise ValueError(
                f"{name} must be 1-D, got shape {arr.shape}; use .ravel() if it is one column"
            )
        raise ValueError(f"{name} must be 1-D, got an array of shape {arr.shape}")
    if arr.size == 0 and not allow_empty:
        raise ValueError(f"{name} is empty")
    if arr.dtype == object:
        raise TypeError(f"{name} has dtype object; expected numbers")  # callers that accept
        # object labels convert them before calling as_1d
    return arr


def check_finite(arr: np.ndarray, name: str) -> None:
    """Raise ``ValueError`` naming the first NaN or infinite entry of a float array."""
    if arr.dtype.kind not in "fc":
        return
    finite = np.isfinite(arr)
    if not finite.all():
        i = int(np.flatnonzero(~finite.ravel())[0])
        what = "NaN" if np.isnan(arr.ravel()[i]) else "infinity"
        raise ValueError(f"{name} contains {what} (first at index {i})")


def as_scores(x: Any, name: str = "y_score", *, allow_empty: bool = False,
              finite: bool = True) -> np.ndarray:
    """Return a finite 1-D float32 or float64 array in native byte order.

    float32/float64 input is returned as is (no copy: read-only and strided views are
    fine for the kernels' ``const`` memoryviews); integer and bool input becomes float64;
    non-native byte order is converted. NaN/inf, strings and complex numbers are errors,
    and so are integers that float64 cannot hold exactly (beyond 2**53, e.g. nanosecond
    timestamps): rounding them would merge distinct scores into ties. ``finite=False``
    leaves NaN and infinities to the caller (the engine's class parts read them off the
    sorted ends).
    """
    arr = to_float(as_1d(x, name, allow_empty=allow_empty), name)
    if finite:
        check_finite(arr, name)
    return arr


def to_float(arr: np.ndarray, name: str, *, exact: bool = True) -> np.ndarray:
    """float32/float64 as is, other real numbers as float64; with ``exact``, 64-bit
    integers that float64 would round are an error (scores compare by value)."""
    kind = arr.dtype.kind
    if kind == "f":
        if arr.dtype.type not in _SCORE_DTYPES:  # float16, longdouble
            return arr.astype(np.float64)
        if not arr.dtype.isnative:
            return arr.astype(arr.dtype.newbyteorder("="))
        return arr
    if kind in "iub":
        out = arr.astype(np.float64)
        if exact and kind != "b" and arr.dtype.itemsize > 4 and out.size:
            _check_exact_integers(arr, out, name)
        return out
    if kind == "c":
        raise TypeError(f"{name} is complex; expected real scores")
    raise TypeError(f"{name} must be numeric, got dtype {arr.dtype}")


def _check_exact_integers(arr: np.ndarray, out: np.ndarray, name: str) -> None:
    """Raise if ``out = arr.astype(float64)`` rounded an integer (only |x| >= 2**53 can)."""
    if max(out.max(), -out.min()) < 2.0**53:
        return
    with np.errstate(invalid="ignore"):  # 2**64 does not cast back to uint64
        rounded = out.astype(arr.dtype) != arr
    if rounded.any():
        where = np.argwhere(rounded)[0]
        i = int(where[0]) if arr.ndim == 1 else tuple(int(j) for j in where)
        raise ValueError(
            f"{name} holds integers beyond 2**53 that float64 cannot represent exactly "
            f"({arr[i]} at index {i}); rounding them would merge distinct scores into ties. "
            f"Subtract a reference value first (e.g. {name} - {name}.min()) or pass floats"
        )


def check_same_length(**arrays: np.ndarray | None) -> int:
    """Return the common length of the named arrays, or raise naming each length."""
    lengths = {k: len(v) for k, v in arrays.items() if v is not None}
    if len(set(lengths.values())) > 1:
        detail = ", ".join(f"{k} has {n}" for k, n in lengths.items())
        raise ValueError(f"inconsistent numbers of samples: {detail}")
    return next(iter(lengths.values()))


def check_sample_weight(sample_weight: Any, n: int) -> np.ndarray | None:
    """Return ``None`` or a finite, non-negative float64 array of length ``n`` with a finite sum."""
    if sample_weight is None:
        return None
    w = as_1d(sample_weight, "sample_weight", allow_empty=(n == 0))
    if w.dtype.kind not in "iufb":
        raise TypeError(f"sample_weight must be numeric, got dtype {w.dtype}")
    w = np.asarray(w, dtype=np.float64)  # copies only when needed
    if len(w) != n:
        raise ValueError(f"sample_weight has {len(w)} entries, expected {n} (one per sample)")
    check_finite(w, "sample_weight")
    if (w < 0).any():
        i = int(np.flatnonzero(w < 0)[0])
        raise ValueError(f"sample_weight must be non-negative; got {w[i]} at index {i}")
    with np.errstate(over="ignore"):
        total = w.sum()
    if not np.isfinite(total):
        raise ValueError("sample_weight sums to inf (beyond float64); rescale the weights, "
                         "e.g. divide them by their maximum")
    return w


def as_real(value: Any, name: str, what: str = "a real number") -> float:
    """``value`` as a float: bools and non-numbers are a TypeError, a number beyond
    float64's range (an int such as ``10**400``) a ValueError naming ``name``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {what}, got {quoted(value)}")
    try:
        return float(value)
    except OverflowError:
        raise ValueError(f"{name} is beyond float64's range (about 1.8e308), got "
                         f"{quoted(value)}") from None


def is_finite(value: numbers.Real) -> bool:
    """``math.isfinite`` that is True for any int (it raises OverflowError beyond 1.8e308)."""
    return isinstance(value, numbers.Integral) or math.isfinite(value)


def check_positive_int(value: Any, name: str, *, minimum: int = 1) -> int:
    """Return ``value`` as an ``int >= minimum``; bools and non-integers are errors."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {quoted(value)}")
    value = int(value)
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def check_real(value: Any, name: str, *, low: Any = None, high: Any = None,
               low_open: bool = False, high_open: bool = False, finite: bool = False,
               what: str | None = None, interval: str | None = None) -> float:
    """Return ``value`` as a float, checked to be a real number within the given bounds.

    A bool or a non-number is a ``TypeError`` ("``name`` must be ``what``"; ``what`` is
    "a real number" and the interval by default); a number outside the bounds, NaN, and with
    ``finite=True`` an infinity, a ``ValueError`` ("``name`` must be in (0, 1], got 1.5",
    "must be >= 0", "must be finite and > 0"; ``interval`` replaces the part after "must
    be"). The bounds are compared with the value as given (an int of any size, a Fraction),
    before it is converted; a finite number beyond float64's range is then a ValueError.
    """
    if low is not None and high is not None:
        text = (f"in {'(' if low_open else '['}{low}, {high}{')' if high_open else ']'}")
    elif low is not None:
        text = f"{'>' if low_open else '>='} {low}"
    elif high is not None:
        text = f"{'<' if high_open else '<='} {high}"
    else:
        text = ""
    if finite:
        text = f"finite and {text}" if text else "finite"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        if what is None:
            what = "a real number" + (f" {text}" if text.startswith("in ") else "")
        raise TypeError(f"{name} must be {what}, got {quoted(value)}")
    ok = value == value  # NaN is outside every range
    if ok and finite:
        ok = is_finite(value)
    if ok and low is not None:
        ok = value > low if low_open else value >= low
    if ok and high is not None:
        ok = value < high if high_open else value <= high
    if not ok:
        raise ValueError(f"{name} must be {interval or text}, got {shorten(value)}")
    return as_real(value, name)


def check_threshold(threshold: Any) -> float:
    """A score threshold as a float: any real number (infinities included) but NaN."""
    threshold = as_real(threshold, "threshold")
    if math.isnan(threshold):
        raise ValueError("threshold is NaN")
    return threshold


def check_flag(value: Any, name: str) -> bool:
    """Return ``value`` as a bool; anything but a Python or NumPy bool is a TypeError."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {quoted(value)}")
    return bool(value)


def check_choice(value: Any, name: str, options: tuple) -> Any:
    """Return ``value``, one of ``options`` (strings, and None where it is allowed);
    anything else (another string, a number, an array) is a ValueError listing them."""
    try:
        if value in options and (value is None or isinstance(value, str)):
            return value
    except (TypeError, ValueError):  # arrays and other odd values
        pass
    raise ValueError(f"{name} must be one of {tuple(options)}, got {quoted(value)}")


def as_array(x: Any, name: str) -> np.ndarray:
    """Return ``x`` (list, tuple, NumPy array, pandas object) as an array of any shape.

    The reading step of ``as_1d`` without its shape and dtype rules, for 2-D inputs
    (confusion matrices, probability matrices, multi-output targets): ``TypeError`` for
    None, scalars and strings, ``ValueError`` for ragged nested lists.
    """
    return read_array(x, name, "an array")
