"""Threshold-sweep benchmarks: rankscore against scikit-learn, scipy and np.sort.

    python benchmarks/bench_curves.py            # 10^7 rows (a few minutes)
    python benchmarks/bench_curves.py --quick    # 10^6 rows

Prints one Markdown table: every ratio is measured side by side in this one run.
10 % positives; once with continuous scores, once rounded to 3 decimals (heavy ties).
"""

from __future__ import annotations

import os
import sys
import tracemalloc

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np  # noqa: E402
import scipy.stats  # noqa: E402
import sklearn.metrics as skm  # noqa: E402
from _util import best_time, format_seconds, print_table  # noqa: E402

import rankscore as rs  # noqa: E402
from rankscore import _backend  # noqa: E402

QUICK = "--quick" in sys.argv or os.environ.get("RANKSCORE_BENCH_QUICK")
N = 10**6 if QUICK else 10**7


def timed(fn, slow=False):
    # slow reference calls: warm-up + one timed run; fast ones: best of 5
    return best_time(fn, repeat=1, min_total=0) if slow else best_time(fn, repeat=5, min_total=0)


def ratio_row(rows, what, data, ours, theirs, reference, target):
    """Speed-up theirs / ours against a target 'at least target x'."""
    ratio = theirs / ours
    rows.append([what, data, format_seconds(ours), f"{format_seconds(theirs)} ({reference})",
                 f"{ratio:.1f}×", f"≥ {target}×", "yes" if ratio >= target else "**no**"])


def peak_extra_bytes(fn):
    tracemalloc.start()
    tracemalloc.reset_peak()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main():
    rng = np.random.default_rng(0)
    y = (rng.random(N) < 0.1).astype(np.int64)
    continuous = rng.random(N)
    datasets = {"continuous": continuous, "rounded (3 dp)": np.round(continuous, 3)}
    rows = []
    for data, s in datasets.items():
        sort_time = timed(lambda: np.sort(s))
        auc = timed(lambda: rs.roc_auc_score(y, s))
        ratio_row(rows, "roc_auc_score vs scikit-learn", data, auc,
                  timed(lambda: skm.roc_auc_score(y, s), slow=True), "sklearn", 25)
        # "at most 1.5x the time of np.sort(y_score)": the ratio is our time / sort time
        auc_1 = timed(lambda: rs.roc_auc_score(y, s, n_threads=1))
        for label, t in [("", auc), (", n_threads=1", auc_1)]:
            rows.append([f"roc_auc_score{label} time / np.sort(y_score) time", data,
                         format_seconds(t), f"{format_seconds(sort_time)} (np.sort)",
                         f"{t / sort_time:.2f}×", "≤ 1.5×",
                         "yes" if t <= 1.5 * sort_time else "**no**"])
        for name in ("roc_curve", "precision_recall_curve", "average_precision_score"):
            ours = timed(lambda: getattr(rs, name)(y, s))
            theirs = timed(lambda: getattr(skm, name)(y, s), slow=True)
            ratio_row(rows, f"{name} vs scikit-learn", data, ours, theirs, "sklearn", 8)
        ks = timed(lambda: rs.ks_statistic(y, s))
        ks_ref = timed(lambda: scipy.stats.ks_2samp(s[y == 1], s[y == 0]), slow=True)
        ratio_row(rows, "ks_statistic vs scipy ks_2samp (+ split)", data, ks, ks_ref,
                  "scipy", 3)
        with _backend.using("python"):
            fallback = timed(lambda: rs.roc_auc_score(y, s))
        ratio_row(rows, "fallback roc_auc_score vs scikit-learn", data, fallback,
                  timed(lambda: skm.roc_auc_score(y, s), slow=True), "sklearn", 5)

    # small inputs: absolute time per call
    y100, s100 = y[:100].copy(), continuous[:100].copy()
    small = best_time(lambda: rs.roc_auc_score(y100, s100), repeat=7, min_total=0.5)
    small_sk = best_time(lambda: skm.roc_auc_score(y100, s100), repeat=3, min_total=0.3)
    rows.append(["roc_auc_score, 100 rows (time per call)", "continuous",
                 format_seconds(small), f"{format_seconds(small_sk)} (sklearn)",
                 f"{small * 1e6:.1f} µs", "≤ 30 µs", "yes" if small <= 30e-6 else "**no**"])

    # peak extra memory (tracemalloc) against the input's bytes; int8 labels, the smallest
    y8 = y.astype(np.int8)
    s = continuous
    input_bytes = y8.nbytes + s.nbytes
    ours = peak_extra_bytes(lambda: rs.roc_auc_score(y8, s))
    theirs = peak_extra_bytes(lambda: skm.roc_auc_score(y8, s))
    rows.append(["roc_auc_score peak extra memory / input bytes (int8 labels)", "continuous",
                 f"{ours / 2**20:.0f} MiB", f"{theirs / 2**20:.0f} MiB (sklearn, "
                 f"{theirs / input_bytes:.1f}×)", f"{ours / input_bytes:.2f}×", "≤ 1.0×",
                 "yes" if ours <= input_bytes else "**no**"])

    # per-column AUC of a 10^4 x 1000 matrix: 2 threads against 1
    ym = (rng.random(10**4) < 0.1).astype(np.int64)
    matrix = rng.random((10**4, 1000 if not QUICK else 200))
    one = best_time(lambda: rs.roc_auc_score(ym, matrix, n_threads=1), repeat=5, min_total=0)
    two = best_time(lambda: rs.roc_auc_score(ym, matrix, n_threads=2), repeat=5, min_total=0)
    rows.append([f"per-column AUC {matrix.shape[0]}×{matrix.shape[1]}: 2 threads vs 1",
                 "continuous", format_seconds(two), f"{format_seconds(one)} (1 thread)",
                 f"{one / two:.2f}×", "≥ 1.7×", "yes" if one / two >= 1.7 else "**no**"])

    print_table(
        f"Threshold sweep, {N:,} rows, 10 % positives (backend {rs.BACKEND}, "
        f"{os.cpu_count()} CPUs)",
        ["measurement", "scores", "rankscore", "reference", "ratio", "target", "met"],
        rows,
    )


if __name__ == "__main__":
    main()
