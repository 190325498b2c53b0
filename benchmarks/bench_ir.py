"""IR metrics over many queries: rankscore against ranx and pytrec_eval (trec_eval).

    python benchmarks/bench_ir.py            # 10^5 queries x 100 scored elements, 10^7-line file
    python benchmarks/bench_ir.py --quick    # 10^4 queries, 10^6-line file

One run, ``n`` queries x 100 scored elements (ids drawn from a corpus of 10^7 per query, so
the run has ~10^7 distinct ids), ~10 relevant judged elements per query (graded 1-3, 8 of
them retrieved on average) plus 10 judged non-relevant. Rows, measured side by side:
* ``evaluate`` per metric on prebuilt ``Qrels``/``Run`` (compiled kernels, one thread), best
  of 3 after a first call that is shown too: nothing is cached between calls, every call
  joins the run with the qrels (hash join, each matched pair of ids compared byte for byte)
  and computes the metric; the same on the NumPy fallback (once); ``ranx.evaluate`` on
  prebuilt ``ranx.Qrels``/``ranx.Run`` after its JIT warm-up (``NUMBA_NUM_THREADS=1``), best
  of 3; ``pytrec_eval``, best of 2 calls of ``evaluate(run dict)`` on a
  ``RelevanceEvaluator(qrels dict, {measure})`` built beforehand.
  How the sides are timed: each tool's qrels object is built outside the timing
  (``Qrels``, ``ranx.Qrels``, ``RelevanceEvaluator``: the judgements are read once and
  reused); so are ``Run`` and ``ranx.Run``. pytrec_eval has no run object: its
  ``evaluate`` converts the run dict to trec_eval's structures inside the timing, which
  is what a pytrec_eval user pays per evaluation. Building ``Run`` from the same dict (a
  one-off, reused for every metric and every later evaluation) is printed below the
  table;
* a cold process (import, read 10^3 queries' TREC files, first MAP) of each, ranx with an
  empty numba cache (first use) and with its on-disk cache filled;
* reading a TREC run file of 10 x n lines: ``Run.from_trec`` against ``ranx.Run.from_file``;
* ``np.sort`` of 10^7 random float64, the yardstick.
Times are CPU times (``time.process_time``, children's ``os.times`` for the cold processes):
the benchmark machine is shared, and every contender runs on one thread.
Per-query results are checked equal to trec_eval's (1e-12) and the table says whether
ranx's mean agrees.
Targets of issue 14: >= 3x ranx and >= 20x pytrec_eval for MAP, nDCG@10 and P@10; cold
process >= 50x ranx's; reader >= 3x ranx's.
"""

from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")  # before numba is imported: one thread

import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from _util import format_seconds, print_table  # noqa: E402

from rankscore import _backend
from rankscore.ir import evaluate, Qrels, Run  # noqa: E402

# rankscore name, ranx name, trec_eval measure
METRICS = [
    ("map", "map", "map"), ("ndcg@10", "ndcg@10", "ndcg_cut_10"),
    ("P@10", "precision@10", "P_10"), ("recall@10", "recall@10", "recall_10"),
    ("r_precision", "r-precision", "Rprec"), ("map@10", "map@10", "map_cut_10"),
    ("mrr", "mrr", "recip_rank"), ("hit_rate@10", "hit_rate@10", "success_10"),
    ("bpref", "bpref", "bpref"), ("s", None, None),
]


