"""IR metrics of a run against its judgements, query by query: the run joined to the
judgements once, one typed pass per metric."""

from __future__ import annotations

import math
import numbers
import re
from typing import Any, Iterable, Mapping, Sequence, cast

import numpy as np

from .. import _backend
from .._engine.validate import check_choice, quoted
from .._limits import bounded_int
from ..rankings.positions import float_m
from .tables import Qrels, Run
from .trec import index_ranges

__all__ = ["IR_METRICS", "as_qrels", "as_run", "check_options", "judge_run", "query_mean",
           "scores_of", "evaluate"]


#: Metric names understood by :func:`evaluate` (``@k`` where shown; aliases in brackets).
IR_METRICS = (
    "precision@k [P@k]", "recall@k [R@k]", "r_precision [rprec]", "map [ap]", "map@k",
    "mrr [rr, recip_rank]", "mrr@k", "ndcg", "ndcg@k", "hit_rate@k [success@k]", "bpref",
    "s", "p", "num_ret", "num_rel", "num_rel_ret",
)


_ALIASES = {
    "p@": "precision", "precision@": "precision", "r@": "recall", "recall@": "recall",
    "r_precision": "r_precision", "rprec": "r_precision", "r-precision": "r_precision",
    "map": "map", "ap": "map", "map@": "map", "ap@": "map",
    "mrr": "mrr", "rr": "mrr", "recip_rank": "mrr", "mrr@": "mrr", "rr@": "mrr",
    "ndcg": "ndcg", "ndcg@": "ndcg", "hit_rate@": "hit_rate", "success@": "hit_rate",
    "hit_rate": "hit_rate", "bpref": "bpref", "s": "s", "num_ret": "num_ret",
    "num_rel": "num_rel", "num_rel_ret": "num_rel_ret",
}


_METRIC = re.compile(r"([A-Za-z_\-]+)(@(-?[0-9]+))?")  # (a negative cut-off is refused below)


def _parse_metric(name: Any) -> tuple[str, int | None]:
    """``"ndcg@10"`` -> ``("ndcg", 10)``; ValueError naming the metric otherwise."""
    if not isinstance(name, str):
        raise TypeError(f"metrics must be strings such as 'ndcg@10', got {quoted(name)}")
    match = _METRIC.fullmatch(name.strip())
    if match is None:
        raise ValueError(f"unknown metric {quoted(name)}; known: {', '.join(IR_METRICS)}")
    base, _, k = match.groups()
    if base == "p" and k is None:
        return "p", None  # the ranking's length p; "P@10" is precision
    kind = _ALIASES.get(base.lower() + ("@" if k is not None else ""))
    if kind is None and k is None and base.lower() + "@" in _ALIASES:
        raise ValueError(f"metric {quoted(name)} needs a cut-off, e.g. {base}@10")
    if kind is None:
        raise ValueError(f"unknown metric {quoted(name)}; known: {', '.join(IR_METRICS)}")
    if k is not None:  # a count of ranks: 1 to 2**63 - 1 (the kernels' int64)
        k = bounded_int(k, f"the cut-off of {quoted(name)}", low=1)
    return kind, k


def as_qrels(x: Any) -> Qrels:
    return x if isinstance(x, Qrels) else Qrels(x)


def as_run(x: Any) -> Run:
    return x if isinstance(x, Run) else Run(x)


