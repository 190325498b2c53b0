"""The public functions of :mod:`rankscore.spark` but ``group_metrics``: each one the
in-memory function's result, read from the merged summary (or, for the ROC AUC, from exact
pair counts)."""

from __future__ import annotations

from typing import Any, Callable

from pyspark.sql import DataFrame

from ..report import summary_report
from ..summary import ScoreSummary
from .auc import auc_of
from .summaries import summary_of

_DOC = {
    "{columns}": """df : pyspark.sql.DataFrame
        The scored rows.
    label : str
        The label column ({0, 1}, {-1, 1} or bool; others need ``pos_label``).
    score : str
        The score column (numbers; higher = more likely positive).""",
    "{options}": """weight : str, default=None
        A column of non-negative weights.
    pos_label : int, float, bool or str, default=None
        The positive class.""",
    "{data}": """>>> from pyspark.sql import SparkSession
    >>> import rankscore.spark as rsp
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame([(0, 0.14), (1, 0.23), (0, 0.39), (0, 0.52), (1, 0.73),
    ...                             (1, 0.90)], "y int, s double").repartition(2)""",
    "{see_also}": "score_summary : The summary every function here reads.",
}


def _documented(function: Callable) -> Callable:
    """Fill in the docstring parts that the functions share."""
    for name, text in _DOC.items():
        function.__doc__ = function.__doc__.replace(name, text)
    return function


# ScoreSummary's view giving each function's result, where its name differs
_VIEWS = {"roc_auc_score": "roc_auc", "average_precision_score": "average_precision",
          "binary_confusion": "confusion"}


def _read(function: str, df, label, score, weight, pos_label, *args, **kwargs):
    """What the in-memory ``function`` returns, read from the merged summary (its
    ScoreSummary view of the same name, or the one _VIEWS names)."""
    merged = summary_of(df, label, score, weight, pos_label)
    return getattr(merged, _VIEWS.get(function, function))(*args, **kwargs)


@_documented
def score_summary(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                  pos_label: Any = None) -> ScoreSummary:
    """The exact :class:`rankscore.ScoreSummary` of a Spark DataFrame's columns.

    Parameters
    ----------
    {columns}
    {options}

    Returns
    -------
    ScoreSummary
        On the driver; equals ``ScoreSummary.from_arrays`` of the columns collected into
        memory (same thresholds, same counts).

    See Also
    --------
    rankscore.ScoreSummary : The summary and its views.

    Notes
    -----
    Each partition is summarised on its executor; the partitions' summaries (bytes)
    reach the driver, which merges them. No row reaches the driver; the summary holds
    ``d * 24`` bytes for ``d`` distinct float64 scores.

    Examples
    --------
    {data}
    >>> s = rsp.score_summary(df, label="y", score="s")
    >>> s.positives.tolist(), round(s.roc_auc(), 4)
    ([1, 1, 0, 0, 1, 0], 0.7778)
    """
    return summary_of(df, label, score, weight, pos_label)


summary = score_summary


@_documented
def roc_auc_score(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                  pos_label: Any = None, max_fpr: float | None = None) -> float:
    """Area under the ROC curve of a Spark DataFrame; equals :func:`rankscore.roc_auc_score`.

    Parameters
    ----------
    {columns}
    {options}
    max_fpr : float in (0, 1], default=None
        Standardised partial AUC up to this false-positive rate (McClish), as in memory.

    Returns
    -------
    float
        NaN with an ``UndefinedMetricWarning`` when one class is missing, as in memory.

    See Also
    --------
    {see_also}
    rankscore.roc_auc_score : The same number for data in memory.

    Notes
    -----
    AUC = P(s+ > s-) + ½ P(s+ = s-). Without weights (and ``max_fpr``) one pass; on one
    machine of up to 4 cores (``local`` mode, or a single executor) one task reads every
    partition and counts the pairs as in memory (sorting on two threads), and the driver
    receives three integers. Otherwise one shuffle: the scores are dealt by bucket
    (the top 20 bits of a 64-bit key that sorts as the score does) to the tasks that merge
    them, and only four integers per bucket reach the driver: the bucket, its negatives,
    positives and twice its Mann-Whitney U; the pairs across buckets are products of
    counts. The driver's memory does not grow with the number of rows (at most 2^20
    buckets).

    Examples
    --------
    {data}
    >>> round(rsp.roc_auc_score(df, label="y", score="s"), 4)
    0.7778
    """
    if weight is None and max_fpr is None:
        return auc_of(df, label, score, pos_label)
    return _read("roc_auc_score", df, label, score, weight, pos_label, max_fpr=max_fpr)


@_documented
def roc_curve(df: DataFrame, *, label: str, score: str, weight: str | None = None,
              pos_label: Any = None, drop_intermediate: bool = True):
    """ROC curve of a Spark DataFrame; equals :func:`rankscore.roc_curve`.

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
    ``tpr = tp(t) / P`` and ``fpr = fp(t) / N`` at each distinct score ``t``.

    Examples
    --------
    {data}
    >>> fpr, tpr, thresholds = rsp.roc_curve(df, label="y", score="s")
    >>> fpr.round(3).tolist(), tpr.round(3).tolist()
    ([0.0, 0.0, 0.0, 0.667, 0.667, 1.0], [0.0, 0.333, 0.667, 0.667, 1.0, 1.0])
    """
    return _read("roc_curve", df, label, score, weight, pos_label,
                 drop_intermediate=drop_intermediate)