def once(fn) -> float:
    """CPU time of one call (this process; one thread everywhere)."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def best_cpu(fn, repeat: int = 3) -> float:
    """Best CPU time of ``repeat`` calls after a first one: the machine may be shared, and
    the CPU time of a single-threaded call does not count the time others took."""
    return first_and_best(fn, repeat)[1]


def first_and_best(fn, repeat: int = 3) -> tuple[float, float]:
    """CPU time of the first call, and the best of ``repeat`` calls after it."""
    first = once(fn)
    return first, min(once(fn) for _ in range(repeat))


def make_data(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    run, qrels = {}, {}
    for q in range(n):
        docs = rng.choice(10**7, size=110, replace=False)
        scores = rng.random(100)
        run[f"q{q}"] = dict(zip((f"doc{d}" for d in docs[:100].tolist()), scores.tolist()))
        relevant = np.concatenate([docs[rng.choice(100, 8, replace=False)], docs[100:102]])
        judged = {f"doc{d}": int(rng.integers(1, 4)) for d in relevant.tolist()}
        judged.update({f"doc{d}": 0 for d in docs[102:110].tolist()})
        judged.update({f"doc{d}": 0 for d in docs[rng.choice(100, 2, replace=False)].tolist()
                       if f"doc{d}" not in judged})
        qrels[f"q{q}"] = judged
    return qrels, run


def write_trec(qrels, run, directory, name="run"):
    with open(os.path.join(directory, "qrels"), "w") as f:
        f.writelines(f"{q} 0 {d} {r}\n" for q, docs in qrels.items() for d, r in docs.items())
    with open(os.path.join(directory, name), "w") as f:
        for q, docs in run.items():
            f.writelines(f"{q} Q0 {d} {i + 1} {s!r} bench\n"
                         for i, (d, s) in enumerate(sorted(docs.items(), key=lambda x: -x[1])))


COLD_RANKSCORE = """
import time, sys
t = time.perf_counter()
import rankscore
value = rankscore.ir.evaluate(sys.argv[1], sys.argv[2], "map")
print(time.perf_counter() - t, value)
"""

COLD_RANX = """
import time, sys
t = time.perf_counter()
import ranx
value = ranx.evaluate(ranx.Qrels.from_file(sys.argv[1], kind="trec"),
                      ranx.Run.from_file(sys.argv[2], kind="trec"), "map")
