"""Class labels of any kind (numbers, strings, bools) as validated arrays and integer codes.

Private helpers of the label metrics (metrics, multiclass, information): ``as_labels`` reads
a 1-D label vector, ``encode`` turns it into indices into a list of classes (sorted
unique values, or an explicit ``labels`` order).
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from ._validation import (_read, as_1d, integer_dtype, quoted, quoted_list, rounds_in_float64,
                          shorten)

__all__ = ["as_labels", "classes_of", "common_labels", "encode"]


def as_labels(x: Any, name: str) -> np.ndarray:
    """Return ``x`` as a non-empty 1-D array of labels: integers, bools, integral floats or
    strings.

    An object array (e.g. a pandas object column) becomes strings when every value is a
    string and floats when every value is a number; a mix of the two is an error.
    """
    arr = _read(x, name, "a 1-D array")
    if arr.dtype == object:
        arr = _from_objects(arr, name)
    elif arr.dtype.kind in "US" and isinstance(x, (list, tuple)) and \
            not all(isinstance(v, (str, bytes, np.str_, np.bytes_)) for v in x):
        # NumPy would silently turn [1, "a"] into ["1", "a"]
        raise TypeError(f"{name} mixes label types that cannot be sorted "
                        "(e.g. strings and numbers)")
    arr = as_1d(arr, name)
    kind = arr.dtype.kind
    if kind == "f":
        if not np.isfinite(arr).all():
            i = int(np.flatnonzero(~np.isfinite(arr))[0])
            what = "NaN" if np.isnan(arr[i]) else "infinity"
            raise ValueError(f"{name} contains {what} (first at index {i}); labels must be "
                             "finite")
        if not np.all(arr == np.floor(arr)):  # scikit-learn's "continuous" target
            raise ValueError(f"{name} contains continuous values (non-integer floats); "
                             "pass class labels")
    elif kind not in "biuUS":
        raise TypeError(f"{name} must hold class labels (numbers or strings), got {arr.dtype}")
    return arr


def _from_objects(arr: np.ndarray, name: str) -> np.ndarray:
    """An object array of labels as strings (all strings), int64 (all integers that fit)
    or floats (all numbers)."""
    values = arr.ravel().tolist()
    i = next((i for i, v in enumerate(values) if _is_missing(v)), None)
    if i is not None:
        raise ValueError(f"{name} contains None or NaN (a missing value, {quoted(values[i])}, "
                         f"first "
                         f"at index {i}); labels must be defined")
    if all(isinstance(v, str) for v in values):
        return arr.astype(str)
    if any(isinstance(v, str) for v in values):
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
    dtype = np.result_type(*arrays)
    if dtype.kind != "f":
        return list(arrays)
    wide = [a for a in arrays if a.dtype.kind in "iu" and a.dtype.itemsize == 8 and a.size]
    if not wide or -2**53 <= min(int(a.min()) for a in wide) and max(int(a.max()) for a in wide) <= 2**53:
        return list(arrays)  # float64 holds every integer exactly
    lo = min(int(a.min()) for a in arrays if a.size)
    hi = max(int(a.max()) for a in arrays if a.size)
    dtype = integer_dtype(lo, hi, f"{names} hold labels that cannot be compared exactly:")
    return [a.astype(dtype) for a in arrays]


def _is_missing(value: Any) -> bool:
    """None, NaN, or a missing-value marker such as pandas' ``pd.NA`` (unequal to itself,
    or without a truth value)."""
    if value is None:
        return True
    if isinstance(value, str):
        return False
    try:
        return bool(value != value)
    except (TypeError, ValueError):  # pd.NA != pd.NA is pd.NA, whose bool() raises
        return True


def classes_of(labels: Any, name: str = "labels") -> np.ndarray:
    """Return an explicit ``labels`` argument as a 1-D array of distinct labels."""
    classes = as_labels(labels, name)
    if len(np.unique(classes)) != len(classes):
        raise ValueError(f"{name} must not repeat a label, got [{quoted_list(classes.tolist())}]")
    return classes


def encode(y: np.ndarray, classes: np.ndarray, name: str) -> np.ndarray:
    """Return ``index`` with ``classes[index[i]] == y[i]``; a label not in classes is an error."""
    y, classes = common_labels(y, classes, names=f"{name} and labels")
    order = np.argsort(classes, kind="stable")
    ordered = classes[order]
    try:
        pos = np.searchsorted(ordered, y)
        pos = np.minimum(pos, len(ordered) - 1)
        found = ordered[pos] == y
    except TypeError:  # e.g. string labels against numeric classes
        found = np.zeros(len(y), dtype=bool)
        pos = np.zeros(len(y), dtype=np.intp)
    if not np.all(found):
        missing = sorted({str(v) for v in np.asarray(y)[~np.asarray(found, dtype=bool)]})[:5]
        raise ValueError(f"{name} contains labels not in labels: {', '.join(missing)}")
    return order[pos]

