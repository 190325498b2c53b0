"""Exact ties in a 1-D array: which entries hold equal values.

``find_ties`` sorts once with NumPy and hands the sorted values to the ``equal_runs``
kernel, which finds the runs of equal values in one typed pass (also used by the threshold
sweep and by ``tied_rankings``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _backend
from ._engine.validate import as_1d, quoted

__all__ = ["Ties", "find_ties"]


class Ties:
    """The result of :func:`find_ties` (immutable).

    Attributes
    ----------
    has_ties : bool
        Whether any value occurs twice or more.
    n_groups : int
        Number of groups of equal values with two or more entries.
    groups : list of ndarray of int64
        The indices of each such group, ascending; groups ordered by value, ascending.

    Examples
    --------
    >>> from rankscore.rankings import find_ties
    >>> ties = find_ties([0.3, 0.1, 0.3, 0.2, 0.1])
    >>> ties.n_groups, [group.tolist() for group in ties.groups]
    (2, [[1, 4], [0, 2]])
    """

    __slots__ = ("_groups",)

    _groups: tuple[np.ndarray, ...]

    def __init__(self, groups: list[np.ndarray]) -> None:
        for g in groups:
            g.flags.writeable = False
        object.__setattr__(self, "_groups", tuple(groups))

    @property
    def has_ties(self) -> bool:
        return len(self._groups) > 0

    @property
    def n_groups(self) -> int:
        return len(self._groups)

    @property
    def groups(self) -> list[np.ndarray]:
        return list(self._groups)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Ties is immutable; cannot set {quoted(name)}")

    def __repr__(self) -> str:
        shown = ", ".join(str(g.tolist()) for g in self._groups[:5])
        more = ", …" if len(self._groups) > 5 else ""
        return f"Ties(n_groups={self.n_groups}, groups=[{shown}{more}])"


def _sortable(values: Any) -> np.ndarray:
    arr = as_1d(values, "values", allow_empty=True)
    kind = arr.dtype.kind
    if kind == "f":
        if arr.dtype.type not in (np.float32, np.float64):
            arr = arr.astype(np.float64)
        nan = np.isnan(arr)
        if nan.any():
            raise ValueError(
                f"values contain NaN (first at index {int(np.flatnonzero(nan)[0])}); NaN never "
                "equals NaN, so its ties are undefined — drop or replace NaN first"
            )
        return arr.astype(arr.dtype.newbyteorder("="), copy=False)
    if kind == "u":
        return arr.astype(np.uint64, copy=False)
    if kind in "ib":
        return arr.astype(np.int64, copy=False)
    raise TypeError(f"values must be numbers or booleans, got dtype {arr.dtype}")


def find_ties(values: Any) -> Ties:
    """Find the groups of exactly equal values in a 1-D array.

    Parameters
    ----------
    values : array-like, shape (n,)
        Integers, booleans or floats (float16/longdouble are compared as float64). Empty
        input is allowed (no ties).

    Returns
    -------
    Ties
        ``has_ties``, ``n_groups`` and ``groups``: one ascending int64 index array per
        value that occurs two or more times, ordered by value.

    Raises
    ------
    ValueError
        NaN in ``values`` (NaN never equals NaN, so "tied NaN" has no meaning), 2-D input.
    TypeError
        Strings, objects, complex numbers.

    Notes
    -----
    Equality is exact (``==``, no tolerance); ``-0.0`` and ``0.0`` are equal, and so tie.

    Examples
    --------
    >>> from rankscore.rankings import find_ties
    >>> t = find_ties([0.3, 0.1, 0.3, 0.2, 0.1, 0.3])
    >>> t.has_ties, t.n_groups
    (True, 2)
    >>> [g.tolist() for g in t.groups]
    [[1, 4], [0, 2, 5]]
    >>> find_ties([]).has_ties
    False
    """
    arr = _sortable(values)
    order = np.argsort(arr, kind="stable")  # equal values keep their index order
    bounds = _backend.kernels.equal_runs(np.ascontiguousarray(arr[order]))
    sizes = np.diff(bounds)
    return Ties([order[bounds[j] : bounds[j + 1]] for j in np.flatnonzero(sizes >= 2).tolist()])
