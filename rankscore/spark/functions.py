"""The public functions of :mod:`rankscore.spark` but ``group_metrics``: each one the
in-memory function's result, read from the merged summary (or, for the ROC AUC, from exact
pair counts)."""

from __future__ import annotations

from typing import Any

from pyspark.sql import DataFrame

from .._distributed import (AVERAGE_PRECISION_SCORE, BEST_THRESHOLD, BINARY_CONFUSION,
                            BINARY_REPORT, GAIN_TABLE, KS_STATISTIC, PRECISION_RECALL_CURVE,
                            ROC_AUC_SCORE, ROC_CURVE, FrontDoc, FunctionDoc, documented)
from .._engine.arrays import Curve, PRCurve
from .._engine.results import BinaryConfusion, GainTable, KSResult, ThresholdChoice
from ..report import BinaryReport, summary_report
from ..summary import ScoreSummary
from .auc import auc_of
from .summaries import summary_of

SPARK = FrontDoc(
    "of a Spark DataFrame",
    """df : pyspark.sql.DataFrame
    The scored rows.
label : str
    The label column ({0, 1}, {-1, 1} or bool; others need ``pos_label``).
score : str
    The score column (numbers; higher = more likely positive).""",
    """weight : str, default=None
    A column of non-negative weights.
pos_label : int, float, bool or str, default=None
    The positive class.""",
    "",
    """>>> from pyspark.sql import SparkSession
>>> import rankscore.spark as rsp
>>> spark = SparkSession.builder.master("local[2]").getOrCreate()
>>> df = spark.createDataFrame([(0, 0.14), (1, 0.23), (0, 0.39), (0, 0.52), (1, 0.73),
...                             (1, 0.90)], "y int, s double").repartition(2)""",
)

SCORE_SUMMARY = FunctionDoc(
    "The exact :class:`rankscore.ScoreSummary` {of}'s columns.", "", "",
    """ScoreSummary
    On the driver; equals ``ScoreSummary.from_arrays`` of the columns collected into
    memory (same thresholds, same counts).""",
    "rankscore.ScoreSummary : The summary and its views.",
    """Each partition is summarised on its executor; the partitions' summaries (bytes)
reach the driver, which merges them. No row reaches the driver; the summary holds
``d * 24`` bytes for ``d`` distinct float64 scores.""",
)


@documented(SCORE_SUMMARY, SPARK, """>>> s = rsp.score_summary(df, label="y", score="s")
>>> s.positives.tolist(), round(s.roc_auc(), 4)
([1, 1, 0, 0, 1, 0], 0.7778)""")
def score_summary(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                  pos_label: Any = None) -> ScoreSummary:
    return summary_of(df, label, score, weight, pos_label, "score_summary")


summary = score_summary


@documented(ROC_AUC_SCORE, SPARK, """>>> round(rsp.roc_auc_score(df, label="y", score="s"), 4)
0.7778""", """Without weights (and ``max_fpr``) one pass; on one machine of up to 4 cores
(``local`` mode, or a single executor) one task reads every partition and counts the
pairs as in memory (sorting on two threads), and the driver receives three integers.
Otherwise one shuffle: the scores are dealt by bucket (the top 20 bits of a 64-bit key
that sorts as the score does) to the tasks that merge them, and only four integers per
bucket reach the driver: the bucket, its negatives, positives and twice its Mann-Whitney
U; the pairs across buckets are products of counts. The driver's memory does not grow
with the number of rows (at most 2^20 buckets).""")
def roc_auc_score(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                  pos_label: Any = None, max_fpr: float | None = None) -> float:
    if weight is None and max_fpr is None:
        return auc_of(df, label, score, pos_label)
    summary = summary_of(df, label, score, weight, pos_label, "roc_auc_score")
    return summary.roc_auc(max_fpr=max_fpr)


