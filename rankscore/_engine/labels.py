"""Class labels of any kind (numbers, strings, bools) as validated arrays and integer codes.

Private helpers of the label metrics (metrics, multiclass, information): ``as_labels`` reads
a 1-D label vector, ``encode`` turns it into indices into a list of classes (sorted
unique values, or an explicit ``labels`` order). Two-class problems: the positive class
and the integer codes the kernels compare (``label_codes``, ``pos_label_of`` …) are decided
here, for the curves, the point metrics and the uncertainty functions alike. The readers
that every input check shares (``as_label_array``, ``from_objects``, ``common_labels``,
``kernel_integers``) live in ``validate`` and are handed on from here.
"""

from __future__ import annotations

import numbers
from typing import Any, cast

import numpy as np

from .validate import (as_1d, as_label_array, common_labels, from_objects, is_finite,
                       kernel_integers, quoted, quoted_list, read_array, text_label,
                       text_labels)

__all__ = ["as_labels", "classes_of", "common_labels", "encode", "as_label_array",
           "default_pos_label_ok", "check_pos_label", "label_codes", "binary_target",
           "is_string", "distinct_labels", "pos_label_of", "positive_mask", "integer_codes",
           "check_label_range", "kernel_integers", "check_one_label"]


def as_labels(x: Any, name: str) -> np.ndarray:
    """Return ``x`` as a non-empty 1-D array of labels: integers, bools, integral floats or
    strings (bytes read as UTF-8 text, so that they compare with str labels).

    An object array (e.g. a pandas object column) becomes strings when every value is a
    string and floats when every value is a number; a mix of the two is an error.
    """
    arr = read_array(x, name, "a 1-D array")
    if arr.ndim == 2 and arr.shape[1] == 1:  # a column vector, read as 1-D (scikit-learn's
        arr = arr[:, 0]                      # column_or_1d)
    if arr.dtype == object:
        arr = from_objects(arr, name)
    elif arr.dtype.kind == "S":
        arr = text_labels(arr, name)
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
        missing = np.unique(np.asarray(y)[~np.asarray(found, dtype=bool)]).tolist()
        raise ValueError(f"{name} contains values {{{quoted_list(missing)}}} not belonging to "
                         f"the passed labels [{quoted_list(classes.tolist())}].")
    return order[pos]


# ---------------------------------------------------------------------------------------
# two classes: the positive class and the codes the kernels read
#
# One rule (scikit-learn's): without ``pos_label``, labels within {0, 1} or {-1, 1} (or
# bools) have the positive class 1 / True; any other labels need ``pos_label``. The curve
# functions word the error as scikit-learn's curve functions do (check_pos_label), the
# point metrics name the classes found (pos_label_of); both use default_pos_label_ok.


def _within_default(y: np.ndarray, lo: Any, hi: Any) -> bool:
    """Whether integral labels ``y`` from ``lo`` to ``hi`` lie within {0, 1} or {-1, 1}."""
    if lo >= 0 and hi <= 1:  # values are integral (checked), so {0}, {1} or {0, 1}
        return True
    return lo == -1 and hi <= 1 and (hi == -1 or not (y == 0).any())  # ⊂ {-1, 1}


def _classes_repr(y: np.ndarray) -> str:
    try:
        classes = np.unique(y)
    except TypeError:
        classes = np.array(sorted(set(y.tolist()), key=repr), dtype=object)
    return quoted_list(classes.tolist())


def default_pos_label_ok(y: np.ndarray) -> bool:
    """True when y's classes are a subset of {0, 1} or of {-1, 1} (scikit-learn's rule)."""
    if y.dtype.kind == "b":
        return True
    if y.dtype.kind not in "iuf":
        return False
    return _within_default(y, y.min(), y.max())


def check_one_label(label: Any, name: str = "pos_label") -> Any:
    """``label`` when it is one label (a number, bool, string or bytes, NumPy scalars
    included; bytes as the str they encode, as bytes labels are read) or None; a set, list,
    tuple, array or other object is a TypeError (``y == {1}`` would match nothing, and ``y
    == [1]`` would broadcast)."""
    if label is None or isinstance(label, (str, bytes, numbers.Number, np.generic)):
        return text_label(label, name)
    raise TypeError(f"{name} must be one label (a number, bool or string), got "
                    f"{type(label).__name__} {quoted(label)}")


def check_pos_label(y: np.ndarray, pos_label: Any, name: str) -> Any:
    """scikit-learn's ``_check_pos_label_consistency`` plus its ``type_of_target`` check:
    return the positive label (1 by default) or raise."""
    if pos_label is not None:
        return check_one_label(pos_label)
    if y.dtype.kind == "S":
        raise TypeError("Support for labels represented as bytes is not supported. Convert "
                        f"the labels to a string or integer format, or pass pos_label "
                        f"({name} takes value in {{{_classes_repr(y)}}}).")
    if not default_pos_label_ok(y):
        if y.dtype.kind in "biuf" and len(np.unique(y)) > 2:
            raise ValueError(
                f"multiclass format is not supported: {name} takes values in "
                f"{{{_classes_repr(y)}}}; pass pos_label to score one class against the rest"
            )
        raise ValueError(
            f"{name} takes value in {{{_classes_repr(y)}}} and pos_label is not specified: "
            "either make y_true take value in {0, 1} or {-1, 1} or pass pos_label explicitly."
        )
    return 1


