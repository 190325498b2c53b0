"""Threshold-sweep benchmarks: rankscore against scikit-learn, scipy and np.sort.

    python benchmarks/bench_curves.py            # 10^7 rows (a few minutes)
    python benchmarks/bench_curves.py --quick    # 10^6 rows
    python benchmarks/bench_curves.py --sorts    # only the ordering table (issue 13)

The ordering table compares the bucket kernels with np.sort and the peers, in two columns:
NumPy as installed, and a subprocess whose NumPy has its SIMD sorts switched off
(NPY_DISABLE_CPU_FEATURES="X86_V4 X86_V3 AVX2 AVX512F AVX512_SKX AVX512_CLX AVX512_CNL
AVX512_ICL"), i.e. a machine whose np.sort is slow.

Prints one Markdown table: every ratio is measured side by side in this one run.
10 % positives; once with continuous scores, once rounded to 3 decimals (heavy ties).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np  # noqa: E402
import scipy.stats  # noqa: E402
import sklearn.metrics as skm  # noqa: E402
from _util import best_time, format_seconds, print_table  # noqa: E402

import rankscore as rs  # noqa: E402
from rankscore import _backend  # noqa: E402
from rankscore._engine import parts as _parts  # noqa: E402

try:
    import scors  # noqa: E402
except ImportError:  # optional peer
    scors = None

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
    one = best_time(lambda: rs.curves.roc_auc_columns(ym, matrix, n_threads=1), repeat=5, min_total=0)
    two = best_time(lambda: rs.curves.roc_auc_columns(ym, matrix, n_threads=2), repeat=5, min_total=0)
    rows.append([f"per-column AUC {matrix.shape[0]}×{matrix.shape[1]}: 2 threads vs 1",
                 "continuous", format_seconds(two), f"{format_seconds(one)} (1 thread)",
                 f"{one / two:.2f}×", "≥ 1.7×", "yes" if one / two >= 1.7 else "**no**"])

    print_table(
        f"Threshold sweep, {N:,} rows, 10 % positives (backend {rs.BACKEND}, "
        f"{os.cpu_count()} CPUs)",
        ["measurement", "scores", "rankscore", "reference", "ratio", "target", "met"],
        rows,
    )


class sort_choice:
    """RANKSCORE_SORT=bucket or =numpy for a block (the two ways to order the scores)."""

    def __init__(self, choice):
        self.choice = choice

    def __enter__(self):
        self.saved = os.environ.get("RANKSCORE_SORT")
        os.environ["RANKSCORE_SORT"] = self.choice

    def __exit__(self, *exc):
        if self.saved is None:
            del os.environ["RANKSCORE_SORT"]
        else:
            os.environ["RANKSCORE_SORT"] = self.saved


# NumPy without its SIMD sorts (AVX2 / AVX-512): np.sort as slow as on a CPU without them
SLOW_SORT_ENV = {"NPY_DISABLE_CPU_FEATURES": "X86_V4 X86_V3 AVX2 AVX512F AVX512_SKX AVX512_CLX "
                                             "AVX512_CNL AVX512_ICL"}


def interleaved(fns, rounds=7):
    """Best time of each function over rounds that call them in turn (so a load that comes
    and goes hits each alike)."""
    for fn in fns:
        fn()  # warm up
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            best[i] = min(best[i], timed_once(fn))
    return best


def timed_once(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def sorts_rows():
    """Issue 13's measurements in this process: (measurement, target, rankscore, reference,
    ratio, met) per row. 10^7 rows (10^6 with --quick), 10 % positives, continuous float64."""
    rng = np.random.default_rng(0)
    y = (rng.random(N) < 0.1).astype(np.int64)
    s = rng.random(N)
    sort_time = timed(lambda: np.sort(s))
    per_element = sort_time / N * 1e9
    chosen = "bucket" if _parts._bucket_sort_pays(N) else "numpy"
    rows = [[f"np.sort of {N:,} float64", "", format_seconds(sort_time),
             f"(automatic choice: {chosen} sort)", f"{per_element:.0f} ns/element", ""]]

    def speedup(what, ours, theirs, reference, target):
        ratio = theirs / ours
        rows.append([what, f"≥ {target}×", format_seconds(ours),
                     f"{format_seconds(theirs)} ({reference})", f"{ratio:.1f}×",
                     "yes" if ratio >= target else "**no**"])

    auc = timed(lambda: rs.roc_auc_score(y, s))
    speedup("roc_auc_score vs scikit-learn", auc, timed(lambda: skm.roc_auc_score(y, s), slow=True),
            "sklearn", 30)
    if scors is not None:
        speedup("roc_auc_score vs scors", auc, timed(lambda: scors.roc_auc(y, s)), "scors", 4)
    for name in ("roc_curve", "precision_recall_curve", "average_precision_score"):
        speedup(f"{name} vs scikit-learn", timed(lambda: getattr(rs, name)(y, s)),
                timed(lambda: getattr(skm, name)(y, s), slow=True), "sklearn", 15)
    with sort_choice("bucket"):
        bucket_1 = timed(lambda: rs.roc_auc_score(y, s, n_threads=1))
    slow_sort = per_element > 50
    rows.append(["roc_auc_score, n_threads=1, bucket sort / np.sort(y_score)",
                 "≤ 0.6× where np.sort > 50 ns/element", format_seconds(bucket_1),
                 f"{format_seconds(sort_time)} (np.sort)", f"{bucket_1 / sort_time:.2f}×",
                 ("yes" if bucket_1 <= 0.6 * sort_time else "**no**") if slow_sort
                 else "n/a (np.sort fast)"])
    # "never slower than today": the automatic choice against the np.sort path (what every
    # call did before the bucket kernels), interleaved so that load hits both alike
    s32 = s.astype(np.float32)
    y5, s5 = y[:10**5].copy(), s[:10**5].copy()
    for what, fn in [("roc_auc_score, n_threads=1", lambda: rs.roc_auc_score(y, s, n_threads=1)),
                     ("roc_auc_score", lambda: rs.roc_auc_score(y, s)),
                     ("roc_auc_score, float32", lambda: rs.roc_auc_score(y, s32)),
                     ("roc_curve", lambda: rs.roc_curve(y, s)),
                     ("roc_auc_score, 10^5 rows", lambda: rs.roc_auc_score(y5, s5))]:
        def before():
            with sort_choice("numpy"):
                fn()

        ours, then = interleaved([fn, before], rounds=7 if "10^5" in what else 4)
        rows.append([f"{what}: automatic choice / np.sort path", "≤ 1.0× (± 5 % noise)",
                     format_seconds(ours), f"{format_seconds(then)} (np.sort path)",
                     f"{ours / then:.2f}×", "yes" if ours <= 1.05 * then else "**no**"])
    y8 = y.astype(np.int8)
    input_bytes = y8.nbytes + s.nbytes
    with sort_choice("bucket"):
        peak = peak_extra_bytes(lambda: rs.roc_auc_score(y8, s))
    rows.append(["roc_auc_score peak extra memory / input bytes (int8 labels, bucket sort)",
                 "≤ 1.0×", f"{peak / 2**20:.0f} MiB", f"{input_bytes / 2**20:.0f} MiB input",
                 f"{peak / input_bytes:.2f}×", "yes" if peak <= input_bytes else "**no**"])
    return rows


def sorts_table():
    """Issue 13's table: every row measured here (NumPy as installed) and again in a
    subprocess whose NumPy has its SIMD sorts switched off (a CPU where np.sort is slow)."""
    fast = sorts_rows()
    env = {**os.environ, **SLOW_SORT_ENV}
    args = [sys.executable, __file__, "--sorts-rows", *(["--quick"] if QUICK else [])]
    out = subprocess.run(args, env=env, check=True,
                         capture_output=True, text=True).stdout
    slow = json.loads(out.strip().splitlines()[-1])
    rows = [[f[0], f[1], *f[2:], *g[2:]] for f, g in zip(fast, slow)]
    print_table(
        f"Ordering the scores, {N:,} rows, 10 % positives, continuous float64 (backend "
        f"{rs.BACKEND}, {os.cpu_count()} CPUs); each row measured with NumPy as installed "
        "(fast np.sort) and again with its SIMD sorts off (NPY_DISABLE_CPU_FEATURES: slow "
        "np.sort)",
        ["measurement", "target", "fast np.sort: rankscore", "reference", "ratio", "met",
         "slow np.sort: rankscore", "reference", "ratio", "met"],
        rows,
    )


if __name__ == "__main__":
    if "--sorts-rows" in sys.argv:  # the slow-sort column's subprocess
        print(json.dumps(sorts_rows()))
    else:
        if "--sorts" not in sys.argv:
            main()
        sorts_table()
