"""Exact threshold-sweep metrics of Spark DataFrames: one mergeable summary per partition.

``pip install 'rankscore[spark]'`` (PySpark 4 and PyArrow); ``import rankscore`` does not
import Spark, this module does. Every function takes a Spark DataFrame and the names of its
label, score and (optional) weight columns, and returns exactly what the in-memory function
of the same name returns on the same rows collected into memory (the same floats):

``score_summary`` (alias ``summary``: the :class:`rankscore.ScoreSummary` itself),
``roc_auc_score``, ``roc_curve``, ``precision_recall_curve``, ``average_precision_score``,
``ks_statistic``, ``gain_table``, ``binary_confusion``, ``best_threshold``,
``binary_report``, and ``group_metrics`` (one row per group of the ``by`` columns).

How: each partition's columns reach a Python worker on its executor as Arrow record
batches (the JVM's conversion that ``toPandas`` uses; ``mapInArrow`` where it cannot be
reached, as on Spark Connect) and become one summary there (the distinct scores with the
negatives and positives at each one). Only summaries travel, as bytes
(``ScoreSummary.to_bytes``). ``roc_auc_score`` without weights reads no sample first: each
partition sends the distinct keys of its scores (64-bit keys that sort as the scores do)
with their counts, per class, to the task that merges their bucket (the key's top bits);
each bucket's merged lists become three integers (negatives, positives, pairs within the
bucket), and the driver adds the pairs across buckets: its memory does not grow with the
rows. The other functions merge the partitions' summaries on the driver (the summary's
size is that of the distinct scores, whatever the number of rows; the curves are as
long). ``group_metrics`` summarises each group within each partition, the summaries of
each group meet in one task, which merges them and reads the group's row.

Errors are found on the driver where they can be (a missing column, a score column that
does not hold numbers) and otherwise on the executors, where each partition's rows are
validated as in memory; an executor reports its error as data, and the driver raises it
as a one-line ``ValueError``/``TypeError`` naming the partition and the column (never a
JVM stack trace).

Labels: {0, 1}, {-1, 1} and bool need no ``pos_label``; others need it. Binary problems
only. Weights: weight sums of tied scores from different partitions are added in merge
order, so results are exact when the weights are integers or dyadic fractions; otherwise
they may differ from the in-memory result in the last bits.
"""

from __future__ import annotations

try:
    import pyarrow  # noqa: F401
    import pyspark.sql  # noqa: F401
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise ImportError(
        "rankscore.spark needs PySpark 4 and PyArrow: pip install 'rankscore[spark]'"
    ) from exc

from .functions import (average_precision_score, best_threshold, binary_confusion,
                        binary_report, gain_table, ks_statistic, precision_recall_curve,
                        roc_auc_score, roc_curve, score_summary, summary)
from .grouped import group_metrics

__all__ = ["score_summary", "summary", "roc_auc_score", "roc_curve", "precision_recall_curve",
           "average_precision_score", "ks_statistic", "gain_table", "binary_confusion",
           "best_threshold", "binary_report", "group_metrics"]
