"""The summary of a Dask collection (score_summary): partition summaries cut into score
ranges at shared borders, each range merged in one task, the ranges concatenated."""

from __future__ import annotations

import bisect
import operator
import os
from functools import partial
from typing import Any, Callable, TypeVar

import numpy as np
from dask.base import compute, persist
from dask.delayed import delayed

from .. import _backend
from .._distributed import LabelsSeen, check_labels_seen, labels_seen, merged_labels
from .._engine.validate import check_positive_int
from ..summary import ScoreSummary
from .compressed import compressed_summary, quantile_borders
from .partitions import (backend_name, check_collection, check_long_doubles, current_client,
                         decimal_partition, on_backend, partition_tasks, tree_merge)

__all__ = ["MAX_RANGES", "check_split_every", "column_dict", "worker_threads", "range_pairs",
           "range_summaries", "summary_of", "score_summary"]

# the exact summary: partition summaries cut into score ranges, the ranges merged at once
#
# Every partition's summary is cut at the same scores (quantiles of all partitions'
# thresholds), so range j of every partition holds the same scores. The pieces of one range
# merge in one task (a k-way merge), all ranges at the same time on all workers, and the
# merged ranges, highest scores first, are the merged summary: the client concatenates them.
# The ROC AUC without weights needs even less: three integers per range (workers.auc_of).
#
# Between tasks a summary travels as its three arrays and pos_label (Dask ships NumPy
# arrays without copies, pickle protocol 5), counts packed into the smallest unsigned
# integer type that holds them: 10 bytes per distinct float64 score when scores are
# distinct, not 24. The arrays come from ScoreSummary itself and are not checked again.

# a summary between tasks: thresholds, negatives, positives (counts as the smallest
# unsigned integers holding them), pos_label
_Packed = tuple[np.ndarray, np.ndarray, np.ndarray, Any]
_R = TypeVar("_R")

_SAMPLE = 1024  # thresholds sampled per partition summary to place the range borders


_RANGE_SCORES = 1 << 22  # distinct scores of one range, about (its merge's memory)


MAX_RANGES = 1024


def _packed(summary: ScoreSummary) -> _Packed:
    negatives, positives = summary.negatives, summary.positives
    if negatives.dtype.kind == "i" and len(negatives):
        dtype = np.min_scalar_type(max(int(negatives.max()), int(positives.max())))
        negatives, positives = negatives.astype(dtype), positives.astype(dtype)
    return summary.thresholds, negatives, positives, summary.pos_label


def _unpacked(arrays: _Packed) -> ScoreSummary:
    thresholds, negatives, positives, label = arrays
    if negatives.dtype.kind == "u":
        negatives, positives = negatives.astype(np.int64), positives.astype(np.int64)
    return ScoreSummary._trusted(thresholds, negatives, positives, label)


def _summarise(y_true: Any, y_score: Any, sample_weight: Any = None, pos_label: Any = None,
               *, caller: str) -> tuple[_Packed, LabelsSeen]:
    """A partition's summary, and what its labels tell the client for ``caller`` (the
    public function's name)."""
    summary = ScoreSummary.from_arrays(y_true, y_score, pos_label=pos_label,
                                       sample_weight=sample_weight)
    return _packed(summary), labels_seen(y_true, pos_label, caller)


def _merge_summaries(parts: list[_Packed]) -> _Packed:
    return _packed(ScoreSummary.merge_all(_unpacked(p) for p in parts))


def _sample(summary: tuple[_Packed, LabelsSeen] | None
            ) -> tuple[np.ndarray, int, LabelsSeen] | None:
    """Up to ``_SAMPLE`` thresholds evenly spaced along a partition summary (from
    :func:`_summarise`), its length and its labels' report (None for an empty partition)."""
    if summary is None:
        return None
    thresholds = summary[0][0]
    at = np.linspace(0, len(thresholds) - 1, min(_SAMPLE, len(thresholds))).round()
    return thresholds[at.astype(np.intp)], len(thresholds), summary[1]


def _cut(summary: tuple[_Packed, LabelsSeen] | None,
         borders: np.ndarray) -> tuple[_Packed | None, ...]:
    """A partition summary cut at ``borders`` (ascending) into ``len(borders) + 1`` pieces,
    the highest scores first: piece j holds the scores of range j (views, no copies)."""
    if summary is None:
        return (None,) * (len(borders) + 1)
    thresholds, negatives, positives, label = summary[0]
    # thresholds are descending: the scores >= b are the first bisect_right(-t, -b) ones
    cuts = [0, *(bisect.bisect_right(thresholds, -b, key=operator.neg) for b in borders[::-1]),
            len(thresholds)]
    return tuple((thresholds[a:b], negatives[a:b], positives[a:b], label)
                 for a, b in zip(cuts[:-1], cuts[1:]))


