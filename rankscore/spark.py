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
(``ScoreSummary.to_bytes``). ``roc_auc_score`` without weights first reads range borders
off Spark's approximate quantiles of a 0.1 % sample; each partition's summary is cut at
them, the pieces of each range merge on the executors into three integers (negatives,
positives, pairs within the range), and the driver adds the pairs across ranges: its
memory does not grow with the rows. The other functions merge the partitions' summaries
on the driver (the summary's size is that of the distinct scores, whatever the number of
rows; the curves are as long). ``group_metrics`` summarises each group within each
partition, the summaries of each group meet in one task, which merges them and reads the
group's row.

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

import math
import pickle
import re
import zlib
from functools import partial
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from . import _backend, groups
from ._engine.labels import label_codes
from ._engine.parts import MAX_EXACT_ROWS
from ._engine.sweep import Scan
from ._engine.validate import as_scores, check_sample_weight
from ._engine.views import auc_view
from .report import summary_report
from .summary import ScoreSummary

try:
    import pyarrow as pa
    from pyspark import TaskContext
    from pyspark.sql import DataFrame
    from pyspark.sql import functions as F
    from pyspark.sql import types as T
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise ImportError(
        "rankscore.spark needs PySpark 4 and PyArrow: pip install 'rankscore[spark]'"
    ) from exc

__all__ = ["score_summary", "summary", "roc_auc_score", "roc_curve", "precision_recall_curve",
           "average_precision_score", "ks_statistic", "gain_table", "binary_confusion",
           "best_threshold", "binary_report", "group_metrics"]

_RANGE_SCORES = 1 << 22  # rows of one merged score range, about
_MAX_RANGES = 1024
_ARROW_BYTES = True  # the partitions' Arrow batches as bytes (else through mapInArrow)
_SAMPLE_FRACTION = 1e-3  # of the rows, sampled to place the range borders
_QUANTILES = 256  # quantiles of the sample read to place them
_DRIVER_SCORES = 1 << 20  # rows, at most, whose ROC AUC is read from a summary merged here


# ---------------------------------------------------------------------------------------
# the columns: checked on the driver


_NUMBERS = (T.ByteType, T.ShortType, T.IntegerType, T.LongType, T.FloatType, T.DoubleType,
            T.DecimalType)
_LABELS = (*_NUMBERS, T.BooleanType, T.StringType)


def _type_error(column: str, dtype: T.DataType, role: str) -> str | None:
    """The column type rule: a score or weight column holds numbers (scalars), a label
    column numbers, booleans or strings; the message when ``dtype`` breaks it."""
    allowed, what = (_LABELS, "numbers, booleans or strings") if role == "label" else \
        (_NUMBERS, "numbers")
    if isinstance(dtype, allowed):
        return None
    return f"the {role} column {column!r} must hold {what}, got {dtype.simpleString()}"


def _names(df: Any, roles: dict[str, Any], by: Sequence[str] = ()) -> dict[str, T.DataType]:
    """{column: its type} of the columns that ``roles`` ({role: column name or None}) and
    ``by`` name, checked: ``df`` is a Spark DataFrame, each column is in it, and its type
    fits its role."""
    if not isinstance(df, DataFrame):
        raise TypeError(f"df must be a Spark DataFrame (pyspark.sql.DataFrame), got "
                        f"{type(df).__module__.split('.')[0]}.{type(df).__name__}; for data in "
                        "memory use the functions of rankscore")
    fields = {field.name: field.dataType for field in df.schema.fields}
    types = {}
    named = [(role, name) for role, name in roles.items() if name is not None]
    named += [("by", name) for name in by]
    for role, name in named:
        if not isinstance(name, str):
            raise TypeError(f"{role} must be a column name (str), got "
                            f"{type(name).__name__}")
        if name not in fields:
            raise ValueError(f"the DataFrame has no column {name!r} (the {role} column); its "
                             f"columns: {', '.join(fields) or 'none'}")
        message = None if role == "by" else _type_error(name, fields[name], role)
        if message:
            raise TypeError(message)
        types[name] = fields[name]
    return types


