"""The kernels of each topic, named once for both backends.

The compiled module ``rankscore._kernels.<topic>`` and its NumPy twin
``rankscore._fallback.<topic>`` both export exactly ``KERNELS[topic]``, in this order, with
the same signatures: the twin's, documented in its docstrings and re-exported as the compiled
package's types by ``rankscore/_kernels/__init__.pyi``.
"""

from __future__ import annotations

__all__ = ["KERNELS"]

KERNELS: dict[str, tuple[str, ...]] = {
    "ranking": (
        "check_positions",
        "score_columns",
        "mask_columns",
        "score_masks",
        "enumerate_rankings_into",
        "equal_runs",
    ),
    "sweep": (
        "split_scores",
        "split_scores_into",
        "split_scores_append",
        "merge_sorted",
        "ap_merge",
        "auc_merge",
        "auc_merge_weighted",
        "auc_merge_rows",
        "auc_counts",
        "ks_merge",
        "ks_counts",
        "ks_merge_weighted",
        "take_rows_transposed",
        "count_scores",
    ),
    "sort": ("NUMPY_SORT", "split_buckets", "sort_runs"),
    "point": ("threshold_confusion", "threshold_confusion_weighted"),
    "uncertainty": (
        "delong_sample_placements",
        "delong_scale",
        "delong_square_sums",
        "bootstrap_auc",
        "bootstrap_group_counts",
    ),
    "multilabel": (
        "multilabel_confusion",
        "multilabel_confusion_weighted",
        "multilabel_confusion_csr",
    ),
    "ir": (
        "fnv1a_hashes",
        "parse_trec",
        "gather_ids",
        "ir_first_duplicate",
        "ir_join",
        "ir_relevant_in_top",
        "ir_precision_sum",
        "ir_first_relevant",
        "ir_dcg",
        "ir_bpref",
        "ir_ranking_columns",
    ),
    "summary": (
        "summary_from_sorted",
        "summary_from_sorted_into",
        "summary_scan_counts",
        "summary_report_counts",
        "report_of_parts",
        "summary_scan_weights",
        "summary_running",
        "objective_scan",
        "objective_scan_counts",
        "summary_merge_many_into",
        "summary_merge_sorted_size",
        "summary_merge_sorted_into",
        "summary_merge_sorted_pair_into",
        "roc_corners",
        "summary_sweep",
        "roc_points",
        "pr_points_into",
        "summary_check",
    ),
    "checksum": ("CRC32C_LEVEL", "crc32c", "bytes_with_crc32c"),
    "ks": ("ks_merge_signed", "ks_counts_signed", "ks_two_sample_sf"),
}