@documented(ROC_CURVE, SPARK, """>>> fpr, tpr, thresholds = rsp.roc_curve(df, label="y", score="s")
>>> fpr.round(3).tolist(), tpr.round(3).tolist()
([0.0, 0.0, 0.0, 0.667, 0.667, 1.0], [0.0, 0.333, 0.667, 0.667, 1.0, 1.0])""")
def roc_curve(df: DataFrame, *, label: str, score: str, weight: str | None = None,
              pos_label: Any = None, drop_intermediate: bool = True) -> Curve:
    merged = summary_of(df, label, score, weight, pos_label, "roc_curve")
    return merged.roc_curve(drop_intermediate=drop_intermediate)


@documented(PRECISION_RECALL_CURVE, SPARK, """\
>>> precision, recall, _ = rsp.precision_recall_curve(df, label="y", score="s")
>>> precision.round(3).tolist()
[0.5, 0.6, 0.5, 0.667, 1.0, 1.0, 1.0]""")
def precision_recall_curve(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                           pos_label: Any = None, drop_intermediate: bool = False) -> PRCurve:
    merged = summary_of(df, label, score, weight, pos_label, "precision_recall_curve")
    return merged.precision_recall_curve(drop_intermediate=drop_intermediate)


@documented(AVERAGE_PRECISION_SCORE, SPARK, """\
>>> round(rsp.average_precision_score(df, label="y", score="s"), 4)
0.8667""")
def average_precision_score(df: DataFrame, *, label: str, score: str,
                            weight: str | None = None, pos_label: Any = 1) -> float:
    summary = summary_of(df, label, score, weight, pos_label, "average_precision_score")
    return summary.average_precision()


@documented(KS_STATISTIC, SPARK, """>>> result = rsp.ks_statistic(df, label="y", score="s")
>>> round(result.statistic, 4), result.threshold
(0.6667, 0.52)""")
def ks_statistic(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                 pos_label: Any = None) -> KSResult:
    return summary_of(df, label, score, weight, pos_label, "ks_statistic").ks_statistic()


@documented(GAIN_TABLE, SPARK, """\
>>> rsp.gain_table(df, label="y", score="s", n_groups=2).positives.tolist()
[2, 1]""")
def gain_table(df: DataFrame, *, label: str, score: str, n_groups: int = 10,
               weight: str | None = None, pos_label: Any = None) -> GainTable:
    return summary_of(df, label, score, weight, pos_label, "gain_table").gain_table(n_groups)


@documented(BINARY_CONFUSION, SPARK, """\
>>> c = rsp.binary_confusion(df, label="y", score="s", threshold=0.5)
>>> c.tp, c.fp, c.fn, c.tn
(2, 1, 1, 2)""")
def binary_confusion(df: DataFrame, *, label: str, score: str, threshold: float,
                     weight: str | None = None, pos_label: Any = None, strict: bool = False) -> BinaryConfusion:
    summary = summary_of(df, label, score, weight, pos_label, "binary_confusion")
    return summary.confusion(threshold, strict=strict)


@documented(BEST_THRESHOLD, SPARK, """\
>>> rsp.best_threshold(df, "youden", label="y", score="s").threshold
0.73""")
def best_threshold(df: DataFrame, objective: str, *, label: str, score: str,
                   weight: str | None = None, pos_label: Any = None, **options: Any) -> ThresholdChoice:
    summary = summary_of(df, label, score, weight, pos_label, "best_threshold")
    return summary.best_threshold(objective, **options)


@documented(BINARY_REPORT, SPARK, """>>> report = rsp.binary_report(df, label="y", score="s")
>>> report["counts"]["n"], round(report["ranking"]["roc_auc"], 4)
(6, 0.7778)""")
def binary_report(df: DataFrame, *, label: str, score: str, pos_label: Any = None,
                  threshold: float = 0.5, n_groups: int = 10,
                  strict: bool = False) -> BinaryReport:
    return summary_report(summary_of(df, label, score, None, pos_label,
                                     "binary_report"), threshold=threshold,
                          n_groups=n_groups, strict=strict)