def _by_names(by: Any) -> list[str]:
    names = [by] if isinstance(by, str) else list(by) if isinstance(by, (list, tuple)) else by
    if not isinstance(names, list) or not names:
        raise TypeError(f"by must be a column name or a list of column names, got {by!r}")
    if len(set(names)) < len(names):
        raise ValueError(f"by names a column twice: {names}")
    return names


def _quoted(name: str) -> Any:
    return F.col("`" + name.replace("`", "``") + "`")


def _selected(df: DataFrame, columns: list[tuple[str, str]], types: dict) -> DataFrame:
    """``df`` reduced to ``columns`` ((name, role)) in order; decimal scores and weights
    become doubles (as in memory, where they become float64)."""
    out = []
    for name, role in columns:
        column = _quoted(name)
        if role in ("score", "weight") and isinstance(types[name], T.DecimalType):
            column = column.cast("double")
        out.append(column.alias(name))
    return df.select(*out)


# ---------------------------------------------------------------------------------------
# on the executors: each partition's rows into summaries, reported as rows of bytes


def _backend_name() -> str:
    """The kernel module in use here, so that the executors use the same one."""
    return "python" if _backend.kernels is _backend.load("python") else "cython"


def _on(backend: str, function: Callable, *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)`` on the kernels of ``backend`` (an executor without the
    compiled module uses its fallback: both give the same results)."""
    if backend == _backend_name():
        return function(*args, **kwargs)
    try:
        _backend.load(backend)
    except ImportError:
        return function(*args, **kwargs)
    with _backend.using(backend):
        return function(*args, **kwargs)


def _partition(index: int | None = None) -> int:
    """This task's partition, from 1 (0 outside a task)."""
    if index is not None:
        return index + 1
    context = TaskContext.get()
    return context.partitionId() + 1 if context is not None else 0


class _ColumnError(ValueError):
    pass


def _numpy_columns(batches: Iterator[pa.RecordBatch], roles: Sequence[str]
                   ) -> tuple[pa.Table | None, list[np.ndarray]]:
    """A partition's batches as one table and its first ``len(roles)`` columns as NumPy
    arrays (None, [] for a partition without rows); a null is an error naming the column."""
    batches = [b for b in batches if b.num_rows]
    if not batches:
        return None, []
    table = pa.Table.from_batches(batches)
    arrays = []
    for i, role in enumerate(roles):
        column = table.column(i)
        if column.null_count:
            raise _ColumnError(f"the {role} column {table.column_names[i]!r} holds "
                               f"{column.null_count} null value(s)")
        arrays.append(column.to_numpy())
    return table, arrays


def _range_pieces(batches: Iterator[pa.RecordBatch], *, roles: Sequence[str], pos_label: Any,
                  backend: str, borders: Sequence[float]) -> list[tuple]:
    """A partition's summary cut at ``borders`` (ascending) into score ranges:
    ``(range, bytes)`` per non-empty range (range j holds ``borders[j-1] <= score <
    borders[j]``)."""
    _, arrays = _numpy_columns(batches, roles)
    if not arrays or (len(arrays) > 2 and (arrays[2] == 0).all()):
        return []  # no rows, or zero weights only (negative ones are the error below)
    summary = _on(backend, ScoreSummary.from_arrays, arrays[0], arrays[1], pos_label=pos_label,
                  sample_weight=arrays[2] if len(arrays) > 2 else None)
    # thresholds descend: the scores >= b are the first searchsorted(-t, -b, "right")
    descending = -summary.thresholds
    cuts = [0, *(int(np.searchsorted(descending, -b, side="right")) for b in borders[::-1]),
            len(summary)]
    return [(len(borders) - j, ScoreSummary(summary.thresholds[a:b], summary.negatives[a:b],
                                            summary.positives[a:b],
                                            summary.pos_label).to_bytes())
            for j, (a, b) in enumerate(zip(cuts[:-1], cuts[1:])) if b > a]


