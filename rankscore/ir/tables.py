"""Qrels and Run: flat arrays sorted by query, with query offsets, built from TREC files,
mappings or data frames."""

from __future__ import annotations

import numbers
import os
from typing import Any, Sequence, TypeVar, cast

import numpy as np

from .. import _backend
from .._engine.validate import quoted, rounds_in_float64, shorten, to_float
from .._numbers import read_number
from .trec import (Ids, check_names, check_utf8, columns_from_dict, decode_ids, entry_value,
                   factorize, index_ranges, line_of_entry, read_trec_file, trec_integer)

__all__ = ["Qrels", "Run"]


T = TypeVar("T", bound="_Table")


class _Table:
    """Flat per-query table: ``queries`` sorted, entries of query j at
    ``[offsets[j], offsets[j+1])``, element ids ``_ids`` coded by ``_docs``, and their
    hashes ``_hash``."""

    _value_name = "value"
    _trec_layout: tuple[int, int, bool]
    _trec_text: str

    name: str | None
    queries: np.ndarray
    _query_ids: Ids
    offsets: np.ndarray
    _ids: Ids
    _docs: np.ndarray
    _hash: np.ndarray

    def __init__(self, data: Any, *, name: str | None = None) -> None:
        if isinstance(data, (str, os.PathLike)):
            built = type(self).from_trec(data, name=name)
        elif _is_dataframe(data):
            built = type(self).from_pandas(data, name=name)
        else:
            query_codes, query_names, docs, values = self._dict_columns(data)
            # (ids given both as int and str, {1: ..., "1": ...}, were refused already;
            # the check stays as for every other source)
            built = type(self)._from_columns(query_codes, query_names, np.arange(len(docs)),
                                             Ids.from_strings(docs, "element"), values,
                                             check_duplicates=True, name=name)
        self.__dict__.update(built.__dict__)

    # subclasses: _dict_columns, _values, _order, _set_values
    @staticmethod
    def _dict_columns(data: Any) -> tuple[Any, Any, Any, np.ndarray]:
        raise NotImplementedError

    @staticmethod
    def _values(raw: Any, what: str) -> np.ndarray:
        raise NotImplementedError

    @staticmethod
    def _order(query: np.ndarray, docs: np.ndarray, values: np.ndarray, ids: Ids) -> np.ndarray:
        raise NotImplementedError

    def _set_values(self, values: np.ndarray) -> None:
        raise NotImplementedError

    @classmethod
    def from_pandas(cls: type[T], frame: Any, *, query: str = "query", element: str = "element",
                    value: str | None = None, name: str | None = None) -> T:
        """Build from a DataFrame with a query, an element and a score/relevance column."""
        value = value or cls._value_name
        for column in (query, element, value):
            if column not in frame.columns:
                raise ValueError(f"column {quoted(column)} not in the DataFrame "
                                 f"(columns: {list(frame.columns)})")
        table = cls.__name__.lower()
        query_codes, query_names = factorize(frame[query], "query",
                                             f"{table}, column {quoted(query)}")
        doc_codes, doc_names = factorize(frame[element], "element",
                                         f"{table}, column {quoted(element)}")
        raw = frame[value].to_numpy()
        return cls._from_columns(query_codes, query_names, doc_codes,
                                 Ids.from_strings(doc_names, "element"),
                                 cls._values(raw, value), check_duplicates=True, name=name)

    @classmethod
    def from_trec(cls: type[T], path: str | os.PathLike[str], *, name: str | None = None) -> T:
        """Read a TREC file (run: ``qid Q0 docid rank score tag``; qrels: ``qid 0 docid rel``)."""
        what = cls.__name__.lower()
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"the {what} file must be a path, got {type(path).__name__}")
        data = read_trec_file(path, what)
        n_fields, value_field, integer = cls._trec_layout
        parsed = _backend.kernels.parse_trec(np.frombuffer(data, dtype=np.uint8), n_fields,
                                             value_field, integer,
                                             trec_integer if integer else read_number)
        (query_codes, query_pool, query_offsets, doc_pool, doc_offsets, doc_hashes, values,
         bad_line) = parsed
        if bad_line:
            line = data.split(b"\n")[bad_line - 1].decode("utf-8", "replace")[:80]
            raise ValueError(f"{os.fspath(path)}, line {bad_line}: expected {n_fields} fields "
                             f"({cls._trec_text}) with a readable "
                             f"{'integer' if integer else 'number'} in field {value_field + 1}, "
                             f"got {quoted(line)}")
        wrong = np.isnan(values) if not integer else np.abs(values) >= 2.0**53
        if wrong.any():  # NaN scores, relevances beyond float64's integers: name the line
            line = line_of_entry(data, int(np.argmax(wrong)))
            value = "NaN, not a number" if not integer else \
                "beyond 2**53 in magnitude (relevance is an integer below 2**53)"
            raise ValueError(f"{os.fspath(path)}, line {line}: the {cls._value_name} in field "
                             f"{value_field + 1} is {value}")
        for pool, field in ((query_pool, 0), (doc_pool, 2)):
            if not pool.tobytes().isascii():
                check_utf8(data, field, path)
        values = cls._values(values, "file value")
        if name is None and cls is Run:
            name = os.path.basename(os.fspath(path))
        # one id per line (not interned: reading stays one sequential pass); they are not
        # empty and hold no white space, as the fields were split on it
        ids = Ids(doc_pool, doc_offsets, doc_hashes)
        return cls._from_columns(query_codes, decode_ids(query_pool, query_offsets),
                                 np.arange(len(values)), ids, values, check_duplicates=True,
                                 name=name)

    @classmethod
    def _from_columns(cls: type[T], query_codes: np.ndarray, query_names: Any,
                      doc_codes: np.ndarray, ids: Ids, values: np.ndarray, *,
                      check_duplicates: bool, name: str | None) -> T:
        check_names(query_names, "query")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"name must be a str or None, got {type(name).__name__}")
        self = object.__new__(cls)
        self.name = name
        order_of_queries = sorted(range(len(query_names)), key=query_names.__getitem__)
        rank = np.empty(len(query_names), dtype=np.int64)
        rank[order_of_queries] = np.arange(len(query_names))
        query = rank[query_codes]
        order = cls._order(query, doc_codes, values, ids)
        query, doc_codes, values = query[order], doc_codes[order], values[order]
        self.queries = np.empty(len(query_names), dtype=object)
        self.queries[:] = [query_names[i] for i in order_of_queries]
        self._query_ids = Ids.from_strings(self.queries.tolist(), "query")  # for _aligned
        counts = np.bincount(query, minlength=len(query_names))
        self.offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        if check_duplicates:
            at = _backend.kernels.ir_first_duplicate(self.offsets, doc_codes, ids.pool,
                                                     ids.offsets, ids.hashes)
            if at >= 0:
                raise ValueError(f"element {quoted(ids.decode([doc_codes[at]])[0])} appears "
                                 f"twice in query {self.queries[query[at]]!r}")
        # one id per entry, in the entries' order: the join with qrels then reads the ids
        # of a query from one stretch of memory
        self._ids = ids.take(doc_codes)
        self._docs = np.arange(len(doc_codes))
        self._hash = self._ids.hashes
        self._set_values(values)
        for array in (self.offsets, self._docs, self._hash):
            array.flags.writeable = False
        return self

    def to_dict(self) -> dict[str, dict[str, Any]]:
        """``{query: {element: relevance or score}}`` (a run's in ranking order)."""
        names = self._ids.decode(self._docs)
        values = (self.relevance if isinstance(self, Qrels)
                  else cast(Run, self).scores).tolist()
        return {q: dict(zip(names[a:b], values[a:b]))
                for q, a, b in zip(self.queries.tolist(), self.offsets[:-1].tolist(),
                                   self.offsets[1:].tolist())}

    def _positions(self, queries: np.ndarray | Sequence[str]) -> np.ndarray:
        """Index of each query id in ``self.queries``, -1 where absent."""
        index = self.__dict__.get("_query_index")
        if index is None:
            index = self.__dict__["_query_index"] = {q: i for i, q in enumerate(self.queries)}
        return np.fromiter((index.get(q, -1) for q in queries), dtype=np.int64,
                           count=len(queries))

    def _aligned(self, qrels: "Qrels") -> np.ndarray:
        """Position of each of ``qrels.queries`` in ``self.queries`` (-1 where absent)."""
        mine, theirs = self._query_ids, qrels._query_ids
        if len(mine) == len(theirs) and np.array_equal(mine.offsets, theirs.offsets) \
                and np.array_equal(mine.pool, theirs.pool):
            return np.arange(len(self.queries))  # the usual case: the same queries
        return self._positions(qrels.queries)

    def __len__(self) -> int:
        """Number of queries."""
        return len(self.queries)

    @property
    def size(self) -> int:
        """Number of (query, element) entries."""
        return int(self.offsets[-1])

    def elements(self, query: str) -> list[str]:
        """Element ids of one query, in stored order (a run: ranking order)."""
        j = self._index(query)
        return self._ids.decode(self._docs[self.offsets[j]:self.offsets[j + 1]])

    def _index(self, query: str) -> int:
        j = int(self._positions([query])[0]) if isinstance(query, str) else -1
        if j < 0:
            raise KeyError(f"query {quoted(query)} is not in this {type(self).__name__}")
        return j

    def __contains__(self, query: object) -> bool:
        try:
            self._index(query)  # type: ignore[arg-type]
        except (KeyError, TypeError):
            return False
        return True

    def __repr__(self) -> str:
        label = f" {quoted(self.name)}" if getattr(self, "name", None) else ""
        return f"<{type(self).__name__}{label}: {len(self)} queries, {self.size} entries>"


