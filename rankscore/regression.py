"""Regression metrics: SSE, MSE, RMSE, MAE and R² (:ref:`def-regression`).

``mean_squared_error``, ``root_mean_squared_error``, ``mean_absolute_error`` and
``r2_score`` follow scikit-learn 1.9 (same signatures, ``sample_weight``, ``multioutput``,
``force_finite``) and give the same numbers (float32 targets with ``sample_weight``: the
weights stay float64 here, scikit-learn rounds them to float32, so the last float32 digits
may differ). ``half_sum_squared_error`` keeps the factor ½ of the least-squares loss:
``SSE = ½ Σ (t − ŷ)²``. Inputs are validated here (shapes, NaN/inf, lengths, weights) and
every failure is a ``ValueError``/``TypeError`` naming the argument. Pure NumPy: these are
one pass over the data, not sweep kernels.
"""

from __future__ import annotations

from typing import Any, Union

import numpy as np

from ._docstrings import fill_doc
from ._engine.scaling import rescaled
from ._engine.validate import (as_array, check_finite, check_flag, check_same_length,
                          check_sample_weight, quoted)
from .exceptions import warn_undefined_metric

__all__ = [
    "half_sum_squared_error",
    "mean_squared_error",
    "root_mean_squared_error",
    "mean_absolute_error",
    "r2_score",
]

MultiOutput = Union[str, Any]

_AVERAGES = ("raw_values", "uniform_average")
_R2_AVERAGES = ("raw_values", "uniform_average", "variance_weighted")

# parameters and return values the metrics here describe alike (filled in by fill_doc)
_TARGETS = """
y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_outputs)
    Targets and predictions (finite real numbers; bools count as 0 and 1).
"""
_MEAN_WEIGHTS = """
sample_weight : array-like of shape (n_samples,), optional
    Non-negative weights with a positive sum.
"""
_MEAN_OUTPUTS = """
multioutput : {"raw_values", "uniform_average"} or array-like of shape (n_outputs,)
    One value per output, or their uniform / weighted mean.
"""
_PER_OUTPUT = """
Returns
-------
float or ndarray of shape (n_outputs,)
"""


def _as_targets(x: Any, name: str) -> np.ndarray:
    """Return ``x`` as a finite float 2-D array ``(n_samples, n_outputs)``."""
    arr = as_array(x, name)
    if arr.dtype.kind not in "biuf":  # bools count as 0/1 (MSE of 0/1 targets = Brier score)
        raise TypeError(f"{name} must hold real numbers, got dtype {arr.dtype}")
    if arr.ndim not in (1, 2):
        raise ValueError(f"{name} must be 1-D or 2-D (samples × outputs), got shape {arr.shape}")
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty")
    if arr.ndim == 2 and arr.shape[1] == 0:
        raise ValueError(f"{name} has no outputs (shape {arr.shape})")
    if arr.dtype.kind != "f" or arr.dtype.type not in (np.float32, np.float64):
        arr = arr.astype(np.float64)
    check_finite(arr, name)
    return arr.reshape(len(arr), -1)


