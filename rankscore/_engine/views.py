"""Views: every curve, number and table that reads a sweep, a scan or a summary.

The public functions of :mod:`rankscore.curves`, :mod:`rankscore.gains` and
:mod:`rankscore.thresholds`, and the methods of :class:`rankscore.ScoreSummary`, compute
their result here from the engine's sweep (``sweep.Sweep``: cumulative counts over the
distinct thresholds) or scan (``sweep.Scan``: the numbers of one pass over a summary), with
scikit-learn's conventions for undefined values (NaN or 0 with its warning).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import bisect

from .. import _backend
from ..exceptions import warn_user
from .arrays import Curve, FloatArray, ScoreArray
from .results import BinaryConfusion, GainTable, KSCurve, KSResult, ThresholdChoice
from .sweep import Scan, Sweep, cumulative

__all__ = ["warn_one_class", "warn_no_positives", "roc_view", "pr_view", "det_view",
           "ks_curve_view", "auc_view", "partial_auc_view", "ap_view", "ks_view", "pr_auc_view",
           "drop_collinear", "trapezoid", "partial_auc", "ap_of_sweep", "gain_table_view",
           "gain_table_at", "group_borders", "cumulative_gain_view", "lift_view", "TIE_RTOL",
           "best_threshold_view"]


def warn_one_class(what: str) -> None:
    """scikit-learn's warning for a metric that needs both classes (``what``: "ROC AUC
    score", "The KS statistic" …)."""
    warn_user(f"Only one class is present in y_true. {what} is not defined in that case.")


def warn_no_positives() -> None:
    """scikit-learn's warning for a precision-recall view without positives."""
    warn_user("No positive class found in y_true, recall is set to one for all thresholds.",
              UserWarning)


# ---------------------------------------------------------------------------------------
# curves


def drop_collinear(fps: np.ndarray, tps: np.ndarray, thresholds: np.ndarray) -> Sweep:
    """scikit-learn's drop_intermediate for ROC: keep the first and last points and every
    corner (the ``roc_corners`` kernel)."""
    return Sweep(*_backend.kernels.roc_corners(fps, tps, thresholds))