class _Judged:
    """A run joined with qrels over the evaluated queries: ``rel`` per retrieved element in
    ranking order (-1 where not judged), query offsets, and the qrels rows of each query."""

    def __init__(self, qrels: Qrels, run: Run, q_at: np.ndarray, ties: str,
                 score_precision: str) -> None:
        kernels = _backend.kernels
        run_hash, run_scores, run_docs = run._arrays(score_precision)
        self.queries = qrels.queries[q_at]
        r_at = run._aligned(qrels)[q_at]
        in_run = r_at >= 0
        self.qrels_starts = qrels.offsets[q_at]
        self.qrels_stops = qrels.offsets[q_at + 1]
        run_starts = np.where(in_run, run.offsets[r_at], 0)
        run_stops = np.where(in_run, run.offsets[r_at + 1], 0)
        lengths = run_stops - run_starts
        self.offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        # ids meet through their hash, then are compared byte for byte
        self.rel, collision = kernels.ir_join(
            run_starts, run_stops, run_hash, run_docs, run._ids.pool, run._ids.offsets,
            self.qrels_starts, self.qrels_stops, qrels._hash, qrels._docs, qrels._ids.pool,
            qrels._ids.offsets, qrels.relevance, self.offsets)
        if collision or qrels._collision:  # two distinct ids with one hash: join by name
            match = _join_by_name(qrels, run, run_docs[index_ranges(run_starts, lengths)], self)
            self.rel = np.where(match >= 0, qrels.relevance[np.maximum(match, 0)], -1)
        if ties != "trec":
            self._bound_ties(run_scores[index_ranges(run_starts, lengths)], ties)

    def _bound_ties(self, scores: np.ndarray, ties: str) -> None:
        """Reorder equal scores: relevant (higher relevance) first or last."""
        if len(scores) < 2:
            return
        query = np.repeat(np.arange(len(self.offsets) - 1), np.diff(self.offsets))
        new = np.concatenate([[True], (scores[1:] != scores[:-1]) | (query[1:] != query[:-1])])
        group = np.cumsum(new)
        key = -self.rel if ties == "optimistic" else self.rel
        self.rel = self.rel[np.lexsort((key, group))]


def _join_by_name(qrels: Qrels, run: Run, docs: np.ndarray, judged: _Judged) -> np.ndarray:
    """The exact join (used only when two distinct ids share a hash)."""
    match = np.full(len(docs), -1, dtype=np.int64)
    run_names = run._ids.decode(docs)
    for j in range(len(judged.queries)):
        a, b = int(judged.qrels_starts[j]), int(judged.qrels_stops[j])
        index = dict(zip(qrels._ids.decode(qrels._docs[a:b]), range(a, b)))
        for at in range(int(judged.offsets[j]), int(judged.offsets[j + 1])):
            match[at] = index.get(run_names[at], -1)
    return match


