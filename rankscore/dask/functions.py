"""The in-memory functions' Dask twins, each a view of the collection's summary."""

from __future__ import annotations

from typing import Any, Callable, TypeVar


from .._engine.arrays import Curve, PRCurve
from .._engine.results import BinaryConfusion, GainTable, KSResult, ThresholdChoice
from ..report import BinaryReport, summary_report
from .summaries import summary_of
from .workers import auc_of

__all__ = ["average_precision_score", "best_threshold", "binary_confusion", "binary_report",
           "gain_table", "ks_statistic", "precision_recall_curve", "roc_auc_score", "roc_curve"]

_F = TypeVar("_F", bound=Callable[..., Any])

_COLUMNS_DOC = """y_true : dask.array.Array or dask.dataframe.Series of shape (n_samples,)
        Labels ({0, 1}, {-1, 1} or bool; others need ``pos_label``).
    y_score : dask.array.Array or dask.dataframe.Series of shape (n_samples,)
        Finite scores, higher = more likely positive."""


_OPTIONS_DOC = """pos_label : int, float, bool or str, default=None
        The positive class.
    sample_weight : dask.array.Array or dask.dataframe.Series, default=None
        Non-negative weights, partitioned like ``y_score`` (else rechunked to it).
    split_every : int, default=32
        Pieces merged per task: each score range's pieces of all partitions merge in one
        task, in a tree of this many per task when there are more."""


_DATA_DOC = """>>> import numpy as np, dask.array as da
    >>> import rankscore.dask as rd
    >>> y = da.from_array(np.array([0, 1, 0, 0, 1, 1]), chunks=3)
    >>> s = da.from_array(np.array([0.14, 0.23, 0.39, 0.52, 0.73, 0.90]), chunks=3)"""


_SEE_ALSO_DOC = "score_summary : The summary every function here reads."


def _documented(function: _F) -> _F:
    """Fill in the docstring parts every view shares: {columns}, {options}, {see_also} and
    {data} (the example's six rows in two partitions)."""
    for name, text in [("{columns}", _COLUMNS_DOC), ("{options}", _OPTIONS_DOC),
                       ("{see_also}", _SEE_ALSO_DOC), ("{data}", _DATA_DOC)]:
        function.__doc__ = (function.__doc__ or "").replace(name, text)
    return function


# ScoreSummary's view giving each function's result, where its name differs
_VIEWS = {"roc_auc_score": "roc_auc", "average_precision_score": "average_precision",
          "binary_confusion": "confusion"}


def _read(function: str, y_true: Any, y_score: Any, sample_weight: Any, pos_label: Any,
          split_every: int, *args: Any, **kwargs: Any) -> Any:
    """What the in-memory ``function`` returns, read from the merged summary of the columns
    (the ScoreSummary view of the same name, or the one _VIEWS names; its type is that
    view's, which the caller names)."""
    summary = summary_of(y_true, y_score, sample_weight, pos_label, split_every, function)
    return getattr(summary, _VIEWS.get(function, function))(*args, **kwargs)


@_documented
def roc_auc_score(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    max_fpr: float | None = None, split_every: int = 32,
) -> float:
    """Area under the ROC curve of Dask columns; equals :func:`rankscore.roc_auc_score`.

    Parameters
    ----------
    {columns}
    {options}
    max_fpr : float in (0, 1], default=None
        Standardised partial AUC up to this false-positive rate (McClish), as in memory.

    Returns
    -------
    float
        NaN with an ``UndefinedMetricWarning`` when one class is missing from every
        partition, as in memory.

    See Also
    --------
    {see_also}
    rankscore.roc_auc_score : The same number for data in memory.

    Notes
    -----
    AUC = P(s+ > s-) + ½ P(s+ = s-), from the merged counts at each distinct score.
    Binary problems only (``pos_label`` replaces scikit-learn's choice of the larger
    label, which one partition cannot make).

    Examples
    --------
    {data}
    >>> round(rd.roc_auc_score(y, s), 4)
    0.7778
    """
    if sample_weight is None and max_fpr is None:
        return auc_of(y_true, y_score, pos_label, split_every)
    result: float = _read("roc_auc_score", y_true, y_score, sample_weight, pos_label, split_every,
                          max_fpr=max_fpr)
    return result


