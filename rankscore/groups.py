"""Metrics of every group of rows at once: ROC AUC, average precision, KS and counts.

``group_metrics(y_true, y_score, by)`` cuts the rows into the groups that the key column(s)
``by`` define and returns one row per group, in the order of the sorted keys, with the
counts and the metrics that the in-memory functions give on that group's rows alone
(``roc_auc_score``, ``average_precision_score``, ``ks_statistic``: the same floats).

This module is also the engine that :mod:`rankscore.spark` and :mod:`rankscore.dask`
share: each partition's rows become one :class:`~rankscore.ScoreSummary` per group
(``group_rows``, ``summaries_by_group``), the summaries of one group merge exactly wherever they meet,
and ``metrics_row`` reads the row of a group from its merged summary;
``check_one_class`` then warns about (or refuses) the groups holding one class only.
"""

from __future__ import annotations

import numbers
import warnings
import zlib
from typing import Any, Sequence

import numpy as np

from ._engine.parts import binary_problem
from ._engine.results import aligned_lines
from ._engine.validate import is_missing, quoted
from .exceptions import warn_undefined_metric
from .summary import ScoreSummary

__all__ = ["group_metrics", "GroupMetrics"]

# the metric columns of every row, after the key columns
METRICS = ("positives", "negatives", "prevalence", "roc_auc", "average_precision", "ks",
           "ks_threshold")
ONE_CLASS_CHOICES = ("warn", "nan", "raise")
_SHOWN_GROUPS = 5  # groups named in a one-class warning or error


class GroupMetrics:
    """One row per group: the key columns, then ``positives``, ``negatives``,
    ``prevalence``, ``roc_auc``, ``average_precision``, ``ks`` and ``ks_threshold``.

    ``positives`` and ``negatives`` are row counts (int64), or weight sums (float64) with
    ``sample_weight``. A group holding one class only has NaN for ``roc_auc``, ``ks`` and
    ``ks_threshold``, and scikit-learn's ``average_precision`` (0.0 without positives, 1.0
    without negatives).

    Examples
    --------
    >>> from rankscore import group_metrics
    >>> table = group_metrics([0, 1, 0, 1, 0, 1], [0.1, 0.9, 0.8, 0.7, 0.2, 0.3],
    ...                       by=["a", "a", "a", "b", "b", "b"])
    >>> table["group"].tolist(), table["roc_auc"].tolist()
    (['a', 'b'], [1.0, 1.0])
    >>> table.to_pandas().columns[:3].tolist()
    ['group', 'positives', 'negatives']
    """

    __slots__ = ("key_names", "_columns")

    def __init__(self, key_names: Sequence[str], columns: dict[str, np.ndarray]):
        self.key_names = tuple(key_names)
        self._columns = columns

    def column_names(self) -> tuple[str, ...]:
        """The key columns' names, then the metrics', in table order."""
        return tuple(self._columns)

    def __len__(self) -> int:
        return len(self._columns["positives"])

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self._columns:
            raise KeyError(f"{quoted(name)} is not a column; columns: "
                           f"{', '.join(self._columns)}")
        return self._columns[name]

    def to_dict(self) -> dict[str, np.ndarray]:
        """The columns as ``{name: array}``, in table order."""
        return dict(self._columns)

    def to_pandas(self) -> Any:
        """The table as a ``pandas.DataFrame`` (needs pandas: ``pip install rankscore[pandas]``)."""
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover - depends on the environment
            raise ImportError("GroupMetrics.to_pandas() needs pandas; install it with "
                              "'pip install rankscore[pandas]'") from None
        return pd.DataFrame(self.to_dict())

    def __str__(self) -> str:
        names = self.column_names()
        # str keys quoted where a key column also holds other types: 1 and "1" apart
        quoted_keys = {name for name in self.key_names
                       if len({type(v) is str for v in self._columns[name].tolist()}) > 1}
        rows = [[_cell(self._columns[name][i], name in quoted_keys, name in self.key_names)
                 for name in names] for i in range(len(self))]
        return "\n".join(aligned_lines(names, rows))

    def __repr__(self) -> str:
        return f"GroupMetrics({len(self)} groups by {', '.join(self.key_names)})\n{self}"


