"""The ROC AUC without weights on a distributed cluster: one sort per worker, the smaller
class travelling, twice the Mann-Whitney U added over workers and score ranges."""

from __future__ import annotations

import math
import operator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, TypeVar

import numpy as np

from .. import _backend
from .._distributed import (LabelsSeen, auc_of_pair_counts, check_labels_seen, labels_seen,
                            merged_labels)
from .._engine.labels import label_codes
from .._engine.parts import use_two_threads
from .._engine.validate import as_scores
from ..summary import ScoreSummary
from .partitions import aligned_partitions, backend_name, chunk_summary, current_client, on_backend
from .summaries import check_split_every, column_dict, range_pairs, range_summaries

__all__ = ["auc_of"]

# (label codes, positive code, positives, score dtype, the report of its labels) of one
# partition
_Labels = tuple[np.ndarray, Any, int, np.dtype[Any], LabelsSeen]
# (where, columns, its _Labels or None when empty) of one partition held on its worker
_Partition = tuple[tuple[int, int, int | None], dict[str, Any], _Labels | None]
# (larger class, smaller class sorted) of one worker's partitions
_Split = tuple[np.ndarray, np.ndarray]
_T = TypeVar("_T")
_R = TypeVar("_R")

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


def _label_codes(y_true: Any, y_score: Any, pos_label: Any = None) -> _Labels:
    """(label codes, positive code, positives, score dtype, the report of its labels) of
    one partition (its scores are checked for NaN and infinity at the ends of the sorted
    classes, as in memory)."""
    codes, pos_code = label_codes(y_true, pos_label)
    dtype = as_scores(y_score, finite=False).dtype
    return codes, pos_code, int(np.count_nonzero(codes == pos_code)), dtype, \
        labels_seen(y_true, pos_label, "roc_auc_score")


def _split_into(y_true: Any, y_score: Any, *, labels: tuple[np.ndarray, Any], neg: np.ndarray,
                pos: np.ndarray) -> None:
    """One partition's scores written into ``neg`` and ``pos`` by class."""
    scores = as_scores(y_score, finite=False).astype(neg.dtype, copy=False)
    _backend.kernels.split_scores_into(*labels, scores, neg, pos)


def _check_scores(y_true: Any, y_score: Any) -> None:
    as_scores(y_score)


def _partition_labels(where: tuple[int, int, int | None], *values: Any, names: list[str],
                      backend: str, pos_label: Any) -> _Partition:
    """(where, columns, label codes) of one partition (its columns ``names``, ``values``):
    it stays on its worker, with its labels coded (None when it is empty)."""
    columns = dict(zip(names, values))
    return where, columns, chunk_summary(_label_codes, where, backend, columns,
                                  {"pos_label": pos_label})


def _class_counts(partition: _Partition) -> tuple[int, int]:
    """(negatives, positives) of one partition from :func:`_partition_labels`."""
    found = partition[2]
    return (0, 0) if found is None else (len(found[0]) - found[2], found[2])


def _counts_and_labels(partition: _Partition) -> tuple[tuple[int, int], LabelsSeen | None]:
    """(negatives, positives) of one partition, and the report of its labels."""
    found = partition[2]
    return _class_counts(partition), None if found is None else found[4]


def _in_threads(function: Callable[[_T], _R], jobs: list[_T], n_rows: int) -> list[_R]:
    """[function(job) for job in jobs], on two threads for large inputs (the kernels and
    sorts release the GIL), so that a worker left alone uses the cores the other leaves."""
    if use_two_threads(n_rows) and len(jobs) > 1:
        with ThreadPoolExecutor(2) as pool:
            return list(pool.map(function, jobs))
    return list(map(function, jobs))


def _worker_split(backend: str, positives_travel: bool, *partitions: _Partition) -> _Split:
    """(the larger class, the smaller class sorted ascending) of the partitions one worker
    holds (from :func:`_partition_labels`): the partitions are split into one array per
    class, each into its place, on two threads. Runs under ``on_backend(backend, ...)``."""
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
            chunk_summary(_split_into, where, backend, columns, options)

    _in_threads(split, list(range(len(partitions))), n_neg + n_pos)
    larger, smaller = (neg, pos) if positives_travel else (pos, neg)
    _sorted_finite(smaller, backend, partitions)
    return larger, smaller


