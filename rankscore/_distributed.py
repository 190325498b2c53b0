"""What the Dask and Spark front ends share.

Each of their public functions reads the in-memory function's result off the merged
:class:`~rankscore.ScoreSummary` of the data, and documents itself with the same words
wherever the rows live: :class:`FunctionDoc` holds those words (parameters, returns, see
also, notes), :class:`FrontDoc` what one front end says of its data (its columns and
options, the rows of its examples), and :func:`documented` joins them into the function's
docstring. The ROC AUC without weights is read from exact pair counts instead of a
summary: :func:`auc_of_pair_counts` adds them up over score ranges. Each partition checks
its labels as in memory, and reports what the checks of all rows need
(:func:`labels_seen`), which the client checks (:func:`check_labels_seen`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, TypeVar

import numpy as np

from ._engine.areas import check_ap_labels, present_classes
from ._engine.labels import check_pos_label, pos_label_of
from ._engine.parts import MAX_EXACT_ROWS
from ._engine.sweep import Scan
from ._engine.validate import as_label_array, quoted_list, text_label
from ._engine.views import auc_view

__all__ = ["FrontDoc", "FunctionDoc", "documented", "VIEW", "auc_of_pair_counts",
           "LabelsSeen", "labels_seen", "merged_labels", "check_labels_seen",
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


# the labels of all rows
#
# Some label rules read the whole column: without pos_label the labels must lie within
# {0, 1} or within {-1, 1}; average precision takes two classes at most; a binary
# confusion refuses a pos_label that is neither of two classes; and no column mixes text
# and numbers. Every partition can pass them while all rows fail ({0, 1} in one partition,
# {-1, 1} in another), so each partition reports what it holds (LabelsSeen) and the
# client checks their union as the in-memory function checks the column.

AVERAGE_PRECISION = "average_precision_score"
CONFUSION = "binary_confusion"


class LabelsSeen(NamedTuple):
    """What a partition (or several) reports of its labels."""

    labels: tuple[Any, ...]  # distinct labels, at most three, sorted (none where not needed)
    text: frozenset[bool]  # whether its labels are text (True), numbers (False), or both
    positive: bool = False  # (binary confusion) whether a label is pos_label


def _needs_labels(pos_label: Any, function: str) -> bool:
    return pos_label is None or function in (AVERAGE_PRECISION, CONFUSION)


def labels_seen(y_true: Any, pos_label: Any, function: str) -> LabelsSeen:
    """What one partition's labels ``y_true`` (checked already, as in memory) tell the
    client for ``function`` (the public function's name)."""
    y = as_label_array(y_true)
    pos_label = text_label(pos_label)  # (bytes labels are read as str)
    text = frozenset([y.dtype.kind in "US"])
    if not _needs_labels(pos_label, function) or y.dtype.kind == "b" and function not in (
            CONFUSION, AVERAGE_PRECISION):  # (their pos_label must be one of the labels)
        return LabelsSeen((), text, True)  # (bools: two classes, within {0, 1})
    positive = function == CONFUSION and bool(np.any(y == pos_label))
    if y.dtype.kind in "biuf":  # few labels: a pass for the smallest, one for the largest
        lo, hi = y.min(), y.max()
        if lo == hi:
            return LabelsSeen((lo,), text, positive)
        if int(hi) - int(lo) <= 1 or pos_label is None:  # (without it: {0, 1} or {-1, 1})
            return LabelsSeen((lo, hi), text, positive)
        inner = y[(y != lo) & (y != hi)]
        return LabelsSeen((lo, inner[0], hi) if len(inner) else (lo, hi), text, positive)
    found: list[Any] = []  # strings: the first three distinct ones
    rest = y
    while len(rest) and len(found) < 3:
        found.append(rest[0])
        rest = rest[rest != rest[0]]
    return LabelsSeen(tuple(sorted(found)), text, positive)


def merged_labels(reports: Iterable[LabelsSeen | None]) -> LabelsSeen:
    """The report of the union of the partitions of ``reports`` (None: an empty one)."""
    present = [report for report in reports if report is not None]
    labels = {label for report in present for label in report.labels}
    try:
        ordered = sorted(labels)
    except TypeError:  # numbers and strings: the client's check refuses the mixture
        ordered = sorted(labels, key=repr)
    return LabelsSeen(tuple(ordered[:3]), frozenset().union(*(r.text for r in present)),
                      any(report.positive for report in present))


def check_labels_seen(seen: LabelsSeen, pos_label: Any, function: str,
                      name: str = "y_true") -> None:
    """The in-memory function's label errors for the partitions' union ``seen``."""
    if len(seen.text) > 1:  # text in some partitions, numbers in others
        raise ValueError(f"{name} mixes string and number labels")
    if not seen.labels or not _needs_labels(pos_label, function):
        return
    labels = np.array(seen.labels)
    if function == AVERAGE_PRECISION:
        present = present_classes(labels)
        if len(present) > 2:  # (in memory, the classes' columns of scores are another input)
            raise ValueError(f"{name} holds three classes or more ({quoted_list(present.tolist())}"
                             ", …); average_precision_score of one column of scores takes "
                             f"two (scikit-learn's rule, with pos_label too): pass {name} == "
                             "the positive class to score it against the rest")
        check_ap_labels(present, pos_label)
    if function == CONFUSION and pos_label is not None and not seen.positive:
        pos_label_of(labels, pos_label, name)  # (a label: one class only, or of a 4th class)
    if pos_label is None:
        check_pos_label(labels, None, name)


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
