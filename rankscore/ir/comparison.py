"""Tests between rankers over the same queries: paired t-test, randomization and
bootstrap, with Holm or Bonferroni adjustment."""

from __future__ import annotations

import math
import numbers
from typing import Any, Mapping, Sequence

import numpy as np

from .._engine.validate import check_choice, quoted
from ..uncertainty import holm_adjust
from ..uncertainty.bootstrap import MAX_RESAMPLES
from ..uncertainty.stats import t_two_sided_p
from .evaluation import as_qrels, as_run, check_options, judge_run, query_mean, scores_of
from .tables import Qrels

__all__ = ["Comparison", "text_table", "compare_runs"]


def _t_test(diff: np.ndarray) -> float:
    """Two-sided p-value of the paired t-test: t = mean(d) / (sd(d) / sqrt(n)), n - 1 df."""
    n = len(diff)
    if n < 2:
        return math.nan
    mean = float(diff.mean())
    sd = float(diff.std(ddof=1))
    if sd == 0.0:
        return 1.0 if mean == 0.0 else 0.0
    t = mean / (sd / math.sqrt(n))
    df = n - 1
    return min(1.0, t_two_sided_p(t, df))


def _randomization_test(diff: np.ndarray, n_resamples: int, rng: np.random.Generator) -> float:
    """Fisher's paired randomization test: signs of the differences flipped at random;
    p = (1 + #{|mean| >= |observed mean|}) / (1 + n_resamples)."""
    observed = abs(diff.sum())
    hits, chunk = 0, max(1, 2**22 // max(len(diff), 1))
    for start in range(0, n_resamples, chunk):
        size = min(chunk, n_resamples - start)
        signs = rng.integers(0, 2, size=(size, len(diff))) * 2 - 1
        hits += int((np.abs(signs @ diff) >= observed * (1 - 1e-12)).sum())
    return (1 + hits) / (1 + n_resamples)


def _bootstrap_test(diff: np.ndarray, n_resamples: int, rng: np.random.Generator) -> float:
    """Paired bootstrap (shift method): queries resampled with replacement;
    p = (1 + #{|mean* - mean| >= |mean|}) / (1 + n_resamples)."""
    n = len(diff)
    observed = diff.mean()
    hits, chunk = 0, max(1, 2**22 // max(n, 1))
    for start in range(0, n_resamples, chunk):
        size = min(chunk, n_resamples - start)
        means = diff[rng.integers(0, n, size=(size, n))].mean(axis=1)
        hits += int((np.abs(means - observed) >= abs(observed) * (1 - 1e-12)).sum())
    return (1 + hits) / (1 + n_resamples)


def _adjust(p_values: Sequence[float], correction: str) -> list[float]:
    """Holm (step-down) or Bonferroni adjusted p-values, capped at 1."""
    p = np.asarray(p_values, dtype=np.float64)
    n = len(p)
    if correction == "none" or n == 0:
        return p.tolist()
    if correction == "bonferroni":
        return np.minimum(p * n, 1.0).tolist()
    return holm_adjust(p, nan_policy="omit").tolist()


_TESTS = {"t-test": "t-test", "t": "t-test", "randomization": "randomization",
          "permutation": "randomization", "fisher": "randomization", "bootstrap": "bootstrap"}


class Comparison:
    """Paired tests between runs, as one table (returned by :func:`compare_runs`).

    Attributes
    ----------
    means : dict
        ``{run name: {metric: mean}}`` over the compared queries.
    rows : list of dict
        One row per (metric, pair of runs, test): ``metric``, ``run_a``, ``run_b``,
        ``mean_a``, ``mean_b``, ``difference`` (b - a), ``test``, ``p_value``,
        ``p_adjusted``, ``significant`` (``p_adjusted < alpha``).
    queries : numpy.ndarray
        The compared query ids.

    Examples
    --------
    >>> from rankscore.ir import compare_runs
    >>> qrels = {"q1": {"a": 1, "b": 1}, "q2": {"c": 1}, "q3": {"d": 1}}
    >>> run_a = {"q1": {"a": 0.9, "b": 0.8}, "q2": {"c": 0.9}, "q3": {"x": 0.9, "d": 0.1}}
    >>> run_b = {"q1": {"x": 0.9, "a": 0.1}, "q2": {"y": 0.9, "c": 0.1}, "q3": {"d": 0.9}}
    >>> table = compare_runs(qrels, {"a": run_a, "b": run_b}, ["map"], n_resamples=100)
    >>> len(table.rows) > 0
    True
    """

    def __init__(self, means, rows, queries, alpha, correction):
        self.means, self.rows, self.queries = means, rows, queries
        self.alpha, self.correction = alpha, correction

    def to_pandas(self):
        """The rows as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows)

    def to_dict(self) -> dict:
        """Plain data (for JSON)."""
        return {"queries": len(self.queries), "alpha": self.alpha,
                "correction": self.correction, "means": self.means, "tests": self.rows}

    def __str__(self) -> str:
        header = ["metric", "run_a", "run_b", "mean_a", "mean_b", "b - a", "test", "p",
                  f"p ({self.correction})"]
        lines = [[r["metric"], r["run_a"], r["run_b"], f"{r['mean_a']:.4f}", f"{r['mean_b']:.4f}",
                  f"{r['difference']:+.4f}", r["test"], f"{r['p_value']:.4g}",
                  f"{r['p_adjusted']:.4g}" + (" *" if r["significant"] else "")]
                 for r in self.rows]
        return text_table(header, lines) + f"\n* p ({self.correction}) < {self.alpha}"

    def __repr__(self) -> str:
        return f"<Comparison: {len(self.means)} runs, {len(self.rows)} tests>"


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(c)) for c in column) for column in zip(header, *rows)]
    return "\n".join("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip()
                     for row in [header, *rows])


def compare_runs(qrels: Qrels | Mapping | Any, runs: Mapping[str, Any] | Sequence[Any],
                 metrics: str | Sequence[str] = ("map", "ndcg@10", "precision@10"), *,
                 tests: str | Sequence[str] = ("t-test", "randomization", "bootstrap"),
                 correction: str = "holm", alpha: float = 0.05, n_resamples: int = 10000,
                 random_state: int | None = 0, **options: Any) -> Comparison:
    """Paired significance tests between two or more runs, per metric, as one table.

    Parameters
    ----------
    qrels : Qrels, dict, DataFrame or path
        Relevance judgements.
    runs : dict {name: run} or sequence of runs
        Two or more runs (anything :class:`Run` accepts); a sequence is named by each
        run's ``name`` (or ``run1``, ``run2``, …).
    metrics : str or sequence of str
        As in :func:`evaluate` (``s`` and ``p`` are compared over the queries where every
        run defines them).
    tests : str or sequence of str
        ``"t-test"`` (paired Student t), ``"randomization"`` (Fisher's sign-flip
        permutation test), ``"bootstrap"`` (paired bootstrap, shift method).
    correction : {"holm", "bonferroni", "none"}, default "holm"
        Multiple-comparison correction over the pairs of runs, per metric and test.
    alpha : float, default 0.05
        Level of the ``significant`` column.
    n_resamples : int, default 10000
        Resamples of the randomization and bootstrap tests, at most 10**6.
    random_state : int or None, default 0
        Seed of the resampling (the same seed gives the same p-values).
    **options
        ``m``, ``ties``, ``relevance_level``, ``ndcg_gain``, ``empty_queries``,
        ``score_precision`` of :func:`evaluate`.

    Returns
    -------
    Comparison
        ``str(result)`` is the table; ``result.rows``, ``result.to_pandas()``.

    See Also
    --------
    evaluate : the per-query metrics compared here.

    Notes
    -----
    Queries: every judged query that appears in at least one run; a run without a query
    scores it as an empty ranking (``trec_eval -c``), so all runs are paired on the same
    queries. Every pair of runs (a before b in the given order) is tested on the per-query
    differences ``d = b - a``. t-test: ``t = mean(d) / (sd(d) / sqrt(n))`` with ``n - 1``
    degrees of freedom, two-sided ``p = I_{df/(df+t^2)}(df/2, 1/2)`` (regularized incomplete
    beta; ``p = 1`` when every difference is 0). Randomization: ``p = (1 + #{|sum(±d)| >=
    |sum(d)|}) / (1 + n_resamples)``. Bootstrap: ``p = (1 + #{|mean(d*) - mean(d)| >=
    |mean(d)|}) / (1 + n_resamples)``. Holm multiplies the i-th smallest of ``h`` p-values by
    ``h - i + 1`` and keeps them non-decreasing.

    Examples
    --------
    >>> qrels = {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"c": 1}}
    >>> good = {"q1": {"a": 2, "z": 1}, "q2": {"b": 2, "z": 1}, "q3": {"c": 2, "z": 1}}
    >>> bad = {"q1": {"a": 1, "z": 2}, "q2": {"b": 1, "z": 2}, "q3": {"c": 1, "z": 2}}
    >>> table = compare_runs(qrels, {"bad": bad, "good": good}, "mrr", tests="t-test")
    >>> table.rows[0]["difference"], table.rows[0]["p_value"]
    (0.5, 0.0)
    """
    if isinstance(runs, Mapping):
        named = {str(k): as_run(v) for k, v in runs.items()}
    elif isinstance(runs, (list, tuple)):
        named = {}
        for i, r in enumerate(runs):
            r = as_run(r)
            key = r.name or f"run{i + 1}"
            if key in named:
                key = f"run{i + 1}"
            named[key] = r
    else:
        raise TypeError(f"runs must be a dict {{name: run}} or a list of runs, got "
                        f"{type(runs).__name__}")
    if len(named) < 2:
        raise ValueError(f"compare_runs needs at least two runs, got {len(named)}")
    test_names = [tests] if isinstance(tests, str) else tests
    if not isinstance(test_names, (list, tuple)) or not all(isinstance(t, str)
                                                             for t in test_names):
        raise TypeError(f"tests must be a name or a list of names from "
                        f"{', '.join(map(repr, _TESTS))}, got {quoted(tests)}")
    if not test_names:
        raise ValueError("tests is empty")
    test_names = [_TESTS.get(t) or check_choice(t, "tests", tuple(_TESTS)) for t in test_names]
    check_choice(correction, "correction", ("holm", "bonferroni", "none"))
    if not isinstance(alpha, numbers.Real) or not 0 < alpha < 1:
        raise ValueError(f"alpha must be a number in (0, 1), got {quoted(alpha)}")
    if isinstance(n_resamples, (bool, np.bool_)) or not isinstance(
            n_resamples, (numbers.Integral, np.integer)) or not 1 <= n_resamples <= MAX_RESAMPLES:
        raise ValueError(f"n_resamples must be an integer in [1, {MAX_RESAMPLES:,}], got "
                         f"{quoted(n_resamples)}")
    unknown = set(options) - {"m", "ties", "relevance_level", "ndcg_gain", "empty_queries",
                              "score_precision"}
    if unknown:
        raise TypeError(f"compare_runs got unexpected options {sorted(unknown)}")
    single, names, m_float, level = check_options(
        metrics, options.get("ties", "trec"), options.get("empty_queries", "zero"), "zero",
        options.get("ndcg_gain", "linear"), options.get("relevance_level", 1),
        options.get("m", 10))
    qrels = as_qrels(qrels)
    seen = np.zeros(len(qrels.queries), dtype=bool)
    for r in named.values():
        seen |= r._aligned(qrels) >= 0
    queries = qrels.queries[seen]
    if len(queries) == 0:
        raise ValueError("no judged query appears in any of the runs")
    scores = {}
    for key, r in named.items():
        judged = judge_run(qrels, r, options.get("ties", "trec"), "zero", np.flatnonzero(seen),
                        check_choice(options.get("score_precision", "float64"), "score_precision",
                                ("float64", "float32")))
        scores[key] = scores_of(qrels, judged, names, level=level,
                                 m=m_float, exponential=options.get("ndcg_gain") == "exponential",
                                 empty_queries=options.get("empty_queries", "zero"))
    keys = list(named)
    pairs = [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]]
    rows = []
    for metric in names:
        for test in test_names:
            block = []
            for a, b in pairs:
                x, y = scores[a][metric], scores[b][metric]
                both = ~(np.isnan(x) | np.isnan(y))
                diff = y[both] - x[both]
                rng = np.random.default_rng(random_state)
                if test == "t-test":
                    p = _t_test(diff)
                elif test == "randomization":
                    p = _randomization_test(diff, int(n_resamples), rng)
                else:
                    p = _bootstrap_test(diff, int(n_resamples), rng)
                block.append({"metric": metric, "run_a": a, "run_b": b,
                              "mean_a": query_mean(x[both]), "mean_b": query_mean(y[both]),
                              "difference": query_mean(diff), "test": test, "p_value": p})
            for row, adjusted in zip(block, _adjust([r["p_value"] for r in block], correction)):
                row["p_adjusted"] = adjusted
                row["significant"] = bool(adjusted < alpha)
            rows.extend(block)
    means = {key: {metric: query_mean(scores[key][metric]) for metric in names} for key in keys}
    return Comparison(means, rows, queries, float(alpha), correction)