def _sorted_finite(scores: np.ndarray, backend: str,
                   partitions: tuple[_Partition, ...]) -> np.ndarray:
    """``scores`` sorted in place; NaN or infinity (at the ends once sorted) is the
    in-memory error naming its partition."""
    scores.sort()
    if len(scores) and not (math.isfinite(scores[0]) and math.isfinite(scores[-1])):
        for where, columns, _ in partitions:
            chunk_summary(_check_scores, where, backend, columns, {})
    return scores


def _worker_pairs(backend: str, positives_travel: bool, split: _Split,
                  travelling: list[np.ndarray], *partitions: _Partition) -> int:
    """2U of one worker's larger class (from :func:`_worker_split`, sorted here in place:
    this task is its only reader) against the smaller class of all rows (this worker's and
    the ``travelling`` ones, merged into one sorted array on a second thread meanwhile),
    counted in two score ranges on two threads. Runs under ``on_backend(backend, ...)``.

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

    def pairs(job: tuple[np.ndarray, np.ndarray]) -> int:
        neg, pos = job
        return int(kernels.auc_merge(neg, pos)) if len(neg) and len(pos) else 0

    return 2 * across + sum(_in_threads(pairs, jobs, n_rows))


def _auc_on_workers(client: Any, columns: dict[str, Any],
                    pos_label: Any) -> tuple[int, int, int] | None:
    """(negatives, positives, 2U) of all rows, counted as above; None when every
    partition is empty. ``client``: the distributed Client (its methods are untyped)."""
    parts, starts = aligned_partitions(columns)
    backend = backend_name()
    names = list(columns)
    values = client.compute([part[name] for part in parts for name in names])
    futures = client.map(_partition_labels, [(i + 1, len(parts), start)
                                             for i, start in enumerate(starts)],
                         *(values[j::len(names)] for j in range(len(names))), names=names,
                         backend=backend, pos_label=pos_label, pure=False)
    del values  # each partition's columns are held by its task's result
    found = client.gather(client.map(_counts_and_labels, futures, pure=False))
    n_neg, n_pos = map(sum, zip((0, 0), *(counts for counts, _ in found)))
    if n_neg + n_pos == 0:
        return None
    check_labels_seen(merged_labels(seen for _, seen in found), pos_label, "roc_auc_score")
    positives_travel = n_pos <= n_neg  # the smaller class travels
    held: dict[str | None, list[Any]] = {}  # worker address (None: unknown): futures
    places = client.who_has(futures)
    for future in futures:  # where each partition is: its worker splits and sorts it
        held.setdefault(min(places.get(future.key, ()), default=None), []).append(future)

    def on(worker: str | None, function: Callable[..., Any], *args: Any,
           priority: int = 0) -> Any:  # another worker if that one is gone
        where = {} if worker is None else {"workers": [worker], "allow_other_workers": True}
        return client.submit(function, *args, pure=False, priority=priority, **where)

    # Each worker's last task starts once the smaller classes of the others are there: it
    # sorts its larger class while it merges them, then counts.
    split = {w: on(w, on_backend, backend, _worker_split, backend, positives_travel, *fs)
             for w, fs in held.items()}  # fmt: skip
    smaller = {w: on(w, operator.itemgetter(1), s, priority=1) for w, s in split.items()}
    pairs = [on(b, on_backend, backend, _worker_pairs, backend, positives_travel, split[b],
                [smaller[a] for a in split if a != b], *held[b]) for b in split]
    del futures, held  # each partition is released once its worker has sorted its classes
    return n_neg, n_pos, sum(client.gather(pairs))


def auc_of(y_true: Any, y_score: Any, pos_label: Any, split_every: int) -> float:
    """ROC AUC without weights from exact pair counts: on a distributed cluster one sort
    per worker (above), else the pairs within each score range plus the pairs across
    ranges (every positive of a range above every negative of the ranges below)."""
    columns = column_dict(y_true, y_score, None, "roc_auc_score")
    split_every = check_split_every(split_every)
    client = current_client()
    ranges: list[tuple[int, int, int]] | None
    if client is not None:
        counts = _auc_on_workers(client, columns, pos_label)
        ranges = None if counts is None else [counts]
    else:
        per_range = range_summaries(columns, pos_label, split_every, range_pairs,
                                    "roc_auc_score")
        # the lowest scores first
        ranges = (None if per_range is None
                  else [r for r in reversed(per_range) if r is not None])
    if ranges is None:  # every partition is empty: the in-memory error
        ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    assert ranges is not None  # (from_arrays raised)
    return auc_of_pair_counts(ranges)
