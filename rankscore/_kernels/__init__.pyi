"""Interface of the kernel packages ``rankscore._kernels`` (compiled) and ``rankscore._fallback``.

Both modules provide exactly these functions. Callers validate every argument first.
"""

from typing import Callable

import numpy as np
from numpy.typing import NDArray

# --- sweep (rankscore/_kernels/sweep.pyx, rankscore/_fallback/sweep.py) ---------------------
# Labels are an integer array (any int/uint width; bool viewed as uint8) and the positive
# code of the same dtype; scores float32 or float64. The merge kernels take each class's
# scores sorted ascending (weights in the same order) and return float thresholds as Python
# floats, counts as Python ints.

def split_scores(
    labels: NDArray[np.integer], pos_code: np.integer, scores: NDArray[np.floating]
) -> tuple[NDArray[np.floating], NDArray[np.floating], int, int]:
    """(negatives' scores, positives' scores, smallest label, largest label); order kept."""

def split_scores_into(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
) -> None:
    """split_scores written into neg and pos (the scores' dtype, exactly one slot per row of
    their class; ValueError otherwise): many partitions into one array each."""

def split_scores_append(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    weights: NDArray[np.float64] | None,
    buffer: NDArray[np.floating],
    buffer_weights: NDArray[np.float64] | None,
    n_neg: int,
    n_pos: int,
) -> tuple[int, int]:
    """One batch appended to a buffer (the scores' dtype, contiguous) holding n_neg
    negatives at its front and n_pos positives at its back: negatives after the front ones,
    positives (input order) just before the back ones, weights alongside (both None or
    both given); zero weights dropped. (negatives added, positives added); ValueError if
    the free room is too small."""

def merge_sorted(a: NDArray[np.floating], b: NDArray[np.floating]) -> NDArray[np.floating]:
    """The ascending union of two ascending arrays of one dtype (a one-pass merge)."""

def ap_merge(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
) -> float:
    """Average precision sum_k (tp_k - tp_{k-1}) tp_k / (tp_k + fp_k) / tp_last, descending."""

# Counts are exact to 2**62 rows: pair counts and KS gaps are accumulated in 128 bits
# (unsigned __int128 where the C compiler has it, two 64-bit words otherwise) and returned
# as Python ints; the fallback uses Python ints where int64 could overflow.

def auc_merge(neg: NDArray[np.floating], pos: NDArray[np.floating]) -> int:
    """2 * Mann-Whitney U = sum over positives of 2 #{neg < s} + #{neg == s} (exact)."""

def auc_merge_rows(neg: NDArray[np.floating], pos: NDArray[np.floating]) -> list[int]:
    """auc_merge of each row pair of two C-contiguous 2-D arrays (rows sorted ascending)."""

def auc_counts(neg: NDArray[np.int64], pos: NDArray[np.int64]) -> int:
    """2 * Mann-Whitney U from per-threshold counts of each class (thresholds ascending,
    each class total <= 2**62): sum_t pos[t] * (2 * sum_{u<t} neg[u] + neg[t]) (exact)."""

def ks_counts(neg: NDArray[np.int64], pos: NDArray[np.int64]) -> tuple[int, int]:
    """(max_t |n_pos C-(t) - n_neg C+(t)|, first index t reaching it) from per-threshold
    counts of each class (thresholds ascending, C the cumulative counts, each class total
    <= 2**62; at least one threshold). KS statistic = result / (n_pos n_neg) (exact)."""

def auc_merge_weighted(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64],
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64],
) -> float:
    """Sum over positives of w+ (W-(< s) + W-(== s) / 2), ascending order."""

def ks_merge(neg: NDArray[np.floating], pos: NDArray[np.floating]) -> tuple[int, float]:
    """(max |n+ #{neg <= t} - n- #{pos <= t}|, smallest t reaching it); both classes non-empty."""

