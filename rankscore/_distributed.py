"""What the Dask and Spark front ends share.

Each of their public functions reads the in-memory function's result off the merged
:class:`~rankscore.ScoreSummary` of the data, and documents itself with the same words
wherever the rows live: :class:`FunctionDoc` holds those words (parameters, returns, see
also, notes), :class:`FrontDoc` what one front end says of its data (its columns and
options, the rows of its examples), and :func:`documented` joins them into the function's
docstring. The ROC AUC without weights is read from exact pair counts instead of a
summary: :func:`auc_of_pair_counts` adds them up over score ranges.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import NamedTuple, TypeVar

from ._engine.parts import MAX_EXACT_ROWS
from ._engine.sweep import Scan
from ._engine.views import auc_view

__all__ = ["FrontDoc", "FunctionDoc", "documented", "VIEW", "auc_of_pair_counts",
           "ROC_AUC_SCORE", "ROC_CURVE", "PRECISION_RECALL_CURVE", "AVERAGE_PRECISION_SCORE",
           "KS_STATISTIC", "GAIN_TABLE", "BINARY_CONFUSION", "BEST_THRESHOLD", "BINARY_REPORT"]

F = TypeVar("F", bound=Callable[..., object])


class FrontDoc(NamedTuple):
    """What a front end's docstrings say of its data (numpydoc text, unindented)."""

    of: str  # the data, in a function's first line: "of Dask columns"
    columns: str  # the Parameters entries of the data
    options: str  # the Parameters entries every function but the report takes
    report_options: str  # the report's own entries after its common ones ("" for none)
    data: str  # the examples' first lines: the six rows in two partitions


class FunctionDoc(NamedTuple):
    """What a function's docstring says wherever the rows live (numpydoc text, unindented)."""

    title: str  # the first line, "{of}" where the front end names its data
    leading: str  # Parameters entries before the front end's options
    trailing: str  # and after them
    returns: str
    see_also: str
    notes: str
    options: bool = True  # the front end's options are the function's


def documented(doc: FunctionDoc, front: FrontDoc, examples: str,
               notes: str = "") -> Callable[[F], F]:
    """Give the decorated function its docstring: ``doc``'s words about ``front``'s data,
    then ``notes`` (the front end's own) and ``examples`` after the example rows."""
    parameters = [front.columns, doc.leading,
                  front.options if doc.options else front.report_options, doc.trailing]
    sections = [
        doc.title.format(of=front.of),
        "Parameters\n----------\n" + "\n".join(p for p in parameters if p),
        "Returns\n-------\n" + doc.returns,
        "See Also\n--------\n" + doc.see_also,
        "Notes\n-----\n" + doc.notes + (f"\n\n{notes}" if notes else ""),
        "Examples\n--------\n" + front.data + "\n" + examples,
    ]
    text = "\n\n".join(sections).replace("\n", "\n    ").replace("\n    \n", "\n\n")

    def decorate(function: F) -> F:
        function.__doc__ = text + "\n    "
        return function

    return decorate


def auc_of_pair_counts(ranges: Iterable[tuple[int, int, int]]) -> float:
    """ROC AUC from ``(negatives, positives, twice the Mann-Whitney U of the pairs inside
    the range)`` of score ranges, the lowest range first: every positive of a range is
    above every negative of the ranges below it (Python integers: exact at any size)."""
    n_neg = n_pos = twice_u = 0
    for negatives, positives, pairs in ranges:
        twice_u += pairs + 2 * positives * n_neg
        n_neg, n_pos = n_neg + negatives, n_pos + positives
    if n_neg + n_pos > MAX_EXACT_ROWS:
        raise ValueError(f"counts total {n_neg + n_pos} rows; exact counts are kept up to "
                         "2**62 rows")
    nan = math.nan
    auc = twice_u / (2 * n_pos * n_neg) if n_neg and n_pos else nan
    return auc_view(Scan(n_neg, n_pos, auc, nan, nan, nan, nan))


# --------------------------------------------------------------------------------------
# the words of each function
# --------------------------------------------------------------------------------------
VIEW = "score_summary : The summary every function here reads.\n"

ROC_AUC_SCORE = FunctionDoc(
    "Area under the ROC curve {of}; equals :func:`rankscore.roc_auc_score`.", "",
    """max_fpr : float in (0, 1], default=None
    Standardised partial AUC up to this false-positive rate (McClish), as in memory.""",
    """float
    NaN with an ``UndefinedMetricWarning`` when one class is missing from every
    partition, as in memory.""",
    VIEW + "rankscore.roc_auc_score : The same number for data in memory.",
    """AUC = P(s+ > s-) + ½ P(s+ = s-). Binary problems only (``pos_label`` replaces
scikit-learn's choice of the larger label, which one partition cannot make).""",
)

