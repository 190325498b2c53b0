"""Compressed summaries of Dask collections: at most max_thresholds bins placed at score
quantiles of all partitions."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._distributed import LabelsSeen, check_labels_seen, labels_seen, merged_labels
from ..summary import ScoreSummary
from .partitions import partition_tasks, tree_merge

__all__ = ["quantile_borders", "compressed_summary"]

# (quantiles of a partition's finite scores, their count)
_Quantiles = tuple[np.ndarray, int]
# per bin (descending): bin numbers, lowest scores, negatives, positives; then the
# positive-negative pairs tied already, pos_label, and the report of the labels
_Binned = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, float, Any, LabelsSeen]


def _score_quantiles(y_true: Any, y_score: Any, sample_weight: Any = None,
                     size: int = 2) -> _Quantiles | None:
    """``size`` evenly spaced quantiles of a partition's finite scores, and their count
    (pass 1; a bad score is reported by pass 2, which validates everything)."""
    try:
        scores = np.asarray(y_score, dtype=np.float64)
    except (TypeError, ValueError):
        return None
    scores = scores[np.isfinite(scores)]
    if not len(scores):
        return None
    return np.quantile(scores, np.linspace(0.0, 1.0, size)), len(scores)


def _concat(parts: list[_Quantiles | list[_Quantiles]]) -> list[_Quantiles]:
    return [q for part in parts for q in (part if isinstance(part, list) else [part])]


def quantile_borders(quantiles: list[_Quantiles], max_thresholds: int) -> np.ndarray:
    """About ``max_thresholds - 1`` scores cutting all rows into bins of about equal size."""
    values = np.concatenate([q for q, _ in quantiles])
    weights = np.concatenate([np.full(len(q), n / len(q)) for q, n in quantiles])
    order = np.argsort(values, kind="stable")
    cumulative = np.cumsum(weights[order])
    cuts = np.arange(1, max_thresholds) * (cumulative[-1] / max_thresholds)
    at = np.minimum(np.searchsorted(cumulative, cuts), len(values) - 1)
    return np.unique(values[order][at])


def _binned(y_true: Any, y_score: Any, sample_weight: Any = None, pos_label: Any = None, *,
            borders: np.ndarray, caller: str) -> _Binned | None:
    """A partition's exact summary folded into the bins of ``borders`` (pass 2): per
    non-empty bin (descending) its number, lowest score, negatives and positives, the
    positive-negative pairs the partition ties already, and what its labels tell the client
    for ``caller`` (the public function's name)."""
    summary = ScoreSummary.from_arrays(y_true, y_score, pos_label=pos_label,
                                       sample_weight=sample_weight)
    seen = labels_seen(y_true, pos_label, caller)
    if not len(summary):
        empty = np.empty(0, dtype=np.intp)
        return empty, summary.thresholds, summary.negatives, summary.positives, 0.0, \
            summary.pos_label, seen
    bins = np.searchsorted(borders, summary.thresholds, side="right")  # non-increasing
    starts = np.flatnonzero(np.r_[True, bins[1:] != bins[:-1]])
    ends = np.r_[starts[1:], len(bins)] - 1
    tied = float(np.dot(summary.positives.astype(np.float64),
                        summary.negatives.astype(np.float64)))
    return (bins[starts], summary.thresholds[ends], np.add.reduceat(summary.negatives, starts),
            np.add.reduceat(summary.positives, starts), tied, summary.pos_label, seen)


def _merge_binned(parts: list[_Binned]) -> _Binned:
    seen = merged_labels(p[6] for p in parts)
    parts = [p for p in parts if len(p[0])] or parts[:1]  # (empty: all weights zero)
    if not len(parts[0][0]):
        return (*parts[0][:6], seen)
    bins = np.concatenate([p[0] for p in parts])
    order = np.argsort(-bins, kind="stable")
    bins = bins[order]
    starts = np.flatnonzero(np.r_[True, bins[1:] != bins[:-1]])

    def folded(i: int, ufunc: np.ufunc) -> np.ndarray:
        return ufunc.reduceat(np.concatenate([p[i] for p in parts])[order], starts)

    return (bins[starts], folded(1, np.minimum), folded(2, np.add), folded(3, np.add),
            sum(p[4] for p in parts), parts[0][5], seen)


def compressed_summary(columns: dict[str, Any], pos_label: Any, split_every: int,
                       max_thresholds: int, function: str) -> ScoreSummary:
    """Two passes: quantiles of every partition fix the bin borders, then each partition's
    exact summary is folded into those bins and the binned summaries merge exactly."""
    size = min(4 * max_thresholds, 1 << 16)
    level = partition_tasks(_score_quantiles, columns, {"size": size})
    quantiles = tree_merge(level, _concat, split_every).compute()
    if quantiles is None:  # nothing finite anywhere: pass 2 gives the in-memory error
        borders = np.empty(0)
    else:
        borders = quantile_borders(_concat([quantiles]), max_thresholds)
    level = partition_tasks(_binned, columns, {"pos_label": pos_label, "borders": borders,
                                               "caller": function})
    folded = tree_merge(level, _merge_binned, split_every).compute()
    if folded is None:
        return ScoreSummary.from_arrays(np.empty(0), np.empty(0))
    _, thresholds, negatives, positives, tied, label, seen = folded
    check_labels_seen(seen, pos_label, function)
    summary = ScoreSummary._trusted(thresholds, negatives, positives, label)
    binned_pairs = float(np.dot(positives.astype(np.float64), negatives.astype(np.float64)))
    summary.loose_pairs = max(binned_pairs - tied, 0.0)  # pairs the bins may have made ties
    return summary
