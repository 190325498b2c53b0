"""Rankings at scale: IR metrics over many queries, and tests between rankers.

A :class:`Qrels` holds relevance judgements (per query, the judged elements and their integer
relevance), a :class:`Run` holds a ranker's output (per query, scored elements). Both are
flat arrays sorted by query with query offsets; :func:`evaluate` joins them once and runs one
typed pass per metric. ``trec_eval`` is the reference: its tie order (score descending, then
element id descending), relevance threshold (``rel >= 1``), gains and per-query conventions
are the defaults, and the per-query numbers agree with it to 1e-12.
"""

from __future__ import annotations

import math
import numbers
import os
import re
from typing import Any, Mapping, Sequence

import numpy as np

from . import _backend
from ._engine.validate import check_choice, quoted
from .rankings.positions import float_m
from .uncertainty import _t_two_sided_p, holm_adjust

__all__ = ["Qrels", "Run", "evaluate", "compare_runs", "Comparison", "IR_METRICS"]

#: Metric names understood by :func:`evaluate` (``@k`` where shown; aliases in brackets).
IR_METRICS = (
    "precision@k [P@k]", "recall@k [R@k]", "r_precision [rprec]", "map [ap]", "map@k",
    "mrr [rr, recip_rank]", "mrr@k", "ndcg", "ndcg@k", "hit_rate@k [success@k]", "bpref",
    "s", "p", "num_ret", "num_rel", "num_rel_ret",
)

_ALIASES = {
    "p@": "precision", "precision@": "precision", "r@": "recall", "recall@": "recall",
    "r_precision": "r_precision", "rprec": "r_precision", "r-precision": "r_precision",
    "map": "map", "ap": "map", "map@": "map", "ap@": "map",
    "mrr": "mrr", "rr": "mrr", "recip_rank": "mrr", "mrr@": "mrr", "rr@": "mrr",
    "ndcg": "ndcg", "ndcg@": "ndcg", "hit_rate@": "hit_rate", "success@": "hit_rate",
    "hit_rate": "hit_rate", "bpref": "bpref", "s": "s", "num_ret": "num_ret",
    "num_rel": "num_rel", "num_rel_ret": "num_rel_ret",
}
_METRIC = re.compile(r"([A-Za-z_\-]+)(@(\d+))?")


def _parse_metric(name: Any) -> tuple[str, int | None]:
    """``"ndcg@10"`` -> ``("ndcg", 10)``; ValueError naming the metric otherwise."""
    if not isinstance(name, str):
        raise TypeError(f"metrics must be strings such as 'ndcg@10', got {quoted(name)}")
    match = _METRIC.fullmatch(name.strip())
    if match is None:
        raise ValueError(f"unknown metric {quoted(name)}; known: {', '.join(IR_METRICS)}")
    base, _, k = match.groups()
    if base == "p" and k is None:
        return "p", None  # the ranking's length p; "P@10" is precision
    kind = _ALIASES.get(base.lower() + ("@" if k is not None else ""))
    if kind is None and k is None and base.lower() + "@" in _ALIASES:
        raise ValueError(f"metric {quoted(name)} needs a cut-off, e.g. {base}@10")
    if kind is None:
        raise ValueError(f"unknown metric {quoted(name)}; known: {', '.join(IR_METRICS)}")
    if k is not None and int(k) < 1:
        raise ValueError(f"the cut-off of {quoted(name)} must be >= 1")
    return kind, (int(k) if k is not None else None)


# --------------------------------------------------------------------------------------
# building qrels and runs


