"""Fallback kernels for IR metrics over many queries; mirrors rankscore/_kernels/ir.pyx.

Queries are flat: entries of query j are ``[offsets[j], offsets[j+1])``; ``rel`` holds the
judged relevance of each retrieved element in ranking order (-1 = not judged); ``cut[j]`` is
how many ranks of query j count. Per-query sums run rank by rank over all queries at once
(``_by_rank``), so each query's terms are added in the same order as the compiled loops.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._kernel_checks import indices_within, join_of, offsets_within, trec_fields
from .._kernel_names import KERNELS

__all__ = KERNELS["ir"]

# fields NumPy reads as C and Python do: ASCII digits and signs (and point and exponent for
# a float), fields separated by one space
_PLAIN = {True: re.compile(rb"[0-9+\- ]*"), False: re.compile(rb"[0-9+\-.eE ]*")}

_FNV_OFFSET = np.uint64(14695981039346656037)
_FNV_PRIME = np.uint64(1099511628211)


def _items(offsets: NDArray[np.int64], what: str) -> None:
    """The offsets of items: one more than the items."""
    if len(offsets) == 0:
        raise ValueError(f"{what} must have an entry per item and one more, got none")


def _offsets(offsets: NDArray[np.int64], n: int, what: str) -> None:
    """The offsets of items into an array of n entries: one more than the items, rising
    within it."""
    _items(offsets, what)
    offsets_within(offsets, n, what)


def _queries(offsets: NDArray[np.int64], rel: NDArray[np.int64],
             **per_query: NDArray[Any]) -> None:
    """What the compiled per-query loops trust: offsets rising within rel, the further
    arrays one per query."""
    _offsets(offsets, len(rel), "offsets")
    nq = len(offsets) - 1
    for what, array in per_query.items():
        if len(array) != nq:
            raise ValueError(f"{what} must have one entry per query, got {len(array)} for {nq} "
                             "queries")


def _ids(pool: NDArray[np.uint8], offsets: NDArray[np.int64]) -> list[bytes]:
    """The ids ``pool[offsets[i]:offsets[i + 1]]`` as bytes."""
    raw = np.asarray(pool, dtype=np.uint8).tobytes()
    bounds = np.asarray(offsets).tolist()
    return [raw[a:b] for a, b in zip(bounds[:-1], bounds[1:])]


def fnv1a_hashes(pool: NDArray[np.uint8], offsets: NDArray[np.int64]) -> NDArray[np.uint64]:
    """64-bit FNV-1a hash of each id ``pool[offsets[i]:offsets[i + 1]]`` (UTF-8 bytes), in
    time and memory linear in the pool: byte j of every id at least j + 1 long in one step
    while many are, the last few long ids byte by byte (one id of 4 MB among 1,000 used to
    take a table of 1,000 x 4 MB)."""
    _offsets(offsets, len(pool), "offsets")
    bounds = np.asarray(offsets, dtype=np.int64)
    starts, sizes = bounds[:-1], np.diff(bounds)
    data = np.asarray(pool, dtype=np.uint8)
    out = np.full(len(sizes), _FNV_OFFSET, dtype=np.uint64)
    alive, j = np.flatnonzero(sizes > 0), 0
    with np.errstate(over="ignore"):
        while len(alive) >= 32:  # h = (h xor byte) * prime, for the bytes an id has
            out[alive] = (out[alive] ^ data[starts[alive] + j].astype(np.uint64)) * _FNV_PRIME
            j += 1
            alive = alive[sizes[alive] > j]
    if len(alive):
        raw, prime, mask = data.tobytes(), int(_FNV_PRIME), (1 << 64) - 1
        for i in alive.tolist():
            h = int(out[i])
            for byte in raw[int(starts[i]) + j:int(starts[i] + sizes[i])]:
                h = ((h ^ byte) * prime) & mask
            out[i] = h
    return out


def gather_ids(
    pool: NDArray[np.uint8],
    offsets: NDArray[np.int64],
    codes: NDArray[np.int64],
) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """(pool, offsets) of the ids ``codes``: id i of the result is id ``codes[i]`` of the
    input."""
    _items(offsets, "offsets")
    indices_within(codes, len(offsets) - 1, "codes")
    bad = np.flatnonzero((offsets[codes] < 0) | (offsets[codes + 1] < offsets[codes])
                         | (offsets[codes + 1] > len(pool)))
    if len(bad):
        c = codes[bad[0]]
        raise ValueError(f"offsets of id {c} must rise within [0, {len(pool)}], got "
                         f"{offsets[c]} and {offsets[c + 1]}")
    starts = offsets[:-1][codes]
    lengths = offsets[1:][codes] - starts
    out = np.zeros(len(codes) + 1, dtype=np.int64)
    np.cumsum(lengths, out=out[1:])
    source = np.arange(int(out[-1]), dtype=np.int64) + np.repeat(starts - out[:-1], lengths)
    return pool[source], out


def _joined(tokens: list[bytes]) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """(pool, offsets): byte strings one after the other, token i at
    ``pool[offsets[i]:offsets[i + 1]]``."""
    pool = np.frombuffer(b"".join(tokens), dtype=np.uint8).copy()
    offsets = np.zeros(len(tokens) + 1, dtype=np.int64)
    np.cumsum([len(t) for t in tokens], out=offsets[1:])
    return pool, offsets


def _interned(
    tokens: list[bytes],
) -> tuple[NDArray[np.int64], NDArray[np.uint8], NDArray[np.int64]]:
    """(codes, pool, offsets): codes of byte strings into their distinct values, in order of
    first appearance, which are ``pool[offsets[i]:offsets[i + 1]]``."""
    if not tokens:
        return np.empty(0, dtype=np.int64), *_joined([])
    # np.unique of an object array compares the bytes themselves (no NUL stripping)
    values, first, inverse = np.unique(np.array(tokens, dtype=object), return_index=True,
                                       return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    return rank[inverse.reshape(-1)], *_joined(values[order].tolist())


def parse_trec(
    data: NDArray[np.uint8],
    n_fields: int,
    value_field: int,
    integer_values: bool,
    read_value: Callable[[bytes], float | None],
) -> tuple[
    NDArray[np.int64],
    NDArray[np.uint8],
    NDArray[np.int64],
    NDArray[np.uint8],
    NDArray[np.int64],
    NDArray[np.uint64],
    NDArray[np.float64],
    int,
]:
    """Parse a TREC run (6 fields, value 4) or qrels file (4 fields, value 3), one entry per
    non-blank line: (query codes, query pool, query offsets, element pool, element offsets,
    element hashes, values, bad line). The distinct query ids are coded in order of
    appearance; each entry has one element id, the UTF-8 bytes
    ``pool[offsets[i]:offsets[i + 1]]``, with its FNV-1a hash; bad line is the 1-based
    number of the first unreadable line, 0 if none. Values: a plain ASCII field is read as
    float() (int() with ``integer_values``) reads its bytes (here by NumPy, a column at a
    time; the compiled kernel by strtod/strtoll); any other field is ``read_value(field
    bytes)`` (None: not a number)."""
    trec_fields(n_fields, value_field)
    raw = bytes(data)
    byte = np.frombuffer(raw, dtype=np.uint8)
    space = np.isin(byte, np.frombuffer(b" \t\n\r\v\f", dtype=np.uint8))  # bytes.split()'s
    starts = np.flatnonzero(~space & np.concatenate([[True], space[:-1]]))  # a field begins
    newlines = np.flatnonzero(byte == 10)
    counts = np.bincount(np.searchsorted(newlines, starts), minlength=len(newlines) + 1)
    wrong = np.flatnonzero((counts != 0) & (counts != n_fields))
    tokens = raw.split()
    columns = [tokens[f::n_fields] for f in range(n_fields)]
    bad = int(wrong[0]) + 1 if len(wrong) else 0
    nonblank = np.flatnonzero(counts != 0)
    if bad:  # the lines before the first with a wrong number of fields line up
        nonblank = nonblank[nonblank < bad - 1]
    text = columns[value_field][:len(nonblank)]
    empty = np.empty(0, dtype=np.int64)
    values = None
    if _PLAIN[integer_values].fullmatch(b" ".join(text)):
        try:  # NumPy reads plain ASCII fields as float() / int() do
            if integer_values:
                values = np.array([int(t) for t in text], dtype=np.int64).astype(np.float64)
            else:
                values = (np.array(text, dtype=bytes).astype(np.float64) if text
                          else np.empty(0))
        except (ValueError, OverflowError):
            values = None
    if values is None:  # field by field; the first unreadable one names its line
        values = np.empty(len(text))
        for i, (index, t) in enumerate(zip(nonblank.tolist(), text)):
            value = read_value(t)
            if value is None:
                bad = index + 1
                break
            values[i] = value
    if bad:
        no_ids = (np.empty(0, dtype=np.uint8), np.zeros(1, dtype=np.int64))
        return (empty, *no_ids, *no_ids, np.empty(0, dtype=np.uint64), np.empty(0), bad)
    query_codes, query_pool, query_offsets = _interned(columns[0])
    doc_pool, doc_offsets = _joined(columns[2])
    return (query_codes, query_pool, query_offsets, doc_pool, doc_offsets,
            fnv1a_hashes(doc_pool, doc_offsets), values, 0)


def ir_first_duplicate(
    offsets: NDArray[np.int64],
    docs: NDArray[np.int64],
    pool: NDArray[np.uint8],
    pool_offsets: NDArray[np.int64],
    hashes: NDArray[np.uint64],
) -> int:
    """Index of the first entry whose element (id ``docs[i]``, bytes
    ``pool[pool_offsets[c]:pool_offsets[c + 1]]``) appeared before in the same query, -1 if
    none."""
    _offsets(offsets, len(docs), "offsets")
    _offsets(pool_offsets, len(pool), "pool_offsets")
    if len(pool_offsets) != len(hashes) + 1:
        raise ValueError(f"pool_offsets must have an entry per hash and one more, got "
                         f"{len(pool_offsets)} for {len(hashes)}")
    indices_within(docs, len(hashes), "docs")
    query = np.repeat(np.arange(len(offsets) - 1), np.diff(offsets))
    key = hashes[docs]
    order = np.lexsort((key, query))  # stable: entries of one hash in flat order
    same = (query[order][1:] == query[order][:-1]) & (key[order][1:] == key[order][:-1])
    candidates = np.unique(np.concatenate([order[1:][same], order[:-1][same]]))
    ids = _ids(pool, pool_offsets)
    seen: set[tuple[int, bytes]] = set()
    for i in candidates.tolist():  # flat order; equal hashes: compare the ids themselves
        if (query[i], ids[docs[i]]) in seen:
            return int(i)
        seen.add((query[i], ids[docs[i]]))
    return -1


def ir_join(
    run_starts: NDArray[np.int64],
    run_stops: NDArray[np.int64],
    run_hash: NDArray[np.uint64],
    run_docs: NDArray[np.int64],
    run_pool: NDArray[np.uint8],
    run_pool_offsets: NDArray[np.int64],
    qrels_starts: NDArray[np.int64],
    qrels_stops: NDArray[np.int64],
    qrels_hash: NDArray[np.uint64],
    qrels_docs: NDArray[np.int64],
    qrels_pool: NDArray[np.uint8],
    qrels_pool_offsets: NDArray[np.int64],
    relevance: NDArray[np.int64],
    out_offsets: NDArray[np.int64],
) -> tuple[NDArray[np.int64], bool]:
    """Judged relevance of each run entry of each evaluated query (-1 if not judged), laid
    out at ``out_offsets``, and whether two distinct ids met with one hash. The qrels entry
    is found by hash (ascending within a query), then the two ids are compared byte for
    byte."""
    join_of(run_starts, run_stops, run_hash, run_docs, qrels_starts, qrels_stops, qrels_hash,
            qrels_docs, relevance, out_offsets)
    rel = np.full(int(out_offsets[-1]), -1, dtype=np.int64)
    run_text, qrels_text = np.asarray(run_pool).tobytes(), np.asarray(qrels_pool).tobytes()
    collision = False
    for j in range(len(run_starts)):
        entries = np.arange(run_starts[j], run_stops[j])
        judged = qrels_hash[qrels_starts[j] : qrels_stops[j]]
        at = np.searchsorted(judged, run_hash[entries])  # the first entry with hash >= h
        inside = at < len(judged)
        found = np.zeros(len(entries), dtype=bool)
        found[inside] = judged[at[inside]] == run_hash[entries[inside]]
        match = qrels_starts[j] + at[found]
        a, b = run_docs[entries[found]], qrels_docs[match]
        same = np.array([run_text[run_pool_offsets[x]:run_pool_offsets[x + 1]]
                         == qrels_text[qrels_pool_offsets[y]:qrels_pool_offsets[y + 1]]
                         for x, y in zip(a.tolist(), b.tolist())], dtype=bool)
        collision = collision or not same.all()
        out = rel[out_offsets[j] : out_offsets[j] + len(entries)]
        out[np.flatnonzero(found)[same]] = relevance[match[same]]
    return rel, collision


def _by_rank(
    offsets: NDArray[np.int64], cut: NDArray[np.int64]
) -> Iterator[tuple[int, NDArray[np.intp], NDArray[np.int64]]]:
    """Yield (rank i from 0, query indices alive at i, their entry indices)."""
    starts = offsets[:-1]
    depth = np.minimum(offsets[1:] - starts, cut)
    queries = np.arange(len(starts))
    for i in range(int(depth.max()) if len(depth) else 0):
        queries = queries[depth[queries] > i]
        yield i, queries, starts[queries] + i


def _relevant_by_rank(
    offsets: NDArray[np.int64], rel: NDArray[np.int64], level: int, cut: NDArray[np.int64],
) -> Iterator[tuple[int, NDArray[np.intp]]]:
    """Yield (rank i from 0, the queries alive at i whose element there is relevant)."""
    for i, queries, at in _by_rank(offsets, cut):
        yield i, queries[rel[at] >= level]


def ir_relevant_in_top(
    offsets: NDArray[np.int64],
    rel: NDArray[np.int64],
    level: int,
    cut: NDArray[np.int64],
) -> NDArray[np.int64]:
    """Per query: #{i < cut[j] : rel_i >= level} over its ranking."""
    _queries(offsets, rel, cut=cut)
    out = np.zeros(len(offsets) - 1, dtype=np.int64)
    for _, hit in _relevant_by_rank(offsets, rel, level, cut):
        out[hit] += 1
    return out


