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

from __future__ import annotations

import bisect
import math
import operator
import os
import re
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, Callable

import numpy as np

from . import _backend, groups
from ._engine.parts import MAX_EXACT_ROWS, binary_problem, use_two_threads
from ._engine.sweep import Scan
from ._engine.validate import as_scores, check_positive_int
from ._engine.views import auc_view
from ._engine.labels import label_codes
from .report import summary_report
from .summary import ScoreSummary

try:
    import dask
    import dask.array as da
    import dask.dataframe as dd
    from dask.delayed import Delayed, delayed
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise ImportError(
        "rankscore.dask needs Dask: pip install 'rankscore[dask]' (dask[array,dataframe])"
    ) from exc

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

_ONLY_DASK = (
    "{name} must be a Dask array or a Dask DataFrame column (dask.dataframe.Series), got"
    " {kind}; for data in memory use rankscore.{function}"
)


# ---------------------------------------------------------------------------------------
# partitions: the three columns cut into aligned pieces


def _backend_name() -> str:
    """The kernel module in use here, so that worker processes use the same one."""
    return "python" if _backend.kernels is _backend.load("python") else "cython"


def _loadable(backend: str) -> bool:
    try:
        _backend.load(backend)
    except ImportError:  # a worker without the compiled module: its fallback is the same
        return False
    return True


def _kind(x: Any) -> str:
    kind = type(x).__name__
    return "a Dask DataFrame (pick one column: df['score'])" if isinstance(x, dd.DataFrame) \
        else f"{type(x).__module__.split('.')[0]}.{kind}"


def _check_collection(x: Any, name: str, function: str) -> None:
    if isinstance(x, dd.Series):
        return
    if isinstance(x, da.Array):
        if x.ndim != 1:
            raise ValueError(f"{name} must be 1-D, got a Dask array of shape {x.shape}")
        return
    raise TypeError(_ONLY_DASK.format(name=name, kind=_kind(x), function=function))


def _as_array(x: Any) -> da.Array:
    """A 1-D Dask array with known chunk sizes (a Series is counted partition by partition)."""
    if isinstance(x, dd.Series):
        return x.to_dask_array(lengths=True)
    if any(math.isnan(c) for c in x.chunks[0]):
        return x.compute_chunk_sizes()
    return x


def _aligned(columns: dict[str, Any]) -> tuple[list[dict[str, Any]], list[int | None]]:
    """One dict {name: Delayed partition} per partition, the partitions of all columns
    aligned, and the first row of each partition (None where unknown).

    Columns of one Dask DataFrame (or Series with the same number of partitions) are taken
    partition by partition; anything else becomes Dask arrays, rechunked to the chunks of
    ``y_score``.
    """
    values = list(columns.values())
    same_frame = all(isinstance(x, dd.Series) for x in values) and len(
        {x.npartitions for x in values}
    ) == 1
    if not same_frame:
        arrays = {name: _as_array(x) for name, x in columns.items()}
        lengths = {name: x.shape[0] for name, x in arrays.items()}
        if len(set(lengths.values())) > 1:
            shown = ", ".join(f"{name} {n}" for name, n in lengths.items())
            raise ValueError(f"the columns have different lengths: {shown} rows")
        chunks = arrays["y_score"].chunks
        columns = {name: x if x.chunks == chunks else x.rechunk(chunks)
                   for name, x in arrays.items()}  # fmt: skip
        starts = np.concatenate([[0], np.cumsum(chunks[0])[:-1]]).astype(int).tolist()
    parts = {name: list(np.ravel(np.asarray(x.to_delayed(), dtype=object)))
             for name, x in columns.items()}  # fmt: skip
    n = len(parts["y_score"])
    if same_frame:
        starts = [None] * n
    return [{name: pieces[i] for name, pieces in parts.items()} for i in range(n)], starts


