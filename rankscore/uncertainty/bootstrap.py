"""The bootstrap of any threshold-sweep metric: every sample a cell (its class and the
rank of its score), a replicate a vector of multiplicities over the cells; percentile
and BCa intervals and the paired test."""

from __future__ import annotations

import math
import numbers
import warnings
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, NamedTuple, cast

import numpy as np

from .. import _backend
from .._engine.parts import binary_problem, thread_count
from .._engine.scaling import rescaled
from .._engine.validate import (as_real, check_choice, check_flag, check_max_fpr,
                                check_positive_int, check_sample_weight, quoted, shorten)
from .._engine.views import TIE_RTOL, ap_of_sweep, partial_auc
from .._limits import check_memory
from .._progress import Progress, check_progress, progress_bar
from ..curves import auc
from .results import BootstrapResult, BootstrapTest
from .stats import NORMAL, check_level, paired_columns, two_sided_normal_p

__all__ = ["BOOTSTRAP_METRICS", "check_bootstrap_args", "check_bootstrap_memory",
           "binary_cells", "run_spans", "counts_full", "sorted_cells", "replicate_seeds",
           "sweep_of", "each_replicate_counts", "bootstrap_ci", "bootstrap_test"]


# The options of a metric (threshold of a rate, max_fpr of a partial AUC)
Options = dict[str, Any]
# A metric of one replicate's sweep: (fps, tps, thresholds, options) -> value
Metric = Callable[[np.ndarray, np.ndarray, np.ndarray, Options], float]


class _Parts(NamedTuple):
    """One model's scores split by class and sorted ascending (weights alongside), the
    sample positions of the sorted scores when replicates must pair models (else None),
    and the distinct scores ascending."""

    neg: np.ndarray
    neg_w: np.ndarray | None
    pos: np.ndarray
    pos_w: np.ndarray | None
    neg_order: np.ndarray | None
    pos_order: np.ndarray | None
    values: np.ndarray

    @property
    def kernel_args(self) -> tuple[Any, ...]:
        return (self.neg, self.neg_w, self.pos, self.pos_w, self.neg_order, self.pos_order)

    def cells(self) -> np.ndarray:
        """2 g (negatives) or 2 g + 1 (positives), g the rank of the score among the
        distinct scores, in sorted-position order (negatives first)."""
        return np.concatenate([2 * np.searchsorted(self.values, self.neg),
                               2 * np.searchsorted(self.values, self.pos) + 1])

    def weights(self) -> np.ndarray:
        ones = np.ones(len(self.neg) + len(self.pos))
        return ones if self.neg_w is None else np.concatenate([self.neg_w, self.pos_w])


def sorted_cells(is_pos: np.ndarray, scores: np.ndarray, weights: np.ndarray | None, *,
                 paired: bool) -> _Parts:
    """Sort each class once. ``paired``: positions are the samples' own (negatives then
    positives, in input order), so two models' replicates draw the same samples."""
    out: list[np.ndarray | None] = []
    for rows in (np.flatnonzero(~is_pos), np.flatnonzero(is_pos)):
        part = scores[rows]
        if weights is None and not paired:
            out += [np.sort(part), None, None]
            continue
        order = np.argsort(part, kind="stable")  # stable: the same replicates everywhere
        out += [part[order], None if weights is None else weights[rows][order],
                order if paired else None]
    neg, neg_w, neg_order, pos, pos_w, pos_order = out
    assert neg is not None and pos is not None  # every class's scores are there
    values = np.unique(np.concatenate([neg, pos]))
    return _Parts(neg, neg_w, pos, pos_w, neg_order, pos_order, values)