def ir_precision_sum(
    offsets: NDArray[np.int64],
    rel: NDArray[np.int64],
    level: int,
    cut: NDArray[np.int64],
) -> NDArray[np.float64]:
    """Per query: sum over relevant ranks i <= cut of (relevant in the top i) / i."""
    _queries(offsets, rel, cut=cut)
    found = np.zeros(len(offsets) - 1, dtype=np.int64)
    total = np.zeros(len(offsets) - 1, dtype=np.float64)
    for i, hit in _relevant_by_rank(offsets, rel, level, cut):
        found[hit] += 1
        total[hit] += found[hit] / float(i + 1)
    return total


def ir_first_relevant(
    offsets: NDArray[np.int64],
    rel: NDArray[np.int64],
    level: int,
    cut: NDArray[np.int64],
) -> NDArray[np.int64]:
    """Per query: 1-based rank of the first relevant element within the cut, 0 if none."""
    _queries(offsets, rel, cut=cut)
    out = np.zeros(len(offsets) - 1, dtype=np.int64)
    for i, hit in _relevant_by_rank(offsets, rel, level, cut):
        hit = hit[out[hit] == 0]
        out[hit] = i + 1
    return out


def ir_dcg(
    offsets: NDArray[np.int64],
    rel: NDArray[np.int64],
    cut: NDArray[np.int64],
    log2_rank: NDArray[np.float64],
    exponential: bool,
) -> NDArray[np.float64]:
    """Per query: sum over ranks i <= cut with rel_i > 0 of gain(rel_i) / log2_rank[i - 1]
    (log2_rank[i - 1] = log2(i + 1)), gain = rel, or 2^rel - 1 when ``exponential``."""
    _queries(offsets, rel, cut=cut)
    counted = np.minimum(np.diff(offsets), cut)
    longest = max(int(counted.max()) if len(counted) else 0, 0)
    if len(log2_rank) < longest:
        raise ValueError(f"log2_rank must have an entry per counted rank, got {len(log2_rank)} "
                         f"for {longest}")
    total = np.zeros(len(offsets) - 1, dtype=np.float64)
    for i, queries, at in _by_rank(offsets, cut):
        value = rel[at]
        hit = value > 0
        value = value[hit].astype(np.float64)
        gain = (2.0**value - 1.0) if exponential else value
        total[queries[hit]] += gain / log2_rank[i]
    return total


