"""The work of the executors and how it comes back: each partition's Arrow record batches
reach a Python worker, which turns them into pieces (key, bytes); a user's error there is
reported as data and raised on the driver as one line (never a JVM stack trace)."""

from __future__ import annotations

import pickle
import re
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence, TypeVar

import numpy as np
import pyarrow as pa
from pyspark import TaskContext
from pyspark.sql import DataFrame

from .. import _backend
from .._distributed import check_labels_seen, labels_seen, merged_labels
from ..summary import ScoreSummary

if TYPE_CHECKING:
    from pyspark.core.rdd import RDD

_R = TypeVar("_R")
_Row = TypeVar("_Row", bound=tuple[Any, ...])
# what an executor makes of a partition's Arrow record batches: pieces (key, bytes)
_Work = Callable[[Iterator[pa.RecordBatch]], Iterable[tuple[Any, bytes]]]
# (key, bytes, None) per piece, or (None, None, the error) for the partition
_Reported = tuple[Any, bytes | None, str | None]

_ARROW_BYTES = True  # the partitions' Arrow batches as bytes (else through mapInArrow)


# ---------------------------------------------------------------------------------------
# on the executors


def backend_name() -> str:
    """The kernel module in use here, so that the executors use the same one."""
    return "python" if _backend.kernels is _backend.load("python") else "cython"


def on_backend(backend: str, function: Callable[..., _R], *args: Any, **kwargs: Any) -> _R:
    """``function(*args, **kwargs)`` on the kernels of ``backend`` (an executor without the
    compiled module uses its fallback: both give the same results)."""
    if backend == backend_name():
        return function(*args, **kwargs)
    try:
        _backend.load(backend)
    except ImportError:
        return function(*args, **kwargs)
    with _backend.using(backend):
        return function(*args, **kwargs)


def _partition(index: int | None = None) -> int:
    """This task's partition, from 1 (0 outside a task, or for a task that reads every
    partition: ``index`` -1)."""
    if index is not None:
        return max(index + 1, 0)
    context = TaskContext.get()
    return context.partitionId() + 1 if context is not None else 0


class ColumnError(ValueError):
    """A partition's column that cannot be read (it holds nulls)."""


def numpy_columns(batches: Iterator[pa.RecordBatch], roles: Sequence[str]
                  ) -> tuple[pa.Table | None, list[np.ndarray]]:
    """A partition's batches as one table and its first ``len(roles)`` columns as NumPy
    arrays (None, [] for a partition without rows); a null is an error naming the column."""
    present = [b for b in batches if b.num_rows]
    if not present:
        return None, []
    table = pa.Table.from_batches(present)
    arrays: list[np.ndarray] = []
    for i, role in enumerate(roles):
        column = table.column(i)
        if column.null_count:
            raise ColumnError(f"the {role} column {table.column_names[i]!r} holds "
                              f"{column.null_count} null value(s)")
        arrays.append(column.to_numpy())
    return table, arrays


def _reported(index: int | None, work: _Work,
              batches: Iterator[pa.RecordBatch]) -> Iterator[_Reported]:
    """``(key, bytes, None)`` for each piece ``work(batches)`` returns, or one
    ``(None, None, error)`` naming the partition: an executor reports a user's error as
    data, and the driver raises it (no JVM stack trace)."""
    try:
        pieces = work(batches)
    except (ValueError, TypeError) as exc:
        yield None, None, f"{type(exc).__name__}|{_partition(index)}|{exc}"
        return
    for key, data in pieces:
        yield key, data, None


class _FromArrowBytes:
    """``mapPartitionsWithIndex`` function: the partition's Arrow record batches (bytes
    of Arrow IPC messages) read with ``schema``, then ``work``, then :func:`_reported`
    (``whole``: the task reads every partition, and an error names none)."""

    def __init__(self, work: _Work, schema: pa.Schema, whole: bool = False):
        self.work, self.schema, self.whole = work, schema, whole

    def __call__(self, index: int, chunks: Iterable[bytes]) -> Iterator[_Reported]:
        batches = (pa.ipc.read_record_batch(pa.py_buffer(data), self.schema) for data in chunks)
        return _reported(-1 if self.whole else index, self.work, batches)


_REPORT_SCHEMA = "key binary, summary binary, error string"


def _from_batches(work: _Work, batches: Iterator[pa.RecordBatch]
                  ) -> Iterator[pa.RecordBatch]:
    """``mapInArrow`` function: :func:`_reported` rows, the key pickled."""
    rows = list(_reported(None, work, batches))
    yield pa.RecordBatch.from_arrays(
        [pa.array([None if k is None else pickle.dumps(k) for k, _, _ in rows], pa.binary()),
         pa.array([d for _, d, _ in rows], pa.binary()),
         pa.array([e for _, _, e in rows], pa.string())], names=["key", "summary", "error"])


def _unpickled_key(row: Any) -> _Reported:
    return (None if row[0] is None else pickle.loads(row[0]), row[1], row[2])


