"""How many rankings there are, every ranking of one length as a :class:`RankingSet`, and
the groups of rankings whose scores are exactly equal; refused before anything is
allocated when the memory available would not do."""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from collections.abc import Sequence
from typing import Any, Iterator, overload

import numpy as np

from .. import _backend
from .._engine.validate import as_1d, check_positive_int, quoted, shorten
from .._limits import available_memory
from ..exceptions import RankingSetTooLargeError
from .model import Ranking, ranking_of_mask
from .positions import MAX_COUNT_BITS, MAX_MASK_P, exact_m, m_as_float


def _check_p_k(p: Any, k: Any) -> tuple[int, int | None]:
    p = check_positive_int(p, "p")
    if k is not None:
        k = check_positive_int(k, "k")
        if k > p:
            raise ValueError(f"k must be <= p (a ranking of p = {p} holds at most {p} list elements), got k = {k}")
    return p, k


def count_rankings(p: int, k: int | None = None) -> int:
    """Number of rankings of length ``p`` with ``k`` list elements, exactly.

    Read more in :ref:`Definitions: how many rankings exist <def-ranking-count>`.

    Parameters
    ----------
    p : int
        Length of the rankings (>= 1).
    k : int, optional
        Number of list elements (1 <= k <= p); ``None`` counts every ``k``.

    Returns
    -------
    int
        ``C(p - 1, k - 1)``, or ``2**(p - 1)`` for ``k=None``.

    Raises
    ------
    ValueError
        ``p < 1``, ``k < 1``, ``k > p``; or a count of more than ``2**20`` bits (about
        315,653 decimal digits), which is refused at once instead of computed for hours.
    TypeError
        ``p`` or ``k`` is not an integer (booleans and floats included).

    Examples
    --------
    >>> from rankscore.rankings import count_rankings
    >>> count_rankings(5, 3), count_rankings(30, 10), count_rankings(5)
    (6, 10015005, 16)
    """
    p, k = _check_p_k(p, k)
    n, r = (p - 1, None) if k is None else (p - 1, min(k - 1, p - k))
    bits = n if r is None else _log2_binomial(n, r)
    if bits > MAX_COUNT_BITS:
        raise ValueError(
            f"count_rankings(p = {shorten(p)}, k = {shorten(k)}) has more than 2**20 bits "
            "(315,653 decimal "
            "digits); counts are computed exactly up to that size only, larger ones would "
            "take hours or days"
        )
    return 2**n if r is None else math.comb(n, r)


def _log2_binomial(n: int, r: int) -> float:
    """log2 C(n, r) for 0 <= r <= n/2 (accurate to a few bits; no big-integer work)."""
    if r == 0:
        return 0.0
    if r > MAX_COUNT_BITS:  # C(n, r) >= 2**r when r <= n/2 (r may be beyond float64)
        return float(MAX_COUNT_BITS + 1)
    if n < 2**53:
        return (math.lgamma(n + 1) - math.lgamma(r + 1) - math.lgamma(n - r + 1)) / math.log(2)
    # n huge and r <= 2**20 << sqrt(n): C(n, r) = n**r / r! to within a factor near 1
    return r * math.log2(n) - math.lgamma(r + 1) / math.log(2)


# uint64 mask and float64 score (16), an int64 k column when every k is enumerated (8),
# room for the fallback's subset builder (its peak is about 28)
_BYTES_PER_RANKING = 32
# tied_rankings' peak: the 32 above, the (k, p, soma) columns, the integer score key, its
# sort order and the sorted key (tracemalloc measures about 113 bytes for p >= 20)
_TIES_BYTES_PER_RANKING = 128


def _refuse_if_too_large(total: int, bytes_per_ranking: int, what: str) -> None:
    """Raise RankingSetTooLargeError when ``total`` rankings need more memory than is free."""
    needed = total * bytes_per_ranking
    available = available_memory()
    if available is not None and needed > available:
        raise RankingSetTooLargeError(
            f"{what} needs {needed / 2**30:,.1f} GiB but only {available / 2**30:,.1f} GiB "
            "of memory is available"
        )