def _drop_flat_tps(
    fps: np.ndarray, tps: np.ndarray, thresholds: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keep only the first and last point of each run of equal tps (PR and DET curves)."""
    if len(fps) <= 2:
        return fps, tps, thresholds
    keep = np.empty(len(fps), dtype=bool)
    keep[0] = keep[-1] = True
    np.logical_or(np.diff(tps[:-1]), np.diff(tps[1:]), out=keep[1:-1])
    return fps[keep], tps[keep], thresholds[keep]


def roc_view(sweep: Sweep, drop_intermediate: bool) -> Curve:
    """roc_curve of a sweep."""
    fps, tps, thresholds = drop_collinear(*sweep) if drop_intermediate else sweep
    fps = np.concatenate(([0.0], fps))
    tps = np.concatenate(([0.0], tps))
    thresholds = np.concatenate(([np.inf], thresholds.astype(np.float64, copy=False)))
    return _rate(fps, "negative", "false"), _rate(tps, "positive", "true"), thresholds


def _rate(counts: np.ndarray, kind: str, which: str) -> FloatArray:
    """counts / their total (the last), or NaN with scikit-learn's warning when the class
    ``kind`` has no samples."""
    if counts[-1] <= 0:
        warn_user(f"No {kind} samples in y_true, {which} positive value should be meaningless")
        return np.full(counts.shape, np.nan)
    rate: FloatArray = counts / counts[-1]
    return rate


def pr_view(
    sweep: Sweep, drop_intermediate: bool = False
) -> tuple[FloatArray, FloatArray, ScoreArray]:
    """precision_recall_curve of a sweep."""
    fps, tps, thresholds = _drop_flat_tps(*sweep) if drop_intermediate else sweep
    m = len(tps)
    precision, recall = np.empty(m + 1), np.empty(m + 1)  # filled back to front
    precision[m], recall[m] = 1.0, 0.0
    np.add(tps, fps, out=precision[m - 1::-1])  # every threshold holds a sample: no 0/0
    np.divide(tps, precision[m - 1::-1], out=precision[m - 1::-1])
    if tps[-1] == 0:
        warn_no_positives()
        recall[:m] = 1.0
    else:
        np.divide(tps, tps[-1], out=recall[m - 1::-1])
    return precision, recall, thresholds[::-1]


def det_view(sweep: Sweep, drop_intermediate: bool = False) -> Curve:
    """det_curve of a sweep."""
    fps, tps, thresholds = sweep
    fps = np.concatenate(([0.0], fps))
    tps = np.concatenate(([0.0], tps))
    thresholds = np.concatenate(([np.inf], thresholds.astype(np.float64, copy=False)))
    if drop_intermediate:
        fps, tps, thresholds = _drop_flat_tps(fps, tps, thresholds)
    if fps[-1] == 0 or tps[-1] == 0:
        raise ValueError("Only one class is present in y_true. Detection error tradeoff "
                         "curve is not defined in that case.")
    fns = tps[-1] - tps
    first = np.searchsorted(fps, fps[0], side="right") - 1  # last point with fp = 0
    last = np.searchsorted(tps, tps[-1]) + 1  # first point with fn = 0
    sl = slice(first if first > 0 else None, last)
    return fps[sl][::-1] / fps[-1], fns[sl][::-1] / tps[-1], thresholds[sl][::-1]


def ks_curve_view(sweep: Sweep) -> KSCurve:
    """ks_curve of a sweep."""
    fps, tps, thresholds = sweep
    if fps[-1] == 0 or tps[-1] == 0:
        warn_one_class("The KS curve")
    with np.errstate(invalid="ignore", divide="ignore"):
        cdf_negative = (fps[-1] - np.concatenate(([0.0], fps[:-1]))) / fps[-1]
        cdf_positive = (tps[-1] - np.concatenate(([0.0], tps[:-1]))) / tps[-1]
    return KSCurve(thresholds[::-1], cdf_negative[::-1], cdf_positive[::-1])


# ---------------------------------------------------------------------------------------
# areas


def trapezoid(x: np.ndarray, y: np.ndarray, dx: np.ndarray | None = None,
              given: np.ndarray | None = None) -> float:
    """The trapezoidal rule of :func:`rankscore.auc` on float64 coordinates (at least two;
    ``dx``: the steps of ``x`` when computed exactly), x monotonic (checked here; the
    message shows ``given``, the coordinates as the caller passed them, else ``x``)."""
    direction = 1
    if dx is None:
        dx = np.diff(x)
    if np.any(dx < 0):
        if np.all(dx <= 0):
            direction = -1
        else:
            raise ValueError("x is neither increasing nor decreasing : "
                             f"{x if given is None else given}.")
    return float(direction * np.add.reduce(dx * (y[1:] + y[:-1]) / 2.0))


def partial_auc(fpr: np.ndarray, tpr: np.ndarray, max_fpr: float) -> float:
    """McClish-standardised partial AUC over [0, max_fpr] (scikit-learn's formula)."""
    stop = np.searchsorted(fpr, max_fpr, "right")
    x_interp = [fpr[stop - 1], fpr[stop]]
    y_interp = [tpr[stop - 1], tpr[stop]]
    tpr = np.append(tpr[:stop], np.interp(max_fpr, x_interp, y_interp))
    fpr = np.append(fpr[:stop], max_fpr)
    partial = trapezoid(fpr, tpr)
    min_area = 0.5 * max_fpr**2
    return 0.5 * (1 + (partial - min_area) / (max_fpr - min_area))


def ap_of_sweep(fps: np.ndarray, tps: np.ndarray) -> float:
    """Average precision of a sweep with positives: the ``ap_merge`` sum, on a sweep
    already built (recall gains times precision, over the total positives)."""
    gain = np.diff(np.concatenate(([0.0], tps)))
    return float(np.cumsum(gain * (tps / (tps + fps)))[-1] / tps[-1])


def auc_view(scan: Scan, summary: Any = None, max_fpr: float | None = None) -> float:
    """ROC AUC of a summary; ``max_fpr`` reads its ROC points (``summary``: the arrays,
    thresholds descending) as ``roc_auc_score`` does."""
    if math.isnan(scan.auc):
        warn_one_class("ROC AUC score")
        return scan.auc
    if max_fpr is None or max_fpr == 1:
        return scan.auc
    return partial_auc_view(cumulative(*summary), max_fpr)


def partial_auc_view(sweep: Sweep, max_fpr: float) -> float:
    """McClish-standardised partial ROC AUC over FPR in [0, max_fpr] of a sweep, from its
    ROC corners (as scikit-learn); NaN with scikit-learn's warning when a class is missing."""
    if not (sweep.fps[-1] > 0 and sweep.tps[-1] > 0):
        warn_one_class("ROC AUC score")
        return float("nan")
    fps, tps, _ = drop_collinear(*sweep)
    fpr = np.concatenate(([0.0], fps)) / fps[-1]
    tpr = np.concatenate(([0.0], tps)) / tps[-1]
    return partial_auc(fpr, tpr, max_fpr)


def ap_view(scan: Scan) -> float:
    """Average precision of a summary."""
    if math.isnan(scan.ap):
        warn_no_positives()
        return 0.0
    return scan.ap


def ks_view(scan: Scan) -> KSResult:
    """KS statistic of a summary."""
    if math.isnan(scan.ks):
        warn_one_class("The KS statistic")
    return KSResult(scan.ks, scan.ks_threshold)


def pr_auc_view(scan: Scan, sweep: Sweep) -> float:
    """Trapezoidal PR AUC of a summary (``sweep`` draws the curve when there are no
    positives: recall is then 1 everywhere, with scikit-learn's warning)."""
    if math.isnan(scan.pr_auc):
        precision, recall, _ = pr_view(sweep, False)
        return trapezoid(recall, precision)
    return scan.pr_auc


# ---------------------------------------------------------------------------------------
# gain, lift and captured response


def _with_totals(sweep: Sweep) -> tuple[Sweep, np.ndarray, float, float]:
    """The sweep plus cumulative counts ``counts`` and the totals of positives/negatives."""
    counts = sweep.tps + sweep.fps  # rows (weight) scoring >= each threshold
    return sweep, counts, float(sweep.tps[-1]), float(sweep.fps[-1])


def _require_positives(positives: float) -> None:
    if not positives > 0:
        raise ValueError(
            "y_true has no positive samples (or they all have zero weight): "
            "the fraction of positives captured is not defined"
        )


# With weights, a block whose running weight is within this relative distance below an
# ideal cut of the gain table counts as reaching it (the sums of float weights are rounded:
# 0.1 + 0.1 + 0.1 falls short of 3 * (ten times 0.1) / 10).
CUT_RTOL = 1e-9


def group_borders(sweep: Sweep, n_groups: int, *, weighted: bool) -> np.ndarray:
    """Indices of the last tie block of each group, from the cumulative counts.

    The border after group g is the first block end with ``counts >= g * total / n_groups``.
    So block ``j`` ends a group when an ideal cut lies in ``(counts[j-1], counts[j]]``:
    ``floor(counts[j] * n_groups / total)`` (the ideal group of the next row) grows there.
    O(number of blocks) whatever ``n_groups``; O(n_groups log(blocks)) for a few groups
    of many blocks without weights (the same borders, looked up by binary search).
    """
    tps, fps = sweep.tps, sweep.fps
    total = tps[-1] + fps[-1]
    if not weighted:
        # integer counts: with n_groups >= total every block ends a group already, so
        # capping n_groups keeps counts * n_groups exact in int64 (up to ~3e9 rows)
        n, groups = int(total), min(n_groups, int(total))
        if groups <= 1024 and groups < len(tps) // 64:  # few groups: look the cuts up
            # block j ends a group where its count first reaches a cut ceil(g n / groups)
            rows = range(len(tps))
            borders = sorted({bisect.bisect_left(rows, -(-g * n // groups),
                                                 key=lambda j: tps[j] + fps[j])
                              for g in range(1, groups + 1)})
            borders[-1] = len(tps) - 1
            return np.array(borders, dtype=np.intp)
        counts = tps + fps
        if n * groups < 2**63:
            next_group = counts.astype(np.int64) * groups // n
        else:  # pragma: no cover - more than 3e9 rows
            next_group = np.floor(counts * (groups / n))
    else:
        counts = tps + fps
        # counts * n_groups / total, with counts and total scaled by one power of two (exact,
        # same rounding) so that the product cannot overflow for weights near float64's
        # maximum; n_groups past 2**1000 only matters for weights 300 orders of magnitude apart
        shift = -int(np.frexp(total)[1])
        # float sums of weights carry rounding, so a block ending within CUT_RTOL (relative)
        # below a cut reaches it: ten rows of weight 0.1 make ten deciles, not seven
        next_group = np.floor(np.ldexp(counts, shift) * float(min(n_groups, 2**1000))
                              / np.ldexp(total, shift) * (1.0 + CUT_RTOL))
    ends = np.flatnonzero(np.diff(next_group, prepend=0) > 0)
    ends[-1] = len(counts) - 1  # the last group ends the sweep
    return ends


def gain_table_view(sweep: Sweep, n_groups: int, *, weighted: bool) -> GainTable:
    """gain_table of a summary's sweep."""
    positives, negatives = float(sweep.tps[-1]), float(sweep.fps[-1])
    if not (positives > 0 and negatives > 0):
        raise ValueError(
            "Only one class is present in y_true (counting samples with nonzero weight): "
            "the gain table needs both positives and negatives"
        )
    borders = group_borders(sweep, n_groups, weighted=weighted)
    firsts = np.concatenate(([0], borders[:-1] + 1))
    return gain_table_at(sweep.tps[borders], sweep.fps[borders], sweep.thresholds[firsts],
                          sweep.thresholds[borders], positives, negatives, n_groups,
                          weighted=weighted)


def gain_table_at(cumulative_positives: np.ndarray, cumulative_negatives: np.ndarray,
                  score_max: np.ndarray, score_min: np.ndarray,
                   positives: float, negatives: float, n_groups: int, *,
                   weighted: bool) -> GainTable:
    """The gain table from the sweep at each group's last threshold (float64 running
    sums) and each group's highest and lowest threshold."""
    total = positives + negatives
    cumulative_count = cumulative_positives + cumulative_negatives
    count = np.diff(cumulative_count, prepend=0.0)
    group_positives = np.diff(cumulative_positives, prepend=0.0)
    prior = positives / total
    response_rate = group_positives / count  # count > 0: every group reaches past a cut
    cumulative_gain = cumulative_positives / positives
    if not weighted:
        count = count.astype(np.int64)
        group_positives = group_positives.astype(np.int64)
    return GainTable(
        group=np.arange(1, len(cumulative_count) + 1, dtype=np.int64),
        score_max=np.asarray(score_max, dtype=np.float64),
        score_min=np.asarray(score_min, dtype=np.float64),
        count=count,
        positives=group_positives,
        response_rate=response_rate,
        gain=group_positives / positives,
        cumulative_gain=cumulative_gain,
        lift=response_rate / prior,
        cumulative_lift=cumulative_gain / (cumulative_count / total),
        ks=cumulative_positives / positives - cumulative_negatives / negatives,
        total_count=total,
        total_positives=positives,
        prior=prior,
        n_groups=n_groups,
    )


def cumulative_gain_view(sweep: Sweep) -> Curve:
    """cumulative_gain_curve of a summary's sweep."""
    sweep, counts, positives, _ = _with_totals(sweep)
    _require_positives(positives)
    x = np.concatenate(([0.0], counts / counts[-1]))
    y = np.concatenate(([0.0], sweep.tps / positives))
    thresholds = np.concatenate(([np.inf], np.asarray(sweep.thresholds, dtype=np.float64)))
    return x, y, thresholds


def lift_view(sweep: Sweep) -> Curve:
    """lift_curve of a summary's sweep."""
    x, y, thresholds = cumulative_gain_view(sweep)
    return x[1:], y[1:] / x[1:], thresholds[1:]


# ---------------------------------------------------------------------------------------
# the best threshold


# Objective values within this relative distance of the best count as equal, so that
# rounding never decides between two thresholds; the highest of them wins.
TIE_RTOL = 1e-12


def best_threshold_view(sweep: Sweep, weighted: bool, objective: str, min_precision: float,
                        min_recall: float, beta: float, matrix: Any) -> ThresholdChoice:
    """best_threshold of a summary's sweep (options checked by ``_checked_options``)."""
    fps, tps, thresholds = sweep
    positives, negatives = float(tps[-1]), float(fps[-1])
    if positives == 0 and objective != "profit":
        raise ValueError(
            "y_true has no positive samples (with nonzero weight); recall is undefined"
        )
    if negatives == 0 and objective == "youden":
        raise ValueError("y_true has no negative samples (with nonzero weight); FPR is undefined")
    # every threshold holds a sample (tps + fps > 0): zero-weight samples are not in the sweep
    a = b = c = e = 0.0
    nobody = None  # "profit": the value of flagging nobody (threshold inf)
    if objective == "max_recall":
        code, a = 0, min_precision
    elif objective == "max_precision":
        # recall rises to 1 at the lowest threshold, so only min_recall > 1 could fail
        code, a = 1, min_recall
    elif objective == "youden":
        code = 2
    elif objective == "f_beta":
        code, a, b = (3, 0.0, 0.0) if math.isinf(beta) else (
            4, 1 + beta * beta, beta * beta * positives)
    else:
        code = 5
        (a, b), (c, e) = (float(v) for v in matrix[0]), (float(v) for v in matrix[1])
        nobody = float(matrix[0, 1] * positives + matrix[1, 1] * negatives)
    kernel = _backend.kernels.objective_scan
    best = kernel(fps, tps, code, a, b, c, e, positives, negatives, math.nan)[0]
    if objective == "max_recall" and best == -math.inf:
        precision = tps / (tps + fps)
        i = int(np.argmax(precision))
        raise ValueError(
            f"no threshold reaches precision >= {min_precision}: the highest precision is"
            f" {precision[i]:.6g} (at threshold {float(thresholds[i]):.6g})"
        )
    if nobody is not None:
        best = max(best, nobody)
    near_best = best - TIE_RTOL * max(1.0, abs(best))
    if nobody is not None and nobody >= near_best:  # inf is the highest threshold: it wins ties
        threshold, chosen, tp, fp = math.inf, nobody, 0.0, 0.0
    else:
        chosen, i = kernel(fps, tps, code, a, b, c, e, positives, negatives, near_best)
        threshold, tp, fp = float(thresholds[i]), tps[i], fps[i]
    cells = (tp, fp, positives - tp, negatives - fp)
    counts = [int(round(c)) for c in cells] if not weighted else [float(c) for c in cells]
    confusion = BinaryConfusion(counts[0], counts[1], counts[2], counts[3], threshold=threshold)
    return ThresholdChoice(threshold, chosen, confusion, objective)
