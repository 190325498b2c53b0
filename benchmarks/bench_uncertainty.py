"""Uncertainty benchmarks: DeLong and the bootstrap against R's pROC and one AUC call.

    python benchmarks/bench_uncertainty.py            # the targets of issue 12
    python benchmarks/bench_uncertainty.py --quick    # pROC's bootstrap with 100 replicates

Prints one Markdown table; every ratio is measured side by side in this one run. pROC is
timed inside R (``system.time`` around the calls, data read from a binary file first), so
R's start-up and reading the data do not count. 30 % positives, continuous scores.
Needs R with pROC (``Rscript``) and scikit-learn.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np  # noqa: E402
import sklearn.metrics as skm  # noqa: E402
from _util import best_time, format_seconds, print_table  # noqa: E402

import rankscore as rs  # noqa: E402

QUICK = "--quick" in sys.argv or os.environ.get("RANKSCORE_BENCH_QUICK")
N_DELONG = 10**6
N_BOOT = 10**5
B = 1000
R_BOOT = 100 if QUICK else B  # pROC's replicates (scaled to B when fewer)

R_SCRIPT = r"""
suppressMessages(library(pROC))
args <- commandArgs(trailingOnly = TRUE)
dir <- args[1]; n <- as.integer(args[2]); nb <- as.integer(args[3]); B <- as.integer(args[4])
rd <- function(name, k) readBin(file.path(dir, name), "double", k)
y <- rd("y.bin", n); a <- rd("a.bin", n); b <- rd("b.bin", n)
yb <- rd("yb.bin", nb); sb <- rd("sb.bin", nb)
best <- function(f, k = 3) min(sapply(seq_len(k), function(i) system.time(f())[["elapsed"]]))
t_ci <- best(function() ci.auc(roc(y, a, levels = c(0, 1), direction = "<", quiet = TRUE),
                               method = "delong"))
t_test <- best(function() roc.test(roc(y, a, levels = c(0, 1), direction = "<", quiet = TRUE),
                                   roc(y, b, levels = c(0, 1), direction = "<", quiet = TRUE),
                                   method = "delong", paired = TRUE))
rb <- roc(yb, sb, levels = c(0, 1), direction = "<", quiet = TRUE)
set.seed(1)
t_boot <- system.time(ci.auc(rb, method = "bootstrap", boot.n = B, boot.stratified = TRUE,
                             progress = "none"))[["elapsed"]]
cat("delong_ci", t_ci, "\n")
cat("delong_test", t_test, "\n")
cat("bootstrap", t_boot, "\n")
"""


def time_proc(y, a, b, yb, sb):
    with tempfile.TemporaryDirectory() as tmp:
        for name, arr in (("y", y), ("a", a), ("b", b), ("yb", yb), ("sb", sb)):
            np.asarray(arr, dtype=np.float64).tofile(os.path.join(tmp, f"{name}.bin"))
        script = os.path.join(tmp, "bench.R")
        with open(script, "w") as fh:
            fh.write(R_SCRIPT)
        out = subprocess.run(["Rscript", script, tmp, str(len(y)), str(len(yb)), str(R_BOOT)],
                             capture_output=True, text=True, check=True).stdout
    return {line.split()[0]: float(line.split()[1]) for line in out.splitlines() if line.strip()}


def row(rows, what, ours, theirs, reference, ratio, target, met):
    rows.append([what, format_seconds(ours), f"{format_seconds(theirs)} ({reference})",
                 f"{ratio:.2f}×", target, "yes" if met else "**no**"])


def main():
    rng = np.random.default_rng(0)
    y = (rng.random(N_DELONG) < 0.3).astype(np.int64)
    a = rng.normal(size=N_DELONG) + y
    b = rng.normal(size=N_DELONG) + 0.8 * y
    yb, sb = y[:N_BOOT].copy(), a[:N_BOOT].copy()

    proc = time_proc(y, a, b, yb, sb)
    proc_boot = proc["bootstrap"] * B / R_BOOT
    sort_time = best_time(lambda: np.sort(rng.random(10**7)), repeat=3, min_total=0)

    auc = best_time(lambda: rs.roc_auc_score(y, a), repeat=7, min_total=0)
    sk_auc = best_time(lambda: skm.roc_auc_score(y, a), repeat=3, min_total=0)
    ci = best_time(lambda: rs.uncertainty.roc_auc_ci(y, a), repeat=7, min_total=0)
    test = best_time(lambda: rs.uncertainty.delong_test(y, a, b), repeat=7, min_total=0)
    boot = best_time(lambda: rs.uncertainty.bootstrap_ci(yb, sb, n_resamples=B, random_state=0),
                     repeat=3, min_total=0)
    boot_1 = best_time(lambda: rs.uncertainty.bootstrap_ci(yb, sb, n_resamples=B, random_state=0,
                                               n_threads=1), repeat=3, min_total=0)

    rows = []
    n6, n5 = f"{N_DELONG:,}", f"{N_BOOT:,}"
    row(rows, f"DeLong CI of AUC ({n6} rows, raw arrays) vs pROC roc() + ci.auc(delong)",
        ci, proc["delong_ci"], "pROC", proc["delong_ci"] / ci, "≥ 10× faster",
        proc["delong_ci"] / ci >= 10)
    row(rows, "DeLong CI time / one rankscore.roc_auc_score time", ci, auc,
        "rankscore roc_auc_score", ci / auc, "≤ 2×", ci / auc <= 2)
    row(rows, "DeLong CI time / one sklearn roc_auc_score time", ci, sk_auc,
        "sklearn roc_auc_score", ci / sk_auc, "≤ 2×", ci / sk_auc <= 2)
    row(rows, f"{B:,} stratified bootstrap AUC replicates ({n5} rows) vs pROC "
        f"ci.auc(bootstrap){'' if R_BOOT == B else f' ({R_BOOT} replicates × {B // R_BOOT})'}",
        boot, proc_boot, "pROC", proc_boot / boot, "≥ 30× faster", proc_boot / boot >= 30)
    row(rows, f"  same, n_threads=1", boot_1, proc_boot, "pROC", proc_boot / boot_1,
        "(info)", True)
    row(rows, f"paired DeLong test, 2 models ({n6} rows) / one rankscore.roc_auc_score",
        test, auc, "rankscore roc_auc_score", test / auc, "≤ 3×", test / auc <= 3)
    row(rows, "paired DeLong test / one sklearn roc_auc_score", test, sk_auc,
        "sklearn roc_auc_score", test / sk_auc, "≤ 3×", test / sk_auc <= 3)
    row(rows, "paired DeLong test vs pROC roc() × 2 + roc.test(delong, paired)", test,
        proc["delong_test"], "pROC", proc["delong_test"] / test, "(info)", True)
    rows.append(["np.sort of 10,000,000 float64 (yardstick)", format_seconds(sort_time), "", "",
                 "", ""])
    print_table(
        f"Uncertainty (backend {rs.BACKEND}, {os.cpu_count()} CPUs)",
        ["measurement", "rankscore", "reference", "ratio", "target", "met"],
        rows,
    )


if __name__ == "__main__":
    main()