def _cell(value: Any, quote: bool = False, key: bool = False) -> str:
    """A value as the table shows it: a metric's float to 6 digits, a key in full (two
    keys never look alike)."""
    if isinstance(value, (float, np.floating)) and not key:
        return f"{value:.6g}"
    return repr(value) if quote and isinstance(value, str) else str(value)


# ---------------------------------------------------------------------------------------
# the engine: group ids, one summary per group, one row per summary


def group_rows(keys: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the rows ordered by group, the end of each group in that order, one row of each
    group): groups are numbered in the order of the sorted keys (the first key first), a
    missing key (None, NaN) is a key of its own, after the others; within a group the rows
    keep their order."""
    ids = np.zeros(len(keys[0]), dtype=np.int64)
    n_ids = 1
    for key in keys:
        codes, n_codes = _codes(key)
        if n_ids * n_codes >= 1 << 62:  # the combined codes would overflow: renumber first
            ids, n_ids = _dense(ids, n_ids)
        ids = ids * n_codes + codes
        n_ids *= n_codes
    ids, n_ids = _dense(ids, n_ids)
    order = np.argsort(ids, kind="stable")
    ends = np.cumsum(np.bincount(ids, minlength=n_ids))
    return order, ends, order[np.r_[0, ends[:-1]]]


def _dense(ids: np.ndarray, n_ids: int) -> tuple[np.ndarray, int]:
    """``ids`` (in [0, n_ids)) renumbered 0, 1, ... in the same order, and their number:
    by counting when the range is small, else by sorting."""
    if n_ids <= max(4 * len(ids), 1 << 16):
        present = np.bincount(ids, minlength=n_ids) > 0
        number = np.cumsum(present) - 1
        return number[ids], int(number[-1]) + 1 if len(number) else 0
    uniques, ids = np.unique(ids, return_inverse=True)
    return ids.reshape(-1), len(uniques)


def _codes(key: np.ndarray) -> tuple[np.ndarray, int]:
    """Integer codes of one key column (in the order of its sorted values) and their
    number; codes may be unused (``_dense`` drops them)."""
    if key.dtype.kind in "iub" and len(key):
        low, high = int(key.min()), int(key.max())
        if high - low <= max(4 * len(key), 1 << 16):  # small integers: codes by offset
            shifted = (key - key.dtype.type(low)).astype(np.int64) if key.dtype.kind == "u" \
                else key.astype(np.int64) - low  # (uint64 beyond int64's range)
            return shifted, high - low + 1
    if key.dtype != object:
        uniques, codes = np.unique(key, return_inverse=True)  # NaN last, as one key
        return codes.reshape(-1), len(uniques)
    values = key.tolist()
    missing = [is_missing(v) for v in values]
    ordered = ordered_values({v for v, m in zip(values, missing) if not m})
    index = {v: i for i, v in enumerate(ordered)}
    codes = np.array([len(ordered) if m else index[v] for v, m in zip(values, missing)],
                     dtype=np.int64)
    return codes, len(ordered) + any(missing)


def ordered_values(values: set[Any]) -> list[Any]:
    """Distinct key values (none missing) in table order: by value; values of several types
    that do not compare by their type's name, then by value within each type (by repr
    where a type's values do not compare either)."""
    try:
        return sorted(values)
    except TypeError:
        pass
    by_type: dict[str, list[Any]] = {}
    for value in values:
        by_type.setdefault(type(value).__name__, []).append(value)
    ordered = []
    for name in sorted(by_type):
        try:
            ordered += sorted(by_type[name])
        except TypeError:
            ordered += sorted(by_type[name], key=repr)
    return ordered


