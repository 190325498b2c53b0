"""Fallback kernels of the score summary; mirrors rankscore/_kernels/summary.pyx.

A summary is three arrays of one length d: the distinct scores in descending order and the
negatives and positives scoring exactly each one (int64 counts, or float64 weight sums).
A weight sum adds its samples' weights one by one from 0.0, from the highest index of the
sorted part down, as the compiled loop does, so both backends give the same bits.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._kernel_checks import one_length, weights_of
from .._kernel_names import KERNELS
from .sweep import auc_counts, ks_counts

__all__ = KERNELS["summary"]

# ties longer than this are summed by np.cumsum (sequential) one run at a time; shorter
# ones position by position across all runs at once
_LONG_RUN = 64

# int64 counts or float64 weight sums per threshold
_Counts = NDArray[np.int64] | NDArray[np.float64]

# what summary_report_counts and report_of_parts return (see their docstrings)
_ReportReads = tuple[int, int, int, int, float, float, float, tuple[float, float, int, int],
                     tuple[float, float, int, int], tuple[int, int], float, NDArray[np.int64],
                     NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]


def _runs_descending(
    sorted_scores: NDArray[np.floating],
) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Start of each run of equal scores in ``sorted_scores[::-1]`` and the run lengths."""
    desc = sorted_scores[::-1]
    if len(desc) == 0:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    starts = np.flatnonzero(np.concatenate(([True], desc[1:] != desc[:-1])))
    return starts, np.diff(np.append(starts, len(desc)))


def _sequential_sums(
    values: NDArray[np.float64], starts: NDArray[np.intp], lengths: NDArray[np.intp],
) -> NDArray[np.float64]:
    """Sum of each run ``values[s:s + n]``, added one by one from 0.0 in index order."""
    sums = np.zeros(len(starts))
    long_runs = lengths > _LONG_RUN
    for s, n in zip(starts[long_runs].tolist(), lengths[long_runs].tolist()):
        sums[np.searchsorted(starts, s)] = np.cumsum(values[s:s + n])[-1]
    short = np.flatnonzero(~long_runs)
    for offset in range(int(lengths[short].max(initial=0))):
        short = short[lengths[short] > offset]
        sums[short] += values[starts[short] + offset]
    return sums


def _class_per_threshold(
    sorted_scores: NDArray[np.floating], weights: NDArray[np.float64] | None,
    thresholds: NDArray[np.floating],
) -> _Counts:
    """Count (int64) or weight sum (float64) of ``sorted_scores`` at each threshold."""
    starts, lengths = _runs_descending(sorted_scores)
    at: _Counts = (np.zeros(len(thresholds), dtype=np.int64) if weights is None
                   else np.zeros(len(thresholds), dtype=np.float64))
    if len(starts) == 0:
        return at
    values = sorted_scores[::-1][starts]
    where = np.searchsorted(-thresholds.astype(np.float64), -values.astype(np.float64))
    at[where] = lengths if weights is None else _sequential_sums(weights[::-1], starts, lengths)
    return at


def summary_from_sorted(
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
) -> tuple[NDArray[np.floating], NDArray[np.int64] | NDArray[np.float64],
           NDArray[np.int64] | NDArray[np.float64]]:
    """(thresholds descending, negatives per threshold, positives per threshold) from each
    class's scores sorted ascending: int64 counts when the weights are None, else float64
    sums of the weights (given in the scores' order; each sum added from 0.0, highest index
    first)."""
    weights_of(neg, neg_weight)
    weights_of(pos, pos_weight)
    thresholds = np.unique(np.concatenate([neg, pos]))[::-1] + neg.dtype.type(0)  # no -0.0
    return (thresholds, _class_per_threshold(neg, neg_weight, thresholds),
            _class_per_threshold(pos, pos_weight, thresholds))


def summary_from_sorted_into(
    out_t: NDArray[np.floating],
    out_n: NDArray[np.int64],
    out_p: NDArray[np.int64],
    at: int,
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
) -> int:
    """summary_from_sorted of unweighted class parts written into out_*[at:] (the compiled
    kernel releases the GIL); returns the number of thresholds."""
    one_length(out_t, out_n, out_p)
    _within(at, len(out_t), "at")
    arrays = summary_from_sorted(neg, None, pos, None)
    for out, values in zip((out_t, out_n, out_p), arrays):
        out[at:at + len(values)] = values
    return len(arrays[0])


