"""``rankscore report FILE.csv``: pyarrow's streaming CSV reader against Python's csv module.

    python benchmarks/bench_report_csv.py            # 2 * 10^6 rows (about 58 MB)
    python benchmarks/bench_report_csv.py --quick    # 2 * 10^5 rows

Writes a CSV file of ``id,target,score`` rows (30 % positives, float64 scores written in
full, as ``repr`` writes them), then times the whole command in this process (reading,
report, text output) once with the csv module reader (what ``rankscore report`` does
without pyarrow, and did before) and once with the pyarrow reader, best of three rounds
each, side by side; checks that the two print the same report. ``np.sort`` of 10^7
float64 is printed as the machine's yardstick. Needs pyarrow.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np  # noqa: E402
from _util import best_time, format_seconds, print_table  # noqa: E402

from rankscore import _stream  # noqa: E402
from rankscore.cli import main  # noqa: E402

QUICK = "--quick" in sys.argv or os.environ.get("RANKSCORE_BENCH_QUICK")
N = 2 * 10**5 if QUICK else 2 * 10**6


def write_csv(path: str, n: int) -> None:
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.3).astype(int)
    s = np.clip(rng.normal(0.4 + 0.2 * y, 0.15), 0, 1)
    with open(path, "w") as f:
        f.write("id,target,score\n")
        step = 10**5
        for a in range(0, n, step):
            f.write("".join(f"{i},{t},{v!r}\n" for i, t, v in zip(
                range(10**6 + a, 10**6 + a + step), y[a:a + step].tolist(),
                s[a:a + step].tolist())))


def report(path: str, reader: str) -> str:
    _stream.CSV_READER = reader
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            assert main(["report", path, "--quiet"]) == 0
    finally:
        _stream.CSV_READER = "auto"
    return out.getvalue()


def main_() -> None:
    x = np.random.default_rng(1).random(10**7)
    yardstick = best_time(lambda: np.sort(x), repeat=3, min_total=0)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "scores.csv")
        start = time.perf_counter()
        write_csv(path, N)
        size = os.path.getsize(path)
        print(f"wrote {N:,} rows, {size / 1e6:.1f} MB in {time.perf_counter() - start:.1f} s")
        same = report(path, "python") == report(path, "arrow")
        t_python = best_time(lambda: report(path, "python"), repeat=3, min_total=0)
        t_arrow = best_time(lambda: report(path, "arrow"), repeat=3, min_total=0)
    print_table(
        f"rankscore report on a CSV file ({N:,} rows, {size / 1e6:.0f} MB); "
        f"np.sort of 10^7 float64: {format_seconds(yardstick)}",
        ["reader", "time", "speed-up", "same output"],
        [["Python csv module (without pyarrow; before)", format_seconds(t_python), "1.00x",
          ""],
         ["pyarrow streaming CSV reader", format_seconds(t_arrow),
          f"{t_python / t_arrow:.2f}x (target >= 4x)", "yes" if same else "NO"]],
    )


if __name__ == "__main__":
    main_()