def replicate_seeds(random_state: Any, n_resamples: int) -> tuple[np.ndarray, np.random.Generator]:
    """One SplitMix64 seed per replicate, and the generator (BCa's jackknife groups)."""
    if isinstance(random_state, np.random.RandomState):
        rng = np.random.default_rng(random_state.randint(0, 2**31 - 1, size=4))
    elif random_state is None or isinstance(random_state, (np.random.Generator,
                                                            np.random.SeedSequence)) or (
            isinstance(random_state, numbers.Integral)
            and not isinstance(random_state, (bool, np.bool_))):
        try:
            rng = np.random.default_rng(cast(Any, random_state))
        except ValueError as exc:  # a negative int
            raise ValueError(f"random_state: {exc}") from None
    else:
        raise TypeError("random_state must be None, an int, a numpy Generator, SeedSequence "
                        f"or RandomState, got {quoted(random_state)}")
    return rng.integers(0, 2**64, size=n_resamples, dtype=np.uint64), rng


def counts_full(p: _Parts) -> np.ndarray:
    """The data's own weight per cell (every sample drawn once)."""
    return np.bincount(p.cells(), p.weights(), minlength=2 * len(p.values))


def sweep_of(counts: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(fps, tps, thresholds descending) of one replicate's cell counts (empty groups out)."""
    neg_c, pos_c = counts[0::2], counts[1::2]
    keep = (neg_c + pos_c) > 0
    return (np.cumsum(neg_c[keep][::-1]), np.cumsum(pos_c[keep][::-1]), values[keep][::-1])


def _m_roc_auc(fps: np.ndarray, tps: np.ndarray, thresholds: np.ndarray, options: Options) -> float:
    if fps[-1] == 0 or tps[-1] == 0:
        return math.nan
    if options.get("max_fpr") is not None and options["max_fpr"] != 1:
        fpr = np.concatenate(([0.0], fps)) / fps[-1]
        tpr = np.concatenate(([0.0], tps)) / tps[-1]
        return partial_auc(fpr, tpr, options["max_fpr"])
    neg_c = np.diff(np.concatenate(([0.0], fps)))[::-1]  # ascending groups again
    pos_c = np.diff(np.concatenate(([0.0], tps)))[::-1]
    c_neg = np.cumsum(neg_c)
    below = np.concatenate(([0.0], c_neg[:-1]))
    # (over the sum of w+ W- in the same order, as the summary's scan: at most 1)
    return float(np.cumsum(pos_c * (below + 0.5 * neg_c))[-1] / np.cumsum(pos_c * c_neg[-1])[-1])


def _m_gini(fps: np.ndarray, tps: np.ndarray, thresholds: np.ndarray, options: Options) -> float:
    return 2 * _m_roc_auc(fps, tps, thresholds, options) - 1


def _m_average_precision(fps: np.ndarray, tps: np.ndarray, thresholds: np.ndarray, options: Options) -> float:
    return math.nan if tps[-1] == 0 else max(0.0, ap_of_sweep(fps, tps))


def _m_pr_auc(fps: np.ndarray, tps: np.ndarray, thresholds: np.ndarray, options: Options) -> float:
    if tps[-1] == 0:
        return math.nan
    # precision_recall_curve's points: lowest threshold first, then (recall 0, precision 1)
    precision = np.concatenate(((tps / (tps + fps))[::-1], [1.0]))
    recall = np.concatenate(((tps / tps[-1])[::-1], [0.0]))
    return auc(recall, precision)


def _m_ks(fps: np.ndarray, tps: np.ndarray, thresholds: np.ndarray, options: Options) -> float:
    if fps[-1] == 0 or tps[-1] == 0:
        return math.nan
    # F(t) = weight <= t; over descending thresholds, weight <= t_i = total - weight >= t_(i-1)
    neg_le = fps[-1] - np.concatenate(([0.0], fps[:-1]))
    pos_le = tps[-1] - np.concatenate(([0.0], tps[:-1]))
    return float(np.max(np.abs(neg_le / fps[-1] - pos_le / tps[-1])))


def _m_best_threshold(fps: np.ndarray, tps: np.ndarray, thresholds: np.ndarray, options: Options) -> float:
    if fps[-1] == 0 or tps[-1] == 0:
        return math.nan
    value = tps / tps[-1] - fps / fps[-1]  # Youden's J, as best_threshold(..., "youden")
    best = float(value.max())
    return float(thresholds[int(np.argmax(value >= best - TIE_RTOL * max(1.0, abs(best))))])


def _rate(name: str) -> Metric:
    def metric(fps: np.ndarray, tps: np.ndarray, thresholds: np.ndarray, options: Options) -> float:
        above = thresholds >= options["threshold"]
        k = int(np.count_nonzero(above))  # thresholds descending: the first k
        tp, fp = (tps[k - 1], fps[k - 1]) if k else (0.0, 0.0)
        positives, negatives = tps[-1], fps[-1]
        fn, tn = positives - tp, negatives - fp
        num, den = {
            "recall": (tp, positives), "specificity": (tn, negatives),
            "fpr": (fp, negatives), "fnr": (fn, positives), "precision": (tp, tp + fp),
            "npv": (tn, tn + fn), "accuracy": (tp + tn, positives + negatives),
            "f1": (2 * tp, 2 * tp + fp + fn),
        }[name]
        return float(num / den) if den > 0 else math.nan
    return metric


_RATES = ("recall", "specificity", "fpr", "fnr", "precision", "npv", "accuracy", "f1")


#: The metrics :func:`bootstrap_ci` and :func:`bootstrap_test` resample, by name.
BOOTSTRAP_METRICS: dict[str, Metric] = {
    "roc_auc": _m_roc_auc,
    "gini": _m_gini,
    "average_precision": _m_average_precision,
    "pr_auc": _m_pr_auc,
    "ks": _m_ks,
    "best_threshold": _m_best_threshold,
    **{name: _rate(name) for name in _RATES},
}


"""The metrics :func:`bootstrap_ci` and :func:`bootstrap_test` resample, by name."""


def _metric_options(metric: str, threshold: Any, max_fpr: Any) -> Options:
    check_choice(metric, "metric", tuple(BOOTSTRAP_METRICS))
    options: Options = {"threshold": None, "max_fpr": None}
    if metric in _RATES:
        if threshold is None:
            raise ValueError(f"metric={metric!r} is a rate at one threshold: pass threshold=")
        real = as_real(threshold, "threshold")
        options["threshold"] = real
        if math.isnan(real):
            raise ValueError("threshold is NaN")
    elif threshold is not None:
        raise ValueError(f"threshold applies to the rates {_RATES}, not to {metric!r}")
    if max_fpr is not None:
        if metric != "roc_auc":
            raise ValueError("max_fpr (partial AUC) applies to metric='roc_auc' only")
        options["max_fpr"] = check_max_fpr(max_fpr)
    return options


def row_ranges(n: int, parts: int) -> list[tuple[int, int]]:
    edges = np.linspace(0, n, max(1, min(parts, n)) + 1).astype(int)
    return [(int(a), int(b)) for a, b in zip(edges[:-1], edges[1:]) if b > a]


def run_spans(run: Callable[[tuple[int, int]], None], n: int, n_threads: int) -> None:
    """``run`` over rows [0, n) cut into ``n_threads`` spans, one thread a span."""
    spans = row_ranges(n, n_threads)
    if len(spans) > 1:
        with ThreadPoolExecutor(len(spans)) as pool:
            list(pool.map(run, spans))
    else:
        run(spans[0])


BLOCK_BYTES = 1 << 25


def progress_block(n_resamples: int, bar: Progress) -> int:
    """Replicates per kernel call when ``bar`` shows progress: about 200 updates in all
    (the replicates do not depend on how they are cut)."""
    return max(1, n_resamples // 200) if bar.enabled else n_resamples


def each_replicate_counts(p: _Parts, stratified: bool, seeds: np.ndarray, n_threads: int,
                          bar: Progress, take: Callable[[int, np.ndarray], None]) -> None:
    """Draw replicate r's weight per cell (seed ``seeds[r]``) and hand ``(r, counts)`` to
    ``take``, a block of replicates per kernel call (at most BLOCK_BYTES of counts) on
    ``n_threads`` threads; ``bar`` counts the replicates done."""
    k = _backend.kernels
    n_cells = 2 * len(p.values)
    block = min(progress_block(len(seeds), bar), max(1, BLOCK_BYTES // (8 * n_cells)))

    def run(span: tuple[int, int]) -> None:
        for start in range(span[0], span[1], block):
            stop = min(span[1], start + block)
            counts = np.empty((stop - start, n_cells))
            k.bootstrap_group_counts(*p.kernel_args, stratified, seeds[start:stop], counts)
            for r in range(stop - start):
                take(start + r, counts[r])
            bar.update(stop - start)

    run_spans(run, len(seeds), n_threads)


def _replicates(p: _Parts, metric: str, options: Options, seeds: np.ndarray, stratified: bool,
                n_threads: int,
                bar: Progress | None = None) -> np.ndarray:
    """The metric on every replicate (the AUC entirely in the kernel; other metrics from
    the kernel's per-score counts); ``bar`` counts the replicates done."""
    k = _backend.kernels
    bar = bar if bar is not None else Progress(len(seeds), "", enabled=False)
    out = np.empty(len(seeds))
    if metric in ("roc_auc", "gini") and options["max_fpr"] in (None, 1.0):
        step = progress_block(len(seeds), bar)

        def run(span: tuple[int, int]) -> None:
            for start in range(span[0], span[1], step):
                stop = min(span[1], start + step)
                k.bootstrap_auc(*p.kernel_args, stratified, seeds[start:stop], out[start:stop])
                bar.update(stop - start)

        run_spans(run, len(seeds), n_threads)
    else:
        fn = BOOTSTRAP_METRICS[metric]

        def take(r: int, counts: np.ndarray) -> None:
            out[r] = fn(*sweep_of(counts, p.values), options)

        each_replicate_counts(p, stratified, seeds, n_threads, bar, take)
    if metric == "gini" and options["max_fpr"] in (None, 1.0):
        out = 2 * out - 1
    return out


def _jackknife_acceleration(p: _Parts, metric: str, options: Options,
                           rng: np.random.Generator) -> float:
    """BCa's acceleration a = Σ d³ / (6 (Σ d²)^{3/2}) from jackknife influence values.

    Leaving out one sample only lowers one cell's count, so the units are the distinct
    (cell, weight) pairs counted with their multiplicity; AUC and Gini in closed form, other
    metrics evaluated once per unit, or per group of a delete-a-group jackknife (1000
    random groups) when there are more units than that."""
    n_cells = 2 * len(p.values)
    full = counts_full(p)
    all_cells, weights = p.cells(), p.weights()
    keys = np.stack([all_cells.astype(np.float64), weights])
    units, mult = np.unique(keys, axis=1, return_counts=True)
    cell, w = units[0].astype(np.intp), units[1]
    if metric in ("roc_auc", "gini") and options["max_fpr"] in (None, 1.0):
        neg_c, pos_c = full[0::2], full[1::2]
        w_neg, w_pos = neg_c.sum(), pos_c.sum()
        neg_below = np.cumsum(neg_c) - neg_c
        pos_above = pos_c.sum() - np.cumsum(pos_c)
        u = float(np.dot(pos_c, neg_below + 0.5 * neg_c))
        g, is_pos = cell // 2, cell % 2 == 1
        u_out = np.where(is_pos, u - w * (neg_below[g] + 0.5 * neg_c[g]),
                         u - w * (pos_above[g] + 0.5 * pos_c[g]))
        with np.errstate(invalid="ignore", divide="ignore"):
            theta = np.minimum(u_out / np.where(is_pos, (w_pos - w) * w_neg,
                                                w_pos * (w_neg - w)), 1.0)
        if metric == "gini":
            theta = 2 * theta - 1
    else:
        fn = BOOTSTRAP_METRICS[metric]
        if len(cell) > 1000:
            group = rng.permutation(len(all_cells)) % 1000
            # one group at a time (1000 count vectors at once would take 16 GB at 10**6
            # distinct scores)
            by_group = np.argsort(group, kind="stable")
            bounds = np.searchsorted(group[by_group], np.arange(1001)).tolist()
            left_out = (np.bincount(all_cells[by_group[a:b]], weights[by_group[a:b]],
                                    minlength=n_cells) for a, b in zip(bounds, bounds[1:]))
            mult = np.ones(1000, dtype=np.int64)
        else:
            def one(j: int) -> np.ndarray:
                counts = np.zeros(n_cells)
                counts[cell[j]] = w[j]
                return counts

            left_out = (one(j) for j in range(len(cell)))
        theta = np.array([fn(*sweep_of(np.maximum(full - lo, 0.0), p.values), options)
                          for lo in left_out])
    ok = np.isfinite(theta)
    if not ok.any():
        return 0.0
    theta, mult = theta[ok], mult[ok]
    d = np.average(theta, weights=mult) - theta
    s2 = float(np.dot(mult, d * d))
    return float(np.dot(mult, d**3)) / (6 * s2**1.5) if s2 > 0 else 0.0


def _interval_from(replicates: np.ndarray, estimate: float, level: float, method: str,
                   acceleration: float) -> tuple[float, float]:
    alpha = 1 - level
    if method == "percentile":
        q = [alpha / 2, 1 - alpha / 2]
    else:
        below = float(np.mean(replicates < estimate))
        if below in (0.0, 1.0):
            warnings.warn("every bootstrap replicate lies on one side of the estimate: the BCa "
                          "bias correction is infinite, the interval is NaN; use "
                          "method='percentile'", RuntimeWarning, stacklevel=3)
            return math.nan, math.nan
        z0 = NORMAL.inv_cdf(below)
        q = []
        z_tail = NORMAL.inv_cdf(alpha / 2)  # Φ⁻¹(1 − alpha / 2) = −Φ⁻¹(alpha / 2)
        for z_q in (z_tail, -z_tail):
            zt = z0 + z_q
            q.append(NORMAL.cdf(z0 + zt / (1 - acceleration * zt)))
    low, high = np.quantile(replicates, q)
    return float(low), float(high)


#: The most replicates a bootstrap takes: their Monte Carlo error is then far below the
#: interval's width, and the run time (n_resamples x n_samples draws) stays one that runs.
MAX_RESAMPLES = 10**6


def check_bootstrap_args(confidence_level: Any, method: Any, n_resamples: Any,
                         stratified: Any, progress: Any) -> tuple[float, int, bool, bool]:
    """The options every bootstrap takes, checked in this order: ``(level, n_resamples,
    stratified, progress)`` (``method`` is only checked)."""
    level = check_level(confidence_level)
    check_choice(method, "method", ("percentile", "bca"))
    n_resamples = check_positive_int(n_resamples, "n_resamples")
    if n_resamples > MAX_RESAMPLES:
        raise ValueError(f"n_resamples must be <= {MAX_RESAMPLES:,} (more replicates do not "
                         "make the interval more exact; each costs a pass over the samples), "
                         f"got {shorten(n_resamples)}")
    stratified = check_flag(stratified, "stratified")
    return level, n_resamples, stratified, check_progress(progress)


def check_bootstrap_memory(n_resamples: int, per_replicate: int, n_cells: int,
                            n_threads: int, what: str) -> None:
    """Refuse before allocating when the replicates (``per_replicate`` bytes each) and the
    threads' count blocks would not fit in memory."""
    rows = min(max(1, BLOCK_BYTES // (8 * n_cells)), -(-n_resamples // n_threads))
    blocks = n_threads * rows * 8 * n_cells  # each thread's block of replicate counts
    check_memory(n_resamples * per_replicate + blocks,
                 f"{what} with n_resamples={n_resamples:,}",
                 "lower n_resamples" + (" or pass fewer specificities"
                                        if what == "roc_confidence_band" else ""))


def _valid(replicates: np.ndarray, what: str) -> np.ndarray:
    ok = np.isfinite(replicates)
    if not ok.all():
        warnings.warn(f"{int((~ok).sum())} of {len(replicates)} bootstrap replicates have an "
                      f"undefined {what} (e.g. a class not drawn) and were left out",
                      RuntimeWarning, stacklevel=3)
    if not ok.any():
        raise ValueError(f"every bootstrap replicate has an undefined {what}")
    result: np.ndarray = replicates[ok]
    return result


def check_classes(is_pos: np.ndarray, weights: np.ndarray | None, name: str = "y_true") -> None:
    w = np.ones(len(is_pos)) if weights is None else weights
    if not (w[is_pos].sum() > 0 and w[~is_pos].sum() > 0):
        raise ValueError(f"{name} needs both classes (with nonzero weight) to resample the "
                         "metric")


def _unit_scale(weights: np.ndarray | None) -> np.ndarray | None:
    """The weights ``rescaled``: every metric is a ratio of weight sums, so the same, but
    products of sums (W+ W- of the AUC) neither overflow (weights of 1e200) nor underflow
    (1e-200)."""
    return None if weights is None else rescaled(weights)


def binary_cells(y_true: Any, y_score: Any, pos_label: Any, sample_weight: Any) -> _Parts:
    """One model's cells (``sorted_cells``, unpaired) of checked binary data with both
    classes; the weights scaled by a power of two (``_unit_scale``)."""
    codes, pos_code, scores, weights, _ = binary_problem(y_true, y_score, pos_label,
                                                         sample_weight, finite=True)
    is_pos = codes == pos_code
    check_classes(is_pos, weights)
    return sorted_cells(is_pos, scores, _unit_scale(weights), paired=False)


def bootstrap_ci(
    y_true: Any,
    y_score: Any,
    *,
    metric: str = "roc_auc",
    confidence_level: float = 0.95,
    method: str = "percentile",
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    pos_label: Any = None,
    sample_weight: Any = None,
    threshold: float | None = None,
    max_fpr: float | None = None,
    n_threads: int | None = None,
    progress: bool = False,
) -> BootstrapResult:
    """Bootstrap confidence interval of a threshold-sweep metric.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels ({0, 1}, {-1, 1}, bool, or any labels with ``pos_label``).
    y_score : array-like of shape (n_samples,)
        Finite scores; higher means more likely positive.
    metric : str, default="roc_auc"
        One of :data:`BOOTSTRAP_METRICS`: ``"roc_auc"`` (partial with ``max_fpr``),
        ``"gini"``, ``"average_precision"``, ``"pr_auc"``, ``"ks"``, ``"best_threshold"``
        (the threshold maximising Youden's J, as :func:`best_threshold`), or a rate at
        ``threshold``: ``"recall"``, ``"specificity"``, ``"fpr"``, ``"fnr"``,
        ``"precision"``, ``"npv"``, ``"accuracy"``, ``"f1"``.
    confidence_level : float in (0, 1), default=0.95
    method : {"percentile", "bca"}, default="percentile"
        Percentile interval (pROC's) or bias-corrected and accelerated (Efron 1987).
    n_resamples : int in [1, 10**6], default=2000
        Replicates (pROC's ``boot.n`` default). Each costs a pass over the samples (about
        5-10 ns a sample for the AUC, 50-150 ns for the other metrics, on one core): 2000
        replicates of 10**6 samples take some seconds to minutes. The replicates are kept
        (8 bytes each); memory is checked before anything is allocated.
    stratified : bool, default=True
        Resample each class on its own, keeping the class sizes (pROC's default).
    random_state : None, int, numpy Generator, SeedSequence or RandomState
        Same seed, same replicates, on either backend and any ``n_threads``.
    pos_label : label, optional
        The positive class.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights; a replicate weighs each drawn sample by its weight. Only
        their ratios matter: they are scaled by a power of two (exactly) so that the
        largest is in [0.5, 1), and weights of 1e200 or 1e-200 give the same results.
    threshold : float, optional
        The threshold of a rate metric (predicted positive when score >= threshold).
    max_fpr : float in (0, 1], optional
        ``metric="roc_auc"`` only: the McClish-standardised partial AUC of
        :func:`roc_auc_score`.
    n_threads : int, optional
        Threads over the replicates (default: the CPUs this process may use).
    progress : bool, default=False
        Show the replicates done on stderr: tqdm's bar when tqdm is installed
        (``pip install rankscore[progress]``), else a plain counter line. The results do
        not depend on it.

    Returns
    -------
    BootstrapResult
        ``estimate`` (the metric on the data), ``low``, ``high``, ``confidence_level``,
        ``method``, ``std_error`` and the ``replicates``.

    Raises
    ------
    ValueError
        Unknown metric, confidence level outside (0, 1), ``n_resamples`` outside
        [1, 10**6], a class missing, or every replicate undefined.
    MemoryLimitError
        (a ``MemoryError`` and a ``ValueError``) The replicates would not fit in the memory
        available; raised before anything is allocated, naming both sizes.

    See Also
    --------
    roc_auc_ci : DeLong's interval of the AUC (exact variance, no resampling).
    bootstrap_test : Paired comparison of two models.

    Notes
    -----
    Every sample becomes a cell (its class, and the rank of its score among the distinct
    scores), computed once; replicate r draws positions from the SplitMix64 stream of
    seed r (seeds from ``random_state``) and counts the drawn cells, so the metric is one
    pass over the cells — the data are never sorted again. Percentile: the α/2 and
    1 − α/2 quantiles of the replicates (R's type 7, as pROC). BCa: quantiles
    Φ(z0 + (z0 + z_q) / (1 − a (z0 + z_q))) with z0 = Φ⁻¹(#{θ* < θ̂} / B) and the
    acceleration a from the jackknife (one unit per distinct (cell, weight), with its
    multiplicity; a delete-a-group jackknife of 1000 random groups beyond 1000 units,
    except for the AUC and Gini, which use the exact closed form). Replicates where the
    metric is undefined (a class not drawn without stratification, no predicted positive
    for precision) are left out with a warning, as pROC does.

    Examples
    --------
    >>> from rankscore.uncertainty import bootstrap_ci
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> r = bootstrap_ci(data.target, data.score, pos_label="spam", random_state=0)
    >>> round(r.estimate, 4), 0.5 < r.low < r.estimate < r.high <= 1
    (0.798, True)
    """
    level, n_resamples, stratified, progress = check_bootstrap_args(
        confidence_level, method, n_resamples, stratified, progress)
    options = _metric_options(metric, threshold, max_fpr)
    parts = binary_cells(y_true, y_score, pos_label, sample_weight)
    n_threads = thread_count(n_threads)
    # seeds, replicates, the valid ones, np.quantile's and np.std's copies: 8 bytes each
    check_bootstrap_memory(n_resamples, 40, 2 * len(parts.values), n_threads, "bootstrap_ci")
    seeds, rng = replicate_seeds(random_state, n_resamples)
    estimate = BOOTSTRAP_METRICS[metric](*sweep_of(counts_full(parts), parts.values), options)
    if math.isnan(estimate):
        raise ValueError(f"{metric} is undefined on the data (e.g. no predicted positive "
                         "at this threshold)")
    with progress_bar(n_resamples, f"bootstrap {metric}", progress, "replicate") as bar:
        replicates = _valid(_replicates(parts, metric, options, seeds, stratified, n_threads,
                                        bar), metric)
    acceleration = _jackknife_acceleration(parts, metric, options, rng) if method == "bca" \
        else 0.0
    low, high = _interval_from(replicates, estimate, level, method, acceleration)
    std = float(np.std(replicates, ddof=1)) if len(replicates) > 1 else math.nan
    return BootstrapResult(float(estimate), low, high, level, method, std, replicates)


def bootstrap_test(
    y_true: Any,
    y_score_a: Any,
    y_score_b: Any,
    *,
    metric: str = "roc_auc",
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    pos_label: Any = None,
    sample_weight: Any = None,
    threshold: float | None = None,
    max_fpr: float | None = None,
    n_threads: int | None = None,
    progress: bool = False,
) -> BootstrapTest:
    """Paired bootstrap test of two models scored on the same samples.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels.
    y_score_a, y_score_b : array-like of shape (n_samples,)
        The two models' scores of the same samples.
    metric, confidence_level, n_resamples, stratified, random_state, pos_label,
    sample_weight, threshold, max_fpr, n_threads, progress
        As in :func:`bootstrap_ci` (the progress counts both models' replicates).

    Returns
    -------
    BootstrapTest
        The two estimates, their ``difference``, ``std_error`` = sd of the replicate
        differences, ``statistic`` D, two-sided ``p_value``, the percentile interval
        (``low``, ``high``) of the difference, and the number of valid replicates.

    See Also
    --------
    delong_test : The exact test for the AUC without weights.

    Notes
    -----
    Both models see the same drawn samples in every replicate. D = (θ_a − θ_b) /
    sd(θ*_a − θ*_b), p = 2 Φ(−|D|), as pROC's ``roc.test(method = "bootstrap",
    paired = TRUE)``; D = 0 when every difference is 0.

    Examples
    --------
    >>> from rankscore.uncertainty import bootstrap_test
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> a = [0.14, 0.23, 0.39, 0.52, 0.73, 0.90, 0.3, 0.6]
    >>> t = bootstrap_test(y, a, a, random_state=0)
    >>> t.difference, t.statistic, t.p_value
    (0.0, 0.0, 1.0)
    """
    level, n_resamples, stratified, progress = check_bootstrap_args(
        confidence_level, "percentile", n_resamples, stratified, progress)
    options = _metric_options(metric, threshold, max_fpr)
    codes, pos_code, a, b = paired_columns(y_true, y_score_a, y_score_b, pos_label)
    weights = _unit_scale(check_sample_weight(sample_weight, len(codes)))
    is_pos = codes == pos_code
    check_classes(is_pos, weights)
    nt = thread_count(n_threads)
    # seeds, two models' replicates, their differences, the valid ones, np.quantile's copy
    check_bootstrap_memory(n_resamples, 56, 2 * len(codes), nt, "bootstrap_test")
    seeds, _ = replicate_seeds(random_state, n_resamples)
    estimates, reps = [], []
    with progress_bar(2 * n_resamples, f"bootstrap test {metric}", progress,
                      "replicate") as bar:
        for scores in (a, b):
            parts = sorted_cells(is_pos, scores, weights, paired=True)
            estimates.append(BOOTSTRAP_METRICS[metric](*sweep_of(counts_full(parts),
                                                                   parts.values), options))
            reps.append(_replicates(parts, metric, options, seeds, stratified, nt, bar))
    diffs = _valid(reps[0] - reps[1], f"difference of {metric}")
    d = float(estimates[0] - estimates[1])
    sd = float(np.std(diffs, ddof=1)) if len(diffs) > 1 else math.nan
    if sd > 0:
        stat = d / sd
    else:
        stat = 0.0 if d == 0 and not np.any(diffs) else math.copysign(math.inf, d) if d else \
            math.nan
    low, high = np.quantile(diffs, [(1 - level) / 2, 1 - (1 - level) / 2])
    return BootstrapTest(float(estimates[0]), float(estimates[1]), d, sd, stat,
                         two_sided_normal_p(stat), float(low), float(high), level,
                         len(diffs))