def label_codes(
    y_true: Any, pos_label: Any = None, name: str = "y_true"
) -> tuple[np.ndarray, Any]:
    """Return (codes, pos_code): an integer array (a view of the input when its dtype is an
    integer or bool type in native byte order) and the value of its positive class.

    The kernels test ``codes[i] == pos_code``; labels of any other kind become a uint8 view
    of the boolean ``y_true == pos_label``.
    """
    y = as_label_array(y_true, name, decode=False)
    pos_label = check_pos_label(y, pos_label, name)  # (bytes without it: an error)
    y = text_labels(y, name)
    kind = y.dtype.kind
    if kind == "b":
        if isinstance(pos_label, (bool, np.bool_, numbers.Integral)) and pos_label in (0, 1):
            return y.view(np.uint8), np.uint8(bool(pos_label))
    elif kind in "iu" and isinstance(pos_label, numbers.Real) and not isinstance(
        pos_label, (bool, np.bool_)
    ) and is_finite(pos_label):  # int(nan) and int(inf) raise
        info = np.iinfo(y.dtype)
        code = int(cast(Any, pos_label))  # numbers.Real does not promise __int__
        if pos_label == code and info.min <= code <= info.max:
            codes = kernel_integers(y)
            if codes is not None:
                return codes, codes.dtype.type(code)
    with np.errstate(all="ignore"):
        is_pos = np.asarray(y == pos_label)
    if is_pos.shape != y.shape:  # comparisons numpy could not broadcast
        is_pos = np.array([v == pos_label for v in y.tolist()], dtype=bool)
    return is_pos.view(np.uint8), np.uint8(1)


def binary_target(y_true: Any, pos_label: Any = None, name: str = "y_true") -> np.ndarray:
    """Validate ``y_true`` and return the boolean vector ``y_true == pos_label``.

    Labels in {0, 1}, {-1, 1} or bool need no ``pos_label`` (1 / True is positive); any other
    labels (strings, {1, 2}, ...) need it, exactly as scikit-learn's curve functions.
    More than two classes with ``pos_label`` given: that class against the rest.
    """
    codes, pos_code = label_codes(y_true, pos_label, name)
    is_pos: np.ndarray = codes == pos_code
    return is_pos


def is_string(arr: np.ndarray) -> bool:
    return arr.dtype.kind in "US"


def distinct_labels(arr: np.ndarray) -> np.ndarray:
    """Sorted distinct values; a one-pass min/max path for two-valued numeric arrays."""
    if arr.dtype.kind in "iuf" and len(arr):
        lo, hi = arr.min(), arr.max()
        if lo == hi:
            return np.array([lo])
        if np.count_nonzero(arr == lo) + np.count_nonzero(arr == hi) == len(arr):
            return np.array([lo, hi])
    if arr.dtype.kind == "b":
        return np.unique(arr[:1]) if arr.all() or not arr.any() else np.array([False, True])
    return np.unique(arr)


def pos_label_of(classes: np.ndarray, pos_label: Any, name: str) -> Any:
    """The positive label. scikit-learn's rule: ``pos_label`` is needed unless the labels
    are a subset of {0, 1} or {-1, 1}; with it, that class against the rest (as the curve
    functions); a ``pos_label`` absent from two or more classes is an error (a typo)."""
    values = classes.tolist()
    shown = f"[{quoted_list(values)}]"
    pos_label = check_one_label(pos_label)
    if pos_label is None:
        if default_pos_label_ok(classes):
            return 1
        if len(values) > 2:
            raise ValueError(
                f"{name} has {len(values)} classes {shown}; pass pos_label= to score one"
                " class against the rest (or use confusion_matrix for all of them)"
            )
        raise ValueError(
            f"{name} takes the values {shown}; pass pos_label= to say which one is positive"
        )
    if isinstance(pos_label, (str, bytes)) != is_string(classes):  # bytes as str
        raise ValueError(f"pos_label={quoted(pos_label)} is not of the type of {name}'s "
                         f"labels {shown}")
    if len(values) >= 2 and pos_label not in values:
        raise ValueError(f"pos_label={quoted(pos_label)} is not a label of {name}: {shown}")
    return pos_label


def positive_mask(y: np.ndarray, pos: Any) -> np.ndarray:
    if y.dtype.kind == "b" and pos in (1, True):
        return y
    mask: np.ndarray = y == pos
    return mask


def integer_codes(y: np.ndarray, pos_label: Any) -> tuple[np.ndarray | None, Any]:
    """Integer/bool labels as they are (bools viewed as uint8) and the positive code, or
    ``(None, None)`` when the labels or ``pos_label`` need the general path."""
    kind = y.dtype.kind
    if kind not in "biu" or not y.dtype.isnative:
        return None, None
    if pos_label is None:
        pos_label = 1
    elif isinstance(pos_label, (str, bytes)) or \
            not isinstance(pos_label, (numbers.Real, np.bool_)):
        return None, None
    elif not is_finite(cast(numbers.Real, pos_label)):  # int(nan) and int(inf) raise
        return None, None
    if kind == "b":
        return (y.view(np.uint8), np.uint8(pos_label)) if pos_label in (0, 1) else (None, None)
    info = np.iinfo(y.dtype)
    code = int(cast(Any, pos_label))
    if pos_label != code or not info.min <= code <= info.max:
        return None, None
    codes = kernel_integers(y)
    return (None, None) if codes is None else (codes, codes.dtype.type(code))


def check_label_range(y: np.ndarray, pos_label: Any, lo: Any, hi: Any, *,
                      any_positive: bool) -> None:
    """The label checks of ``pos_label_of`` from the smallest and largest integer label."""
    if pos_label is None:
        if _within_default(y, lo, hi):
            return
    elif any_positive or lo == hi:
        return
    pos_label_of(distinct_labels(y), pos_label, "y_true")  # raises the message
