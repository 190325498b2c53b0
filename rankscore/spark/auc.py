"""ROC AUC of a Spark DataFrame without weights, from exact pair counts, in one pass over
the rows; the driver receives a few integers per score bucket (or three in all), whatever
the number of rows.

Where every executor is one machine of a few cores (``local`` mode, or a single
executor; ``ONE_TASK_CORES``), one task reads the rows of every partition and counts the
pairs as in memory, sorting on two threads: moving the rows once more, to other tasks,
costs more than the sort saved by spreading it (at 10^7 rows on two cores, the shuffle
below took longer than ``toPandas()`` and the in-memory call together). Elsewhere the
rows are dealt by score bucket, as follows.

Each score maps to a 64-bit key that sorts as the score does (-0.0 as 0.0); the key's top
``BUCKET_BITS`` bits (sign, exponent and the first mantissa bits) are the score's bucket,
so every score of a bucket is above every score of the buckets below it. On each
partition's executor the rows are read as in memory (labels, finite scores), each class's
scores sorted (or counted per distinct score), and the distinct keys with their counts
dealt to the merging tasks by bucket. A merging task merges its buckets' lists from every
partition and reads, per bucket, the negatives, the positives and twice the Mann-Whitney U
of the pairs inside the bucket. The driver adds the pairs across buckets: every positive
of a bucket is above every negative of the buckets below.

On the wire a list is the buckets it covers (their numbers and lengths), then the keys
without the bucket's bits (six bytes each), then the counts in the narrowest unsigned
integers that hold them, left out where every count is 1 (distinct scores): about six
bytes per distinct score of a partition, against 12 of a row's label and score.
"""

from __future__ import annotations

import pickle
from functools import partial
from typing import Any, Iterable, Iterator

import numpy as np
import pyarrow as pa
from pyspark.sql import DataFrame

from .._distributed import auc_of_pair_counts
from .._engine.areas import pair_counts
from .._engine.parts import binary_problem, checked_parts, class_parts
from .columns import checked_columns, role_names, selected
from .tasks import (ArrowPartitions, backend_name, check_reported, checked_labels, empty_error,
                    labels_piece, merging, numpy_columns, on_backend, parallelism)

BUCKET_BITS = 20  # a bucket: sign, exponent and 8 mantissa bits (256 buckets a binade)
_LOW_BITS = 64 - BUCKET_BITS
_LOW_BYTES = 6  # the key below the bucket's bits, little-endian
_MAX_TASKS = 1 << 12  # merging tasks, at most (their numbers fit 16 bits)
_HEADER = 3  # int64 numbers before each class's list: buckets, keys, bytes per count
# One task sorts on two threads: it took 1.2 CPU-seconds at 10^7 rows on two cores, where
# the shuffle took 3.4, so the shuffle's tasks catch up from about four cores on.
ONE_TASK_CORES = 4
_SIGN = np.uint64(1 << 63)
_REST = np.uint64((1 << 63) - 1)


# ---------------------------------------------------------------------------------------
# keys and their lists


def score_keys(scores: np.ndarray) -> np.ndarray:
    """uint64 keys that sort as ``scores`` (finite; -0.0 as 0.0): a non-negative score's
    bits with the sign bit set, a negative score's bits inverted."""
    bits = np.add(scores, 0.0, dtype=np.float64).view(np.uint64)  # -0.0 + 0.0 is 0.0
    keys: np.ndarray = bits ^ ((bits >> np.uint64(63)) * _REST | _SIGN)
    return keys


