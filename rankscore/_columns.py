"""One rule for the type of a table's column, whichever reader meets it.

A *score* (or *weight*) column holds one real number per row: integers, floats, booleans,
exact decimals of at most 15 digits (read as the nearest float64, which keeps distinct
such decimals distinct and in order), or a categorical column (pandas ``category``, an
Arrow dictionary) whose categories are such numbers. A *label* column holds one class
label per row: a number, a text (bytes are read as UTF-8 text), or a categorical column
of those. Anything else -- a list, struct or map per row, dates and times, decimals of
more digits, a column that is always null -- is refused before a row is read, with one
line that names the column and its type.

:func:`check_column` states the rule; it takes the column's type as its table holds it:
a pyarrow ``DataType`` (Parquet, Arrow, Spark through Arrow), a pandas dtype (Dask and
pandas, extension and categorical dtypes included) or a NumPy dtype. The file readers
(``rankscore report``), :mod:`rankscore.dask` and other front ends call it on their
columns, so they accept and refuse the same columns with the same message.

The values themselves (NaN, nulls, labels beyond two classes) are checked later, where
they are read, with the row named.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ._engine.validate import quoted
from .exceptions import ColumnTypeError

__all__ = ["Column", "check_column", "column_type", "decimals_as_float64"]

#: Significant digits of a decimal that float64 keeps apart: every decimal of at most 15
#: digits round-trips through float64, so distinct ones stay distinct and in order.
FLOAT64_DIGITS = 15

ROLES = ("score", "label", "weight")

# what each role's column may hold (the ``kind`` of :class:`Column`)
_ALLOWED = {
    "score": {"int", "uint", "float", "bool", "decimal"},
    "weight": {"int", "uint", "float", "bool", "decimal"},
    "label": {"int", "uint", "float", "bool", "text", "bytes", "object"},
}

# why a kind is refused (the end of the message)
_WHY = {
    "nested": "each row holds several values (a list, struct, map or union)",
    "text": "text, not numbers; convert the column to numbers first",
    "bytes": "raw bytes, not numbers",
    "temporal": "dates or times, not {what}",
    "decimal": "exact decimals; convert the column to float64 first",
    "wide decimal": f"decimals of more than {FLOAT64_DIGITS} digits, which float64 (the "
                    "scores' type) cannot all tell apart; round the column or cast it to "
                    "float64 first",
    "complex": "complex numbers, not real numbers",
    "null": "every value is missing (type null)",
    "object": "Python objects of no declared type; convert the column to numbers first "
              "(e.g. pandas.to_numeric)",
    "other": "values that are not {what}",
}


class Column(NamedTuple):
    """The type of a column as the rule sees it.

    ``kind``: ``"int"``, ``"uint"``, ``"float"``, ``"bool"``, ``"decimal"`` (at most 15
    digits), ``"text"``, ``"bytes"``, ``"object"`` (NumPy/pandas object dtype: the values
    decide), or a refused kind (``"nested"``, ``"temporal"``, ``"wide decimal"``,
    ``"complex"``, ``"null"``, ``"other"``).
    ``categorical``: a pandas categorical or Arrow dictionary column whose categories are
    of ``kind``. ``type``: the type as written in messages.
    """

    kind: str
    categorical: bool
    type: str


def check_column(name: str, dtype: Any, role: str = "score") -> Column:
    """Check that a column of type ``dtype`` can be the ``role`` column; return its type.

    Parameters
    ----------
    name : str
        The column's name (for the message).
    dtype : pyarrow.DataType, pandas dtype or NumPy dtype (or anything ``numpy.dtype``
        takes, such as ``"float32"``)
        The column's type as its table holds it.
    role : {"score", "label", "weight"}, default "score"
        Score and weight columns hold real numbers (integers, floats, booleans, decimals
        of at most 15 digits, or categories of those); a label column holds numbers, text
        (bytes as UTF-8 text) or categories of those.

    Returns
    -------
    Column
        ``(kind, categorical, type)``: how to read the values.

    Raises
    ------
    ColumnTypeError
        (a ``TypeError`` and a ``ValueError``) One line naming the column, its type and
        why it cannot serve, e.g. ``score column 'p' has type list<item: double>: each row
        holds several values (a list, struct, map or union); a score column holds one
        real number per row``.

    Examples
    --------
    >>> import numpy as np
    >>> check_column("score", np.dtype("float32"))
    Column(kind='float', categorical=False, type='float32')
    >>> check_column("score", np.dtype("datetime64[ns]"))
    Traceback (most recent call last):
    ...
    rankscore.exceptions.ColumnTypeError: score column 'score' has type datetime64[ns]: dates or times, not numbers; a score column holds one real number per row
    """
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}, got {quoted(role)}")
    column = column_type(dtype)
    if column.kind in _ALLOWED[role]:
        return column
    what = "labels" if role == "label" else "numbers"
    if column.categorical:
        why = f"its categories are {_plural(column.kind)}, not {what}"
    else:
        why = _WHY.get(column.kind, _WHY["other"]).format(what=what)
    holds = ("one label (a number or a text) per row" if role == "label"
             else "one real number per row")
    raise ColumnTypeError(f"{role} column {quoted(name)} has type {column.type}: {why}; "
                          f"a {role} column holds {holds}")


def _plural(kind: str) -> str:
    return {"text": "texts", "bytes": "bytes", "nested": "lists, structs or maps",
            "temporal": "dates or times", "decimal": "exact decimals",
            "wide decimal": "decimals of more than 15 digits",
            "complex": "complex numbers", "null": "missing"}.get(kind, f"{kind} values")


def column_type(dtype: Any) -> Column:
    """The :class:`Column` of a pyarrow, pandas or NumPy type (no rule applied)."""
    arrow = _arrow_type(dtype)
    if arrow is not None:
        return _of_arrow(arrow, str(dtype))
    categories = getattr(dtype, "categories", None)
    if type(dtype).__name__ == "CategoricalDtype":  # pandas; categories may be unknown (None)
        inner = column_type(categories.dtype) if categories is not None else None
        kind = inner.kind if inner is not None else "object"
        shown = f"category of {inner.type}" if inner is not None else "category"
        return Column(kind, True, shown)
    if type(dtype).__name__ == "StringDtype":
        return Column("text", False, str(dtype))
    if type(dtype).__name__ == "SparseDtype":
        return column_type(dtype.subtype)._replace(type=str(dtype))
    try:
        numpy_dtype = np.dtype(dtype)
    except TypeError:  # a pandas extension dtype of its own kind (period, interval ...)
        kind = getattr(dtype, "kind", "O")
        return Column({"i": "int", "u": "uint", "f": "float", "b": "bool", "M": "temporal",
                       "m": "temporal"}.get(kind, "other"), False, str(dtype))
    return _of_numpy(numpy_dtype, str(dtype))


def _arrow_type(dtype: Any) -> Any:
    """The pyarrow DataType of a pyarrow type or a pandas ArrowDtype, else None (without
    importing pyarrow when the type is not one of its own)."""
    module = type(dtype).__module__ or ""
    if module.startswith("pyarrow"):
        return dtype
    if type(dtype).__name__ == "ArrowDtype":
        return dtype.pyarrow_dtype
    return None


def _of_numpy(dtype: np.dtype, shown: str) -> Column:
    kind = {"i": "int", "u": "uint", "f": "float", "b": "bool", "U": "text", "S": "bytes",
            "O": "object", "M": "temporal", "m": "temporal", "c": "complex"}.get(dtype.kind)
    if dtype.fields is not None or dtype.subdtype is not None:
        kind = "nested"  # a structured or sub-array dtype: several values per row
    return Column(kind or "other", False, shown)


def _of_arrow(dtype: Any, shown: str) -> Column:
    import pyarrow as pa

    t = pa.types

    def has(name: str):  # the view and run-end types are newer than pyarrow 14
        return getattr(t, name, lambda d: False)

    if t.is_dictionary(dtype):
        inner = _of_arrow(dtype.value_type, str(dtype.value_type))
        return Column(inner.kind, True, shown)
    if isinstance(dtype, pa.ExtensionType):
        return _of_arrow(dtype.storage_type, shown)
    if has("is_run_end_encoded")(dtype):
        return _of_arrow(dtype.value_type, shown)
    checks = (
        (t.is_boolean, "bool"), (t.is_signed_integer, "int"), (t.is_unsigned_integer, "uint"),
        (t.is_floating, "float"),
        (lambda d: t.is_decimal(d) and d.precision <= FLOAT64_DIGITS, "decimal"),
        (t.is_decimal, "wide decimal"),
        (lambda d: t.is_string(d) or t.is_large_string(d) or has("is_string_view")(d), "text"),
        (lambda d: t.is_binary(d) or t.is_large_binary(d) or has("is_binary_view")(d)
         or t.is_fixed_size_binary(d), "bytes"),
        (t.is_nested, "nested"), (t.is_temporal, "temporal"), (t.is_null, "null"),
    )
    for check, kind in checks:
        if check(dtype):
            return Column(kind, False, shown)
    return Column("other", False, shown)


def decimals_as_float64(array: Any) -> Any:
    """An Arrow decimal array as the float64 nearest to each value (through its text, which
    Arrow reads correctly rounded: Arrow's direct cast is not, for about one value in
    five)."""
    import pyarrow as pa

    return array.cast(pa.string()).cast(pa.float64())
