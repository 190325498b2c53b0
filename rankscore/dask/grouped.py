"""group_metrics of Dask collections: one row per group of key columns, every group's
summary built in the same pass."""

from __future__ import annotations

from functools import partial
from typing import Any

import dask.dataframe as dd
import numpy as np
from dask.base import compute
from dask.delayed import delayed

from .. import groups
from .._distributed import LabelsSeen, check_labels_seen, labels_seen, merged_labels
from .._engine.parts import binary_problem
from ..summary import ScoreSummary
from .partitions import backend_name, check_collection, on_backend, partition_tasks, tree_merge
from .summaries import MAX_RANGES, check_split_every, column_dict, worker_threads

__all__ = ["group_metrics"]

# per-group metrics: one summary per group and partition (rankscore.groups), the groups
# dealt into buckets by key, each bucket's summaries merged per group in its own tree

# one bucket of a partition's groups: {key tuple: the group's summary}
_Keyed = dict[tuple[Any, ...], ScoreSummary]


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
        check_collection(part, "by", "group_metrics")
        name = part.name if isinstance(part, dd.Series) else None  # (an array's: its token)
        name = str(name) if name is not None else "group" if i == 0 else f"group_{i}"
        names.append(name)
    names = groups.unique_key_names(names)  # (as in memory)
    groups.check_key_names(names)  # (before anything is computed)
    return dict(zip(names, parts))


def _group_chunk(y_true: Any, y_score: Any, sample_weight: Any = None, *, pos_label: Any,
                 n_buckets: int, **keys: Any) -> tuple[list[_Keyed], LabelsSeen]:
    """One partition's groups: their summaries in ``n_buckets`` {key: summary} dicts; and
    what its labels tell the client."""
    codes, pos_code, scores, weights, _ = binary_problem(y_true, y_score, pos_label,
                                                         sample_weight, finite=True)
    arrays = [groups.key_values(k) for k in keys.values()]
    return (groups.keyed_summaries(codes, pos_code, scores, weights, arrays, n_buckets),
            labels_seen(y_true, pos_label, "group_metrics"))


def group_metrics(
    y_true: Any, y_score: Any, by: Any, *, pos_label: Any = None, sample_weight: Any = None,
    one_class: str = "warn", split_every: int = 32,
) -> Any:
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
        What groups holding one class only get, as in :func:`rankscore.group_metrics`
        (NaN AUC and KS with one warning naming them, silently, or an error).
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
    split_every = check_split_every(split_every)
    columns = column_dict(y_true, y_score, sample_weight, "group_metrics")
    keys = _key_columns(by)
    names = list(keys)
    columns.update({f"by_{i}": column for i, column in enumerate(keys.values())})
    n_buckets = min(2 * worker_threads(), MAX_RANGES)
    level = partition_tasks(_group_chunk, columns, {"pos_label": pos_label,
                                                     "n_buckets": n_buckets})
    backend = backend_name()
    tasks = [tree_merge([delayed(_bucket, pure=True)(part, j) for part in level],
                   partial(on_backend, backend, groups.merge_keyed), split_every,
                   root=partial(on_backend, backend, _bucket_rows)) for j in range(n_buckets)]
    seen = [delayed(_labels, pure=True)(part) for part in level]
    *buckets, reports = compute(*tasks, seen)
    rows = [row for bucket in buckets if bucket for row in bucket]
    if not rows:  # every partition is empty: the in-memory error
        ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    check_labels_seen(merged_labels(reports), pos_label, "group_metrics")
    return groups.frame_of(names, rows, sample_weight is not None, one_class)


def _bucket(part: tuple[list[_Keyed], LabelsSeen] | None, j: int) -> _Keyed | None:
    return None if part is None else part[0][j]


def _labels(part: tuple[list[_Keyed], LabelsSeen] | None) -> LabelsSeen | None:
    return None if part is None else part[1]


def _bucket_rows(parts: list[_Keyed]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    return groups.keyed_rows(groups.merge_keyed(parts))