class RankingSet:
    """Many rankings as NumPy columns (usually from :func:`enumerate_rankings`).

    Parameters
    ----------
    masks : array-like of int, shape (n,)
        One bit mask per ranking: bit ``i - 1`` set when position ``i`` holds a list
        element (so ``0b10011`` is ``xx--x``); each in ``1 .. 2**62 - 1``.
    m : int, Fraction, float or str, default 10
        The score's ``m`` (> 2), kept exactly in the attribute ``m``.

    Attributes
    ----------
    masks : ndarray of uint64
        Bit ``i - 1`` is set when position ``i`` holds a list element.
    scores : ndarray of float64
        Score of each ranking at ``m``.
    k, p : ndarray of int64
        Number of list elements and length of each ranking (built on first access;
        a column that holds one value, such as ``p`` of :func:`enumerate_rankings`, is a
        read-only broadcast view of that value, using no memory).
    m : Fraction
        The ``m`` the scores were computed with.

    All arrays are read-only. ``len()``, iteration (yielding :class:`Ranking`), indexing
    (an int gives a ``Ranking``; a slice, index array or bool mask gives a ``RankingSet``),
    :meth:`strings` and :meth:`to_pandas`.

    Examples
    --------
    >>> from rankscore.rankings import enumerate_rankings
    >>> rs = enumerate_rankings(5, 3)
    >>> len(rs), rs[0]
    (6, ranking: [xx--x] (p = 5, k = 3))
    >>> rs.strings()
    ['xx--x', 'x-x-x', 'x--xx', '-xx-x', '-x-xx', '--xxx']
    >>> [int(v) for v in rs.masks[:2]]
    [19, 21]
    """

    def __init__(self, masks: Any, m: Any = 10) -> None:
        """Rankings from their bit masks (bit ``i - 1`` set = position ``i`` is ``x``),
        scored at ``m``; masks must be non-zero and below ``2**62``."""
        arr = as_1d(masks, "masks", allow_empty=True)
        if len(arr) == 0:
            arr = arr.astype(np.uint64)
        if arr.dtype.kind not in "iu":
            raise TypeError(f"masks must be integers, got dtype {arr.dtype}")
        if len(arr) and (arr.min() < 1 or arr.max() >= 2**MAX_MASK_P):
            raise ValueError(f"masks must lie in 1 .. 2**{MAX_MASK_P} - 1 (p <= {MAX_MASK_P})")
        arr = np.ascontiguousarray(arr, dtype=np.uint64)
        m_exact = exact_m(m)
        self._set(arr, _backend.kernels.score_masks(arr, m_as_float(m_exact)), m_exact, None, None)

    @classmethod
    def _make(cls, masks: np.ndarray, scores: np.ndarray, m: Fraction,
              k: np.ndarray | None = None, p: np.ndarray | None = None) -> "RankingSet":
        """Trusted constructor: columns already valid and consistent."""
        self = object.__new__(cls)
        self._set(masks, scores, m, k, p)
        return self

    def _set(self, masks: np.ndarray, scores: np.ndarray, m: Fraction, k: np.ndarray | None,
             p: np.ndarray | None) -> None:
        self._masks = _read_only(masks)
        self._scores = _read_only(scores)
        self._m = m
        self._k = None if k is None else _read_only(k)
        self._p = None if p is None else _read_only(p)

    def _columns(self) -> None:
        k, p, _ = _backend.kernels.mask_columns(self._masks)
        self._k, self._p = _read_only(k), _read_only(p)

    @property
    def masks(self) -> np.ndarray:
        return self._masks

    @property
    def scores(self) -> np.ndarray:
        return self._scores

    @property
    def k(self) -> np.ndarray:
        if self._k is None:
            self._columns()
        return self._k  # type: ignore[return-value]

    @property
    def p(self) -> np.ndarray:
        if self._p is None:
            self._columns()
        return self._p  # type: ignore[return-value]

    @property
    def m(self) -> Fraction:
        m: Fraction = self._m
        return m

    def __len__(self) -> int:
        return len(self._masks)

    def __iter__(self) -> Iterator[Ranking]:
        for mask in self._masks.tolist():
            yield ranking_of_mask(mask)

    @overload
    def __getitem__(self, index: int | np.integer[Any]) -> Ranking: ...
    @overload
    def __getitem__(self, index: slice | np.ndarray | Sequence[int] | Sequence[bool]) -> RankingSet: ...
    def __getitem__(self, index: Any) -> Ranking | RankingSet:
        is_int = isinstance(index, numbers.Integral) and not isinstance(index, (bool, np.bool_))
        try:
            masks = self._masks[index] if index is not None else None
        except IndexError:
            if is_int:
                raise IndexError(f"index {quoted(index)} is out of range for "
                                 f"{len(self)} rankings") from None
            masks = None
        if masks is None or (not is_int and np.ndim(masks) != 1):
            raise TypeError("RankingSet indices must be integers, slices or 1-D integer or "
                            f"boolean arrays, got {quoted(index)}")
        if is_int:
            return ranking_of_mask(int(masks))
        k = None if self._k is None else self._k[index]
        p = None if self._p is None else self._p[index]
        return RankingSet._make(masks, self._scores[index], self._m, k, p)

    def strings(self, unicode: bool = False) -> list[str]:
        """Each ranking as a string, in order.

        Parameters
        ----------
        unicode : bool, default False
            Use ``●``/``○`` instead of ``x``/``-``.

        Returns
        -------
        list of str

        Examples
        --------
        >>> from rankscore.rankings import enumerate_rankings
        >>> enumerate_rankings(4, 2).strings(unicode=True)
        ['●○○●', '○●○●', '○○●●']
        """
        x, gap = ("●", "○") if unicode else ("x", "-")
        out: list[str] = [""] * len(self)
        lengths = self.p
        for length in np.unique(lengths).tolist():
            shifts = np.arange(length, dtype=np.uint64)
            rows_all = np.flatnonzero(lengths == length)
            for start in range(0, len(rows_all), 2**20):  # bounded temporary memory
                rows = rows_all[start : start + 2**20]
                bits = (self._masks[rows, None] >> shifts) & np.uint64(1)
                chars = np.where(bits == 1, ord(x), ord(gap)).astype("<u4")
                text = chars.tobytes().decode("utf-32-le")
                for j, row in enumerate(rows.tolist()):
                    out[row] = text[j * length : (j + 1) * length]
        return out

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` with columns ranking, p, k, score, mask.

        Returns
        -------
        pandas.DataFrame
            One row per ranking, in order.

        Raises
        ------
        ImportError
            pandas is not installed (``pip install rankscore[pandas]``).

        Examples
        --------
        >>> from rankscore.rankings import enumerate_rankings
        >>> enumerate_rankings(5, 3, m=5).to_pandas().head(2)
          ranking  p  k  score  mask
        0   xx--x  5  3   0.74    19
        1   x-x-x  5  3   0.72    21
        """
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "RankingSet.to_pandas needs pandas: pip install rankscore[pandas]"
            ) from None
        return pd.DataFrame(
            {"ranking": self.strings(), "p": self.p, "k": self.k, "score": self._scores,
             "mask": self._masks}
        )

    def __repr__(self) -> str:
        shown = ", ".join(self[i].to_string() for i in range(min(len(self), 3)))
        more = ", …" if len(self) > 3 else ""
        return f"RankingSet of {len(self)} rankings (m = {self._m}): [{shown}{more}]"


def _read_only(a: np.ndarray) -> np.ndarray:
    a = np.asarray(a)
    if a.flags.writeable:
        a = a.view()
        a.flags.writeable = False
    return a


def enumerate_rankings(p: int, k: int | None = None, m: Any = 10, *,
                       limit: int | None = None) -> RankingSet:
    """Every ranking of length ``p`` (with ``k`` list elements), scored, in enumeration order.

    Read more in :ref:`Definitions: enumeration order <def-ranking-order>`.

    Parameters
    ----------
    p : int
        Length, 1 <= p <= 62 (rankings are stored as 64-bit masks).
    k : int, optional
        Number of list elements; ``None`` gives every ``k``, ascending.
    m : float, default 10
        The score's ``m`` (> 2).
    limit : int, optional
        Only the first ``limit`` rankings (>= 0) of the enumeration, computed alone: the
        first rankings of a length whose whole enumeration would not fit in memory.

    Returns
    -------
    RankingSet
        ``count_rankings(p, k)`` rankings (at most ``limit``), lexicographic with ``x``
        before ``-`` within each ``k``.

    Raises
    ------
    RankingSetTooLargeError
        (a ``MemoryError`` and ``ValueError``) before allocating anything, when the result
        and its temporaries (32 bytes per ranking) would exceed the memory available now
        (``MemAvailable`` on Linux, else free physical memory, and less where ``ulimit`` or
        a container's memory limit leaves less).
    ValueError
        ``p > 62``, ``k > p``, ``m <= 2``.

    Examples
    --------
    >>> from rankscore.rankings import enumerate_rankings
    >>> enumerate_rankings(8, 5).strings()[:5]
    ['xxxx---x', 'xxx-x--x', 'xxx--x-x', 'xxx---xx', 'xx-xx--x']
    >>> enumerate_rankings(5).strings()[:7]
    ['----x', 'x---x', '-x--x', '--x-x', '---xx', 'xx--x', 'x-x-x']
    >>> first = enumerate_rankings(62, limit=3)  # of 2**61 rankings
    >>> first.k.tolist(), [text[:3] for text in first.strings()]
    ([1, 2, 2], ['---', 'x--', '-x-'])
    """
    p, k = _check_p_k(p, k)
    if p > MAX_MASK_P:
        raise ValueError(
            f"enumerate_rankings works up to p = {MAX_MASK_P} (rankings are stored as 64-bit "
            f"masks), got p = {p}"
        )
    m_exact = exact_m(m)
    left = None if limit is None else check_positive_int(limit, "limit", minimum=0)
    ks = list(range(1, p + 1)) if k is None else [k]
    counts: list[int] = []
    for kk in ks:  # the rankings of each k, or the first of them up to the limit
        counts.append(math.comb(p - 1, kk - 1) if left is None else
                      min(math.comb(p - 1, kk - 1), left - sum(counts)))
    total = sum(counts)
    _refuse_if_too_large(
        total, _BYTES_PER_RANKING, f"enumerating {total:,} rankings (p = {p}, k = {k})"
    )
    masks = np.empty(total, dtype=np.uint64)
    scores = np.empty(total, dtype=np.float64)
    m_float = m_as_float(m_exact)
    start = 0
    for kk, n in zip(ks, counts):
        _backend.kernels.enumerate_rankings_into(
            p, kk, m_float, masks[start : start + n], scores[start : start + n]
        )
        start += n
    # p is one value, and k one value per block: constant columns are read-only broadcast
    # views (no memory, nothing to write), not 8 bytes per ranking each
    if k is None:
        k_column = np.repeat(np.array(ks, dtype=np.int64), counts)
    else:
        k_column = np.broadcast_to(np.int64(k), (total,))
    p_column = np.broadcast_to(np.int64(p), (total,))
    return RankingSet._make(masks, scores, m_exact, k_column, p_column)


def tied_rankings(p: int, k: int | None = None, m: Any = 10) -> list[RankingSet]:
    """Groups of rankings of length ``p`` whose scores are exactly equal.

    Read more in :ref:`Definitions: exact ties between rankings <def-ranking-ties>`.

    Parameters
    ----------
    p : int
        Length of the rankings (<= 62, and as :func:`enumerate_rankings` allows).
    k : int, optional
        Only rankings with ``k`` list elements; ``None`` compares every ``k``.
    m : int, Fraction, float or str, default 10
        Taken exactly, as in :func:`ranking_score_exact`.

    Returns
    -------
    list of RankingSet
        One per group of two or more rankings with equal scores; groups ordered by score,
        highest first; rankings within a group in enumeration order.

    Raises
    ------
    RankingSetTooLargeError
        (a ``MemoryError`` and ``ValueError``) before allocating anything, when the work
        (about 128 bytes per ranking) would exceed the memory available now.
    ValueError
        ``p > 62``, ``k > p``, ``m <= 2``.

    Notes
    -----
    With ``m = a/b`` in lowest terms, every ranking of length ``p`` has the score
    ``N / (a p (p-1))`` with the integer ``N = a k (p-1) + 2 b soma``: equal scores are equal
    ``N``. ``k <= p <= 62`` and ``soma <= p(p+1)/2 <= 1953``, so ``N < 3906 (a + b)``, which
    fits int64 when ``a + b < 2**51``; otherwise ``N`` is computed with Python ints for each
    distinct ``(k, soma)`` pair and replaced by its rank. Ties are then runs of equal ``N``
    (the ``equal_runs`` kernel), never a float tolerance.

    Examples
    --------
    >>> from rankscore import rk
    >>> from rankscore.rankings import tied_rankings
    >>> groups = tied_rankings(8, 6)
    >>> [g.strings() for g in groups if rk("xxxx--xx") in list(g)]
    [['xxxx--xx', 'xxx-xx-x']]
    >>> [g.strings() for g in tied_rankings(5, 3)]
    [['x--xx', '-xx-x']]
    """
    p, k = _check_p_k(p, k)
    exact_m(m)  # argument errors come before the memory check
    if p <= MAX_MASK_P:  # (enumerate_rankings refuses larger p)
        total = count_rankings(p, k)
        _refuse_if_too_large(
            total, _TIES_BYTES_PER_RANKING,
            f"finding the ties among {total:,} rankings (p = {p}, k = {k})",
        )
    rankings = enumerate_rankings(p, k, m)
    m_exact = rankings.m
    a, b = m_exact.numerator, m_exact.denominator
    k_col, _, soma = _backend.kernels.mask_columns(rankings.masks)
    p = int(p)
    if a + b < 2**51:
        key = a * (p - 1) * k_col + (2 * b) * soma
    else:
        pairs, inverse = np.unique(np.column_stack((k_col, soma)), axis=0, return_inverse=True)
        exact = [a * int(kk) * (p - 1) + 2 * b * int(s) for kk, s in pairs.tolist()]
        rank = {value: i for i, value in enumerate(sorted(set(exact)))}
        key = np.array([rank[v] for v in exact], dtype=np.int64)[inverse.ravel()]
    order = np.argsort(-key, kind="stable")  # highest score first, enumeration order within
    bounds = _backend.kernels.equal_runs(np.ascontiguousarray(key[order]))
    groups = []
    for start, stop in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
        if stop - start >= 2:
            groups.append(rankings[np.sort(order[start:stop])])
    return groups
