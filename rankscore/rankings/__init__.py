"""Rankings against a reference list: the ``Ranking`` object, its score, counts,
enumeration and exact ties (defined in :ref:`def-rankings`).

A ranking of ``p`` elements is described by the 1-based positions of its ``k`` list
elements; its last position always holds a list element. Strings use ``x`` (``●``) for a
list element and ``-`` (``○``) for any other element: ``xx--x`` has p = 5, k = 3.

Bit masks (``RankingSet.masks``, ``Ranking.from_mask``) follow one convention everywhere:
bit ``i - 1`` of a ``uint64`` is set when position ``i`` holds a list element, so masks hold
rankings with ``p <= 62``.

The names live in four modules, each reading only those before it: ``positions`` (the
limits, the exact ``m``, positions, strings and masks checked), ``model`` (the ``Ranking``
object and ``rk``; ``figure`` draws it), ``enumeration`` (``count_rankings``,
``RankingSet``, ``enumerate_rankings``, ``tied_rankings``) and ``scores``
(``ranking_score`` and its exact and many-at-once forms).
"""

from __future__ import annotations

from typing import Any

from ..exceptions import RankingSetTooLargeError
from ..ties import Ties, find_ties
from . import positions
from .enumeration import RankingSet, count_rankings, enumerate_rankings, tied_rankings
from .model import Ranking, rk
from .scores import ranking_score, ranking_score_exact, ranking_score_many

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

# The limits (see rankscore.rankings.positions), where they stood before the package was split.
MAX_POSITION = positions.MAX_POSITION
MAX_MASK_P = positions.MAX_MASK_P
MAX_COUNT_BITS = positions.MAX_COUNT_BITS

# Names this module had before 0.2, with the name each has now (module-level __getattr__).
_RENAMED = {
    "score": "ranking_score",
    "score_exact": "ranking_score_exact",
    "score_many": "ranking_score_many",
}


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