def _within(i: int, n: int, what: str) -> None:
    """ValueError unless 0 <= i <= n."""
    if i < 0 or i > n:
        raise ValueError(f"{what} must be in [0, {n}], got {i}")


def _summary_in(thr: NDArray[Any], negatives: NDArray[Any], positives: NDArray[Any],
                d: int) -> None:
    """thr, negatives, positives of one length, holding a summary in their first d entries."""
    one_length(thr, negatives, positives)
    _within(d, len(thr), "d")


def _pr_area(tps: NDArray[np.float64], fps: NDArray[np.float64], total_pos: float) -> float:
    """Σ (r - r_prev) (p + p_prev) / 2 from the top, from (recall 0, precision 1)."""
    if not total_pos > 0:
        return 0.0
    r = np.concatenate(([0.0], tps / total_pos))
    p = np.concatenate(([1.0], tps / (tps + fps)))
    terms = np.diff(r) * (p[1:] + p[:-1]) / 2
    return float(np.cumsum(terms)[-1]) if len(terms) else 0.0


def summary_scan_counts(
    neg: NDArray[np.int64],
    pos: NDArray[np.int64],
) -> tuple[int, int, int, int, int, float, float]:
    """(N, P, pairs, ks_gap, ks_index, ap_sum, pr_area) of an unweighted summary
    (thresholds descending), exact integers: pairs = 2U; ks_gap = the largest
    |P N(<=t) - N P(<=t)|, ks_index its index from the lowest score; ap_sum = Σ P(t) prec(t)
    from the top; pr_area = the trapezoidal PR area from the top."""
    one_length(neg, pos)
    n_neg, n_pos = int(neg.sum()), int(pos.sum())
    tps = np.cumsum(pos).astype(np.float64)
    fps = np.cumsum(neg).astype(np.float64)
    precision = tps / (tps + fps)
    ap = float(np.cumsum(pos * precision)[-1]) if len(pos) else 0.0
    pairs = auc_counts(neg[::-1], pos[::-1])
    gap, index = ks_counts(neg[::-1], pos[::-1]) if len(neg) else (0, 0)
    return n_neg, n_pos, pairs, gap, index, ap, _pr_area(tps, fps, n_pos)


def summary_report_counts(
    thresholds: NDArray[np.floating],
    neg: NDArray[np.int64],
    pos: NDArray[np.int64],
    cuts: NDArray[np.int64],
    rtol: float,
    threshold: float,
) -> _ReportReads:
    """binary_report's reads of an unweighted summary with both classes (thresholds
    descending), in one pass: (N, P, 2U, KS gap, KS threshold, AP sum, PR area,
    (J, threshold, tp, fp) and (F1, threshold, tp, fp) at the first threshold within rtol of
    the best, (tp, fp) at ``threshold``, the top threshold, and per cut tp, fp, the
    threshold and the next one below at the first threshold whose tp + fp reaches it)."""
    one_length(thresholds, neg, pos)
    n_neg, n_pos, pairs, gap, index, ap, area = summary_scan_counts(neg, pos)
    values = thresholds.astype(np.float64) + 0.0
    fps, tps = summary_running(neg, pos)
    fp_counts, tp_counts = np.cumsum(neg), np.cumsum(pos)  # exact (fps, tps round past 2**53)
    choices: list[tuple[float, float, int, int]] = []  # Youden's J, then F1
    for code, a, b in ((2, 0.0, 0.0), (4, 2.0, 1.0 * n_pos)):
        best = objective_scan(fps, tps, code, a, b, 0.0, 0.0, float(n_pos), float(n_neg),
                              float("nan"))[0]
        near = best - rtol * max(1.0, abs(best))
        value, i = objective_scan(fps, tps, code, a, b, 0.0, 0.0, float(n_pos),
                                  float(n_neg), near)
        choices.append((value, float(values[i]), int(tp_counts[i]), int(fp_counts[i])))
    above = int(np.count_nonzero(values >= threshold))  # thresholds >= threshold: the first
    confusion = (int(tp_counts[above - 1]), int(fp_counts[above - 1])) if above else (0, 0)
    borders = np.searchsorted(fp_counts + tp_counts, cuts, "left")
    after = np.append(values[1:], 0.0)  # the threshold below each (0.0 after the last)
    return (n_neg, n_pos, pairs, gap, float(values[len(values) - 1 - index]), ap, area,
            choices[0], choices[1], confusion, float(values[0]), tp_counts[borders],
            fp_counts[borders], values[borders], after[borders])