@_documented
def roc_curve(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    drop_intermediate: bool = True, split_every: int = 32,
) -> Curve:
    """ROC curve of Dask columns; equals :func:`rankscore.roc_curve`.

    Parameters
    ----------
    {columns}
    {options}
    drop_intermediate : bool, default=True
        Drop points collinear with their neighbours, as in memory.

    Returns
    -------
    fpr, tpr, thresholds : ndarray
        As :func:`rankscore.roc_curve` (``thresholds[0]`` is ``inf``).

    See Also
    --------
    {see_also}
    rankscore.roc_curve : The same curve for data in memory.

    Notes
    -----
    ``tpr = tp(t) / P`` and ``fpr = fp(t) / N`` at each distinct score ``t``, from the
    cumulative merged counts.

    Examples
    --------
    {data}
    >>> fpr, tpr, thresholds = rd.roc_curve(y, s)
    >>> fpr.round(3).tolist(), tpr.round(3).tolist()
    ([0.0, 0.0, 0.0, 0.667, 0.667, 1.0], [0.0, 0.333, 0.667, 0.667, 1.0, 1.0])
    """
    result: Curve = _read("roc_curve", y_true, y_score, sample_weight, pos_label, split_every,
                          drop_intermediate=drop_intermediate)
    return result


@_documented
def precision_recall_curve(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    drop_intermediate: bool = False, split_every: int = 32,
) -> PRCurve:
    """Precision-recall curve of Dask columns; equals :func:`rankscore.precision_recall_curve`.

    Parameters
    ----------
    {columns}
    {options}
    drop_intermediate : bool, default=False
        Drop thresholds that do not change the recall, as in memory.

    Returns
    -------
    precision, recall, thresholds : ndarray
        As :func:`rankscore.precision_recall_curve` (thresholds ascending; the last point
        is recall 0, precision 1).

    See Also
    --------
    {see_also}
    rankscore.precision_recall_curve : The same curve for data in memory.

    Notes
    -----
    ``precision = tp(t) / (tp(t) + fp(t))`` and ``recall = tp(t) / P``.

    Examples
    --------
    {data}
    >>> precision, recall, thresholds = rd.precision_recall_curve(y, s)
    >>> precision.round(3).tolist()
    [0.5, 0.6, 0.5, 0.667, 1.0, 1.0, 1.0]
    """
    result: PRCurve = _read("precision_recall_curve", y_true, y_score, sample_weight, pos_label,
                            split_every, drop_intermediate=drop_intermediate)
    return result


@_documented
def average_precision_score(
    y_true: Any, y_score: Any, *, pos_label: Any = 1, sample_weight: Any = None,
    split_every: int = 32,
) -> float:
    """Average precision of Dask columns; equals :func:`rankscore.average_precision_score`.

    Parameters
    ----------
    {columns}
    {options}

    Returns
    -------
    float
        ``sum_k (R_k - R_{k-1}) P_k`` over the distinct thresholds, descending (no
        interpolation), as scikit-learn.

    See Also
    --------
    {see_also}
    rankscore.average_precision_score : The same number for data in memory.

    Notes
    -----
    ``pos_label`` defaults to 1, as in memory (and scikit-learn).

    Examples
    --------
    {data}
    >>> round(rd.average_precision_score(y, s), 4)
    0.8667
    """
    result: float = _read("average_precision_score", y_true, y_score, sample_weight, pos_label,
                          split_every)
    return result


@_documented
def ks_statistic(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    split_every: int = 32,
) -> KSResult:
    """Kolmogorov-Smirnov statistic of Dask columns; equals :func:`rankscore.ks_statistic`.

    Parameters
    ----------
    {columns}
    {options}

    Returns
    -------
    KSResult
        ``(statistic, threshold)`` as :func:`rankscore.ks_statistic`.

    See Also
    --------
    {see_also}
    rankscore.ks_statistic : The same result for data in memory.

    Notes
    -----
    KS = max over t of ``|F-(t) - F+(t)|``, F the empirical CDFs of each class's scores.

    Examples
    --------
    {data}
    >>> result = rd.ks_statistic(y, s)
    >>> round(result.statistic, 4), result.threshold
    (0.6667, 0.52)
    """
    result: KSResult = _read("ks_statistic", y_true, y_score, sample_weight, pos_label,
                             split_every)
    return result


@_documented
def gain_table(
    y_true: Any, y_score: Any, n_groups: int = 10, *, pos_label: Any = None,
    sample_weight: Any = None, split_every: int = 32,
) -> GainTable:
    """Gain/lift table of Dask columns; equals :func:`rankscore.gains.gain_table`.

    Parameters
    ----------
    {columns}
    n_groups : int, default=10
        Groups (10: deciles); tied scores never straddle a border.
    {options}

    Returns
    -------
    GainTable
        As :func:`rankscore.gains.gain_table`.

    See Also
    --------
    {see_also}
    rankscore.gains.gain_table : The same table for data in memory.

    Notes
    -----
    Gain of a group = its positives / all positives; lift = its positive rate / the
    overall rate; the groups are cut on the merged counts.

    Examples
    --------
    {data}
    >>> rd.gain_table(y, s, 2).to_dict()["positives"].tolist()
    [2, 1]
    """
    result: GainTable = _read("gain_table", y_true, y_score, sample_weight, pos_label, split_every,
                              n_groups)
    return result


