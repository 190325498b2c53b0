"""The score ``s(r)`` of one ranking, exactly or as a float, and of many rankings in one
kernel call (:ref:`def-ranking-score`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Sequence

import numpy as np

from .. import _backend
from .enumeration import RankingSet
from .model import Ranking, rk, score_of_rankings
from .positions import float_m


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
    holding ``-``; ``s = 1`` for ``p = 1``. The float is the exact score correctly
    rounded when ``m`` is an integer or a short binary fraction (3.5) and ``M p (p - 1) <
    2**53``, ``M`` the numerator of ``m`` in lowest terms (7 for m = 3.5), so equal scores
    are equal floats; beyond that, within a few ulps.
    An ``m`` too large for a float (``10**400``, ``"1e400"``) is accepted: the gap term
    is then below half an ulp of ``k/p``, so the result is ``k/p``, correctly rounded.

    Examples
    --------
    >>> from rankscore import ranking_score
    >>> round(ranking_score("xxx-x"), 10)
    0.84
    >>> round(ranking_score("-xxxxxxx"), 7)
    0.8785714
    >>> ranking_score("x-x", m=5)
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
    m_float = float_m(m)
    if isinstance(rankings, RankingSet):
        scores: np.ndarray = _backend.kernels.score_masks(rankings.masks, m_float)
        return scores
    if isinstance(rankings, (str, Ranking)):
        raise TypeError(
            "ranking_score_many expects a collection of rankings; use ranking_score() for one"
        )
    if not isinstance(rankings, Iterable):
        raise TypeError("rankings must be a RankingSet or an iterable of rankings (Ranking, "
                        f"str or position vectors), got {type(rankings).__name__}")
    items = [rk(r) for r in rankings]
    return score_of_rankings(items, m_float)
