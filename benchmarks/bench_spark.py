"""rankscore.spark against Spark's own AUC, side by side in one run on one local session.

    python benchmarks/bench_spark.py                        # 10^7 rows (~10 min here)
    python benchmarks/bench_spark.py --rows 1e8 --repeat 1 --skip metrics --skip evaluator \
        --skip loop --driver-memory 14g        # 10^8 rows, without Spark's slowest methods
    python benchmarks/bench_spark.py --rows 10000000 --loop-groups all   # the whole loop
    python benchmarks/bench_spark.py --rows 10000000 --skip-baselines    # rankscore rows only

The data: N rows generated in Spark (``spark.range``), 10 % positives, continuous scores
(a normal score shifted by 1 for positives: float64, all distinct), a group column of
``--groups`` values; cached and counted before any timing (``--partitions`` slices).

Rows of the AUC table, each on the same cached DataFrame, with its AUC's error against the
exact AUC (that of ``rankscore.roc_auc_score`` on the collected columns):

* ``rankscore.spark.roc_auc_score`` (best of ``--repeat``, timed in turns with the last);
* ``rankscore.spark.score_summary(...).roc_auc()``: the other design, every partition's
  exact summary merged on the driver (whose memory then grows with the distinct scores);
* ``BinaryClassificationEvaluator`` (pyspark.ml; areaUnderROC with its default 1,000 bins);
* ``BinaryClassificationMetrics`` (the Scala class that pyspark.mllib wraps; exact curve,
  numBins=0), fed the DataFrame of (score, label) directly: pyspark.mllib's wrapper wants
  an RDD of Python tuples, which would pickle every row through Python;
* ``toPandas()`` + ``rankscore.roc_auc_score`` (every row to the driver; best of
  ``--repeat``), with Arrow (``spark.sql.execution.arrow.pyspark.enabled=true``, set
  here as a user would set it: the fastest ``toPandas()``).

"CPU, all processes" adds the user and system CPU time of the driver, the JVM and its
Python workers (Linux /proc): on a machine shared with other work it is steadier than the
wall time. "driver peak" is the growth of the Python driver process's peak resident memory during the
call (Linux: VmHWM after resetting it through /proc/self/clear_refs). In ``local[2]`` the
executors live in the driver's JVM, so the JVM's memory is the cluster's, not the
driver's; what reaches the Python driver is what a cluster's driver would receive.

The group table: ``rankscore.spark.group_metrics`` (AUC, AP, KS and counts of every group,
one pass) against a loop of ``filter`` + ``BinaryClassificationEvaluator`` over the groups.
The loop takes minutes: by default it runs over ``--loop-groups`` groups (20) and the
table prints its time per group times the number of groups, marked "scaled"; ``all``
runs every group.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import sys
import time
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))

from _util import format_seconds, print_table  # noqa: E402


def _reset_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def _rss_kib(field: str) -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def _process_tree_cpu() -> float:
    """CPU seconds (user + system) used so far by this process and every process under it:
    the JVM and its Python workers (Linux /proc; 0 elsewhere)."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        times[int(entry)] = sum(int(x) for x in fields[11:15]) / tick  # incl. reaped children
    total, todo = 0.0, [os.getpid()]
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0.0)
        todo += children.get(pid, [])
    return total