@_documented
def binary_confusion(
    y_true: Any, y_score: Any, *, threshold: float, pos_label: Any = None,
    sample_weight: Any = None, split_every: int = 32, strict: bool = False,
) -> BinaryConfusion:
    """Confusion at one threshold of Dask columns; equals :func:`rankscore.binary_confusion`.

    Parameters
    ----------
    {columns}
    threshold : float
        Positive means ``score >= threshold`` (required: the columns hold scores).
    {options}
    strict : bool, default False
        Positive means ``score > threshold`` instead.

    Returns
    -------
    BinaryConfusion
        tp, fp, fn, tn and every rate, as :func:`rankscore.binary_confusion`.

    See Also
    --------
    {see_also}
    rankscore.binary_confusion : The same counts for data in memory.

    Notes
    -----
    ``tp = Σ positives at scores >= threshold``, ``fn = P - tp``; likewise fp and tn.

    Examples
    --------
    {data}
    >>> c = rd.binary_confusion(y, s, threshold=0.5)
    >>> c.tp, c.fp, c.fn, c.tn
    (2, 1, 1, 2)
    """
    result: BinaryConfusion = _read("binary_confusion", y_true, y_score, sample_weight,
                                    pos_label, split_every, threshold, strict=strict)
    return result


@_documented
def best_threshold(
    y_true: Any, y_score: Any, objective: str, *, pos_label: Any = None,
    sample_weight: Any = None, split_every: int = 32, **options: Any,
) -> ThresholdChoice:
    """The best threshold for an objective, of Dask columns; equals
    :func:`rankscore.best_threshold`.

    Parameters
    ----------
    {columns}
    objective : str
        One of :data:`rankscore.thresholds.OBJECTIVES` (``"youden"``, ``"f_beta"``, ...).
    {options}
    **options
        ``min_precision``, ``min_recall``, ``beta``, ``profit_matrix``: as in memory.

    Returns
    -------
    ThresholdChoice
        ``(threshold, value, confusion)`` as :func:`rankscore.best_threshold`.

    See Also
    --------
    {see_also}
    rankscore.best_threshold : The same choice for data in memory.

    Notes
    -----
    Every distinct score is tried; ties go to the highest threshold, as in memory.

    Examples
    --------
    {data}
    >>> rd.best_threshold(y, s, "youden").threshold
    0.73
    """
    result: ThresholdChoice = _read("best_threshold", y_true, y_score, sample_weight, pos_label,
                                    split_every, objective, **options)
    return result


@_documented
def binary_report(
    y_true: Any, y_score: Any, *, pos_label: Any = None, threshold: float = 0.5,
    n_groups: int = 10, split_every: int = 32, strict: bool = False,
) -> BinaryReport:
    """Everything ``rankscore report`` shows, of Dask columns; equals
    :func:`rankscore.report.binary_report`.

    Parameters
    ----------
    {columns}
    pos_label : int, float, bool or str, default=None
        The positive class.
    threshold : float, default 0.5
        Threshold of the confusion section (positive means ``score >= threshold``).
    strict : bool, default False
        Positive means ``score > threshold`` in the confusion section.
    n_groups : int, default 10
        Groups of the gain/lift table (10: deciles).
    split_every : int, default=32
        Pieces merged per task (see :func:`score_summary`).

    Returns
    -------
    dict
        The JSON-ready dict of :func:`rankscore.report.binary_report` (render it with
        :func:`rankscore.report.format_report`).

    See Also
    --------
    {see_also}
    rankscore.report.summary_report : The report of any summary.

    Notes
    -----
    One pass over the partitions builds the summary; every number of the report is a view
    of it (no weights: the report counts rows).

    Examples
    --------
    {data}
    >>> report = rd.binary_report(y, s)
    >>> report["counts"]["n"], round(report["ranking"]["roc_auc"], 4)
    (6, 0.7778)
    """
    summary = summary_of(y_true, y_score, None, pos_label, split_every, "report.binary_report")
    return summary_report(summary, threshold=threshold, n_groups=n_groups, strict=strict)
