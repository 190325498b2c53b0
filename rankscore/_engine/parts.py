"""Class parts: the one way a validated binary problem becomes what every result reads.

A binary problem is integer label codes with the positive class's code, float32/float64
scores and optional weights. ``class_parts`` reads it once, in one of two forms:

* **counts**: for large unweighted inputs with few distinct scores (rounded or bucketed
  scores, small integers), one pass over a small hash table counts each class per
  distinct score (the ``count_scores`` kernel);
* **sorted parts**: each class's scores sorted ascending, weights alongside: the compiled
  bucket sort (``split_buckets`` + ``sort_runs``, which does not depend on how fast the
  CPU's sort is) or a split followed by np.sort, whichever this machine runs faster; large
  inputs on two threads.

It makes that choice once, checks the scores' finiteness once (off the counted values' or
the sorted parts' ends: NaN sorts last, the infinities sit at the ends) and, for native
labels not validated beforehand, their range. It is the only caller of the split, sort and
count kernels: every AUC, curve, summary and report reads a ``ClassParts``.
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, NamedTuple

import numpy as np

from .. import _backend
from .labels import label_codes
from .validate import (Problem, as_scores, check_finite, check_positive_int,
                       check_same_length, check_sample_weight)

__all__ = ["Problem", "binary_problem", "Counts", "ClassParts", "class_parts", "checked_parts", "split_parts",
           "column_parts", "thread_count", "use_two_threads",
           "usable_cpus", "sort_in_threads", "sort_scores", "sort_buckets", "class_totals", "COUNT_MIN_ROWS", "COUNT_MAX_DISTINCT",
           "PARALLEL_SORT_ROWS", "MAX_EXACT_ROWS"]

# Counts are exact to this many rows: the kernels keep pair counts (n_pos n_neg <= 2**122)
# and KS gaps in 128 bits.
MAX_EXACT_ROWS = 2**62

# Heavily tied scores: one counting pass replaces the sorts when the input has at least
# COUNT_MIN_ROWS rows, no weights and at most COUNT_MAX_DISTINCT distinct scores.
COUNT_MIN_ROWS = 1 << 15
COUNT_MAX_DISTINCT = 1 << 12

# Inputs of this many rows or more are sorted on two threads (when two CPUs are usable).
PARALLEL_SORT_ROWS = 1 << 21

# Which sort is faster is measured once per process, on the first input of
# BUCKET_MIN_ROWS rows or more; RANKSCORE_SORT=bucket or =numpy decides instead. (Where
# NumPy's own sort is faster, e.g. SIMD sorting networks on AVX-512, unweighted inputs
# keep np.sort: the sorted parts are the same arrays either way.)
BUCKET_MIN_ROWS = 1 << 16
_bucket_sort_faster: bool | None = None

# RANKSCORE_SORT is read on every call (it may be set at any time), first in the
# environment mapping's own dict: os.environ.get of a name that is not set raises and
# catches a KeyError inside the mapping, 0.7 µs, a tenth of a 100-row AUC.
try:
    _SORT_KEY: Any = os.environ.encodekey("RANKSCORE_SORT")
except AttributeError:  # (an os.environ without CPython's internals: always asked)
    _SORT_KEY = None


def binary_problem(y_true: Any, y_score: Any, pos_label: Any = None, sample_weight: Any = None,
                   *, finite: bool = False) -> Problem:
    """Validate a binary problem: the labels and the positive class (scikit-learn's rules),
    1-D scores, their common length, the weights. The scores' finiteness is left to
    ``class_parts`` (``finite=True`` checks it here, for callers that read the scores
    otherwise)."""
    codes, pos_code = label_codes(y_true, pos_label)
    scores = as_scores(y_score, finite=finite)
    n = check_same_length(y_true=codes, y_score=scores)
    return Problem(codes, pos_code, scores, check_sample_weight(sample_weight, n))


class Counts(NamedTuple):
    """Each class per distinct score: ``values`` ascending (float64), ``neg``/``pos`` int64."""

    values: np.ndarray
    neg: np.ndarray
    pos: np.ndarray


class ClassParts(NamedTuple):
    """A problem read once: ``counts``, or each class's scores sorted ascending.

    ``neg_runs``: the negatives' scores as one run, or two runs each sorted on its own
    when the caller allowed it (results that add up over the negatives: AUC, the report);
    ``pos``: the positives' scores; weights alongside (None without weights). With
    ``counts``, the runs are empty and ``dtype`` is the scores' dtype.
    """

    counts: Counts | None
    neg_runs: tuple[np.ndarray, ...]
    neg_weight: np.ndarray | None
    pos: np.ndarray
    pos_weight: np.ndarray | None
    dtype: np.dtype

    @property
    def neg(self) -> np.ndarray:
        """The negatives' scores in one sorted run (parts read whole)."""
        (neg,) = self.neg_runs
        return neg

    @property
    def n_neg(self) -> int:
        return sum(map(len, self.neg_runs))


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def thread_count(n_threads: Any) -> int:
    """Threads to use: ``n_threads`` (an int >= 1) capped at the usable CPUs; None: all of
    them. More threads than CPUs only add overhead (20,000 threads on 2 CPUs ran 160×
    slower than one)."""
    if n_threads is None:
        return usable_cpus()
    return min(check_positive_int(n_threads, "n_threads"), usable_cpus())


def use_two_threads(n_rows: int, n_threads: Any = None) -> bool:
    """Whether work on ``n_rows`` rows pays for a second thread: PARALLEL_SORT_ROWS rows or
    more, and two usable CPUs (``n_threads`` as :func:`thread_count` takes it)."""
    return n_rows >= PARALLEL_SORT_ROWS and thread_count(n_threads) > 1


def sort_in_threads(jobs: list[Any], fn: Callable[[Any], Any], n_threads: Any,
                    n_rows: int) -> None:
    """fn(job) for every job, on two threads for large inputs (the sorts release the GIL)."""
    if use_two_threads(n_rows, n_threads) and len(jobs) > 1:
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(fn, jobs))
    else:
        for job in jobs:
            fn(job)


