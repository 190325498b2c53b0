"""Summaries of data arriving in batches: the accumulator, its buffer and its flushes."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from .. import _backend
from .._distributed import LabelsSeen, check_labels_seen, labels_seen, merged_labels
from .._engine import validate
from .._engine.parts import binary_problem, sort_buckets, sort_scores, thread_count
from .._engine.validate import as_label_array, read_array
from .checks import MAX_WEIGHT_TOTAL, plain_label, same_label
from .merging import at_least, join_parts
from .scores import ScoreSummary

__all__ = ["ScoreAccumulator"]

class ScoreAccumulator:
    """Summarise data that arrives in batches (a training loop, a stream, many files).

    The batches' scores are appended to a buffer in one branch-free pass each
    (``split_scores_append``: one array, the negatives from the front, the positives from
    the back) until they fill half the summary's bytes so far; then each class's part is
    sorted once and merged into the summary's arrays in one branch-free pass
    (``summary_merge_sorted_into``), from the lowest score up into their grown end. Large
    flushes are cut at quantiles of the buffered scores and each score range merged into
    its own part of the grown arrays: two ranges on two threads, and with integer counts
    two ranges per thread taking turns in one loop (``summary_merge_sorted_pair_into``;
    the CPU overlaps their steps), also on one CPU.
    While the scores are distinct each merge makes the summary about 2.5 times larger, so
    a threshold is merged less than twice on average and the whole costs about one sort of
    all the data; the memory held stays within 1.5 times the final summary's size plus one
    batch. (Room for every buffered score is reserved without counting while earlier
    merges found the scores distinct; once many scores were thresholds already, the merged
    thresholds are counted first.)

    Parameters
    ----------
    pos_label : int, float, bool or str, default=None
        The positive class of every batch (see :meth:`ScoreSummary.from_arrays`).

    See Also
    --------
    ScoreSummary.from_arrays : The summary of one batch.

    Notes
    -----
    ``summary()`` equals ``ScoreSummary.from_arrays`` of all batches concatenated (integer
    counts exactly; weight sums exactly when they are representable). Without
    ``pos_label`` the labels of all batches lie within {0, 1} or within {-1, 1}, as one
    array's must: a batch of labels {-1, 1} after one of {0, 1} is refused. Batches of
    float32 and float64 scores, with and without weights, mix as
    :meth:`ScoreSummary.merge` says.
    A batch of 0 rows changes nothing. Weights adding up to more than 2**1022 in all are
    refused (the running sums stay finite).

    Thread safety: one accumulator may be updated and read from many threads at once
    (data-loader threads, say). Each batch is validated without holding anything; adding
    it to the buffer and merging are done under the accumulator's lock, the merge kernels
    still without the GIL, so every row is counted once, and ``summary()`` is the summary
    of the batches whose ``update`` returned before it was called (and possibly of some
    running alongside it). Pickling takes the summary so far.

    Examples
    --------
    >>> from rankscore import ScoreAccumulator
    >>> acc = ScoreAccumulator()
    >>> for y, s in [([0, 1], [0.1, 0.8]), ([0, 0], [0.3, 0.8]), ([1], [0.9])]:
    ...     _ = acc.update(y, s)
    >>> summary = acc.summary()
    >>> summary.thresholds.tolist(), summary.positives.tolist(), summary.negatives.tolist()
    ([0.9, 0.8, 0.3, 0.1], [1, 1, 0, 0], [0, 1, 1, 1])
    """

    def __init__(self, *, pos_label: Any = None):
        self.pos_label = pos_label
        self._label = 1 if pos_label is None else plain_label(pos_label)
        # everything below changes only under the lock
        self._lock = threading.Lock()
        self._run: list[Any] | None = None  # [thresholds, negatives, positives, shared]
        self._buffer = _Buffer()
        self._disjoint = True  # no flush has found many of its scores among the thresholds
        self._weight = 0.0  # rows and weights added (at least their float64 running sum)
        self._labels: LabelsSeen | None = None  # (without pos_label) the labels of all batches
        self.n_batches = 0

    def update(self, y_true: Any, y_score: Any, sample_weight: Any = None) -> "ScoreAccumulator":
        """Add one batch (validated as :meth:`ScoreSummary.from_arrays` does).

        Parameters
        ----------
        y_true, y_score, sample_weight
            One batch, as in :meth:`ScoreSummary.from_arrays`.

        Returns
        -------
        ScoreAccumulator
            ``self``.

        See Also
        --------
        summary : Everything added so far.

        Notes
        -----
        Amortised cost: copying the batch, its share of one sort, and a few merges per
        threshold. A batch of 0 rows is checked (1-D, numeric scores, equal lengths) and
        changes nothing else. Safe to call from many threads at once.

        Examples
        --------
        >>> from rankscore import ScoreAccumulator
        >>> len(ScoreAccumulator().update([0, 1], [0.2, 0.4]).summary())
        2
        """
        if _empty_batch(y_true, y_score, sample_weight):
            with self._lock:
                self.n_batches += 1
            return self
        codes, pos_code, scores, weights, _ = binary_problem(
            y_true, y_score, self.pos_label, sample_weight, finite=True)
        weighted = weights is not None
        added = float(weights.sum()) if weights is not None else float(len(scores))
        values = None if self.pos_label is not None else _batch_labels(y_true, codes)
        seen = None
        with self._lock:
            if values is not None and (self._labels is None
                                       or not set(values) <= set(self._labels.labels)):
                # {0, 1} in one batch and {-1, 1} in another: three classes
                seen = merged_labels([self._labels, labels_seen(np.array(values), None,
                                                                "ScoreAccumulator")])
                check_labels_seen(seen, None, "ScoreAccumulator.update", "y_true (all batches)")
            if self._weight + added > MAX_WEIGHT_TOTAL:
                raise ValueError("the weights added so far and this batch's sum to more than "
                                 "2**1022 (about 4.5e307); rescale the weights, e.g. divide "
                                 "them by their maximum")
            buffer = self._buffer
            if len(buffer) and (not buffer.takes(scores.dtype, weighted)
                                or len(buffer) + len(scores) > buffer.capacity):
                self._flush()
            if not len(buffer):  # room for half the summary's bytes (or this batch)
                rows = int(self._run_nbytes() / 2 // buffer.row_bytes(scores.dtype, weighted))
                buffer.reserve(max(rows, len(scores)), scores.dtype, weighted)
            buffer.add(codes, pos_code, scores, weights)
            if self._run is None or not len(buffer) and _widens(self._run, scores.dtype,
                                                                weighted):
                # the first batch starts the summary; a batch of zero weights only still
                # makes it weighted (float64), as the merge does
                self._flush()
            self._weight += added
            self.n_batches += 1
            if seen is not None:
                self._labels = seen
        return self

    def _run_nbytes(self) -> int:
        return 0 if self._run is None else sum(a.nbytes for a in self._run[:3])

    def _flush(self) -> None:
        """Sort the buffered scores and merge them into the summary's arrays."""
        buffer = self._buffer
        neg, neg_w, pos, pos_w = buffer.sorted_parts()
        k = _backend.kernels
        run = self._run
        if run is None:
            count = np.float64 if neg_w is not None else np.int64
            run = [np.empty(0, dtype=neg.dtype), np.empty(0, dtype=count),
                   np.empty(0, dtype=count), False]
        dtype = np.result_type(run[0].dtype, neg.dtype)
        count = np.float64 if neg_w is not None or run[1].dtype.kind == "f" else np.int64
        if run[0].dtype != dtype or run[1].dtype != count:
            run = [run[0].astype(dtype), run[1].astype(count), run[2].astype(count), False]
        neg, pos = neg.astype(dtype, copy=False), pos.astype(dtype, copy=False)
        d = len(run[0])
        distinct = (_distinct(neg), _distinct(pos))
        room = d + sum(distinct)  # at most this many thresholds after the merge
        entry = run[0].itemsize + 2 * run[1].itemsize
        if not self._disjoint and entry * room + buffer.nbytes > (
                1.5 * entry * max(d, *distinct)):
            # the room could exceed the memory bound if most of the part's scores are
            # thresholds already: count the merged thresholds exactly first
            room = k.summary_merge_sorted_size(run[0], d, neg, pos)
        if run[3] or 2 * d <= room and entry * room + run[0].itemsize * d + buffer.nbytes <= (
                1.5 * entry * room):
            # a copy into fresh arrays, one at a time: the kernel's huge pages fault a
            # hundred times faster than pages added by realloc (which NumPy also zeroes);
            # a summary returned is never written (merged into a copy)
            parts = _flush_parts(run[0][:d], neg, pos, self._disjoint,
                                 run[1].dtype == np.int64)
            for i in range(3):
                grown = np.empty(room, dtype=run[i].dtype)
                if parts is None:
                    grown[:d] = run[i][:d]
                else:  # each part's thresholds at the front of its room
                    parts.copy_run(grown, run[i])
                run[i] = grown
            run[3] = False
        else:
            parts = None
            for x in run[:3]:
                x.resize(room, refcheck=False)  # realloc: grows in place where it can
        if parts is None:
            size = k.summary_merge_sorted_into(*run[:3], d, neg, neg_w, pos, pos_w)
        else:
            size = parts.merge(run[:3], neg, neg_w, pos, pos_w)
        for x in run[:3]:
            x.resize(size, refcheck=False)
        # distinct scores so far (a rare shared threshold aside): room can be reserved
        # without counting while that lasts
        self._disjoint = self._disjoint and d + sum(distinct) - size <= sum(distinct) // 8
        buffer.clear()
        self._run = run

    def summary(self) -> ScoreSummary:
        """The summary of every batch added so far (the buffered batches merged in).

        Returns
        -------
        ScoreSummary

        See Also
        --------
        update : Add a batch.

        Notes
        -----
        Raises ``ValueError`` before the first batch with rows. The accumulator keeps
        going: later batches are merged into a copy, never into the summary returned.
        Safe to call while other threads update.

        Examples
        --------
        >>> from rankscore import ScoreAccumulator
        >>> ScoreAccumulator().summary()
        Traceback (most recent call last):
        ...
        ValueError: no data yet: call update() with a batch first
        """
        with self._lock:
            return self._summary()

    def _summary(self) -> ScoreSummary:
        """summary() with the lock held."""
        if self._run is None:
            raise ValueError("no data yet: call update() with a batch first"
                             + (" (every batch so far had 0 rows)" if self.n_batches else ""))
        if len(self._buffer):
            self._flush()
        run = self._run
        run[3] = True  # shared with the summary: merged into a copy from now on
        return ScoreSummary._trusted(run[0], run[1], run[2], self._label)

    @property
    def nbytes(self) -> int:
        """Bytes held: the summary so far and the buffered scores."""
        with self._lock:
            return self._run_nbytes() + self._buffer.nbytes

    def __repr__(self) -> str:
        with self._lock:
            return (f"ScoreAccumulator({self.n_batches} batches, {len(self._buffer)} scores "
                    "buffered)")

    def __reduce__(self) -> tuple[Any, ...]:
        # the summary so far in its checked byte form (a lock cannot be pickled)
        with self._lock:
            data = None if self._run is None else self._summary().to_bytes()
            labels = () if self._labels is None else tuple(
                label.item() if isinstance(label, np.generic) else label
                for label in self._labels.labels)
            # (the labels only where there are some: without pos_label)
            return (_restored_accumulator,
                    (self.pos_label, self.n_batches, data) + ((labels,) if labels else ()))


