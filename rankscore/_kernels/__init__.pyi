"""Interface of the kernel packages ``rankscore._kernels`` (compiled) and ``rankscore._fallback``.

Each compiled module ``rankscore._kernels.<topic>`` has exactly the signatures of its NumPy
twin ``rankscore._fallback.<topic>``, and the twin's docstrings document both (the compiled
kernels' own docstrings add how their loops work). So this stub writes no signature of its
own: it re-exports every kernel from the fallback module of its topic, and declares only the
type of the two constants whose value differs by backend (NUMPY_SORT, CRC32C_LEVEL).
tests/test_backend.py checks that the stub re-exports every kernel of
``rankscore._kernel_names.KERNELS`` from the module of its topic and defines nothing else,
and that both modules of a topic expose the same names with the same parameters. Callers
validate every argument first.
"""

# --- sweep (rankscore/_kernels/sweep.pyx, rankscore/_fallback/sweep.py) ---------------------
# Labels are an integer array (any int/uint width; bool viewed as uint8) and the positive
# code of the same dtype; scores float32 or float64. The merge kernels take each class's
# scores sorted ascending (weights in the same order) and return float thresholds as Python
# floats, counts as Python ints.
# Counts are exact to 2**62 rows: pair counts and KS gaps are accumulated in 128 bits
# (unsigned __int128 where the C compiler has it, two 64-bit words otherwise) and returned
# as Python ints; the fallback uses Python ints where int64 could overflow.
from rankscore._fallback.sweep import (
    split_scores as split_scores,
    split_scores_into as split_scores_into,
    split_scores_append as split_scores_append,
    merge_sorted as merge_sorted,
    ap_merge as ap_merge,
    auc_merge as auc_merge,
    auc_merge_weighted as auc_merge_weighted,
    auc_merge_rows as auc_merge_rows,
    auc_counts as auc_counts,
    ks_merge as ks_merge,
    ks_counts as ks_counts,
    ks_merge_weighted as ks_merge_weighted,
    take_rows_transposed as take_rows_transposed,
    count_scores as count_scores,
)

# --- ordering (rankscore/_kernels/sort.pyx, rankscore/_fallback/sort.py) -----------------
# Scores are ordered by an order-preserving integer key (sign bit flipped for positives, all
# bits for negatives, -0.0 first made 0.0); the compiled module buckets them by the key, the
# fallback sorts each class as one run with np.sort. The sorted arrays are the same.
from rankscore._fallback.sort import (
    split_buckets as split_buckets,
    sort_runs as sort_runs,
)

NUMPY_SORT: bool  # True in the fallback (its runs sorted by np.sort), False in the compiled

# --- ranking (rankscore/_kernels/ranking.pyx, rankscore/_fallback/ranking.py) -------------
# Ranking masks: bit i-1 set when position i (1-based) holds a list element; p <= 62.
from rankscore._fallback.ranking import (
    check_positions as check_positions,
    score_columns as score_columns,
    mask_columns as mask_columns,
    score_masks as score_masks,
    enumerate_rankings_into as enumerate_rankings_into,
    equal_runs as equal_runs,
)

# --- point metrics (rankscore/_kernels/point.pyx, rankscore/_fallback/point.py) ------------
# ``labels``: any integer dtype (bools viewed as uint8), ``pos_code`` the positive label in
# that dtype; ``score``: float32 or float64; predicted positive = score >= threshold,
# compared in float64. Returns the four cells and the smallest/largest label.
from rankscore._fallback.point import (
    threshold_confusion as threshold_confusion,
    threshold_confusion_weighted as threshold_confusion_weighted,
)

