"""The columns a Spark function names, checked on the driver: each is in the DataFrame and
its type fits its role (the column type rule); and the DataFrame reduced to them."""

from __future__ import annotations

from typing import Any, Sequence

from pyspark.sql import DataFrame
from pyspark.sql import functions as F
from pyspark.sql import types as T

from .._columns import FLOAT64_DIGITS

_NUMBERS = (T.ByteType, T.ShortType, T.IntegerType, T.LongType, T.FloatType, T.DoubleType)
_SCORES = (*_NUMBERS, T.DecimalType, T.BooleanType)
_LABELS = (*_NUMBERS, T.BooleanType, T.StringType, T.BinaryType)  # (bytes: UTF-8 text)


def type_error(column: str, dtype: T.DataType, role: str) -> str | None:
    """The column type rule (rankscore._columns): a score or weight column holds numbers
    (decimals are read as the nearest doubles, see ``selected``) or booleans, a label column
    numbers (not decimals), booleans, strings or binary (read as UTF-8 text, as memory reads
    bytes); the message when ``dtype`` breaks it."""
    allowed, what = (_LABELS, "numbers, booleans or strings") if role == "label" else \
        (_SCORES, "numbers")
    if isinstance(dtype, allowed):
        return None
    return f"the {role} column {column!r} must hold {what}, got {dtype.simpleString()}"


def checked_columns(df: Any, roles: dict[str, Any], by: Sequence[str] = ()
                    ) -> dict[str, T.DataType]:
    """{column: its type} of the columns that ``roles`` ({role: column name or None}) and
    ``by`` name, checked: ``df`` is a Spark DataFrame, each column is in it, and its type
    fits its role."""
    if not isinstance(df, DataFrame):
        raise TypeError(f"df must be a Spark DataFrame (pyspark.sql.DataFrame), got "
                        f"{type(df).__module__.split('.')[0]}.{type(df).__name__}; for data in "
                        "memory use the functions of rankscore")
    fields = {field.name: field.dataType for field in df.schema.fields}
    types = {}
    named = [(role, name) for role, name in roles.items() if name is not None]
    named += [("by", name) for name in by]
    for role, name in named:
        if not isinstance(name, str):
            raise TypeError(f"{role} must be a column name (str), got "
                            f"{type(name).__name__}")
        if name not in fields:
            raise ValueError(f"the DataFrame has no column {name!r} (the {role} column); its "
                             f"columns: {', '.join(fields) or 'none'}")
        message = None if role == "by" else type_error(name, fields[name], role)
        if message:
            raise TypeError(message)
        types[name] = fields[name]
    return types


def by_names(by: Any) -> list[str]:
    """The key column names of ``by`` (one name or a list of names), checked."""
    names = [by] if isinstance(by, str) else list(by) if isinstance(by, (list, tuple)) else by
    if not isinstance(names, list) or not names:
        raise TypeError(f"by must be a column name or a list of column names, got {by!r}")
    if len(set(names)) < len(names):
        raise ValueError(f"by names a column twice: {names}")
    return names


def role_names(label: str, score: str, weight: str | None) -> dict[str, str]:
    """{role: column name} of the columns a function reads, in the order its tasks read
    them."""
    return {"label": label, "score": score, **({"weight": weight} if weight else {})}


def _quoted(name: str) -> Any:
    return F.col("`" + name.replace("`", "``") + "`")


def check_wide_decimals(df: DataFrame, name: str) -> None:
    """Refuse a score column of decimals wider than 15 digits in which two distinct values
    become one double (one Spark job): memory refuses such ``Decimal`` scores, which would
    become ties ("cannot tell apart"), and the partitions cannot see each other's values."""
    column = _quoted(name)
    found = (df.where(column.isNotNull())
             .groupBy(column.cast("double").alias("as_double"))
             .agg(F.min(column).alias("low"), F.max(column).alias("high"))
             .where(F.col("low") != F.col("high")).select("low", "high").limit(1).collect())
    if found:
        low, high = found[0]
        raise ValueError(f"the score column {name!r} holds {low} and {high}, which float64 "
                         "cannot tell apart; rounding them would merge distinct scores into "
                         "ties (round the column or cast it to double first)")


def selected(df: DataFrame, columns: list[tuple[str, str]],
             types: dict[str, T.DataType]) -> DataFrame:
    """``df`` reduced to ``columns`` ((name, role)) in order; decimal scores and weights
    become the nearest doubles (as in memory, where ``Decimal``s become float64). A score
    column of decimals wider than 15 digits, which float64 cannot all tell apart, is first
    checked by one Spark job (``check_wide_decimals``)."""
    out = []
    for name, role in columns:
        column, dtype = _quoted(name), types.get(name)
        if role in ("score", "weight") and isinstance(dtype, T.DecimalType):
            if role == "score" and dtype.precision > FLOAT64_DIGITS:
                check_wide_decimals(df, name)
            column = column.cast("double")  # (the nearest double, as float(Decimal))
        out.append(column.alias(name))
    return df.select(*out)
