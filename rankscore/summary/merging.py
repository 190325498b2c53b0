"""Merging summaries: the checks that they can merge, one score dtype and count kind for
all, and the merge of their arrays (in a tournament of the runs, large merges on two
threads)."""

from __future__ import annotations

import bisect
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Sequence

import numpy as np

from .. import _backend
from .._engine import validate
from .._engine.parts import MAX_EXACT_ROWS, thread_count
from .checks import MAX_WEIGHT_TOTAL, same_label

__all__ = ["check_mergeable", "promoted_arrays", "merge_many",
           "join_parts", "at_least"]

def check_mergeable(parts: Sequence[Any]) -> None:
    """Refuse summaries that cannot merge: compressed ones, different positive classes,
    more than 2**62 rows or weights past 2**1022 in all."""
    if any(s.compressed for s in parts):
        raise ValueError("compressed summaries cannot be merged: their merged bins hide "
                         "where the other summaries' scores fall; merge (or accumulate) the "
                         "exact summaries, then compress")
    label = parts[0].pos_label
    for s in parts[1:]:
        if not same_label(s.pos_label, label):
            raise ValueError(f"cannot merge summaries of different positive classes: "
                             f"pos_label={validate.quoted(label)} and "
                             f"pos_label={validate.quoted(s.pos_label)}")
    if sum(s.n_negatives + s.n_positives for s in parts if not s.weighted) > (
            MAX_EXACT_ROWS):
        raise ValueError("the summaries count more than 2**62 rows in all; exact counts are "
                         "kept up to 2**62 rows")
    if any(s.weighted for s in parts) and sum(
            float(s.n_negatives) + float(s.n_positives) for s in parts) > MAX_WEIGHT_TOTAL:
        raise ValueError("the summaries' weights add up to more than 2**1022 (about "
                         "4.5e307); rescale the weights, e.g. divide them by their maximum")


def promoted_arrays(s: Any, dtype: Any, weighted: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """A summary's arrays in score dtype ``dtype`` with counts (or, ``weighted``, weight
    sums); None when they are that already."""
    if s.dtype == dtype and s.weighted == weighted:
        return None
    count = np.float64 if weighted else np.int64
    return s.thresholds.astype(dtype), s.negatives.astype(count), s.positives.astype(count)


# merges of this many thresholds or more run on two threads, each on one range of scores
_PARALLEL_MERGE_THRESHOLDS = 1 << 21


def merge_many(parts: list[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The arrays of k summaries merged (``summary_merge_many_into``). Large merges
    are cut at a score near the median: the thresholds at or above it on one thread, those
    below on another, each written to its own part of the output (a threshold shared by
    several runs lands in one part, its counts added in run order as on one thread)."""
    kernel = _backend.kernels.summary_merge_many_into
    lists = ([s.thresholds for s in parts], [s.negatives for s in parts],
             [s.positives for s in parts])
    sizes = np.array([len(s) for s in parts], dtype=np.int64)
    total = int(sizes.sum())
    out = [np.empty(total, dtype=a.dtype) for a in (parts[0].thresholds, parts[0].negatives,
                                                   parts[0].positives)]
    zeros = np.zeros(len(parts), dtype=np.int64)
    if total == 0 or total < _PARALLEL_MERGE_THRESHOLDS or thread_count(None) < 2:
        n = kernel(*out, 0, *lists, zeros, sizes)
    else:
        cut = _median_score(parts)
        tops = np.array([at_least(s.thresholds, cut) for s in parts], dtype=np.int64)
        offset = int(tops.sum())
        with ThreadPoolExecutor(2) as pool:
            upper, lower = pool.map(lambda job: kernel(*out, *job[:1], *lists, *job[1:]),
                                    [(0, zeros, tops), (offset, tops, sizes)])
        n = join_parts(out, [0, offset], [upper, lower])
    for arr in out:
        arr.resize(n, refcheck=False)
    return out[0], out[1], out[2]


def join_parts(arrays: list[np.ndarray], starts: Sequence[int], sizes: Sequence[int]) -> int:
    """Parts of a merge written into ``arrays`` at ``starts`` (``sizes`` entries each, in
    order) joined at the front: shared or tied scores merged into one threshold leave a
    gap after a part's entries. The joined length."""
    end = 0
    for at, size in zip(starts, sizes):
        if at != end:
            for x in arrays:
                x[end:end + size] = x[at:at + size]
        end += size
    return end


def _median_score(parts: list[Any]) -> float:
    """About the median threshold of all the runs: the median of the runs' medians, each
    run counted by its size (at least a quarter of all thresholds on either side)."""
    medians = sorted(((float(s.thresholds[len(s) // 2]), len(s)) for s in parts if len(s)),
                     reverse=True)
    half, seen = sum(n for _, n in medians) / 2, 0
    for value, n in medians:
        seen += n
        if seen >= half:
            return value
    return medians[-1][0]


def at_least(thresholds: np.ndarray, value: float) -> int:
    """How many of the (descending) thresholds are >= value."""
    return bisect.bisect_right(thresholds, -value, key=lambda t: -t)