def summaries_by_group(codes: np.ndarray, pos_code: Any, scores: np.ndarray,
                       weights: np.ndarray | None, order: np.ndarray,
                       ends: np.ndarray) -> list[ScoreSummary]:
    """The summary of each group's rows (validated label codes, scores and weights;
    ``order`` and ``ends`` from ``group_rows``); a group of zero weights only has an
    empty summary."""
    codes, scores = codes[order], scores[order]
    weights = None if weights is None else weights[order]
    summaries, start = [], 0
    for end in ends.tolist():
        rows = slice(start, end)
        if weights is not None and not weights[rows].any():  # no weight: an empty summary
            empty = np.empty(0)
            summaries.append(ScoreSummary(empty, empty, empty, plain_key(pos_code)))
        else:
            summaries.append(ScoreSummary.from_arrays(
                codes[rows], scores[rows], pos_label=pos_code,
                sample_weight=None if weights is None else weights[rows]))
        start = end
    return summaries


def keyed_summaries(codes: np.ndarray, pos_code: Any, scores: np.ndarray,
                    weights: np.ndarray | None, keys: Sequence[np.ndarray],
                    n_buckets: int = 1) -> list[dict[tuple[Any, ...], ScoreSummary]]:
    """The summaries of one partition's groups as ``{key tuple: summary}`` dicts, the
    groups dealt into ``n_buckets`` dicts by a hash of their key that every process
    computes alike (a missing key is None)."""
    order, ends, first = group_rows(keys)
    summaries = summaries_by_group(codes, pos_code, scores, weights, order, ends)
    rows = zip(*([plain_key(v) for v in key[first].tolist()] for key in keys))
    buckets: list[dict[Any, Any]] = [{} for _ in range(n_buckets)]
    for key, summary in zip(rows, summaries):
        buckets[key_hash(key) % n_buckets if n_buckets > 1 else 0][key] = summary
    return buckets


def key_hash(key: Any) -> int:
    """A hash of a group key (a tuple, or one value) that every process computes alike
    and that equal keys share, as they are one group: 1, 1.0 and True; -0.0 and 0.0.
    Numbers by Python's hash of numbers (not salted per process, unlike str's), anything
    else (and NaN) by a CRC of its repr."""
    found = 0
    for value in key if isinstance(key, tuple) else (key,):
        part = hash(value) if isinstance(value, numbers.Number) and value == value else \
            zlib.crc32(repr(value).encode())  # (NaN's hash is its object's)
        found = (found * 1_000_003 + part) & 0xFFFF_FFFF_FFFF
    return found


def plain_key(value: Any) -> Any:
    """A key value as the groups' tables show it: a missing one (None, NaN, NA) is None."""
    return None if is_missing(value) else value


def merge_keyed(parts: Sequence[dict[tuple[Any, ...], ScoreSummary]]) -> dict[tuple[Any, ...], ScoreSummary]:
    """``{key: summary}`` dicts merged: the summaries of each key merged exactly."""
    found: dict[tuple[Any, ...], list[Any]] = {}
    for part in parts:
        for key, summary in part.items():
            found.setdefault(key, []).append(summary)
    return {key: ScoreSummary.merge_all(summaries) for key, summaries in found.items()}