def report_of_parts(
    neg_a: NDArray[np.floating],
    neg_b: NDArray[np.floating],
    pos: NDArray[np.floating],
    cuts: NDArray[np.int64],
    rtol: float,
    threshold: float,
) -> _ReportReads:
    """summary_report_counts of the summary of the negatives' scores (two parts, each
    sorted ascending, either may be empty) and the positives' (sorted ascending), both
    classes present; the compiled kernel reads it while merging the parts (the summary is
    never written)."""
    neg = np.sort(np.concatenate([neg_a, neg_b]))
    # (without weights the summary's counts are int64)
    summary = summary_from_sorted(neg, None, pos, None)
    return summary_report_counts(*summary, cuts, rtol, threshold)  # type: ignore[arg-type]


def summary_scan_weights(
    neg: NDArray[np.float64],
    pos: NDArray[np.float64],
) -> tuple[float, float, float, float, int, float, float, float]:
    """(W-, W+, auc, ks_gap, ks_index, ap_sum, pr_area, W+ summed from the top) of a
    weighted summary (thresholds descending): auc = Σ W+(t) (W-(<t) + W-(t)/2) / Σ W+(t) W-,
    both summed from the lowest score up (NaN without a weight in both classes); ks_gap
    = the largest |W+ C-(t) - W- C+(t)|, ks_index its index from the lowest score; ap_sum =
    Σ gain prec from the top; pr_area = the PR area."""
    one_length(neg, pos)
    if len(neg) == 0:
        return 0.0, 0.0, 0.0, -1.0, 0, 0.0, 0.0, 0.0
    with np.errstate(over="ignore", invalid="ignore"):  # products of huge weights: the
        neg_up, pos_up = neg[::-1], pos[::-1]  # caller reads them again, rescaled
        c_neg, c_pos = np.cumsum(neg_up), np.cumsum(pos_up)
        w_neg, w_pos = float(c_neg[-1]), float(c_pos[-1])
        below = np.concatenate(([0.0], c_neg[:-1]))
        auc_sum = float(np.cumsum(pos_up * (below + 0.5 * neg_up))[-1])
        most = float(np.cumsum(pos_up * w_neg)[-1])
        auc = auc_sum / most if most > 0 else float("nan")
        gaps = np.abs(c_neg * w_pos - c_pos * w_neg)
        index = int(np.argmax(gaps))
        tps, fps = np.cumsum(pos), np.cumsum(neg)
        gain = np.diff(np.concatenate(([0.0], tps)))
        ap = float(np.cumsum(gain * (tps / (tps + fps)))[-1])
        top_pos = float(tps[-1])
        return (w_neg, w_pos, auc, float(gaps[index]), index, ap, _pr_area(tps, fps, top_pos),
                top_pos)


