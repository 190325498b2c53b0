"""Warnings and exceptions of rankscore, in one place (as ``sklearn.exceptions``).

Each class is also importable from the module that raised it before this one existed
(``rankscore.metrics.UndefinedMetricWarning``, ``rankscore.rankings.RankingSetTooLargeError``,
and ``rankscore.UndefinedMetricWarning``).

scikit-learn compatibility, without importing scikit-learn: code written for scikit-learn
filters its warnings by category, e.g.
``warnings.filterwarnings("ignore", category=sklearn.exceptions.UndefinedMetricWarning)``.
A user who does that has imported ``sklearn.exceptions``; so when that module is in
``sys.modules`` at the moment rankscore warns, :func:`warn_undefined_metric` warns with a
class that subclasses both rankscore's and scikit-learn's ``UndefinedMetricWarning``
(created once and cached), and a filter on either category matches. When scikit-learn has
not been imported, the warning is rankscore's own class; ``import rankscore`` never imports
scikit-learn.
"""

from __future__ import annotations

import os
import sys
import warnings

__all__ = [
    "UndefinedMetricWarning",
    "RankingSetTooLargeError",
    "MemoryLimitError",
    "ColumnTypeError",
    "undefined_metric_category",
    "warn_undefined_metric",
]


class UndefinedMetricWarning(UserWarning):
    """A metric was 0/0 (or otherwise undefined) and has been set to a fixed value, as in
    scikit-learn (``zero_division``, NaN …).

    Examples
    --------
    >>> import warnings
    >>> from rankscore import UndefinedMetricWarning, precision_score
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     precision_score([1, 0], [0, 0])
    0.0
    >>> issubclass(caught[0].category, UndefinedMetricWarning)
    True
    """


class MemoryLimitError(MemoryError, ValueError):
    """A computation would need more memory than is available (raised before allocating;
    the message names the size).

    Subclasses both ``MemoryError`` and ``ValueError``.

    Examples
    --------
    >>> from rankscore.exceptions import MemoryLimitError
    >>> from rankscore.rankings import enumerate_rankings
    >>> try:
    ...     enumerate_rankings(62, 31)  # 2**59 rankings
    ... except MemoryLimitError as error:
    ...     print(isinstance(error, MemoryError), isinstance(error, ValueError))
    True True
    """


class RankingSetTooLargeError(MemoryLimitError):
    """An enumeration would not fit in the memory available (raised before allocating).

    Subclasses both ``MemoryError`` and ``ValueError``.

    Examples
    --------
    >>> from rankscore.rankings import RankingSetTooLargeError, enumerate_rankings
    >>> try:
    ...     enumerate_rankings(62, 31)
    ... except RankingSetTooLargeError as error:
    ...     print(type(error).__name__, isinstance(error, MemoryError))
    RankingSetTooLargeError True
    """


class ColumnTypeError(TypeError, ValueError):
    """A column of a table (file, pandas, Dask) whose type cannot serve its role, e.g. a
    score column of lists (raised before its values are read; the message names the column
    and its type).

    Subclasses both ``TypeError`` and ``ValueError``, so ``except ValueError`` catches it
    as it catches every other refused input.

    Examples
    --------
    >>> from rankscore.exceptions import ColumnTypeError
    >>> issubclass(ColumnTypeError, TypeError), issubclass(ColumnTypeError, ValueError)
    (True, True)
    """


# scikit-learn's class -> the class deriving from both (one per scikit-learn class object,
# so a reloaded sklearn.exceptions gets its own)
_BOTH: dict[type, type] = {}


def undefined_metric_category() -> type[UndefinedMetricWarning]:
    """The class rankscore warns with when a metric is undefined.

    :class:`UndefinedMetricWarning`, or, when ``sklearn.exceptions`` has been imported, a
    subclass of it and of ``sklearn.exceptions.UndefinedMetricWarning`` (so filters on either
    category apply). The subclass is created once and cached.

    Examples
    --------
    >>> from rankscore.exceptions import UndefinedMetricWarning, undefined_metric_category
    >>> issubclass(undefined_metric_category(), UndefinedMetricWarning)
    True
    """
    module = sys.modules.get("sklearn.exceptions")
    theirs = getattr(module, "UndefinedMetricWarning", None)
    if not (isinstance(theirs, type) and issubclass(theirs, Warning)):
        return UndefinedMetricWarning
    both = _BOTH.get(theirs)
    if both is None:
        both = type(
            "UndefinedMetricWarning",
            (UndefinedMetricWarning, theirs),
            {
                "__module__": __name__,
                "__qualname__": "UndefinedMetricWarning",
                "__doc__": "rankscore's UndefinedMetricWarning that is also scikit-learn's.",
            },
        )
        _BOTH[theirs] = both
    return both


_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def warn_user(message: str, category: type[Warning] | None = None) -> None:
    """``warnings.warn`` pointing at the user's line: the first caller outside rankscore.

    ``category`` defaults to :func:`undefined_metric_category`. The engine warns from
    whatever depth its work happens at; counting frames up to the first one outside the
    package keeps every warning at the line that called rankscore.
    """
    level, frame = 2, sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, category or undefined_metric_category(), stacklevel=level)


def warn_undefined_metric(message: str, stacklevel: int = 2) -> None:
    """``warnings.warn(message, undefined_metric_category(), stacklevel)``.

    ``stacklevel`` counts as for ``warnings.warn`` called where this function is called
    (2 points at the caller's caller).

    Examples
    --------
    >>> import warnings
    >>> from rankscore.exceptions import UndefinedMetricWarning, warn_undefined_metric
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_undefined_metric("precision is 0/0; set to 0.0")
    >>> issubclass(caught[0].category, UndefinedMetricWarning), str(caught[0].message)
    (True, 'precision is 0/0; set to 0.0')
    """
    warnings.warn(message, undefined_metric_category(), stacklevel=stacklevel + 1)