ROC_CURVE = FunctionDoc(
    "ROC curve {of}; equals :func:`rankscore.roc_curve`.", "",
    """drop_intermediate : bool, default=True
    Drop points collinear with their neighbours, as in memory.""",
    """fpr, tpr, thresholds : ndarray
    As :func:`rankscore.roc_curve` (``thresholds[0]`` is ``inf``).""",
    VIEW + "rankscore.roc_curve : The same curve for data in memory.",
    """``tpr = tp(t) / P`` and ``fpr = fp(t) / N`` at each distinct score ``t``, from the
cumulative merged counts.""",
)

PRECISION_RECALL_CURVE = FunctionDoc(
    "Precision-recall curve {of}; equals :func:`rankscore.precision_recall_curve`.", "",
    """drop_intermediate : bool, default=False
    Drop thresholds that do not change the recall, as in memory.""",
    """precision, recall, thresholds : ndarray
    As :func:`rankscore.precision_recall_curve` (thresholds ascending; the last point
    is recall 0, precision 1).""",
    VIEW + "rankscore.precision_recall_curve : The same curve for data in memory.",
    "``precision = tp(t) / (tp(t) + fp(t))`` and ``recall = tp(t) / P``.",
)

AVERAGE_PRECISION_SCORE = FunctionDoc(
    "Average precision {of}; equals :func:`rankscore.average_precision_score`.", "", "",
    """float
    ``sum_k (R_k - R_{k-1}) P_k`` over the distinct thresholds, descending (no
    interpolation), as scikit-learn.""",
    VIEW + "rankscore.average_precision_score : The same number for data in memory.",
    "``pos_label`` defaults to 1, as in memory (and scikit-learn).",
)

KS_STATISTIC = FunctionDoc(
    "Kolmogorov-Smirnov statistic {of}; equals :func:`rankscore.ks_statistic`.", "", "",
    """KSResult
    ``(statistic, threshold)`` as :func:`rankscore.ks_statistic`.""",
    VIEW + "rankscore.ks_statistic : The same result for data in memory.",
    "KS = max over t of ``|F-(t) - F+(t)|``, F the empirical CDFs of each class's scores.",
)

GAIN_TABLE = FunctionDoc(
    "Gain/lift table {of}; equals :func:`rankscore.gain_table`.",
    """n_groups : int, default=10
    Groups (10: deciles); tied scores never straddle a border.""", "",
    """GainTable
    As :func:`rankscore.gain_table`.""",
    VIEW + "rankscore.gain_table : The same table for data in memory.",
    """Gain of a group = its positives / all positives; lift = its positive rate / the
overall rate; the groups are cut on the merged counts.""",
)

BINARY_CONFUSION = FunctionDoc(
    "Confusion at one threshold {of}; equals :func:`rankscore.binary_confusion`.",
    """threshold : float
    Positive means ``score >= threshold`` (required: the columns hold scores).""",
    """strict : bool, default False
    Positive means ``score > threshold`` instead.""",
    """BinaryConfusion
    tp, fp, fn, tn and every rate, as :func:`rankscore.binary_confusion`.""",
    VIEW + "rankscore.binary_confusion : The same counts for data in memory.",
    "``tp = Σ positives at scores >= threshold``, ``fn = P - tp``; likewise fp and tn.",
)

BEST_THRESHOLD = FunctionDoc(
    "The best threshold for an objective, {of}; equals\n:func:`rankscore.best_threshold`.",
    """objective : str
    One of :data:`rankscore.OBJECTIVES` (``"youden"``, ``"f_beta"``, ...).""",
    """**options
    ``min_precision``, ``min_recall``, ``beta``, ``profit_matrix``: as in memory.""",
    """ThresholdChoice
    ``(threshold, value, confusion)`` as :func:`rankscore.best_threshold`.""",
    VIEW + "rankscore.best_threshold : The same choice for data in memory.",
    "Every distinct score is tried; ties go to the highest threshold, as in memory.",
)

BINARY_REPORT = FunctionDoc(
    "Everything ``rankscore report`` shows, {of}; equals\n:func:`rankscore.report.binary_report`.",
    """pos_label : int, float, bool or str, default=None
    The positive class.
threshold : float, default=0.5
    Threshold of the confusion section (positive means ``score >= threshold``).
strict : bool, default False
    Positive means ``score > threshold`` in the confusion section.
n_groups : int, default=10
    Groups of the gain/lift table (10: deciles).""", "",
    """dict
    The JSON-ready dict of :func:`rankscore.report.binary_report` (render it with
    :func:`rankscore.report.format_report`).""",
    VIEW + "rankscore.report.summary_report : The report of any summary.",
    """One pass over the partitions builds the summary; every number of the report is a view
of it (no weights: the report counts rows).""",
    options=False,
)