def summary_running(
    neg: NDArray[np.int64] | NDArray[np.float64],
    pos: NDArray[np.int64] | NDArray[np.float64],
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """(fps, tps): running sums of the negatives / positives from the top score down, as
    float64 (the sweep every curve reads; exact for counts below 2**53)."""
    one_length(neg, pos)
    if neg.dtype.kind != "f":  # integer running sums, then one exact conversion
        return np.cumsum(neg).astype(np.float64), np.cumsum(pos).astype(np.float64)
    return np.cumsum(neg), np.cumsum(pos)


def _objective(
    code: int, fps: NDArray[np.float64], tps: NDArray[np.float64], a: float, b: float, c: float,
    e: float, positives: float, negatives: float,
) -> NDArray[np.float64]:
    if code in (0, 3):
        return tps / positives
    if code == 1:
        return tps / (tps + fps)
    if code == 2:
        return tps / positives - fps / negatives
    if code == 4:
        return a * tps / (b + (tps + fps))
    return a * tps + b * (positives - tps) + c * fps + e * (negatives - fps)


def objective_scan(
    fps: NDArray[np.float64],
    tps: NDArray[np.float64],
    code: int,
    a: float,
    b: float,
    c: float,
    e: float,
    positives: float,
    negatives: float,
    near_best: float,
) -> tuple[float, int]:
    """best_threshold's two reads of the sweep, objective ``code`` (0 max_recall, 1
    max_precision, 2 youden, 3 recall, 4 f_beta, 5 profit; a, b, c, e its parameters).
    With ``near_best`` NaN: (the largest value over feasible thresholds, -inf if none, -1);
    else: (the value, index) of the first feasible threshold whose value >= near_best."""
    one_length(fps, tps)
    value = _objective(code, fps, tps, a, b, c, e, positives, negatives)
    if code == 0:
        value = np.where(tps / (tps + fps) >= a, value, -np.inf)
    elif code == 1:
        value = np.where(tps / positives >= a, value, -np.inf)
    if near_best != near_best:
        return float(value.max(initial=-np.inf)), -1
    hits = np.flatnonzero(value >= near_best)
    return (float(value[hits[0]]), int(hits[0])) if len(hits) else (-np.inf, -1)


def objective_scan_counts(
    neg: NDArray[np.int64],
    pos: NDArray[np.int64],
    code: int,
    a: float,
    b: float,
    positives: float,
    negatives: float,
    near_best: float,
) -> tuple[float, int, int, int]:
    """objective_scan on an unweighted summary's counts (the running sums as the sweep
    has them, float64), for the objectives that rise only where tp does (2 youden,
    3 recall, 4 f_beta). With ``near_best`` NaN: (the largest value, -1, 0, 0); else
    (value, index, tp, fp) of the first threshold whose value >= near_best."""
    fps, tps = summary_running(neg, pos)
    value, index = objective_scan(fps, tps, code, a, b, 0.0, 0.0, positives, negatives,
                                  near_best)
    if index < 0:
        return value, -1, 0, 0
    # (tp, fp exact: the float64 sums round past 2**53)
    return value, index, int(pos[:index + 1].sum()), int(neg[:index + 1].sum())


def summary_merge_many_into(
    out_t: NDArray[np.floating],
    out_n: NDArray[np.int64] | NDArray[np.float64],
    out_p: NDArray[np.int64] | NDArray[np.float64],
    at: int,
    thresholds: list[NDArray[np.floating]],
    negatives: list[NDArray[np.int64]] | list[NDArray[np.float64]],
    positives: list[NDArray[np.int64]] | list[NDArray[np.float64]],
    starts: NDArray[np.int64],
    stops: NDArray[np.int64],
) -> int:
    """Merge the ranges [starts[r], stops[r]) of k summaries (the lists, C-contiguous, of
    the out_* dtypes) into out_*[at:]: O(D log k) for D thresholds in all (the compiled
    kernel: a tournament tree, GIL released); returns the number written. Counts at a
    shared threshold are added in list order."""
    ranges = list(zip(starts.tolist(), stops.tolist()))
    values = np.concatenate([t[a:b] for t, (a, b) in zip(thresholds, ranges)])
    order = np.argsort(-values.astype(np.float64), kind="stable")  # run order within ties
    values = values[order]
    if len(values) == 0:
        return 0
    starts_out = np.flatnonzero(np.concatenate(([True], values[1:] != values[:-1])))
    lengths = np.diff(np.append(starts_out, len(values)))
    n = len(starts_out)
    out_t[at:at + n] = values[starts_out]
    for out, counts in ((out_n, negatives), (out_p, positives)):
        sorted_counts = np.concatenate([c[a:b] for c, (a, b) in zip(counts, ranges)])[order]
        if sorted_counts.dtype.kind == "f":
            out[at:at + n] = _sequential_sums(sorted_counts, starts_out, lengths)
        else:
            out[at:at + n] = np.add.reduceat(sorted_counts, starts_out)
    return n


def summary_merge_sorted_size(
    thr: NDArray[np.floating],
    d: int,
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
) -> int:
    """The length of summary (thr[:d]) merged with each class's ascending scores: the
    number of distinct values among them (what summary_merge_sorted_into needs)."""
    _within(d, len(thr), "d")
    return len(np.union1d(thr[:d], np.union1d(neg, pos)))


def summary_merge_sorted_into(
    thr: NDArray[np.floating],
    negatives: NDArray[np.int64] | NDArray[np.float64],
    positives: NDArray[np.int64] | NDArray[np.float64],
    d: int,
    neg: NDArray[np.floating],
    neg_weight: NDArray[np.float64] | None,
    pos: NDArray[np.floating],
    pos_weight: NDArray[np.float64] | None,
) -> int:
    """Merge each class's ascending scores (weights None: counts) into summary
    (thr, negatives, positives)[:d] in place; returns the merged length (the arrays have
    room for it). The same values as summary_merge_many_into of the summary and
    summary_from_sorted of the parts."""
    _summary_in(thr, negatives, positives, d)
    part_t, part_n, part_p = summary_from_sorted(neg, neg_weight, pos, pos_weight)
    # the summary's entries are read (copies) before the merge writes over them
    runs = ([thr[:d].copy(), part_t], [negatives[:d].copy(), part_n.astype(negatives.dtype)],
            [positives[:d].copy(), part_p.astype(positives.dtype)])
    return summary_merge_many_into(thr, negatives, positives, 0, *runs,
                                   np.zeros(2, dtype=np.int64),
                                   np.array([d, len(part_t)], dtype=np.int64))


def summary_merge_sorted_pair_into(
    thr_a: NDArray[np.floating],
    negatives_a: NDArray[np.int64],
    positives_a: NDArray[np.int64],
    d_a: int,
    neg_a: NDArray[np.floating],
    pos_a: NDArray[np.floating],
    thr_b: NDArray[np.floating],
    negatives_b: NDArray[np.int64],
    positives_b: NDArray[np.int64],
    d_b: int,
    neg_b: NDArray[np.floating],
    pos_b: NDArray[np.floating],
) -> tuple[int, int]:
    """Two unweighted summary_merge_sorted_into merges (summary a with the class parts
    neg_a and pos_a, b with neg_b and pos_b; arrays of a and b not overlapping), which the
    compiled kernel runs taking turns in one loop (the CPU overlaps them). Returns
    (merged length of a, of b): the same arrays as the two calls."""
    _summary_in(thr_a, negatives_a, positives_a, d_a)  # (both checked before either merges)
    _summary_in(thr_b, negatives_b, positives_b, d_b)
    return (summary_merge_sorted_into(thr_a, negatives_a, positives_a, d_a, neg_a, None,
                                      pos_a, None),
            summary_merge_sorted_into(thr_b, negatives_b, positives_b, d_b, neg_b, None,
                                      pos_b, None))

def roc_corners(
    fps: NDArray[np.float64],
    tps: NDArray[np.float64],
    thresholds: NDArray[np.floating],
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.floating]]:
    """The sweep without the points collinear with their neighbours (scikit-learn's
    drop_intermediate): the first and last points and every point where
    (f2 - f1) - (f1 - f0) != 0 or (t2 - t1) - (t1 - t0) != 0."""
    if len(fps) <= 2:
        return fps, tps, thresholds
    keep = np.concatenate(([True], np.diff(fps, 2) != 0, [True]))
    keep[1:-1] |= np.diff(tps, 2) != 0
    return fps[keep], tps[keep], thresholds[keep]