def count_scores(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    max_distinct: int,
) -> tuple[NDArray[np.float64], NDArray[np.int64], NDArray[np.int64], int, int] | None:
    """(distinct scores ascending, negatives per score, positives per score, min label,
    max label); None when there are more than max_distinct distinct scores."""

def take_rows_transposed(
    scores: NDArray[np.floating], rows: NDArray[np.intp], out: NDArray[np.floating]
) -> None:
    """out[j, r] = scores[rows[r], j] (out C-contiguous, same dtype as scores)."""

def ks_merge_weighted(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64],
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64],
) -> tuple[float, float]:
    """(max |F-(t) - F+(t)| with weighted CDFs, smallest t reaching it)."""

# --- ordering (rankscore/_kernels/sort.pyx, rankscore/_fallback/sort.py) -----------------
# Scores are ordered by an order-preserving integer key (sign bit flipped for positives, all
# bits for negatives, -0.0 first made 0.0); the compiled module buckets them by the key, the
# fallback sorts each class as one run with np.sort. The sorted arrays are the same.

NUMPY_SORT: bool
"""True in the fallback (its runs are sorted by np.sort), False in the compiled module."""

def split_buckets(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    weights: NDArray[np.float64] | None = None,
) -> tuple[
    NDArray[np.floating], NDArray[np.float64] | None, NDArray[np.int64],
    NDArray[np.floating], NDArray[np.float64] | None, NDArray[np.int64], int, int,
]:
    """(neg, neg_weights, neg_edges, pos, pos_weights, pos_edges, smallest label, largest
    label): each class's scores (-0.0 as 0.0) in runs [edges[r], edges[r + 1]), every run
    below the next, input order kept inside a run; zero-weight samples dropped."""

def sort_runs(
    scores: NDArray[np.floating],
    edges: NDArray[np.int64],
    weights: NDArray[np.float64] | None = None,
) -> None:
    """Sort every run scores[edges[r]:edges[r + 1]] ascending in place (-0.0 becomes 0.0);
    weights move alongside, equal scores keep their order (stable). Releases the GIL."""

# --- ranking (rankscore/_kernels/ranking.pyx, rankscore/_fallback/ranking.py) -------------
# Ranking masks: bit i-1 set when position i (1-based) holds a list element; p <= 62.

def check_positions(
    positions: NDArray[np.int64], order: NDArray[np.int64], max_position: int
) -> tuple[int, int, int]:
    """(code, first, second): 0 ok; 1 positions[first] < 1; 3 positions[first] >
    max_position; 2 positions[first] == positions[second] (first < second). ``order`` is
    the stable argsort of ``positions``."""

def score_columns(
    k: NDArray[np.int64], p: NDArray[np.int64], soma: NDArray[np.int64], m: float
) -> NDArray[np.float64]:
    """s = k/p + (2/m) soma / (p (p-1)); s = 1 where p = 1."""