def _name(value: Any, what: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (numbers.Integral, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return str(int(value))
    raise TypeError(f"{what} ids must be strings or integers, got {type(value).__name__} {quoted(value)}")


_SPACE = re.compile(r"[ \t\n\r\v\f]")  # what separates the fields of a TREC file


def _check_names(names: Sequence[str], what: str) -> None:
    for value in names:
        if value == "" or _SPACE.search(value):
            raise ValueError(f"{what} id {quoted(value)} is empty or holds white space "
                             "(TREC files could not hold it)")


class _Ids:
    """Distinct ids as UTF-8 bytes: id ``i`` is ``pool[offsets[i]:offsets[i + 1]]``, with its
    64-bit FNV-1a hash. Kept as bytes (not ``str`` objects) so that reading a file and
    joining a run with qrels run in compiled loops; ``decode`` gives the ``str``."""

    __slots__ = ("pool", "offsets", "hashes")

    def __init__(self, pool: np.ndarray, offsets: np.ndarray, hashes: np.ndarray) -> None:
        self.pool, self.offsets, self.hashes = pool, offsets, hashes
        for array in (pool, offsets, hashes):
            array.flags.writeable = False

    @classmethod
    def from_strings(cls, names: Sequence[str], what: str) -> "_Ids":
        # one string with the ids on lines: checked and encoded at C speed
        joined = "\n".join(names)
        if joined.count("\n") != max(len(names) - 1, 0) or _SPACE.search(
                joined.replace("\n", "")) or "\n\n" in joined or joined.startswith("\n") \
                or joined.endswith("\n") or (len(names) == 1 and joined == ""):
            _check_names(names, what)  # an id is empty or holds white space: name it
        try:
            raw = np.frombuffer(joined.encode("utf-8"), dtype=np.uint8)
        except UnicodeEncodeError:
            bad = next(n for n in names if not _encodable(n))
            raise ValueError(f"{what} id {quoted(bad)} is not valid Unicode text") from None
        ends = np.append(np.flatnonzero(raw == 10), len(raw)) if len(names) else []
        offsets = np.zeros(len(names) + 1, dtype=np.int64)
        offsets[1:] = ends - np.arange(len(names))  # the line breaks taken out
        pool = raw[raw != 10]
        return cls(pool, offsets, _backend.kernels.fnv1a_hashes(pool, offsets))

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def take(self, codes: np.ndarray) -> "_Ids":
        """The ids ``codes``, in that order (id i is id ``codes[i]`` of ``self``)."""
        if len(codes) == len(self) and (codes == np.arange(len(codes))).all():
            return self
        pool, offsets = _backend.kernels.gather_ids(self.pool, self.offsets, codes)
        return _Ids(pool, offsets, self.hashes[codes])

    def decode(self, codes: Any = None) -> list[str]:
        """The ids ``codes`` (all by default) as ``str``."""
        return _decode(self.pool, self.offsets, codes)


def _decode(pool: np.ndarray, offsets: np.ndarray, codes: Any = None) -> list[str]:
    """The UTF-8 strings ``pool[offsets[c]:offsets[c + 1]]`` for ``c`` in ``codes`` (all by
    default)."""
    raw = pool.tobytes()
    bounds = offsets.tolist()
    if codes is None:
        return [raw[a:b].decode("utf-8") for a, b in zip(bounds[:-1], bounds[1:])]
    return [raw[bounds[c]:bounds[c + 1]].decode("utf-8") for c in np.asarray(codes).tolist()]


def _check_utf8(data: bytes, field: int, path: Any) -> None:
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


def _columns_from_dict(data: Mapping, what: str, plain: set, value_of) -> tuple:
    """Flat columns from ``{query: {element: value}}``: query codes and names, the element
    id of each entry, its value (checked by ``value_of`` unless every value's type is in
    ``plain``)."""
    if not isinstance(data, Mapping):
        raise TypeError(f"{what} must be a dict of dicts, a pandas DataFrame or a file path, "
                        f"got {type(data).__name__}")
    query_names, lengths, docs, values = [], [], [], []
    for query, entries in data.items():
        query = _name(query, "query")
        if not isinstance(entries, Mapping):
            raise TypeError(f"{what}[{quoted(query)}] must be a dict {{element id: value}}, "
                            f"got {type(entries).__name__}")
        query_names.append(query)
        lengths.append(len(entries))
        docs.extend(entries)
        values.extend(entries.values())
    if len(set(query_names)) != len(query_names):
        raise ValueError(f"{what}: a query id appears twice once converted to str")
    query_codes = np.repeat(np.arange(len(query_names), dtype=np.int64), lengths)
    if not set(map(type, docs)) <= {str}:
        docs = [doc if isinstance(doc, str) else _name(doc, "element") for doc in docs]
    if not set(map(type, values)) <= plain:  # check each value, naming the first bad one
        values = [value_of(value, query_names[code], doc)
                  for code, doc, value in zip(query_codes.tolist(), docs, values)]
    return query_codes, query_names, docs, values


def _factorize(column, what: str) -> tuple[np.ndarray, list[str]]:
    import pandas as pd

    if column.isna().any():
        raise ValueError(f"the {what} column holds missing values")
    codes, uniques = pd.factorize(column, sort=False)
    return codes.astype(np.int64), [_name(u, what) for u in uniques.tolist()]


class _Table:
    """Flat per-query table: ``queries`` sorted, entries of query j at
    ``[offsets[j], offsets[j+1])``, element ids ``_ids`` coded by ``_docs``, and their
    hashes ``_hash``."""

    _value_name = "value"

    def __init__(self, data: Any, *, name: str | None = None) -> None:
        if isinstance(data, (str, os.PathLike)):
            built = type(self).from_trec(data, name=name)
        elif _is_dataframe(data):
            built = type(self).from_pandas(data, name=name)
        else:
            query_codes, query_names, docs, values = self._dict_columns(data)
            # ({1: ..., "1": ...} holds one element twice once ids are strings)
            built = type(self)._from_columns(query_codes, query_names, np.arange(len(docs)),
                                             _Ids.from_strings(docs, "element"), values,
                                             check_duplicates=True, name=name)
        self.__dict__.update(built.__dict__)

    # subclasses: _dict_columns, _values, _order

    @classmethod
    def from_pandas(cls, frame: Any, *, query: str = "query", element: str = "element",
                    value: str | None = None, name: str | None = None):
        """Build from a DataFrame with a query, an element and a score/relevance column."""
        value = value or cls._value_name
        for column in (query, element, value):
            if column not in frame.columns:
                raise ValueError(f"column {quoted(column)} not in the DataFrame "
                                 f"(columns: {list(frame.columns)})")
        query_codes, query_names = _factorize(frame[query], "query")
        doc_codes, doc_names = _factorize(frame[element], "element")
        raw = frame[value].to_numpy()
        return cls._from_columns(query_codes, query_names, doc_codes,
                                 _Ids.from_strings(doc_names, "element"),
                                 cls._values(raw, value), check_duplicates=True, name=name)

    @classmethod
    def from_trec(cls, path: str | os.PathLike, *, name: str | None = None):
        """Read a TREC file (run: ``qid Q0 docid rank score tag``; qrels: ``qid 0 docid rel``)."""
        what = cls.__name__.lower()
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"the {what} file must be a path, got {type(path).__name__}")
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            raise ValueError(f"cannot read the {what} file {quoted(os.fspath(path))}: "
                             f"{exc.strerror or exc}") from None
        n_fields, value_field, integer = cls._trec_layout
        parsed = _backend.kernels.parse_trec(np.frombuffer(data, dtype=np.uint8), n_fields,
                                             value_field, integer)
        (query_codes, query_pool, query_offsets, doc_pool, doc_offsets, doc_hashes, values,
         bad_line) = parsed
        if bad_line:
            line = data.split(b"\n")[bad_line - 1].decode("utf-8", "replace")[:80]
            raise ValueError(f"{os.fspath(path)}, line {bad_line}: expected {n_fields} fields "
                             f"({cls._trec_text}) with a readable "
                             f"{'integer' if integer else 'number'} in field {value_field + 1}, "
                             f"got {quoted(line)}")
        for pool, field in ((query_pool, 0), (doc_pool, 2)):
            if not pool.tobytes().isascii():
                _check_utf8(data, field, path)
        values = cls._values(values, "file value")
        if name is None and cls is Run:
            name = os.path.basename(os.fspath(path))
        # one id per line (not interned: reading stays one sequential pass); they are not
        # empty and hold no white space, as the fields were split on it
        ids = _Ids(doc_pool, doc_offsets, doc_hashes)
        return cls._from_columns(query_codes, _decode(query_pool, query_offsets),
                                 np.arange(len(values)), ids, values, check_duplicates=True,
                                 name=name)

    @classmethod
    def _from_columns(cls, query_codes, query_names, doc_codes, ids: _Ids, values, *,
                      check_duplicates: bool, name: str | None):
        _check_names(query_names, "query")
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
        self._query_ids = _Ids.from_strings(self.queries.tolist(), "query")  # for _aligned
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
        values = (self.relevance if isinstance(self, Qrels) else self.scores).tolist()
        return {q: dict(zip(names[a:b], values[a:b]))
                for q, a, b in zip(self.queries.tolist(), self.offsets[:-1].tolist(),
                                   self.offsets[1:].tolist())}

    def _positions(self, queries: np.ndarray) -> np.ndarray:
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
    UTF-8 bytes.

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
    def _dict_columns(data):
        def value_of(v, query, doc):
            if isinstance(v, (numbers.Integral, np.integer)) and not isinstance(v, (bool, np.bool_)):
                return int(v)
            raise TypeError(f"relevance of {quoted(doc)} in query {quoted(query)} must be an integer, got "
                            f"{type(v).__name__} {quoted(v)}")

        q, qn, docs, values = _columns_from_dict(data, "qrels", {int}, value_of)
        try:
            return q, qn, docs, np.array(values, dtype=np.int64)
        except OverflowError:
            raise ValueError("qrels: a relevance does not fit in 64 bits") from None

    @staticmethod
    def _values(raw, what):
        raw = np.asarray(raw)
        if raw.dtype.kind in "iu":
            return raw.astype(np.int64)
        if raw.dtype.kind == "f" and np.isfinite(raw).all() and (raw == np.round(raw)).all() \
                and (np.abs(raw) < 2**53).all():
            return raw.astype(np.int64)
        raise ValueError(f"relevance ({what}) must hold integers below 2**53 in magnitude, "
                         f"got dtype {raw.dtype}")

    @staticmethod
    def _order(query, docs, values, ids):
        # hashes ascending within each query (evaluate's join searches them)
        return np.lexsort((ids.hashes[docs], query))

    def _set_values(self, values):
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
    descending (byte order of the UTF-8 ids). Scores are real numbers (NaN is an error).

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
    def _dict_columns(data):
        def value_of(v, query, doc):
            if isinstance(v, (numbers.Real, np.number)) and not isinstance(v, (bool, np.bool_)):
                return v
            raise TypeError(f"score of {quoted(doc)} in query {quoted(query)} must be a real number, got "
                            f"{type(v).__name__} {quoted(v)}")

        q, qn, docs, values = _columns_from_dict(data, "run", {float, int}, value_of)
        return q, qn, docs, Run._values(np.array(values, dtype=np.float64), "score")

    @staticmethod
    def _values(raw, what):
        raw = np.asarray(raw)
        if raw.dtype.kind not in "iuf" or raw.dtype == np.bool_:
            raise TypeError(f"scores ({what}) must be real numbers, got dtype {raw.dtype}")
        raw = raw.astype(np.float64)
        if np.isnan(raw).any():
            raise ValueError(f"scores ({what}) hold NaN")
        return raw

    @staticmethod
    def _order(query, docs, scores, ids):
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
                order = _ranges(starts[by_query], lengths[by_query])
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
        text = np.array(ids.decode(docs[order[at]]), dtype=str)
        within = np.lexsort((text, -group))[::-1]  # group ascending, id descending
        order = order.copy()
        order[at] = order[at[within]]
        return order

    def _set_values(self, values):
        self.scores = values
        self.scores.flags.writeable = False
        self._views = {}

    def _arrays(self, score_precision: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(hashes, scores, element codes) in ranking order when scores are compared at
        ``score_precision``: float32 (trec_eval 9, pytrec_eval) merges scores that round
        to one float32 into ties, ordered by element id descending."""
        if score_precision == "float64":
            return self._hash, self.scores, self._docs
        if score_precision not in self._views:
            query = np.repeat(np.arange(len(self.queries)), np.diff(self.offsets))
            rounded = self.scores.astype(np.float32).astype(np.float64)
            order = self._order(query, self._docs, rounded, self._ids)
            self._views[score_precision] = (self._hash[order], rounded[order], self._docs[order])
        return self._views[score_precision]


# --------------------------------------------------------------------------------------
# evaluation


def _as_qrels(x: Any) -> Qrels:
    return x if isinstance(x, Qrels) else Qrels(x)


def _as_run(x: Any) -> Run:
    return x if isinstance(x, Run) else Run(x)


class _Judged:
    """A run joined with qrels over the evaluated queries: ``rel`` per retrieved element in
    ranking order (-1 where not judged), query offsets, and the qrels rows of each query."""

    def __init__(self, qrels: Qrels, run: Run, q_at: np.ndarray, ties: str,
                 score_precision: str) -> None:
        kernels = _backend.kernels
        run_hash, run_scores, run_docs = run._arrays(score_precision)
        self.queries = qrels.queries[q_at]
        r_at = run._aligned(qrels)[q_at]
        in_run = r_at >= 0
        self.qrels_starts = qrels.offsets[q_at]
        self.qrels_stops = qrels.offsets[q_at + 1]
        run_starts = np.where(in_run, run.offsets[r_at], 0)
        run_stops = np.where(in_run, run.offsets[r_at + 1], 0)
        lengths = run_stops - run_starts
        self.offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        # ids meet through their hash, then are compared byte for byte
        self.rel, collision = kernels.ir_join(
            run_starts, run_stops, run_hash, run_docs, run._ids.pool, run._ids.offsets,
            self.qrels_starts, self.qrels_stops, qrels._hash, qrels._docs, qrels._ids.pool,
            qrels._ids.offsets, qrels.relevance, self.offsets)
        if collision or qrels._collision:  # two distinct ids with one hash: join by name
            match = _join_by_name(qrels, run, run_docs[_ranges(run_starts, lengths)], self)
            self.rel = np.where(match >= 0, qrels.relevance[np.maximum(match, 0)], -1)
        if ties != "trec":
            self._bound_ties(run_scores[_ranges(run_starts, lengths)], ties)

    def _bound_ties(self, scores: np.ndarray, ties: str) -> None:
        """Reorder equal scores: relevant (higher relevance) first or last."""
        if len(scores) < 2:
            return
        query = np.repeat(np.arange(len(self.offsets) - 1), np.diff(self.offsets))
        new = np.concatenate([[True], (scores[1:] != scores[:-1]) | (query[1:] != query[:-1])])
        group = np.cumsum(new)
        key = -self.rel if ties == "optimistic" else self.rel
        self.rel = self.rel[np.lexsort((key, group))]


def _ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Concatenated ``arange(start, start + length)`` of each pair."""
    total = int(lengths.sum())
    first = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    return np.arange(total, dtype=np.int64) + np.repeat(starts - first, lengths)


def _join_by_name(qrels: Qrels, run: Run, docs: np.ndarray, judged: _Judged) -> np.ndarray:
    """The exact join (used only when two distinct ids share a hash)."""
    match = np.full(len(docs), -1, dtype=np.int64)
    run_names = run._ids.decode(docs)
    for j in range(len(judged.queries)):
        a, b = int(judged.qrels_starts[j]), int(judged.qrels_stops[j])
        index = dict(zip(qrels._ids.decode(qrels._docs[a:b]), range(a, b)))
        for at in range(int(judged.offsets[j]), int(judged.offsets[j + 1])):
            match[at] = index.get(run_names[at], -1)
    return match


def _per_query(judged: _Judged, qrels: Qrels, kind: str, k: int | None, *, level: int,
               m: float, exponential: bool, counts: dict) -> np.ndarray:
    """One metric for every evaluated query (float64)."""
    kernels = _backend.kernels
    offsets, rel = judged.offsets, judged.rel
    n = len(offsets) - 1
    num_rel = counts["num_rel"]
    lengths = np.diff(offsets)
    cut = lengths if k is None else np.full(n, k, dtype=np.int64)
    with np.errstate(divide="ignore", invalid="ignore"):
        if kind == "num_ret":
            return lengths.astype(np.float64)
        if kind == "num_rel":
            return num_rel.astype(np.float64)
        if kind in ("precision", "recall", "hit_rate", "num_rel_ret"):
            found = kernels.ir_relevant_in_top(offsets, rel, level, cut)
            if kind == "precision":
                return found / float(k)
            if kind == "recall":
                return np.where(num_rel > 0, found / num_rel, 0.0)
            return (found > 0).astype(np.float64) if kind == "hit_rate" else found.astype(float)
        if kind == "r_precision":
            found = kernels.ir_relevant_in_top(offsets, rel, level, num_rel)
            return np.where(num_rel > 0, found / num_rel, 0.0)
        if kind == "map":
            total = kernels.ir_precision_sum(offsets, rel, level, cut)
            return np.where(num_rel > 0, total / num_rel, 0.0)
        if kind == "mrr":
            first = kernels.ir_first_relevant(offsets, rel, level, cut)
            return np.where(first > 0, 1.0 / first, 0.0)
        if kind == "ndcg":
            ideal_offsets = np.concatenate([[0], np.cumsum(judged.qrels_stops
                                                           - judged.qrels_starts)])
            ideal_rel = qrels._ideal[_ranges(judged.qrels_starts,
                                             judged.qrels_stops - judged.qrels_starts)]
            ideal_cut = np.diff(ideal_offsets) if k is None else cut
            depth = max(int(lengths.max(initial=0)), int(np.diff(ideal_offsets).max(initial=0)))
            log2_rank = np.log2(np.arange(2, depth + 2, dtype=np.float64))
            dcg = kernels.ir_dcg(offsets, rel, cut, log2_rank, exponential)
            ideal = kernels.ir_dcg(ideal_offsets.astype(np.int64), ideal_rel, ideal_cut,
                                   log2_rank, exponential)
            return np.where(ideal > 0, dcg / ideal, 0.0)
        if kind == "bpref":
            total = kernels.ir_bpref(offsets, rel, level, num_rel, counts["num_nonrel"])
            return np.where(num_rel > 0, total / num_rel, 0.0)
        # s and p of each query's ranking, the list being its relevant elements
        kk, p, soma = kernels.ir_ranking_columns(offsets, rel, level)
        complete = (kk == num_rel) & (num_rel > 0)
        if kind == "p":
            return np.where(complete, p, np.nan).astype(np.float64)
        s = kernels.score_columns(kk, np.maximum(p, 1), soma, m)
        return np.where(complete, s, np.nan)


def _judge(qrels: Qrels, run: Run, ties: str, missing_queries: str, q_at=None,
           score_precision: str = "float64") -> _Judged:
    """Join over ``qrels.queries[q_at]``; by default every judged query (``"zero"``) or
    those also in the run (``"skip"``)."""
    if q_at is None:
        q_at = np.arange(len(qrels.queries))
        if missing_queries == "skip":
            q_at = q_at[run._aligned(qrels) >= 0]
    return _Judged(qrels, run, q_at, ties, score_precision)


def _scores_of(qrels: Qrels, judged: _Judged, metrics: Sequence[str], *, level: int, m: float,
               exponential: bool, empty_queries: str) -> dict[str, np.ndarray]:
    kernels = _backend.kernels
    q_offsets = np.concatenate([[0], np.cumsum(judged.qrels_stops - judged.qrels_starts)])
    q_rel = qrels.relevance[_ranges(judged.qrels_starts, judged.qrels_stops
                                    - judged.qrels_starts)]
    every = np.diff(q_offsets).astype(np.int64)
    q_offsets = q_offsets.astype(np.int64)
    num_rel = kernels.ir_relevant_in_top(q_offsets, q_rel, level, every)
    judged_count = kernels.ir_relevant_in_top(q_offsets, q_rel, 0, every)
    counts = {"num_rel": num_rel, "num_nonrel": judged_count - num_rel}
    out = {}
    for name in metrics:
        kind, k = _parse_metric(name)
        values = _per_query(judged, qrels, kind, k, level=level, m=m, exponential=exponential,
                            counts=counts)
        if empty_queries == "skip" and kind not in ("num_ret", "num_rel", "num_rel_ret"):
            values = np.where(num_rel > 0, values, np.nan)
        out[name] = values
    return out


def _mean(values: np.ndarray) -> float:
    defined = values[~np.isnan(values)]
    return float(defined.sum() / len(defined)) if len(defined) else math.nan


def _check_options(metrics, ties, empty_queries, missing_queries, ndcg_gain, relevance_level, m):
    single = isinstance(metrics, str)
    names = [metrics] if single else list(metrics)
    if not names:
        raise ValueError("metrics is empty; give at least one, e.g. 'ndcg@10'")
    for name in names:
        _parse_metric(name)
    check_choice(ties, "ties", ("trec", "optimistic", "pessimistic"))
    check_choice(empty_queries, "empty_queries", ("zero", "skip"))
    check_choice(missing_queries, "missing_queries", ("skip", "zero"))
    check_choice(ndcg_gain, "ndcg_gain", ("linear", "exponential"))
    if isinstance(relevance_level, (bool, np.bool_)) or not isinstance(
            relevance_level, (numbers.Integral, np.integer)) or relevance_level < 1:
        raise ValueError(f"relevance_level must be an integer >= 1, got {quoted(relevance_level)}")
    return single, names, float_m(m), min(int(relevance_level), 2**63 - 1)


def evaluate(qrels: Qrels | Mapping | Any, run: Run | Mapping | Any,
             metrics: str | Sequence[str] = ("map", "ndcg@10", "precision@10"), *,
             m: Any = 10, ties: str = "trec", relevance_level: int = 1,
             ndcg_gain: str = "linear", empty_queries: str = "zero",
             missing_queries: str = "skip", score_precision: str = "float64",
             per_query: bool = False) -> Any:
    """IR metrics of a run against relevance judgements, per query or their mean.

    Parameters
    ----------
    qrels : Qrels, dict, DataFrame or path
        Relevance judgements (anything :class:`Qrels` accepts).
    run : Run, dict, DataFrame or path
        The ranker's output (anything :class:`Run` accepts).
    metrics : str or sequence of str
        Names from ``IR_METRICS``: ``precision@k`` (``P@k``), ``recall@k``, ``r_precision``,
        ``map`` / ``map@k``, ``mrr`` / ``mrr@k``, ``ndcg`` / ``ndcg@k``, ``hit_rate@k``,
        ``bpref``, ``s`` and ``p`` (the score s(r) and length p of each query's ranking),
        ``num_ret``, ``num_rel``, ``num_rel_ret``. Results are keyed by the names as given.
    m : number, default 10
        Parameter ``m > 2`` of s(r).
    ties : {"trec", "optimistic", "pessimistic"}, default "trec"
        Order of equal scores: ``trec_eval``'s (element id descending), or relevant elements
        (higher relevance) first / last, bounding every metric (:ref:`def-ranking-from-scores`).
    relevance_level : int, default 1
        Judged relevance from which an element counts as relevant (``trec_eval -l``).
    ndcg_gain : {"linear", "exponential"}, default "linear"
        nDCG gain of relevance ``r > 0``: ``r`` (``trec_eval``) or ``2**r - 1``.
    empty_queries : {"zero", "skip"}, default "zero"
        Queries with no relevant element: every metric 0 and counted in the mean
        (``trec_eval``), or NaN and left out of the mean.
    missing_queries : {"skip", "zero"}, default "skip"
        Queries judged but absent from the run: left out (``trec_eval``), or scored as an
        empty ranking (``trec_eval -c``). Run queries without judgements are always ignored.
    score_precision : {"float64", "float32"}, default "float64"
        Precision at which scores are compared: float64 as ``trec_eval`` 10 and ranx, or
        float32 as ``trec_eval`` 9.x and ``pytrec_eval`` (scores that round to the same
        float32 tie, and go by element id descending).
    per_query : bool, default False
        Return per-query values instead of means.

    Returns
    -------
    float, dict or dict of arrays
        The mean over the evaluated queries: a float for one metric name, a dict
        ``{metric: mean}`` for a sequence. With ``per_query=True``: a dict holding
        ``"query"`` (the query ids, sorted) and ``{metric: float64 array}``.

    Raises
    ------
    ValueError
        An unknown metric or option, or no query both judged and in the run.

    See Also
    --------
    compare_runs : paired tests between runs.
    Ranking.from_scores : one ranking from scores (its s and p are the ``s`` and ``p`` here).

    Notes
    -----
    With ``rel`` the judged relevance at rank ``i`` (1-based), relevant meaning
    ``rel >= relevance_level`` and ``R`` the number of relevant judged elements:
    ``precision@k = #rel in top k / k``; ``recall@k = #rel in top k / R``;
    ``r_precision = #rel in top R / R``; ``AP = sum over relevant ranks i of
    (#rel in top i / i) / R`` (``map@k``: ranks ``i <= k``); ``mrr = 1 / first relevant
    rank``; ``nDCG@k = sum_{i<=k} g(rel_i) / log2(i + 1)`` over the same sum of the judged
    relevances sorted descending (``g(r) = r`` or ``2**r - 1``, for ``r > 0``);
    ``hit_rate@k = 1`` if a relevant element is in the top k; ``bpref = (1/R) sum over
    relevant retrieved r of 1 - min(N_r, R) / min(N, R)`` with ``N_r`` judged non-relevant
    elements above r and ``N`` all judged non-relevant ones. Empty denominators give 0.

    ``s`` and ``p``: the query's list is its relevant elements; the ranking is the run's
    order cut after its last relevant element, exactly as :class:`Ranking`:
    ``s = k/p + (2/m) soma / (p (p - 1))``. When the run misses a relevant element the
    ranking is undefined (:ref:`def-ranking`): ``s`` and ``p`` are NaN for that query, and their
    means are over the queries where they are defined (NaN if none).

    Run elements are matched to judgements through a 64-bit hash of their ids (UTF-8
    bytes), and every matched pair of ids is then compared byte for byte (if two distinct
    ids share a hash, the join goes by name instead), in one compiled pass.

    Examples
    --------
    >>> qrels = {"q1": {"a": 1, "b": 0, "c": 2}, "q2": {"x": 1}}
    >>> run = {"q1": {"a": 0.9, "b": 0.8, "c": 0.7, "d": 0.1}, "q2": {"y": 0.5, "x": 0.4}}
    >>> evaluate(qrels, run, "map")
    0.6666666666666666
    >>> evaluate(qrels, run, ["P@2", "mrr", "s"])
    {'P@2': 0.5, 'mrr': 0.75, 's': 0.6666666666666666}
    >>> evaluate(qrels, run, "ndcg@3", per_query=True)["ndcg@3"].round(4)
    array([0.7602, 0.6309])
    """
    single, names, m_float, level = _check_options(metrics, ties, empty_queries,
                                                   missing_queries, ndcg_gain, relevance_level, m)
    qrels, run = _as_qrels(qrels), _as_run(run)
    check_choice(score_precision, "score_precision", ("float64", "float32"))
    judged = _judge(qrels, run, ties, missing_queries, score_precision=score_precision)
    if len(judged.queries) == 0:
        raise ValueError("no query is both in the qrels and in the run")
    values = _scores_of(qrels, judged, names, level=level, m=m_float,
                        exponential=ndcg_gain == "exponential", empty_queries=empty_queries)
    if per_query:
        return {"query": judged.queries.copy(), **values}
    means = {name: _mean(v) for name, v in values.items()}
    return means[names[0]] if single else means


# --------------------------------------------------------------------------------------
# comparing runs


def _t_test(diff: np.ndarray) -> float:
    """Two-sided p-value of the paired t-test: t = mean(d) / (sd(d) / sqrt(n)), n - 1 df."""
    n = len(diff)
    if n < 2:
        return math.nan
    mean = float(diff.mean())
    sd = float(diff.std(ddof=1))
    if sd == 0.0:
        return 1.0 if mean == 0.0 else 0.0
    t = mean / (sd / math.sqrt(n))
    df = n - 1
    return min(1.0, _t_two_sided_p(t, df))


def _randomization_test(diff: np.ndarray, n_resamples: int, rng: np.random.Generator) -> float:
    """Fisher's paired randomization test: signs of the differences flipped at random;
    p = (1 + #{|mean| >= |observed mean|}) / (1 + n_resamples)."""
    observed = abs(diff.sum())
    hits, chunk = 0, max(1, 2**22 // max(len(diff), 1))
    for start in range(0, n_resamples, chunk):
        size = min(chunk, n_resamples - start)
        signs = rng.integers(0, 2, size=(size, len(diff))) * 2 - 1
        hits += int((np.abs(signs @ diff) >= observed * (1 - 1e-12)).sum())
    return (1 + hits) / (1 + n_resamples)


def _bootstrap_test(diff: np.ndarray, n_resamples: int, rng: np.random.Generator) -> float:
    """Paired bootstrap (shift method): queries resampled with replacement;
    p = (1 + #{|mean* - mean| >= |mean|}) / (1 + n_resamples)."""
    n = len(diff)
    observed = diff.mean()
    hits, chunk = 0, max(1, 2**22 // max(n, 1))
    for start in range(0, n_resamples, chunk):
        size = min(chunk, n_resamples - start)
        means = diff[rng.integers(0, n, size=(size, n))].mean(axis=1)
        hits += int((np.abs(means - observed) >= abs(observed) * (1 - 1e-12)).sum())
    return (1 + hits) / (1 + n_resamples)


def _adjust(p_values: Sequence[float], correction: str) -> list[float]:
    """Holm (step-down) or Bonferroni adjusted p-values, capped at 1."""
    p = np.asarray(p_values, dtype=np.float64)
    n = len(p)
    if correction == "none" or n == 0:
        return p.tolist()
    if correction == "bonferroni":
        return np.minimum(p * n, 1.0).tolist()
    return holm_adjust(p, nan_policy="omit").tolist()


_TESTS = {"t-test": "t-test", "t": "t-test", "randomization": "randomization",
          "permutation": "randomization", "fisher": "randomization", "bootstrap": "bootstrap"}


class Comparison:
    """Paired tests between runs, as one table (returned by :func:`compare_runs`).

    Attributes
    ----------
    means : dict
        ``{run name: {metric: mean}}`` over the compared queries.
    rows : list of dict
        One row per (metric, pair of runs, test): ``metric``, ``run_a``, ``run_b``,
        ``mean_a``, ``mean_b``, ``difference`` (a - b), ``test``, ``p_value``,
        ``p_adjusted``, ``significant`` (``p_adjusted < alpha``).
    queries : numpy.ndarray
        The compared query ids.

    Examples
    --------
    >>> from rankscore.ir import compare_runs
    >>> qrels = {"q1": {"a": 1, "b": 1}, "q2": {"c": 1}, "q3": {"d": 1}}
    >>> run_a = {"q1": {"a": 0.9, "b": 0.8}, "q2": {"c": 0.9}, "q3": {"x": 0.9, "d": 0.1}}
    >>> run_b = {"q1": {"x": 0.9, "a": 0.1}, "q2": {"y": 0.9, "c": 0.1}, "q3": {"d": 0.9}}
    >>> table = compare_runs(qrels, {"a": run_a, "b": run_b}, ["map"], n_resamples=100)
    >>> len(table.rows) > 0
    True
    """

    def __init__(self, means, rows, queries, alpha, correction):
        self.means, self.rows, self.queries = means, rows, queries
        self.alpha, self.correction = alpha, correction

    def to_pandas(self):
        """The rows as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows)

    def to_dict(self) -> dict:
        """Plain data (for JSON)."""
        return {"queries": len(self.queries), "alpha": self.alpha,
                "correction": self.correction, "means": self.means, "tests": self.rows}

    def __str__(self) -> str:
        header = ["metric", "run_a", "run_b", "mean_a", "mean_b", "a - b", "test", "p",
                  f"p ({self.correction})"]
        lines = [[r["metric"], r["run_a"], r["run_b"], f"{r['mean_a']:.4f}", f"{r['mean_b']:.4f}",
                  f"{r['difference']:+.4f}", r["test"], f"{r['p_value']:.4g}",
                  f"{r['p_adjusted']:.4g}" + (" *" if r["significant"] else "")]
                 for r in self.rows]
        return _text_table(header, lines) + f"\n* p ({self.correction}) < {self.alpha}"

    def __repr__(self) -> str:
        return f"<Comparison: {len(self.means)} runs, {len(self.rows)} tests>"


def _text_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(c)) for c in column) for column in zip(header, *rows)]
    return "\n".join("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip()
                     for row in [header, *rows])


def compare_runs(qrels: Qrels | Mapping | Any, runs: Mapping[str, Any] | Sequence[Any],
                 metrics: str | Sequence[str] = ("map", "ndcg@10", "precision@10"), *,
                 tests: str | Sequence[str] = ("t-test", "randomization", "bootstrap"),
                 correction: str = "holm", alpha: float = 0.05, n_resamples: int = 10000,
                 random_state: int | None = 0, **options: Any) -> Comparison:
    """Paired significance tests between two or more runs, per metric, as one table.

    Parameters
    ----------
    qrels : Qrels, dict, DataFrame or path
        Relevance judgements.
    runs : dict {name: run} or sequence of runs
        Two or more runs (anything :class:`Run` accepts); a sequence is named by each
        run's ``name`` (or ``run1``, ``run2``, …).
    metrics : str or sequence of str
        As in :func:`evaluate` (``s`` and ``p`` are compared over the queries where every
        run defines them).
    tests : str or sequence of str
        ``"t-test"`` (paired Student t), ``"randomization"`` (Fisher's sign-flip
        permutation test), ``"bootstrap"`` (paired bootstrap, shift method).
    correction : {"holm", "bonferroni", "none"}, default "holm"
        Multiple-comparison correction over the pairs of runs, per metric and test.
    alpha : float, default 0.05
        Level of the ``significant`` column.
    n_resamples : int, default 10000
        Resamples of the randomization and bootstrap tests.
    random_state : int or None, default 0
        Seed of the resampling (the same seed gives the same p-values).
    **options
        ``m``, ``ties``, ``relevance_level``, ``ndcg_gain``, ``empty_queries``,
        ``score_precision`` of :func:`evaluate`.

    Returns
    -------
    Comparison
        ``str(result)`` is the table; ``result.rows``, ``result.to_pandas()``.

    See Also
    --------
    evaluate : the per-query metrics compared here.

    Notes
    -----
    Queries: every judged query that appears in at least one run; a run without a query
    scores it as an empty ranking (``trec_eval -c``), so all runs are paired on the same
    queries. Every pair of runs (a before b in the given order) is tested on the per-query
    differences ``d = a - b`` (first minus second, as ``delong_test`` and
    ``scipy.stats.ttest_rel(a, b)``; the p-values do not depend on the sign). t-test: ``t = mean(d) / (sd(d) / sqrt(n))`` with ``n - 1``
    degrees of freedom, two-sided ``p = I_{df/(df+t^2)}(df/2, 1/2)`` (regularized incomplete
    beta; ``p = 1`` when every difference is 0). Randomization: ``p = (1 + #{|sum(±d)| >=
    |sum(d)|}) / (1 + n_resamples)``. Bootstrap: ``p = (1 + #{|mean(d*) - mean(d)| >=
    |mean(d)|}) / (1 + n_resamples)``. Holm multiplies the i-th smallest of ``h`` p-values by
    ``h - i + 1`` and keeps them non-decreasing.

    Examples
    --------
    >>> qrels = {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"c": 1}}
    >>> good = {"q1": {"a": 2, "z": 1}, "q2": {"b": 2, "z": 1}, "q3": {"c": 2, "z": 1}}
    >>> bad = {"q1": {"a": 1, "z": 2}, "q2": {"b": 1, "z": 2}, "q3": {"c": 1, "z": 2}}
    >>> table = compare_runs(qrels, {"bad": bad, "good": good}, "mrr", tests="t-test")
    >>> table.rows[0]["difference"], table.rows[0]["p_value"]   # bad - good
    (-0.5, 0.0)
    """
    if isinstance(runs, Mapping):
        named = {str(k): _as_run(v) for k, v in runs.items()}
    elif isinstance(runs, (list, tuple)):
        named = {}
        for i, r in enumerate(runs):
            r = _as_run(r)
            key = r.name or f"run{i + 1}"
            if key in named:
                key = f"run{i + 1}"
            named[key] = r
    else:
        raise TypeError(f"runs must be a dict {{name: run}} or a list of runs, got "
                        f"{type(runs).__name__}")
    if len(named) < 2:
        raise ValueError(f"compare_runs needs at least two runs, got {len(named)}")
    test_names = [tests] if isinstance(tests, str) else tests
    if not isinstance(test_names, (list, tuple)) or not all(isinstance(t, str)
                                                             for t in test_names):
        raise TypeError(f"tests must be a name or a list of names from "
                        f"{', '.join(map(repr, _TESTS))}, got {quoted(tests)}")
    if not test_names:
        raise ValueError("tests is empty")
    test_names = [_TESTS.get(t) or check_choice(t, "tests", tuple(_TESTS)) for t in test_names]
    check_choice(correction, "correction", ("holm", "bonferroni", "none"))
    if not isinstance(alpha, numbers.Real) or not 0 < alpha < 1:
        raise ValueError(f"alpha must be a number in (0, 1), got {quoted(alpha)}")
    if isinstance(n_resamples, (bool, np.bool_)) or not isinstance(
            n_resamples, (numbers.Integral, np.integer)) or not 1 <= n_resamples <= 10**8:
        raise ValueError(f"n_resamples must be an integer in [1, 10**8], got "
                         f"{quoted(n_resamples)}")
    unknown = set(options) - {"m", "ties", "relevance_level", "ndcg_gain", "empty_queries",
                              "score_precision"}
    if unknown:
        raise TypeError(f"compare_runs got unexpected options {sorted(unknown)}")
    single, names, m_float, level = _check_options(
        metrics, options.get("ties", "trec"), options.get("empty_queries", "zero"), "zero",
        options.get("ndcg_gain", "linear"), options.get("relevance_level", 1),
        options.get("m", 10))
    qrels = _as_qrels(qrels)
    seen = np.zeros(len(qrels.queries), dtype=bool)
    for r in named.values():
        seen |= r._aligned(qrels) >= 0
    queries = qrels.queries[seen]
    if len(queries) == 0:
        raise ValueError("no judged query appears in any of the runs")
    scores = {}
    for key, r in named.items():
        judged = _judge(qrels, r, options.get("ties", "trec"), "zero", np.flatnonzero(seen),
                        check_choice(options.get("score_precision", "float64"), "score_precision",
                                ("float64", "float32")))
        scores[key] = _scores_of(qrels, judged, names, level=level,
                                 m=m_float, exponential=options.get("ndcg_gain") == "exponential",
                                 empty_queries=options.get("empty_queries", "zero"))
    keys = list(named)
    pairs = [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]]
    rows = []
    for metric in names:
        for test in test_names:
            block = []
            for a, b in pairs:
                x, y = scores[a][metric], scores[b][metric]
                both = ~(np.isnan(x) | np.isnan(y))
                diff = x[both] - y[both]  # a - b, the sign of every two-model difference
                rng = np.random.default_rng(random_state)
                if test == "t-test":
                    p = _t_test(diff)
                elif test == "randomization":
                    p = _randomization_test(diff, int(n_resamples), rng)
                else:
                    p = _bootstrap_test(diff, int(n_resamples), rng)
                block.append({"metric": metric, "run_a": a, "run_b": b,
                              "mean_a": _mean(x[both]), "mean_b": _mean(y[both]),
                              "difference": _mean(diff), "test": test, "p_value": p})
            for row, adjusted in zip(block, _adjust([r["p_value"] for r in block], correction)):
                row["p_adjusted"] = adjusted
                row["significant"] = bool(adjusted < alpha)
            rows.extend(block)
    means = {key: {metric: _mean(scores[key][metric]) for metric in names} for key in keys}
    return Comparison(means, rows, queries, float(alpha), correction)
