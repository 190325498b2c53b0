"""The ``Ranking`` object and its short constructor :func:`rk`: one ranking, its score
``s(r)`` from ``(k, p, soma)``, its table and figure, and its threshold-sweep curves."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable

import numpy as np

from .. import _backend
from .._engine.arrays import Curve, FloatArray, ScoreArray
from .._engine.validate import as_1d, as_scores, check_choice, check_same_length, quoted
from ..curves import average_precision_score, precision_recall_curve, roc_auc_score, roc_curve
from .figure import draw_ranking
from .positions import (as_bool_vector, checked_positions, exact_m, float_m, position_chars,
                        positions_from_string)

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes

_TIE_POLICIES = ("error", "optimistic", "pessimistic")


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
    _hash: int | None

    def __init__(self, text: str) -> None:
        if hasattr(self, "_positions"):
            raise AttributeError("Ranking is immutable; cannot re-initialize it")
        self._set(positions_from_string(text))

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

    # -- constructors ------------------------------------------------------------------

    @classmethod
    def from_positions(cls, positions: Iterable[float]) -> "Ranking":
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
        return cls._from_sorted(checked_positions(positions))

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
        flags = as_bool_vector(mask, "mask")
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
        flags = as_bool_vector(in_list, "in_list")
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
            text = position_chars(self._positions, 1, 60) + "…" + position_chars(self._positions, self._p - 19, self._p)
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
        assert self._hash is not None
        return self._hash

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Ranking is immutable; cannot set {quoted(name)}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Ranking is immutable; cannot delete {quoted(name)}")

    def __reduce__(self) -> tuple[Any, tuple[np.ndarray]]:
        return (Ranking.from_positions, (self._positions.copy(),))

    def __copy__(self) -> "Ranking":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Ranking":
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
        return float(_score_of_columns([self._k], [self._p], [self._soma], float_m(m))[0])

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
        return _exact_score(self._k, self._p, self._soma, exact_m(m))

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

    def plot(self, *, line: bool = True, fun: Callable[[Ranking], Any] | None = None,
             ax: Axes | None = None, **kwargs: Any) -> Axes:
        """Plot this ranking: list position against ranking position; see
        :func:`rankscore.plot.plot_ranking`.

        Keyword arguments (``line``, ``fun``, ``ax`` and matplotlib line properties of the
        points) as in ``plot_ranking``; returns the matplotlib Axes. Needs matplotlib
        (``pip install rankscore[plot]``).
        """
        return draw_ranking(self, line=line, fun=fun, ax=ax, function="Ranking.plot", **kwargs)

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

    def roc_curve(self, *, drop_intermediate: bool = True) -> Curve:
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

    def precision_recall_curve(
        self, *, drop_intermediate: bool = False
    ) -> tuple[FloatArray, FloatArray, ScoreArray]:
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
# the score of (k, p, soma)


def score_of_rankings(rankings: list[Ranking], m: float) -> np.ndarray:
    """The float scores of ``Ranking`` objects at ``m``, in one kernel call."""
    return _score_of_columns(
        [r._k for r in rankings], [r._p for r in rankings], [r._soma for r in rankings], m
    )


def _score_of_columns(k: Any, p: Any, soma: Any, m: float) -> np.ndarray:
    as64 = [np.ascontiguousarray(c, dtype=np.int64) for c in (k, p, soma)]
    scores: np.ndarray = _backend.kernels.score_columns(*as64, m)
    return scores


def _exact_score(k: int, p: int, soma: int, m: Fraction) -> Fraction:
    if p == 1:
        return Fraction(1)
    return (m * k * (p - 1) + 2 * soma) / (m * p * (p - 1))


def ranking_of_mask(mask: int) -> Ranking:
    """The ranking of a valid bit mask (bit ``i - 1`` set: position ``i`` holds ``x``)."""
    bits = [i + 1 for i in range(int(mask).bit_length()) if (mask >> i) & 1]
    return Ranking._from_sorted(np.array(bits, dtype=np.int64))
