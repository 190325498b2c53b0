"""Threshold sweep of a scored binary classifier: ROC, PR, DET, AUC, KS.

The public functions. Each validates its input and reads its result from the sweep
engine in ``rankscore._engine`` (one sort or count of the scores per class, merged in
one pass; every curve a view of the sweep).
"""

from __future__ import annotations

from typing import Callable, Literal, TypeVar, overload

import numpy as np
from numpy.typing import ArrayLike

from . import _backend
from ._docstrings import fill_doc
from ._engine.areas import auc_columns, average_precision, ks_of_problem, roc_auc
from ._engine.arrays import Curve, FloatArray, Label, ScoreArray
from ._engine.parts import binary_problem
from ._engine.results import KSCurve, KSResult
from ._engine.sweep import (Sweep, cumulative, pr_points, scan, summary_arrays, sweep_of_problem,
                            sweep_or_parts)
from ._engine.validate import as_1d, check_finite, check_flag, check_same_length, to_float
from ._engine.views import det_view, ks_curve_view, pr_auc_view, pr_view, roc_view, trapezoid

__all__ = [
    "KSResult",
    "KSCurve",
    "roc_curve",
    "precision_recall_curve",
    "det_curve",
    "auc",
    "roc_auc_score",
    "roc_auc_columns",
    "gini_score",
    "average_precision_score",
    "pr_auc_score",
    "ks_statistic",
    "ks_curve",
]

# ---------------------------------------------------------------------------------------
# curves

# the parameters after y_true of precision_recall_curve and det_curve (filled in by fill_doc)
_SCORES_AND_WEIGHTS = """
y_score : array-like of shape (n_samples,)
    Scores; higher means more likely positive.
pos_label : int, float, bool or str, default=None
    The positive class.
sample_weight : array-like of shape (n_samples,), default=None
    Non-negative weights.
"""

T = TypeVar("T")


def _swept_curve(y_true: ArrayLike, y_score: ArrayLike, pos_label: Label | None,
                 sample_weight: ArrayLike | None, drop_intermediate: bool,
                 from_parts: Callable[[np.ndarray, np.ndarray, bool], T],
                 from_sweep: Callable[[Sweep, bool], T]) -> T:
    """A curve's arrays written in one pass from the sorted class parts (``from_parts``)
    when :func:`sweep_or_parts` gives them, else read from the sweep (``from_sweep``)."""
    drop_intermediate = check_flag(drop_intermediate, "drop_intermediate")
    sweep, parts = sweep_or_parts(binary_problem(y_true, y_score, pos_label, sample_weight))
    if parts is not None:
        return from_parts(*parts, drop_intermediate)
    assert sweep is not None
    return from_sweep(sweep, drop_intermediate)


def roc_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Label | None = None,
    sample_weight: ArrayLike | None = None,
    drop_intermediate: bool = True,
) -> Curve:
    """Receiver operating characteristic: FPR and TPR at every distinct threshold.

    Same signature, defaults, results and warnings as ``sklearn.metrics.roc_curve``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: {0, 1}, {-1, 1} or bool need no ``pos_label``; any other labels need it.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive. Finite float32/float64 read without copy;
        integers become float64 and must be exact there (64-bit integers beyond 2**53, such
        as nanosecond timestamps, are an error rather than rounded into ties; this holds
        for every function that takes scores).
    pos_label : int, float, bool or str, default=None
        The positive class (1 when ``y_true`` is {0, 1}, {-1, 1} or bool).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights; zero-weight samples are dropped before the sweep.
    drop_intermediate : bool, default=True
        Drop points collinear with their neighbours (the curve and its area are unchanged).

    Returns
    -------
    fpr : ndarray of shape (>2,)
        Increasing false positive rates; ``fpr[i]`` is the FPR of ``score >= thresholds[i]``.
    tpr : ndarray of shape (>2,)
        Increasing true positive rates.
    thresholds : ndarray of shape (n_thresholds,)
        Decreasing thresholds (float64); ``thresholds[0] = inf`` gives the point (0, 0).

    See Also
    --------
    roc_auc_score : Area under this curve, computed without building it.
    det_curve, precision_recall_curve : Other views of the same sweep.

    Notes
    -----
    With ``fp(t)`` and ``tp(t)`` the (weighted) negatives and positives scoring ``>= t``:
    ``fpr = fp(t) / fp(-inf)`` and ``tpr = tp(t) / tp(-inf)``. Without negatives (positives)
    ``fpr`` (``tpr``) is NaN and an ``UndefinedMetricWarning`` is issued, as scikit-learn does.

    Examples
    --------
    >>> from rankscore import roc_curve
    >>> fpr, tpr, thresholds = roc_curve([1, 1, 2, 2], [0.1, 0.4, 0.35, 0.8], pos_label=2)
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    >>> thresholds.tolist()
    [inf, 0.8, 0.4, 0.35, 0.1]
    """
    fpr, tpr, thresholds = _swept_curve(y_true, y_score, pos_label, sample_weight,
                                        drop_intermediate, _backend.kernels.roc_points, roc_view)
    return fpr, tpr, thresholds