def _check_targets(
    y_true: Any, y_pred: Any, sample_weight: Any, multioutput: Any, allowed: tuple[str, ...],
    relative: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, Any]:
    """Validate a regression task: 2-D ``y_true``/``y_pred``, weights, output weights.
    ``relative``: the result is a ratio of weighted sums, so the weights are rescaled
    (exactly; weights far from 1 no longer under- or overflow in their products)."""
    t = _as_targets(y_true, "y_true")
    p = _as_targets(y_pred, "y_pred")
    n = check_same_length(y_true=t, y_pred=p)
    if t.shape[1] != p.shape[1]:
        raise ValueError(
            f"y_true and y_pred have different numbers of outputs ({t.shape[1]} != {p.shape[1]})"
        )
    if t.dtype != p.dtype:  # float32 only when both are float32, as scikit-learn does
        t, p = t.astype(np.float64), p.astype(np.float64)
    w = check_sample_weight(sample_weight, n)
    if w is not None:
        total = float(w.sum())
        if not total > 0:
            raise ValueError("sample_weight sums to zero; the weighted mean is undefined")
        if relative:
            w = rescaled(w, total)
    n_outputs = t.shape[1]
    if isinstance(multioutput, str):
        if multioutput not in allowed:
            raise ValueError(f"multioutput must be one of {allowed} or an array of output "
                             f"weights, got {quoted(multioutput)}")
    elif multioutput is None:
        raise TypeError(f"multioutput must be one of {allowed} or an array of output weights")
    else:
        mw = np.asarray(multioutput)
        if mw.ndim != 1 or mw.dtype.kind not in "iuf":
            raise ValueError(f"multioutput weights must be a 1-D array of numbers, "
                             f"got {quoted(multioutput)}")
        if n_outputs == 1:
            raise ValueError("multioutput weights are useful only with several outputs; "
                             "y_true has one")
        if len(mw) != n_outputs:
            raise ValueError(f"multioutput has {len(mw)} weights for {n_outputs} outputs")
        mw = mw.astype(np.float64)
        check_finite(mw, "multioutput")
        if (mw < 0).any() or not mw.sum() > 0:
            raise ValueError("multioutput weights must be non-negative with a positive sum")
        multioutput = mw
    return t, p, w, multioutput


def _combine(per_output: np.ndarray, multioutput: Any) -> float | np.ndarray:
    """Return the per-output values (``raw_values``) or their (weighted) mean as a float."""
    if isinstance(multioutput, str):
        if multioutput == "raw_values":
            return per_output
        return float(np.average(per_output))
    return float(np.average(per_output, weights=multioutput))


@fill_doc(targets=_TARGETS, returns=_PER_OUTPUT)
def half_sum_squared_error(
    y_true: Any,
    y_pred: Any,
    *,
    sample_weight: Any = None,
    multioutput: MultiOutput = "uniform_average",
) -> float | np.ndarray:
    """Sum of squared errors with the least-squares factor ½: ``½ Σ w (t − ŷ)²``.

    Parameters
    ----------
    {targets}
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights ``w`` (default 1 each).
    multioutput : {"raw_values", "uniform_average"} or array-like of shape (n_outputs,)
        ``"raw_values"`` returns one SSE per output; otherwise the outputs' SSEs are
        averaged (uniformly or with the given weights).

    {returns}

    See Also
    --------
    mean_squared_error : ``Σ w (t − ŷ)² / Σ w`` (no ½).
    r2_score : ``1 − SSE / SST``; the ½ cancels.

    Notes
    -----
    ``SSE = ½ Σ_i w_i (t_i − ŷ_i)²`` (:ref:`def-regression`). The factor ½ is kept on
    purpose (it makes the derivative of the loss ``ŷ − t``); many texts and libraries define
    SSE without it, so ``half_sum_squared_error(...) * 2`` is the plain sum of squared
    residuals.

    Examples
    --------
    >>> from rankscore.regression import half_sum_squared_error
    >>> half_sum_squared_error([3, -0.5, 2, 7], [2.5, 0.0, 2, 8])
    0.75
    """
    t, p, w, multioutput = _check_targets(y_true, y_pred, sample_weight, multioutput, _AVERAGES,
                                          relative=False)  # a sum: the weights' own scale
    squared = (t - p) ** 2
    per_output = 0.5 * (squared.sum(axis=0) if w is None else w @ squared)
    return _combine(per_output, multioutput)


@fill_doc(targets=_TARGETS, sample_weight=_MEAN_WEIGHTS, multioutput=_MEAN_OUTPUTS,
          returns=_PER_OUTPUT)
