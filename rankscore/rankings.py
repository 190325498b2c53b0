"""Rankings against a reference list: the ``Ranking`` object, its score, counts,
enumeration and exact ties (defined in :ref:`def-rankings`).

A ranking of ``p`` elements is described by the 1-based positions of its ``k`` list
elements; its last position always holds a list element. Strings use ``x`` (``●``) for a
list element and ``-`` (``○``) for any other element: ``xx--x`` has p = 5, k = 3.

Bit masks (``RankingSet.masks``, ``Ranking.from_mask``) follow one convention everywhere:
bit ``i - 1`` of a ``uint64`` is set when position ``i`` holds a list element, so masks hold
rankings with ``p <= 62``.
"""

from __future__ import annotations

import math
import numbers
import re
from fractions import Fraction
from typing import Any, Iterable, Iterator, Sequence

import numpy as np

from . import _backend
from .curves import average_precision_score, precision_recall_curve, roc_auc_score, roc_curve
from ._limits import available_memory
from .exceptions import RankingSetTooLargeError
from .ties import Ties, find_ties
from ._engine.validate import (as_1d, as_scores, check_choice, check_positive_int,
                          check_same_length, quoted, shorten)

__all__ = [
    "Ranking",
    "RankingSet",
    "RankingSetTooLargeError",
    "rk",
    "count_rankings",
    "enumerate_rankings",
    "ranking_score",
    "ranking_score_exact",
    "ranking_score_many",
    "tied_rankings",
    "Ties",
    "find_ties",
]

# Names this module had before 0.2, with the name each has now (module-level __getattr__).
_RENAMED = {
    "score": "ranking_score",
    "score_exact": "ranking_score_exact",
    "score_many": "ranking_score_many",
}

#: Largest position a ranking may hold (keeps ``soma = p(p+1)/2 - ...`` inside int64).
MAX_POSITION = 2**32
#: Largest ``p`` a bit mask (and so ``enumerate_rankings``) can hold.
MAX_MASK_P = 62
#: Largest count (in bits) ``count_rankings`` computes: about 315,653 decimal digits, a few
#: seconds of ``math.comb``; beyond it the time grows without bound (``p = 10**12``).
MAX_COUNT_BITS = 2**20

_TO_ASCII = str.maketrans({"●": "x", "○": "-"})
_BAD_CHAR = re.compile(r"[^x\-]")
_TIE_POLICIES = ("error", "optimistic", "pessimistic")
_EXPONENT = re.compile(r"[eE][+-]?([\d_]+)\s*$")  # the decimal exponent of a string m


# --------------------------------------------------------------------------------------
# m, the score's parameter


def _exact_m(m: Any) -> Fraction:
    """``m`` as an exact Fraction (int, Fraction, float taken exactly, or a string)."""
    if isinstance(m, (bool, np.bool_)):
        raise TypeError(f"m must be a number > 2, got the boolean {quoted(m)}")
    if isinstance(m, str):
        # Fraction builds 10**exponent exactly: '1e999999999' would take hours
        exponent = _EXPONENT.search(m)
        digits = exponent.group(1).replace("_", "").lstrip("0") if exponent else ""
        if len(digits) > 4 or (digits and int(digits) > 4300):
            raise ValueError(f"m {quoted(m)} has a decimal exponent beyond 4300 in magnitude")
        try:
            value = Fraction(m.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"m must be a number > 2, got the string {quoted(m)}") from None
    elif isinstance(m, numbers.Rational):
        value = Fraction(int(m.numerator), int(m.denominator))
    elif isinstance(m, numbers.Real):
        if not math.isfinite(float(m)):
            raise ValueError(f"m must be a finite number > 2, got {quoted(m)}")
        value = Fraction(float(m))
    else:
        raise TypeError(f"m must be a real number > 2, got {type(m).__name__} {quoted(m)}")
    if value <= 2:
        raise ValueError(f"m must be > 2 (so that x…x-x scores below 1), got m = {quoted(m)}")
    return value


def _as_float(m: Fraction) -> float:
    """The float the kernels get for an exact ``m > 2``.

    An ``m`` beyond the float range (``10**400``) becomes ``inf``: the gap term ``(2/m) soma
    / (p(p-1))`` is then 0, and ``k/p`` is the correctly rounded score (the true gap term is
    far below half an ulp of ``k/p``). ``ranking_score_exact`` keeps it exactly.
    """
    try:
        return float(m)
    except OverflowError:
        return math.inf


def _float_m(m: Any) -> float:
    return _as_float(_exact_m(m))


# --------------------------------------------------------------------------------------
# input checks for positions, strings and masks


def _first_bad_element(values: Sequence[Any]) -> str | None:
    """Describe the first bool, string or None inside a position sequence (None if there is
    none)."""
    for i, v in enumerate(values):
        if v is None:  # (NumPy would read it as NaN)
            return f"positions must be integers, got None at index {i}"
        if isinstance(v, (bool, np.bool_)):
            return f"positions must be integers, got the boolean {quoted(v)} at index {i}"
        if isinstance(v, (str, bytes)):
            return f"positions must be integers, got the string {quoted(v)} at index {i}"
    return None