@fill_doc(scores_and_weights=_SCORES_AND_WEIGHTS)
def precision_recall_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Label | None = None,
    sample_weight: ArrayLike | None = None,
    drop_intermediate: bool = False,
) -> tuple[FloatArray, FloatArray, ScoreArray]:
    """Precision and recall at every distinct threshold.

    Same signature, defaults, results and warnings as
    ``sklearn.metrics.precision_recall_curve``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels ({0, 1}, {-1, 1}, bool, or any labels with ``pos_label``).
    {scores_and_weights}
    drop_intermediate : bool, default=False
        Keep only the first and last point of each run of equal recall.

    Returns
    -------
    precision : ndarray of shape (n_thresholds + 1,)
        ``precision[i]`` of ``score >= thresholds[i]``; the last element is 1.
    recall : ndarray of shape (n_thresholds + 1,)
        Decreasing recall; the last element is 0.
    thresholds : ndarray of shape (n_thresholds,)
        Increasing distinct scores: float32 for float32 scores, float64 otherwise
        (scikit-learn keeps integer, bool and float16 score dtypes here; the values are
        the same).

    See Also
    --------
    average_precision_score : Step-wise area under this curve.
    pr_auc_score : Trapezoidal area under this curve.

    Notes
    -----
    ``precision = tp / (tp + fp)``, ``recall = tp / (tp + fn)``. The first point (lowest
    threshold) has recall 1 and precision = prevalence; (recall 0, precision 1) is appended.
    Without positives, recall is 1 everywhere with a warning (as scikit-learn).

    Examples
    --------
    >>> from rankscore import precision_recall_curve
    >>> precision, recall, thresholds = precision_recall_curve(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> precision.round(4).tolist()
    [0.5, 0.6667, 0.5, 1.0, 1.0]
    >>> recall.tolist(), thresholds.tolist()
    ([1.0, 1.0, 0.5, 0.5, 0.0], [0.1, 0.35, 0.4, 0.8])
    """
    return _swept_curve(y_true, y_score, pos_label, sample_weight, drop_intermediate,
                        pr_points, pr_view)


@fill_doc(scores_and_weights=_SCORES_AND_WEIGHTS)
def det_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    pos_label: Label | None = None,
    sample_weight: ArrayLike | None = None,
    drop_intermediate: bool = False,
) -> Curve:
    """Detection error tradeoff: false positive and false negative rates per threshold.

    Same signature (``pos_label`` may be positional, as there), defaults and results as
    ``sklearn.metrics.det_curve``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels; both classes must be present (with nonzero weight: where a class
        has weight 0 only, scikit-learn returns NaN rates, this raises).
    {scores_and_weights}
    drop_intermediate : bool, default=False
        Drop thresholds where the true positives do not change from both neighbours.

    Returns
    -------
    fpr : ndarray
        Decreasing false positive rates (FPR of ``score >= thresholds[i]``).
    fnr : ndarray
        Increasing false negative rates.
    thresholds : ndarray
        Increasing thresholds; ``inf`` is the last one when FPR 0 is only reached there.

    See Also
    --------
    roc_curve : The same sweep as (FPR, TPR); ``fnr = 1 - tpr``.

    Notes
    -----
    ``fpr = fp / (fp + tn)``, ``fnr = fn / (tp + fn)``; the curve runs from the first
    threshold with ``fnr = 0`` to the last with ``fpr = 0``.

    Examples
    --------
    >>> from rankscore import det_curve
    >>> fpr, fnr, thresholds = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr.tolist(), fnr.tolist(), thresholds.tolist()
    ([0.5, 0.5, 0.0], [0.0, 0.5, 0.5], [0.35, 0.4, 0.8])
    """
    drop_intermediate = check_flag(drop_intermediate, "drop_intermediate")
    return det_view(sweep_of_problem(binary_problem(y_true, y_score, pos_label, sample_weight)),
                     drop_intermediate)


