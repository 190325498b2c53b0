"""Reading relevance judgements and runs: TREC files (checked whole, with the line of a bad
field named), mappings and data frames, into element ids pooled once per table."""

from __future__ import annotations

import numbers
import os
import re
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from .. import _backend
from .._engine.validate import quoted, shorten
from .._files import open_regular_file
from .._limits import check_memory, format_bytes
from .._numbers import read_integer
from ..exceptions import MemoryLimitError

__all__ = ["Ids", "check_names", "check_one_id_each", "check_utf8", "columns_from_dict",
           "decode_ids", "entry_value", "factorize", "line_of_entry", "index_ranges",
           "read_trec_file", "trec_integer"]


def _name(value: Any, what: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (numbers.Integral, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return str(int(value))
    raise TypeError(f"{what} ids must be strings or integers, got {type(value).__name__} {quoted(value)}")


def check_one_id_each(values: Sequence[Any], names: Sequence[str], what: str,
                      where: str) -> None:
    """ValueError when a str and an integer among ``values`` (ids as given) are one id once
    converted to str (``names``, the ids as str): ``1`` and ``"1"`` would otherwise be two
    queries (or elements) with the same id, or one merged silently."""
    integers = {name for value, name in zip(values, names) if not isinstance(value, str)}
    if not integers:
        return
    for value, name in zip(values, names):
        if isinstance(value, str) and name in integers:
            raise ValueError(f"{where}: the {what} id {quoted(name)} appears twice once "
                             "converted to str (given both as a str and as an integer; ids "
                             "are strings: give each id one way)")


_SPACE = re.compile(r"[ \t\n\r\v\f]")  # what separates the fields of a TREC file


def check_names(names: Sequence[str], what: str) -> None:
    for value in names:
        if value == "" or _SPACE.search(value):
            raise ValueError(f"{what} id {quoted(value)} is empty or holds white space "
                             "(TREC files could not hold it)")


class Ids:
    """Distinct ids as UTF-8 bytes: id ``i`` is ``pool[offsets[i]:offsets[i + 1]]``, with its
    64-bit FNV-1a hash. Kept as bytes (not ``str`` objects) so that reading a file and
    joining a run with qrels run in compiled loops; ``decode`` gives the ``str``."""

    __slots__ = ("pool", "offsets", "hashes")

    def __init__(self, pool: np.ndarray, offsets: np.ndarray, hashes: np.ndarray) -> None:
        self.pool, self.offsets, self.hashes = pool, offsets, hashes
        for array in (pool, offsets, hashes):
            array.flags.writeable = False

    @classmethod
    def from_strings(cls, names: Sequence[str], what: str) -> "Ids":
        # one string with the ids on lines: checked and encoded at C speed
        joined = "\n".join(names)
        if joined.count("\n") != max(len(names) - 1, 0) or _SPACE.search(
                joined.replace("\n", "")) or "\n\n" in joined or joined.startswith("\n") \
                or joined.endswith("\n") or (len(names) == 1 and joined == ""):
            check_names(names, what)  # an id is empty or holds white space: name it
        try:
            raw = np.frombuffer(joined.encode("utf-8"), dtype=np.uint8)
        except UnicodeEncodeError:
            bad = next(n for n in names if not _encodable(n))
            raise ValueError(f"{what} id {quoted(bad)} is not valid Unicode text") from None
        ends: Any = np.append(np.flatnonzero(raw == 10), len(raw)) if len(names) else []
        offsets = np.zeros(len(names) + 1, dtype=np.int64)
        offsets[1:] = ends - np.arange(len(names))  # the line breaks taken out
        pool = raw[raw != 10]
        return cls(pool, offsets, _backend.kernels.fnv1a_hashes(pool, offsets))

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def take(self, codes: np.ndarray) -> "Ids":
        """The ids ``codes``, in that order (id i is id ``codes[i]`` of ``self``)."""
        if len(codes) == len(self) and (codes == np.arange(len(codes))).all():
            return self
        pool, offsets = _backend.kernels.gather_ids(self.pool, self.offsets, codes)
        return Ids(pool, offsets, self.hashes[codes])

    def decode(self, codes: Any = None) -> list[str]:
        """The ids ``codes`` (all by default) as ``str``."""
        return decode_ids(self.pool, self.offsets, codes)

    def byte_rank(self, codes: np.ndarray) -> np.ndarray:
        """The rank of each id ``codes[i]`` among them in byte order (the canonical order
        of ids: the bytes themselves, so that ids differing only in trailing NUL bytes,
        which NumPy's fixed-width strings would drop, are ordered too)."""
        raw, bounds = self.pool.tobytes(), self.offsets.tolist()
        names = [raw[bounds[c]:bounds[c + 1]] for c in codes.tolist()]
        rank = np.empty(len(names), dtype=np.int64)
        rank[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
        return rank


def decode_ids(pool: np.ndarray, offsets: np.ndarray, codes: Any = None) -> list[str]:
    """The UTF-8 strings ``pool[offsets[c]:offsets[c + 1]]`` for ``c`` in ``codes`` (all by
    default)."""
    raw = pool.tobytes()
    bounds = offsets.tolist()
    if codes is None:
        return [raw[a:b].decode("utf-8") for a, b in zip(bounds[:-1], bounds[1:])]
    return [raw[bounds[c]:bounds[c + 1]].decode("utf-8") for c in np.asarray(codes).tolist()]


# peak memory of reading a TREC file, measured on 2 * 10^6-line runs and qrels (compiled
# kernels; the fallback about three times more), with some margin: bytes per byte of the
# file and per line
_TREC_BYTES_PER_BYTE, _TREC_BYTES_PER_LINE = 2, 160


def read_trec_file(path: Any, what: str) -> bytes:
    """The bytes of a regular file, after checking that they and the arrays parsed from
    them fit in memory (a ValueError naming the file otherwise) and are not UTF-16 or
    UTF-32, without a UTF-8 byte order mark at the start of a line, and with LF ending the
    lines of a file whose lines end in CR alone."""
    shown = shorten(os.fsdecode(path), 200)
    scale = 3 if getattr(_backend.kernels, "__name__", "").endswith("_fallback") else 1
    try:
        with open_regular_file(path) as handle:
            size = os.fstat(handle.fileno()).st_size
            check_memory(size, f"reading the {what} file {shown} ({format_bytes(size)})")
            data = handle.read()
    except MemoryLimitError:
        raise
    except ValueError as exc:
        raise ValueError(f"the {what} file {exc}") from None
    except OSError as exc:
        raise ValueError(f"cannot read the {what} file {quoted(shown)}: "
                         f"{exc.strerror or exc}") from None
    # UTF-16 or UTF-32: a byte order mark, or NUL in the first character (an id may hold
    # NUL, but none begins a line)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:2]:
        raise ValueError(f"the {what} file {shown} is not UTF-8 text (UTF-16 or UTF-32: NUL"
                         " bytes between its letters); save it as UTF-8")
    if b"\r" in data and b"\n" not in data:  # lines ended by CR alone (classic Mac OS)
        data = data.replace(b"\r", b"\n")
    # files joined by cat: a byte order mark starts a line (looked for when its middle
    # byte is there: one memchr, where the search of four bytes takes 15 ms for 30 MB)
    if b"\xbb" in data and b"\n\xef\xbb\xbf" in data:
        data = data.replace(b"\n\xef\xbb\xbf", b"\n")
    lines = data.count(b"\n") + 1
    check_memory(scale * (_TREC_BYTES_PER_BYTE * len(data) + _TREC_BYTES_PER_LINE * lines),
                 f"reading the {what} file {shown} ({format_bytes(len(data))}, "
                 f"{lines:,} lines)")
    # a UTF-8 byte order mark (editors on Windows write one) is no part of the first id
    return data[3:] if data.startswith(b"\xef\xbb\xbf") else data


def trec_integer(field: bytes) -> float | None:
    """A relevance field: an integer (rankscore._numbers) within 64 bits, as a float."""
    value = read_integer(field)
    return float(value) if value is not None and -2**63 <= value < 2**63 else None


def line_of_entry(data: bytes, entry: int) -> int:
    """The 1-based line of the ``entry``-th (from 0) non-blank line of a TREC file."""
    seen = -1
    for number, line in enumerate(data.split(b"\n"), 1):
        if line.split():
            seen += 1
            if seen == entry:
                return number
    raise AssertionError("fewer entries than lines")


def check_utf8(data: bytes, field: int, path: Any) -> None:
    """ValueError naming the first line whose field ``field`` is not UTF-8 text."""
    for number, line in enumerate(data.split(b"\n"), 1):
        fields = line.split()
        try:
            if len(fields) > field:
                fields[field].decode("utf-8")
        except UnicodeDecodeError:
            what = "query" if field == 0 else "element"
            raise ValueError(f"{os.fspath(path)}, line {number}: the {what} id "
                             f"{fields[field]!r} is not UTF-8 text") from None


def _encodable(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def columns_from_dict(data: Mapping[Any, Any], what: str, plain: set[type],
                      value_of: Callable[[Any, Any, Any], Any]) -> tuple[Any, ...]:
    """Flat columns from ``{query: {element: value}}``: query codes and names, the element
    id of each entry, its value (checked by ``value_of`` unless every value's type is in
    ``plain``)."""
    if not isinstance(data, Mapping):
        raise TypeError(f"{what} must be a dict of dicts, a pandas DataFrame or a file path, "
                        f"got {type(data).__name__}")
    query_names: list[Any] = []
    lengths: list[int] = []
    docs: list[Any] = []
    values: list[Any] = []
    for query, entries in data.items():
        query = _name(query, "query")
        if not isinstance(entries, Mapping):
            raise TypeError(f"{what}[{quoted(query)}] must be a dict {{element id: value}}, "
                            f"got {type(entries).__name__}")
        query_names.append(query)
        lengths.append(len(entries))
        docs.extend(entries)
        values.extend(entries.values())
    check_one_id_each(list(data), query_names, "query", what)
    query_codes = np.repeat(np.arange(len(query_names), dtype=np.int64), lengths)
    if not set(map(type, docs)) <= {str}:
        given, docs = docs, [doc if isinstance(doc, str) else _name(doc, "element")
                             for doc in docs]
        check_one_id_each(given, docs, "element", what)
    if not set(map(type, values)) <= plain:  # check each value, naming the first bad one
        values = [value_of(value, query_names[code], doc)
                  for code, doc, value in zip(query_codes.tolist(), docs, values)]
    return query_codes, query_names, docs, values


def entry_value(name: str, kinds: tuple[type, ...], expected: str,
                convert: Callable[[Any], Any]) -> Callable[[Any, Any, Any], Any]:
    """A ``value_of`` for :func:`columns_from_dict`: ``convert(value)`` for a value of one
    of ``kinds`` (bools refused), else a TypeError naming the entry's query and element."""

    def value_of(value: Any, query: Any, doc: Any) -> Any:
        if isinstance(value, kinds) and not isinstance(value, (bool, np.bool_)):
            return convert(value)
        raise TypeError(f"{name} of {quoted(doc)} in query {quoted(query)} must be {expected}, "
                        f"got {type(value).__name__} {quoted(value)}")

    return value_of


def factorize(column: Any, what: str, where: str) -> tuple[np.ndarray, list[str]]:
    """Codes of a DataFrame's id column and its distinct ids as str (``where`` names the
    column in messages)."""
    import pandas as pd

    if column.isna().any():
        raise ValueError(f"the {what} column holds missing values")
    codes, uniques = pd.factorize(column, sort=False)
    given = uniques.tolist()
    names = [_name(u, what) for u in given]
    check_one_id_each(given, names, what, where)
    return codes.astype(np.int64), names


def index_ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Concatenated ``arange(start, start + length)`` of each pair."""
    total = int(lengths.sum())
    first = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    return np.arange(total, dtype=np.int64) + np.repeat(starts - first, lengths)