def _restored_accumulator(pos_label: Any, n_batches: int, data: bytes | None,
                          labels: tuple[Any, ...] = ()) -> ScoreAccumulator:
    """An accumulator holding the summary ``data`` and, without ``pos_label``, the labels
    its batches held (from ``ScoreAccumulator.__reduce__``)."""
    acc = ScoreAccumulator(pos_label=pos_label)
    if labels and pos_label is None:
        acc._labels = labels_seen(np.array(labels), None, "ScoreAccumulator")
        check_labels_seen(acc._labels, None, "ScoreAccumulator")
    if data is not None:
        summary = ScoreSummary.from_bytes(data)
        if summary.compressed:
            raise ValueError("corrupt ScoreAccumulator state: a compressed summary")
        if not same_label(summary.pos_label, acc._label):
            raise ValueError("corrupt ScoreAccumulator state: the summary's pos_label "
                             f"{validate.quoted(summary.pos_label)} is not the "
                             f"accumulator's {validate.quoted(acc._label)}")
        acc._run = [np.array(a) for a in (summary.thresholds, summary.negatives,
                                          summary.positives)] + [False]
        acc._weight = float(summary.n_negatives) + float(summary.n_positives)
    acc.n_batches = validate.check_positive_int(n_batches, "n_batches", minimum=0)
    return acc