def auc(x: ArrayLike, y: ArrayLike) -> float:
    """Area under a curve by the trapezoidal rule.

    Same as ``sklearn.metrics.auc``: ``x`` must be monotonic (increasing or decreasing).

    Parameters
    ----------
    x : array-like of shape (n,)
        x coordinates, finite and monotonic; at least 2 points.
    y : array-like of shape (n,)
        y coordinates, finite.

    Returns
    -------
    float
        ``sum((x[i+1] - x[i]) * (y[i+1] + y[i]) / 2)``, sign-corrected for decreasing ``x``.

    See Also
    --------
    roc_auc_score : ROC area from labels and scores (faster, exact).

    Notes
    -----
    Area = Σ (x[i+1] − x[i]) (y[i] + y[i+1]) / 2.

    Examples
    --------
    >>> from rankscore import auc, roc_curve
    >>> fpr, tpr, _ = roc_curve([1, 1, 2, 2], [0.1, 0.4, 0.35, 0.8], pos_label=2)
    >>> auc(fpr, tpr)
    0.75
    """
    xs = as_1d(x, "x", allow_empty=True)
    ys = as_1d(y, "y", allow_empty=True)
    check_same_length(x=xs, y=ys)
    if xs.shape[0] < 2:
        raise ValueError("At least 2 points are needed to compute area under curve, but "
                         f"x.shape = {xs.shape}")
    dx = _exact_steps(xs) if xs.dtype.kind in "iu" else None
    given = xs
    xs = to_float(xs, "x", exact=False)  # coordinates, not scores: as sklearn
    ys = to_float(ys, "y", exact=False)
    check_finite(xs, "x")  # (scikit-learn returns nan or inf)
    check_finite(ys, "y")
    return trapezoid(xs, ys, dx, given)


def _exact_steps(x: np.ndarray) -> np.ndarray:
    """np.diff of integer coordinates, differenced exactly and then rounded once to float64
    (converting first would round nanosecond timestamps near 2**62 before subtracting)."""
    lo = int(x.min())
    if int(x.max()) - lo < 2**63:  # offsets from the minimum fit int64 (as words mod 2**64)
        words = x.astype(np.int64 if x.dtype.kind == "i" else np.uint64).view(np.uint64)
        offsets = (words - np.uint64(lo % 2**64)).view(np.int64)
        steps: np.ndarray = np.diff(offsets).astype(np.float64)
        return steps
    values = x.tolist()  # a span beyond int64: Python ints
    return np.array([float(b - a) for a, b in zip(values, values[1:])])


