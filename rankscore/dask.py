"""Exact threshold-sweep metrics of Dask collections: one mergeable summary per partition.

PLACEHOLDER DOCSTRING (rewritten once the summary API is merged).
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from . import _backend

try:
    import dask
    import dask.array as da
    import dask.dataframe as dd
    from dask.delayed import Delayed, delayed
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise ImportError(
        "rankscore.dask needs Dask: pip install 'rankscore[dask]' (dask[array,dataframe])"
    ) from exc

__all__: list[str] = []

_ONLY_DASK = (
    "{name} must be a Dask array or a Dask DataFrame column (dask.dataframe.Series), got"
    " {kind}; for data in memory use rankscore.{function}"
)


# ---------------------------------------------------------------------------------------
# partitions: the three columns cut into aligned pieces


def _backend_name() -> str:
    """The kernel module in use here, so that worker processes use the same one."""
    return "python" if _backend.kernels is _backend.load("python") else "cython"


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


def _aligned(columns: dict[str, Any]) -> list[dict[str, Any]]:
    """One dict {name: Delayed partition} per partition, the partitions of all columns aligned.

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
    parts = {name: list(np.ravel(np.asarray(x.to_delayed(), dtype=object)))
             for name, x in columns.items()}  # fmt: skip
    n = len(parts["y_score"])
    return [{name: pieces[i] for name, pieces in parts.items()} for i in range(n)]


def _chunk(
    summarise: Callable, index: int, n_parts: int, backend: str, columns: dict[str, Any],
    options: dict[str, Any],
) -> Any:
    """The summary of one partition (None when it is empty), computed on a worker."""
    lengths = {name: len(x) for name, x in columns.items()}
    if len(set(lengths.values())) > 1:
        shown = ", ".join(f"{name} {n}" for name, n in lengths.items())
        raise ValueError(f"partition {index} of {n_parts}: the columns have different lengths"
                         f" ({shown} rows); align the partitions (e.g. take all columns from"
                         " one DataFrame)")
    if lengths["y_score"] == 0:
        return None
    try:
        if backend == _backend_name():
            return summarise(**columns, **options)
        with _backend.using(backend):
            return summarise(**columns, **options)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"partition {index} of {n_parts}: {exc}") from None


def _merge(combine: Callable, *summaries: Any) -> Any:
    present = [s for s in summaries if s is not None]
    return combine(present) if present else None


def _tree(
    summarise: Callable, combine: Callable, columns: dict[str, Any], options: dict[str, Any],
    split_every: int,
) -> Delayed:
    """A Delayed summary: one task per partition, merged in a tree of ``split_every``."""
    parts = _aligned(columns)
    backend = _backend_name()
    level = [
        delayed(_chunk, pure=True)(summarise, i, len(parts), backend, part, options)
        for i, part in enumerate(parts)
    ]
    while len(level) > 1:
        level = [delayed(_merge, pure=True)(combine, *level[i : i + split_every])
                 for i in range(0, len(level), split_every)]  # fmt: skip
    return level[0]