def _is_dataframe(x: Any) -> bool:
    return type(x).__name__ == "DataFrame" and hasattr(x, "columns")


class Qrels(_Table):
    """Relevance judgements: per query, judged elements with an integer relevance.

    Parameters
    ----------
    data : dict, pandas.DataFrame or path
        ``{query: {element: relevance}}``; a DataFrame with columns ``query``, ``element``,
        ``relevance`` (other names through :meth:`from_pandas`); or the path of a TREC qrels
        file (``qid 0 docid rel`` per line, :meth:`from_trec`).
    name : str, optional
        A label.

    Notes
    -----
    As in ``trec_eval``: an element is relevant when its relevance is at least the
    ``relevance_level`` of :func:`evaluate` (1 by default); relevance 0 (below the level)
    is judged non-relevant; a negative relevance is "in the pool but not judged" (ignored by
    bpref). Query and element ids are non-empty strings without ASCII white space (which
    separates the fields of TREC files; integers are converted with ``str``), held as
    UTF-8 bytes. An id given both as an integer and as a str (``1`` and ``"1"``, in a
    dict's keys or a DataFrame column) is a ValueError: both would be the id ``"1"``.

    Thread safety: safe to share. A Qrels is read-only once built (its arrays are frozen),
    so many threads may evaluate runs against one Qrels at once; the one lookup it builds
    on first use (query id -> position) is built whole and stored in a single assignment,
    so a thread sees it either absent or complete (at worst two threads build it once
    each).

    Examples
    --------
    >>> qrels = Qrels({"q1": {"d1": 1, "d2": 0, "d3": 2}})
    >>> qrels
    <Qrels: 1 queries, 3 entries>
    """

    _value_name = "relevance"
    _trec_layout = (4, 3, True)
    _trec_text = "qid iteration docid relevance"

    @staticmethod
    def _dict_columns(data: Any) -> tuple[Any, Any, Any, np.ndarray]:
        relevance = entry_value("relevance", (numbers.Integral, np.integer), "an integer", int)
        q, qn, docs, values = columns_from_dict(data, "qrels", {int}, relevance)
        try:
            return q, qn, docs, np.array(values, dtype=np.int64)
        except OverflowError:
            raise ValueError("qrels: a relevance does not fit in 64 bits") from None

    @staticmethod
    def _values(raw: Any, what: str) -> np.ndarray:
        raw = np.asarray(raw)
        if raw.dtype.kind in "iu":
            if raw.dtype.kind == "u" and len(raw) and int(raw.max()) >= 2**63:  # not wrapped
                raise ValueError(f"relevance ({what}): a relevance does not fit in 64 bits")
            result: np.ndarray = raw.astype(np.int64)
            return result
        if raw.dtype.kind == "f" and np.isnan(raw).any():  # pandas' missing values
            raise ValueError(f"relevance ({what}) holds NaN (a missing value)")
        if raw.dtype.kind == "f" and np.isfinite(raw).all() and (raw == np.round(raw)).all() \
                and (np.abs(raw) < 2**53).all():
            whole: np.ndarray = raw.astype(np.int64)
            return whole
        raise ValueError(f"relevance ({what}) must hold integers below 2**53 in magnitude, "
                         f"got dtype {raw.dtype}")

    @staticmethod
    def _order(query: np.ndarray, docs: np.ndarray, values: np.ndarray, ids: Ids) -> np.ndarray:
        # hashes ascending within each query (evaluate's join searches them)
        return np.lexsort((ids.hashes[docs], query))

    def _set_values(self, values: np.ndarray) -> None:
        self.relevance = values
        self.relevance.flags.writeable = False
        # the same judgements with relevance descending: the ideal ranking of nDCG
        query = np.repeat(np.arange(len(self.queries)), np.diff(self.offsets))
        self._ideal = values[np.lexsort((-values, query))]
        same = np.flatnonzero((self._hash[1:] == self._hash[:-1]) & (query[1:] == query[:-1]))
        # two distinct ids of one query with one hash: evaluate joins by name instead
        self._collision = bool(len(same))


