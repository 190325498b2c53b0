"""One rule for numbers written as text, in every file rankscore reads.

A value is a number when Python's ``float()`` reads it (``int()`` for an integer field such
as a TREC relevance), except that underscores are refused: ``float("1_000")`` is 1000.0,
but in a data file ``1_000`` is more likely an id or a typo than a number, C's ``strtod``
(``trec_eval``) and pyarrow's CSV reader do not read it, and refusing it keeps every
reader of a file in agreement. So ``1e5``, ``.5``, ``-3``, ``+2.50``, ``inf``, ``nan``
and digits of other scripts (``١٢``) are read as ``float()`` reads them; ``1_000``,
``0x10``, ``1,5`` and ``1.5.2`` are not numbers. Surrounding white space is ignored, as
``float()`` ignores it. Whether a number is then allowed (finite, an integer) is for the
reader to say.

The compiled TREC parser and both CSV readers read the common cases (ASCII digits, sign,
point, exponent) at C speed and hand anything else to :func:`read_number` /
:func:`read_integer`, so the fast paths accept exactly what these functions accept.
"""

from __future__ import annotations

from typing import Callable, TypeVar

__all__ = ["read_number", "read_integer"]

_T = TypeVar("_T")


def _text(value: str | bytes) -> str | None:
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return value


def _read(value: str | bytes, parse: Callable[[str], _T]) -> _T | None:
    text = _text(value)
    if text is None or "_" in text:
        return None
    try:
        return parse(text)
    except ValueError:
        return None


def read_number(value: str | bytes) -> float | None:
    """``float(value)`` (bytes as UTF-8 text), or None when that fails or ``value`` holds an
    underscore."""
    return _read(value, float)


def read_integer(value: str | bytes) -> int | None:
    """``int(value)`` (bytes as UTF-8 text), or None when that fails or ``value`` holds an
    underscore. Text longer than 4300 digits (Python's limit for ``int()``) is not read."""
    return _read(value, int)