def _widens(run: list[Any], dtype: Any, weighted: bool) -> bool:
    """Whether a batch of scores of ``dtype`` (with weights or not) widens the summary's
    arrays ``run``: float32 scores to float64, counts to weight sums."""
    return bool(np.result_type(run[0].dtype, dtype) != run[0].dtype
                or weighted and run[1].dtype.kind != "f")


def _batch_labels(y_true: Any, codes: np.ndarray) -> tuple[Any, ...]:
    """The distinct labels of a batch checked without ``pos_label`` (bools, or numbers
    within {0, 1} or {-1, 1}; bools count as 0 and 1), for the check of all batches'
    labels: off the codes (two passes) where they are the labels, a NumPy array of
    integers or bools; else as the labels are read."""
    if isinstance(y_true, np.ndarray) and y_true.dtype.kind in "biu" and len(codes):
        lo, hi = int(codes.min()), int(codes.max())
        return (lo,) if lo == hi else (lo, hi)
    y = as_label_array(y_true)
    return labels_seen(y.view(np.uint8) if y.dtype.kind == "b" else y, None,
                       "ScoreAccumulator").labels


def _empty_batch(y_true: Any, y_score: Any, sample_weight: Any) -> bool:
    """Whether a batch has 0 rows: ``y_true`` empty, and ``y_score`` (and
    ``sample_weight``) read as the validation reads them, of 0 entries too."""
    try:
        if len(y_true):
            return False
    except TypeError:  # no length: the validation names the problem
        return False
    labels = read_array(y_true, "y_true", "a 1-D array")
    if labels.ndim != 1:
        return False
    scores = validate.as_scores(y_score, allow_empty=True)
    if len(scores):
        raise ValueError(f"inconsistent numbers of samples: y_true has 0, y_score has "
                         f"{len(scores)}")
    validate.check_sample_weight(sample_weight, 0)
    return True


