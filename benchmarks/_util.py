"""Timing and table helpers shared by the benchmark scripts (never used by tests)."""

from __future__ import annotations

import time
from typing import Callable, Sequence


def best_time(fn: Callable[[], object], repeat: int = 5, min_total: float = 0.2) -> float:
    """Best wall time in seconds of ``fn()`` over ``repeat`` rounds (each round loops
    until it has run at least ``min_total / repeat`` seconds, for tiny calls)."""
    fn()  # warm up
    best = float("inf")
    for _ in range(repeat):
        n, start = 0, time.perf_counter()
        while True:
            fn()
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_total / repeat:
                break
        best = min(best, elapsed / n)
    return best


def side_by_side(fns: Sequence[Callable[[], object]], repeat: int = 5) -> list[float]:
    """Best wall time in seconds of each of ``fns`` (long calls), timed in turn, one call
    each per round over ``repeat`` rounds: a drift of the machine's speed during the run
    (another process, the CPU's clock) reaches every side alike."""
    for fn in fns:
        fn()  # warm up
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def format_seconds(t: float) -> str:
    if t < 1e-3:
        return f"{t * 1e6:.1f} µs"
    if t < 1:
        return f"{t * 1e3:.1f} ms"
    return f"{t:.2f} s"


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """Print a Markdown table (so it pastes into the Performance page of the documentation as is)."""
    print(f"\n### {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |")