class ArrowPartitions:
    """The partitions of ``data`` as Arrow record batches, ready to be turned into pieces
    (:meth:`pieces`); ``count`` of them.

    The partitions' Arrow batches come from the JVM as bytes (``toArrowBatchRdd``: the
    conversion ``toPandas`` uses), which measured four times faster here than the rows
    ``mapInArrow`` streams to its Python workers; where that method is missing (Spark
    Connect, another Spark), ``mapInArrow`` does the same work. ``whole``: ``data`` is
    one partition that holds every row (an error then names no partition).
    """

    rdd: RDD[bytes] | None  # the Arrow batches (None: through mapInArrow)

    def __init__(self, data: DataFrame, whole: bool = False):
        self.data, self.rdd, self.whole = data, None, whole
        session = data.sparkSession
        try:
            if not _ARROW_BYTES:
                raise AttributeError("toArrowBatchRdd")
            batches = data._jdf.toArrowBatchRdd().toJavaRDD()
            from pyspark.core.rdd import RDD
            from pyspark.serializers import NoOpSerializer
            from pyspark.sql.pandas.types import to_arrow_schema
        except Exception:  # no JVM Dataset here: Spark Connect, or a Spark without it
            try:
                self.count = data.rdd.getNumPartitions()
            except Exception:  # Spark Connect has no RDDs
                self.count = parallelism(data)
            return
        large = session.conf.get("spark.sql.execution.arrow.useLargeVarTypes", "false") or ""
        self.schema = to_arrow_schema(data.schema, timezone=session.conf.get(
            "spark.sql.session.timeZone"), prefers_large_types=large.lower() == "true")
        self.rdd = RDD(batches, session.sparkContext, NoOpSerializer())
        self.count = self.rdd.getNumPartitions()

    def pieces(self, work: _Work) -> RDD[_Reported]:
        """The RDD of ``(key, bytes, error)`` that ``work`` makes of each partition's
        Arrow record batches (the columns of ``data``)."""
        if self.rdd is None:
            return self.data.mapInArrow(partial(_from_batches, work), _REPORT_SCHEMA).rdd \
                .map(_unpickled_key)
        return self.rdd.mapPartitionsWithIndex(_FromArrowBytes(work, self.schema, self.whole))


def pieces_rdd(data: DataFrame, work: _Work) -> RDD[_Reported]:
    """The RDD of ``(key, bytes, error)`` that ``work`` makes of each partition's Arrow
    record batches (the columns of ``data``): see :class:`ArrowPartitions`."""
    return ArrowPartitions(data).pieces(work)


# The key of a partition's report of its labels (rankscore._distributed.labels_seen): a
# piece among the others, which merging tasks pass on and the driver checks.
LABELS = "labels"


def labels_piece(y_true: Any, pos_label: Any, function: str) -> tuple[str, bytes]:
    """The piece that reports what a partition's labels tell the driver for ``function``."""
    return LABELS, pickle.dumps(labels_seen(y_true, pos_label, function))


def merging(merge: Callable[[list[tuple[Any, bytes]]], Iterator[tuple[Any, Any]]]
            ) -> Callable[[Iterable[_Reported]], Iterator[tuple[Any, Any, str | None]]]:
    """A merging task's ``mapPartitions`` function: ``(key, value, None)`` for each of
    ``merge(pieces)`` (the pieces it receives, but the reports of labels, which it passes
    on), or the first error reported instead; an error of the merge itself (as weights
    adding up past what a summary holds) is reported as one too."""
    def run(rows: Iterable[_Reported]) -> Iterator[tuple[Any, Any, str | None]]:
        pieces = []
        for key, data, error in rows:
            if error is not None:
                yield None, None, error
                return
            if key == LABELS:
                yield key, data, None
            else:
                pieces.append((key, data))
        try:
            merged = list(merge(pieces))  # type: ignore[arg-type]  # (no error: bytes)
        except (ValueError, TypeError) as exc:
            yield None, None, f"{type(exc).__name__}|0|{exc}"
            return
        for key, value in merged:
            yield key, value, None

    return run


# ---------------------------------------------------------------------------------------
# on the driver: the errors reported, the labels of all rows, the cores


_ROLE_NAMES = (("y_true", "label"), ("y_score", "score"), ("sample_weight", "weight"))


def _raise_reported(error: str, names: dict[str, str]) -> None:
    """Raise the error an executor reported, its argument names replaced by the columns."""
    kind, partition, message = error.split("|", 2)
    for argument, role in _ROLE_NAMES:
        if role in names:
            message = re.sub(rf"\b{argument}\b", f"the {role} column {names[role]!r}", message)
    place = f"partition {partition}: " if partition != "0" else ""
    raise (TypeError if kind == "TypeError" else ValueError)(f"{place}{message}")


def check_reported(rows: Sequence[tuple[Any, ...]], names: dict[str, str]) -> None:
    """Raise the first error among ``rows`` (their last field), if any."""
    for row in rows:
        if row[-1] is not None:
            _raise_reported(row[-1], names)


def checked_labels(rows: Sequence[_Row], pos_label: Any, function: str,
                   names: dict[str, str]) -> list[_Row]:
    """``rows`` (checked already for errors) but the labels' reports, whose union is checked
    as ``function`` checks the labels in memory (its error in the columns' names)."""
    reports = [pickle.loads(data) for key, data, _ in rows
               if key == LABELS]  # (no error: bytes)
    try:
        check_labels_seen(merged_labels(reports), pos_label, function)
    except (ValueError, TypeError) as exc:
        _raise_reported(f"{type(exc).__name__}|0|{exc}", names)
    return [row for row in rows if row[0] != LABELS]


def empty_error(names: dict[str, str]) -> None:
    """The in-memory error of no rows (every partition empty)."""
    try:
        ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    except (ValueError, TypeError) as exc:
        _raise_reported(f"{type(exc).__name__}|0|{exc}", names)


def parallelism(df: DataFrame) -> int:
    """The cores of ``df``'s session (2 where it cannot be read)."""
    try:
        return max(1, df.sparkSession.sparkContext.defaultParallelism)
    except Exception:  # Spark Connect has no SparkContext
        return 2
