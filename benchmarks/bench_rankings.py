"""Enumerate and score every ranking with p = 30, k = 10 (10,015,005 rankings).

    python benchmarks/bench_rankings.py            # full size: p = 30, k = 10
    python benchmarks/bench_rankings.py --quick    # p = 26, k = 9 (1,081,575 rankings)

Rows, measured side by side in one run:
* ``enumerate_rankings(30, 10)`` on the compiled kernels (lexicographic combinations with an
  incremental soma, score looked up by soma; one call fills the mask and score columns);
* the same call on the NumPy fallback (``_backend.using("python")``), timed at full size,
  once (it takes seconds);
* ``np.sort`` of as many random float64 values (10,000,000 at full size), the yardstick;
* ``score_many`` of the resulting ``RankingSet`` (rescoring masks at another m).
Targets of issue 2: compiled <= 2x np.sort, compiled >= 30x faster than the fallback.
Both backends' results are checked equal before timing.
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _util import best_time, format_seconds, print_table  # noqa: E402

from rankscore import _backend
from rankscore.rankings import count_rankings, enumerate_rankings, ranking_score_many  # noqa: E402


def once(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    p, k = (26, 9) if quick else (30, 10)
    n = count_rankings(p, k)
    n_sort = n if quick else 10_000_000
    values = np.random.default_rng(0).random(n_sort)

    with _backend.using("cython"):
        compiled = enumerate_rankings(p, k)
    with _backend.using("python"):
        fallback = enumerate_rankings(p, k)
    assert np.array_equal(compiled.masks, fallback.masks)
    assert compiled.scores.tobytes() == fallback.scores.tobytes()
    del compiled, fallback

    t_sort = best_time(lambda: np.sort(values), repeat=5)
    with _backend.using("cython"):
        t_compiled = best_time(lambda: enumerate_rankings(p, k), repeat=5)
        rankings = enumerate_rankings(p, k)
        t_rescore = best_time(lambda: ranking_score_many(rankings, m=5), repeat=5)
    with _backend.using("python"):
        t_fallback = once(lambda: enumerate_rankings(p, k))
        t_rescore_fallback = once(lambda: ranking_score_many(rankings, m=5))

    rows = [
        [f"np.sort, {n_sort:,} float64", format_seconds(t_sort), "1.00"],
        [f"enumerate_rankings({p}, {k}), compiled", format_seconds(t_compiled),
         f"{t_compiled / t_sort:.2f}"],
        [f"enumerate_rankings({p}, {k}), fallback (1 run)", format_seconds(t_fallback),
         f"{t_fallback / t_sort:.2f}"],
        [f"ranking_score_many(RankingSet of {n:,}, m=5), compiled", format_seconds(t_rescore),
         f"{t_rescore / t_sort:.2f}"],
        [f"ranking_score_many(RankingSet of {n:,}, m=5), fallback (1 run)",
         format_seconds(t_rescore_fallback), f"{t_rescore_fallback / t_sort:.2f}"],
    ]
    print_table(
        f"Enumerate and score all {n:,} rankings (p = {p}, k = {k}); time / np.sort time",
        ["operation", "time", "× np.sort"],
        rows,
    )
    print(
        f"\ncompiled enumerate = {t_compiled / t_sort:.2f}× np.sort (target <= 2), "
        f"{t_fallback / t_compiled:.0f}× faster than the fallback (target >= 30); "
        f"compiled rescoring {t_rescore_fallback / t_rescore:.0f}× faster than the fallback"
    )


if __name__ == "__main__":
    main()