def ir_bpref(
    offsets: NDArray[np.int64],
    rel: NDArray[np.int64],
    level: int,
    num_rel: NDArray[np.int64],
    num_nonrel: NDArray[np.int64],
) -> NDArray[np.float64]:
    """Per query: sum over judged relevant retrieved r of 1 - min(N_r, R) / min(N, R), or 1
    where N_r = 0."""
    _queries(offsets, rel, num_rel=num_rel, num_nonrel=num_nonrel)
    n = len(offsets) - 1
    nonrel = np.zeros(n, dtype=np.int64)
    total = np.zeros(n, dtype=np.float64)
    everything = offsets[1:] - offsets[:-1]
    for _, queries, at in _by_rank(offsets, everything):
        value = rel[at]
        nonrel[queries[(value >= 0) & (value < level)]] += 1
        hit = queries[value >= level]
        seen = nonrel[hit]
        with np.errstate(divide="ignore", invalid="ignore"):
            term = 1.0 - (np.minimum(seen, num_rel[hit]).astype(np.float64)
                          / np.minimum(num_nonrel[hit], num_rel[hit]).astype(np.float64))
        total[hit] += np.where(seen > 0, term, 1.0)
    return total


def ir_ranking_columns(
    offsets: NDArray[np.int64],
    rel: NDArray[np.int64],
    level: int,
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """Per query: (k, p, soma) of the ranking cut after its last relevant element."""
    _queries(offsets, rel)
    n = len(offsets) - 1
    k = np.zeros(n, dtype=np.int64)
    p = np.zeros(n, dtype=np.int64)
    sumx = np.zeros(n, dtype=np.int64)
    for i, hit in _relevant_by_rank(offsets, rel, level, offsets[1:] - offsets[:-1]):
        k[hit] += 1
        p[hit] = i + 1
        sumx[hit] += i + 1
    return k, p, p * (p + 1) // 2 - sumx