def _distinct(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(distinct keys, counts) of sorted keys."""
    if len(keys) == 0:
        return keys, np.empty(0, dtype=np.int64)
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    return keys[starts], np.diff(np.append(starts, len(keys)))


def _encoded(keys: np.ndarray, counts: np.ndarray) -> list[bytes]:
    """The wire form of one class's distinct keys (ascending) with their counts."""
    buckets = keys >> np.uint64(_LOW_BITS)
    starts = np.flatnonzero(np.concatenate(([True], buckets[1:] != buckets[:-1]))) \
        if len(keys) else np.empty(0, dtype=np.int64)
    top = int(counts.max()) if len(counts) else 1
    width = 0 if top == 1 else next(w for w in (1, 2, 4, 8) if top < 1 << (8 * w))
    low = keys.view(np.uint8).reshape(-1, 8)[:, :_LOW_BYTES]  # little-endian: the low bytes
    header = np.array([len(starts), len(keys), width], dtype=np.int64)
    out = [header.tobytes(), buckets[starts].astype(np.uint32).tobytes(),
           np.diff(np.append(starts, len(keys))).astype(np.int64).tobytes(),
           np.ascontiguousarray(low).tobytes()]
    if width:
        out.append(counts.astype(f"<u{width}").tobytes())
    return out


def _decoded(data: memoryview, at: int) -> tuple[np.ndarray, np.ndarray, int]:
    """(keys, counts, the offset after them) of the list at ``at``."""
    n_buckets, n_keys, width = np.frombuffer(data, np.int64, _HEADER, at).tolist()
    at += 8 * _HEADER
    buckets = np.frombuffer(data, np.uint32, n_buckets, at).astype(np.uint64)
    at += 4 * n_buckets
    lengths = np.frombuffer(data, np.int64, n_buckets, at)
    at += 8 * n_buckets
    keys = np.zeros((n_keys, 8), dtype=np.uint8)
    keys[:, :_LOW_BYTES] = np.frombuffer(data, np.uint8, _LOW_BYTES * n_keys, at).reshape(
        n_keys, _LOW_BYTES)
    at += _LOW_BYTES * n_keys
    keys = keys.view(np.uint64).reshape(-1) | np.repeat(buckets << np.uint64(_LOW_BITS),
                                                        lengths)
    if width:
        counts = np.frombuffer(data, f"<u{width}", n_keys, at).astype(np.int64)
        at += width * n_keys
    else:
        counts = np.ones(n_keys, dtype=np.int64)
    return keys, counts, at


# ---------------------------------------------------------------------------------------
# on the executors: a partition's lists, then each merging task's buckets


def _class_keys(batches: Iterator[pa.RecordBatch], pos_label: Any
                ) -> tuple[list[tuple[np.ndarray, np.ndarray]], tuple[str, bytes] | None]:
    """[(distinct keys, counts) of the negatives, of the positives] of a partition, its
    rows read as in memory (the same errors), and the piece reporting its labels; ([],
    None) without rows."""
    _, arrays = numpy_columns(batches, ("label", "score"))
    if not arrays:
        return [], None
    parts = class_parts(binary_problem(arrays[0], arrays[1], pos_label))
    assert parts is not None  # (the partition has rows)
    labels = labels_piece(arrays[0], pos_label, "roc_auc_score")
    if parts.counts is not None:  # few distinct scores, counted
        values, neg, pos = parts.counts
        keys = score_keys(values)
        return [(keys[neg > 0], neg[neg > 0]), (keys[pos > 0], pos[pos > 0])], labels
    return [_distinct(score_keys(parts.neg)), _distinct(score_keys(parts.pos))], labels


def _bucket_pieces(batches: Iterator[pa.RecordBatch], *, pos_label: Any, backend: str,
                   tasks: int) -> list[tuple[int | str, bytes]]:
    """``(task, bytes)`` per merging task that gets any of this partition's buckets (a
    bucket goes to task ``bucket % tasks``): the two classes' lists of those buckets; and
    the piece reporting its labels (which task 0 passes on)."""
    classes, labels = on_backend(backend, _class_keys, batches, pos_label)
    if labels is None:
        return []
    dealt = []
    for keys, counts in classes:
        task = ((keys >> np.uint64(_LOW_BITS)) % np.uint64(tasks)).astype(np.uint16)
        order = np.argsort(task, kind="stable")  # a radix sort: keys stay ascending per task
        edges = np.searchsorted(task[order], np.arange(tasks + 1))
        dealt.append((keys[order], counts[order], edges))
    pieces: list[tuple[int | str, bytes]] = [labels]
    for j in range(tasks):
        cuts = [(keys[e[j]:e[j + 1]], counts[e[j]:e[j + 1]]) for keys, counts, e in dealt]
        if any(len(keys) for keys, _ in cuts):
            pieces.append((j, b"".join(b for cut in cuts for b in _encoded(*cut))))
    return pieces


def _merged_class(lists: list[tuple[np.ndarray, np.ndarray]]
                  ) -> tuple[np.ndarray, np.ndarray]:
    """One class's lists from every partition merged: (distinct keys ascending, counts)."""
    keys = np.concatenate([k for k, _ in lists])
    counts = np.concatenate([c for _, c in lists])
    order = np.argsort(keys, kind="stable")  # merges the ascending runs
    keys, counts = keys[order], counts[order]
    if len(keys) == 0:
        return keys, counts
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    return keys[starts], np.add.reduceat(counts, starts)


def _per_bucket(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(buckets ascending, the sum of ``values`` over each bucket's keys)."""
    buckets = keys >> np.uint64(_LOW_BITS)
    if len(keys) == 0:
        return buckets, values[:0]
    starts = np.flatnonzero(np.concatenate(([True], buckets[1:] != buckets[:-1])))
    return buckets[starts], np.add.reduceat(values, starts)


def bucket_counts(neg: tuple[np.ndarray, np.ndarray],
                  pos: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Rows (bucket, negatives, positives, twice the Mann-Whitney U of the bucket's pairs)
    of the merged lists of both classes: per positive key, twice the negatives below it in
    its bucket plus those at its score, times its count. int64 (Python integers past 2**31
    rows, where products could overflow)."""
    (neg_keys, neg_counts), (pos_keys, pos_counts) = neg, pos
    if neg_counts.sum() + pos_counts.sum() >= 1 << 31:
        neg_counts, pos_counts = neg_counts.astype(object), pos_counts.astype(object)
    below = np.concatenate((np.zeros(1, dtype=neg_counts.dtype), np.cumsum(neg_counts)))
    lo = np.searchsorted(neg_keys, pos_keys, "left")
    hi = np.searchsorted(neg_keys, pos_keys, "right")
    first = np.searchsorted(neg_keys, (pos_keys >> np.uint64(_LOW_BITS)) << np.uint64(
        _LOW_BITS), "left")
    pairs = pos_counts * (2 * (below[lo] - below[first]) + (below[hi] - below[lo]))
    neg_buckets, negatives = _per_bucket(neg_keys, neg_counts)
    pos_buckets, positives = _per_bucket(pos_keys, pos_counts)
    _, twice_u = _per_bucket(pos_keys, pairs)
    buckets = np.union1d(neg_buckets, pos_buckets)
    rows = np.zeros((len(buckets), 4), dtype=negatives.dtype if len(negatives) else
                    positives.dtype)
    rows[:, 0] = buckets
    rows[np.searchsorted(buckets, neg_buckets), 1] = negatives
    rows[np.searchsorted(buckets, pos_buckets), 2] = positives
    rows[np.searchsorted(buckets, pos_buckets), 3] = twice_u
    return rows


def _merged_buckets(pieces: list[tuple[int, bytes]]) -> Iterator[tuple[None, bytes]]:
    """``(None, pickled bucket rows)`` of a merging task's pieces (none without pieces)."""
    lists: list[list[tuple[np.ndarray, np.ndarray]]] = [[], []]
    for _, data in pieces:
        view, at = memoryview(data), 0
        for found in lists:
            keys, counts, at = _decoded(view, at)
            found.append((keys, counts))
    if lists[0] or lists[1]:
        counts = bucket_counts(*(_merged_class(found) for found in lists))
        yield None, pickle.dumps(counts, protocol=pickle.HIGHEST_PROTOCOL)


def _task_of(key: Any) -> int:
    return key if isinstance(key, int) else 0  # (an error, or a report of labels)


def _pair_counts(batches: Iterator[pa.RecordBatch],
                 pos_label: Any) -> list[tuple[None, bytes]]:
    """``[(None, pickled (negatives, positives, twice the Mann-Whitney U))]`` of the rows
    of every partition, read and counted as in memory ([] without rows)."""
    _, arrays = numpy_columns(batches, ("label", "score"))
    if not arrays:
        return []
    parts = checked_parts(binary_problem(arrays[0], arrays[1], pos_label), halves=True)
    del arrays
    return [(None, pickle.dumps(pair_counts(parts)))]


def _whole_counts(batches: Iterator[pa.RecordBatch], *, pos_label: Any,
                  backend: str) -> list[tuple[None, bytes]]:
    return on_backend(backend, _pair_counts, batches, pos_label)


def one_task(df: DataFrame) -> bool:
    """Whether one task counts every row: ``df``'s executors are one machine (``local``
    mode, or a single executor) of at most ``ONE_TASK_CORES`` cores. (False where it
    cannot be told: Spark Connect.)"""
    try:
        context = df.sparkSession.sparkContext
        if not str(context.master).startswith("local"):
            executors = context._jsc.sc().statusTracker().getExecutorInfos()
            if len(executors) > 2:  # the driver is listed too
                return False
    except Exception:  # Spark Connect has no SparkContext
        return False
    return parallelism(df) <= ONE_TASK_CORES


# ---------------------------------------------------------------------------------------
# on the driver


def _lowest_first(rows: np.ndarray) -> Iterator[tuple[int, int, int]]:
    """(negatives, positives, twice the Mann-Whitney U inside the bucket) of every bucket,
    the lowest bucket first (Python integers)."""
    rows = rows[np.argsort(rows[:, 0].astype(np.uint64), kind="stable")]
    return zip(*(rows[:, i].tolist() for i in (1, 2, 3)))


def auc_of(df: DataFrame, label: str, score: str, pos_label: Any) -> float:
    """ROC AUC without weights from exact pair counts (see the module's docstring); equals
    the in-memory ``roc_auc_score`` of the collected columns."""
    names = role_names(label, score, None)
    types = checked_columns(df, names)
    data = selected(df, [(name, role) for role, name in names.items()], types)
    if one_task(df):
        whole = ArrowPartitions(data.coalesce(1), whole=True)
        if whole.rdd is not None:
            return _auc_of_whole(whole, names, pos_label)
    partitions = ArrowPartitions(data)
    tasks = min(max(parallelism(df), partitions.count), _MAX_TASKS)
    pieces = partitions.pieces(partial(_bucket_pieces, pos_label=pos_label,
                                       backend=backend_name(), tasks=tasks))
    found: list[tuple[str | None, bytes | None, str | None]]
    found = pieces.keyBy(lambda row: row[0]).partitionBy(tasks, _task_of).values() \
        .mapPartitions(merging(_merged_buckets)).collect()
    check_reported(found, names)
    found = checked_labels(found, pos_label, "roc_auc_score", names)
    if not found:
        empty_error(names)
    # (check_reported raised at an error row: every other row holds its bytes)
    rows = [pickle.loads(data) for _, data, _ in found]  # type: ignore[arg-type]
    return auc_of_pair_counts(_lowest_first(np.concatenate(rows) if len(rows) > 1 else rows[0]))


def _auc_of_whole(whole: ArrowPartitions, names: dict[str, str], pos_label: Any) -> float:
    """The AUC of one task's pair counts over every row."""
    found = whole.pieces(partial(_whole_counts, pos_label=pos_label,
                                 backend=backend_name())).collect()
    check_reported(found, names)
    if not found:
        empty_error(names)
    # (check_reported raised at an error row: the one row holds its bytes)
    n_neg, n_pos, twice_u = pickle.loads(found[0][1])  # type: ignore[arg-type]
    return auc_of_pair_counts([(n_neg, n_pos, twice_u)])