def measured(fn):
    """(result, seconds, driver peak growth in MB, CPU seconds of every process) of
    ``fn()``."""
    gc.collect()
    _reset_peak()
    before = _rss_kib("VmRSS")
    cpu = _process_tree_cpu()
    start = time.perf_counter()
    result = fn()
    seconds = time.perf_counter() - start
    cpu = _process_tree_cpu() - cpu
    return result, seconds, max(_rss_kib("VmHWM") - before, 0) / 1024, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=float, default=1e7)
    parser.add_argument("--partitions", type=int, default=0,
                        help="slices of the cached data (0: one per 1.25e6 rows, at least 8)")
    parser.add_argument("--groups", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--loop-groups", default="20",
                        help="groups the evaluator loop runs over ('all': every group)")
    parser.add_argument("--driver-memory", default="8g")
    parser.add_argument("--skip-baselines", action="store_true",
                        help="only the rankscore rows (and toPandas, for the exact AUC)")
    parser.add_argument("--skip", action="append", default=[],
                        choices=["summary", "evaluator", "metrics", "loop"],
                        help="leave out one of Spark's methods (repeatable): the slowest ones "
                             "at 10^8 rows")
    args = parser.parse_args()
    n = int(args.rows)
    partitions = args.partitions or max(8, math.ceil(n / 1.25e6))

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas")
    from pyspark.ml.evaluation import BinaryClassificationEvaluator
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    import rankscore as rs
    import rankscore.spark as rsp

    spark = (SparkSession.builder.master("local[2]").appName("bench_spark")
             .config("spark.driver.memory", args.driver_memory)
             # toPandas() of 10^8 rows collects 1.2 GB: past Spark's default 1 GiB limit
             .config("spark.driver.maxResultSize", "0")
             .config("spark.sql.execution.arrow.pyspark.enabled", "true")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")

    yardstick = np.random.default_rng(0).random(10**7)
    start = time.perf_counter()
    np.sort(yardstick)
    sort_time = time.perf_counter() - start
    del yardstick
    print(f"rankscore {rs.__version__} ({rs.BACKEND}), Spark {spark.version} local[2], "
          f"{os.cpu_count()} CPUs; np.sort of 10^7 float64: {format_seconds(sort_time)}; "
          f"load average {os.getloadavg()[0]:.1f}")

    start = time.perf_counter()
    df = (spark.range(n, numPartitions=partitions)
          .select((F.rand(1) < 0.1).cast("int").alias("y"), F.randn(2).alias("z"),
                  (F.rand(3) * args.groups).cast("int").alias("g"))
          .select("y", (F.col("z") + F.col("y")).alias("s"), "g")
          .cache())
    df.count()
    print(f"{n:.0e} rows in {partitions} cached partitions, {args.groups} groups "
          f"(generated and cached in {time.perf_counter() - start:.1f} s)")

    def to_pandas():
        frame = df.select("y", "s").toPandas()
        return rs.roc_auc_score(frame["y"].to_numpy(), frame["s"].to_numpy())

    exact = None
    rows = []
    best = (math.inf, 0.0, 0.0)
    best_pandas = (math.inf, 0.0, 0.0)
    for _ in range(args.repeat):  # the two in turns, best of --repeat each
        exact, seconds, peak, cpu = measured(to_pandas)
        best_pandas = min(best_pandas, (seconds, cpu, peak))
        auc, seconds, peak, cpu = measured(lambda: rsp.roc_auc_score(df, label="y", score="s"))
        assert auc == exact, (auc, exact)
        best = min(best, (seconds, cpu, peak))
    ours = best[0]
    print(f"load average after the AUC runs: {os.getloadavg()[0]:.1f}")

    def row(method, seconds, cpu, error, peak):
        return [method, format_seconds(seconds), f"{cpu:.1f} s", f"{seconds / ours:.1f}x",
                error, f"{peak:.0f} MB"]

    rows.append(row("rankscore.spark.roc_auc_score", *best[:2], f"{abs(auc - exact):.1e}",
                    best[2]))
    skipped = set(args.skip) | ({"evaluator", "metrics", "loop"} if args.skip_baselines
                                else set())
    if "summary" not in skipped:  # the other design: every partition's summary merged here
        value, seconds, peak, cpu = measured(
            lambda: rsp.score_summary(df, label="y", score="s").roc_auc())
        rows.append(row("rankscore.spark.score_summary(...).roc_auc()", seconds, cpu,
                        f"{abs(value - exact):.1e}", peak))
    labelled = df.select(F.col("s"), F.col("y").cast("double").alias("label"))
    if {"evaluator", "metrics"} - skipped:
        labelled = labelled.cache()
        labelled.count()
    if "evaluator" not in skipped:
        evaluator = BinaryClassificationEvaluator(rawPredictionCol="s", labelCol="label",
                                                  metricName="areaUnderROC")
        value, seconds, peak, cpu = measured(lambda: evaluator.evaluate(labelled))
        rows.append(row("BinaryClassificationEvaluator (1,000 bins)", seconds, cpu,
                        f"{abs(value - exact):.1e}", peak))
    if "metrics" not in skipped:
        metrics = spark.sparkContext._jvm.org.apache.spark.mllib.evaluation \
            .BinaryClassificationMetrics  # the class pyspark.mllib wraps, fed a DataFrame
        value, seconds, peak, cpu = measured(lambda: metrics(labelled._jdf).areaUnderROC())
        rows.append(row("BinaryClassificationMetrics (numBins=0)", seconds, cpu,
                        f"{abs(value - exact):.1e}", peak))
    labelled.unpersist()
    rows.append(row("toPandas() (Arrow) + rankscore.roc_auc_score", best_pandas[0],
                    best_pandas[1], "0 (exact)", best_pandas[2]))
    print_table(f"ROC AUC of {n:.0e} rows (10 % positives, continuous scores)",
                ["method", "time", "CPU, all processes", "vs rankscore.spark", "|AUC error|",
                 "driver peak"], rows)
    if skipped - {"loop"}:
        print(f"skipped: {', '.join(sorted(skipped - {'loop'}))}")

    table, group_time, group_peak, group_cpu = measured(
        lambda: rsp.group_metrics(df, label="y", score="s", by="g", one_class="nan"))
    rows = [["rankscore.spark.group_metrics (AUC, AP, KS, counts)", format_seconds(group_time),
             f"{group_cpu:.1f} s", "1.0x", f"{group_peak:.0f} MB"]]
    if "loop" not in skipped:
        keys = table["g"].tolist()
        looped = keys if args.loop_groups == "all" else keys[:int(args.loop_groups)]
        evaluator = BinaryClassificationEvaluator(rawPredictionCol="s", labelCol="label")
        labelled = df.select("s", F.col("y").cast("double").alias("label"), "g")

        def loop():
            return [evaluator.evaluate(labelled.where(F.col("g") == key)) for key in looped]

        values, seconds, peak, cpu = measured(loop)
        worst = max(abs(v - a) for v, a in zip(values, table["roc_auc"]))
        scale = len(keys) / len(looped)
        mark = "" if len(looped) == len(keys) else f" (scaled from {len(looped)} groups)"
        rows.append([f"filter + BinaryClassificationEvaluator per group{mark}",
                     format_seconds(seconds * scale), f"{cpu * scale:.1f} s",
                     f"{seconds * scale / group_time:.1f}x", f"{peak:.0f} MB"])
        print(f"evaluator loop: largest |AUC error| over {len(looped)} groups {worst:.1e}")
    print_table(f"Per-group AUC of {n:.0e} rows in {len(table)} groups",
                ["method", "time", "CPU, all processes", "vs rankscore.spark", "driver peak"],
                rows)
    spark.stop()


if __name__ == "__main__":
    main()