class Run(_Table):
    """A ranker's output: per query, scored elements, kept in ranking order.

    Parameters
    ----------
    data : dict, pandas.DataFrame or path
        ``{query: {element: score}}``; a DataFrame with columns ``query``, ``element``,
        ``score`` (other names through :meth:`from_pandas`); or the path of a TREC run file
        (``qid Q0 docid rank score tag`` per line, :meth:`from_trec`; the rank and tag
        fields are ignored, as by ``trec_eval``).
    name : str, optional
        A label (for tables); a run read from a file is named after it.

    Notes
    -----
    Ranking order is ``trec_eval``'s: score descending, equal scores by element id
    descending (byte order of the UTF-8 ids, every byte counted: ids that differ only in
    trailing NUL bytes are distinct and ordered). Scores are real numbers (NaN is an error;
    an integer beyond 2**53 that float64 cannot hold exactly is an error, as in the rest of
    rankscore; the score field of a TREC file is read as a float, as ``trec_eval`` reads
    it).

    Thread safety: safe to share, as :class:`Qrels`: read-only once built; the lookups
    built on first use (query id -> position, and the ranking order at
    ``score_precision="float32"``) are built whole and stored in a single assignment each.

    Examples
    --------
    >>> run = Run({"q1": {"d1": 0.5, "d2": 0.9, "d3": 0.5}}, name="bm25")
    >>> run.elements("q1")
    ['d2', 'd3', 'd1']
    """

    _value_name = "score"
    _trec_layout = (6, 4, False)
    _trec_text = "qid Q0 docid rank score tag"

    @staticmethod
    def _dict_columns(data: Any) -> tuple[Any, Any, Any, np.ndarray]:
        score = entry_value("score", (numbers.Real, np.number), "a real number", lambda v: v)
        q, qn, docs, values = columns_from_dict(data, "run", {float, int}, score)
        try:
            scores = np.array(values, dtype=np.float64)
        except OverflowError:  # an int beyond float64's range
            scores = None
        if scores is None or (len(scores) and np.abs(scores).max() >= 2.0**53):
            for code, doc, value in zip(q.tolist(), docs, values):  # name the first bad one
                if rounds_in_float64(value):
                    raise ValueError(
                        f"score of {quoted(doc)} in query {quoted(qn[code])} is the integer "
                        f"{shorten(value)}, beyond 2**53: float64 cannot hold it exactly "
                        "(distinct scores would tie); subtract a reference value first")
        return q, qn, docs, Run._values(scores, "score")

    @staticmethod
    def _values(raw: Any, what: str) -> np.ndarray:
        raw = np.asarray(raw)
        if raw.dtype.kind not in "iuf" or raw.dtype == np.bool_:
            raise TypeError(f"scores ({what}) must be real numbers, got dtype {raw.dtype}")
        if raw.dtype.kind in "iu":  # integers float64 would round are an error
            raw = to_float(raw, f"scores ({what})")
        raw = raw.astype(np.float64)
        if np.isnan(raw).any():
            raise ValueError(f"scores ({what}) hold NaN")
        result: np.ndarray = raw
        return result

    @staticmethod
    def _order(query: np.ndarray, docs: np.ndarray, scores: np.ndarray, ids: Ids) -> np.ndarray:
        """Query ascending, score descending, element id descending among equal scores."""
        n = len(query)
        order = np.arange(n)
        if n > 1:
            # a TREC file usually holds each query's lines together, scores descending:
            # then the queries' blocks only need putting in query order
            starts = np.flatnonzero(np.concatenate([[True], query[1:] != query[:-1]]))
            if len(starts) == int(query.max()) + 1:  # one block per query
                lengths = np.diff(np.append(starts, n))
                by_query = np.argsort(query[starts])
                order = index_ranges(starts[by_query], lengths[by_query])
            else:
                order = np.argsort(query, kind="stable")
            q, s = query[order], scores[order]
            if not ((q[1:] != q[:-1]) | (s[1:] <= s[:-1])).all():
                order = np.lexsort((-scores, query))
        q, s = query[order], scores[order]
        tied = np.flatnonzero((q[1:] == q[:-1]) & (s[1:] == s[:-1]))
        if len(tied) == 0:
            return order
        member = np.zeros(n, dtype=bool)
        member[tied] = member[tied + 1] = True
        at = np.flatnonzero(member)
        group = np.cumsum(np.concatenate([[True], ~((q[at[1:]] == q[at[:-1]])
                                                    & (s[at[1:]] == s[at[:-1]])
                                                    & (at[1:] == at[:-1] + 1))]))
        rank = ids.byte_rank(docs[order[at]])
        within = np.lexsort((rank, -group))[::-1]  # group ascending, id descending
        order = order.copy()
        order[at] = order[at[within]]
        result: np.ndarray = order
        return result

    def _set_values(self, values: np.ndarray) -> None:
        self.scores = values
        self.scores.flags.writeable = False
        self._views: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def _arrays(self, score_precision: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(hashes, scores, element codes) in ranking order when scores are compared at
        ``score_precision``: float32 (trec_eval 9, pytrec_eval) merges scores that round
        to one float32 into ties, ordered by element id descending."""
        if score_precision == "float64":
            return self._hash, self.scores, self._docs
        if score_precision not in self._views:
            query = np.repeat(np.arange(len(self.queries)), np.diff(self.offsets))
            with np.errstate(over="ignore"):  # beyond float32's range: +-inf, as trec_eval 9
                rounded = self.scores.astype(np.float32).astype(np.float64)
            order = self._order(query, self._docs, rounded, self._ids)
            self._views[score_precision] = (self._hash[order], rounded[order], self._docs[order])
        hashes, scores, docs = self._views[score_precision]
        return hashes, scores, docs
