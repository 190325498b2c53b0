"""ScoreSummary benchmarks: one summary read many times, merged, streamed, written and read
back as bytes.

    python benchmarks/bench_summary.py            # 10^7 rows (a few minutes)
    python benchmarks/bench_summary.py --quick    # 10^6 rows
    python benchmarks/bench_summary.py --before REV   # the accumulator of another commit

Prints one Markdown table; every ratio is measured side by side in this one run.
10 % positives, continuous scores (every score distinct: the largest summary).
* ``binary_report`` (one summary, every number a view of it) against one ``roc_auc_score``;
* ``ScoreSummary.merge_all`` of 100 summaries of N/100 rows against building the summary
  of the N rows;
* ``ScoreAccumulator`` over 1,000 batches of N/1000 rows against the one-shot summary, and
  its peak memory (tracemalloc, from the first batch to ``summary()``) against the final
  1.5 times the final summary's size plus one batch.
* ``ScoreAccumulator`` against the accumulator of the commit before it took a lock
  (``--before``, read with ``git show``; the same kernels), batch for batch, rounds taken
  in turn: large, small and weighted batches;
* ``to_bytes`` and ``from_bytes`` of the summary of N continuous scores (N thresholds)
  against a plain copy of its three arrays.
The build reference (``ScoreSummary.from_arrays`` of the N rows) is timed once and shown
in the reference column.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc
import types

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np  # noqa: E402
from _util import best_time, format_seconds, print_table, side_by_side  # noqa: E402

import rankscore as rs  # noqa: E402
from rankscore import ScoreAccumulator, ScoreSummary  # noqa: E402
from rankscore.report import binary_report  # noqa: E402

QUICK = "--quick" in sys.argv or os.environ.get("RANKSCORE_BENCH_QUICK")
N = 10**6 if QUICK else 10**7
# the last commit whose ScoreAccumulator took no lock
BEFORE = sys.argv[sys.argv.index("--before") + 1] if "--before" in sys.argv else "5945ef7"


def accumulator_of(revision: str):
    """The ScoreAccumulator class of rankscore/summary.py at ``revision`` (run against this
    checkout's kernels and modules), or None when git cannot show it or it does not import
    against this checkout's modules (e.g. from before the engine's layout)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        source = subprocess.run(["git", "show", f"{revision}:rankscore/summary.py"], cwd=root,
                                check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    module = types.ModuleType("rankscore._summary_before")
    module.__package__ = "rankscore"
    try:
        exec(compile(source, f"summary.py@{revision}", "exec"), module.__dict__)
    except ImportError:
        return None
    return module.ScoreAccumulator


def usable_cpus():
    """The CPUs this run may use (``taskset -c 1`` leaves one of two)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


def timed(fn, repeat=5):
    # the best of five rounds (each side alike): one round of a 2-CPU machine can lose
    # tens of milliseconds to page faults and the scheduler
    return best_time(fn, repeat=repeat, min_total=0)


def accumulate(y, s, n_batches, cls=ScoreAccumulator, w=None):
    acc = cls()
    size = len(y) // n_batches
    for i in range(0, len(y), size):
        acc.update(y[i:i + size], s[i:i + size], None if w is None else w[i:i + size])
    return acc.summary()


def peak_bytes(fn):
    tracemalloc.start()
    tracemalloc.reset_peak()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def ratio_row(rows, what, ours, reference, name, target):
    ratio = ours / reference
    rows.append([what, format_seconds(ours), f"{format_seconds(reference)} ({name})",
                 f"{ratio:.2f}×", f"≤ {target}×", "yes" if ratio <= target else "**no**"])


def main():
    rng = np.random.default_rng(0)
    y = (rng.random(N) < 0.1).astype(np.int64)
    s = rng.random(N)
    rows = []
    sort_time = timed(lambda: np.sort(s))
    rows.append([f"np.sort of {N:,} float64 (for scale)", format_seconds(sort_time), "", "",
                 "", ""])

    auc = timed(lambda: rs.roc_auc_score(y, s))
    report = timed(lambda: binary_report(y, s))
    ratio_row(rows, "binary_report / one roc_auc_score", report, auc, "roc_auc_score", 1.5)

    build = timed(lambda: ScoreSummary.from_arrays(y, s))
    part = N // 100
    parts = [ScoreSummary.from_arrays(y[i:i + part], s[i:i + part]) for i in range(0, N, part)]
    merge = timed(lambda: ScoreSummary.merge_all(parts))
    ratio_row(rows, f"merge_all of 100 summaries of {part:,} rows / building the whole",
              merge, build, "from_arrays", 0.5)
    assert ScoreSummary.merge_all(parts) == ScoreSummary.from_arrays(y, s)

    stream = timed(lambda: accumulate(y, s, 1000), repeat=3)
    ratio_row(rows, f"ScoreAccumulator, 1,000 batches of {N // 1000:,} rows / one-shot",
              stream, build, "from_arrays", 2)
    final = ScoreSummary.from_arrays(y, s)
    batch_bytes = (y.nbytes + s.nbytes) // 1000
    peak = peak_bytes(lambda: accumulate(y, s, 1000))
    allowed = 1.5 * final.nbytes + batch_bytes
    rows.append(["ScoreAccumulator peak memory / (1.5 × final summary + one batch)",
                 f"{peak / 2**20:.0f} MiB", f"{allowed / 2**20:.0f} MiB (final summary "
                 f"{final.nbytes / 2**20:.0f} MiB)", f"{peak / allowed:.2f}×", "≤ 1.0×",
                 "yes" if peak <= allowed else "**no**"])


    before = accumulator_of(BEFORE)
    weights = rng.integers(1, 4, N).astype(np.float64)
    for what, n_batches, w in ((f"1,000 batches of {N // 1000:,} rows", 1000, None),
                               (f"{N // 100:,} batches of 100 rows", N // 100, None),
                               (f"1,000 weighted batches of {N // 1000:,} rows", 1000, weights)):
        if before is None:
            rows.append([f"ScoreAccumulator, {what}: with the lock / before", "", "",
                         "", "", f"(git show {BEFORE} failed)"])
            continue
        ours, theirs = side_by_side([lambda n=n_batches, w=w: accumulate(y, s, n, w=w),
                                     lambda n=n_batches, w=w: accumulate(y, s, n, before, w)],
                                    repeat=3 if n_batches > 1000 else 5)
        ratio_row(rows, f"ScoreAccumulator, {what}: with the lock / before ({BEFORE})", ours,
                  theirs, "before", 1.05)

    big = final  # every score distinct: N thresholds
    data = big.to_bytes()
    assert ScoreSummary.from_bytes(data) == big
    copy, write, read = side_by_side([
        lambda: [a.copy() for a in (big.thresholds, big.negatives, big.positives)],
        big.to_bytes, lambda: ScoreSummary.from_bytes(data)])
    for what, t in (("to_bytes", write), ("from_bytes (checksum and checks)", read)):
        ratio_row(rows, f"{what} of {len(big):,} thresholds ({len(data) / 2**20:.0f} MiB) / "
                  "a copy of its arrays", t, copy, "copy", 1.2)

    print_table(
        f"Score summary, {N:,} rows, 10 % positives, continuous scores (backend "
        f"{rs.BACKEND}, {usable_cpus()} CPUs)",
        ["measurement", "rankscore", "reference", "ratio", "target", "met"],
        rows,
    )


if __name__ == "__main__":
    main()