def mean_squared_error(
    y_true: Any,
    y_pred: Any,
    *,
    sample_weight: Any = None,
    multioutput: MultiOutput = "uniform_average",
) -> float | np.ndarray:
    """Mean squared error ``Σ w (t − ŷ)² / Σ w``, as scikit-learn computes it.

    Parameters
    ----------
    {targets}
    {sample_weight}
    {multioutput}

    {returns}

    See Also
    --------
    root_mean_squared_error, mean_absolute_error, half_sum_squared_error

    Notes
    -----
    ``MSE = Σ_i w_i (t_i − ŷ_i)² / Σ_i w_i`` per output (:ref:`def-regression` with ``w =
    1``). Same arguments and results as ``sklearn.metrics.mean_squared_error``; a
    ``sample_weight`` that sums to zero is a ``ValueError`` here (scikit-learn raises
    ``ZeroDivisionError``).

    Examples
    --------
    >>> from rankscore import mean_squared_error
    >>> mean_squared_error([3, -0.5, 2, 7], [2.5, 0.0, 2, 8])
    0.375
    >>> mean_squared_error([[0.5, 1], [-1, 1], [7, -6]], [[0, 2], [-1, 2], [8, -5]],
    ...                    multioutput="raw_values")
    array([0.41666667, 1.        ])
    """
    t, p, w, multioutput = _check_targets(y_true, y_pred, sample_weight, multioutput, _AVERAGES)
    per_output = np.average((t - p) ** 2, axis=0, weights=w)
    return _combine(per_output, multioutput)


@fill_doc(targets=_TARGETS, sample_weight=_MEAN_WEIGHTS, returns=_PER_OUTPUT)
def root_mean_squared_error(
    y_true: Any,
    y_pred: Any,
    *,
    sample_weight: Any = None,
    multioutput: MultiOutput = "uniform_average",
) -> float | np.ndarray:
    """Root mean squared error ``sqrt(MSE)`` per output, as scikit-learn computes it.

    Parameters
    ----------
    {targets}
    {sample_weight}
    multioutput : {"raw_values", "uniform_average"} or array-like of shape (n_outputs,)
        One value per output, or the uniform / weighted mean of the per-output RMSEs.

    {returns}

    See Also
    --------
    mean_squared_error

    Notes
    -----
    ``RMSE = sqrt(Σ w (t − ŷ)² / Σ w)`` for each output; several outputs are averaged
    *after* the square root (scikit-learn's ``root_mean_squared_error``).

    Examples
    --------
    >>> from rankscore import root_mean_squared_error
    >>> root_mean_squared_error([3, -0.5, 2, 7], [2.5, 0.0, 2, 8])
    0.6123724356957945
    """
    t, p, w, multioutput = _check_targets(y_true, y_pred, sample_weight, multioutput, _AVERAGES)
    per_output = np.sqrt(np.average((t - p) ** 2, axis=0, weights=w))
    return _combine(per_output, multioutput)


@fill_doc(targets=_TARGETS, sample_weight=_MEAN_WEIGHTS, multioutput=_MEAN_OUTPUTS,
          returns=_PER_OUTPUT)
def mean_absolute_error(
    y_true: Any,
    y_pred: Any,
    *,
    sample_weight: Any = None,
    multioutput: MultiOutput = "uniform_average",
) -> float | np.ndarray:
    """Mean absolute error ``Σ w |t − ŷ| / Σ w``, as scikit-learn computes it.

    Parameters
    ----------
    {targets}
    {sample_weight}
    {multioutput}

    {returns}

    See Also
    --------
    mean_squared_error

    Notes
    -----
    ``MAE = Σ_i w_i |t_i − ŷ_i| / Σ_i w_i`` per output (:ref:`def-regression` with
    ``w = 1``).

    Examples
    --------
    >>> from rankscore import mean_absolute_error
    >>> mean_absolute_error([3, -0.5, 2, 7], [2.5, 0.0, 2, 8])
    0.5
    """
    t, p, w, multioutput = _check_targets(y_true, y_pred, sample_weight, multioutput, _AVERAGES)
    per_output = np.average(np.abs(p - t), axis=0, weights=w)
    return _combine(per_output, multioutput)