def _per_query(judged: _Judged, qrels: Qrels, kind: str, k: int | None, *, level: int,
               m: float, exponential: bool, counts: dict[str, Any]) -> np.ndarray:
    """One metric for every evaluated query (float64)."""
    kernels = _backend.kernels
    offsets, rel = judged.offsets, judged.rel
    n = len(offsets) - 1
    num_rel = counts["num_rel"]
    lengths = np.diff(offsets)
    cut = lengths if k is None else np.full(n, k, dtype=np.int64)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if kind == "num_ret":
            return lengths.astype(np.float64)
        if kind == "num_rel":
            rel_counts: np.ndarray = num_rel.astype(np.float64)
            return rel_counts
        if kind in ("precision", "recall", "hit_rate", "num_rel_ret"):
            found = kernels.ir_relevant_in_top(offsets, rel, level, cut)
            if kind == "precision":
                return np.asarray(found / float(cast(int, k)))
            if kind == "recall":
                return np.where(num_rel > 0, found / num_rel, 0.0)
            return np.asarray(found > 0 if kind == "hit_rate" else found, dtype=np.float64)
        if kind == "r_precision":
            found = kernels.ir_relevant_in_top(offsets, rel, level, num_rel)
            return np.where(num_rel > 0, found / num_rel, 0.0)
        if kind == "map":
            total = kernels.ir_precision_sum(offsets, rel, level, cut)
            return np.where(num_rel > 0, total / num_rel, 0.0)
        if kind == "mrr":
            first = kernels.ir_first_relevant(offsets, rel, level, cut)
            return np.where(first > 0, 1.0 / first, 0.0)
        if kind == "ndcg":
            ideal_offsets = np.concatenate([[0], np.cumsum(judged.qrels_stops
                                                           - judged.qrels_starts)])
            ideal_rel = qrels._ideal[index_ranges(judged.qrels_starts,
                                             judged.qrels_stops - judged.qrels_starts)]
            ideal_cut = np.diff(ideal_offsets) if k is None else cut
            depth = max(int(lengths.max(initial=0)), int(np.diff(ideal_offsets).max(initial=0)))
            log2_rank = np.log2(np.arange(2, depth + 2, dtype=np.float64))
            dcg = kernels.ir_dcg(offsets, rel, cut, log2_rank, exponential)
            ideal = kernels.ir_dcg(ideal_offsets.astype(np.int64), ideal_rel, ideal_cut,
                                   log2_rank, exponential)
            wrong = ~(np.isfinite(ideal) & np.isfinite(dcg))
            if wrong.any():  # 2**rel - 1, or a sum of them, beyond float64
                j = int(np.argmax(wrong))
                raise ValueError(
                    f"nDCG's exponential gain 2**rel - 1 overflows float64 in query "
                    f"{quoted(judged.queries[j])} (relevance up to "
                    f"{int(ideal_rel[ideal_offsets[j]])}); use ndcg_gain='linear'")
            return np.where(ideal > 0, dcg / ideal, 0.0)
        if kind == "bpref":
            total = kernels.ir_bpref(offsets, rel, level, num_rel, counts["num_nonrel"])
            return np.where(num_rel > 0, total / num_rel, 0.0)
        # s and p of each query's ranking, the list being its relevant elements
        kk, p, soma = kernels.ir_ranking_columns(offsets, rel, level)
        complete = (kk == num_rel) & (num_rel > 0)
        if kind == "p":
            return np.where(complete, p, np.nan).astype(np.float64)
        s = kernels.score_columns(kk, np.maximum(p, 1), soma, m)
        return np.where(complete, s, np.nan)


def judge_run(qrels: Qrels, run: Run, ties: str, missing_queries: str, q_at: Any = None,
           score_precision: str = "float64") -> _Judged:
    """Join over ``qrels.queries[q_at]``; by default every judged query (``"zero"``) or
    those also in the run (``"skip"``)."""
    if q_at is None:
        q_at = np.arange(len(qrels.queries))
        if missing_queries == "skip":
            q_at = q_at[run._aligned(qrels) >= 0]
    return _Judged(qrels, run, q_at, ties, score_precision)


def scores_of(qrels: Qrels, judged: _Judged, metrics: Sequence[str], *, level: int, m: float,
               exponential: bool, empty_queries: str) -> dict[str, np.ndarray]:
    kernels = _backend.kernels
    q_offsets = np.concatenate([[0], np.cumsum(judged.qrels_stops - judged.qrels_starts)])
    q_rel = qrels.relevance[index_ranges(judged.qrels_starts, judged.qrels_stops
                                    - judged.qrels_starts)]
    every = np.diff(q_offsets).astype(np.int64)
    q_offsets = q_offsets.astype(np.int64)
    num_rel = kernels.ir_relevant_in_top(q_offsets, q_rel, level, every)
    judged_count = kernels.ir_relevant_in_top(q_offsets, q_rel, 0, every)
    counts = {"num_rel": num_rel, "num_nonrel": judged_count - num_rel}
    out = {}
    for name in metrics:
        kind, k = _parse_metric(name)
        values = _per_query(judged, qrels, kind, k, level=level, m=m, exponential=exponential,
                            counts=counts)
        if empty_queries == "skip" and kind not in ("num_ret", "num_rel", "num_rel_ret"):
            values = np.where(num_rel > 0, values, np.nan)
        out[name] = values
    return out


def query_mean(values: np.ndarray) -> float:
    defined = values[~np.isnan(values)]
    return float(defined.sum() / len(defined)) if len(defined) else math.nan


