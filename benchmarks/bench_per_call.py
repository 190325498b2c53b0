"""Per-call time of the label and regression metrics on small inputs: the cost of validation
and dispatch around the counting, which is what a loop over many small problems pays.

    python benchmarks/bench_per_call.py            # 100 samples
    python benchmarks/bench_per_call.py --n 1000

Inputs: binary and 5-class label vectors, a 3-label indicator matrix, a 5 × 5 confusion
matrix and 1-D regression targets. Timings are best of several rounds of many calls, on the
backend chosen at import (``RANKSCORE_PURE_PYTHON=1``: the NumPy fallback).
"""

from __future__ import annotations

import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _util import best_time, format_seconds, print_table  # noqa: E402

import rankscore as rs  # noqa: E402
from rankscore import multiclass, regression  # noqa: E402


def main() -> None:
    n = int(sys.argv[sys.argv.index("--n") + 1]) if "--n" in sys.argv else 100
    rng = np.random.default_rng(0)
    yb, pb = rng.integers(0, 2, n), rng.integers(0, 2, n)
    ym, pm = rng.integers(0, 5, n), rng.integers(0, 5, n)
    yl, pl = rng.integers(0, 2, (n, 3)), rng.integers(0, 2, (n, 3))
    confusion = rng.integers(1, 20, (5, 5))
    t, p = rng.random(n), rng.random(n)
    calls = [
        ("precision_score, binary", lambda: rs.precision_score(yb, pb)),
        ("recall_score, binary", lambda: rs.recall_score(yb, pb)),
        ("f1_score, binary", lambda: rs.f1_score(yb, pb)),
        ("fbeta_score(beta=2), binary", lambda: rs.fbeta_score(yb, pb, beta=2)),
        ("specificity_score, binary", lambda: rs.specificity_score(yb, pb)),
        ("npv_score, binary", lambda: rs.npv_score(yb, pb)),
        ("g_mean_score, binary", lambda: rs.g_mean_score(yb, pb)),
        ("jaccard_score, binary", lambda: rs.jaccard_score(yb, pb)),
        ("f1_score, 5 classes, macro", lambda: rs.f1_score(ym, pm, average="macro")),
        ("precision_score, 5 classes, None", lambda: rs.precision_score(ym, pm, average=None)),
        ("recall_score, 3 labels, samples", lambda: rs.recall_score(yl, pl, average="samples")),
        ("precision_recall_fscore_support, macro",
         lambda: rs.precision_recall_fscore_support(ym, pm, average="macro")),
        ("accuracy_score, 5 classes", lambda: rs.accuracy_score(ym, pm)),
        ("accuracy_score, confusion matrix", lambda: rs.accuracy_score(confusion)),
        ("per_class_metrics, confusion matrix", lambda: multiclass.per_class_metrics(confusion)),
        ("hamming_loss, 3 labels", lambda: rs.hamming_loss(yl, pl)),
        ("mean_squared_error", lambda: regression.mean_squared_error(t, p)),
        ("r2_score", lambda: regression.r2_score(t, p)),
    ]
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, call in calls:
            rows.append([name, format_seconds(best_time(call, repeat=7, min_total=0.35))])
    values = rng.random(10**7)
    rows.append(["(yardstick) np.sort of 10^7 float64",
                 format_seconds(best_time(lambda: np.sort(values), repeat=2))])
    print_table(f"Per call, {n} samples ({rs.BACKEND} backend)", ["call", "time"], rows)


if __name__ == "__main__":
    main()
