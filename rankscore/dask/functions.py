"""The in-memory functions' Dask twins, each a view of the collection's summary."""

from __future__ import annotations

from typing import Any

from .._distributed import (AVERAGE_PRECISION_SCORE, BEST_THRESHOLD, BINARY_CONFUSION,
                            BINARY_REPORT, GAIN_TABLE, KS_STATISTIC, PRECISION_RECALL_CURVE,
                            ROC_AUC_SCORE, ROC_CURVE, FrontDoc, documented)
from .._engine.arrays import Curve, PRCurve
from .._engine.results import BinaryConfusion, GainTable, KSResult, ThresholdChoice
from ..report import BinaryReport, summary_report
from .summaries import summary_of
from .workers import auc_of

__all__ = ["average_precision_score", "best_threshold", "binary_confusion", "binary_report",
           "gain_table", "ks_statistic", "precision_recall_curve", "roc_auc_score", "roc_curve"]


DASK = FrontDoc(
    "of Dask columns",
    """y_true : dask.array.Array or dask.dataframe.Series of shape (n_samples,)
    Labels ({0, 1}, {-1, 1} or bool; others need ``pos_label``).
y_score : dask.array.Array or dask.dataframe.Series of shape (n_samples,)
    Finite scores, higher = more likely positive.""",
    """pos_label : int, float, bool or str, default=None
    The positive class.
sample_weight : dask.array.Array or dask.dataframe.Series, default=None
    Non-negative weights, partitioned like ``y_score`` (else rechunked to it).
split_every : int, default=32
    Pieces merged per task: each score range's pieces of all partitions merge in one
    task, in a tree of this many per task when there are more.""",
    """split_every : int, default=32
    Pieces merged per task (see :func:`score_summary`).""",
    """>>> import numpy as np, dask.array as da
>>> import rankscore.dask as rd
>>> y = da.from_array(np.array([0, 1, 0, 0, 1, 1]), chunks=3)
>>> s = da.from_array(np.array([0.14, 0.23, 0.39, 0.52, 0.73, 0.90]), chunks=3)""",
)


@documented(ROC_AUC_SCORE, DASK, """>>> round(rd.roc_auc_score(y, s), 4)
0.7778""", "The counts at each distinct score are merged over the partitions.")
def roc_auc_score(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    max_fpr: float | None = None, split_every: int = 32,
) -> float:
    if sample_weight is None and max_fpr is None:
        return auc_of(y_true, y_score, pos_label, split_every)
    summary = summary_of(y_true, y_score, sample_weight, pos_label, split_every, "roc_auc_score")
    return summary.roc_auc(max_fpr=max_fpr)


@documented(ROC_CURVE, DASK, """>>> fpr, tpr, thresholds = rd.roc_curve(y, s)
>>> fpr.round(3).tolist(), tpr.round(3).tolist()
([0.0, 0.0, 0.0, 0.667, 0.667, 1.0], [0.0, 0.333, 0.667, 0.667, 1.0, 1.0])""")
def roc_curve(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    drop_intermediate: bool = True, split_every: int = 32,
) -> Curve:
    summary = summary_of(y_true, y_score, sample_weight, pos_label, split_every, "roc_curve")
    return summary.roc_curve(drop_intermediate=drop_intermediate)


@documented(PRECISION_RECALL_CURVE, DASK, """\
>>> precision, recall, thresholds = rd.precision_recall_curve(y, s)
>>> precision.round(3).tolist()
[0.5, 0.6, 0.5, 0.667, 1.0, 1.0, 1.0]""")
def precision_recall_curve(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    drop_intermediate: bool = False, split_every: int = 32,
) -> PRCurve:
    summary = summary_of(y_true, y_score, sample_weight, pos_label, split_every,
                         "precision_recall_curve")
    return summary.precision_recall_curve(drop_intermediate=drop_intermediate)


@documented(AVERAGE_PRECISION_SCORE, DASK, """>>> round(rd.average_precision_score(y, s), 4)
0.8667""")
def average_precision_score(
    y_true: Any, y_score: Any, *, pos_label: Any = 1, sample_weight: Any = None,
    split_every: int = 32,
) -> float:
    summary = summary_of(y_true, y_score, sample_weight, pos_label, split_every,
                         "average_precision_score")
    return summary.average_precision()


@documented(KS_STATISTIC, DASK, """>>> result = rd.ks_statistic(y, s)
>>> round(result.statistic, 4), result.threshold
(0.6667, 0.52)""")
def ks_statistic(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    split_every: int = 32,
) -> KSResult:
    summary = summary_of(y_true, y_score, sample_weight, pos_label, split_every, "ks_statistic")
    return summary.ks_statistic()


@documented(GAIN_TABLE, DASK, """>>> rd.gain_table(y, s, 2).to_dict()["positives"].tolist()
[2, 1]""")
def gain_table(
    y_true: Any, y_score: Any, n_groups: int = 10, *, pos_label: Any = None,
    sample_weight: Any = None, split_every: int = 32,
) -> GainTable:
    summary = summary_of(y_true, y_score, sample_weight, pos_label, split_every, "gain_table")
    return summary.gain_table(n_groups)


@documented(BINARY_CONFUSION, DASK, """>>> c = rd.binary_confusion(y, s, threshold=0.5)
>>> c.tp, c.fp, c.fn, c.tn
(2, 1, 1, 2)""")
def binary_confusion(
    y_true: Any, y_score: Any, *, threshold: float, pos_label: Any = None,
    sample_weight: Any = None, split_every: int = 32, strict: bool = False,
) -> BinaryConfusion:
    summary = summary_of(y_true, y_score, sample_weight, pos_label, split_every,
                         "binary_confusion")
    return summary.confusion(threshold, strict=strict)


@documented(BEST_THRESHOLD, DASK, """>>> rd.best_threshold(y, s, "youden").threshold
0.73""")
def best_threshold(
    y_true: Any, y_score: Any, objective: str, *, pos_label: Any = None,
    sample_weight: Any = None, split_every: int = 32, **options: Any,
) -> ThresholdChoice:
    summary = summary_of(y_true, y_score, sample_weight, pos_label, split_every,
                         "best_threshold")
    return summary.best_threshold(objective, **options)


@documented(BINARY_REPORT, DASK, """>>> report = rd.binary_report(y, s)
>>> report["counts"]["n"], round(report["ranking"]["roc_auc"], 4)
(6, 0.7778)""")
def binary_report(
    y_true: Any, y_score: Any, *, pos_label: Any = None, threshold: float = 0.5,
    n_groups: int = 10, split_every: int = 32, strict: bool = False,
) -> BinaryReport:
    summary = summary_of(y_true, y_score, None, pos_label, split_every, "report.binary_report")
    return summary_report(summary, threshold=threshold, n_groups=n_groups, strict=strict)