@overload
def roc_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: Literal["micro", "macro", "samples", "weighted"] = ...,
    sample_weight: ArrayLike | None = ...,
    max_fpr: float | None = ...,
    multi_class: Literal["raise", "ovr", "ovo"] = ...,
    labels: ArrayLike | None = ...,
    n_threads: int | None = ...,
) -> float: ...
@overload
def roc_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str | None,
    sample_weight: ArrayLike | None = ...,
    max_fpr: float | None = ...,
    multi_class: Literal["raise", "ovr", "ovo"] = ...,
    labels: ArrayLike | None = ...,
    n_threads: int | None = ...,
) -> float | FloatArray: ...
def roc_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str | None = "macro",
    sample_weight: ArrayLike | None = None,
    max_fpr: float | None = None,
    multi_class: str = "raise",
    labels: ArrayLike | None = None,
    n_threads: int | None = None,
) -> float | FloatArray:
    """Area under the ROC curve, computed without building the curve.

    Same signature, defaults, results and errors as ``sklearn.metrics.roc_auc_score`` for
    binary, multilabel and multiclass (``"ovr"``/``"ovo"``) targets, plus ``n_threads``.
    A binary ``y_true`` with the (n_samples, 2) output of ``predict_proba`` is an error, as
    there: pass the positive class's column ``y_score[:, 1]``. For one AUC per column of
    a score matrix (many models or features against the same labels) use
    :func:`roc_auc_columns`. A single column ``(n_samples, 1)`` is read as 1-D, as
    scikit-learn does.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary labels (the greater label is positive, as in scikit-learn), multiclass labels,
        or a 0/1 multilabel indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_columns)
        Scores; higher means more likely positive.
    average : {'micro', 'macro', 'samples', 'weighted'} or None, default='macro'
        Averaging of multilabel / multiclass per-class AUCs (ignored for binary ``y_true``).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights.
    max_fpr : float in (0, 1], default=None
        Standardised partial AUC over FPR in [0, max_fpr] (McClish correction), binary only.
    multi_class : {'raise', 'ovr', 'ovo'}, default='raise'
        Multiclass scheme: one-vs-rest or one-vs-one (Hand & Till).
    labels : array-like of shape (n_classes,), default=None
        Multiclass only: the sorted labels indexing the columns of ``y_score``.
    n_threads : int, default=None
        Threads for per-column AUCs and for sorting inputs of 2^21 rows or more (default:
        the CPUs this process may use; 1 runs everything on the calling thread). Capped at
        the number of usable CPUs (``len(os.sched_getaffinity(0))``, else
        ``os.cpu_count()``): more threads than CPUs only add overhead.

    Returns
    -------
    float or ndarray
        The AUC; an array for ``average=None``. NaN with an ``UndefinedMetricWarning`` when
        only one class is present.

    See Also
    --------
    roc_curve : The curve whose area this is.
    roc_auc_columns : One AUC per column of a score matrix.
    gini_score : 2 * AUC - 1.

    Notes
    -----
    AUC = P(s+ > s-) + ½ P(s+ = s-) (Mann–Whitney), which equals the trapezoidal area under
    the ROC curve. Each class's scores are sorted (the compiled bucket sort on an
    order-preserving integer key, or np.sort where that measures faster; the environment
    variable ``RANKSCORE_SORT=bucket|numpy`` decides instead) and the two sorted parts merged
    in one pass; without weights the pair count ``2U`` is an exact integer (a 128-bit
    accumulator: exact up to 2^62 samples) and the division rounds once. Large unweighted inputs with at most
    4096 distinct scores (rounded or bucketed scores) skip the sorts: one pass counts each
    class per distinct score. With weights:
    ``Σ_pos w+ (W-(< s) + W-(= s) / 2) / (W+ W-)``, its denominator added up as
    ``Σ_pos w+ W-`` in the numerator's order, so that every positive above every negative
    gives exactly 1.

    Examples
    --------
    >>> from rankscore import roc_auc_score
    >>> y = [0, 1, 0, 0, 1, 1]
    >>> s = [0.14, 0.23, 0.39, 0.52, 0.73, 0.90]
    >>> round(roc_auc_score(y, s), 4)
    0.7778
    """
    area: float | FloatArray = roc_auc(
        y_true, y_score, average=average, sample_weight=sample_weight, max_fpr=max_fpr,
        multi_class=multi_class, labels=labels, n_threads=n_threads)
    return area


def roc_auc_columns(y_true: ArrayLike, y_score: ArrayLike, *, sample_weight: ArrayLike | None = None,
                    max_fpr: float | None = None, n_threads: int | None = None) -> FloatArray:
    """One ROC AUC per column of a score matrix, all against the same binary labels.

    Many models (or features) scored on the same samples: column ``j`` of ``y_score`` is
    one model's scores, and ``roc_auc_columns(y, scores)[j] == roc_auc_score(y,
    scores[:, j])``. Faster than the loop: the rows of each class are gathered once and
    the columns sorted in blocks on a thread pool.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels; the greater of the two is positive (as in :func:`roc_auc_score`).
    y_score : array-like of shape (n_samples, n_columns)
        One column of scores per model (a 1-D array is one column).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights.
    max_fpr : float in (0, 1], default=None
        Standardised partial AUC over FPR in [0, max_fpr], per column.
    n_threads : int, default=None
        Threads for the columns (default: the CPUs this process may use).

    Returns
    -------
    ndarray of shape (n_columns,)
        The AUC of each column; NaN (with an ``UndefinedMetricWarning``) when only one
        class is present.

    See Also
    --------
    roc_auc_score : The AUC of one score vector (or of class probabilities).
    rankscore.uncertainty.delong_covariance : The AUCs with their covariance, for tests.

    Notes
    -----
    Each entry is the Mann–Whitney AUC of :func:`roc_auc_score`,
    ``P(s+ > s-) + ½ P(s+ = s-)``, of one column.

    Examples
    --------
    >>> import numpy as np
    >>> from rankscore.curves import roc_auc_columns
    >>> y = [0, 1, 0, 0, 1, 1]
    >>> s = np.array([0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> roc_auc_columns(y, np.column_stack([s, 1 - s])).round(4).tolist()
    [0.7778, 0.2222]
    """
    areas: FloatArray = auc_columns(y_true, y_score, sample_weight=sample_weight,
                                    max_fpr=max_fpr, n_threads=n_threads)
    return areas