def class_totals(counts: Counts) -> tuple[int, int]:
    """(negatives, positives) of per-score counts; more than 2**62 rows is an error."""
    n_neg, n_pos = int(counts.neg.sum()), int(counts.pos.sum())
    if n_neg + n_pos > MAX_EXACT_ROWS:
        raise ValueError(f"counts total {n_neg + n_pos} rows; exact counts are kept up to "
                         "2**62 rows")
    return n_neg, n_pos


def checked_parts(problem: Problem, *, n_threads: Any = None,
                  halves: bool = False) -> ClassParts:
    """:func:`class_parts` of a problem whose labels are known to be 0 and 1 (never None)."""
    parts = class_parts(problem, n_threads=n_threads, halves=halves)
    if parts is None:  # pragma: no cover - labels_checked problems always have parts
        raise RuntimeError("class_parts found labels other than 0 and 1 in a checked problem")
    return parts


def class_parts(problem: Problem, *, n_threads: Any = None, halves: bool = False,
                count: bool = True) -> ClassParts | None:
    """Read a binary problem once (see the module's docstring).

    ``halves``: the negatives may come as two runs, each sorted on its own thread (the
    np.sort path on two threads, 2^21 rows or more); ``count=False``: never count, always
    sort. Returns None when ``problem.labels_checked`` is False and a label is not 0 or 1
    (the caller then validates the labels in full). Raises for a NaN or infinite score,
    and for weights that are zero everywhere.
    """
    codes, pos_code, scores, weights, checked = problem
    k = _backend.kernels
    if weights is not None:  # zero-weight rows are dropped below: check every score first
        check_finite(scores, "y_score")
    elif count and len(scores) >= COUNT_MIN_ROWS:
        found = k.count_scores(codes, pos_code, scores, COUNT_MAX_DISTINCT)
        if found is not None:
            values, neg, pos, lo, hi = found
            if not checked and (lo < 0 or hi > 1):
                return None
            _check_ends([values], scores)
            empty = np.empty(0, dtype=scores.dtype)
            return ClassParts(Counts(values, neg, pos), (), None, empty, None, scores.dtype)
    if weights is None and not _bucket_sort_pays(len(scores)):
        neg, pos, lo, hi = k.split_scores(codes, pos_code, scores)
        if not checked and (lo < 0 or hi > 1):
            return None
        runs = _np_sort(neg, pos, n_threads, halves)
        neg_w = pos_w = None
    else:
        neg, neg_w, neg_edges, pos, pos_w, pos_edges, lo, hi = k.split_buckets(
            codes, pos_code, scores, weights)
        if not checked and (lo < 0 or hi > 1):
            return None
        if weights is not None and len(neg) + len(pos) == 0:
            raise ValueError("sample_weight is zero for every sample; nothing to score")
        sort_buckets([(neg, neg_w, neg_edges), (pos, pos_w, pos_edges)], n_threads)
        runs = (neg,)
    _check_ends([*runs, pos], scores)
    return ClassParts(None, runs, neg_w, pos, pos_w, scores.dtype)


def split_parts(neg: np.ndarray, pos: np.ndarray, *, n_threads: Any = None,
                halves: bool = False) -> ClassParts:
    """Class parts of scores already split by class (1-D, finite, validated by the
    caller), sorted here in place as ``class_parts`` sorts a split."""
    runs = _np_sort(neg, pos, n_threads, halves)
    return ClassParts(None, runs, None, pos, None, pos.dtype)