# --- multilabel (rankscore/_kernels/multilabel.pyx, rankscore/_fallback/multilabel.py) ------
# y_true, y_pred: C-contiguous (n_samples, n_labels) matrices of one dtype (any int/uint
# width, float32/float64; bool viewed as uint8). Per label the sums tn, predicted, true, tp;
# per sample the cells in the order 2 * true + pred: tn, fp, fn, tp. bad: flat index of the
# first value that is neither 0 nor 1 (-1 if none; the counts are incomplete then).
from rankscore._fallback.multilabel import (
    multilabel_confusion as multilabel_confusion,
    multilabel_confusion_weighted as multilabel_confusion_weighted,
    multilabel_confusion_csr as multilabel_confusion_csr,
)

# --- IR over many queries (rankscore/_kernels/ir.pyx, rankscore/_fallback/ir.py) ----------
# Queries are flat: entries of query j are [offsets[j], offsets[j+1]); ``rel`` is the judged
# relevance of each retrieved element in ranking order (-1 = not judged); ``cut[j]`` is how
# many ranks of query j count.
from rankscore._fallback.ir import (
    fnv1a_hashes as fnv1a_hashes,
    parse_trec as parse_trec,
    gather_ids as gather_ids,
    ir_first_duplicate as ir_first_duplicate,
    ir_join as ir_join,
    ir_relevant_in_top as ir_relevant_in_top,
    ir_precision_sum as ir_precision_sum,
    ir_first_relevant as ir_first_relevant,
    ir_dcg as ir_dcg,
    ir_bpref as ir_bpref,
    ir_ranking_columns as ir_ranking_columns,
)

# --- score summary (rankscore/_kernels/summary.pyx, rankscore/_fallback/summary.py) --------
# A summary: thresholds (distinct scores, strictly decreasing, float32/float64, no -0.0) and
# the negatives / positives scoring exactly each one (int64 counts or float64 weight sums).
from rankscore._fallback.summary import (
    summary_from_sorted as summary_from_sorted,
    summary_from_sorted_into as summary_from_sorted_into,
    summary_scan_counts as summary_scan_counts,
    summary_report_counts as summary_report_counts,
    report_of_parts as report_of_parts,
    summary_scan_weights as summary_scan_weights,
    summary_running as summary_running,
    objective_scan as objective_scan,
    objective_scan_counts as objective_scan_counts,
    summary_merge_many_into as summary_merge_many_into,
    summary_merge_sorted_size as summary_merge_sorted_size,
    summary_merge_sorted_into as summary_merge_sorted_into,
    summary_merge_sorted_pair_into as summary_merge_sorted_pair_into,
    roc_corners as roc_corners,
    summary_sweep as summary_sweep,
    roc_points as roc_points,
    pr_points_into as pr_points_into,
    summary_check as summary_check,
)

# --- checksum (rankscore/_kernels/checksum.pyx, rankscore/_fallback/checksum.py) -----------
from rankscore._fallback.checksum import (
    crc32c as crc32c,
    bytes_with_crc32c as bytes_with_crc32c,
)

CRC32C_LEVEL: int  # 0 tables, 1 the crc32 instruction, 2 512-bit folding (fallback: 0)

# --- uncertainty (rankscore/_kernels/uncertainty.pyx, rankscore/_fallback/uncertainty.py) ---
# Bootstrap: positions [0, n_neg) are the negatives, [n_neg, n) the positives, in sorted
# order or, with neg_order/pos_order, position order[i] for the i-th smallest score.
# Replicate r draws from the SplitMix64 stream seeded with seeds[r] (output k picks
# start + floor((z_k >> 11) 2^-53 size)); a sample weighs (times drawn) x (its weight).
from rankscore._fallback.uncertainty import (
    delong_sample_placements as delong_sample_placements,
    delong_scale as delong_scale,
    delong_square_sums as delong_square_sums,
    bootstrap_auc as bootstrap_auc,
    bootstrap_group_counts as bootstrap_group_counts,
)

# --- Kolmogorov-Smirnov tests (rankscore/_kernels/ks.pyx, rankscore/_fallback/ks.py) ------
from rankscore._fallback.ks import (
    ks_merge_signed as ks_merge_signed,
    ks_counts_signed as ks_counts_signed,
    ks_two_sample_sf as ks_two_sample_sf,
)