@overload
def gini_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: Literal["micro", "macro", "samples", "weighted"] = ...,
    sample_weight: ArrayLike | None = ...,
    multi_class: Literal["raise", "ovr", "ovo"] = ...,
    labels: ArrayLike | None = ...,
    n_threads: int | None = ...,
) -> float: ...
@overload
def gini_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str | None,
    sample_weight: ArrayLike | None = ...,
    multi_class: Literal["raise", "ovr", "ovo"] = ...,
    labels: ArrayLike | None = ...,
    n_threads: int | None = ...,
) -> float | FloatArray: ...
def gini_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str | None = "macro",
    sample_weight: ArrayLike | None = None,
    multi_class: str = "raise",
    labels: ArrayLike | None = None,
    n_threads: int | None = None,
) -> float | FloatArray:
    """Gini coefficient of a scored classifier: 2 · AUC − 1.

    Takes every argument of :func:`roc_auc_score` but ``max_fpr`` and follows its rules
    (binary, multilabel, multiclass; for one Gini per column of a score matrix,
    ``2 * roc_auc_columns(y_true, y_score) - 1``).

    Parameters
    ----------
    y_true, y_score, average, sample_weight, multi_class, labels, n_threads
        As in :func:`roc_auc_score`.

    Returns
    -------
    float or ndarray
        In [-1, 1]: 0 for a random ranking, 1 for a perfect one.

    See Also
    --------
    roc_auc_score : The AUC it rescales.

    Notes
    -----
    Gini = 2·AUC − 1; it equals the area between the captured-response (cumulative gain)
    curve and the diagonal over the same area for the perfect model.

    Examples
    --------
    >>> from rankscore import gini_score
    >>> round(gini_score([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90]), 4)
    0.5556
    """
    value: float | FloatArray = roc_auc(
        y_true, y_score, average=average, sample_weight=sample_weight, max_fpr=None,
        multi_class=multi_class, labels=labels, n_threads=n_threads)
    return 2 * value - 1


@overload
def average_precision_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: Literal["micro", "macro", "samples", "weighted"] = ...,
    pos_label: Label = ...,
    sample_weight: ArrayLike | None = ...,
) -> float: ...
@overload
def average_precision_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str | None,
    pos_label: Label = ...,
    sample_weight: ArrayLike | None = ...,
) -> float | FloatArray: ...
def average_precision_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str | None = "macro",
    pos_label: Label = 1,
    sample_weight: ArrayLike | None = None,
) -> float | FloatArray:
    """Average precision: the step-wise area under the precision-recall curve.

    Same signature, defaults, results and errors as
    ``sklearn.metrics.average_precision_score`` (binary, multilabel and multiclass
    ``y_true``; note ``pos_label=1`` by default, as there).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary labels, a 0/1 multilabel indicator matrix, or multiclass labels.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores; higher means more likely positive.
    average : {'micro', 'samples', 'weighted', 'macro'} or None, default='macro'
        Averaging over classes (ignored for binary ``y_true``).
    pos_label : int, float, bool or str, default=1
        The positive class of a binary ``y_true``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights.

    Returns
    -------
    float or ndarray
        AP; per class for ``average=None``. 0 with a warning when there are no positives.

    See Also
    --------
    precision_recall_curve : The curve it summarises.
    pr_auc_score : Trapezoidal area under the same curve.

    Notes
    -----
    AP = Σ_n (R_n − R_{n−1}) P_n over the thresholds in decreasing order (no interpolation).

    Examples
    --------
    >>> from rankscore import average_precision_score
    >>> round(average_precision_score([0, 1, 0, 0, 1, 1],
    ...                               [0.14, 0.23, 0.39, 0.52, 0.73, 0.90]), 4)
    0.8667
    """
    value: float | FloatArray = average_precision(
        y_true, y_score, average=average, pos_label=pos_label, sample_weight=sample_weight)
    return value


def pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Label | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Area under the precision-recall curve by the trapezoidal rule.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`precision_recall_curve`.

    Returns
    -------
    float
        ``auc(recall, precision)`` over every point of :func:`precision_recall_curve`.

    See Also
    --------
    average_precision_score : The step-wise (non-interpolated) summary, usually preferred.

    Notes
    -----
    End points are those of :func:`precision_recall_curve`: the curve runs from (recall 1,
    precision = prevalence) at the lowest threshold to the appended (recall 0, precision 1).
    Straight lines between points over-estimate precision between thresholds, so this is
    usually above the average precision.

    Examples
    --------
    >>> from rankscore import pr_auc_score
    >>> round(pr_auc_score([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90]), 4)
    0.85
    """
    summary = summary_arrays(binary_problem(y_true, y_score, pos_label, sample_weight))
    return pr_auc_view(scan(*summary), cumulative(*summary))


# ---------------------------------------------------------------------------------------
# Kolmogorov-Smirnov


def ks_statistic(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Label | None = None,
    sample_weight: ArrayLike | None = None,
) -> KSResult:
    """Kolmogorov–Smirnov separation of the positives' and negatives' score distributions.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels ({0, 1}, {-1, 1}, bool, or others with ``pos_label``).
    y_score : array-like of shape (n_samples,)
        Scores.
    pos_label : int, float, bool or str, default=None
        The positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights (weighted empirical CDFs).

    Returns
    -------
    KSResult
        ``(statistic, threshold)``; ``(nan, nan)`` with an ``UndefinedMetricWarning`` when a
        class is missing.

    See Also
    --------
    ks_curve : Both CDFs at every threshold.
    rankscore.ks.ks_test : The test of this statistic: its p-value.
    scipy.stats.ks_2samp : The same statistic for two samples (plus a p-value).

    Notes
    -----
    With F±(t) the fraction of positives / negatives scoring ``<= t``,
    ``KS = max_t |F−(t) − F+(t)|``, taken over the distinct scores t; for a model that ranks
    positives higher it is max(TPR − FPR) over the ROC curve. ``threshold`` is the smallest
    distinct score where the maximum is reached (ties broken toward lower scores); predicting
    positive for ``score > threshold`` attains it (as TPR − FPR, or as FPR − TPR when the
    model ranks negatives higher: the statistic is unsigned, as scipy's). Without weights
    the comparison is exact (integer counts) and the statistic is rounded once; with
    weights the gaps are compared as ``|W+ C−(t) − W− C+(t)|`` (C: weight scoring
    ``<= t``, W: class total), which is exact for integer weights, so frequency weights
    give the threshold of the repeated rows.

    Examples
    --------
    >>> from rankscore import ks_statistic
    >>> ks = ks_statistic([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> round(ks.statistic, 4), ks.threshold
    (0.6667, 0.52)
    """
    return ks_of_problem(binary_problem(y_true, y_score, pos_label, sample_weight))


def ks_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Label | None = None,
    sample_weight: ArrayLike | None = None,
) -> KSCurve:
    """Empirical CDFs of negatives' and positives' scores at every distinct score.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`ks_statistic`.

    Returns
    -------
    KSCurve
        ``thresholds`` (increasing distinct scores), ``cdf_negative`` = F−(t) and
        ``cdf_positive`` = F+(t), the (weighted) fractions scoring ``<= t``.

    See Also
    --------
    ks_statistic : ``max |cdf_negative − cdf_positive|`` without building the curve.

    Notes
    -----
    From the sweep: F(t_i) = 1 − (count scoring ``>= t_{i+1}``) / total, t_{i+1} the next
    larger distinct score.

    Examples
    --------
    >>> from rankscore.curves import ks_curve
    >>> c = ks_curve([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4])
    >>> c.thresholds.tolist(), c.cdf_negative.tolist(), c.cdf_positive.tolist()
    ([0.1, 0.2, 0.3, 0.4], [0.5, 0.5, 1.0, 1.0], [0.0, 0.5, 0.5, 1.0])
    """
    return ks_curve_view(sweep_of_problem(binary_problem(y_true, y_score, pos_label,
                                                         sample_weight)))