def _group_pieces(batches: Iterator[pa.RecordBatch], *, roles: Sequence[str], pos_label: Any,
                  backend: str) -> list[tuple]:
    """``(key tuple, bytes)`` of each group of a partition (its summary)."""
    table, arrays = _numpy_columns(batches, roles)
    if table is None:
        return []
    codes, pos_code = label_codes(arrays[0], pos_label)
    scores = as_scores(arrays[1])
    weights = check_sample_weight(arrays[2], len(scores)) \
        if len(arrays) > 2 else None
    keys = [table.column(i) for i in range(len(roles), table.num_columns)]
    order, ends, first = groups.group_rows([_key_array(c) for c in keys])
    summaries = _on(backend, groups.summaries_by_group, codes, pos_code, scores, weights,
                    order, ends)
    rows = zip(*([groups.plain_key(v) for v in c.take(pa.array(first)).to_pylist()]
                 for c in keys))
    return [(key, summary.to_bytes()) for key, summary in zip(rows, summaries)]


def _reported(index: int | None, work: Callable, batches: Iterator) -> Iterator[tuple]:
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
    of Arrow IPC messages) read with ``schema``, then ``work``, then :func:`_reported`."""

    def __init__(self, work: Callable, schema: pa.Schema):
        self.work, self.schema = work, schema

    def __call__(self, index: int, chunks: Iterator[bytes]) -> Iterator[tuple]:
        batches = (pa.ipc.read_record_batch(pa.py_buffer(data), self.schema) for data in chunks)
        return _reported(index, self.work, batches)


_REPORT_SCHEMA = "key binary, summary binary, error string"


def _from_batches(work: Callable, batches: Iterator[pa.RecordBatch]
                  ) -> Iterator[pa.RecordBatch]:
    """``mapInArrow`` function: :func:`_reported` rows, the key pickled."""
    rows = list(_reported(None, work, batches))
    yield pa.RecordBatch.from_arrays(
        [pa.array([None if k is None else pickle.dumps(k) for k, _, _ in rows], pa.binary()),
         pa.array([d for _, d, _ in rows], pa.binary()),
         pa.array([e for _, _, e in rows], pa.string())], names=["key", "summary", "error"])


def _unpickled_key(row: Any) -> tuple:
    return (None if row[0] is None else pickle.loads(row[0]), row[1], row[2])


def _pieces_rdd(data: DataFrame, work: Callable) -> Any:
    """The RDD of ``(key, bytes, error)`` that ``work`` makes of each partition's Arrow
    record batches (the columns of ``data``).

    The partitions' Arrow batches come from the JVM as bytes (``toArrowBatchRdd``: the
    conversion ``toPandas`` uses), which measured four times faster here than the rows
    ``mapInArrow`` streams to its Python workers; where that method is missing (Spark
    Connect, another Spark), ``mapInArrow`` does the same work.
    """
    session = data.sparkSession
    try:
        if not _ARROW_BYTES:
            raise AttributeError("toArrowBatchRdd")
        batches = data._jdf.toArrowBatchRdd().toJavaRDD()
        from pyspark.core.rdd import RDD
        from pyspark.serializers import NoOpSerializer
        from pyspark.sql.pandas.types import to_arrow_schema
    except Exception:  # no JVM Dataset here: Spark Connect, or a Spark without the method
        return data.mapInArrow(partial(_from_batches, work), _REPORT_SCHEMA).rdd.map(
            _unpickled_key)
    large = session.conf.get("spark.sql.execution.arrow.useLargeVarTypes", "false")
    schema = to_arrow_schema(data.schema, timezone=session.conf.get(
        "spark.sql.session.timeZone"), prefers_large_types=large.lower() == "true")
    rdd = RDD(batches, session.sparkContext, NoOpSerializer())
    return rdd.mapPartitionsWithIndex(_FromArrowBytes(work, schema))


def _merged_ranges(rows: Iterator[tuple], *, backend: str) -> Iterator[tuple]:
    """``(range, negatives, positives, twice the Mann-Whitney U, error)`` of each score
    range among ``rows`` (its pieces merged), or the first error reported."""
    found: dict[int, list] = {}
    for key, data, error in rows:
        if error is not None:
            yield None, None, None, None, error
            return
        found.setdefault(key, []).append(ScoreSummary.from_bytes(data))
    for key, parts in found.items():
        merged = _on(backend, ScoreSummary.merge_all, parts)
        counts = _on(backend, _backend.kernels.summary_scan_counts, merged.negatives,
                     merged.positives)[:3]
        yield (key, *(int(x) for x in counts), None)


def _merged_groups(rows: Iterator[tuple], *, backend: str) -> Iterator[tuple]:
    """``(key, metrics row, error)`` of each group among ``rows`` (its pieces merged), or
    the first error reported."""
    found: dict[tuple, list] = {}
    for key, data, error in rows:
        if error is not None:
            yield None, None, error
            return
        found.setdefault(key, []).append(ScoreSummary.from_bytes(data))
    merged = {key: _on(backend, ScoreSummary.merge_all, parts) for key, parts in found.items()}
    for key, row in _on(backend, groups.keyed_rows, merged):
        yield key, row, None


def _key_bucket(key: Any) -> int:
    """A hash of a group key that every process computes alike."""
    return zlib.crc32(repr(key).encode())


def _range_bucket(key: Any) -> int:
    return 0 if key is None else key


# ---------------------------------------------------------------------------------------
# on the driver: errors, range borders, the merged result


_ROLE_NAMES = (("y_true", "label"), ("y_score", "score"), ("sample_weight", "weight"))


def _raise_reported(error: str, names: dict[str, str]) -> None:
    """Raise the error an executor reported, its argument names replaced by the columns."""
    kind, partition, message = error.split("|", 2)
    for argument, role in _ROLE_NAMES:
        if role in names:
            message = re.sub(rf"\b{argument}\b", f"the {role} column {names[role]!r}", message)
    place = f"partition {partition}: " if partition != "0" else ""
    raise (TypeError if kind == "TypeError" else ValueError)(f"{place}{message}")


def _check_reported(rows: list, names: dict[str, str]) -> None:
    for row in rows:
        if row[-1] is not None:
            _raise_reported(row[-1], names)


def _parallelism(df: DataFrame) -> int:
    try:
        return max(1, df.sparkSession.sparkContext.defaultParallelism)
    except Exception:  # Spark Connect has no SparkContext
        return 2


def _empty_error(names: dict[str, str]) -> None:
    """The in-memory error of no rows (every partition empty)."""
    try:
        ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    except (ValueError, TypeError) as exc:
        _raise_reported(f"{type(exc).__name__}|0|{exc}", names)


def _prepared(df: DataFrame, label: str, score: str, weight: str | None, pos_label: Any,
              borders: Sequence[float] = ()) -> tuple[Any, dict[str, str]]:
    """(the RDD of the partitions' summaries cut at ``borders``, the columns by role)."""
    names = {"label": label, "score": score, **({"weight": weight} if weight else {})}
    types = _names(df, names)
    data = _selected(df, [(name, role) for role, name in names.items()], types)
    work = partial(_range_pieces, roles=list(names), pos_label=pos_label,
                   backend=_backend_name(), borders=list(borders))
    return _pieces_rdd(data, work), names


def _summary_of(df, label, score, weight, pos_label) -> ScoreSummary:
    """The merged summary, on the driver: one job summarises the partitions, their
    summaries (bytes) reach the driver, which merges them."""
    pieces, names = _prepared(df, label, score, weight, pos_label)
    rows = pieces.collect()
    _check_reported(rows, names)
    if not rows:
        _empty_error(names)
    return ScoreSummary.merge_all(ScoreSummary.from_bytes(data) for _, data, _ in rows)


def _auc_borders(df: DataFrame, score: str) -> list[float]:
    """Borders cutting the scores into ranges of about ``_RANGE_SCORES`` rows (at least
    one per core), placed by Spark's approximate quantiles of a ``_SAMPLE_FRACTION``
    sample, which also estimates the rows; none for about ``_DRIVER_SCORES`` rows or
    fewer. One pass in the JVM; constant memory on the driver."""
    column = _quoted(score).cast("double")
    quantiles = [i / _QUANTILES for i in range(1, _QUANTILES)]
    sampled, found = df.select(column.alias("s")).sample(
        fraction=_SAMPLE_FRACTION, seed=0).agg(
        F.count(F.lit(1)), F.percentile_approx("s", quantiles, 10 * _QUANTILES)).first()
    rows = sampled / _SAMPLE_FRACTION
    if rows <= _DRIVER_SCORES or not found:
        return []
    n_ranges = int(min(max(_parallelism(df), -(-rows // _RANGE_SCORES)), _MAX_RANGES))
    picked = [found[round(i * len(quantiles) / n_ranges) - 1] for i in range(1, n_ranges)]
    return sorted({b for b in picked if b is not None and math.isfinite(b)})


def _auc_of(df, label, score, pos_label) -> float:
    """ROC AUC without weights from exact pair counts: a sample of the scores places the
    range borders, each partition's summary is cut into score ranges, the pieces of each
    range merge on the executors into (negatives, positives, pairs within the range), and
    the driver adds the pairs across ranges (every positive of a range above every
    negative of the ranges below)."""
    _names(df, {"label": label, "score": score})
    borders = _auc_borders(df, score)
    if not borders:  # small: the summary merged on the driver
        return _summary_of(df, label, score, None, pos_label).roc_auc()
    pieces, names = _prepared(df, label, score, None, pos_label, borders)
    ranges = pieces.keyBy(lambda row: row[0]).partitionBy(
        len(borders) + 1, _range_bucket).values().mapPartitions(
        partial(_merged_ranges, backend=_backend_name())).collect()
    _check_reported(ranges, names)
    if not ranges:
        _empty_error(names)
    twice_u = n_neg = n_pos = 0
    for _, negatives, positives, pairs, _ in sorted(ranges):  # the lowest scores first
        twice_u += pairs + 2 * positives * n_neg
        n_neg, n_pos = n_neg + negatives, n_pos + positives
    if n_neg + n_pos > MAX_EXACT_ROWS:
        raise ValueError(f"counts total {n_neg + n_pos} rows; exact counts are kept up to "
                         "2**62 rows")
    nan = math.nan
    auc = twice_u / (2 * n_pos * n_neg) if n_neg and n_pos else nan
    return auc_view(Scan(n_neg, n_pos, auc, nan, nan, nan, nan))


# ---------------------------------------------------------------------------------------
# the public functions: each one the in-memory function's result

_DOC = {
    "{columns}": """df : pyspark.sql.DataFrame
        The scored rows.
    label : str
        The label column ({0, 1}, {-1, 1} or bool; others need ``pos_label``).
    score : str
        The score column (numbers; higher = more likely positive).""",
    "{options}": """weight : str, default=None
        A column of non-negative weights.
    pos_label : int, float, bool or str, default=None
        The positive class.""",
    "{data}": """>>> from pyspark.sql import SparkSession
    >>> import rankscore.spark as rsp
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame([(0, 0.14), (1, 0.23), (0, 0.39), (0, 0.52), (1, 0.73),
    ...                             (1, 0.90)], "y int, s double").repartition(2)""",
    "{see_also}": "score_summary : The summary every function here reads.",
}


def _documented(function: Callable) -> Callable:
    """Fill in the docstring parts that the functions share."""
    for name, text in _DOC.items():
        function.__doc__ = function.__doc__.replace(name, text)
    return function


# ScoreSummary's view giving each function's result, where its name differs
_VIEWS = {"roc_auc_score": "roc_auc", "average_precision_score": "average_precision",
          "binary_confusion": "confusion"}


def _read(function: str, df, label, score, weight, pos_label, *args, **kwargs):
    """What the in-memory ``function`` returns, read from the merged summary (its
    ScoreSummary view of the same name, or the one _VIEWS names)."""
    merged = _summary_of(df, label, score, weight, pos_label)
    return getattr(merged, _VIEWS.get(function, function))(*args, **kwargs)


@_documented
def score_summary(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                  pos_label: Any = None) -> ScoreSummary:
    """The exact :class:`rankscore.ScoreSummary` of a Spark DataFrame's columns.

    Parameters
    ----------
    {columns}
    {options}

    Returns
    -------
    ScoreSummary
        On the driver; equals ``ScoreSummary.from_arrays`` of the columns collected into
        memory (same thresholds, same counts).

    See Also
    --------
    rankscore.ScoreSummary : The summary and its views.

    Notes
    -----
    Each partition is summarised on its executor; the partitions' summaries (bytes)
    reach the driver, which merges them. No row reaches the driver; the summary holds
    ``d * 24`` bytes for ``d`` distinct float64 scores.

    Examples
    --------
    {data}
    >>> s = rsp.score_summary(df, label="y", score="s")
    >>> s.positives.tolist(), round(s.roc_auc(), 4)
    ([1, 1, 0, 0, 1, 0], 0.7778)
    """
    return _summary_of(df, label, score, weight, pos_label)


summary = score_summary


@_documented
def roc_auc_score(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                  pos_label: Any = None, max_fpr: float | None = None) -> float:
    """Area under the ROC curve of a Spark DataFrame; equals :func:`rankscore.roc_auc_score`.

    Parameters
    ----------
    {columns}
    {options}
    max_fpr : float in (0, 1], default=None
        Standardised partial AUC up to this false-positive rate (McClish), as in memory.

    Returns
    -------
    float
        NaN with an ``UndefinedMetricWarning`` when one class is missing, as in memory.

    See Also
    --------
    {see_also}
    rankscore.roc_auc_score : The same number for data in memory.

    Notes
    -----
    AUC = P(s+ > s-) + ½ P(s+ = s-). Without weights (and ``max_fpr``) only three integers
    per score range reach the driver: the range's negatives, positives and twice its
    Mann-Whitney U; the pairs across ranges are products of counts. The driver's memory
    does not grow with the number of rows.

    Examples
    --------
    {data}
    >>> round(rsp.roc_auc_score(df, label="y", score="s"), 4)
    0.7778
    """
    if weight is None and max_fpr is None:
        return _auc_of(df, label, score, pos_label)
    return _read("roc_auc_score", df, label, score, weight, pos_label, max_fpr=max_fpr)


@_documented
def roc_curve(df: DataFrame, *, label: str, score: str, weight: str | None = None,
              pos_label: Any = None, drop_intermediate: bool = True):
    """ROC curve of a Spark DataFrame; equals :func:`rankscore.roc_curve`.

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
    ``tpr = tp(t) / P`` and ``fpr = fp(t) / N`` at each distinct score ``t``.

    Examples
    --------
    {data}
    >>> fpr, tpr, thresholds = rsp.roc_curve(df, label="y", score="s")
    >>> fpr.round(3).tolist(), tpr.round(3).tolist()
    ([0.0, 0.0, 0.0, 0.667, 0.667, 1.0], [0.0, 0.333, 0.667, 0.667, 1.0, 1.0])
    """
    return _read("roc_curve", df, label, score, weight, pos_label,
                 drop_intermediate=drop_intermediate)


@_documented
def precision_recall_curve(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                           pos_label: Any = None, drop_intermediate: bool = False):
    """Precision-recall curve of a Spark DataFrame; equals
    :func:`rankscore.precision_recall_curve`.

    Parameters
    ----------
    {columns}
    {options}
    drop_intermediate : bool, default=False
        Drop thresholds that do not change the recall, as in memory.

    Returns
    -------
    precision, recall, thresholds : ndarray
        As :func:`rankscore.precision_recall_curve`.

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
    >>> precision, recall, _ = rsp.precision_recall_curve(df, label="y", score="s")
    >>> precision.round(3).tolist()
    [0.5, 0.6, 0.5, 0.667, 1.0, 1.0, 1.0]
    """
    return _read("precision_recall_curve", df, label, score, weight, pos_label,
                 drop_intermediate=drop_intermediate)


@_documented
def average_precision_score(df: DataFrame, *, label: str, score: str,
                            weight: str | None = None, pos_label: Any = 1) -> float:
    """Average precision of a Spark DataFrame; equals
    :func:`rankscore.average_precision_score`.

    Parameters
    ----------
    {columns}
    {options}

    Returns
    -------
    float
        ``sum_k (R_k - R_{k-1}) P_k`` over the distinct thresholds, descending.

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
    >>> round(rsp.average_precision_score(df, label="y", score="s"), 4)
    0.8667
    """
    return _read("average_precision_score", df, label, score, weight, pos_label)


@_documented
def ks_statistic(df: DataFrame, *, label: str, score: str, weight: str | None = None,
                 pos_label: Any = None):
    """Kolmogorov-Smirnov statistic of a Spark DataFrame; equals
    :func:`rankscore.ks_statistic`.

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
    >>> result = rsp.ks_statistic(df, label="y", score="s")
    >>> round(result.statistic, 4), result.threshold
    (0.6667, 0.52)
    """
    return _read("ks_statistic", df, label, score, weight, pos_label)


@_documented
def gain_table(df: DataFrame, *, label: str, score: str, n_groups: int = 10,
               weight: str | None = None, pos_label: Any = None):
    """Gain/lift table of a Spark DataFrame; equals :func:`rankscore.gain_table`.

    Parameters
    ----------
    {columns}
    n_groups : int, default=10
        Groups (10: deciles); tied scores never straddle a border.
    {options}

    Returns
    -------
    GainTable
        As :func:`rankscore.gain_table`.

    See Also
    --------
    {see_also}
    rankscore.gain_table : The same table for data in memory.

    Notes
    -----
    Gain of a group = its positives / all positives; lift = its positive rate / the
    overall rate.

    Examples
    --------
    {data}
    >>> rsp.gain_table(df, label="y", score="s", n_groups=2).positives.tolist()
    [2, 1]
    """
    return _read("gain_table", df, label, score, weight, pos_label, n_groups)


@_documented
def binary_confusion(df: DataFrame, *, label: str, score: str, threshold: float,
                     weight: str | None = None, pos_label: Any = None, strict: bool = False):
    """Confusion at one threshold of a Spark DataFrame; equals
    :func:`rankscore.binary_confusion`.

    Parameters
    ----------
    {columns}
    threshold : float
        Positive means ``score >= threshold``.
    strict : bool, default False
        Positive means ``score > threshold`` instead.
    {options}

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
    >>> c = rsp.binary_confusion(df, label="y", score="s", threshold=0.5)
    >>> c.tp, c.fp, c.fn, c.tn
    (2, 1, 1, 2)
    """
    return _read("binary_confusion", df, label, score, weight, pos_label, threshold,
                 strict=strict)


@_documented
def best_threshold(df: DataFrame, objective: str, *, label: str, score: str,
                   weight: str | None = None, pos_label: Any = None, **options: Any):
    """The best threshold for an objective, of a Spark DataFrame; equals
    :func:`rankscore.best_threshold`.

    Parameters
    ----------
    {columns}
    objective : str
        One of :data:`rankscore.OBJECTIVES` (``"youden"``, ``"f_beta"``, ...).
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
    >>> rsp.best_threshold(df, "youden", label="y", score="s").threshold
    0.73
    """
    return _read("best_threshold", df, label, score, weight, pos_label, objective, **options)


@_documented
def binary_report(df: DataFrame, *, label: str, score: str, pos_label: Any = None,
                  threshold: float = 0.5, n_groups: int = 10,
                  strict: bool = False) -> dict[str, Any]:
    """Everything ``rankscore report`` shows, of a Spark DataFrame; equals
    :func:`rankscore.report.binary_report`.

    Parameters
    ----------
    {columns}
    pos_label : int, float, bool or str, default=None
        The positive class.
    threshold : float, default=0.5
        Threshold of the confusion section (positive means ``score >= threshold``).
    strict : bool, default False
        Positive means ``score > threshold`` in the confusion section.
    n_groups : int, default=10
        Groups of the gain/lift table (10: deciles).

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
    One pass over the partitions builds the summary; every number of the report is a
    view of it (no weights: the report counts rows).

    Examples
    --------
    {data}
    >>> report = rsp.binary_report(df, label="y", score="s")
    >>> report["counts"]["n"], round(report["ranking"]["roc_auc"], 4)
    (6, 0.7778)
    """
    return summary_report(_summary_of(df, label, score, None, pos_label), threshold=threshold,
                          n_groups=n_groups, strict=strict)


# ---------------------------------------------------------------------------------------
# per-group metrics: one summary per group and partition, merged per group


def _key_array(column: pa.ChunkedArray) -> np.ndarray:
    """A key column as NumPy: numbers and booleans as they are (nulls as NaN or None),
    anything else as Python objects."""
    if pa.types.is_integer(column.type) or pa.types.is_floating(column.type) or \
            pa.types.is_boolean(column.type):
        if not column.null_count:
            return column.to_numpy()
    return np.array(column.to_pylist(), dtype=object)


def group_metrics(df: DataFrame, *, label: str, score: str, by: str | Sequence[str],
                  weight: str | None = None, pos_label: Any = None,
                  one_class: str = "warn"):
    """ROC AUC, average precision, KS and class counts of every group of a Spark
    DataFrame's rows, in one pass; equals :func:`rankscore.group_metrics` on the rows
    collected into memory.

    Parameters
    ----------
    df : pyspark.sql.DataFrame
        The scored rows.
    label : str
        The label column ({0, 1}, {-1, 1} or bool; others need ``pos_label``).
    score : str
        The score column (numbers).
    by : str or list of str
        The key column(s): rows with equal keys form one group (a null key is a key).
    weight : str, default=None
        A column of non-negative weights.
    pos_label : int, float, bool or str, default=None
        The positive class.
    one_class : {"warn", "nan", "raise"}, default="warn"
        Groups holding one class only get NaN AUC and KS, with one
        ``UndefinedMetricWarning`` naming them (``"warn"``), silently (``"nan"``), or
        are a ``ValueError`` naming them (``"raise"``).

    Returns
    -------
    pandas.DataFrame
        One row per group, ordered by the keys (nulls last): the ``by`` columns, then
        ``positives``, ``negatives`` (counts, or weight sums), ``prevalence``,
        ``roc_auc``, ``average_precision``, ``ks`` and ``ks_threshold``.

    See Also
    --------
    rankscore.group_metrics : The same table for data in memory.

    Notes
    -----
    One pass summarises each group within each partition (the partition's rows ordered by
    group once); only the summaries travel, as bytes, to the task that merges the
    summaries of their group (groups are dealt to tasks by a hash of their key) and
    computes the group's row. The table is a pandas
    DataFrame, computed at once: it has one row per group (small next to the rows), and
    computing it here lets a group of one class, or a bad value, be reported as a
    one-line error rather than when a lazy Spark DataFrame is used later
    (``spark.createDataFrame(table)`` makes it a Spark DataFrame again).

    Examples
    --------
    >>> from pyspark.sql import SparkSession
    >>> import rankscore.spark as rsp
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame(
    ...     [("mon", 0, 0.1), ("mon", 1, 0.9), ("mon", 0, 0.8), ("mon", 1, 0.7),
    ...      ("tue", 0, 0.2), ("tue", 1, 0.3), ("tue", 0, 0.4), ("tue", 1, 0.6)],
    ...     "day string, y int, s double")
    >>> table = rsp.group_metrics(df, label="y", score="s", by="day")
    >>> table[["day", "roc_auc", "positives"]].values.tolist()
    [['mon', 0.75, 2], ['tue', 0.75, 2]]
    """
    one_class = groups.check_one_choice(one_class)
    by = _by_names(by)
    names = {"label": label, "score": score, **({"weight": weight} if weight else {})}
    types = _names(df, names, by)
    overlap = [name for name in by if name in names.values()]
    if overlap:
        raise ValueError(f"by names {overlap[0]!r}, which is also the "
                         f"{next(r for r, n in names.items() if n == overlap[0])} column")
    roles = list(names)
    data = _selected(df, [(names[r], r) for r in roles] + [(k, "by") for k in by], types)
    backend = _backend_name()
    pieces = _pieces_rdd(data, partial(_group_pieces, roles=roles, pos_label=pos_label,
                                       backend=backend))
    rows = pieces.keyBy(lambda row: row[0]).partitionBy(
        2 * _parallelism(df), _key_bucket).values().mapPartitions(
        partial(_merged_groups, backend=backend)).collect()
    _check_reported(rows, names)
    if not rows:
        _empty_error(names)
    return groups.frame_of(by, [(key, row) for key, row, _ in rows], weight is not None,
                           one_class)
