"""rankscore's C API against the Python functions, side by side in one run.

    python benchmarks/bench_capi.py            # builds a small Cython module, then times

A compiled library calls ``rs_roc_auc`` (``from rankscore.capi cimport rs_roc_auc``)
without Python: no validation of Python objects, no dispatch, the GIL released. The
table compares, on the same data (30 % positives, continuous scores):

* one call at n = 100 (what a library scoring small groups pays per group): the C API in a
  Cython loop against ``rankscore.roc_auc_score``;
* one call at n = 10^7: the C API against the Python function (which sorts on two threads
  from 2^21 rows on; so does the C API);
* four threads, each scoring its own 10^6 rows through the C API with the GIL released,
  against the same four calls one after another.

The long calls (10^7 rows, the four 10^6-row calls) are timed in turn, one of each side
per round, best of five rounds, so that a change in the machine's speed during the run
reaches both sides. The Cython module is built in a temporary directory against the
installed rankscore (Cython and setuptools needed). np.sort of 10^7 float64 is printed as
the machine's yardstick.
"""

from __future__ import annotations

import importlib
import os
import pathlib
import subprocess
import sys
import tempfile
import textwrap
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np  # noqa: E402
from _util import best_time, format_seconds, print_table, side_by_side  # noqa: E402

import rankscore as rs  # noqa: E402

SOURCE = textwrap.dedent("""
    # cython: language_level=3
    from rankscore.capi cimport RS_OK, rs_roc_auc

    def roc_auc(const double[::1] s, const unsigned char[::1] y):
        \"\"\"One rs_roc_auc call, the GIL released.\"\"\"
        cdef double out = 0.0
        cdef int status
        with nogil:
            status = rs_roc_auc(&s[0], &y[0], NULL, s.shape[0], &out)
        if status != RS_OK:
            raise ValueError(f"rs_roc_auc returned {status}")
        return out

    def roc_auc_loop(const double[::1] s, const unsigned char[::1] y, Py_ssize_t calls):
        \"\"\"calls rs_roc_auc calls in a loop without the GIL (the cost of one call, with
        no Python in between).\"\"\"
        cdef double out = 0.0
        cdef Py_ssize_t i
        with nogil:
            for i in range(calls):
                rs_roc_auc(&s[0], &y[0], NULL, s.shape[0], &out)
        return out
""")

SETUP = textwrap.dedent("""
    from setuptools import Extension, setup
    from Cython.Build import cythonize
    setup(name="bench_capi_ext", script_args=["-q", "build_ext", "--inplace"],
          ext_modules=cythonize([Extension("bench_capi_ext", ["bench_capi_ext.pyx"],
                                           extra_compile_args={extra!r})],
                                include_path=[{include!r}], quiet=True))
""")


def build(directory: pathlib.Path):
    """The Cython module, built against the installed rankscore."""
    extra = [] if sys.platform == "win32" else ["-O3"]
    (directory / "bench_capi_ext.pyx").write_text(SOURCE)
    (directory / "setup.py").write_text(SETUP.format(
        extra=extra, include=str(pathlib.Path(rs.__file__).resolve().parent.parent)))
    subprocess.run([sys.executable, "setup.py"], cwd=directory, check=True,
                   stdout=subprocess.DEVNULL)
    sys.path.insert(0, str(directory))
    return importlib.import_module("bench_capi_ext")


def data(n: int, seed: int):
    rng = np.random.default_rng(seed)
    return (rng.random(n) < 0.3).astype(np.uint8), rng.random(n)


def row(rows, what, ours, theirs, reference, target):
    ratio = ours / theirs
    rows.append([what, format_seconds(ours), f"{format_seconds(theirs)} ({reference})",
                 f"{ratio:.3f}×", f"≤ {target}×", "yes" if ratio <= target else "**no**"])


def main() -> None:
    if rs.BACKEND != "cython":
        sys.exit("rankscore runs on its NumPy fallback here, which has no C API")
    with tempfile.TemporaryDirectory() as tmp:
        ext = build(pathlib.Path(tmp))
        rows = []
        big = np.random.default_rng(0).random(10**7)
        rows.append(["np.sort of 10,000,000 float64 (the machine's yardstick)",
                     format_seconds(best_time(lambda: np.sort(big), repeat=3)), "", "", "",
                     ""])

        y, s = data(100, 1)
        assert ext.roc_auc(s, y) == rs.roc_auc_score(y, s)
        calls = 20_000
        c_call = best_time(lambda: ext.roc_auc_loop(s, y, calls), repeat=7) / calls
        py_call = best_time(lambda: rs.roc_auc_score(y, s), repeat=7)
        row(rows, "one call, n = 100: rs_roc_auc (Cython loop) / roc_auc_score", c_call,
            py_call, "roc_auc_score", 0.1)

        y, s = data(10**7, 2)
        assert ext.roc_auc(s, y) == rs.roc_auc_score(y, s)
        c_big, py_big = side_by_side(
            [lambda: ext.roc_auc(s, y), lambda: rs.roc_auc_score(y, s)])
        row(rows, "one call, n = 10,000,000: rs_roc_auc / roc_auc_score", c_big, py_big,
            "roc_auc_score", 1.0)

        jobs = [data(10**6, 10 + j) for j in range(4)]

        def one_after_another():
            return [ext.roc_auc(s, y) for y, s in jobs]

        def four_threads():
            with ThreadPoolExecutor(4) as pool:
                return list(pool.map(lambda job: ext.roc_auc(job[1], job[0]), jobs))

        assert four_threads() == one_after_another()
        threads, serial = side_by_side([four_threads, one_after_another])
        row(rows, "4 × 10^6 rows: 4 threads at once / one after another (rs_roc_auc, GIL "
            "released)", threads, serial, "one after another", 0.6)

    print_table(
        f"The C API against the Python functions ({os.cpu_count()} CPUs, load "
        f"{os.getloadavg()[0]:.1f} at the end)" if hasattr(os, "getloadavg") else
        "The C API against the Python functions",
        ["measurement", "C API", "reference", "ratio", "target", "met"], rows)


if __name__ == "__main__":
    main()
