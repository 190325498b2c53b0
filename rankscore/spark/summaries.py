"""The merged summary of a Spark DataFrame's columns: each partition summarised on its
executor, the summaries (bytes) merged on the driver."""

from __future__ import annotations

from functools import partial
from typing import Any, Iterator, Sequence

import pyarrow as pa
from pyspark.sql import DataFrame

from ..summary import ScoreSummary
from .columns import checked_columns, role_names, selected
from .tasks import (backend_name, check_reported, checked_labels, empty_error, labels_piece,
                    numpy_columns, on_backend, pieces_rdd)


def _summary_piece(batches: Iterator[pa.RecordBatch], *, roles: Sequence[str], pos_label: Any,
                   backend: str, function: str) -> list[tuple[str | None, bytes]]:
    """``[(None, bytes), labels piece]``: the summary of a partition's rows (empty with
    zero weights only) and the report of its labels; [] without rows."""
    _, arrays = numpy_columns(batches, roles)
    if not arrays:
        return []
    summary = on_backend(backend, ScoreSummary.from_arrays, arrays[0], arrays[1],
                         pos_label=pos_label,
                         sample_weight=arrays[2] if len(arrays) > 2 else None)
    return [(None, summary.to_bytes()), labels_piece(arrays[0], pos_label, function)]


def summary_of(df: DataFrame, label: str, score: str, weight: str | None, pos_label: Any,
               function: str) -> ScoreSummary:
    """The merged summary, on the driver: one job summarises the partitions, their
    summaries (bytes) reach the driver, which checks the labels of all rows as ``function``
    (the public function's name) in memory and merges them."""
    names = role_names(label, score, weight)
    types = checked_columns(df, names)
    data = selected(df, [(name, role) for role, name in names.items()], types)
    pieces = pieces_rdd(data, partial(_summary_piece, roles=list(names), pos_label=pos_label,
                                      backend=backend_name(), function=function))
    rows: list[tuple[Any, bytes | None, str | None]] = pieces.collect()
    check_reported(rows, names)
    rows = checked_labels(rows, pos_label, function, names)
    if not rows:
        empty_error(names)
    # (check_reported raised at an error row: every other row holds its bytes)
    return ScoreSummary.merge_all(ScoreSummary.from_bytes(data)  # type: ignore[arg-type]
                                  for _, data, _ in rows)
