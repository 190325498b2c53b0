"""Gain table and cumulative gain curve against the usual pandas / scikit-learn recipes.

    python benchmarks/bench_gains.py            # 10^6 and 10^7 rows
    python benchmarks/bench_gains.py --quick    # 10^5 and 10^6 rows

Baselines (what people write today):
* decile table with pandas: sort by score, ``pd.qcut`` of the rank into 10 groups,
  ``groupby`` sums (note: it splits tie blocks across groups, rankscore does not);
* captured response with scikit-learn: ``roc_curve(drop_intermediate=False)`` mapped with
  the prior (x = prior * tpr + (1 - prior) * fpr).
Data: 10 % positives; continuous scores, and scores rounded to 3 decimals (heavy ties).
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _util import best_time, format_seconds, print_table  # noqa: E402

import rankscore  # noqa: E402


def pandas_deciles(y, s):
    import pandas as pd

    frame = pd.DataFrame({"y": y, "s": s}).sort_values("s", ascending=False)
    frame["group"] = pd.qcut(np.arange(len(frame)), 10, labels=False)
    table = frame.groupby("group").agg(count=("y", "size"), positives=("y", "sum"))
    total, positives = len(frame), frame["y"].sum()
    table["gain"] = table["positives"] / positives
    table["cumulative_gain"] = table["gain"].cumsum()
    table["lift"] = (table["positives"] / table["count"]) / (positives / total)
    return table


def sklearn_captured_response(y, s):
    from sklearn.metrics import roc_curve

    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    prior = y.mean()
    return prior * tpr + (1 - prior) * fpr, tpr


def main() -> None:
    quick = "--quick" in sys.argv or os.environ.get("RANKSCORE_BENCH_QUICK")
    sizes = (10**5, 10**6) if quick else (10**6, 10**7)
    rng = np.random.default_rng(0)
    rows = []
    for n in sizes:
        y = (rng.random(n) < 0.1).astype(np.int8)
        continuous = rng.random(n) + 0.3 * y
        for label, s in (("continuous", continuous), ("3 decimals", np.round(continuous, 3))):
            t_table = best_time(lambda: rankscore.gains.gain_table(y, s), repeat=3)
            t_pandas = best_time(lambda: pandas_deciles(y, s), repeat=3)
            t_curve = best_time(lambda: rankscore.gains.cumulative_gain_curve(y, s), repeat=3)
            t_sk = best_time(lambda: sklearn_captured_response(y, s), repeat=3)
            rows.append([
                f"{n:.0e}", label,
                format_seconds(t_table), format_seconds(t_pandas), f"{t_pandas / t_table:.1f}×",
                format_seconds(t_curve), format_seconds(t_sk), f"{t_sk / t_curve:.1f}×",
            ])
    print_table(
        f"Gain/lift (backend {rankscore.BACKEND}; 10 % positives)",
        ["rows", "scores", "gain_table", "pandas qcut deciles", "speed-up",
         "cumulative_gain_curve", "sklearn roc_curve + map", "speed-up"],
        rows,
    )


if __name__ == "__main__":
    main()