def check_options(metrics: Any, ties: Any, empty_queries: Any, missing_queries: Any,
                  ndcg_gain: Any, relevance_level: Any, m: Any) -> tuple[bool, list[str], float, int]:
    single = isinstance(metrics, str)
    if not single and not isinstance(metrics, Iterable):
        raise TypeError("metrics must be a metric name or a sequence of them, such as "
                        f"['map', 'ndcg@10'], got {type(metrics).__name__}")
    names = [metrics] if single else list(metrics)
    if not names:
        raise ValueError("metrics is empty; give at least one, e.g. 'ndcg@10'")
    for name in names:
        _parse_metric(name)
    check_choice(ties, "ties", ("trec", "optimistic", "pessimistic"))
    check_choice(empty_queries, "empty_queries", ("zero", "skip"))
    check_choice(missing_queries, "missing_queries", ("skip", "zero"))
    check_choice(ndcg_gain, "ndcg_gain", ("linear", "exponential"))
    if isinstance(relevance_level, (bool, np.bool_)) or not isinstance(
            relevance_level, (numbers.Integral, np.integer)) or relevance_level < 1:
        raise ValueError(f"relevance_level must be an integer >= 1, got {quoted(relevance_level)}")
    return single, names, float_m(m), min(int(relevance_level), 2**63 - 1)