def range_pairs(parts: list[_Packed]) -> tuple[int, int, int]:
    """(negatives, positives, twice the Mann-Whitney U within the range) of the merged
    pieces of one range, without weights."""
    summary = _unpacked(_merge_summaries(parts))
    n_neg, n_pos, pairs = _backend.kernels.summary_scan_counts(summary.negatives,
                                                               summary.positives)[:3]
    return int(n_neg), int(n_pos), int(pairs)


def worker_threads() -> int:
    """Threads computing: those of the distributed client's workers, else this machine's."""
    client = current_client()
    if client is None:
        return os.cpu_count() or 1
    threads: int = max(1, sum(client.nthreads().values()))  # (distributed: untyped)
    return threads


def range_summaries(columns: dict[str, Any], pos_label: Any, split_every: int,
                    read: Callable[[list[_Packed]], _R],
                    function: str) -> list[_R | None] | None:
    """``read`` of each score range's merged pieces, highest range first, computed on the
    workers (None for a range without pieces); None when every partition is empty.

    Three rounds: the partition summaries (kept on the workers), a sample of their
    thresholds and their labels (to the client, which checks the labels of all rows as
    ``function`` in memory, and places the range borders), then the ranges.
    """
    summaries = persist(*partition_tasks(_summarise, columns, {"pos_label": pos_label,
                                                               "caller": function}))
    found = compute(*[delayed(_sample, pure=True)(s) for s in summaries])
    if all(x is None for x in found):
        return None
    check_labels_seen(merged_labels(x[2] for x in found if x is not None), pos_label,
                      function)
    samples = [x[:2] for x in found if x is not None and x[1]]  # not empty, nor zero weights
    length = sum(n for _, n in samples)
    n_ranges = min(max(2 * worker_threads(), -(-length // _RANGE_SCORES)), MAX_RANGES, length)
    borders = quantile_borders(samples, n_ranges) if n_ranges > 1 else np.empty(0)
    k = len(borders) + 1
    backend = backend_name()
    pieces = [delayed(_cut, nout=k, pure=True)(s, borders) for s in summaries]
    tasks = [tree_merge([p[j] for p in pieces], partial(on_backend, backend, _merge_summaries),
                   split_every, root=partial(on_backend, backend, read)) for j in range(k)]
    return list(compute(*tasks))


def column_dict(y_true: Any, y_score: Any, sample_weight: Any, function: str) -> dict[str, Any]:
    columns = {"y_true": y_true, "y_score": y_score}
    if sample_weight is not None:
        columns["sample_weight"] = sample_weight
    for name, x in list(columns.items()):
        column = check_collection(x, name, function)
        if column is not None and column.kind == "decimal":  # scores or weights
            columns[name] = x.map_partitions(decimal_partition, meta=(x.name, "float64"))
        elif name == "y_score" and isinstance(x.dtype, np.dtype) and x.dtype.kind == "f" \
                and x.dtype.itemsize > 8:  # (pandas' Float64 and Arrow floats are float64)
            check_long_doubles(x, name)  # (float64 merges no other floats)
    return columns


def check_split_every(split_every: Any) -> int:
    if isinstance(split_every, bool) or not isinstance(split_every, (int, np.integer)) \
            or split_every < 2:
        raise ValueError(f"split_every must be an integer >= 2, got {split_every!r}")
    return int(split_every)


def summary_of(y_true: Any, y_score: Any, sample_weight: Any, pos_label: Any, split_every: int,
               function: str, max_thresholds: int | None = None) -> ScoreSummary:
    columns = column_dict(y_true, y_score, sample_weight, function)
    split_every = check_split_every(split_every)
    if max_thresholds is not None:
        max_thresholds = check_positive_int(max_thresholds, "max_thresholds")
        return compressed_summary(columns, pos_label, split_every, max_thresholds, function)
    ranges = range_summaries(columns, pos_label, split_every, _merge_summaries, function)
    if ranges is None:  # every partition is empty: the in-memory error
        return ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    merged = [_unpacked(r) for r in ranges if r is not None]
    if len(merged) == 1:
        return merged[0]
    thresholds, negatives, positives = (np.concatenate([getattr(s, name) for s in merged])
                                        for name in ("thresholds", "negatives", "positives"))
    return ScoreSummary._trusted(thresholds, negatives, positives, merged[0].pos_label)


def score_summary(
    y_true: Any,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: Any = None,
    split_every: int = 32,
    max_thresholds: int | None = None,
) -> ScoreSummary:
    """The exact :class:`rankscore.ScoreSummary` of Dask columns, merged on the cluster.

    Parameters
    ----------
    y_true : dask.array.Array or dask.dataframe.Series of shape (n_samples,)
        Labels: {0, 1}, {-1, 1} or bool need no ``pos_label`` (1 is positive, also in a
        partition holding only 0s); other labels need it.
    y_score : dask.array.Array or dask.dataframe.Series of shape (n_samples,)
        Finite scores, higher = more likely positive.
    pos_label : int, float, bool or str, default=None
        The positive class.
    sample_weight : dask.array.Array or dask.dataframe.Series, default=None
        Non-negative weights.
    split_every : int, default=32
        Pieces merged per task: each score range's pieces of all partitions merge in one
        task, in a tree of this many per task when there are more.
    max_thresholds : int, default=None
        Opt-in compression, for data whose distinct scores do not fit: at most about this
        many thresholds travel and reach the client, whatever the number of rows.

    Returns
    -------
    ScoreSummary
        The summary of all rows, on the client; without ``max_thresholds`` it equals
        ``ScoreSummary.from_arrays`` of the columns computed into memory. Compressed, its
        ``auc_error_bound`` bounds ``|roc_auc() - exact AUC|``.

    See Also
    --------
    rankscore.ScoreSummary : The summary and its views.

    Notes
    -----
    Each partition is summarised where it lives (distinct scores with the negatives and
    positives at each one); the summaries are cut at the same scores into ranges (about
    2^22 distinct scores each, and at least two per worker thread), each range's pieces
    merge in one task on the workers, and only the merged ranges reach the client, which
    concatenates them: no raw rows move. Between workers the counts travel as the
    smallest unsigned integers that hold them (10 bytes per distinct float64 score when
    scores are distinct). The summary holds ``d * 24`` bytes for ``d`` distinct float64
    scores (``d * 20`` for float32), whatever the number of rows. Counts are int64, so the merge is exact; weight sums are exact
    when the weights are (integer or dyadic weights), otherwise sums of tied scores from
    different partitions may differ from the in-memory result in the last bits.

    With ``max_thresholds=k`` the data are read twice: quantiles of every partition fix
    ``k - 1`` bin borders (bins of about equal size), then each partition's exact summary is
    folded into those bins, so binned summaries merge exactly and stay at most ``k`` long.
    Each bin keeps its lowest score as its threshold, so every point of the compressed
    curves is a point of the exact curves. Within a bin, positive-negative pairs count as
    ties: ``|ΔAUC| <= (Σ_bins P_b N_b - Σ_partitions' tied pairs) / (2 P N)``, about
    ``1 / (2 k)`` at worst for continuous scores (``ScoreSummary.compress`` bins one
    summary; compressed summaries do not merge, which is why the bins are fixed first).

    Examples
    --------
    >>> import numpy as np, dask.array as da
    >>> import rankscore.dask as rd
    >>> y = da.from_array(np.array([0, 1, 0, 0, 1, 1]), chunks=2)
    >>> s = da.from_array(np.array([0.14, 0.23, 0.39, 0.52, 0.73, 0.90]), chunks=2)
    >>> summary = rd.score_summary(y, s)
    >>> summary.positives.tolist(), round(summary.roc_auc(), 4)
    ([1, 1, 0, 0, 1, 0], 0.7778)
    >>> rng = np.random.default_rng(0)
    >>> yy = rng.random(100_000) < 0.2
    >>> ss = rng.normal(size=100_000) + yy
    >>> dy, ds = da.from_array(yy, chunks=10_000), da.from_array(ss, chunks=10_000)
    >>> exact, small = rd.score_summary(dy, ds), rd.score_summary(dy, ds, max_thresholds=1000)
    >>> len(exact), len(small) <= 1000
    (100000, True)
    >>> abs(small.roc_auc() - exact.roc_auc()) <= small.auc_error_bound < 1e-3
    True
    """
    return summary_of(y_true, y_score, sample_weight, pos_label, split_every, "ScoreSummary",
                       max_thresholds)