print(time.perf_counter() - t, value)
"""


def cold(code: str, directory: str, **env) -> tuple[float, float]:
    """(CPU time of the whole child process, its MAP)."""
    full_env = {**os.environ, "PYTHONPATH": os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), **env}
    before = os.times()
    out = subprocess.run([sys.executable, "-c", code, os.path.join(directory, "qrels"),
                          os.path.join(directory, "run")], capture_output=True, text=True,
                         check=True, env=full_env, cwd=directory).stdout.split()
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system
                                                          - before.children_system)
    return cpu, float(out[1])


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    n = 10**4 if quick else 10**5
    import pytrec_eval
    import ranx

    values = np.random.default_rng(0).random(10**7)
    t_sort = best_cpu(lambda: np.sort(values))
    qrels_dict, run_dict = make_data(n)
    qrels = Qrels(qrels_dict)
    t_build_run = once(lambda: Run(run_dict))
    run = Run(run_dict)
    ranx_qrels, ranx_run = ranx.Qrels(qrels_dict), ranx.Run(run_dict)
    rows = [["np.sort, 10,000,000 float64", format_seconds(t_sort), "", "", "", "", "", ""]]
    ratios = {}
    for ours, theirs, trec in METRICS:
        with _backend.using("cython"):
            t_first, t_ours = first_and_best(lambda: evaluate(qrels, run, ours))
            per_query = evaluate(qrels, run, ours, per_query=True)[ours]
        with _backend.using("python"):
            t_fallback = once(lambda: evaluate(qrels, run, ours))
        t_ranx = t_trec = float("nan")
        if theirs is not None:
            got = ranx.evaluate(ranx_qrels, ranx_run, theirs)  # JIT warm-up
            agree = abs(got - per_query.mean()) < 1e-12
            t_ranx = best_cpu(lambda: ranx.evaluate(ranx_qrels, ranx_run, theirs))
            evaluator = pytrec_eval.RelevanceEvaluator(qrels_dict, {trec})
            start = time.process_time()
            result = evaluator.evaluate(run_dict)
            t_trec = min(time.process_time() - start, once(lambda: evaluator.evaluate(run_dict)))
            # pytrec_eval bundles trec_eval 9, which compares scores as float32
            expected = evaluate(qrels, run, ours, per_query=True, score_precision="float32")
            np.testing.assert_allclose(expected[ours], [result[q][trec] for q in qrels.queries],
                                       rtol=0, atol=1e-12)
        ratios[ours] = (t_ranx / t_ours, t_trec / t_ours, t_trec / t_first)
        rows.append([ours, format_seconds(t_ours), format_seconds(t_first),
                     format_seconds(t_fallback),
                     format_seconds(t_ranx) if theirs else "—",
                     format_seconds(t_trec) if theirs else "—",
                     f"{t_ranx / t_ours:.1f}× / {t_trec / t_ours:.0f}× "
                     f"({t_trec / t_first:.0f}×)" if theirs else "—",
                     ("yes" if agree else f"no ({got:.6f})") if theirs else "—"])
    print_table(f"evaluate, {n:,} queries x 100 scored elements (one thread)",
                ["metric", "rankscore", "rankscore, first call",
                 "rankscore fallback (1 run)", "ranx (after JIT)",
                 "pytrec_eval", "rankscore faster than ranx / pytrec_eval (first call)",
                 "ranx's mean equal"], rows)
    print(f"\nbuilding the Run from the dict (once, reused by every call above): "
          f"{format_seconds(t_build_run)}")

    with tempfile.TemporaryDirectory() as directory:
        small_q, small_r = make_data(1000, seed=1)
        write_trec(small_q, small_r, directory)
        ours_cold, ours_map = cold(COLD_RANKSCORE, directory)
        cache = os.path.join(directory, "numba_cache")
        ranx_first, ranx_map = cold(COLD_RANX, directory, NUMBA_CACHE_DIR=cache)
        ranx_cached, _ = cold(COLD_RANX, directory, NUMBA_CACHE_DIR=cache)
        assert abs(ours_map - ranx_map) < 1e-12
        print_table("cold process: import + read 1,000 queries' TREC files + first MAP",
                    ["tool", "CPU time", "rankscore faster"],
                    [["rankscore", format_seconds(ours_cold), ""],
                     ["ranx, empty numba cache", format_seconds(ranx_first),
                      f"{ranx_first / ours_cold:.0f}×"],
                     ["ranx, numba cache filled", format_seconds(ranx_cached),
                      f"{ranx_cached / ours_cold:.0f}×"]])

        del ranx_run, ranx_qrels
        write_trec(qrels_dict, run_dict, directory, name="big")
        path = os.path.join(directory, "big")
        lines = 100 * n
        t_read = once(lambda: Run.from_trec(path))
        t_read_fallback = float("nan")
        if quick:  # the fallback holds every field as a bytes object: GBs at 10^7 lines
            with _backend.using("python"):
                t_read_fallback = once(lambda: Run.from_trec(path))
        t_read_ranx = once(lambda: ranx.Run.from_file(path, kind="trec"))
        rows = [["rankscore Run.from_trec", format_seconds(t_read), ""]]
        if quick:  # not measured at full size (see above)
            rows.append(["rankscore Run.from_trec, fallback", format_seconds(t_read_fallback),
                         f"{t_read_fallback / t_read:.1f}× slower"])
        rows.append(["ranx Run.from_file", format_seconds(t_read_ranx),
                     f"{t_read_ranx / t_read:.1f}×"])
        print_table(f"read a {lines:,}-line TREC run file (1 run each)",
                    ["reader", "time", "rankscore faster"], rows)
    print("\ntargets: " + ", ".join(
        f"{m} {ratios[m][0]:.1f}x ranx (>= 3), {ratios[m][1]:.0f}x pytrec_eval "
        f"({ratios[m][2]:.0f}x on the first call; >= 20)"
        for m in ("map", "ndcg@10", "P@10"))
        + f"; cold {ranx_first / ours_cold:.0f}x ranx (>= 50); reader "
        f"{t_read_ranx / t_read:.1f}x ranx (>= 3)")


if __name__ == "__main__":
    main()
