"""Checks of a kernel's arguments, the relations its compiled loop trusts, with the words
both backends use. The NumPy twins make every check through these; the compiled kernels
call the ones on scalars or per query (``rankings_of``, ``lattice_of``, ``both_parts``,
``join_of``, ``trec_fields``) and make the array checks (``one_length``, ``weights_of``,
``indices_within``, ``offsets_within``) with the same messages in
rankscore/_kernels/arrays.pyx."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["both_parts", "indices_within", "join_of", "lattice_of", "offsets_within",
           "one_length", "rankings_of", "trec_fields", "weights_of"]

MAX_MASK_P = 62  # a ranking of p positions is a 64-bit mask with bit p - 1 set


def rankings_of(p: int, k: int, n: int) -> None:
    """ValueError unless 1 <= k <= p <= 62 and n is at most the number of rankings of
    (p, k), C(p - 1, k - 1) (the enumeration writes the first n)."""
    if not 1 <= k <= p <= MAX_MASK_P:
        raise ValueError(f"the rankings need 1 <= k <= p <= {MAX_MASK_P}, got p = {p}, k = {k}")
    count = math.comb(p - 1, k - 1)
    if n > count:
        raise ValueError(f"masks and scores must hold at most C({p - 1}, {k - 1}) = {count} "
                         f"rankings, got {n}")


def lattice_of(m: int, n: int, h: int, n_checked: int) -> None:
    """ValueError unless m, n, h >= 1 (the path's start inside the boundary) and the
    ``checked`` flags are none or one per step count 0 ... m + n."""
    if m < 1 or n < 1 or h < 1:
        raise ValueError(f"ks_two_sample_sf needs m, n and h of 1 or more, got {m}, {n} and {h}")
    if n_checked not in (0, m + n + 1):
        raise ValueError(f"checked must be empty or have m + n + 1 = {m + n + 1} entries, got "
                         f"{n_checked}")


def both_parts(n_neg: int, n_pos: int, kernel: str) -> None:
    """ValueError unless both class parts hold a score."""
    if n_neg == 0 or n_pos == 0:
        raise ValueError(f"{kernel} needs both classes, got {n_neg} and {n_pos} scores")


def join_of(run_starts: NDArray[np.int64], run_stops: NDArray[np.int64],
            run_hash: NDArray[Any], run_docs: NDArray[np.int64],
            qrels_starts: NDArray[np.int64], qrels_stops: NDArray[np.int64],
            qrels_hash: NDArray[Any], qrels_docs: NDArray[np.int64],
            relevance: NDArray[np.int64], out_offsets: NDArray[np.int64]) -> None:
    """What ir_join trusts, O(queries): each side's hashes and docs (and the qrels'
    relevance) one per entry, each query's entries within them, the queries of both sides
    one, and out_offsets rising with room for each query's run entries."""
    one_length(run_hash, run_docs)
    one_length(qrels_hash, qrels_docs)
    if len(relevance) != len(qrels_hash):
        raise ValueError(f"relevance must have an entry per qrels entry, got {len(relevance)} "
                         f"for {len(qrels_hash)}")
    _join_spans(run_starts, run_stops, len(run_hash), "run")
    _join_spans(qrels_starts, qrels_stops, len(qrels_hash), "qrels")
    nq = len(run_starts)
    if len(qrels_starts) != nq or len(out_offsets) != nq + 1:
        raise ValueError(f"the qrels' spans and out_offsets must have one entry per query (and "
                         f"one more), got {len(qrels_starts)} and {len(out_offsets)} for {nq} "
                         "queries")
    if out_offsets[0] < 0:
        raise ValueError(f"out_offsets must start at 0 or more, got {out_offsets[0]}")
    room, needed = np.diff(out_offsets), run_stops - run_starts
    short = np.flatnonzero(room < needed)
    if len(short):
        j = int(short[0])
        raise ValueError(f"out_offsets must leave room for query {j}'s {needed[j]} run entries, "
                         f"got {room[j]}")


def _join_spans(starts: NDArray[np.int64], stops: NDArray[np.int64], n: int,
                what: str) -> None:
    """ValueError unless query j's entries [starts[j], stops[j]) lie within [0, n) for every
    j (O(queries))."""
    if len(stops) != len(starts):
        raise ValueError(f"{what}_starts and {what}_stops must have one entry per query, got "
                         f"{len(starts)} and {len(stops)}")
    bad = np.flatnonzero((starts < 0) | (stops < starts) | (stops > n))
    if len(bad):
        j = bad[0]
        raise ValueError(f"{what} entries of query {j} must lie within [0, {n}], got "
                         f"[{starts[j]}, {stops[j]})")


def trec_fields(n_fields: int, value_field: int) -> None:
    """ValueError unless a TREC line's fields fit the parser: 3 to 8 fields (query 0,
    element 2) and the value among them."""
    if not 3 <= n_fields <= 8 or not 0 <= value_field < n_fields:
        raise ValueError(f"parse_trec reads 3 to 8 fields and a value among them, got "
                         f"{n_fields} and {value_field}")


def one_length(*arrays: NDArray[Any]) -> None:
    """ValueError unless the arrays have one length (the compiled loops read them together)."""
    for a in arrays[1:]:
        if len(a) != len(arrays[0]):
            raise ValueError(f"the arrays must have one length, got {len(arrays[0])} and {len(a)}")


def weights_of(scores: NDArray[Any], weights: NDArray[Any] | None) -> None:
    """ValueError unless a class part's weights (if any) are one per score."""
    if weights is not None and len(weights) != len(scores):
        raise ValueError(f"the weights must have their scores' length, got {len(weights)} "
                         f"and {len(scores)}")


def indices_within(a: NDArray[np.int64], n: int, what: str) -> None:
    """ValueError unless every entry of a is in [0, n)."""
    bad = np.flatnonzero((a < 0) | (a >= n))
    if len(bad):
        raise ValueError(f"{what} must hold indices in [0, {n}), got {a[bad[0]]} at {bad[0]}")


def offsets_within(a: NDArray[np.int64], n: int, what: str) -> None:
    """ValueError unless a is non-decreasing from 0 or more to n or less."""
    below = np.concatenate(([0], a[:-1]))[:len(a)]
    bad = np.flatnonzero((a < below) | (a > n))
    if len(bad):
        raise ValueError(f"{what} must be non-decreasing within [0, {n}], got {a[bad[0]]} "
                         f"at {bad[0]}")
