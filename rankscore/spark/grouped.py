"""Per-group metrics of a Spark DataFrame: one summary per group and partition, the
summaries of each group merged in one task, which reads the group's row."""

from __future__ import annotations

from functools import partial
from typing import Any, Iterable, Iterator, Sequence

import numpy as np
import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql import types as T

from .. import groups
from .._engine.labels import label_codes
from .._engine.validate import as_scores, check_sample_weight
from ..summary import ScoreSummary
from .columns import by_names, checked_columns, role_names, selected
from .tasks import (backend_name, check_reported, checked_labels, empty_error, labels_piece,
                    merging, numpy_columns, on_backend, parallelism, pieces_rdd)


def _key_array(column: pa.ChunkedArray) -> np.ndarray:
    """A key column as NumPy: numbers and booleans as they are (nulls as NaN or None),
    anything else as Python objects."""
    if pa.types.is_integer(column.type) or pa.types.is_floating(column.type) or \
            pa.types.is_boolean(column.type):
        if not column.null_count:
            values: np.ndarray = column.to_numpy()  # (pyarrow is untyped)
            return values
    return np.array(column.to_pylist(), dtype=object)



def _group_pieces(batches: Iterator[pa.RecordBatch], *, roles: Sequence[str], pos_label: Any,
                  backend: str) -> list[tuple[tuple[Any, ...] | str, bytes]]:
    """``(key tuple, bytes)`` of each group of a partition (its summary), and the piece
    reporting its labels."""
    table, arrays = numpy_columns(batches, roles)
    if table is None:
        return []
    codes, pos_code = label_codes(arrays[0], pos_label)
    scores = as_scores(arrays[1])
    weights = check_sample_weight(arrays[2], len(scores)) \
        if len(arrays) > 2 else None
    keys = [table.column(i) for i in range(len(roles), table.num_columns)]
    order, ends, first = groups.group_rows([_key_array(c) for c in keys])
    summaries = on_backend(backend, groups.summaries_by_group, codes, pos_code, scores,
                           weights, order, ends)
    rows = zip(*([groups.plain_key(v) for v in c.take(pa.array(first)).to_pylist()]
                 for c in keys))
    pieces: list[tuple[tuple[Any, ...] | str, bytes]] = [
        labels_piece(arrays[0], pos_label, "group_metrics")]
    return pieces + [(key, summary.to_bytes()) for key, summary in zip(rows, summaries)]



def _merged_groups(pieces: list[tuple[tuple[Any, ...], bytes]], *,
                   backend: str) -> Iterator[tuple[Any, Any]]:
    """``(key, metrics row)`` of each group among ``pieces`` (its pieces merged)."""
    found: dict[tuple[Any, ...], list[ScoreSummary]] = {}
    for key, data in pieces:
        found.setdefault(key, []).append(ScoreSummary.from_bytes(data))
    merged = {}
    for key, parts in found.items():
        try:
            merged[key] = on_backend(backend, ScoreSummary.merge_all, parts)
        except ValueError as exc:  # (weights adding up past 2**1022)
            shown = key[0] if len(key) == 1 else key
            raise ValueError(f"group {shown!r}: {exc}") from None
    yield from on_backend(backend, groups.keyed_rows, merged)



def group_metrics(df: DataFrame, *, label: str, score: str, by: str | Sequence[str],
                  weight: str | None = None, pos_label: Any = None,
                  one_class: str = "warn") -> Any:
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
        A key is one value: array, map and struct columns are refused (cast them to
        string).
    weight : str, default=None
        A column of non-negative weights.
    pos_label : int, float, bool or str, default=None
        The positive class.
    one_class : {"warn", "nan", "raise"}, default="warn"
        What groups holding one class only get, as in :func:`rankscore.group_metrics`
        (NaN AUC and KS with one warning naming them, silently, or an error).

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
    by = by_names(by)
    groups.check_key_names(by)
    names = role_names(label, score, weight)
    types = checked_columns(df, names, by)
    overlap = [name for name in by if name in names.values()]
    if overlap:
        raise ValueError(f"by names {overlap[0]!r}, which is also the "
                         f"{next(r for r, n in names.items() if n == overlap[0])} column")
    for name in by:
        if isinstance(types[name], (T.ArrayType, T.MapType, T.StructType)):
            raise TypeError(f"the by column {name!r} has type {types[name].simpleString()}: "
                            "a group key is one value (a number, string, binary, boolean, "
                            "date or timestamp); cast the column to string first")
    roles = list(names)
    data = selected(df, [(names[r], r) for r in roles] + [(k, "by") for k in by], types)
    backend = backend_name()
    pieces = pieces_rdd(data, partial(_group_pieces, roles=roles, pos_label=pos_label,
                                       backend=backend))
    rows = pieces.keyBy(lambda row: row[0]).partitionBy(
        2 * parallelism(df), groups.key_hash).values().mapPartitions(
        merging(partial(_merged_groups, backend=backend))).collect()
    check_reported(rows, names)
    rows = checked_labels(rows, pos_label, "group_metrics", names)
    if not rows:
        empty_error(names)
    return groups.frame_of(by, [(key, row) for key, row, _ in rows], weight is not None,
                           one_class)