# flushes of this many rows and thresholds or more merge in parts: two on two threads
# (four with integer counts, each thread's two taking turns in one loop), two taking
# turns on one CPU with integer counts
_PARALLEL_FLUSH_ENTRIES = 1 << 18


class _FlushParts:
    """A flush cut at a few scores: the thresholds and buffered scores of each score range
    merged apart, each range in its own part of the grown arrays (part j's room starts at
    ``starts[j]``, the run's thresholds of the range copied there). Every score lands in
    one part with all its ties, so each threshold gets the counts (and weight sums, added
    in the same order) of the one-part merge. Parts go highest scores first."""

    def __init__(self, tops: Any, neg_cuts: Any, pos_cuts: Any, starts: Any,
                 threads: int) -> None:
        self.tops = tops  # run[tops[j]:tops[j + 1]]: part j's thresholds
        self.neg_cuts, self.pos_cuts = neg_cuts, pos_cuts  # neg[neg_cuts[j + 1]:neg_cuts[j]]
        self.starts = starts
        self.threads = threads

    def copy_run(self, grown: np.ndarray, old: np.ndarray) -> None:
        """Each part's thresholds (and counts) of the run to the front of its room."""
        for j, at in enumerate(self.starts):
            a, b = self.tops[j], self.tops[j + 1]
            grown[at:at + b - a] = old[a:b]

    def merge(self, run: list[Any], neg: np.ndarray, neg_w: np.ndarray | None,
              pos: np.ndarray, pos_w: np.ndarray | None) -> int:
        """Merge every part (summary_merge_sorted_into, or the pair kernel for two parts
        of integer counts); the merged length, the parts joined at the front."""
        jobs = []
        for j, at in enumerate(self.starts):
            end = self.starts[j + 1] if j + 1 < len(self.starts) else len(run[0])
            a, b = slice(self.neg_cuts[j + 1], self.neg_cuts[j]), slice(
                self.pos_cuts[j + 1], self.pos_cuts[j])
            jobs.append(([x[at:end] for x in run], self.tops[j + 1] - self.tops[j], neg[a],
                         None if neg_w is None else neg_w[a], pos[b],
                         None if pos_w is None else pos_w[b]))
        k = _backend.kernels

        def merge_pair(pair: list[Any]) -> list[int]:  # one part (any counts), or two of integer counts
            if len(pair) == 1:
                (arrays, *job), = pair
                return [k.summary_merge_sorted_into(*arrays, *job)]
            (arrays_a, d_a, neg_a, _, pos_a, _), (arrays_b, d_b, neg_b, _, pos_b, _) = pair
            pair_sizes: list[int] = k.summary_merge_sorted_pair_into(
                *arrays_a, d_a, neg_a, pos_a, *arrays_b, d_b, neg_b, pos_b)
            return pair_sizes

        pairs = ([jobs[j:j + 2] for j in range(0, len(jobs), 2)] if run[1].dtype == np.int64
                 else [[job] for job in jobs])
        if self.threads < 2 or len(pairs) < 2:
            sizes = [size for pair in pairs for size in merge_pair(pair)]
        else:
            with ThreadPoolExecutor(len(pairs)) as pool:
                sizes = [size for part in pool.map(merge_pair, pairs) for size in part]
        return join_parts(run, self.starts, sizes)