def keyed_rows(merged: dict[tuple[Any, ...], ScoreSummary]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """(key, ``metrics_row``) of every group of a merged dict."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # check_one_class names every group of one class
        return [(key, metrics_row(summary)) for key, summary in merged.items()]


def sorted_keys(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """The order of the key tuples: by value (as ``ordered_values``), a missing key (None)
    last in its column."""
    ranks = []
    for j in range(len(keys[0]) if len(keys) else 0):
        column = [key[j] for key in keys]
        index = {v: i for i, v in enumerate(ordered_values({v for v in column
                                                            if v is not None}))}
        ranks.append([len(index) if v is None else index[v] for v in column])
    return sorted(range(len(keys)), key=lambda i: tuple(rank[i] for rank in ranks))


def frame_of(key_names: Sequence[str], rows: Sequence[tuple[tuple[Any, ...], tuple[Any, ...]]], weighted: bool,
             one_class: str, stacklevel: int = 2) -> Any:
    """The pandas DataFrame of (key, metrics row) pairs, ordered by key, after
    ``check_one_class``."""
    import pandas as pd

    check_key_names(key_names)
    rows = [rows[i] for i in sorted_keys([key for key, _ in rows])]
    columns: dict[str, Any] = {name: _key_values([key[j] for key, _ in rows])
                               for j, name in enumerate(key_names)}
    metrics = metric_columns([row for _, row in rows], weighted)
    check_one_class([key for key, _ in rows], metrics["positives"], metrics["negatives"],
                    one_class, stacklevel + 1)
    columns.update(metrics)
    return pd.DataFrame(columns)


def _key_values(values: list[Any]) -> Any:
    """A key column of a table: integers with a missing key (None) as Python objects, which
    pandas would make float64 (2**53 + 1 shown as 2**53), else as pandas reads them."""
    if None in values and any(isinstance(v, numbers.Integral) and not isinstance(v, bool)
                              for v in values):
        column = np.empty(len(values), dtype=object)
        column[:] = values
        return column
    return values


def metrics_row(summary: ScoreSummary) -> tuple[Any, ...]:
    """(positives, negatives, prevalence, roc_auc, average_precision, ks, ks_threshold) of
    one group's summary: the in-memory functions' values on the group's rows (a group of
    one class gets them without their warnings; ``check_one_class`` names it)."""
    positives, negatives = summary.n_positives, summary.n_negatives
    total = positives + negatives
    prevalence = positives / total if total else np.nan
    if not (positives and negatives):
        ap = (1.0 if positives else 0.0) if total else np.nan
        return positives, negatives, prevalence, np.nan, ap, np.nan, np.nan
    ks = summary.ks_statistic()
    return (positives, negatives, prevalence, summary.roc_auc(), summary.average_precision(),
            ks.statistic, ks.threshold)


def metric_columns(rows: Sequence[tuple[Any, ...]], weighted: bool) -> dict[str, np.ndarray]:
    """The metric columns of a table from its rows of ``metrics_row``."""
    count = np.float64 if weighted else np.int64
    dtypes = (count, count) + (np.float64,) * (len(METRICS) - 2)
    if not rows:
        return {name: np.empty(0, dtype) for name, dtype in zip(METRICS, dtypes)}
    return {name: np.array(column, dtype=dtype)
            for name, column, dtype in zip(METRICS, zip(*rows), dtypes)}


def check_key_names(names: Sequence[str]) -> None:
    """Refuse a key column named as a metric column of the table, which would replace it."""
    clash = [name for name in names if name in METRICS]
    if clash:
        raise ValueError(f"the key column {clash[0]!r} has the name of a metric column of "
                         f"the table ({', '.join(METRICS)}); rename it")


def check_one_choice(one_class: Any) -> str:
    if one_class not in ONE_CLASS_CHOICES:
        raise ValueError(f"one_class must be one of {', '.join(map(repr, ONE_CLASS_CHOICES))}, "
                         f"got {quoted(one_class)}")
    result: str = one_class
    return result


def check_one_class(keys: Sequence[tuple[Any, ...]], positives: np.ndarray, negatives: np.ndarray,
                    one_class: str, stacklevel: int = 2) -> None:
    """Warn about (``"warn"``), or refuse (``"raise"``), the groups holding one class only:
    their AUC and KS are not defined. ``keys`` holds each group's key tuple."""
    lonely = np.flatnonzero((positives == 0) | (negatives == 0))
    if not len(lonely) or one_class == "nan":
        return
    shown = "; ".join(_one_class_text(keys[i], positives[i], negatives[i])
                      for i in lonely[:_SHOWN_GROUPS])
    more = f" and {len(lonely) - _SHOWN_GROUPS} more" if len(lonely) > _SHOWN_GROUPS else ""
    message = (f"{len(lonely)} of {len(positives)} groups hold one class only, so their "
               f"roc_auc and ks are NaN: {shown}{more}")
    if one_class == "raise":
        raise ValueError(f"{message} (one_class='raise')")
    warn_undefined_metric(f"{message}; one_class='nan' silences this, 'raise' refuses",
                          stacklevel=stacklevel + 1)


