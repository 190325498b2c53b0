"""Threshold sweep of a scored binary classifier: ROC, PR, DET, AUC, KS.

One sweep serves every curve: ``_sweep`` turns (labels, scores, weights) into the distinct
thresholds (descending) with the cumulative weighted counts of negatives (``fps``) and
positives (``tps``) scoring at or above each; every curve is a thin view on it (as
scikit-learn's ``_binary_clf_curve``). The kernels never sort by index: they split the
scores by class, sort each part with NumPy and merge the two sorted parts in one pass.
"""

from __future__ import annotations

import numbers
from typing import Any, NamedTuple

import numpy as np

from . import _backend
from ._validation import as_scores, check_same_length, check_sample_weight

__all__: list[str] = []


class Sweep(NamedTuple):
    """Cumulative counts over the distinct thresholds of a score vector.

    ``fps[i]`` / ``tps[i]``: (weighted) negatives / positives with ``score >= thresholds[i]``
    (float64); ``thresholds``: the distinct scores, strictly decreasing, in the dtype of the
    validated scores (float32 or float64).
    """

    fps: np.ndarray
    tps: np.ndarray
    thresholds: np.ndarray


# ---------------------------------------------------------------------------------------
# labels


def _as_label_array(y_true: Any, name: str = "y_true") -> np.ndarray:
    if y_true is None:
        raise TypeError(f"{name} is None; expected a 1-D array-like of labels")
    if isinstance(y_true, (str, bytes)) or np.isscalar(y_true):
        raise TypeError(f"{name} must be a 1-D array-like, got a scalar {type(y_true).__name__}")
    if hasattr(y_true, "to_numpy") and not isinstance(y_true, np.ndarray):  # pandas
        y_true = y_true.to_numpy()
    try:
        y = np.asarray(y_true)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{name} could not be read as a 1-D array: {exc}") from None
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
            raise ValueError(f"{name} contains {y[i]} (first at index {i}); labels must be finite")
        if (y != np.round(y)).any():  # scikit-learn's "continuous" target
            raise ValueError(
                f"{name} has non-integer float values (continuous format is not supported); "
                "expected class labels"
            )
    return y


def _classes_repr(y: np.ndarray) -> str:
    try:
        classes = np.unique(y)
    except TypeError:
        classes = np.array(sorted(set(y.tolist()), key=repr), dtype=object)
    return ", ".join(repr(c) for c in classes.tolist())


def _default_pos_label_ok(y: np.ndarray) -> bool:
    """True when y's classes are a subset of {0, 1} or of {-1, 1} (scikit-learn's rule)."""
    if y.dtype.kind == "b":
        return True
    if y.dtype.kind not in "iuf":
        return False
    lo, hi = y.min(), y.max()
    if lo >= 0 and hi <= 1:  # values are integral (checked), so {0}, {1} or {0, 1}
        return True
    return lo == -1 and hi <= 1 and (hi == -1 or not (y == 0).any())


def _check_pos_label(y: np.ndarray, pos_label: Any, name: str) -> Any:
    """scikit-learn's ``_check_pos_label_consistency`` plus its ``type_of_target`` check:
    return the positive label (1 by default) or raise."""
    if pos_label is not None:
        return pos_label
    if not _default_pos_label_ok(y):
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


def _label_codes(y_true: Any, pos_label: Any = None, name: str = "y_true"):
    """Return (codes, pos_code): an integer array (a view of the input when its dtype is an
    integer or bool type in native byte order) and the value of its positive class.

    The kernels test ``codes[i] == pos_code``; labels of any other kind become a uint8 view
    of the boolean ``y_true == pos_label``.
    """
    y = _as_label_array(y_true, name)
    pos_label = _check_pos_label(y, pos_label, name)
    kind = y.dtype.kind
    if kind == "b":
        if isinstance(pos_label, (bool, np.bool_, numbers.Integral)) and pos_label in (0, 1):
            return y.view(np.uint8), np.uint8(bool(pos_label))
    elif kind in "iu" and isinstance(pos_label, numbers.Number) and not isinstance(
        pos_label, (bool, np.bool_)
    ):
        info = np.iinfo(y.dtype)
        if pos_label == int(pos_label) and info.min <= int(pos_label) <= info.max:
            if not y.dtype.isnative:
                y = y.astype(y.dtype.newbyteorder("="))
            return y, y.dtype.type(int(pos_label))
    with np.errstate(all="ignore"):
        is_pos = np.asarray(y == pos_label)
    if is_pos.shape != y.shape:  # comparisons numpy could not broadcast
        is_pos = np.array([v == pos_label for v in y.tolist()], dtype=bool)
    return is_pos.view(np.uint8), np.uint8(1)


def _binary_target(y_true: Any, pos_label: Any = None, name: str = "y_true") -> np.ndarray:
    """Validate ``y_true`` and return the boolean vector ``y_true == pos_label``.

    Labels in {0, 1}, {-1, 1} or bool need no ``pos_label`` (1 / True is positive); any other
    labels (strings, {1, 2}, ...) need it, exactly as scikit-learn's curve functions.
    More than two classes with ``pos_label`` given: that class against the rest.
    """
    codes, pos_code = _label_codes(y_true, pos_label, name)
    return codes == pos_code


# ---------------------------------------------------------------------------------------
# the sweep


def _validate_binary(y_true, y_score, pos_label, sample_weight):
    """Validated (codes, pos_code, scores, weights or None)."""
    codes, pos_code = _label_codes(y_true, pos_label)
    scores = as_scores(y_score)
    n = check_same_length(y_true=codes, y_score=scores)
    weights = check_sample_weight(sample_weight, n)
    return codes, pos_code, scores, weights


def _split_sorted(codes, pos_code, scores, weights):
    """Scores (and weights) split by class, each part sorted ascending."""
    k = _backend.kernels
    if weights is None:
        neg, pos = k.split_scores(codes, pos_code, scores)
        neg.sort()
        pos.sort()
        return neg, None, pos, None
    neg, neg_w, pos, pos_w = k.split_scores_weighted(codes, pos_code, scores, weights)
    if len(neg) + len(pos) == 0:
        raise ValueError("sample_weight is zero for every sample; nothing to score")
    order = np.argsort(neg, kind="stable")
    neg, neg_w = neg[order], neg_w[order]
    order = np.argsort(pos, kind="stable")
    pos, pos_w = pos[order], pos_w[order]
    return neg, neg_w, pos, pos_w


def _sweep_validated(codes, pos_code, scores, weights) -> Sweep:
    neg, neg_w, pos, pos_w = _split_sorted(codes, pos_code, scores, weights)
    if weights is None:
        return Sweep(*_backend.kernels.sweep_merge(neg, pos))
    return Sweep(*_backend.kernels.sweep_merge_weighted(neg, neg_w, pos, pos_w))


def _sweep(y_true, y_score, *, pos_label=None, sample_weight=None) -> Sweep:
    """Distinct thresholds (descending) with cumulative (weighted) false/true positives.

    The counterpart of scikit-learn's ``_binary_clf_curve`` (same validation and errors;
    zero-weight samples are dropped first, as there). ``fps[i]``/``tps[i]`` are the weights
    of negatives/positives with ``score >= thresholds[i]``; ``fps[-1]``/``tps[-1]`` are the
    class totals.
    """
    return _sweep_validated(*_validate_binary(y_true, y_score, pos_label, sample_weight))
