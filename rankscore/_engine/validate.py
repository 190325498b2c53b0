"""Input checks shared by every public function.

Every public function turns its arguments into validated NumPy arrays here before any
kernel sees them; the kernels skip bounds checks because of it. Messages name the argument
and the problem. Nothing here modifies the caller's arrays: conversions copy only when the
dtype, byte order or layout must change.

Besides the single checks: class labels as every check reads them (``as_label_array``,
the codes the kernels take) and a binary ``Problem``; the whole input of ``roc_auc_score``
read once is ``auc_input``'s.
"""

from __future__ import annotations

import math
import numbers
import sys
from collections.abc import Iterator, Mapping, Set
from decimal import Decimal
from typing import Any, NamedTuple

import numpy as np

__all__ = [
    "as_1d", "as_scores", "check_finite", "check_same_length", "check_sample_weight",
    "check_positive_int", "as_array", "shorten", "array_text", "as_matrix", "count_dtype",
    "inclusive_threshold", "quoted", "quoted_list", "integer_dtype", "as_real",
    "is_finite", "check_real", "check_threshold", "check_flag", "check_choice",
    "from_objects", "numbers_of_objects", "text_label", "text_labels", "common_labels",
    "as_label_array", "kernel_integers", "Problem",
    "native_binary", "as_score_matrix", "as_indicator_matrix", "multilabel_scores",
    "check_max_fpr", "multiclass_shape_error", "is_scipy_sparse", "is_missing",
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


def array_text(values: np.ndarray, limit: int = 200) -> str:
    """NumPy's ``str`` of a small array of labels (``[0 1]``, ``['a' 'b']``: the form
    scikit-learn's messages use), or ``[…]`` of :func:`quoted_list` when that is longer
    than ``limit`` characters."""
    text = str(values)
    return text if len(text) <= limit else f"[{quoted_list(values.tolist())}]"


def rounds_in_float64(value: Any) -> bool:
    """True for an integer (not a bool) that float64 cannot hold exactly."""
    if not isinstance(value, numbers.Integral) or isinstance(value, (bool, np.bool_)):
        return False
    number = int(value)
    if -2**53 <= number <= 2**53:
        return False
    try:
        return int(float(number)) != number
    except OverflowError:  # beyond 1.8e308
        return True


def _name_of(x: Any) -> str:
    return type(x).__name__


def is_scipy_sparse(x: Any) -> bool:
    """True for a scipy.sparse matrix or array (scipy is not imported for the check: such
    an input exists only once its caller has imported scipy.sparse)."""
    sparse = sys.modules.get("scipy.sparse")
    return sparse is not None and bool(sparse.issparse(x))


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
    if is_scipy_sparse(x):  # (NumPy: a 0-d object array holding the matrix)
        raise TypeError(f"{name} must be {what}-like, got a scipy.sparse {_name_of(x)}; pass a "
                        "dense array (.toarray())")
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
    arr: np.ndarray = x.to_numpy()
    if arr.dtype != object:
        return arr
    found: Any = getattr(x, "dtypes", getattr(x, "dtype", None))
    dtypes = found.tolist() if hasattr(found, "tolist") else [found]
    if dtypes and all(getattr(d, "kind", "O") in "biuf" for d in dtypes):
        converted: np.ndarray = x.to_numpy(dtype=np.float64, na_value=np.nan)
        return converted
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
    if arr.dtype == object:  # (callers that accept object labels convert them first)
        arr = numbers_of_objects(arr, name)
    return arr


def numbers_of_objects(arr: np.ndarray, name: str) -> np.ndarray:
    """An object array of numbers (a pandas object column, a list of Decimals) as NumPy's
    array of them: bools, integers exactly (int64 or uint64), or float64 (a missing value,
    None or pandas' NA, as NaN). Numbers float64 does not hold (Fraction, Decimal) are
    rounded unless rounding makes two distinct ones equal: that is an error naming them,
    as ties it would make change every rank statistic."""
    values = arr.tolist()
    types = set(map(type, values))
    if types <= {float, int} and (int not in types or not any(  # (the common case: a
            type(v) is int and not -2**53 <= v <= 2**53 for v in values)):  # pandas column)
        return arr.astype(np.float64) if float in types else arr.astype(np.int64)
    kinds = set()
    for i, v in enumerate(values):
        if isinstance(v, (bool, np.bool_)):
            kinds.add("b")
        elif isinstance(v, numbers.Integral):
            kinds.add("i")
        elif v is None or is_missing(v):
            kinds.add("missing")
        elif isinstance(v, (numbers.Real, Decimal)):
            kinds.add("f")
        else:
            what = "text" if isinstance(v, (str, bytes)) else f"a {_name_of(v)}"
            raise TypeError(f"{name} has dtype object holding {what} ({quoted(v)} at index "
                            f"{i}); expected numbers")
    if kinds == {"b"}:
        return arr.astype(bool)
    if kinds <= {"b", "i"}:
        ints = [int(v) for v in values]
        return np.array(ints, dtype=integer_dtype(min(ints, default=0), max(ints, default=0),
                                                  f"{name} holds integers"))
    if "f" in kinds:  # as in a list: a float beside an integer float64 would round
        big = next((i for i, v in enumerate(values) if rounds_in_float64(v)), None)
        if big is not None:
            raise ValueError(f"{name} mixes floats with integers beyond 2**53 that float64 "
                             f"cannot represent exactly ({shorten(values[big])} at index {big})")
    out: list[float] = []
    exact: dict[float, Any] = {}  # each float64 value made, and the number it was made of
    for i, v in enumerate(values):
        if v is None or is_missing(v):
            out.append(math.nan)
            continue
        if _beyond_float64(v):  # a finite number beyond float64's range
            raise ValueError(f"{name} holds {shorten(v)} (at index {i}), beyond float64's "
                             "range (about 1.8e308); rescale the scores first")
        out.append(float(v))
        twin = exact.setdefault(out[-1], v)
        if twin != v:  # two distinct numbers rounded to one float64
            raise ValueError(f"{name} holds {shorten(twin)} and {shorten(v)}, which float64 "
                             "cannot tell apart; rounding them would merge distinct scores "
                             "into ties")
    return np.array(out, dtype=np.float64)


def _beyond_float64(value: Any) -> bool:
    """Whether ``value`` is a finite int, Fraction or Decimal beyond float64's range."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            return False
    elif not isinstance(value, numbers.Rational) or isinstance(value, (bool, np.bool_)):
        return False  # floats (an infinity is one already), missing values
    try:
        return math.isinf(float(value))
    except OverflowError:  # (a Fraction or an int too large to convert)
        return True


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
    integers that float64 would round are an error, and so are long doubles that it would
    merge into ties or take beyond its range (scores compare by value). An object array
    of numbers is read as :func:`numbers_of_objects` reads it."""
    if arr.dtype == object:  # (a matrix: 1-D arrays were read by as_1d)
        arr = numbers_of_objects(arr.ravel(), name).reshape(arr.shape)
    kind = arr.dtype.kind
    if kind == "f":
        if arr.dtype.type not in _SCORE_DTYPES:  # float16, longdouble
            with np.errstate(over="ignore"):
                out = arr.astype(np.float64)
            if exact and arr.dtype.itemsize > 8 and out.size:
                _check_long_doubles(arr, out, name)
            return out
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


def _check_long_doubles(arr: np.ndarray, out: np.ndarray, name: str) -> None:
    """Raise if ``out = arr.astype(float64)`` took a finite long double to infinity or made
    two distinct ones equal (a tie that changes every rank statistic)."""
    beyond = np.isinf(out) & np.isfinite(arr)
    if beyond.any():
        where = np.argwhere(beyond)[0]
        i = int(where[0]) if arr.ndim == 1 else tuple(int(j) for j in where)
        value = np.format_float_scientific(arr[i], unique=True, trim="-")
        raise ValueError(f"{name} holds long doubles beyond float64's range (about 1.8e308; "
                         f"{value} at index {i}); rescale the scores first")
    if (out.astype(arr.dtype) == arr).all():  # float64 holds every value exactly
        return
    ordered = np.sort(arr, axis=None)
    rounded = ordered.astype(np.float64)
    merged = (ordered[1:] != ordered[:-1]) & (rounded[1:] == rounded[:-1])
    if merged.any():
        j = int(np.flatnonzero(merged)[0])
        a, b = (shorten(np.format_float_positional(v, unique=True, trim="-"))
                for v in ordered[j:j + 2])
        raise ValueError(
            f"{name} holds long doubles that float64 cannot tell apart ({a} and {b}); "
            "rounding them would merge distinct scores into ties. "
            f"Subtract a reference value first, or cast to float64 if those ties are intended")


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
        raise ValueError("Found input variables with inconsistent numbers of samples: "
                         f"{list(lengths.values())} ({detail})")
    return next(iter(lengths.values()))


def check_sample_weight(sample_weight: Any, n: int) -> np.ndarray | None:
    """Return ``None`` or a finite, non-negative float64 array of length ``n`` with a finite sum."""
    if sample_weight is None:
        return None
    w = read_array(sample_weight, "sample_weight", "a 1-D array")
    if w.ndim != 1:  # scikit-learn's words first
        raise ValueError(f"Sample weights must be 1D array or scalar; sample_weight has "
                         f"shape {w.shape}")
    if w.dtype == object:  # numbers held as Python objects
        try:
            w = w.astype(np.float64)
        except (TypeError, ValueError):
            raise TypeError("sample_weight must be numeric, got an object array holding "
                            "non-numbers") from None
    if w.dtype.kind not in "iufb":
        raise TypeError(f"sample_weight must be numeric, got dtype {w.dtype}")
    if len(w) != n:
        raise ValueError(f"inconsistent numbers of samples: sample_weight has {len(w)} "
                         f"entries, expected {n} (one per sample)")
    w = np.asarray(w, dtype=np.float64)  # copies only when needed
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
    number = int(value)
    if number < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {number}")
    return number


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
    real = as_real(threshold, "threshold")
    if math.isnan(real):
        raise ValueError("threshold is NaN")
    return real


def inclusive_threshold(threshold: float, strict: Any) -> float:
    """The threshold ``u`` with ``score >= u`` equal to the rule at ``threshold``: itself,
    or with ``strict`` (positive when ``score > threshold``) the next float64 above it
    (scores are compared in float64, float32 scores exactly too, so ``s > t`` is
    ``s >= nextafter(t, inf)``)."""
    if not check_flag(strict, "strict"):
        return threshold
    return float(np.nextafter(threshold, np.inf))


def check_flag(value: Any, name: str) -> bool:
    """Return ``value`` as a bool; anything but a Python or NumPy bool is a TypeError."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {quoted(value)}")
    return bool(value)


def check_choice(value: Any, name: str, options: tuple[Any, ...]) -> Any:
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


def as_matrix(x: Any, name: str, *, counts: bool) -> np.ndarray:
    """Return a finite 2-D array of real numbers; ``counts``: also square, non-negative,
    with a positive total (a confusion matrix), as int64 or float64 so that its sums and
    products neither lose digits (float16) nor wrap (uint64): integers whose total int64
    cannot hold become float64."""
    arr = as_array(x, name)
    if arr.dtype == object:  # numbers in an object array, as to_float reads them
        arr = numbers_of_objects(arr.ravel(), name).reshape(arr.shape)
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers, got dtype {arr.dtype}")
    if arr.dtype.kind == "f" and arr.dtype.type not in (np.float32, np.float64):
        arr = arr.astype(np.float64)  # float16, longdouble
    if counts:
        arr = count_dtype(arr)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D, got shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty")
    check_finite(arr, name)
    if counts:
        if arr.shape[0] != arr.shape[1]:
            raise ValueError(f"{name} must be square (rows = true class, columns = predicted "
                             f"class), got shape {arr.shape}")
        if (arr < 0).any():
            raise ValueError(f"{name} must hold non-negative counts")
        if not arr.sum() > 0:
            raise ValueError(f"{name} holds no samples (all counts are zero)")
    return arr


def count_dtype(arr: np.ndarray) -> np.ndarray:
    """Counts as float64 (floats) or int64 (integers whose total int64 holds exactly), else
    float64."""
    if arr.dtype.kind == "f":
        return arr.astype(np.float64, copy=False)
    if arr.size and int(arr.max()) * arr.size < 2**63 and int(arr.min()) >= 0:
        return arr.astype(np.int64, copy=False)
    if arr.size and int(arr.min()) >= 0 and sum(arr.ravel().tolist()) < 2**63:
        return arr.astype(np.int64)
    return arr.astype(np.float64)


# ---------------------------------------------------------------------------------------
# class labels as every input check reads them

# The integer label dtypes the kernels are compiled for: bools (viewed as uint8) and small
# codes (int8, uint8) as they come, every other integer type as int64.
KERNEL_LABEL_DTYPES = frozenset(np.dtype(t) for t in (np.int8, np.uint8, np.int64))


def kernel_integers(y: np.ndarray) -> np.ndarray | None:
    """Integer or bool labels in a dtype the kernels take, with the same values: bools as a
    uint8 view, int8/uint8/int64 as they are (native byte order), any other integer type
    widened to int64; None for uint64 labels beyond int64 (they take the general path)."""
    if y.dtype in KERNEL_LABEL_DTYPES:  # native int8, uint8, int64
        return y
    if y.dtype.kind == "b":
        return y.view(np.uint8)
    if y.dtype.newbyteorder("=") in KERNEL_LABEL_DTYPES:
        return y if y.dtype.isnative else y.astype(y.dtype.newbyteorder("="))
    if y.dtype.kind == "u" and y.dtype.itemsize == 8 and y.size and int(y.max()) > 2**63 - 1:
        return None
    return y.astype(np.int64)


def text_label(label: Any, name: str = "pos_label") -> Any:
    """A bytes label as the str it encodes in UTF-8 (bytes labels are read as text); any
    other label as it is."""
    if not isinstance(label, bytes):
        return label
    try:
        return label.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name}={shorten(label)} is bytes that are not UTF-8 text") from None


def text_labels(arr: np.ndarray, name: str) -> np.ndarray:
    """An array of bytes labels (dtype S) as str labels, decoded as UTF-8, so that they
    compare with str labels and a str pos_label; any other array as it is."""
    if arr.dtype.kind != "S":
        return arr
    try:
        out: np.ndarray = np.char.decode(arr, "utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name} holds bytes that are not UTF-8 text") from None
    return out


def from_objects(arr: np.ndarray, name: str) -> np.ndarray:
    """An object array of labels as strings (all strings or bytes, bytes read as UTF-8
    text), int64 (all integers that fit) or floats (all numbers)."""
    values = arr.ravel().tolist()
    i = next((i for i, v in enumerate(values) if is_missing(v)), None)
    if i is not None:
        raise ValueError(f"{name} contains None or NaN (a missing value, {quoted(values[i])}, "
                         f"first "
                         f"at index {i}); labels must be defined")
    if all(isinstance(v, str) for v in values):
        return arr.astype(str)
    if all(isinstance(v, (str, bytes)) for v in values):
        return np.array([text_label(v, f"{name}'s label") for v in values],
                        dtype=str).reshape(arr.shape)
    if any(isinstance(v, (str, bytes)) for v in values):  # (bytes are text)
        raise ValueError(f"{name} mixes string and number labels")
    if all(isinstance(v, (numbers.Integral, np.bool_)) for v in values):
        return _exact_integers(arr, [int(v) for v in values], name)
    if all(isinstance(v, (numbers.Real, np.bool_)) for v in values):
        i = next((i for i, v in enumerate(values) if rounds_in_float64(v)), None)
        if i is not None:  # e.g. [0.5, 2**60 + 1]
            raise ValueError(f"{name} mixes floats with integers beyond 2**53 that float64 "
                             f"cannot represent exactly ({shorten(values[i])} at index {i})")
        return arr.astype(np.float64)
    raise TypeError(f"{name} has labels that are neither strings nor numbers")


def _exact_integers(arr: np.ndarray, values: list[int], name: str) -> np.ndarray:
    """Integer labels as int64 or uint64 (float64 would merge integers beyond 2**53)."""
    return arr.astype(integer_dtype(min(values), max(values), f"{name} holds integer labels"))


def common_labels(*arrays: np.ndarray, names: str = "y_true and y_pred") -> list[np.ndarray]:
    """The label arrays in one dtype in which they compare exactly.

    NumPy's common type of int64 and uint64 (and of a 64-bit integer and a float) is
    float64, which merges integers beyond 2**53 (2**60 and 2**60 + 1 would be one label).
    Those meet as int64 or uint64 instead (float labels are integral); labels that neither
    holds are an error. Arrays already sharing an exact type are returned as they are.
    """
    if any(a.dtype.kind not in "biuf" for a in arrays):  # strings: the callers' type checks
        return list(arrays)
    if np.result_type(*arrays).kind != "f":
        return list(arrays)
    wide = [a for a in arrays if a.dtype.kind in "iu" and a.dtype.itemsize == 8 and a.size]
    if not wide or -2**53 <= min(int(a.min()) for a in wide) and max(int(a.max()) for a in wide) <= 2**53:
        return list(arrays)  # float64 holds every integer exactly
    lo = min(int(a.min()) for a in arrays if a.size)
    hi = max(int(a.max()) for a in arrays if a.size)
    exact = integer_dtype(lo, hi, f"{names} hold labels that cannot be compared exactly:")
    return [a.astype(exact) for a in arrays]


def is_missing(value: Any) -> bool:
    """Whether one value of an object array is missing: None, a NaN of any type (float,
    NumPy's floats, Decimal, pandas' NaT: unequal to itself), or a marker such as pandas'
    ``pd.NA`` (without a truth value)."""
    if value is None:
        return True
    if isinstance(value, str):
        return False
    try:
        return bool(value != value)
    except (TypeError, ValueError, ArithmeticError):  # pd.NA != pd.NA is pd.NA, whose
        # bool() raises; a signalling Decimal NaN raises on comparison
        return True


def as_label_array(y_true: Any, name: str = "y_true", *, decode: bool = True) -> np.ndarray:
    """A non-empty 1-D label vector as the curve functions read it (scikit-learn's messages
    for its ranking metrics): numbers, bools or strings, floats finite and integral; bytes
    as str (with ``decode=False`` as bytes, for the refusal of bytes without pos_label)."""
    y = read_array(y_true, name, "a 1-D array")
    if y.dtype == object:  # strings, or numbers; missing values and mixtures are errors
        y = from_objects(y, name)
    elif decode:
        y = text_labels(y, name)
    if y.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array of shape {y.shape}")
    if y.size == 0:
        raise ValueError(f"{name} is empty")
    kind = y.dtype.kind
    if kind == "c":
        raise TypeError(f"{name} is complex; expected class labels")
    if kind not in "biufOUS":
        raise TypeError(f"{name} has dtype {y.dtype}; expected numbers, bools or strings")
    if kind == "f":
        finite = np.isfinite(y)
        if not finite.all():
            i = int(np.flatnonzero(~finite)[0])
            what = "NaN" if np.isnan(y[i]) else "infinity"  # (as the label metrics say it)
            raise ValueError(f"{name} contains {what} (first at index {i}); labels must be "
                             "finite")
        if (y != np.round(y)).any():  # scikit-learn's "continuous" target
            raise ValueError(
                f"{name} has non-integer float values (continuous format is not supported); "
                "expected class labels"
            )
    return y


# ---------------------------------------------------------------------------------------
# a binary problem, and the input of roc_auc_score read once


class Problem(NamedTuple):
    """A binary problem as the kernels take it.

    ``codes``: integer labels in a dtype the kernels take (:func:`kernel_integers`);
    ``pos_code``: the positive class's code, of the same dtype; ``scores``: 1-D float32 or
    float64, not yet checked for finiteness; ``weights``: None or validated float64.
    ``labels_checked=False``: native labels taken as they are, whose range (every label 0
    or 1) the class parts (``parts.class_parts``) check on the way.
    """

    codes: np.ndarray
    pos_code: Any
    scores: np.ndarray
    weights: np.ndarray | None = None
    labels_checked: bool = True


_FAST_SCORE_DTYPES = (np.dtype(np.float64), np.dtype(np.float32))


def native_binary(y_true: Any, y_score: Any) -> bool:
    """Whether the input may take the fewest Python steps: 1-D NumPy arrays of the same
    nonzero length, native integer or bool labels, float32 or float64 scores (the labels'
    range and the scores' finiteness are then checked on the way)."""
    return (type(y_true) is np.ndarray and type(y_score) is np.ndarray and y_true.ndim == 1
            and y_score.ndim == 1 and y_true.dtype.kind in "iub" and y_true.dtype.isnative
            and y_score.dtype in _FAST_SCORE_DTYPES and 0 < len(y_true) == len(y_score))


def as_score_matrix(x: Any, name: str = "y_score", *, finite: bool = True) -> np.ndarray:
    """1-D scores, or a non-empty 2-D float32/float64 matrix (finite unless ``finite`` is
    False: the caller then checks the ends of its sorted columns)."""
    arr = as_array(x, name)
    if arr.ndim == 1:
        return as_scores(arr, name)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 1-D or 2-D, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty (shape {arr.shape})")
    arr = to_float(arr, name)
    if finite:
        check_finite(arr, name)
    return arr


def as_indicator_matrix(y: Any, name: str = "y_true") -> np.ndarray:
    """A 2-D multilabel indicator matrix of 0/1 (at least two columns) as uint8."""
    arr = as_array(y, name)
    if arr.dtype == object:
        arr = from_objects(arr, name)
    if arr.dtype.kind not in "biuf" or arr.shape[1] < 2:
        raise ValueError(f"a 2-D {name} must be a multilabel indicator matrix of 0/1 with at "
                         f"least 2 columns; got shape {arr.shape} and dtype {arr.dtype}")
    if arr.dtype.kind == "f":
        check_finite(arr, name)
    if not np.isin(arr, (0, 1)).all():
        raise ValueError(f"a 2-D {name} must be a multilabel indicator matrix of 0/1 values "
                         "(multiclass-multioutput format is not supported)")
    return arr.astype(np.uint8, copy=False) if arr.dtype.kind != "b" else arr.view(np.uint8)


def multilabel_scores(y2d: np.ndarray, y_score: Any,
                      sample_weight: Any) -> tuple[np.ndarray, np.ndarray | None]:
    """The score matrix of a multilabel ``y2d`` (the same shape) and its rows' weights."""
    s2d = as_score_matrix(y_score)
    if s2d.shape != y2d.shape:
        raise ValueError(f"y_true and y_score must have the same shape for multilabel "
                         f"input; got {y2d.shape} and {s2d.shape}")
    return s2d, check_sample_weight(sample_weight, y2d.shape[0])


def check_max_fpr(max_fpr: Any) -> float | None:
    """None, or ``max_fpr`` as a float in (0, 1], out of range with scikit-learn's message."""
    if max_fpr is None:
        return None
    try:
        return check_real(max_fpr, "max_fpr", low=0, high=1, low_open=True,
                          what="a float in (0, 1] or None")
    except ValueError:
        raise ValueError(f"Expected max_fpr in range (0, 1], got: {quoted(max_fpr)}") from None


def multiclass_shape_error(shape: tuple[int, ...]) -> ValueError:
    """scikit-learn's error for scores of ``shape`` where y_true holds more than 2 classes."""
    return ValueError("`y_score` needs to be of shape `(n_samples, n_classes)`, since "
                      f"`y_true` contains multiple classes. Got `y_score.shape={shape}`.")
