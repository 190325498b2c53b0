"""Weighted ROC AUC: the paths that sum sample weights, against scikit-learn.

    python benchmarks/bench_weighted.py            # 10^7 rows (about a minute)
    python benchmarks/bench_weighted.py --quick    # 10^6 rows

Prints one Markdown table: ``roc_auc_score`` with ``sample_weight`` at 10^5 rows and at the
full size (rankscore against ``sklearn.metrics.roc_auc_score``, timed alternately, best of
several calls each), the weighted AUC of a ``ScoreSummary`` of 10^4 thresholds (its scan,
the cache cleared before each call), and ``bootstrap_ci`` of 10^4 weighted rows with 2,000
replicates. np.sort of 10^7 float64 is printed as the machine's yardstick.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np  # noqa: E402
from _util import best_time, format_seconds, print_table, side_by_side  # noqa: E402

import rankscore as rs  # noqa: E402
from rankscore import uncertainty  # noqa: E402


def main() -> None:
    n = 10**6 if "--quick" in sys.argv else 10**7
    rng = np.random.default_rng(0)
    y, s, w = rng.integers(0, 2, n), rng.random(n), rng.random(n)
    x = rng.random(10**7)
    sort = side_by_side([lambda: np.sort(x)], repeat=3)[0]
    try:
        from sklearn.metrics import roc_auc_score as sk_auc
    except ImportError:
        sk_auc = None
    rows = []
    for size, repeat in ((10**5, 7), (n, 3)):
        ys, ss, ws = y[:size], s[:size], w[:size]
        ours = [lambda: rs.roc_auc_score(ys, ss, sample_weight=ws)]
        theirs = [lambda: sk_auc(ys, ss, sample_weight=ws)] if sk_auc else []
        times = side_by_side(ours + theirs, repeat=repeat)
        rows.append([f"roc_auc_score, weighted, {size:,} rows", format_seconds(times[0]),
                     format_seconds(times[1]) if theirs else "–",
                     f"{times[1] / times[0]:.1f}×" if theirs else "–"])
    summary = rs.ScoreSummary.from_arrays(y, np.round(s, 4), sample_weight=w)

    def summary_auc() -> float:
        summary._cache.clear()  # (the scan is cached: time it each call)
        return summary.roc_auc()

    rows.append([f"ScoreSummary.roc_auc, weighted, {len(summary.thresholds):,} thresholds",
                 format_seconds(best_time(summary_auc, repeat=7)), "–", "–"])
    k = 10**4
    boot = best_time(lambda: uncertainty.bootstrap_ci(
        y[:k], s[:k], sample_weight=w[:k], n_resamples=2000, random_state=0), repeat=7,
        min_total=0)
    rows.append(["bootstrap_ci, weighted, 10,000 rows × 2,000 replicates",
                 format_seconds(boot), "–", "–"])
    print_table(f"Weighted ROC AUC ({rs.BACKEND} backend); np.sort of 10^7 float64: "
                f"{format_seconds(sort)}", ["call", "rankscore", "scikit-learn", "ratio"],
                rows)


if __name__ == "__main__":
    main()