def _on(backend: str, function: Callable, *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)`` on the kernels of ``backend`` (a worker without the
    compiled module uses its fallback: both give the same results)."""
    if backend == _backend_name() or not _loadable(backend):
        return function(*args, **kwargs)
    with _backend.using(backend):
        return function(*args, **kwargs)


def _chunk(
    summarise: Callable, where: tuple[int, int, int | None], backend: str,
    columns: dict[str, Any], options: dict[str, Any],
) -> Any:
    """The summary of one partition (None when it is empty), computed on a worker.

    ``where`` is (partition number from 1, number of partitions, first row from 0 or None
    when unknown); an error names the partition, its rows and the row in the whole column.
    """
    number, n_parts, start = where
    lengths = {name: len(x) for name, x in columns.items() if x is not None}
    n = lengths["y_score"]
    place = f"partition {number} of {n_parts}"
    if start is not None:
        place += f" (rows {start + 1}..{start + n})"
    if len(set(lengths.values())) > 1:
        shown = ", ".join(f"{name} {n}" for name, n in lengths.items())
        raise ValueError(f"{place}: the columns have different lengths ({shown} rows); align"
                         " the partitions (e.g. take all columns from one DataFrame)")
    if n == 0:
        return None
    try:
        return _on(backend, summarise, **columns, **options)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        if start is not None:  # an index in the partition -> the index in the column
            message = re.sub(r"\bindex (\d+)", lambda m: f"index {start + int(m[1])}", message)
        raise type(exc)(f"{place}: {message}") from None


def _partition_tasks(summarise: Callable, columns: dict[str, Any],
                     options: dict[str, Any]) -> list[Delayed]:
    """One Delayed summary per partition."""
    parts, starts = _aligned(columns)
    backend = _backend_name()
    return [
        delayed(_chunk, pure=True)(summarise, (i + 1, len(parts), start), backend, part, options)
        for i, (part, start) in enumerate(zip(parts, starts))
    ]


def _merge(combine: Callable, *summaries: Any) -> Any:
    present = [s for s in summaries if s is not None]
    return combine(present) if present else None


def _tree(level: list, combine: Callable, split_every: int,
          root: Callable | None = None) -> Delayed:
    """The Delayed ``combine`` of ``level`` merged in a tree, ``split_every`` per task
    (``root``, if given, combines the last ones instead and reads the result)."""
    while len(level) > split_every:
        level = [delayed(_merge, pure=True)(combine, *level[i : i + split_every])
                 for i in range(0, len(level), split_every)]  # fmt: skip
    return delayed(_merge, pure=True)(root or combine, *level)


# ---------------------------------------------------------------------------------------
# the exact summary: partition summaries cut into score ranges, the ranges merged at once
#
# Every partition's summary is cut at the same scores (quantiles of all partitions'
# thresholds), so range j of every partition holds the same scores. The pieces of one range
# merge in one task (a k-way merge), all ranges at the same time on all workers, and the
# merged ranges, highest scores first, are the merged summary: the client concatenates them.
# The ROC AUC without weights needs even less: three integers per range (_auc_of).
#
# Between tasks a summary travels as its three arrays and pos_label (Dask ships NumPy
# arrays without copies, pickle protocol 5), counts packed into the smallest unsigned
# integer type that holds them: 10 bytes per distinct float64 score when scores are
# distinct, not 24. The arrays come from ScoreSummary itself and are not checked again.

_SAMPLE = 1024  # thresholds sampled per partition summary to place the range borders
_RANGE_SCORES = 1 << 22  # distinct scores of one range, about (its merge's memory)
_MAX_RANGES = 1024


def _packed(summary: Any) -> tuple:
    negatives, positives = summary.negatives, summary.positives
    if negatives.dtype.kind == "i" and len(negatives):
        dtype = np.min_scalar_type(max(int(negatives.max()), int(positives.max())))
        negatives, positives = negatives.astype(dtype), positives.astype(dtype)
    return summary.thresholds, negatives, positives, summary.pos_label


def _unpacked(arrays: tuple):
    thresholds, negatives, positives, label = arrays
    if negatives.dtype.kind == "u":
        negatives, positives = negatives.astype(np.int64), positives.astype(np.int64)
    return ScoreSummary._trusted(thresholds, negatives, positives, label)


def _summarise(y_true: Any, y_score: Any, sample_weight: Any = None,
               pos_label: Any = None) -> tuple:
    return _packed(ScoreSummary.from_arrays(y_true, y_score, pos_label=pos_label,
                                            sample_weight=sample_weight))


def _merge_summaries(parts: list) -> tuple:
    return _packed(ScoreSummary.merge_all(_unpacked(p) for p in parts))


def _sample(arrays: tuple | None) -> tuple | None:
    """Up to ``_SAMPLE`` thresholds evenly spaced along a partition summary, and its length
    (None for an empty partition)."""
    if arrays is None:
        return None
    thresholds = arrays[0]
    at = np.linspace(0, len(thresholds) - 1, min(_SAMPLE, len(thresholds))).round()
    return thresholds[at.astype(np.intp)], len(thresholds)


def _cut(arrays: tuple | None, borders: np.ndarray) -> tuple:
    """A partition summary cut at ``borders`` (ascending) into ``len(borders) + 1`` pieces,
    the highest scores first: piece j holds the scores of range j (views, no copies)."""
    if arrays is None:
        return (None,) * (len(borders) + 1)
    thresholds, negatives, positives, label = arrays
    # thresholds are descending: the scores >= b are the first bisect_right(-t, -b) ones
    cuts = [0, *(bisect.bisect_right(thresholds, -b, key=operator.neg) for b in borders[::-1]),
            len(thresholds)]
    return tuple((thresholds[a:b], negatives[a:b], positives[a:b], label)
                 for a, b in zip(cuts[:-1], cuts[1:]))


def _range_pairs(parts: list) -> tuple[int, int, int]:
    """(negatives, positives, twice the Mann-Whitney U within the range) of the merged
    pieces of one range, without weights."""
    summary = _unpacked(_merge_summaries(parts))
    n_neg, n_pos, pairs = _backend.kernels.summary_scan_counts(summary.negatives,
                                                               summary.positives)[:3]
    return int(n_neg), int(n_pos), int(pairs)


def _n_threads() -> int:
    """Threads computing: those of the distributed client's workers, else this machine's."""
    client = _client()
    if client is None:
        return os.cpu_count() or 1
    return max(1, sum(client.nthreads().values()))


def _ranges(columns: dict[str, Any], pos_label: Any, split_every: int,
            read: Callable) -> list | None:
    """``read`` of each score range's merged pieces, highest range first, computed on the
    workers; None when every partition is empty.

    Three rounds: the partition summaries (kept on the workers), a sample of their
    thresholds (to the client, which places the range borders), then the ranges.
    """
    summaries = dask.persist(*_partition_tasks(_summarise, columns, {"pos_label": pos_label}))
    found = dask.compute(*[delayed(_sample, pure=True)(s) for s in summaries])
    if all(x is None for x in found):
        return None
    samples = [x for x in found if x is not None and x[1]]  # not empty, nor all zero weights
    length = sum(n for _, n in samples)
    n_ranges = min(max(2 * _n_threads(), -(-length // _RANGE_SCORES)), _MAX_RANGES, length)
    borders = _borders(samples, n_ranges) if n_ranges > 1 else np.empty(0)
    k = len(borders) + 1
    backend = _backend_name()
    pieces = [delayed(_cut, nout=k, pure=True)(s, borders) for s in summaries]
    tasks = [_tree([p[j] for p in pieces], partial(_on, backend, _merge_summaries),
                   split_every, root=partial(_on, backend, read)) for j in range(k)]
    return list(dask.compute(*tasks))


def _columns(y_true, y_score, sample_weight, function: str) -> dict[str, Any]:
    columns = {"y_true": y_true, "y_score": y_score}
    if sample_weight is not None:
        columns["sample_weight"] = sample_weight
    for name, x in columns.items():
        _check_collection(x, name, function)
    return columns


def _check_split_every(split_every: Any) -> int:
    if isinstance(split_every, bool) or not isinstance(split_every, (int, np.integer)) \
            or split_every < 2:
        raise ValueError(f"split_every must be an integer >= 2, got {split_every!r}")
    return int(split_every)


def _summary_of(y_true, y_score, sample_weight, pos_label, split_every, function,
                max_thresholds=None):
    columns = _columns(y_true, y_score, sample_weight, function)
    split_every = _check_split_every(split_every)
    if max_thresholds is not None:
        max_thresholds = check_positive_int(max_thresholds, "max_thresholds")
        return _compressed_summary(columns, pos_label, split_every, max_thresholds)
    ranges = _ranges(columns, pos_label, split_every, _merge_summaries)
    if ranges is None:  # every partition is empty: the in-memory error
        return ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    merged = [_unpacked(r) for r in ranges if r is not None]
    if len(merged) == 1:
        return merged[0]
    return ScoreSummary._trusted(*(np.concatenate([getattr(s, name) for s in merged])
                                   for name in ("thresholds", "negatives", "positives")),
                                 merged[0].pos_label)


# ---------------------------------------------------------------------------------------
# the ROC AUC without weights on a distributed cluster: one sort per worker
#
# 2U (twice the Mann-Whitney U) adds up over any split of the rows: with the rows cut into
# the parts A_w that the workers w hold, 2U = Σ_w 2U(A_w) + Σ_{a != b} 2U(positives of A_a,
# negatives of A_b). So each worker splits the partitions it holds into one array per
# class (no rows move for that) and sorts the smaller class, which travels, each worker's
# to every other one; then each worker sorts its larger class on one thread while it
# merges the smaller classes of all workers into one sorted array on another, and counts
# its larger class's pairs against it in two score ranges on two threads (the pairs
# across the two ranges are a product). A first round of one small task per
# partition codes the labels and counts the classes (which class is smaller); then the
# client submits the rest at once and receives one integer per worker.


def _client() -> Any:
    """The distributed client in use, or None (Dask's local scheduler)."""
    try:
        from distributed import default_client

        return default_client()
    except (ImportError, ValueError):  # no distributed, or no client
        return None


def _label_codes(y_true: Any, y_score: Any, pos_label: Any = None) -> tuple:
    """(label codes, positive code, positives, score dtype) of one partition (its scores
    are checked for NaN and infinity at the ends of the sorted classes, as in memory)."""
    codes, pos_code = label_codes(y_true, pos_label)
    dtype = as_scores(y_score, finite=False).dtype
    return codes, pos_code, int(np.count_nonzero(codes == pos_code)), dtype


def _split_into(y_true: Any, y_score: Any, *, labels: tuple, neg: np.ndarray,
                pos: np.ndarray) -> None:
    """One partition's scores written into ``neg`` and ``pos`` by class."""
    scores = as_scores(y_score, finite=False).astype(neg.dtype, copy=False)
    _backend.kernels.split_scores_into(*labels, scores, neg, pos)


def _check_scores(y_true: Any, y_score: Any) -> None:
    as_scores(y_score)


def _partition_labels(where: tuple, *values: Any, names: list, backend: str,
                      pos_label: Any) -> tuple:
    """(where, columns, label codes) of one partition (its columns ``names``, ``values``):
    it stays on its worker, with its labels coded (None when it is empty)."""
    columns = dict(zip(names, values))
    return where, columns, _chunk(_label_codes, where, backend, columns,
                                  {"pos_label": pos_label})


def _class_counts(partition: tuple) -> tuple[int, int]:
    """(negatives, positives) of one partition from :func:`_partition_labels`."""
    found = partition[2]
    return (0, 0) if found is None else (len(found[0]) - found[2], found[2])


def _in_threads(function: Callable, jobs: list, n_rows: int) -> list:
    """[function(job) for job in jobs], on two threads for large inputs (the kernels and
    sorts release the GIL), so that a worker left alone uses the cores the other leaves."""
    if use_two_threads(n_rows) and len(jobs) > 1:
        with ThreadPoolExecutor(2) as pool:
            return list(pool.map(function, jobs))
    return list(map(function, jobs))


def _worker_split(backend: str, positives_travel: bool, *partitions: tuple) -> tuple:
    """(the larger class, the smaller class sorted ascending) of the partitions one worker
    holds (from :func:`_partition_labels`): the partitions are split into one array per
    class, each into its place, on two threads. Runs under ``_on(backend, ...)``."""
    counts = [_class_counts(p) for p in partitions]
    n_neg, n_pos = map(sum, zip((0, 0), *counts))
    dtype = np.result_type(np.float32, *(p[2][3] for p in partitions if p[2] is not None))
    neg, pos = np.empty(n_neg, dtype=dtype), np.empty(n_pos, dtype=dtype)
    ends = np.cumsum([(0, 0), *counts], axis=0).tolist()  # each partition's place

    def split(i: int) -> None:
        (a, b), (c, d) = ends[i], ends[i + 1]
        where, columns, found = partitions[i]
        if found is not None:
            options = {"labels": found[:2], "neg": neg[a:c], "pos": pos[b:d]}
            _chunk(_split_into, where, backend, columns, options)

    _in_threads(split, list(range(len(partitions))), n_neg + n_pos)
    larger, smaller = (neg, pos) if positives_travel else (pos, neg)
    _sorted_finite(smaller, backend, partitions)
    return larger, smaller


def _sorted_finite(scores: np.ndarray, backend: str, partitions: tuple) -> np.ndarray:
    """``scores`` sorted in place; NaN or infinity (at the ends once sorted) is the
    in-memory error naming its partition."""
    scores.sort()
    if len(scores) and not (math.isfinite(scores[0]) and math.isfinite(scores[-1])):
        for where, columns, _ in partitions:
            _chunk(_check_scores, where, backend, columns, {})
    return scores


def _worker_pairs(backend: str, positives_travel: bool, split: tuple, travelling: list,
                  *partitions: tuple) -> int:
    """2U of one worker's larger class (from :func:`_worker_split`, sorted here in place:
    this task is its only reader) against the smaller class of all rows (this worker's and
    the ``travelling`` ones, merged into one sorted array on a second thread meanwhile),
    counted in two score ranges on two threads. Runs under ``_on(backend, ...)``.

    The ranges are cut at ``v``, the larger class's middle score: below ``v`` the first
    part of each class, from ``v`` on the rest; every smaller-class score from ``v`` on is
    above all of the larger class's first part (2 pairs each, or none the other way)."""
    kernels = _backend.kernels
    larger, smaller = split
    runs = [run for run in (smaller, *travelling) if len(run)]
    # one dtype (a worker holding only empty partitions sends an empty float32 class)
    dtype = np.result_type(larger.dtype, *(run.dtype for run in runs))
    runs = [run.astype(dtype, copy=False) for run in runs]

    def sort_or_merge(job: str) -> None:
        if job == "sort":
            _sorted_finite(larger, backend, partitions)
        else:
            while len(runs) > 1:
                runs.append(kernels.merge_sorted(runs.pop(), runs.pop()))

    n_rows = len(larger) + sum(map(len, runs))
    _in_threads(sort_or_merge, ["sort", "merge"], n_rows)  # NaN is an error even then:
    if not (len(larger) and runs):
        return 0
    larger, smaller = larger.astype(dtype, copy=False), runs[0]
    cut = int(np.searchsorted(larger, larger[len(larger) // 2], "left"))
    at = int(np.searchsorted(smaller, larger[len(larger) // 2], "left"))
    if positives_travel:  # negatives = larger: each positive from v on is above larger[:cut]
        jobs, across = [(larger[:cut], smaller[:at]), (larger[cut:], smaller[at:])], \
            cut * (len(smaller) - at)
    else:  # positives = larger: each of larger[cut:] is above the negatives smaller[:at]
        jobs, across = [(smaller[:at], larger[:cut]), (smaller[at:], larger[cut:])], \
            at * (len(larger) - cut)

    def pairs(job: tuple) -> int:
        neg, pos = job
        return int(kernels.auc_merge(neg, pos)) if len(neg) and len(pos) else 0

    return 2 * across + sum(_in_threads(pairs, jobs, n_rows))


def _auc_on_workers(client: Any, columns: dict[str, Any], pos_label: Any) -> tuple | None:
    """(negatives, positives, 2U) of all rows, counted as above; None when every
    partition is empty."""
    parts, starts = _aligned(columns)
    backend = _backend_name()
    names = list(columns)
    values = client.compute([part[name] for part in parts for name in names])
    futures = client.map(_partition_labels, [(i + 1, len(parts), start)
                                             for i, start in enumerate(starts)],
                         *(values[j::len(names)] for j in range(len(names))), names=names,
                         backend=backend, pos_label=pos_label, pure=False)
    del values  # each partition's columns are held by its task's result
    counts = client.gather(client.map(_class_counts, futures, pure=False))
    n_neg, n_pos = map(sum, zip((0, 0), *counts))
    if n_neg + n_pos == 0:
        return None
    positives_travel = n_pos <= n_neg  # the smaller class travels
    held: dict[str, list] = {}
    places = client.who_has(futures)
    for future in futures:  # where each partition is: its worker splits and sorts it
        held.setdefault(min(places.get(future.key, ()), default=None), []).append(future)

    def on(worker, function, *args, priority=0):  # another worker if that one is gone
        where = {} if worker is None else {"workers": [worker], "allow_other_workers": True}
        return client.submit(function, *args, pure=False, priority=priority, **where)

    # Each worker's last task starts once the smaller classes of the others are there: it
    # sorts its larger class while it merges them, then counts.
    split = {w: on(w, _on, backend, _worker_split, backend, positives_travel, *fs)
             for w, fs in held.items()}  # fmt: skip
    smaller = {w: on(w, operator.itemgetter(1), s, priority=1) for w, s in split.items()}
    pairs = [on(b, _on, backend, _worker_pairs, backend, positives_travel, split[b],
                [smaller[a] for a in split if a != b], *held[b]) for b in split]
    del futures, held  # each partition is released once its worker has sorted its classes
    return n_neg, n_pos, sum(client.gather(pairs))


def _auc_of(y_true, y_score, pos_label, split_every) -> float:
    """ROC AUC without weights from exact pair counts: on a distributed cluster one sort
    per worker (above), else the pairs within each score range plus the pairs across
    ranges (every positive of a range above every negative of the ranges below)."""
    columns = _columns(y_true, y_score, None, "roc_auc_score")
    split_every = _check_split_every(split_every)
    client = _client()
    if client is not None:
        counts = _auc_on_workers(client, columns, pos_label)
    else:
        ranges = _ranges(columns, pos_label, split_every, _range_pairs)
        counts = None if ranges is None else _across_ranges(ranges)
    if counts is None:  # every partition is empty: the in-memory error
        ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    n_neg, n_pos, twice_u = counts
    if n_neg + n_pos > MAX_EXACT_ROWS:
        raise ValueError(f"counts total {n_neg + n_pos} rows; exact counts are kept up to "
                         "2**62 rows")
    nan = math.nan
    auc = twice_u / (2 * n_pos * n_neg) if n_neg and n_pos else nan
    return auc_view(Scan(n_neg, n_pos, auc, nan, nan, nan, nan))


def _across_ranges(ranges: list) -> tuple[int, int, int]:
    """(negatives, positives, 2U) of all rows from (negatives, positives, 2U) per range."""
    twice_u = n_neg = n_pos = 0
    for negatives, positives, pairs in reversed([r for r in ranges if r is not None]):
        twice_u += pairs + 2 * positives * n_neg  # the lowest scores first
        n_neg, n_pos = n_neg + negatives, n_pos + positives
    return n_neg, n_pos, twice_u


# ---------------------------------------------------------------------------------------
# the compressed summary: bins fixed for all partitions, so binned partitions merge exactly


def _score_quantiles(y_true: Any, y_score: Any, sample_weight: Any = None,
                     size: int = 2) -> tuple | None:
    """``size`` evenly spaced quantiles of a partition's finite scores, and their count
    (pass 1; a bad score is reported by pass 2, which validates everything)."""
    try:
        scores = np.asarray(y_score, dtype=np.float64)
    except (TypeError, ValueError):
        return None
    scores = scores[np.isfinite(scores)]
    if not len(scores):
        return None
    return np.quantile(scores, np.linspace(0.0, 1.0, size)), len(scores)


def _concat(parts: list) -> list:
    return [q for part in parts for q in (part if isinstance(part, list) else [part])]


def _borders(quantiles: list, max_thresholds: int) -> np.ndarray:
    """About ``max_thresholds - 1`` scores cutting all rows into bins of about equal size."""
    values = np.concatenate([q for q, _ in quantiles])
    weights = np.concatenate([np.full(len(q), n / len(q)) for q, n in quantiles])
    order = np.argsort(values, kind="stable")
    cumulative = np.cumsum(weights[order])
    cuts = np.arange(1, max_thresholds) * (cumulative[-1] / max_thresholds)
    at = np.minimum(np.searchsorted(cumulative, cuts), len(values) - 1)
    return np.unique(values[order][at])


def _binned(y_true: Any, y_score: Any, sample_weight: Any = None, pos_label: Any = None,
            borders: np.ndarray | None = None) -> tuple | None:
    """A partition's exact summary folded into the bins of ``borders`` (pass 2): per
    non-empty bin (descending) its number, lowest score, negatives and positives, and the
    positive-negative pairs the partition ties already."""
    summary = ScoreSummary.from_arrays(y_true, y_score, pos_label=pos_label,
                                       sample_weight=sample_weight)
    if not len(summary):
        return None
    bins = np.searchsorted(borders, summary.thresholds, side="right")  # non-increasing
    starts = np.flatnonzero(np.r_[True, bins[1:] != bins[:-1]])
    ends = np.r_[starts[1:], len(bins)] - 1
    tied = float(np.dot(summary.positives.astype(np.float64),
                        summary.negatives.astype(np.float64)))
    return (bins[starts], summary.thresholds[ends], np.add.reduceat(summary.negatives, starts),
            np.add.reduceat(summary.positives, starts), tied, summary.pos_label)


def _merge_binned(parts: list) -> tuple:
    bins = np.concatenate([p[0] for p in parts])
    order = np.argsort(-bins, kind="stable")
    bins = bins[order]
    starts = np.flatnonzero(np.r_[True, bins[1:] != bins[:-1]])

    def folded(i: int, ufunc: np.ufunc) -> np.ndarray:
        return ufunc.reduceat(np.concatenate([p[i] for p in parts])[order], starts)

    return (bins[starts], folded(1, np.minimum), folded(2, np.add), folded(3, np.add),
            sum(p[4] for p in parts), parts[0][5])


def _compressed_summary(columns, pos_label, split_every, max_thresholds):
    """Two passes: quantiles of every partition fix the bin borders, then each partition's
    exact summary is folded into those bins and the binned summaries merge exactly."""
    size = min(4 * max_thresholds, 1 << 16)
    level = _partition_tasks(_score_quantiles, columns, {"size": size})
    quantiles = _tree(level, _concat, split_every).compute()
    if quantiles is None:  # nothing finite anywhere: pass 2 gives the in-memory error
        borders = np.empty(0)
    else:
        borders = _borders(_concat([quantiles]), max_thresholds)
    level = _partition_tasks(_binned, columns, {"pos_label": pos_label, "borders": borders})
    folded = _tree(level, _merge_binned, split_every).compute()
    if folded is None:
        return ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    _, thresholds, negatives, positives, tied, label = folded
    summary = ScoreSummary._trusted(thresholds, negatives, positives, label)
    binned_pairs = float(np.dot(positives.astype(np.float64), negatives.astype(np.float64)))
    summary.loose_pairs = max(binned_pairs - tied, 0.0)  # pairs the bins may have made ties
    return summary


def score_summary(
    y_true: Any,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: Any = None,
    split_every: int = 32,
    max_thresholds: int | None = None,
):
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
    return _summary_of(y_true, y_score, sample_weight, pos_label, split_every, "ScoreSummary",
                       max_thresholds)


# ---------------------------------------------------------------------------------------
# the views: each one the in-memory function's result, read from the merged summary

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


def _documented(function: Callable) -> Callable:
    """Fill in the docstring parts every view shares: {columns}, {options}, {see_also} and
    {data} (the example's six rows in two partitions)."""
    for name, text in [("{columns}", _COLUMNS_DOC), ("{options}", _OPTIONS_DOC),
                       ("{see_also}", _SEE_ALSO_DOC), ("{data}", _DATA_DOC)]:
        function.__doc__ = function.__doc__.replace(name, text)
    return function


# ScoreSummary's view giving each function's result, where its name differs
_VIEWS = {"roc_auc_score": "roc_auc", "average_precision_score": "average_precision",
          "binary_confusion": "confusion"}


def _read(function: str, y_true, y_score, sample_weight, pos_label, split_every, *args,
          **kwargs):
    """What the in-memory ``function`` returns, read from the merged summary of the columns
    (the ScoreSummary view of the same name, or the one _VIEWS names)."""
    summary = _summary_of(y_true, y_score, sample_weight, pos_label, split_every, function)
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
        return _auc_of(y_true, y_score, pos_label, split_every)
    return _read("roc_auc_score", y_true, y_score, sample_weight, pos_label, split_every,
                 max_fpr=max_fpr)


@_documented
def roc_curve(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    drop_intermediate: bool = True, split_every: int = 32,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    return _read("roc_curve", y_true, y_score, sample_weight, pos_label, split_every,
                 drop_intermediate=drop_intermediate)


@_documented
def precision_recall_curve(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    drop_intermediate: bool = False, split_every: int = 32,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    return _read("precision_recall_curve", y_true, y_score, sample_weight, pos_label, split_every,
                 drop_intermediate=drop_intermediate)


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
    return _read("average_precision_score", y_true, y_score, sample_weight, pos_label, split_every)


@_documented
def ks_statistic(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None,
    split_every: int = 32,
):
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
    return _read("ks_statistic", y_true, y_score, sample_weight, pos_label, split_every)


@_documented
def gain_table(
    y_true: Any, y_score: Any, n_groups: int = 10, *, pos_label: Any = None,
    sample_weight: Any = None, split_every: int = 32,
):
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
    return _read("gain_table", y_true, y_score, sample_weight, pos_label, split_every,
                 n_groups)


@_documented
def binary_confusion(
    y_true: Any, y_score: Any, *, threshold: float, pos_label: Any = None,
    sample_weight: Any = None, split_every: int = 32, strict: bool = False,
):
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
    return _read("binary_confusion", y_true, y_score, sample_weight, pos_label, split_every,
                 threshold, strict=strict)


@_documented
def best_threshold(
    y_true: Any, y_score: Any, objective: str, *, pos_label: Any = None,
    sample_weight: Any = None, split_every: int = 32, **options: Any,
):
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
    return _read("best_threshold", y_true, y_score, sample_weight, pos_label, split_every,
                 objective, **options)


@_documented
def binary_report(
    y_true: Any, y_score: Any, *, pos_label: Any = None, threshold: float = 0.5,
    n_groups: int = 10, split_every: int = 32, strict: bool = False,
) -> dict[str, Any]:
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
    summary = _summary_of(y_true, y_score, None, pos_label, split_every, "report.binary_report")
    return summary_report(summary, threshold=threshold, n_groups=n_groups, strict=strict)


# ---------------------------------------------------------------------------------------
# per-group metrics: one summary per group and partition (rankscore.groups), the groups
# dealt into buckets by key, each bucket's summaries merged per group in its own tree


def _key_columns(by: Any) -> dict[str, Any]:
    """{name: Dask column} of ``by``: a Dask DataFrame, Series or array, or a list of them
    (names of Series, else group, group_1, ...)."""
    if isinstance(by, dd.DataFrame):
        parts = [by[name] for name in by.columns]
    elif isinstance(by, (list, tuple)):
        parts = list(by)
    else:
        parts = [by]
    if not parts:
        raise ValueError("by names no key column")
    names: list[str] = []
    for i, part in enumerate(parts):
        _check_collection(part, "by", "group_metrics")
        name = getattr(part, "name", None)
        name = str(name) if name is not None else "group" if i == 0 else f"group_{i}"
        names.append(name if name not in names else f"{name}_{i}")
    return dict(zip(names, parts))


def _group_chunk(y_true: Any, y_score: Any, sample_weight: Any = None, *, pos_label: Any,
                 n_buckets: int, **keys: Any) -> list:
    """One partition's groups: their summaries in ``n_buckets`` {key: summary} dicts."""
    codes, pos_code, scores, weights, _ = binary_problem(y_true, y_score, pos_label,
                                                         sample_weight, finite=True)
    arrays = [np.asarray(k.to_numpy() if hasattr(k, "to_numpy") else k) for k in keys.values()]
    return groups.keyed_summaries(codes, pos_code, scores, weights, arrays, n_buckets)


def group_metrics(
    y_true: Any, y_score: Any, by: Any, *, pos_label: Any = None, sample_weight: Any = None,
    one_class: str = "warn", split_every: int = 32,
):
    """ROC AUC, average precision, KS and class counts of every group of Dask columns, in
    one pass; equals :func:`rankscore.group_metrics` on the columns computed into memory.

    Parameters
    ----------
    y_true : dask.array.Array or dask.dataframe.Series of shape (n_samples,)
        Labels ({0, 1}, {-1, 1} or bool; others need ``pos_label``).
    y_score : dask.array.Array or dask.dataframe.Series of shape (n_samples,)
        Finite scores, higher = more likely positive.
    by : dask.dataframe.Series, Dask DataFrame, dask.array.Array or a list of them
        The group key(s), partitioned like ``y_score``: rows with equal keys form a group.
    pos_label : int, float, bool or str, default=None
        The positive class.
    sample_weight : dask.array.Array or dask.dataframe.Series, default=None
        Non-negative weights.
    one_class : {"warn", "nan", "raise"}, default="warn"
        Groups holding one class only get NaN AUC and KS, with one
        ``UndefinedMetricWarning`` naming them (``"warn"``), silently (``"nan"``), or
        are a ``ValueError`` naming them (``"raise"``).
    split_every : int, default=32
        Partitions' summaries merged per task.

    Returns
    -------
    pandas.DataFrame
        One row per group, ordered by the keys (a missing key last): the key columns
        (named after the Series, else ``group``, ``group_1``, ...), then ``positives``,
        ``negatives`` (counts, or weight sums), ``prevalence``, ``roc_auc``,
        ``average_precision``, ``ks`` and ``ks_threshold``.

    See Also
    --------
    rankscore.group_metrics : The same table for data in memory.

    Notes
    -----
    Each partition is summarised per group where it lives; the groups are dealt into
    buckets by a hash of their key (two per worker thread), and each bucket's summaries
    merge per group in a tree of tasks, which reads each group's row: only summaries
    travel, and only the rows reach the client. The table is small (one row per group),
    so it is returned computed, as a pandas DataFrame.

    Examples
    --------
    >>> import pandas as pd, dask.dataframe as dd
    >>> import rankscore.dask as rd
    >>> frame = pd.DataFrame({"day": ["mon"] * 4 + ["tue"] * 4,
    ...                       "y": [0, 1, 0, 1, 0, 1, 0, 1],
    ...                       "s": [0.1, 0.9, 0.8, 0.7, 0.2, 0.3, 0.4, 0.6]})
    >>> df = dd.from_pandas(frame, npartitions=3)
    >>> table = rd.group_metrics(df.y, df.s, by=df.day)
    >>> table[["day", "roc_auc", "positives"]].values.tolist()
    [['mon', 0.75, 2], ['tue', 0.75, 2]]
    """
    one_class = groups.check_one_choice(one_class)
    split_every = _check_split_every(split_every)
    columns = _columns(y_true, y_score, sample_weight, "group_metrics")
    keys = _key_columns(by)
    names = list(keys)
    columns.update({f"by_{i}": column for i, column in enumerate(keys.values())})
    n_buckets = min(2 * _n_threads(), _MAX_RANGES)
    level = _partition_tasks(_group_chunk, columns, {"pos_label": pos_label,
                                                     "n_buckets": n_buckets})
    backend = _backend_name()
    tasks = [_tree([delayed(_bucket, pure=True)(part, j) for part in level],
                   partial(_on, backend, groups.merge_keyed), split_every,
                   root=partial(_on, backend, _bucket_rows)) for j in range(n_buckets)]
    rows = [row for bucket in dask.compute(*tasks) if bucket for row in bucket]
    if not rows:  # every partition is empty: the in-memory error
        ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    return groups.frame_of(names, rows, sample_weight is not None, one_class)


def _bucket(buckets: list | None, j: int) -> dict | None:
    return None if buckets is None else buckets[j]


def _bucket_rows(parts: list) -> list:
    return groups.keyed_rows(groups.merge_keyed(parts))