def _one_class_text(key: tuple[Any, ...], positives: Any, negatives: Any) -> str:
    shown = key[0] if len(key) == 1 else key
    if not (positives or negatives):
        return f"group {shown!r} has no rows of nonzero weight"
    kind, count = ("positives", positives) if positives else ("negatives", negatives)
    return f"group {shown!r} holds only {kind} ({count:g})"


# ---------------------------------------------------------------------------------------
# in memory


def key_values(part: Any) -> np.ndarray:
    """One key column (array-like, pandas Series or Index) as a NumPy array of its values."""
    column = part.to_numpy() if hasattr(part, "to_numpy") else np.asarray(part)
    dtype = getattr(part, "dtype", None)
    pandas_na = type(getattr(dtype, "na_value", None)).__name__ == "NAType"
    if column.dtype.kind == "f" and getattr(dtype, "kind", "f") != "f" or \
            column.dtype.kind == "O" and pandas_na:
        # pandas makes a nullable integer (or categorical) column with a missing value
        # float64, which would merge integers beyond 2**53, and a nullable boolean one
        # objects holding pd.NA: its values as they are, the missing one None (as the Dask
        # and Spark tables show it, not pandas' NA)
        column = part.to_numpy(dtype=object, na_value=None)
    return column


def _key_columns(by: Any, n: int) -> tuple[list[str], list[np.ndarray]]:
    """The key columns of ``by``: one array-like, a list of them, or a pandas DataFrame;
    with the names of pandas objects (else ``group``, ``group_1``, ...)."""
    if hasattr(by, "columns") and hasattr(by, "iloc"):  # a pandas DataFrame
        parts = [by[name] for name in by.columns]
    elif isinstance(by, (list, tuple)) and by and all(
            hasattr(x, "__len__") and not isinstance(x, (str, bytes)) for x in by):
        parts = list(by)
    else:
        parts = [by]
    names, columns = [], []
    for i, part in enumerate(parts):
        name = getattr(part, "name", None)
        names.append(str(name) if name is not None else "group" if i == 0 else f"group_{i}")
        column = key_values(part)
        if column.ndim != 1:
            raise ValueError(f"by must be one key column or a list of them; got an array of "
                             f"shape {column.shape}")
        if len(column) != n:
            raise ValueError(f"by has {len(column)} rows, y_true has {n}")
        if column.dtype.kind in "US" and not hasattr(part, "to_numpy") \
                and not isinstance(part, np.ndarray):
            column = _as_given(part, column)
        columns.append(column)
    return unique_key_names(names), columns


def unique_key_names(names: list[str]) -> list[str]:
    """The key columns' names, each its own: a name given twice becomes name_i, i its
    position (or the next i that no other column has)."""
    if len(set(names)) == len(names):
        return names
    duplicated = {name for name in names if names.count(name) > 1}
    taken, unique = set(names) - duplicated, []
    for i, name in enumerate(names):
        if name in duplicated:
            free = next(j for j in range(i, i + len(names) + 1) if f"{name}_{j}" not in taken)
            name = f"{name}_{free}"
        taken.add(name)
        unique.append(name)
    return unique


