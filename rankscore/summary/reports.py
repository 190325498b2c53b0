"""What ``binary_report`` reads of a summary in one compiled pass, as its numbers: the
gain table's group borders to cut at, and the scan, confusion, best thresholds and gain
table made from what the kernels return."""

from __future__ import annotations

import bisect
from typing import Any

import numpy as np

from ..metrics import BinaryConfusion
from .._engine.results import ThresholdChoice
from .._engine.sweep import scan_of_counts
from .._engine.views import gain_table_at

__all__ = ["REPORT_MAX_CUTS", "report_cuts", "report_of_reads", "summary_confusion"]

# binary_report reads the gain table's group borders in its one pass (a cut per group)
# for up to this many groups; more groups read the summary's sweep
REPORT_MAX_CUTS = 1024


def report_cuts(n: int, n_groups: int) -> np.ndarray | None:
    """The row counts ``ceil(g n / groups)`` that end the gain table's groups (the first
    threshold whose running count reaches one is a border, as the gain table's borders);
    None for more than REPORT_MAX_CUTS groups."""
    groups = min(n_groups, n)
    if groups > REPORT_MAX_CUTS:
        return None
    return np.array([-(-g * n // groups) for g in range(1, groups + 1)], dtype=np.int64)


def report_of_reads(reads: Any, n_groups: int, threshold: float,
                    with_table: bool) -> tuple[Any, BinaryConfusion, Any, Any, Any]:
    """(scan, confusion at ``threshold``, Youden's J choice, F1 choice, gain table or None)
    from the numbers of ``summary_report_counts`` / ``report_of_parts``."""
    (n_neg, n_pos, pairs, gap, ks_threshold, ap, area, youden, f1, (tp, fp), top,
     border_tp, border_fp, border_t, next_t) = reads
    scan = scan_of_counts(n_neg, n_pos, pairs, gap, ks_threshold, ap, area)

    def confusion(tp: Any, fp: Any, at: float) -> BinaryConfusion:
        return BinaryConfusion(tp, fp, n_pos - tp, n_neg - fp, threshold=at)

    youden, f1 = (ThresholdChoice(t, value, confusion(tp, fp, t), objective)
                  for objective, (value, t, tp, fp) in (("youden", youden), ("f_beta", f1)))
    table = None
    if with_table:  # several cuts may end at one threshold: one group
        counts = border_tp + border_fp
        kept = np.flatnonzero(np.diff(counts, prepend=-1))
        score_max = np.concatenate(([top], next_t[kept[:-1]]))
        table = gain_table_at(
            border_tp[kept].astype(np.float64), border_fp[kept].astype(np.float64),
            score_max, border_t[kept], float(n_pos), float(n_neg), n_groups, weighted=False)
    return scan, confusion(tp, fp, threshold), youden, f1, table


def summary_confusion(thresholds: np.ndarray, negatives: np.ndarray, positives: np.ndarray,
                      at: float, rule: dict[str, Any]) -> BinaryConfusion:
    """The confusion of a summary (not empty) predicting positive for ``score >= at``
    (``rule``: the threshold and strictness it reports)."""
    # thresholds at or above it (compared in float64, as the point kernels compare)
    above = len(thresholds) - bisect.bisect_left(thresholds[::-1], np.float64(at))
    if negatives.dtype.kind != "f":  # exact integers, summed above the threshold
        tp, fp = int(positives[:above].sum()), int(negatives[:above].sum())
        return BinaryConfusion(tp, fp, int(positives[above:].sum()),
                               int(negatives[above:].sum()), **rule)
    # each cell is summed directly (an empty cell is exactly 0, not rounding noise)
    return BinaryConfusion(
        float(positives[:above].sum()), float(negatives[:above].sum()),
        float(positives[above:].sum()), float(negatives[above:].sum()), **rule)