@_documented
def precision_recall_curve(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                           pos_label: Any = None, drop_intermediate: bool = False):
    """Precision-recall curve of a Spark DataFrame; equals
    :func:`rankscore.precision_recall_curve`.

    Parameters
    ----------
    {columns}
    {options}
    drop_intermediate : bool, default=False
        Drop thresholds that do not change the recall, as in memory.

    Returns
    -------
    precision, recall, thresholds : ndarray
        As :func:`rankscore.precision_recall_curve`.

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
    >>> precision, recall, _ = rsp.precision_recall_curve(df, label="y", score="s")
    >>> precision.round(3).tolist()
    [0.5, 0.6, 0.5, 0.667, 1.0, 1.0, 1.0]
    """
    return _read("precision_recall_curve", df, label, score, weight, pos_label,
                 drop_intermediate=drop_intermediate)


@_documented
def average_precision_score(df: DataFrame, *, label: str, score: str,
                            weight: str | None = None, pos_label: Any = 1) -> float:
    """Average precision of a Spark DataFrame; equals
    :func:`rankscore.average_precision_score`.

    Parameters
    ----------
    {columns}
    {options}

    Returns
    -------
    float
        ``sum_k (R_k - R_{k-1}) P_k`` over the distinct thresholds, descending.

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
    >>> round(rsp.average_precision_score(df, label="y", score="s"), 4)
    0.8667
    """
    return _read("average_precision_score", df, label, score, weight, pos_label)


@_documented
def ks_statistic(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                 pos_label: Any = None):
    """Kolmogorov-Smirnov statistic of a Spark DataFrame; equals
    :func:`rankscore.ks_statistic`.

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
    >>> result = rsp.ks_statistic(df, label="y", score="s")
    >>> round(result.statistic, 4), result.threshold
    (0.6667, 0.52)
    """
    return _read("ks_statistic", df, label, score, weight, pos_label)


@_documented
def gain_table(df: DataFrame, *, label: str, score: str, n_groups: int = 10,
               weight: str | None = None, pos_label: Any = None):
    """Gain/lift table of a Spark DataFrame; equals :func:`rankscore.gain_table`.

    Parameters
    ----------
    {columns}
    n_groups : int, default=10
        Groups (10: deciles); tied scores never straddle a border.
    {options}

    Returns
    -------
    GainTable
        As :func:`rankscore.gain_table`.

    See Also
    --------
    {see_also}
    rankscore.gain_table : The same table for data in memory.

    Notes
    -----
    Gain of a group = its positives / all positives; lift = its positive rate / the
    overall rate.

    Examples
    --------
    {data}
    >>> rsp.gain_table(df, label="y", score="s", n_groups=2).positives.tolist()
    [2, 1]
    """
    return _read("gain_table", df, label, score, weight, pos_label, n_groups)


@_documented
def binary_confusion(df: DataFrame, *, label: str, score: str, threshold: float,
                     weight: str | None = None, pos_label: Any = None, strict: bool = False):
    """Confusion at one threshold of a Spark DataFrame; equals
    :func:`rankscore.binary_confusion`.

    Parameters
    ----------
    {columns}
    threshold : float
        Positive means ``score >= threshold``.
    strict : bool, default False
        Positive means ``score > threshold`` instead.
    {options}

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
    >>> c = rsp.binary_confusion(df, label="y", score="s", threshold=0.5)
    >>> c.tp, c.fp, c.fn, c.tn
    (2, 1, 1, 2)
    """
    return _read("binary_confusion", df, label, score, weight, pos_label, threshold,
                 strict=strict)


@_documented
def best_threshold(df: DataFrame, objective: str, *, label: str, score: str,
                   weight: str | None = None, pos_label: Any = None, **options: Any):
    """The best threshold for an objective, of a Spark DataFrame; equals
    :func:`rankscore.best_threshold`.

    Parameters
    ----------
    {columns}
    objective : str
        One of :data:`rankscore.OBJECTIVES` (``"youden"``, ``"f_beta"``, ...).
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
    >>> rsp.best_threshold(df, "youden", label="y", score="s").threshold
    0.73
    """
    return _read("best_threshold", df, label, score, weight, pos_label, objective, **options)


@_documented
def binary_report(df: DataFrame, *, label: str, score: str, pos_label: Any = None,
                  threshold: float = 0.5, n_groups: int = 10,
                  strict: bool = False) -> dict[str, Any]:
    """Everything ``rankscore report`` shows, of a Spark DataFrame; equals
    :func:`rankscore.report.binary_report`.

    Parameters
    ----------
    {columns}
    pos_label : int, float, bool or str, default=None
        The positive class.
    threshold : float, default=0.5
        Threshold of the confusion section (positive means ``score >= threshold``).
    strict : bool, default False
        Positive means ``score > threshold`` in the confusion section.
    n_groups : int, default=10
        Groups of the gain/lift table (10: deciles).

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
    One pass over the partitions builds the summary; every number of the report is a
    view of it (no weights: the report counts rows).

    Examples
    --------
    {data}
    >>> report = rsp.binary_report(df, label="y", score="s")
    >>> report["counts"]["n"], round(report["ranking"]["roc_auc"], 4)
    (6, 0.7778)
    """
    return summary_report(summary_of(df, label, score, None, pos_label), threshold=threshold,
                          n_groups=n_groups, strict=strict)