def mask_columns(
    masks: NDArray[np.uint64],
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """(k, p, soma) of each mask; soma = sum of the positions holding '-'."""

def score_masks(masks: NDArray[np.uint64], m: float) -> NDArray[np.float64]:
    """score_columns(*mask_columns(masks), m)."""

def enumerate_rankings_into(
    p: int, k: int, m: float, masks: NDArray[np.uint64], scores: NDArray[np.float64]
) -> None:
    """Fill masks/scores (length C(p-1, k-1), preallocated) with all rankings of (p, k) in
    enumeration order ('x' before '-', lexicographic)."""

# --- ties (rankscore/_kernels/ties.pyx, rankscore/_fallback/ties.py) ------------------------

def equal_runs(
    sorted_values: NDArray[np.float32] | NDArray[np.float64] | NDArray[np.int64] | NDArray[np.uint64],
) -> NDArray[np.int64]:
    """Run boundaries b of a sorted 1-D array (b[0] = 0, b[-1] = n); run j is
    sorted_values[b[j]:b[j+1]]; empty input gives [0]."""

# ---- point metrics (_kernels/point.pyx / _fallback/point.py)
# ``labels``: any integer dtype (bools viewed as uint8), ``pos_code`` the positive label in
# that dtype; ``score``: float32 or float64; predicted positive = score >= threshold,
# compared in float64. Returns the four cells and the smallest/largest label.

def threshold_confusion(
    labels: NDArray[np.integer], pos_code: int, score: NDArray[np.floating], threshold: float
) -> tuple[int, int, int, int, int, int]: ...
def threshold_confusion_weighted(
    labels: NDArray[np.integer],
    pos_code: int,
    score: NDArray[np.floating],
    threshold: float,
    weight: NDArray[np.float64],
) -> tuple[float, float, float, float, int, int]: ...

# --- multilabel (rankscore/_kernels/multilabel.pyx, rankscore/_fallback/multilabel.py) ------
# y_true, y_pred: C-contiguous (n_samples, n_labels) matrices of one dtype (any int/uint
# width, float32/float64; bool viewed as uint8). Per label the sums tn, predicted, true, tp;
# per sample the cells in the order 2 * true + pred: tn, fp, fn, tp. bad: flat index of the
# first value that is neither 0 nor 1 (-1 if none; the counts are incomplete then).

def multilabel_confusion(
    y_true: NDArray[np.number], y_pred: NDArray[np.number]
) -> tuple[NDArray[np.int64], NDArray[np.int64], int]:
    """(label_sums (n_labels, 4), sample_cells (n_samples, 4), bad)."""

def multilabel_confusion_weighted(
    y_true: NDArray[np.number], y_pred: NDArray[np.number], weight: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.int64], int]:
    """As multilabel_confusion; label sums are float64 weight sums (in sample order)."""