def _flush_parts(thresholds: np.ndarray, neg: np.ndarray, pos: np.ndarray, disjoint: bool,
                 counts: bool) -> _FlushParts | None:
    """Where to cut a large flush (None: merge it whole): in two parts with two CPUs or
    with integer ``counts`` (the pair kernel), four with both. The cuts are quantiles of
    the larger buffered part's scores; each part's room is the run's thresholds in its
    range plus the distinct buffered scores there (or, once scores repeat, the merged
    thresholds counted)."""
    d = len(thresholds)
    threads = thread_count(None)
    n_parts = (2 if threads >= 2 or counts else 1) * (2 if threads >= 2 and counts else 1)
    if (d + len(neg) + len(pos) < _PARALLEL_FLUSH_ENTRIES or len(neg) + len(pos) == 0
            or n_parts == 1):
        return None
    larger = neg if len(neg) >= len(pos) else pos
    cuts = [larger[len(larger) * j // n_parts] for j in range(n_parts - 1, 0, -1)]
    tops = [0, *(at_least(thresholds, float(cut)) for cut in cuts), d]
    neg_cuts = [len(neg), *(int(np.searchsorted(neg, cut)) for cut in cuts), 0]
    pos_cuts = [len(pos), *(int(np.searchsorted(pos, cut)) for cut in cuts), 0]
    starts, at = [], 0
    for j in range(n_parts):
        starts.append(at)
        part_neg = neg[neg_cuts[j + 1]:neg_cuts[j]]
        part_pos = pos[pos_cuts[j + 1]:pos_cuts[j]]
        if disjoint:
            at += tops[j + 1] - tops[j] + _distinct(part_neg) + _distinct(part_pos)
        else:
            at += _backend.kernels.summary_merge_sorted_size(
                thresholds[tops[j]:tops[j + 1]], tops[j + 1] - tops[j], part_neg, part_pos)
    return _FlushParts(tops, neg_cuts, pos_cuts, starts, threads)


def _distinct(ascending: np.ndarray) -> int:
    """The number of distinct values of an ascending array."""
    return int(np.count_nonzero(ascending[1:] != ascending[:-1])) + 1 if len(ascending) else 0


def _balanced_jobs(parts: list[np.ndarray]) -> list[np.ndarray]:
    """The parts to sort in place on two threads; where one is far larger than the other
    it is cut in two halves: partitioned at its median first (every score of the lower
    half <= every score of the upper half), so sorting both halves sorts it."""
    larger, n_rows = max(parts, key=len), sum(len(p) for p in parts)
    if len(larger) < max(2, 0.6 * n_rows):
        return parts
    half = len(larger) // 2
    larger.partition(half)
    return [larger[:half], larger[half:], *(p for p in parts if p is not larger)]


class _Buffer:
    """The buffered scores (and weights) of both classes in one array allocated at once
    (its pages fault in huge): the negatives from the front, the positives from the back;
    zero-weight samples are left out."""

    def __init__(self) -> None:
        self.dtype: Any = None
        self.weighted = False
        self.scores: np.ndarray = np.empty(0)
        self.weights: np.ndarray | None = None
        self.n_neg = self.n_pos = 0

    def __len__(self) -> int:
        return self.n_neg + self.n_pos

    @property
    def capacity(self) -> int:
        return len(self.scores)

    @property
    def nbytes(self) -> int:
        return self.scores.nbytes + (0 if self.weights is None else self.weights.nbytes)

    def takes(self, dtype: Any, weighted: bool) -> bool:
        return dtype == self.dtype and weighted == self.weighted

    @staticmethod
    def row_bytes(dtype: Any, weighted: bool) -> int:
        """Bytes a buffered row costs (a weighted one: its weight, and the sort's copies)."""
        result: int = np.dtype(dtype).itemsize + (8 + 24 if weighted else 0)
        return result

    def reserve(self, capacity: int, dtype: Any, weighted: bool) -> None:
        """Room for ``capacity`` rows of this kind (the buffer is empty)."""
        if capacity != self.capacity or not self.takes(dtype, weighted):
            self.scores, self.weights = np.empty(0), None  # freed before the new are taken
            self.dtype, self.weighted = dtype, weighted
            self.scores = np.empty(capacity, dtype=dtype)
            self.weights = np.empty(capacity) if weighted else None

    def add(self, codes: np.ndarray, pos_code: Any, scores: np.ndarray,
            weights: np.ndarray | None) -> None:
        """Append one validated batch (split_scores_append: one pass, nothing allocated)."""
        n_neg, n_pos = _backend.kernels.split_scores_append(
            codes, pos_code, scores, weights, self.scores, self.weights, self.n_neg, self.n_pos)
        self.n_neg += n_neg
        self.n_pos += n_pos

    def sorted_parts(
        self
    ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray, np.ndarray | None]:
        """(neg, neg_weight, pos, pos_weight): each class's scores ascending (in place;
        -0.0 as 0.0), equal scores in the order they are buffered, with their weights."""
        top = self.capacity
        parts = [(self.scores[:self.n_neg], None if self.weights is None
                  else self.weights[:self.n_neg]),
                 (self.scores[top - self.n_pos:], None if self.weights is None
                  else self.weights[top - self.n_pos:])]
        if not self.weighted:
            jobs = [s for s, _ in parts]
            if len(self) >= _PARALLEL_FLUSH_ENTRIES and thread_count(None) >= 2:
                # (a lower bar than one-shot sorts': the thread's start is paid back)
                with ThreadPoolExecutor(2) as pool:
                    list(pool.map(sort_scores, _balanced_jobs(jobs)))
            else:
                for s in jobs:
                    sort_scores(s)
        else:  # the one-shot summary's stable bucket sort of each part, copied back
            k = _backend.kernels
            for s, w in (part for part in parts if len(part[0])):
                ones = np.zeros(len(s), dtype=np.uint8)  # every score in one "class"
                sorted_s, sorted_w, edges, *_ = k.split_buckets(ones, np.uint8(1), s, w)
                sort_buckets([(sorted_s, sorted_w, edges)], None)
                s[:] = sorted_s
                if w is not None:
                    w[:] = sorted_w
        (neg, neg_w), (pos, pos_w) = parts
        return neg, neg_w, pos, pos_w

    def clear(self) -> None:
        self.n_neg = self.n_pos = 0