def _as_given(values: Any, coerced: np.ndarray) -> np.ndarray:
    """A sequence that NumPy made a str (or bytes) array: as such if every value was one,
    else its values as given (1 and "1", which NumPy would both make "1", stay two keys)."""
    kind = str if coerced.dtype.kind == "U" else bytes
    if all(isinstance(v, kind) for v in values):
        return coerced
    column = np.empty(len(coerced), dtype=object)
    column[:] = list(values)
    return column


def group_metrics(y_true: Any, y_score: Any, by: Any, *, sample_weight: Any = None,
                  pos_label: Any = None, one_class: str = "warn") -> GroupMetrics:
    """ROC AUC, average precision, KS and class counts of every group of rows, in one pass.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Labels ({0, 1}, {-1, 1} or bool; others need ``pos_label``).
    y_score : array-like of shape (n_samples,)
        Finite scores, higher = more likely positive.
    by : array-like of shape (n_samples,), a list of them, or a pandas DataFrame
        The group key(s): rows with equal keys (in every key column) form one group. Keys
        are compared as given, never converted to str: ``1`` and ``"1"`` are two groups
        (keyed ``1`` and ``"1"``), also in a list, which NumPy alone would make all str.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights.
    pos_label : int, float, bool or str, default=None
        The positive class, decided once for all rows.
    one_class : {"warn", "nan", "raise"}, default="warn"
        Groups holding one class only get NaN AUC and KS, with one
        ``UndefinedMetricWarning`` naming them (``"warn"``), silently (``"nan"``), or
        are a ``ValueError`` naming them (``"raise"``).

    Returns
    -------
    GroupMetrics
        One row per group, ordered by the keys (a missing key last; keys of several
        types by their type's name, then their value): the key columns
        (named after pandas objects, else ``group``, ``group_1``, ...; a key column
        named as a metric column is refused), then
        ``positives``, ``negatives``, ``prevalence``, ``roc_auc``,
        ``average_precision``, ``ks`` and ``ks_threshold``; ``.to_pandas()`` gives a
        DataFrame.

    See Also
    --------
    roc_auc_score, average_precision_score, ks_statistic : The values of one group.
    rankscore.spark.group_metrics, rankscore.dask.group_metrics : The same table of data
        held by Spark or Dask.

    Notes
    -----
    The labels, scores and weights are validated once; the rows are ordered by group
    (one stable sort of the group ids) and each group's rows are summarised by a
    :class:`ScoreSummary`, whose views give the metrics: each row equals
    ``roc_auc_score(y_true[g], y_score[g])`` etc. on that group's rows ``g``, bit for bit.

    Examples
    --------
    >>> import numpy as np
    >>> from rankscore import group_metrics
    >>> y = [0, 1, 0, 1, 0, 1, 0, 1]
    >>> s = [0.1, 0.9, 0.8, 0.7, 0.2, 0.3, 0.4, 0.6]
    >>> day = ["mon", "mon", "mon", "mon", "tue", "tue", "tue", "tue"]
    >>> table = group_metrics(y, s, by=day)
    >>> table["group"].tolist(), table["roc_auc"].tolist(), table["positives"].tolist()
    (['mon', 'tue'], [0.75, 0.75], [2, 2])
    """
    one_class = check_one_choice(one_class)
    codes, pos_code, scores, weights, _ = binary_problem(y_true, y_score, pos_label,
                                                         sample_weight, finite=True)
    n = len(scores)
    names, keys = _key_columns(by, n)
    check_key_names(names)
    order, ends, first = group_rows(keys)
    summaries = summaries_by_group(codes, pos_code, scores, weights, order, ends)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # one warning below names every such group
        rows = [metrics_row(s) for s in summaries]
    columns = {name: key[first] for name, key in zip(names, keys)}
    columns.update(metric_columns(rows, weights is not None))
    key_rows = list(zip(*(columns[name].tolist() for name in names)))
    check_one_class(key_rows, columns["positives"], columns["negatives"], one_class)
    return GroupMetrics(names, columns)