def multilabel_confusion_csr(
    t_ptr: NDArray[np.int64], t_idx: NDArray[np.int64], t_val: NDArray[np.float64],
    p_ptr: NDArray[np.int64], p_idx: NDArray[np.int64], p_val: NDArray[np.float64],
    n_labels: int, weight: NDArray[np.float64],
) -> tuple[NDArray[np.float64] | NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """CSR input (indices sorted per row, no duplicates, data 0/1; a stored 0 is absent):
    (per label sums union, predicted, true, tp — int64 when weight is empty; per label
    positive-weight samples in the union; per sample cells tn, fp, fn, tp)."""
# ---- IR over many queries (_kernels/ir.pyx / _fallback/ir.py)
# Queries are flat: entries of query j are [offsets[j], offsets[j+1]); ``rel`` is the judged
# relevance of each retrieved element in ranking order (-1 = not judged); ``cut[j]`` is how
# many ranks of query j count.

def fnv1a_hashes(pool: NDArray[np.uint8], offsets: NDArray[np.int64]) -> NDArray[np.uint64]:
    """64-bit FNV-1a hash of each id pool[offsets[i]:offsets[i + 1]] (UTF-8 bytes)."""

def gather_ids(
    pool: NDArray[np.uint8], offsets: NDArray[np.int64], codes: NDArray[np.int64]
) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """(pool, offsets) whose id i is id codes[i] of the input."""

def parse_trec(
    data: NDArray[np.uint8], n_fields: int, value_field: int, integer_values: bool,
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
    """(query codes, query pool, query offsets, element pool, element offsets, element
    hashes, values, bad line): a TREC run (6 fields, value 4) or qrels file (4 fields,
    value 3), one entry per non-blank line; distinct query ids in order of appearance,
    one element id per entry (UTF-8 bytes pool[offsets[i]:offsets[i + 1]], FNV-1a hashes);
    a value field that C does not read plainly is read_value(field bytes) (None: not a
    number); bad line = 1-based number of the first unreadable line, 0 if none."""

def ir_first_duplicate(
    offsets: NDArray[np.int64],
    docs: NDArray[np.int64],
    pool: NDArray[np.uint8],
    pool_offsets: NDArray[np.int64],
    hashes: NDArray[np.uint64],
) -> int:
    """Index of the first entry whose element id (id docs[i] of the pool) appeared before
    in the same query, -1 if none."""

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
    """(judged relevance of each run entry of each evaluated query, -1 if not judged, laid out
    at out_offsets; whether two distinct ids met with one hash). The qrels entry is found by
    hash (ascending within a query), then the two ids are compared byte for byte."""

def ir_relevant_in_top(
    offsets: NDArray[np.int64], rel: NDArray[np.int64], level: int, cut: NDArray[np.int64]
) -> NDArray[np.int64]:
    """#{rank <= cut[j] : rel >= level} per query."""

def ir_precision_sum(
    offsets: NDArray[np.int64], rel: NDArray[np.int64], level: int, cut: NDArray[np.int64]
) -> NDArray[np.float64]:
    """sum over relevant ranks i <= cut of (#relevant in top i) / i, per query."""

def ir_first_relevant(
    offsets: NDArray[np.int64], rel: NDArray[np.int64], level: int, cut: NDArray[np.int64]
) -> NDArray[np.int64]:
    """1-based rank of the first relevant element within the cut, 0 if none, per query."""

def ir_dcg(
    offsets: NDArray[np.int64],
    rel: NDArray[np.int64],
    cut: NDArray[np.int64],
    log2_rank: NDArray[np.float64],
    exponential: bool,
) -> NDArray[np.float64]:
    """sum over ranks i <= cut with rel > 0 of gain / log2_rank[i-1], gain = rel or 2^rel - 1."""

def ir_bpref(
    offsets: NDArray[np.int64],
    rel: NDArray[np.int64],
    level: int,
    num_rel: NDArray[np.int64],
    num_nonrel: NDArray[np.int64],
) -> NDArray[np.float64]:
    """sum over judged relevant r of 1 - min(N_r, R) / min(N, R) (1 if N_r = 0), per query."""

def ir_ranking_columns(
    offsets: NDArray[np.int64], rel: NDArray[np.int64], level: int
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """(k, p, soma) of each query's ranking cut after its last relevant element."""
# --- score summary (rankscore/_kernels/summary.pyx, rankscore/_fallback/summary.py) --------
# A summary: thresholds (distinct scores, strictly decreasing, float32/float64, no -0.0) and
# the negatives / positives scoring exactly each one (int64 counts or float64 weight sums).

def summary_from_sorted(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
) -> tuple[NDArray[np.floating], NDArray[np.int64] | NDArray[np.float64],
           NDArray[np.int64] | NDArray[np.float64]]:
    """(thresholds, negatives, positives) of each class's ascending scores: int64 counts
    without weights, else float64 weight sums (added from 0.0, highest index first)."""

def summary_merge(
    thr_a: NDArray[np.floating],
    neg_a: NDArray[np.int64] | NDArray[np.float64],
    pos_a: NDArray[np.int64] | NDArray[np.float64],
    thr_b: NDArray[np.floating],
    neg_b: NDArray[np.int64] | NDArray[np.float64],
    pos_b: NDArray[np.int64] | NDArray[np.float64],
) -> tuple[NDArray[np.floating], NDArray[np.int64] | NDArray[np.float64],
           NDArray[np.int64] | NDArray[np.float64]]:
    """The union of two summaries' thresholds (descending) with counts a + b where shared;
    both of one score dtype and one count dtype."""

def summary_scan_counts(
    neg: NDArray[np.int64], pos: NDArray[np.int64]
) -> tuple[int, int, int, int, int, float, float]:
    """(N, P, 2U pairs, largest KS gap |P N(<=t) - N P(<=t)|, its index from the lowest
    score, Σ P(t) prec(t) from the top, trapezoidal PR area from the top); exact integers."""

def summary_scan_weights(
    neg: NDArray[np.float64], pos: NDArray[np.float64]
) -> tuple[float, float, float, float, int, float, float, float]:
    """(W-, W+, Σ W+(t) (W-(<t) + W-(t)/2), largest |W+ C-(t) - W- C+(t)|, its index from
    the lowest score, Σ gain prec from the top, PR area, W+ summed from the top)."""

def summary_running(
    neg: NDArray[np.int64] | NDArray[np.float64], pos: NDArray[np.int64] | NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """(fps, tps): float64 running sums from the top score down (the sweep)."""

def objective_scan(
    fps: NDArray[np.float64], tps: NDArray[np.float64], code: int, a: float, b: float,
    c: float, e: float, positives: float, negatives: float, near_best: float,
) -> tuple[float, int]:
    """best_threshold's objective ``code`` over the sweep: (max over feasible thresholds, -1)
    when near_best is NaN, else (value, index) of the first feasible one >= near_best."""

def summary_merge_many_into(
    out_t: NDArray[np.floating],
    out_n: NDArray[np.int64] | NDArray[np.float64],
    out_p: NDArray[np.int64] | NDArray[np.float64],
    at: int,
    thresholds: list[NDArray[np.floating]],
    negatives: list[NDArray[np.int64]] | list[NDArray[np.float64]],
    positives: list[NDArray[np.int64]] | list[NDArray[np.float64]],
    starts: NDArray[np.int64],
    stops: NDArray[np.int64],
) -> int:
    """The ranges [starts[r], stops[r]) of k summaries (C-contiguous, the out_* dtypes)
    merged into out_*[at:] by a tournament tree (GIL released); counts at a shared
    threshold added in list order. Returns the number written."""

def summary_merge_sorted_size(
    thr: NDArray[np.floating], d: int, neg: NDArray[np.floating], pos: NDArray[np.floating]
) -> int:
    """Distinct values of thr[:d] (descending) and the ascending class parts together."""

def summary_merge_sorted_into(
    thr: NDArray[np.floating],
    negatives: NDArray[np.int64] | NDArray[np.float64],
    positives: NDArray[np.int64] | NDArray[np.float64],
    d: int,
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
) -> int:
    """Merge the ascending class parts into summary (thr, negatives, positives)[:d] in
    place (the arrays have room for the result); returns the merged length."""

def summary_merge_sorted_pair_into(
    thr_a: NDArray[np.floating],
    negatives_a: NDArray[np.int64],
    positives_a: NDArray[np.int64],
    d_a: int,
    neg_a: NDArray[np.floating],
    pos_a: NDArray[np.floating],
    thr_b: NDArray[np.floating],
    negatives_b: NDArray[np.int64],
    positives_b: NDArray[np.int64],
    d_b: int,
    neg_b: NDArray[np.floating],
    pos_b: NDArray[np.floating],
) -> tuple[int, int]:
    """Two unweighted summary_merge_sorted_into merges (a and b, arrays not overlapping)
    taking turns in one loop (the CPU overlaps them); (merged length of a, of b)."""

def summary_from_sorted_into(
    out_t: NDArray[np.floating],
    out_n: NDArray[np.int64],
    out_p: NDArray[np.int64],
    at: int,
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
) -> int:
    """summary_from_sorted of unweighted parts written into out_*[at:] (GIL released);
    returns the number of thresholds."""

def objective_scan_counts(
    neg: NDArray[np.int64], pos: NDArray[np.int64], code: int, a: float, b: float,
    positives: float, negatives: float, near_best: float,
) -> tuple[float, int, int, int]:
    """objective_scan (codes 2, 3, 4) on an unweighted summary's counts: (max, -1, 0, 0)
    when near_best is NaN, else (value, index, tp, fp) of the first value >= near_best."""

def summary_check(
    thresholds: NDArray[np.floating],
    negatives: NDArray[np.int64] | NDArray[np.float64],
    positives: NDArray[np.int64] | NDArray[np.float64],
    limit: int,
) -> tuple[int, int, int | float, int | float]:
    """(kind, index, negatives total, positives total) of a summary's arrays in one pass.
    kind 0: fine; otherwise the first of 1 a threshold not finite, 2 not strictly
    decreasing, 3 -0.0, 4/5 a negatives/positives entry below 0 or not finite, 6 a
    threshold with no sample, 7 counts past ``limit`` rows (added without wrapping) or weight
    sums with no finite total; index: the first entry of that kind."""

CRC32C_LEVEL: int  # 0 tables, 1 the crc32 instruction, 2 512-bit folding (fallback: 0)

def crc32c(data: bytes | NDArray[np.uint8] | memoryview, crc: int = 0, level: int = 2) -> int:
    """CRC-32C (Castagnoli) of ``data`` continued from ``crc`` (0 to start); ``level`` caps
    how it is computed (see CRC32C_LEVEL; 0: the tables)."""

def bytes_with_crc32c(parts: tuple[bytes | NDArray[np.generic], ...],
                      n_threads: int = 1) -> bytes:
    """The buffers of ``parts`` one after another, each zero-padded to a multiple of 8
    bytes, then their CRC-32C (4 bytes, little-endian); with ``n_threads`` >= 2, outputs of
    8 MiB or more are written (and checksummed) on two threads, one half each."""

# what summary_report_counts and report_of_parts read (see their docstrings)
_ReportReads = tuple[int, int, int, int, float, float, float, tuple[float, float, int, int],
                     tuple[float, float, int, int], tuple[int, int], float, NDArray[np.int64],
                     NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]

def summary_report_counts(
    thresholds: NDArray[np.floating], neg: NDArray[np.int64], pos: NDArray[np.int64],
    cuts: NDArray[np.int64], rtol: float, threshold: float,
) -> _ReportReads:
    """binary_report's reads of an unweighted summary with both classes (thresholds
    descending) in one pass: (N, P, 2U, KS gap, KS threshold, AP sum, PR area,
    (J, threshold, tp, fp) and (F1, threshold, tp, fp) at the first threshold within rtol of
    the best, (tp, fp) at ``threshold``, the top threshold, and per cut tp, fp, the
    threshold and the next one below at the first threshold whose tp + fp reaches it)."""

def report_of_parts(
    neg_a: NDArray[np.floating], neg_b: NDArray[np.floating], pos: NDArray[np.floating],
    cuts: NDArray[np.int64], rtol: float, threshold: float,
) -> _ReportReads:
    """summary_report_counts of the summary of the negatives (two parts, each sorted
    ascending, either may be empty) and the positives (sorted ascending), both classes
    present, read while merging the parts (the summary is never written)."""

def roc_corners(
    fps: NDArray[np.float64], tps: NDArray[np.float64], thresholds: NDArray[np.floating]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.floating]]:
    """The sweep's first and last points and its corners (drop_intermediate for ROC)."""

def summary_sweep(
    neg: NDArray[np.floating], pos: NDArray[np.floating]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.floating]]:
    """(fps, tps, thresholds) of the unweighted summary of the ascending class parts, in
    one pass (summary_running of summary_from_sorted)."""

def roc_points(
    neg: NDArray[np.floating], pos: NDArray[np.floating], drop_intermediate: bool
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """roc_curve's (fpr, tpr, thresholds) from the ascending class parts (both non-empty) in
    one pass: (0, 0, inf), then every distinct threshold from the top (or only the first,
    last and corners with drop_intermediate)."""

def pr_points_into(
    neg: NDArray[np.floating], pos: NDArray[np.floating], i: int, j: int, neg_stop: int,
    pos_stop: int, drop_intermediate: bool, precision: NDArray[np.float64],
    recall: NDArray[np.float64], thresholds: NDArray[np.floating], k: int,
) -> int:
    """precision_recall_curve's points of the distinct thresholds in neg[i:neg_stop] and
    pos[j:pos_stop] (ascending class parts, both non-empty; no tie across the range ends),
    written ascending from index k in one pass; returns the index after the last."""

# ---- uncertainty (_kernels/uncertainty.pyx / _fallback/uncertainty.py)
# Bootstrap: positions [0, n_neg) are the negatives, [n_neg, n) the positives, in sorted
# order or, with neg_order/pos_order, position order[i] for the i-th smallest score.
# Replicate r draws from the SplitMix64 stream seeded with seeds[r] (output k picks
# start + floor((z_k >> 11) 2^-53 size)); a sample weighs (times drawn) x (its weight).

def delong_sample_placements(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    scores: NDArray[np.floating],
    n_pos: int,
    out: NDArray[np.float64],
) -> float:
    """Twice the placements of every sample, in sample order (n_pos: the number of
    positives): out[i] = 2 #{neg < x_i} + #{neg == x_i} for a positive x_i,
    2 #{pos > x_i} + #{pos == x_i} for a negative. Returns 2U, the sum over positives."""

def delong_scale(
    labels: NDArray[np.integer],
    pos_code: np.integer,
    values: NDArray[np.float64],
    pos_shift: float,
    pos_scale: float,
    neg_shift: float,
    neg_scale: float,
) -> None:
    """In place: (values[i] - shift) * scale with the shift and scale of sample i's class."""

def delong_square_sums(
    neg: NDArray[np.floating], pos: NDArray[np.floating], mean_pos: float, mean_neg: float
) -> tuple[float, float]:
    """(sum over positives of (c - mean_pos)^2, sum over negatives of (d - mean_neg)^2), c and
    d the placements of delong_sample_placements (parts sorted ascending); one tied group
    at a time, ascending."""

def bootstrap_auc(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
    neg_order: NDArray[np.intp] | None,
    pos_order: NDArray[np.intp] | None,
    stratified: bool,
    seeds: NDArray[np.uint64],
    out: NDArray[np.float64],
) -> None:
    """out[r] = ROC AUC of replicate r (NaN when a class is not drawn)."""

def bootstrap_group_counts(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
    neg_order: NDArray[np.intp] | None,
    pos_order: NDArray[np.intp] | None,
    stratified: bool,
    seeds: NDArray[np.uint64],
    out: NDArray[np.float64],
) -> None:
    """out[r, 2g], out[r, 2g + 1] = replicate r's weight of negatives, positives at the g-th
    smallest distinct score."""

# --- Kolmogorov-Smirnov tests (rankscore/_kernels/ks.pyx, rankscore/_fallback/ks.py) ------

def ks_counts_signed(neg: NDArray[np.int64], pos: NDArray[np.int64]) -> tuple[int, int, int, int]:
    """(plus, first index of plus, minus, first index of minus) from per-threshold counts of
    each class (thresholds ascending, C the cumulative counts, each class total <= 2**62):
    plus = max_t n_pos C-(t) - n_neg C+(t) >= 0, minus = max_t n_neg C+(t) - n_pos C-(t) >= 0
    (exact)."""

def ks_merge_signed(
    neg: NDArray[np.floating], pos: NDArray[np.floating]
) -> tuple[int, float, int, float]:
    """(plus, smallest t of plus, minus, smallest t of minus) with plus = max over distinct t
    of n+ #{neg <= t} - n- #{pos <= t}, minus that of its negation (exact ints); both parts
    sorted ascending and non-empty."""

def ks_two_sample_sf(
    m: int, n: int, h: int, two_sided: bool, checked: NDArray[np.uint8]
) -> float:
    """P(D >= h / lcm(m, n)) for samples of m and n values: the share of lattice paths to
    (m, n) reaching i n' - j m' >= h (one-sided) or |i n' - j m'| >= h (two-sided),
    n' = n / gcd, m' = m / gcd; h > 0. checked (length m + n + 1, or empty for all): the
    boundary only counts after s = i + j values where checked[s] (exact law given ties)."""
