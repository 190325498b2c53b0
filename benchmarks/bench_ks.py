"""Kolmogorov–Smirnov test benchmarks: what the p-value adds to the statistic, and the exact
laws against scipy.

    python benchmarks/bench_ks.py            # 10^7 rows (a few minutes)
    python benchmarks/bench_ks.py --quick    # 10^6 rows

Prints three Markdown tables, every ratio measured side by side in this one run:

1. ``ks_test`` (statistic + p-value) over ``ks_statistic`` (statistic alone) at 10^7 rows,
   for data that reach each branch of the large-sample p-value; target <= 1.2x. The two
   calls are timed alternately (best of 7 each), so a busy machine slows both alike.
2. The exact two-sample p-value (``ks_2samp``, method 'auto') at a few sizes: rankscore's
   compiled and NumPy backends against ``scipy.stats.ks_2samp``.
3. The one-sample test (``ks_1samp``) against ``scipy.stats.ks_1samp``.

np.sort of 10^7 float64 is printed as the machine's yardstick.
"""

from __future__ import annotations

import os
import sys
import time
import warnings

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np  # noqa: E402
import scipy.stats  # noqa: E402
from _util import best_time, format_seconds, print_table  # noqa: E402

import rankscore as rs  # noqa: E402
from rankscore import _backend  # noqa: E402

QUICK = "--quick" in sys.argv or os.environ.get("RANKSCORE_BENCH_QUICK")
N = 10**6 if QUICK else 10**7


def alternate(first, second, rounds=7):
    """Best times of two calls measured in alternation (after one warm-up call each)."""
    first(), second()
    best = [float("inf"), float("inf")]
    for _ in range(rounds):
        for k, fn in enumerate((first, second)):
            start = time.perf_counter()
            fn()
            best[k] = min(best[k], time.perf_counter() - start)
    return best


def quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


def pvalue_overhead():
    rng = np.random.default_rng(0)
    cases = [
        ("10 % positives, no signal", 0.10, 0.0, None),
        ("10 % positives, weak signal", 0.10, 0.002, None),
        ("10 % positives, strong signal", 0.10, 0.1, None),
        ("50 % positives, weak signal", 0.50, 0.001, None),
        ("1 % positives, no signal", 0.01, 0.0, None),
        ("10 % positives, 3 decimals", 0.10, 0.003, 3),
    ]
    rows = []
    for name, prevalence, signal, decimals in cases:
        y = rng.random(N) < prevalence
        s = rng.random(N) + signal * y
        if decimals is not None:
            s = np.round(s, decimals)
        alone, test = alternate(lambda: rs.ks_statistic(y, s), lambda: rs.ks.ks_test(y, s))
        result = rs.ks.ks_test(y, s)
        rows.append([name, f"{result.statistic:.5f}", f"{result.pvalue:.3g}",
                     format_seconds(alone), format_seconds(test), f"{test / alone:.2f}×",
                     "yes" if test / alone <= 1.2 else "**no**"])
    print_table(f"ks_test (statistic + p-value) over ks_statistic, {N:,} rows "
                f"({_backend.BACKEND} backend)",
                ["data", "D", "p-value", "ks_statistic", "ks_test", "ratio", "≤ 1.2×"], rows)


def exact_two_sample():
    rng = np.random.default_rng(1)
    cases = [
        (100, 80, 0.2, "two-sided"),
        (1000, 900, 0.05, "two-sided"),
        (3000, 2000, 0.05, "two-sided"),
        (10000, 9999, 0.0, "two-sided"),
        (10000, 9999, 0.05, "two-sided"),
        (10000, 10000, 0.05, "two-sided"),
        (10000, 120, 0.1, "greater"),
        (10000, 10000, 0.05, "greater"),
    ]
    rows = []
    for n1, n2, shift, alternative in cases:
        a, b = rng.random(n1), rng.random(n2) + shift
        times = []
        for backend in ("cython", "python"):
            with _backend.using(backend):
                times.append(best_time(lambda: rs.ks.ks_2samp(a, b, alternative), repeat=3,
                                       min_total=0))
        theirs = best_time(lambda: quiet(scipy.stats.ks_2samp, a, b, alternative), repeat=3,
                           min_total=0)
        p = rs.ks.ks_2samp(a, b, alternative).pvalue
        rows.append([f"{n1:,} × {n2:,}", alternative, f"{p:.3g}", format_seconds(times[0]),
                     format_seconds(times[1]), format_seconds(theirs),
                     f"{theirs / times[0]:.1f}×"])
    print_table("ks_2samp, method='auto' (exact up to 10,000 per sample)",
                ["sizes", "alternative", "p-value", "rankscore compiled", "rankscore NumPy",
                 "scipy", "scipy / compiled"], rows)


def one_sample():
    rng = np.random.default_rng(2)
    cdf = scipy.stats.norm.cdf
    rows = []
    for n, loc, alternative in [(100, 0.2, "two-sided"), (10_000, 0.01, "two-sided"),
                                (10_000, 0.03, "two-sided"), (100_000, 0.01, "greater"),
                                (1_000_000, 0.003, "two-sided")]:
        x = rng.normal(loc, 1, n)
        ours = best_time(lambda: rs.ks.ks_1samp(x, cdf, alternative=alternative), repeat=3,
                         min_total=0)
        theirs = best_time(lambda: scipy.stats.ks_1samp(x, cdf, alternative=alternative),
                           repeat=1, min_total=0)
        p = rs.ks.ks_1samp(x, cdf, alternative=alternative).pvalue
        rows.append([f"{n:,}", alternative, f"{p:.3g}", format_seconds(ours),
                     format_seconds(theirs), f"{theirs / ours:.1f}×"])
    print_table("ks_1samp against a normal CDF", ["n", "alternative", "p-value", "rankscore",
                                                  "scipy", "scipy / rankscore"], rows)


def main():
    x = np.random.default_rng(3).random(10**7)
    sort = best_time(lambda: np.sort(x), repeat=3, min_total=0)
    print(f"yardstick: np.sort of 10^7 float64: {format_seconds(sort)}")
    pvalue_overhead()
    exact_two_sample()
    one_sample()


if __name__ == "__main__":
    main()