def evaluate(qrels: Qrels | Mapping[Any, Any] | Any, run: Run | Mapping[Any, Any] | Any,
             metrics: str | Sequence[str] = ("map", "ndcg@10", "precision@10"), *,
             m: Any = 10, ties: str = "trec", relevance_level: int = 1,
             ndcg_gain: str = "linear", empty_queries: str = "zero",
             missing_queries: str = "skip", score_precision: str = "float64",
             per_query: bool = False) -> Any:
    """IR metrics of a run against relevance judgements, per query or their mean.

    Parameters
    ----------
    qrels : Qrels, dict, DataFrame or path
        Relevance judgements (anything :class:`Qrels` accepts).
    run : Run, dict, DataFrame or path
        The ranker's output (anything :class:`Run` accepts).
    metrics : str or sequence of str
        Names from ``IR_METRICS``: ``precision@k`` (``P@k``), ``recall@k``, ``r_precision``,
        ``map`` / ``map@k``, ``mrr`` / ``mrr@k``, ``ndcg`` / ``ndcg@k``, ``hit_rate@k``,
        ``bpref``, ``s`` and ``p`` (the score s(r) and length p of each query's ranking),
        ``num_ret``, ``num_rel``, ``num_rel_ret``. Results are keyed by the names as given.
    m : number, default 10
        Parameter ``m > 2`` of s(r).
    ties : {"trec", "optimistic", "pessimistic"}, default "trec"
        Order of equal scores: ``trec_eval``'s (element id descending), or relevant elements
        (higher relevance) first / last, bounding every metric (:ref:`def-ranking-from-scores`).
    relevance_level : int, default 1
        Judged relevance from which an element counts as relevant (``trec_eval -l``).
    ndcg_gain : {"linear", "exponential"}, default "linear"
        nDCG gain of relevance ``r > 0``: ``r`` (``trec_eval``) or ``2**r - 1``.
    empty_queries : {"zero", "skip"}, default "zero"
        Queries with no relevant element: scored as by ``trec_eval`` and counted in the
        mean (0, but for the counts ``num_*``, nDCG, which still counts gains of judged
        relevance below ``relevance_level``, and ``s`` and ``p``, NaN: there is no
        ranking), or NaN (the counts ``num_*`` kept) and left out of the mean.
    missing_queries : {"skip", "zero"}, default "skip"
        Queries judged but absent from the run: left out (``trec_eval``), or scored as an
        empty ranking (``trec_eval -c``). Run queries without judgements are always ignored.
    score_precision : {"float64", "float32"}, default "float64"
        Precision at which scores are compared: float64 as ``trec_eval`` 10 and ranx, or
        float32 as ``trec_eval`` 9.x and ``pytrec_eval`` (scores that round to the same
        float32 tie, and go by element id descending).
    per_query : bool, default False
        Return per-query values instead of means.

    Returns
    -------
    float, dict or dict of arrays
        The mean over the evaluated queries: a float for one metric name, a dict
        ``{metric: mean}`` for a sequence. With ``per_query=True``: a dict holding
        ``"query"`` (the query ids, sorted) and ``{metric: float64 array}``.

    Raises
    ------
    ValueError
        An unknown metric or option, no query both judged and in the run, or an nDCG
        with ``ndcg_gain="exponential"`` whose gains overflow float64 (relevance about 1024).

    See Also
    --------
    compare_runs : paired tests between runs.
    Ranking.from_scores : one ranking from scores (its s and p are the ``s`` and ``p`` here).

    Notes
    -----
    With ``rel`` the judged relevance at rank ``i`` (1-based), relevant meaning
    ``rel >= relevance_level`` and ``R`` the number of relevant judged elements:
    ``precision@k = #rel in top k / k``; ``recall@k = #rel in top k / R``;
    ``r_precision = #rel in top R / R``; ``AP = sum over relevant ranks i of
    (#rel in top i / i) / R`` (``map@k``: ranks ``i <= k``); ``mrr = 1 / first relevant
    rank``; ``nDCG@k = sum_{i<=k} g(rel_i) / log2(i + 1)`` over the same sum of the judged
    relevances sorted descending (``g(r) = r`` or ``2**r - 1``, for ``r > 0``);
    ``hit_rate@k = 1`` if a relevant element is in the top k; ``bpref = (1/R) sum over
    relevant retrieved r of 1 - min(N_r, R) / min(N, R)`` with ``N_r`` judged non-relevant
    elements above r and ``N`` all judged non-relevant ones. Empty denominators give 0.

    ``s`` and ``p``: the query's list is its relevant elements; the ranking is the run's
    order cut after its last relevant element, exactly as :class:`Ranking`:
    ``s = k/p + (2/m) soma / (p (p - 1))``. When the run misses a relevant element the
    ranking is undefined (:ref:`def-ranking`): ``s`` and ``p`` are NaN for that query, and their
    means are over the queries where they are defined (NaN if none).

    Run elements are matched to judgements through a 64-bit hash of their ids (UTF-8
    bytes), and every matched pair of ids is then compared byte for byte (if two distinct
    ids share a hash, the join goes by name instead), in one compiled pass.

    Examples
    --------
    >>> qrels = {"q1": {"a": 1, "b": 0, "c": 2}, "q2": {"x": 1}}
    >>> run = {"q1": {"a": 0.9, "b": 0.8, "c": 0.7, "d": 0.1}, "q2": {"y": 0.5, "x": 0.4}}
    >>> evaluate(qrels, run, "map")
    0.6666666666666666
    >>> evaluate(qrels, run, ["P@2", "mrr", "s"])
    {'P@2': 0.5, 'mrr': 0.75, 's': 0.6666666666666666}
    >>> evaluate(qrels, run, "ndcg@3", per_query=True)["ndcg@3"].round(4)
    array([0.7602, 0.6309])
    """
    single, names, m_float, level = check_options(metrics, ties, empty_queries,
                                                   missing_queries, ndcg_gain, relevance_level, m)
    qrels, run = as_qrels(qrels), as_run(run)
    check_choice(score_precision, "score_precision", ("float64", "float32"))
    judged = judge_run(qrels, run, ties, missing_queries, score_precision=score_precision)
    if len(judged.queries) == 0:
        raise ValueError("no query is both in the qrels and in the run")
    values = scores_of(qrels, judged, names, level=level, m=m_float,
                        exponential=ndcg_gain == "exponential", empty_queries=empty_queries)
    if per_query:
        return {"query": judged.queries.copy(), **values}
    means = {name: query_mean(v) for name, v in values.items()}
    return means[names[0]] if single else means
