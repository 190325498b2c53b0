"""Dask collections as rankscore reads them: checks that name the argument, partitions
aligned across columns, one task per partition, and tree merges."""

from __future__ import annotations

import math
import re
from typing import Any, Callable, TypeVar

import dask.array as da
import dask.dataframe as dd
import numpy as np
from dask.delayed import Delayed, delayed

from .. import _backend
from .._columns import check_column, decimals_as_float64
from .._engine.validate import quoted, to_float

__all__ = ["aligned_partitions", "backend_name", "check_collection", "check_long_doubles",
           "chunk_summary", "current_client", "decimal_partition", "on_backend",
           "partition_tasks", "tree_merge"]


_R = TypeVar("_R")

_ONLY_DASK = (
    "{name} must be a Dask array or a Dask DataFrame column (dask.dataframe.Series), got"
    " {kind}; for data in memory use rankscore.{function}"
)


def backend_name() -> str:
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


_ROLES = {"y_true": "label", "y_score": "score", "sample_weight": "weight"}


def check_collection(x: Any, name: str, function: str) -> Any:
    """A 1-D Dask collection whose dtype passes the column rule (rankscore._columns), checked
    before any partition is computed; returns its Column (None where not checked)."""
    if isinstance(x, da.Array):
        if x.ndim != 1:
            raise ValueError(f"{name} must be 1-D, got a Dask array of shape {x.shape}")
    elif not isinstance(x, dd.Series):
        raise TypeError(_ONLY_DASK.format(name=name, kind=_kind(x), function=function))
    dtype = x.dtype
    if isinstance(x, dd.Series) and type(dtype).__name__ == "CategoricalDtype" \
            and not x.cat.known:  # categories unknown until computed: each partition says
        return None
    if name in _ROLES:  # the group keys of group_metrics may be of any type
        return check_column(name, dtype, _ROLES[name])
    return None


def decimal_partition(part: Any) -> Any:
    """A pandas partition of exact decimals as the nearest float64 (rankscore._columns)."""
    import pandas as pd
    import pyarrow as pa

    values = decimals_as_float64(pa.array(part)).to_numpy(zero_copy_only=False)
    return pd.Series(values, index=part.index, name=part.name)


def _distinct(parts: list[Any]) -> np.ndarray:
    return np.unique(np.concatenate([np.asarray(p) for p in parts]))


def check_long_doubles(x: Any, name: str) -> None:
    """Long double scores ``x`` as memory checks the column: two distinct ones that float64
    would merge into one score are an error wherever they are (each partition checks its
    own; this checks the distinct scores of all partitions, gathered here). A score beyond
    float64's range is left to its partition, which names its row."""
    pieces = [delayed(_distinct, pure=True)([p])
              for p in np.ravel(np.asarray(x.to_delayed(), dtype=object))]
    values = tree_merge(pieces, _distinct, 32).compute()
    if values is None or not len(values):
        return
    with np.errstate(over="ignore"):
        beyond = np.isinf(values.astype(np.float64)) & np.isfinite(values)
    if not beyond.any():
        to_float(values, name)  # the in-memory error naming the two scores


def _as_array(x: da.Array | dd.Series) -> da.Array:
    """A 1-D Dask array with known chunk sizes (a Series is counted partition by partition)."""
    if isinstance(x, dd.Series):
        counted: da.Array = x.to_dask_array(lengths=True)
        return counted
    if any(math.isnan(c) for c in x.chunks[0]):
        sized: da.Array = x.compute_chunk_sizes()
        return sized
    return x


def aligned_partitions(columns: dict[str, Any]) -> tuple[list[dict[str, Any]], list[int | None]]:
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
        if not lengths["y_score"]:  # no rows (Dask rechunks no rows to one chunk whatever
            return [], []           # the chunks asked: the columns' chunks would differ)
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


def on_backend(backend: str, function: Callable[..., _R], *args: Any, **kwargs: Any) -> _R:
    """``function(*args, **kwargs)`` on the kernels of ``backend`` (a worker without the
    compiled module uses its fallback: both give the same results)."""
    if backend == backend_name() or not _loadable(backend):
        return function(*args, **kwargs)
    with _backend.using(backend):
        return function(*args, **kwargs)


def chunk_summary(
    summarise: Callable[..., Any], where: tuple[int, int, int | None], backend: str,
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
        return on_backend(backend, summarise, **columns, **options)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        if start is not None:  # an index in the partition -> the index in the column
            message = re.sub(r"\bindex (\d+)", lambda m: f"index {start + int(m[1])}", message)
        elif hasattr(columns["y_score"], "index"):  # a DataFrame's partition: its row label
            labels = columns["y_score"].index
            message = re.sub(r"\bindex (\d+)", lambda m: _row_label(labels, int(m[1])),
                             message)
        raise type(exc)(f"{place}: {message}") from None


def _row_label(labels: Any, i: int) -> str:
    """Where row ``i`` of a pandas partition is: "index 3 (row label 1027)"."""
    if i >= len(labels):
        return f"index {i}"
    label = labels[i]
    label = label.item() if isinstance(label, np.generic) else label
    return f"index {i} of the partition (row label {quoted(label)})"


def partition_tasks(summarise: Callable[..., Any], columns: dict[str, Any],
                     options: dict[str, Any]) -> list[Delayed]:
    """One Delayed summary per partition."""
    parts, starts = aligned_partitions(columns)
    backend = backend_name()
    return [
        delayed(chunk_summary, pure=True)(summarise, (i + 1, len(parts), start), backend, part, options)
        for i, (part, start) in enumerate(zip(parts, starts))
    ]


def _merge(combine: Callable[[list[Any]], Any], *summaries: Any) -> Any:
    present = [s for s in summaries if s is not None]
    return combine(present) if present else None


def tree_merge(level: list[Delayed], combine: Callable[[list[Any]], Any], split_every: int,
               root: Callable[[list[Any]], Any] | None = None) -> Delayed:
    """The Delayed ``combine`` of ``level`` merged in a tree, ``split_every`` per task
    (``root``, if given, combines the last ones instead and reads the result)."""
    while len(level) > split_every:
        level = [delayed(_merge, pure=True)(combine, *level[i : i + split_every])
                 for i in range(0, len(level), split_every)]  # fmt: skip
    merged: Delayed = delayed(_merge, pure=True)(root or combine, *level)
    return merged


def current_client() -> Any:
    """The distributed client in use, or None (Dask's local scheduler)."""
    try:
        from distributed import default_client

        return default_client()
    except (ImportError, ValueError):  # no distributed, or no client
        return None