def summary_sweep(
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.floating]]:
    """(fps, tps, thresholds): the running sums of the unweighted summary of each class's
    ascending scores, without building the summary (what ``summary_running`` of
    ``summary_from_sorted`` gives, in one pass: the curve functions' fast path)."""
    thresholds, negatives, positives = summary_from_sorted(neg, None, pos, None)
    return (*summary_running(negatives, positives), thresholds)


def roc_points(
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
    drop_intermediate: bool,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """roc_curve's (fpr, tpr, thresholds as float64) from each class's ascending scores (both
    non-empty): (0, 0, inf) first, then every distinct threshold t from the top with
    fpr = #{neg >= t} / n_neg and tpr = #{pos >= t} / n_pos, or with drop_intermediate
    only the first, the last and the corners (roc_corners)."""
    fps, tps, thresholds = summary_sweep(neg, pos)
    if drop_intermediate:
        fps, tps, thresholds = roc_corners(fps, tps, thresholds)
    return (np.concatenate(([0.0], fps / len(neg))), np.concatenate(([0.0], tps / len(pos))),
            np.concatenate(([np.inf], thresholds.astype(np.float64))))


def pr_points_into(
    neg: NDArray[np.floating],
    pos: NDArray[np.floating],
    i: int,
    j: int,
    neg_stop: int,
    pos_stop: int,
    drop_intermediate: bool,
    precision: NDArray[np.float64],
    recall: NDArray[np.float64],
    thresholds: NDArray[np.floating],
    k: int,
) -> int:
    """precision_recall_curve's points of the distinct thresholds in neg[i:neg_stop] and
    pos[j:pos_stop] (each class's scores ascending, both non-empty; no score in the ranges
    equals one outside them), ascending from index k of the outputs: precision =
    tp / (tp + fp) and recall = tp / n_pos with tp = #{pos >= t}, fp = #{neg >= t} over the
    whole parts; with drop_intermediate only the first and last point of each run of equal
    tp. Returns the index after the last point written."""
    if i == neg_stop and j == pos_stop:
        return k
    fps, tps, values = summary_sweep(neg[i:neg_stop], pos[j:pos_stop])
    fps += len(neg) - neg_stop  # the scores above the ranges
    tps += len(pos) - pos_stop
    if drop_intermediate and len(tps) > 2:
        keep = np.ones(len(tps), dtype=bool)
        keep[1:-1] = (np.diff(tps[:-1]) != 0) | (np.diff(tps[1:]) != 0)
        fps, tps, values = fps[keep], tps[keep], values[keep]
    stop = k + len(tps)
    precision[k:stop] = (tps / (tps + fps))[::-1]
    recall[k:stop] = (tps / len(pos))[::-1]
    thresholds[k:stop] = values[::-1]
    return stop


def _first(mask: NDArray[np.bool_]) -> int:
    where = np.flatnonzero(mask)
    return int(where[0]) if len(where) else -1


def summary_check(
    thresholds: NDArray[np.floating],
    negatives: NDArray[np.int64] | NDArray[np.float64],
    positives: NDArray[np.int64] | NDArray[np.float64],
    limit: int,
) -> tuple[int, int, int | float, int | float]:
    """Check a summary's arrays (one length d): (kind, index, negatives total, positives
    total). kind 0: fine; otherwise the first of: 1 a threshold not finite, 2 thresholds
    not strictly decreasing (index: the first not below the one before), 3 a threshold
    -0.0, 4/5 a negatives/positives entry below 0 (or not finite), 6 a threshold holding
    no sample, 7 the totals: counts adding up to more than ``limit`` (index: where the
    running total of both classes passes it; added without wrapping) or weight sums whose
    grand total is not finite (index d - 1); index of the first entry of that kind.
    Totals: int counts, or float64 sums added from index 0 up (the bits of
    summary_running's last entries)."""
    t = thresholds
    weighted = negatives.dtype.kind == "f"

    def bad(counts: _Counts) -> NDArray[np.bool_]:
        return ~((counts >= 0) & (counts <= np.finfo(np.float64).max)) if weighted else (
            counts < 0)

    kinds: list[Callable[[], NDArray[np.bool_]]] = [
             lambda: ~np.isfinite(t), lambda: np.r_[False, ~(t[1:] < t[:-1])],
             lambda: (t == 0) & np.signbit(t), lambda: bad(negatives), lambda: bad(positives),
             lambda: (negatives == 0) & (positives == 0)]
    for kind, mask in enumerate(kinds, 1):
        with np.errstate(invalid="ignore"):  # (signalling NaNs compare as NaNs)
            i = _first(mask())
        if i >= 0:
            return kind, i, 0, 0
    if weighted:
        with np.errstate(over="ignore"):
            n_neg = float(np.cumsum(negatives)[-1]) + 0.0 if len(t) else 0.0
            n_pos = float(np.cumsum(positives)[-1]) + 0.0 if len(t) else 0.0
        if not math.isfinite(n_neg + n_pos):
            return 7, len(t) - 1, 0, 0
        return 0, -1, n_neg, n_pos
    # each row's two counts in uint64 (no wrap), capped past the limit: the running sum
    # cannot wrap before it first passes the limit
    rows = np.minimum(negatives.astype(np.uint64) + positives.astype(np.uint64),
                      np.uint64(limit + 1))
    i = _first(np.cumsum(rows, dtype=np.uint64) > np.uint64(limit))
    if i >= 0:
        return 7, i, 0, 0
    return 0, -1, int(negatives.sum()), int(positives.sum())