@fill_doc(targets=_TARGETS, sample_weight=_MEAN_WEIGHTS)
def r2_score(
    y_true: Any,
    y_pred: Any,
    *,
    sample_weight: Any = None,
    multioutput: MultiOutput = "uniform_average",
    force_finite: bool = True,
) -> float | np.ndarray:
    """Coefficient of determination ``R² = 1 − SSE / SST``, as scikit-learn computes it.

    Parameters
    ----------
    {targets}
    {sample_weight}
    multioutput : {"raw_values", "uniform_average", "variance_weighted"} or array-like
        One R² per output, their uniform mean, their mean weighted by each output's
        ``SST`` (``"variance_weighted"``), or weighted by the given array.
    force_finite : bool, default True
        For a constant ``y_true`` (``SST = 0``) the formula gives NaN (perfect
        predictions) or ``-inf``; with ``force_finite`` these become 1.0 and 0.0.

    Returns
    -------
    float or ndarray of shape (n_outputs,)
        NaN, with an ``UndefinedMetricWarning``, when there are fewer than two samples.

    See Also
    --------
    half_sum_squared_error, mean_squared_error

    Notes
    -----
    ``R² = 1 − SSE / SST`` with ``SSE = ½ Σ w (t − ŷ)²`` and ``SST = ½ Σ w (t − t̄)²``
    (``t̄`` the weighted mean of ``y_true``). The ½ appears in both and cancels,
    so this is exactly scikit-learn's ``r2_score`` (same arguments and results).

    Examples
    --------
    >>> from rankscore import r2_score
    >>> round(r2_score([3, -0.5, 2, 7], [2.5, 0.0, 2, 8]), 4)
    0.9486
    >>> r2_score([1, 1, 1], [1, 1, 2]), r2_score([1, 1, 1], [1, 1, 2], force_finite=False)
    (0.0, -inf)
    """
    t, p, w, multioutput = _check_targets(y_true, y_pred, sample_weight, multioutput,
                                          _R2_AVERAGES)
    check_flag(force_finite, "force_finite")
    if len(t) < 2:
        warn_undefined_metric("R^2 score is not well-defined with less than two samples.")
        return float("nan")
    weight = 1.0 if w is None else w[:, None]
    numerator = np.sum(weight * (t - p) ** 2, axis=0)  # 2 SSE per output
    denominator = np.sum(weight * (t - np.average(t, axis=0, weights=w)) ** 2, axis=0)  # 2 SST
    nonzero_denominator = denominator != 0
    if not force_finite:
        with np.errstate(divide="ignore", invalid="ignore"):
            scores = 1 - numerator / denominator
    else:
        nonzero_numerator = numerator != 0
        scores = np.ones(t.shape[1], dtype=numerator.dtype)  # perfect, even if SST = 0
        valid = nonzero_numerator & nonzero_denominator
        scores[valid] = 1 - numerator[valid] / denominator[valid]
        scores[nonzero_numerator & ~nonzero_denominator] = 0.0
    if isinstance(multioutput, str) and multioutput == "variance_weighted":
        # all outputs constant: equal weights instead of 0/0, as scikit-learn does
        multioutput = denominator if nonzero_denominator.any() else "uniform_average"
    return _combine(scores, multioutput)


def __getattr__(name: str) -> Any:
    """``sse``, the name of :func:`half_sum_squared_error` in rankscore 0.1, with a
    DeprecationWarning."""
    if name == "sse":
        import warnings

        warnings.warn(
            "rankscore.regression.sse is now rankscore.regression.half_sum_squared_error; the "
            "old name will be removed in a future release",
            DeprecationWarning,
            stacklevel=2,
        )
        return half_sum_squared_error
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
