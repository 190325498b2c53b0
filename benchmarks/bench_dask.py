"""Beyond one machine: rankscore.dask on a two-worker LocalCluster, and ``rankscore report``
streaming a Parquet file larger than its summary.

    python benchmarks/bench_dask.py --rows 100000000 --chunk 5000000   # 10^8 rows (~8 GB, ~6 min)
    python benchmarks/bench_dask.py --rows 10000000      # a first, smaller run
    python benchmarks/bench_dask.py --rows 30000000 --skip-report   # the Dask rows only
    python benchmarks/bench_dask.py --rows 100000000 --skip-dask --csv-rows 10000000  # files

Rows of the table (the issue's "done means"):

* ``rankscore.dask.roc_auc_score`` on N rows (float64 probabilities, 10 % positives; rounded
  to ``--decimals`` and all distinct) held as a Dask array by 2 worker processes (1 thread
  each), against ``rankscore.roc_auc_score`` on the same N rows in this process (the two
  calls timed in turns, best of ``--repeat`` each); the two results must be identical
  (checked). With ``--max-thresholds`` also the compressed
  summary of the all-distinct scores, its AUC error and bound. The partitions
  are generated on the workers and persisted before timing, as the in-memory side holds its
  arrays before timing. Peak memory of each worker during the call (Linux: VmHWM after
  resetting it through /proc/PID/clear_refs) against the bytes of the partitions it holds.
* ``rankscore report big.parquet`` (a subprocess; its peak RSS, VmHWM) on an N-row Parquet
  file written in row groups, for scores with few distinct values (rounded to ``--decimals``)
  and for all-distinct float64 scores. Under its memory budget the command keeps the scores
  of each class (8 bytes a row, one buffer sized from the metadata) and reads the report
  from the two parts sorted in place; with rounded scores also the other path,
  ``--memory-budget 0`` (every chunk into a summary). "same numbers as in memory": the JSON
  of both paths equals ``rankscore.report.binary_report`` in memory on a sample file of
  ``--sample`` rows of the same kind (yes/no).
* With ``--csv-rows M``: the same command on an M-row CSV file of all-distinct scores, both
  paths (a CSV file's row count is unknown: the chunks' class arrays are joined at the end).

The summary holds 24 bytes per distinct float64 score: N all-distinct scores make a summary
2.7x the raw columns (9 bytes per row); the scores of each class are 8 bytes a row.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))

from _util import best_time, format_seconds, print_table  # noqa: E402

import rankscore as rs  # noqa: E402
from rankscore import report as rs_report  # noqa: E402


def _block(seed: int, index: int, rows: int, decimals: int | None):
    """Rows of partition ``index``: labels (bool, 10 % positives) and float64 probabilities
    (all distinct, or rounded to ``decimals``: at most 10^decimals + 1 distinct scores)."""
    rng = np.random.default_rng([seed, index])
    y = rng.random(rows) < 0.1
    s = 1.0 / (1.0 + np.exp(2.0 - rng.normal(size=rows) - 1.2 * y))
    if decimals is not None:
        s = np.round(s, decimals)
    return y, s


def _sizes(n: int, chunk: int) -> list[int]:
    return [min(chunk, n - start) for start in range(0, n, chunk)]


def _gb(nbytes: float) -> str:
    return f"{nbytes / 1e9:.2f} GB" if nbytes >= 1e8 else f"{nbytes / 1e6:.0f} MB"


def _reset_peak() -> None:
    with open("/proc/self/clear_refs", "w") as fh:  # 5: reset the peak RSS (VmHWM)
        fh.write("5")


def _peak_rss() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def _kind(decimals: int | None) -> str:
    return f"scores rounded to {decimals} decimals" if decimals is not None \
        else "all-distinct float64 scores"


def _side_by_side(memory, on_dask, repeat: int) -> tuple[float, float]:
    """Best wall times of the in-memory and the Dask call, run in turns (so that both see
    the same load on a shared machine)."""
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for i, fn in enumerate((memory, on_dask)):
            start = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return best[0], best[1]


def dask_rows(n: int, chunk: int, repeat: int, seed: int, decimals: int,
              max_thresholds: int) -> list[list[str]]:
    import dask
    import dask.array as da
    from distributed import Client, LocalCluster, wait

    import rankscore.dask as rd

    sizes = _sizes(n, chunk)
    rows = []
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None, memory_limit=0) as cluster, \
            Client(cluster) as client:
        for rounded in (decimals, None):
            parts = [_block(seed, i, m, rounded) for i, m in enumerate(sizes)]  # in memory
            y = np.concatenate([p[0] for p in parts])
            s = np.concatenate([p[1] for p in parts])
            del parts
            expected = rs.roc_auc_score(y, s)
            blocks = [dask.delayed(_block)(seed, i, m, rounded) for i, m in enumerate(sizes)]
            dy = da.concatenate([da.from_delayed(b[0], (m,), bool)
                                 for b, m in zip(blocks, sizes)])  # fmt: skip
            ds = da.concatenate([da.from_delayed(b[1], (m,), np.float64)
                                 for b, m in zip(blocks, sizes)])  # fmt: skip
            dy, ds = dask.persist(dy, ds)  # generated on the workers, held there
            wait([dy, ds])
            score_keys = set(ds.__dask_keys__())
            held: dict[str, int] = {}
            n_held: dict[str, int] = {}  # partitions (of the scores) each worker holds
            nbytes = client.nbytes(summary=False)
            for key, workers in client.who_has().items():
                for worker in workers:
                    held[worker] = held.get(worker, 0) + nbytes.get(key, 0)
                    n_held[worker] = n_held.get(worker, 0) + (key in score_keys)
            result = rd.roc_auc_score(dy, ds)
            assert result == expected, (result, expected)
            client.run(_reset_peak)
            t_memory, t_dask = _side_by_side(lambda: rs.roc_auc_score(y, s),
                                             lambda: rd.roc_auc_score(dy, ds), repeat)
            peaks = client.run(_peak_rss)
            del y, s
            rows.append([f"rankscore.dask.roc_auc_score, {n:,} rows ({_kind(rounded)}), "
                         f"{len(sizes)} partitions", format_seconds(t_dask),
                         f"{format_seconds(t_memory)} (rankscore.roc_auc_score in memory)",
                         f"{t_dask / t_memory:.2f}× (target ≤ 1.5×); identical: {result!r}"])
            for worker, peak in sorted(peaks.items()):
                part = held.get(worker, 0)
                rows.append([f"  peak memory of worker …{worker[-6:]}", _gb(peak),
                             f"{_gb(part)} (its {n_held.get(worker, 0)} partitions)",
                             f"{peak / part:.2f}× (target ≤ 3×)" if part else "no partition"])
            if rounded is None and max_thresholds:
                client.run(_reset_peak)
                start = time.perf_counter()
                small = rd.score_summary(dy, ds, max_thresholds=max_thresholds)
                t_small = time.perf_counter() - start
                peaks = client.run(_peak_rss)
                rows.append([f"rd.score_summary(max_thresholds={max_thresholds:,}).roc_auc()",
                             format_seconds(t_small), f"error {abs(small.roc_auc() - result):.1e}"
                             f" ≤ bound {small.auc_error_bound:.1e}",
                             "worker peaks " + ", ".join(_gb(p) for p in peaks.values())])
            client.cancel([dy, ds])
            del dy, ds
    return rows


def _write_parquet(path: str, n: int, chunk: int, seed: int, decimals: int | None) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    writer = None
    for i, m in enumerate(_sizes(n, chunk)):
        y, s = _block(seed, i, m, decimals)
        table = pa.table({"target": y.astype(np.int8), "score": s})
        if writer is None:
            writer = pq.ParquetWriter(path, table.schema)
        writer.write_table(table)
    writer.close()


_CHILD = """
import sys
from rankscore.cli import main
code = main(sys.argv[1:])
with open("/proc/self/status") as fh:  # the peak of this program (its own memory map)
    print([line for line in fh if line.startswith("VmHWM:")][0].split()[1], file=sys.stderr)
