"""Demo data shipped inside the package.

``load_spam()``: 20 e-mails scored by a spam filter (:ref:`def-spam`); positive class
``"spam"``.
9 spam, 11 ham; ROC AUC = 79/99.
"""

from __future__ import annotations

import csv
import sys
from importlib import resources
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # pragma: no cover - typing only
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

import numpy as np

__all__ = ["SpamScores", "load_spam", "spam_path"]

SPAM_FILE = "spam_scores.csv"


class SpamScores(NamedTuple):
    """Columns of the spam demo: ``id`` (int), ``target`` ("spam"/"ham"), ``score``.

    Examples
    --------
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> data.id[:3].tolist(), data.target[:3].tolist(), data.score[:3].tolist()
    ([7, 11, 15], ['ham', 'ham', 'ham'], [0.001, 0.003, 0.059])
    """

    id: np.ndarray
    target: np.ndarray
    score: np.ndarray


def spam_path() -> Traversable:
    """Path-like (a ``Traversable``) of the bundled CSV file.

    Examples
    --------
    >>> from rankscore.datasets import spam_path
    >>> spam_path().name
    'spam_scores.csv'
    >>> spam_path().read_text().splitlines()[0]
    'id,target,score'
    """
    return resources.files(__name__).joinpath(SPAM_FILE)


def load_spam() -> SpamScores:
    """Return the spam demo as three NumPy arrays.

    Examples
    --------
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> int((data.target == "spam").sum()), len(data.score)
    (9, 20)
    """
    with spam_path().open("r", newline="") as fh:  # type: ignore[call-overload]
        rows = list(csv.DictReader(fh))
    return SpamScores(
        id=np.array([int(r["id"]) for r in rows]),
        target=np.array([r["target"] for r in rows]),
        score=np.array([float(r["score"]) for r in rows]),
    )