def column_parts(scores2d: np.ndarray, columns: slice, neg_rows: np.ndarray,
                 pos_rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The class parts of many columns at once (models scored against the same labels):
    (neg, pos), one row per column of ``scores2d[:, columns]`` holding its scores of the
    rows ``neg_rows`` / ``pos_rows``, each row sorted ascending (``sort_runs``, every row
    one run, or NumPy; the GIL released); finiteness checked off the ends."""
    k = _backend.kernels
    block = scores2d[:, columns]
    bucket = _bucket_sort_pays(block.size)
    parts = []
    for rows in (neg_rows, pos_rows):
        part = np.empty((block.shape[1], len(rows)), dtype=block.dtype)
        k.take_rows_transposed(block, rows, part)
        if bucket:
            k.sort_runs(part.reshape(-1), np.arange(0, part.size + 1, part.shape[1]))
        else:
            part.sort(axis=1)
        parts.append(part)
    neg, pos = parts
    if not (np.isfinite(neg[:, [0, -1]]).all() and np.isfinite(pos[:, [0, -1]]).all()):
        check_finite(scores2d, "y_score")  # NaN sorts last, infinities sit at the ends
    return neg, pos


def _check_ends(parts: list[np.ndarray], scores: np.ndarray) -> None:
    # NaN sorts last and -inf/+inf sit at the ends: the ends of the sorted parts tell
    for part in parts:
        if len(part) and not (math.isfinite(part[0]) and math.isfinite(part[-1])):
            check_finite(scores, "y_score")  # names the first bad entry


def _np_sort(neg: np.ndarray, pos: np.ndarray, n_threads: Any,
             halves: bool) -> tuple[np.ndarray, ...]:
    """Sort the split parts (copies) in place; the negatives' runs.

    ``halves``: the caller only compares scores (AUC, the report), where -0.0 and 0.0 are
    equal, so they are sorted as they are; on two threads the negatives are sorted as two
    halves (a merge that adds up over any split of the negatives reads the positives twice
    instead of sorting the negatives whole). Otherwise the scores become thresholds and
    -0.0 becomes 0.0 first."""
    n = len(neg) + len(pos)
    if not halves:
        sort_in_threads([neg, pos], sort_scores, n_threads, n)
        return (neg,)
    if not use_two_threads(n, n_threads):
        neg.sort()
        pos.sort()
        return (neg,)
    if len(neg) and len(pos):
        runs = (neg[:len(neg) // 2], neg[len(neg) // 2:])
        sort_in_threads([*runs, pos], np.ndarray.sort, n_threads, n)
        return runs
    sort_in_threads([neg, pos], np.ndarray.sort, n_threads, n)
    return (neg,)


def sort_scores(part: np.ndarray) -> None:
    """Sort one class's scores in place with np.sort, -0.0 as 0.0 (as the bucket sort)."""
    np.add(part, 0, out=part)
    part.sort()


def sort_buckets(parts: list[Any], n_threads: Any) -> None:
    """Sort the buckets of every (scores, weights, edges) part in place; on two threads, the
    largest part's buckets are cut at about half of all scores."""
    k = _backend.kernels
    total = sum(len(scores) for scores, _, _ in parts)
    jobs = [parts]
    if use_two_threads(total, n_threads):
        (scores, weights, edges), *rest = sorted(parts, key=lambda part: -len(part[0]))
        cut = min(max(int(np.searchsorted(edges, total // 2)), 1), len(edges) - 1)
        jobs = [[(scores, weights, edges[:cut + 1])], [(scores, weights, edges[cut:]), *rest]]
    sort_in_threads(jobs, lambda job: [k.sort_runs(s, e, w) for s, w, e in job], n_threads,
                    total)


def _bucket_sort_pays(n_rows: int) -> bool:
    global _bucket_sort_faster
    if _backend.kernels.NUMPY_SORT:
        return True  # the fallback's buckets are NumPy sorts
    choice = _sort_choice()
    if choice in ("bucket", "numpy"):
        return choice == "bucket"
    if n_rows < BUCKET_MIN_ROWS:
        return False
    if _bucket_sort_faster is None:
        _bucket_sort_faster = _time_sorts() < 0
    return _bucket_sort_faster


def _sort_choice() -> str:
    """RANKSCORE_SORT's value ("" when it is not set)."""
    data = getattr(os.environ, "_data", None)
    if data is not None and _SORT_KEY is not None and _SORT_KEY not in data:
        return ""  # (not set)
    return os.environ.get("RANKSCORE_SORT", "")


def _time_sorts() -> float:
    """Seconds of the bucket sort minus seconds of np.sort on 2^18 uniform scores (best of 3)."""
    k = _backend.kernels
    scores = np.random.default_rng(0).random(1 << 18)
    labels = np.zeros(len(scores), dtype=np.uint8)

    def bucket() -> None:
        neg, _, edges, _, _, _, _, _ = k.split_buckets(labels, np.uint8(1), scores)
        k.sort_runs(neg, edges)

    def numpy() -> None:
        neg, _, _, _ = k.split_scores(labels, np.uint8(1), scores)
        neg.sort()

    best: dict[Callable[[], None], float] = {}
    for fn in (bucket, numpy, bucket, numpy, bucket, numpy):
        start = time.perf_counter()
        fn()
        best[fn] = min(best.get(fn, math.inf), time.perf_counter() - start)
    return best[bucket] - best[numpy]
