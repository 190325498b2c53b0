"""The merged summary of a Spark DataFrame's columns, and its ROC AUC from exact pair
counts merged by score range on the executors."""

from __future__ import annotations

import math
from functools import partial
from typing import Any, Iterator, Sequence

import numpy as np
import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from .. import _backend
from .._engine.parts import MAX_EXACT_ROWS
from .._engine.sweep import Scan
from .._engine.views import auc_view
from ..summary import ScoreSummary
from .columns import checked_columns, quoted, role_names, selected
from .tasks import (backend_name, check_reported, empty_error, numpy_columns, on_backend,
                    parallelism, pieces_rdd)

_RANGE_SCORES = 1 << 22  # rows of one merged score range, about
_MAX_RANGES = 1024
_SAMPLE_FRACTION = 1e-3  # of the rows, sampled to place the range borders
_QUANTILES = 256  # quantiles of the sample read to place them
_DRIVER_SCORES = 1 << 20  # rows, at most, whose ROC AUC is read from a summary merged here

def _range_pieces(batches: Iterator[pa.RecordBatch], *, roles: Sequence[str], pos_label: Any,
                  backend: str, borders: Sequence[float]) -> list[tuple]:
    """A partition's summary cut at ``borders`` (ascending) into score ranges:
    ``(range, bytes)`` per non-empty range (range j holds ``borders[j-1] <= score <
    borders[j]``)."""
    _, arrays = numpy_columns(batches, roles)
    if not arrays or (len(arrays) > 2 and (arrays[2] == 0).all()):
        return []  # no rows, or zero weights only (negative ones are the error below)
    summary = on_backend(backend, ScoreSummary.from_arrays, arrays[0], arrays[1],
                         pos_label=pos_label,
                         sample_weight=arrays[2] if len(arrays) > 2 else None)
    # thresholds descend: the scores >= b are the first searchsorted(-t, -b, "right")
    descending = -summary.thresholds
    cuts = [0, *(int(np.searchsorted(descending, -b, side="right")) for b in borders[::-1]),
            len(summary)]
    return [(len(borders) - j, ScoreSummary(summary.thresholds[a:b], summary.negatives[a:b],
                                            summary.positives[a:b],
                                            summary.pos_label).to_bytes())
            for j, (a, b) in enumerate(zip(cuts[:-1], cuts[1:])) if b > a]



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
        merged = on_backend(backend, ScoreSummary.merge_all, parts)
        counts = on_backend(backend, _backend.kernels.summary_scan_counts,
                            merged.negatives, merged.positives)[:3]
        yield (key, *(int(x) for x in counts), None)


def _range_bucket(key: Any) -> int:
    return 0 if key is None else key



def _prepared(df: DataFrame, label: str, score: str, weight: str | None, pos_label: Any,
              borders: Sequence[float] = ()) -> tuple[Any, dict[str, str]]:
    """(the RDD of the partitions' summaries cut at ``borders``, the columns by role)."""
    names = role_names(label, score, weight)
    types = checked_columns(df, names)
    data = selected(df, [(name, role) for role, name in names.items()], types)
    work = partial(_range_pieces, roles=list(names), pos_label=pos_label,
                   backend=backend_name(), borders=list(borders))
    return pieces_rdd(data, work), names


def summary_of(df, label, score, weight, pos_label) -> ScoreSummary:
    """The merged summary, on the driver: one job summarises the partitions, their
    summaries (bytes) reach the driver, which merges them."""
    pieces, names = _prepared(df, label, score, weight, pos_label)
    rows = pieces.collect()
    check_reported(rows, names)
    if not rows:
        empty_error(names)
    return ScoreSummary.merge_all(ScoreSummary.from_bytes(data) for _, data, _ in rows)


def _auc_borders(df: DataFrame, score: str) -> list[float]:
    """Borders cutting the scores into ranges of about ``_RANGE_SCORES`` rows (at least
    one per core), placed by Spark's approximate quantiles of a ``_SAMPLE_FRACTION``
    sample, which also estimates the rows; none for about ``_DRIVER_SCORES`` rows or
    fewer. One pass in the JVM; constant memory on the driver."""
    column = quoted(score).cast("double")
    quantiles = [i / _QUANTILES for i in range(1, _QUANTILES)]
    sampled, found = df.select(column.alias("s")).sample(
        fraction=_SAMPLE_FRACTION, seed=0).agg(
        F.count(F.lit(1)), F.percentile_approx("s", quantiles, 10 * _QUANTILES)).first()
    rows = sampled / _SAMPLE_FRACTION
    if rows <= _DRIVER_SCORES or not found:
        return []
    n_ranges = int(min(max(parallelism(df), -(-rows // _RANGE_SCORES)), _MAX_RANGES))
    picked = [found[round(i * len(quantiles) / n_ranges) - 1] for i in range(1, n_ranges)]
    return sorted({b for b in picked if b is not None and math.isfinite(b)})


def auc_of(df, label, score, pos_label) -> float:
    """ROC AUC without weights from exact pair counts: a sample of the scores places the
    range borders, each partition's summary is cut into score ranges, the pieces of each
    range merge on the executors into (negatives, positives, pairs within the range), and
    the driver adds the pairs across ranges (every positive of a range above every
    negative of the ranges below)."""
    checked_columns(df, {"label": label, "score": score})
    borders = _auc_borders(df, score)
    if not borders:  # small: the summary merged on the driver
        return summary_of(df, label, score, None, pos_label).roc_auc()
    pieces, names = _prepared(df, label, score, None, pos_label, borders)
    ranges = pieces.keyBy(lambda row: row[0]).partitionBy(
        len(borders) + 1, _range_bucket).values().mapPartitions(
        partial(_merged_ranges, backend=backend_name())).collect()
    check_reported(ranges, names)
    if not ranges:
        empty_error(names)
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