def _checked_positions(positions: Any) -> np.ndarray:
    """Validate a 1-based position vector (any order) and return it as sorted int64."""
    if isinstance(positions, (str, bytes)):
        raise TypeError(
            f"positions must be a sequence of integers, got the string {quoted(positions)}; "
            "use Ranking('xx--x') for a ranking string"
        )
    if isinstance(positions, (list, tuple)):
        problem = _first_bad_element(positions)
        if problem:
            raise TypeError(problem)
    if np.isscalar(positions):
        raise TypeError(f"positions must be a 1-D sequence of integers, got {quoted(positions)}")
    if isinstance(positions, np.ndarray) and positions.ndim == 0:
        raise TypeError(f"positions must be a 1-D sequence of integers, got {quoted(positions)}")
    try:
        arr = np.asarray(positions)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"positions could not be read as a 1-D array: {exc}") from None
    if arr.ndim == 0:
        raise TypeError(
            f"positions must be a 1-D sequence of integers, got {type(positions).__name__}"
        )
    if arr.ndim != 1:
        raise ValueError(f"positions must be 1-D, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError("positions are empty (k = 0); a ranking holds at least one list element")
    kind = arr.dtype.kind
    if kind == "b":
        raise TypeError("positions must be integers, got booleans; use Ranking.from_mask for a mask")
    if kind == "O":
        problem = _first_bad_element(list(arr))
        if problem:
            raise TypeError(problem)
        try:
            arr = arr.astype(np.float64)
        except OverflowError:  # an int beyond float64, e.g. 10**400
            i = next(i for i, v in enumerate(arr.tolist()) if abs(v) > MAX_POSITION)
            raise ValueError(f"positions must be <= {MAX_POSITION}; got {quoted(arr[i])} at "
                             f"index {i}") from None
        except (TypeError, ValueError):
            raise TypeError("positions must be integers, got non-numeric objects") from None
        kind = "f"
    if kind in "USV":
        raise TypeError("positions must be integers, got the string "
                        f"{quoted(str(arr[0]))} at index 0")
    if kind == "c":
        raise TypeError("positions must be integers, got complex numbers")
    if kind == "f":
        nan = np.isnan(arr)
        if nan.any():
            raise ValueError(f"positions contain NaN (first at index {int(np.flatnonzero(nan)[0])})")
        bad = ~np.isfinite(arr) | (arr != np.round(arr))
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise ValueError(f"positions must be positive integers; got {float(arr[i])!r} at index {i}")
        big = np.abs(arr) > MAX_POSITION
        if big.any():
            i = int(np.flatnonzero(big)[0])
            raise ValueError(f"positions must be <= {MAX_POSITION}; got {float(arr[i])!r} at index {i}")
    elif kind == "u":
        big = arr > MAX_POSITION
        if big.any():
            i = int(np.flatnonzero(big)[0])
            raise ValueError(f"positions must be <= {MAX_POSITION}; got {int(arr[i])} at index {i}")
    elif kind != "i":
        raise TypeError(f"positions must be integers, got dtype {arr.dtype}")
    arr = np.ascontiguousarray(arr, dtype=np.int64)
    order = np.argsort(arr, kind="stable")
    code, first, second = _backend.kernels.check_positions(arr, order, MAX_POSITION)
    if code == 1:
        raise ValueError(f"positions must be positive integers; got {arr[first]} at index {first}")
    if code == 3:
        raise ValueError(f"positions must be <= {MAX_POSITION}; got {arr[first]} at index {first}")
    if code == 2:
        raise ValueError(
            f"positions must not repeat; {arr[first]} is at indices {first} and {second}"
        )
    return arr[order]


def _positions_from_string(text: Any) -> np.ndarray:
    """Validate a ranking string ('x'/'-' or '●'/'○') and return its sorted positions."""
    if not isinstance(text, str):
        raise TypeError(
            f"a ranking string is expected, got {type(text).__name__}; "
            "use Ranking.from_positions or Ranking.from_mask for arrays"
        )
    if not text:
        raise ValueError("ranking string is empty; a ranking holds at least one list element 'x'")
    ascii_text = text.translate(_TO_ASCII)
    bad = _BAD_CHAR.search(ascii_text)
    if bad:
        i = bad.start()
        raise ValueError(
            f"ranking string has {text[i]!r} at position {i + 1}; use 'x' or '●' for list "
            "elements and '-' or '○' for the others"
        )
    if ascii_text[-1] != "x":
        raise ValueError(
            f"ranking string {_abbreviate(text)!r} ends with {text[-1]!r}; the last element of a "
            "ranking is a list element (a ranking is cut right after its last list element)"
        )
    codes = np.frombuffer(ascii_text.encode("ascii"), dtype=np.uint8)
    return np.flatnonzero(codes == ord("x")).astype(np.int64) + 1


def _abbreviate(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:40] + "…" + text[-15:]


def _as_bool_vector(x: Any, name: str) -> np.ndarray:
    """A 1-D bool array from bools or 0/1 integers."""
    arr = as_1d(x, name)
    if arr.dtype.kind == "b":
        return arr
    if arr.dtype.kind in "iu" and np.isin(arr, (0, 1)).all():
        return arr.astype(bool)
    raise TypeError(f"{name} must hold booleans (or 0/1), got dtype {arr.dtype}")


# --------------------------------------------------------------------------------------
# Ranking


class Ranking:
    """A ranking of ``p`` elements against a list of ``k`` elements.

    Read more in :ref:`Definitions: rankings and lists <def-ranking>`.

    Immutable; equal and hashed by content. Build one from a string (``x``/``-``, or the
    Unicode ``●``/``○``), or with :meth:`from_positions`, :meth:`from_mask` or
    :meth:`from_scores`; :func:`rk` is the short form.

    Parameters
    ----------
    text : str
        ``x`` (or ``●``) for a list element, ``-`` (or ``○``) for any other element. The
        last character must be a list element.

    Attributes
    ----------
    k : int
        Number of list elements.
    p : int
        Length of the ranking (the position of its last list element).
    positions : ndarray of int64, shape (k,)
        1-based positions of the list elements, ascending (read-only).
    gaps : ndarray of int64, shape (p - k,)
        1-based positions of the other elements, ascending (read-only).
    soma : int
        Sum of ``gaps``.

    Raises
    ------
    ValueError
        Empty string, a character other than ``x - ● ○``, or a last character that is not
        a list element.
    TypeError
        ``text`` is not a string.

    See Also
    --------
    rk, score, enumerate_rankings

    Notes
    -----
    Only the positions are stored, so rankings with a huge ``p`` (say ``10**6``) are cheap
    unless printed. ``repr`` abbreviates rankings longer than 1000 (``str`` never does).
    Positions may not exceed ``2**32``.

    Examples
    --------
    >>> from rankscore import Ranking
    >>> r = Ranking("xx--x")
    >>> r
    ranking: [xx--x] (p = 5, k = 3)
    >>> r.positions.tolist(), r.gaps.tolist()
    ([1, 2, 5], [3, 4])
    >>> Ranking("●○●") == Ranking("x-x")
    True
    >>> print(Ranking.from_positions([3, 7, 5, 1]))
    x-x-x-x
    """

    __slots__ = ("_positions", "_p", "_k", "_soma", "_hash")

    _positions: np.ndarray
    _p: int
    _k: int
    _soma: int

    def __init__(self, text: str) -> None:
        if hasattr(self, "_positions"):
            raise AttributeError("Ranking is immutable; cannot re-initialize it")
        self._set(_positions_from_string(text))

    def _set(self, sorted_positions: np.ndarray) -> None:
        positions = np.ascontiguousarray(sorted_positions, dtype=np.int64)
        positions.flags.writeable = False
        p = int(positions[-1])
        set_ = object.__setattr__
        set_(self, "_positions", positions)
        set_(self, "_p", p)
        set_(self, "_k", int(len(positions)))
        set_(self, "_soma", p * (p + 1) // 2 - int(positions.sum()))
        set_(self, "_hash", None)

    @classmethod
    def _from_sorted(cls, sorted_positions: np.ndarray) -> "Ranking":
        """Trusted constructor: ``sorted_positions`` are valid, ascending, 1-based."""
        self = object.__new__(cls)
        self._set(sorted_positions)
        return self

    @classmethod
    def _from_mask_int(cls, mask: int) -> "Ranking":
        bits = [i + 1 for i in range(int(mask).bit_length()) if (mask >> i) & 1]
        return cls._from_sorted(np.array(bits, dtype=np.int64))

    # -- constructors ------------------------------------------------------------------

    @classmethod
    def from_positions(cls, positions: Iterable[int]) -> "Ranking":
        """The ranking whose list elements stand at ``positions`` (1-based, any order).

        Parameters
        ----------
        positions : array-like of int, shape (k,)
            Distinct positive integers (at most ``2**32``); ``p`` is the largest. Floats
            holding whole numbers (``3.0``) are taken as those integers, as the command line
            does for ``3.0,1``; ``1.5``, NaN and infinity are errors.

        Returns
        -------
        Ranking

        Raises
        ------
        ValueError
            Empty, non-positive, non-integer, NaN, repeated or too large (> ``2**32``)
            positions; 2-D input.
        TypeError
            Booleans, strings, None or other non-numbers.

        Examples
        --------
        >>> from rankscore import Ranking
        >>> Ranking.from_positions([3, 7, 5, 1])
        ranking: [x-x-x-x] (p = 7, k = 4)
        >>> Ranking.from_positions([3, 7, 3, 1])
        Traceback (most recent call last):
        ...
        ValueError: positions must not repeat; 3 is at indices 0 and 2
        """
        return cls._from_sorted(_checked_positions(positions))

    @classmethod
    def from_mask(cls, mask: Iterable[bool]) -> "Ranking":
        """The ranking with a list element wherever ``mask`` is true.

        Parameters
        ----------
        mask : array-like of bool (or 0/1), shape (p,)
            Its last entry must be true (a ranking ends with a list element).

        Returns
        -------
        Ranking

        Examples
        --------
        >>> from rankscore import Ranking
        >>> Ranking.from_mask([True, True, False, False, True])
        ranking: [xx--x] (p = 5, k = 3)
        """
        flags = _as_bool_vector(mask, "mask")
        if not flags[-1]:
            raise ValueError(
                "mask ends with False; the last element of a ranking is a list element"
            )
        return cls._from_sorted(np.flatnonzero(flags).astype(np.int64) + 1)

    @classmethod
    def from_scores(
        cls, scores: Any, in_list: Any, ties: str = "error"
    ) -> "Ranking":
        """The ranking a model's scores give to a list.

        Read more in :ref:`Definitions: rankings from model scores <def-ranking-from-scores>`.

        Elements are sorted by score, highest first, and the ranking is cut right after the
        last list element.

        Parameters
        ----------
        scores : array-like of float, shape (n,)
            The model's score of every element of the population (finite). Integer scores
            are compared exactly (also beyond ``2**53``).
        in_list : array-like of bool (or 0/1), shape (n,)
            Which elements belong to the list; at least one must.
        ties : {"error", "optimistic", "pessimistic"}, default "error"
            What to do when equal scores make the ranking undefined. ``"error"`` raises a
            ``ValueError`` naming the tied elements; ``"optimistic"`` puts list elements
            first among equal scores, ``"pessimistic"`` puts them last (the two bound every
            possible order).

        Returns
        -------
        Ranking

        Raises
        ------
        ValueError
            With ``ties="error"``: a group of equal scores holds both list and non-list
            elements. Only such groups make the ranking ambiguous (and every group holding
            a list element lies within the cut); ties among list elements only, or among
            non-list elements only, are harmless and allowed.

        Examples
        --------
        >>> from rankscore import Ranking
        >>> Ranking.from_scores([0.9, 0.8, 0.7, 0.6, 0.5], [True, False, True, False, False])
        ranking: [x-x] (p = 3, k = 2)
        >>> Ranking.from_scores([0.9, 0.5, 0.5], [True, True, False], ties="pessimistic")
        ranking: [x-x] (p = 3, k = 2)
        >>> Ranking.from_scores([0.9, 0.5, 0.5], [True, True, False])
        Traceback (most recent call last):
        ...
        ValueError: tied scores make the ranking undefined: elements [1, 2] (list: [1]) all score 0.5; pass ties='optimistic' or 'pessimistic' to bound it
        """
        check_choice(ties, "ties", _TIE_POLICIES)
        values = as_1d(scores, "scores")
        if values.dtype.kind in "iub":  # integers stay exact (float64 merges 2**53 and 2**53 + 1)
            values = values.astype(np.uint64 if values.dtype.kind == "u" else np.int64)
        else:
            values = as_scores(values, "scores")
        flags = _as_bool_vector(in_list, "in_list")
        check_same_length(scores=values, in_list=flags)
        if not flags.any():
            raise ValueError("in_list has no true entry; a ranking needs at least one list element")
        # highest score first; among equal scores list elements first (optimistic) or last
        # (pessimistic): sort ascending by (score, key), then reverse
        key = ~flags if ties == "pessimistic" else flags
        order = np.lexsort((key, values))[::-1]
        ordered_flags = flags[order]
        if ties == "error":
            _raise_on_mixed_ties(values[order], ordered_flags, order)
        p = int(np.flatnonzero(ordered_flags)[-1]) + 1
        return cls._from_sorted(np.flatnonzero(ordered_flags[:p]).astype(np.int64) + 1)

    # -- attributes --------------------------------------------------------------------

    @property
    def k(self) -> int:
        """Number of list elements."""
        return self._k

    @property
    def p(self) -> int:
        """Length of the ranking (position of its last list element)."""
        return self._p

    @property
    def positions(self) -> np.ndarray:
        """1-based positions of the list elements, ascending (read-only int64)."""
        return self._positions

    @property
    def gaps(self) -> np.ndarray:
        """1-based positions of the elements not in the list, ascending (read-only int64)."""
        is_x = np.zeros(self._p, dtype=bool)
        is_x[self._positions - 1] = True
        gaps = np.flatnonzero(~is_x).astype(np.int64) + 1
        gaps.flags.writeable = False
        return gaps

    @property
    def soma(self) -> int:
        """Sum of the positions of the elements not in the list."""
        return self._soma

    # -- text --------------------------------------------------------------------------

    def to_string(self, unicode: bool = False) -> str:
        """The ranking as ``x``/``-`` characters, or ``●``/``○`` with ``unicode=True``.

        Parameters
        ----------
        unicode : bool, default False
            Use ``●`` for list elements and ``○`` for the others.

        Returns
        -------
        str
            ``p`` characters (``str(r)`` is ``r.to_string()``).

        Examples
        --------
        >>> from rankscore import rk
        >>> rk("xx--x").to_string(unicode=True)
        '●●○○●'
        """
        x, gap = ("●", "○") if unicode else ("x", "-")
        chars = np.full(self._p, ord(gap), dtype="<u4")
        chars[self._positions - 1] = ord(x)
        return chars.tobytes().decode("utf-32-le")

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        if self._p <= 1000:
            text = self.to_string()
        else:  # abbreviated: the first 60 and the last 20 positions
            text = _chars(self._positions, 1, 60) + "…" + _chars(self._positions, self._p - 19, self._p)
        return f"ranking: [{text}] (p = {self._p}, k = {self._k})"

    # -- equality, hashing, immutability -----------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ranking):
            return NotImplemented
        return (
            self._p == other._p
            and self._k == other._k
            and bool(np.array_equal(self._positions, other._positions))
        )

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash((self._p, self._positions.tobytes())))
        return self._hash  # type: ignore[return-value]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Ranking is immutable; cannot set {quoted(name)}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Ranking is immutable; cannot delete {quoted(name)}")

    def __reduce__(self):
        return (Ranking.from_positions, (self._positions.copy(),))

    def __copy__(self) -> "Ranking":
        return self

    def __deepcopy__(self, memo: dict) -> "Ranking":
        return self

    # -- scores and table --------------------------------------------------------------

    def score(self, m: Any = 10) -> float:
        """The score s(r) of this ranking (see :func:`ranking_score` and :ref:`def-ranking-score`).

        Parameters
        ----------
        m : int, Fraction, float or str, default 10
            Must be > 2.

        Returns
        -------
        float

        Examples
        --------
        >>> from rankscore import rk
        >>> round(rk("xxx-x").score(), 10)
        0.84
        """
        return float(_score_of_columns([self._k], [self._p], [self._soma], _float_m(m))[0])

    def score_exact(self, m: Any = 10) -> Fraction:
        """The score as an exact fraction (see :func:`ranking_score_exact`).

        Parameters
        ----------
        m : int, Fraction, float or str, default 10
            Taken exactly; must be > 2.

        Returns
        -------
        fractions.Fraction

        Examples
        --------
        >>> from rankscore import rk
        >>> rk("xxx-x").score_exact()
        Fraction(21, 25)
        """
        return _exact_score(self._k, self._p, self._soma, _exact_m(m))

    def table(self) -> np.ndarray:
        """The (list position, ranking position) pairs of this ranking.

        Read more in :ref:`Definitions: the table of one ranking <def-ranking-table>`.

        Returns
        -------
        ndarray of int64, shape (k, 2)
            Row ``i`` is ``(i + 1, positions[i])``: the (i+1)-th list element met reading
            left to right and where it stands.

        Examples
        --------
        >>> from rankscore import rk
        >>> rk("x-x-x-xx").table().tolist()
        [[1, 1], [2, 3], [3, 5], [4, 7], [5, 8]]
        """
        return np.column_stack((np.arange(1, self._k + 1, dtype=np.int64), self._positions))

    def correlation(self) -> float:
        """Pearson correlation of the two columns of :meth:`table`.

        Returns
        -------
        float
            In (0, 1]; exactly 1.0 for a ranking without gaps (``p == k``).

        Raises
        ------
        ValueError
            When ``k == 1``: the list-position column is constant, so the correlation is
            undefined (NaN would be silently wrong).

        Notes
        -----
        ``r = sum(dx dy) / sqrt(sum(dx^2) sum(dy^2))`` with ``dx = i - mean(i)`` over list
        positions ``i = 1..k`` and ``dy`` the centred ranking positions.

        Examples
        --------
        >>> from rankscore import rk
        >>> round(rk("x-x-x-xx").correlation(), 6)
        0.993884
        >>> rk("xxx").correlation()
        1.0
        """
        if self._k < 2:
            raise ValueError(
                "correlation needs k >= 2 list elements; with k = 1 the list-position "
                "column is constant and Pearson's r is undefined"
            )
        x = np.arange(1, self._k + 1, dtype=np.float64)
        y = self._positions.astype(np.float64)
        dx, dy = x - x.mean(), y - y.mean()
        r = float(dx @ dy) / math.sqrt(float(dx @ dx) * float(dy @ dy))
        return min(1.0, max(-1.0, r))

    def plot(self, **kwargs: Any) -> Any:
        """Plot this ranking: list position against ranking position; see
        :func:`rankscore.plot.plot_ranking`.

        Keyword arguments (``line``, ``fun``, ``ax``) go to ``plot_ranking``; returns the
        matplotlib Axes. Needs matplotlib (``pip install rankscore[plot]``).
        """
        from .plot import plot_ranking

        return plot_ranking(self, **kwargs)

    # -- threshold sweep: the ranking as a scored sample ---------------------------------

    def _as_scored(self) -> tuple[np.ndarray, np.ndarray]:
        """Labels (1 for ``x``, 0 for ``-``) and strictly decreasing scores ``p, ..., 1``."""
        labels = np.zeros(self._p, dtype=np.int8)
        labels[self._positions - 1] = 1
        return labels, np.arange(self._p, 0, -1, dtype=np.float64)

    def _require_gaps(self, what: str) -> None:
        if self._k == self._p:
            raise ValueError(
                f"Only one class is present in y_true: the perfect ranking {self} "
                f"(p = k = {self._p}) has no '-' element, so {what} is not defined"
            )

    def roc_curve(self, *, drop_intermediate: bool = True):
        """ROC curve of the ranking read as a sorted label vector.

        Position ``i`` (1-based) gets the score ``p - i + 1`` (no ties); ``x`` is positive,
        ``-`` negative. See :func:`rankscore.roc_curve`.

        Parameters
        ----------
        drop_intermediate : bool, default=True
            As in :func:`rankscore.roc_curve`.

        Returns
        -------
        fpr, tpr, thresholds : ndarray
            As :func:`rankscore.roc_curve`; ``thresholds`` are the scores ``p - i + 1``.

        Raises
        ------
        ValueError
            For a perfect ranking (``p == k``): with no ``-`` the FPR is undefined
            (scikit-learn's "Only one class is present" case).

        Notes
        -----
        A ranking always ends with an ``x`` (:ref:`def-ranking`), so the curve reaches TPR 1 at
        its last step with FPR 1.

        Examples
        --------
        >>> from rankscore import rk
        >>> fpr, tpr, thresholds = rk("x-x-x").roc_curve(drop_intermediate=False)
        >>> fpr.tolist(), tpr.round(4).tolist()
        ([0.0, 0.0, 0.5, 0.5, 1.0, 1.0], [0.0, 0.3333, 0.3333, 0.6667, 0.6667, 1.0])
        """
        self._require_gaps("the ROC curve")
        return roc_curve(*self._as_scored(), drop_intermediate=drop_intermediate)

    def roc_auc(self) -> float:
        """ROC AUC of the ranking: the fraction of (``x``, ``-``) pairs in the right order.

        Returns
        -------
        float
            ``rankscore.roc_auc_score(labels, scores)`` of the label vector (see
            :meth:`roc_curve`).

        Raises
        ------
        ValueError
            For a perfect ranking (``p == k``): no ``-``, AUC undefined (where
            scikit-learn warns "Only one class is present" and returns NaN).

        Notes
        -----
        With ``n = p - k`` gaps, the ``j``-th gap (at position ``g_j``) follows ``g_j - j``
        list elements, so ``AUC = (soma - n (n + 1) / 2) / (k n)``. A ranking always ends
        with an ``x`` (:ref:`def-ranking`), so the AUC is below 1 whenever it has a ``-``.

        Examples
        --------
        >>> from rankscore import rk
        >>> round(rk("xx--x").roc_auc(), 4)  # 4 of the 6 (x, -) pairs are in order
        0.6667
        """
        self._require_gaps("ROC AUC")
        return float(roc_auc_score(*self._as_scored()))

    def precision_recall_curve(self, *, drop_intermediate: bool = False):
        """Precision-recall curve of the ranking read as a sorted label vector.

        See :meth:`roc_curve` for the scores and :func:`rankscore.precision_recall_curve`
        for the outputs (precision, recall, thresholds; ends at recall 0, precision 1).

        Parameters
        ----------
        drop_intermediate : bool, default=False
            As in :func:`rankscore.precision_recall_curve`.

        Returns
        -------
        precision, recall : ndarray of shape (p + 1,)
            Precision and recall of the top ``p - t + 1`` positions for each threshold
            ``t``, then the appended point (recall 0, precision 1).
        thresholds : ndarray of shape (p,)
            The scores ``1, ..., p`` (increasing).

        See Also
        --------
        average_precision : The step-wise area under this curve.

        Notes
        -----
        Cutting after position ``i`` gives precision ``(list elements in 1..i) / i`` and
        recall ``(list elements in 1..i) / k``; a perfect ranking has precision 1
        everywhere.

        Examples
        --------
        >>> from rankscore import rk
        >>> precision, recall, thresholds = rk("x-x").precision_recall_curve()
        >>> precision.round(4).tolist(), recall.tolist()
        ([0.6667, 0.5, 1.0, 1.0], [1.0, 0.5, 0.5, 0.0])
        """
        return precision_recall_curve(*self._as_scored(), drop_intermediate=drop_intermediate)

    def average_precision(self) -> float:
        """Average precision of the ranking: the mean precision at each ``x``.

        Returns
        -------
        float
            ``rankscore.average_precision_score(labels, scores)`` of the label vector (see
            :meth:`roc_curve`), in (0, 1].

        See Also
        --------
        precision_recall_curve : The curve it summarises.

        Notes
        -----
        ``AP = (1 / k) * sum_i i / positions[i]`` (scikit-learn's step-wise definition on
        the label vector); 1 for a perfect ranking.

        Examples
        --------
        >>> from rankscore import rk
        >>> round(rk("x-x").average_precision(), 4)  # (1/1 + 2/3) / 2
        0.8333
        """
        return float(average_precision_score(*self._as_scored()))


def _chars(positions: np.ndarray, first: int, last: int) -> str:
    """The 'x'/'-' characters of positions first..last (1-based, inclusive)."""
    chars = np.full(last - first + 1, ord("-"), dtype=np.uint8)
    inside = positions[(positions >= first) & (positions <= last)]
    chars[inside - first] = ord("x")
    return chars.tobytes().decode("ascii")


def _raise_on_mixed_ties(ordered_scores: np.ndarray, ordered_flags: np.ndarray, order: np.ndarray) -> None:
    """Raise naming the first group of equal scores mixing list and non-list elements."""
    bounds = _backend.kernels.equal_runs(np.ascontiguousarray(ordered_scores))
    starts, sizes = bounds[:-1], np.diff(bounds)
    n_list = np.add.reduceat(ordered_flags.astype(np.int64), starts)
    mixed = np.flatnonzero((n_list > 0) & (n_list < sizes))
    if len(mixed) == 0:
        return
    j = int(mixed[0])
    members = np.sort(order[bounds[j] : bounds[j + 1]])
    listed = np.sort(order[bounds[j] : bounds[j + 1]][ordered_flags[bounds[j] : bounds[j + 1]]])
    shown = members[:10].tolist()
    more = f" and {len(members) - 10} more" if len(members) > 10 else ""
    others = f" ({len(mixed) - 1} more such groups)" if len(mixed) > 1 else ""
    raise ValueError(
        f"tied scores make the ranking undefined: elements {shown}{more} "
        f"(list: {listed[:10].tolist()}) all score {ordered_scores[bounds[j]].item()!r}{others}; "
        "pass ties='optimistic' or 'pessimistic' to bound it"
    )


def rk(x: Any) -> Ranking:
    """Short constructor: a ranking from a string or from a vector of positions.

    Parameters
    ----------
    x : str, array-like of int, or Ranking
        A ranking string (``Ranking(x)``), 1-based positions
        (``Ranking.from_positions(x)``) or a ranking (returned as is).

    Returns
    -------
    Ranking

    Raises
    ------
    ValueError, TypeError
        As :class:`Ranking` and :meth:`Ranking.from_positions`.

    Examples
    --------
    >>> from rankscore import rk
    >>> rk("xx--x")
    ranking: [xx--x] (p = 5, k = 3)
    >>> rk([3, 7, 5, 1])
    ranking: [x-x-x-x] (p = 7, k = 4)
    """
    if isinstance(x, Ranking):
        return x
    if isinstance(x, str):
        return Ranking(x)
    return Ranking.from_positions(x)


# --------------------------------------------------------------------------------------
# scores


def _score_of_columns(k: Any, p: Any, soma: Any, m: float) -> np.ndarray:
    as64 = [np.ascontiguousarray(c, dtype=np.int64) for c in (k, p, soma)]
    return _backend.kernels.score_columns(*as64, m)


def _exact_score(k: int, p: int, soma: int, m: Fraction) -> Fraction:
    if p == 1:
        return Fraction(1)
    return (m * k * (p - 1) + 2 * soma) / (m * p * (p - 1))


def ranking_score(r: Ranking | str | Sequence[int], m: Any = 10) -> float:
    """The score s(r) of a ranking; higher is better, 1 is perfect.

    Read more in :ref:`Definitions: the score s(r) <def-ranking-score>`.

    Parameters
    ----------
    r : Ranking, str or sequence of int
        A ranking, its string, or its 1-based positions.
    m : float, default 10
        Weight of the gap term; must be > 2 (then only a perfect ranking scores 1).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        ``m <= 2``, NaN or infinite ``m``; an invalid ranking.

    See Also
    --------
    ranking_score_exact : the same score as a Fraction.
    ranking_score_many : many rankings in one kernel call.

    Notes
    -----
    ``s = k/p + (2/m) * soma / (p (p - 1))`` where ``soma`` is the sum of the positions
    holding ``-``; ``s = 1`` for ``p = 1``.
    An ``m`` too large for a float (``10**400``, ``"1e400"``) is accepted: the gap term
    is then below half an ulp of ``k/p``, so the result is ``k/p``, correctly rounded.

    Examples
    --------
    >>> from rankscore import ranking_score
    >>> round(ranking_score("xxx-x"), 10)
    0.84
    >>> round(ranking_score("-xxxxxxx"), 7)
    0.8785714
    >>> round(ranking_score("x-x", m=5), 7)
    0.8
    """
    return rk(r).score(m)


def ranking_score_exact(r: Ranking | str | Sequence[int], m: Any = 10) -> Fraction:
    """The score of a ranking as an exact ``fractions.Fraction``.

    Read more in :ref:`Definitions: exact ties between rankings <def-ranking-ties>`.

    Parameters
    ----------
    r : Ranking, str or sequence of int
    m : int, Fraction, float or str, default 10
        Taken exactly: a float is converted with ``Fraction(m)`` (so ``0.1`` is the binary
        fraction it stores), a string like ``"10"``, ``"21/2"`` or ``"1e400"`` is parsed
        (decimal exponents up to 4300 in magnitude). Must be > 2.

    Returns
    -------
    fractions.Fraction

    Notes
    -----
    ``s = (m k (p - 1) + 2 soma) / (m p (p - 1))``, and ``s = 1`` for ``p = 1``.

    Examples
    --------
    >>> from rankscore.rankings import ranking_score_exact
    >>> ranking_score_exact("xxxx--xx") == ranking_score_exact("xxx-xx-x")
    True
    >>> ranking_score_exact("xxxx--xx")
    Fraction(221, 280)
    >>> ranking_score_exact("x-x", m="5")
    Fraction(4, 5)
    """
    return rk(r).score_exact(m)


def ranking_score_many(
    rankings: "RankingSet | Iterable[Ranking | str]", m: Any = 10
) -> np.ndarray:
    """Scores of many rankings in one kernel call.

    Parameters
    ----------
    rankings : RankingSet, or iterable of Ranking / str / position vectors
    m : float, default 10
        Must be > 2.

    Returns
    -------
    ndarray of float64, shape (n,)
        Bit-for-bit the values :func:`ranking_score` gives one at a time.

    Examples
    --------
    >>> from rankscore.rankings import enumerate_rankings, ranking_score_many
    >>> ranking_score_many(["xxx-x", "-xx"]).round(4).tolist()
    [0.84, 0.7]
    >>> ranking_score_many(enumerate_rankings(5, 3), m=5).round(4).tolist()
    [0.74, 0.72, 0.7, 0.7, 0.68, 0.66]
    """
    m_float = _float_m(m)
    if isinstance(rankings, RankingSet):
        return _backend.kernels.score_masks(rankings.masks, m_float)
    if isinstance(rankings, (str, Ranking)):
        raise TypeError(
            "ranking_score_many expects a collection of rankings; use ranking_score() for one"
        )
    items = [rk(r) for r in rankings]
    return _score_of_columns(
        [r._k for r in items], [r._p for r in items], [r._soma for r in items], m_float
    )


# --------------------------------------------------------------------------------------
# counting and enumeration


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
    available = _available_memory()
    if available is not None and needed > available:
        raise RankingSetTooLargeError(
            f"{what} needs {needed / 2**30:,.1f} GiB but only {available / 2**30:,.1f} GiB "
            "of memory is available"
        )


def _available_memory() -> int | None:
    """Bytes of memory this process can still get (rankscore._limits.available_memory)."""
    return available_memory()


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
        m_exact = _exact_m(m)
        self._set(arr, _backend.kernels.score_masks(arr, _as_float(m_exact)), m_exact, None, None)

    @classmethod
    def _make(cls, masks: np.ndarray, scores: np.ndarray, m: Fraction,
              k: np.ndarray | None = None, p: np.ndarray | None = None) -> "RankingSet":
        """Trusted constructor: columns already valid and consistent."""
        self = object.__new__(cls)
        self._set(masks, scores, m, k, p)
        return self

    def _set(self, masks, scores, m, k, p) -> None:
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
        return self._m

    def __len__(self) -> int:
        return len(self._masks)

    def __iter__(self) -> Iterator[Ranking]:
        for mask in self._masks.tolist():
            yield Ranking._from_mask_int(mask)

    def __getitem__(self, index: Any) -> "Ranking | RankingSet":
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
            return Ranking._from_mask_int(int(masks))
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

    def to_pandas(self):
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
        shown = ", ".join(self[i].to_string() for i in range(min(len(self), 3)))  # type: ignore[union-attr]
        more = ", …" if len(self) > 3 else ""
        return f"RankingSet of {len(self)} rankings (m = {self._m}): [{shown}{more}]"


def _read_only(a: np.ndarray) -> np.ndarray:
    a = np.asarray(a)
    if a.flags.writeable:
        a = a.view()
        a.flags.writeable = False
    return a


def enumerate_rankings(p: int, k: int | None = None, m: Any = 10) -> RankingSet:
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

    Returns
    -------
    RankingSet
        ``count_rankings(p, k)`` rankings, lexicographic with ``x`` before ``-`` within each
        ``k``.

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
    """
    p, k = _check_p_k(p, k)
    if p > MAX_MASK_P:
        raise ValueError(
            f"enumerate_rankings works up to p = {MAX_MASK_P} (rankings are stored as 64-bit "
            f"masks), got p = {p}"
        )
    m_exact = _exact_m(m)
    ks = list(range(1, p + 1)) if k is None else [k]
    counts = [math.comb(p - 1, kk - 1) for kk in ks]
    total = sum(counts)
    _refuse_if_too_large(
        total, _BYTES_PER_RANKING, f"enumerating {total:,} rankings (p = {p}, k = {k})"
    )
    masks = np.empty(total, dtype=np.uint64)
    scores = np.empty(total, dtype=np.float64)
    m_float = _as_float(m_exact)
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
    _exact_m(m)  # argument errors come before the memory check
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
    return groups  # type: ignore[return-value]


def __getattr__(name: str) -> Any:
    """The names of rankscore 0.1 that were renamed, with a DeprecationWarning."""
    if name in _RENAMED:
        import warnings

        new = _RENAMED[name]
        warnings.warn(
            f"rankscore.rankings.{name} is now rankscore.rankings.{new}; the old name will be "
            "removed in a future release",
            DeprecationWarning,
            stacklevel=2,
        )
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
