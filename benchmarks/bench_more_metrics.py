"""Multiclass, regression and information metrics: rankscore against scikit-learn.

Run: ``python benchmarks/bench_more_metrics.py`` (``--quick`` for 10^5 rows). Both sides
get the same NumPy arrays; every pair is timed in the same run and the results are checked
to agree before timing. Pure NumPy on our side: these are one pass over the data.
"""

from __future__ import annotations

import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _util import best_time, format_seconds, print_table  # noqa: E402

import rankscore as rs  # noqa: E402
from sklearn import metrics as skm  # noqa: E402


def main() -> None:
    quick = "--quick" in sys.argv or os.environ.get("RANKSCORE_BENCH_QUICK")
    n = 100_000 if quick else 1_000_000
    rng = np.random.default_rng(0)
    n_classes = 10
    y = rng.integers(0, n_classes, n)
    y_pred = np.where(rng.random(n) < 0.6, y, rng.integers(0, n_classes, n))
    proba = rng.dirichlet(np.ones(n_classes), n)
    score = np.round(proba, 2)  # ties
    t = rng.normal(size=n)
    p = t + rng.normal(scale=0.5, size=n)
    t3, p3 = rng.normal(size=(n, 3)), rng.normal(size=(n, 3))
    w = rng.random(n)

    def sk_per_class():
        mcm = skm.multilabel_confusion_matrix(y, y_pred)
        prf = skm.precision_recall_fscore_support(y, y_pred, average=None)
        return mcm, prf

    cases = [
        ("mean_squared_error", lambda: rs.mean_squared_error(t, p),
         lambda: skm.mean_squared_error(t, p)),
        ("r2_score, weights", lambda: rs.r2_score(t, p, sample_weight=w),
         lambda: skm.r2_score(t, p, sample_weight=w)),
        ("r2_score, 3 outputs", lambda: rs.r2_score(t3, p3, multioutput="variance_weighted"),
         lambda: skm.r2_score(t3, p3, multioutput="variance_weighted")),
        ("mean_absolute_error", lambda: rs.mean_absolute_error(t, p),
         lambda: skm.mean_absolute_error(t, p)),
        ("log_loss, 10 classes", lambda: rs.log_loss(y, proba),
         lambda: skm.log_loss(y, proba)),
        ("top_k_accuracy_score, k=3", lambda: rs.top_k_accuracy_score(y, score, k=3),
         lambda: skm.top_k_accuracy_score(y, score, k=3)),
        ("per_class_metrics / multilabel_confusion_matrix + prfs",
         lambda: rs.multiclass.per_class_metrics(y, y_pred), sk_per_class),
        ("average_class_accuracy / balanced_accuracy_score",
         lambda: rs.multiclass.average_class_accuracy(y, y_pred),
         lambda: skm.balanced_accuracy_score(y, y_pred)),
    ]
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, ours, theirs in cases:
            a, b = ours(), theirs()
            if isinstance(b, float):
                assert abs(a - b) <= 1e-9 * max(1.0, abs(b)), (name, a, b)
            t_ours, t_theirs = best_time(ours, repeat=3), best_time(theirs, repeat=3)
            rows.append([name, format_seconds(t_ours), format_seconds(t_theirs),
                         f"{t_theirs / t_ours:.1f}×"])
    print_table(f"More metrics, n = {n:,} rows (backend {rs.BACKEND})",
                ["function", "rankscore", "scikit-learn", "speed-up"], rows)


if __name__ == "__main__":
    main()
