"""Exact threshold-sweep metrics of Dask collections: one mergeable summary per partition.

``pip install 'rankscore[dask]'``; ``import rankscore`` does not import Dask, this module
does. Every function takes Dask arrays or Dask DataFrame columns (``dask.dataframe.Series``)
for ``y_true``, ``y_score`` and ``sample_weight`` and returns exactly what the in-memory
function of the same name returns on the same rows:

``score_summary`` (the :class:`rankscore.ScoreSummary` itself), ``roc_auc_score``,
``roc_curve``, ``precision_recall_curve``, ``average_precision_score``, ``ks_statistic``,
``gain_table``, ``binary_confusion``, ``best_threshold``, ``binary_report`` and
``group_metrics`` (one row per group of key columns, a pandas DataFrame).

How: each partition is summarised where it lives (its distinct scores with the negatives
and positives at each); every summary is cut at the same scores into score ranges, and the
pieces of each range merge in one task on the workers (all ranges at once); the client
concatenates the merged ranges, highest first, into the one summary and reads the result
from it. ``roc_auc_score`` without weights needs no summary at the client: with a
``distributed.Client`` each worker splits the partitions it holds into one array per class
and sorts them, only the smaller class's sorted scores travel between workers, and the
client adds exact pair counts (:doc:`/dask` shows the steps). No raw rows are gathered into one process. With a ``distributed.Client`` the work
runs on its cluster, otherwise on Dask's default scheduler.

Partitions: columns of one Dask DataFrame (or Series with equal partition counts) are taken
partition by partition (a partition whose columns differ in length is an error naming it);
anything else is turned into Dask arrays (a Series is counted per partition) and rechunked
to the chunks of ``y_score``. Empty partitions are skipped; a partition holding one class
only is fine; a class missing from every partition is the in-memory warning or error. An
invalid value (NaN, a third label, a negative weight) is the in-memory error prefixed with
the partition, its rows and the index in the whole column.

Labels: {0, 1}, {-1, 1} and bool need no ``pos_label`` (1 is positive, also in a partition
holding only 0s); other labels need it (``roc_auc_score`` here takes ``pos_label`` because
one partition cannot know which of two labels is the larger). Binary problems only.

Weights: per-score weight sums are added across partitions (in partition order), so results
are exact when the weights are integers or dyadic fractions; otherwise sums of tied scores
coming from different partitions may differ from the in-memory result in the last bits.

The documentation's page :doc:`/dask` shows a real cluster and the size of the summary for
10^10 rows.
"""

try:  # the extra's packages, checked once with a message saying how to install them
    import dask  # noqa: F401
    import dask.array  # noqa: F401
    import dask.dataframe  # noqa: F401
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise ImportError(
        "rankscore.dask needs Dask: pip install 'rankscore[dask]' (dask[array,dataframe])"
    ) from exc

from .summaries import score_summary
from .functions import (average_precision_score, best_threshold, binary_confusion, binary_report,
                        gain_table, ks_statistic, precision_recall_curve, roc_auc_score,
                        roc_curve)
from .grouped import group_metrics

__all__ = [
    "score_summary",
    "roc_auc_score",
    "roc_curve",
    "precision_recall_curve",
    "average_precision_score",
    "ks_statistic",
    "gain_table",
    "binary_confusion",
    "best_threshold",
    "binary_report",
    "group_metrics",
]