sys.exit(code)
"""


def _report(path: str, *options: str) -> tuple[dict, float, int]:
    """(JSON report, wall seconds, peak RSS in bytes) of ``rankscore report`` on a file.

    The peak is the child's VmHWM read at its end: ru_maxrss of a child (wait4, time -v
    from this process) also counts the pages of this large process it was forked from.
    """
    command = [sys.executable, "-c", _CHILD, "report", path, "--json", "--quiet", *options]
    start = time.perf_counter()
    proc = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode:
        raise RuntimeError(proc.stderr)
    peak = int(proc.stderr.split()[-1]) * 1024  # kB
    return json.loads(proc.stdout), elapsed, peak


_SUMMARISED = ("--memory-budget", "0")  # the other path: every chunk into a ScoreAccumulator


def _same_as_memory(folder: str, sample: int, chunk: int, seed: int,
                    decimals: int | None) -> str:
    """"yes" when the report of a ``sample``-row file, read as the scores of each class and
    read into a summary, equals ``binary_report`` of the rows in memory (else "no")."""
    small = os.path.join(folder, "sample.parquet")
    _write_parquet(small, sample, chunk, seed, decimals)
    labels, scores = rs_report.read_columns(small, "target", "score")
    expected = rs_report.binary_report(labels, scores, pos_label="1")
    same = all({k: streamed[k] for k in expected} == expected
               for streamed, _, _ in (_report(small), _report(small, *_SUMMARISED)))
    os.remove(small)
    return "yes" if same else "no"


def report_rows(n: int, chunk: int, sample: int, seed: int, decimals: int,
                folder: str) -> list[list[str]]:
    rows = []
    for rounded in (decimals, None):
        same = _same_as_memory(folder, sample, min(chunk, sample), seed, rounded)
        path = os.path.join(folder, "big.parquet")
        _write_parquet(path, n, chunk, seed, rounded)
        size = os.path.getsize(path)
        runs = [("scores of each class", ())]
        if rounded is not None:  # few distinct scores: the summary is small too
            runs.append(("summarised, --memory-budget 0", _SUMMARISED))
        rows += _command_rows(path, runs, f"{n:,} rows, {_kind(rounded)}",
                              f"file {_gb(size)}, raw columns {_gb(9 * n)}",
                              " (target ≤ 1.5 GB at 10^8 rows)")
        os.remove(path)
        rows.append([f"  same numbers as in memory on a {sample:,}-row sample ({_kind(rounded)};"
                     " both paths)", same, "", ""])
    return rows


def csv_rows(n: int, seed: int, folder: str) -> list[list[str]]:
    import pyarrow as pa
    import pyarrow.csv as pv

    path = os.path.join(folder, "big.csv")
    y, s = _block(seed, 0, n, None)
    pv.write_csv(pa.table({"target": y.astype(np.int8), "score": s}), path)
    del y, s
    runs = [("scores of each class", ()), ("summarised, --memory-budget 0", _SUMMARISED)]
    rows = _command_rows(path, runs, f"{n:,} rows, all-distinct float64 scores",
                         f"file {_gb(os.path.getsize(path))}, scores {_gb(8 * n)}", "")
    os.remove(path)
    return rows


def _command_rows(path: str, runs, what: str, sizes: str, target: str) -> list[list[str]]:
    """One row per way of running ``rankscore report path``: its time and peak RSS."""
    rows = []
    for how, options in runs:
        _, elapsed, peak = _report(path, *options)
        rows.append([f"rankscore report {os.path.basename(path)}, {what} ({how})",
                     format_seconds(elapsed), sizes, f"peak RSS {_gb(peak)}{target}"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10**8)
    parser.add_argument("--chunk", type=int, default=5 * 10**6,
                        help="rows per partition / per Parquet row group (default 5e6)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="timed runs, best kept (the in-memory and Dask calls in turns)")
    parser.add_argument("--sample", type=int, default=10**6,
                        help="rows of the file whose report is checked against memory")
    parser.add_argument("--decimals", type=int, default=6,
                        help="rounding of the scores of the first Dask and report rows "
                        "(default 6: at most 10^6 + 1 distinct probabilities)")
    parser.add_argument("--max-thresholds", type=int, default=0,
                        help="also time the compressed Dask summary of the all-distinct "
                        "scores with this many thresholds (e.g. 1000000; default: not)")
    parser.add_argument("--csv-rows", type=int, default=0,
                        help="also report an all-distinct CSV file of this many rows "
                        "(e.g. 10000000; default: not)")
    parser.add_argument("--skip-dask", action="store_true")
    parser.add_argument("--skip-report", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    sort_input = np.random.default_rng(1).random(10**7)
    t_sort = best_time(lambda: np.sort(sort_input), repeat=3, min_total=0)
    del sort_input
    rows = [["np.sort of 10^7 float64 (this machine's yardstick)", format_seconds(t_sort),
             "", ""]]
    if not args.skip_dask:
        rows += dask_rows(args.rows, args.chunk, args.repeat, args.seed, args.decimals,
                          args.max_thresholds)
    if not args.skip_report:
        with tempfile.TemporaryDirectory() as folder:
            rows += report_rows(args.rows, args.chunk, args.sample, args.seed, args.decimals,
                                folder)
            if args.csv_rows:
                rows += csv_rows(args.csv_rows, args.seed, folder)
    print_table(f"Beyond one machine, {args.rows:,} rows (rankscore {rs.BACKEND})",
                ["operation", "time / peak", "baseline", "ratio"], rows)


if __name__ == "__main__":
    main()
