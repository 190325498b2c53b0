"""Gain and lift: who is reached when the best-scored part of a population is targeted.

Every function here is a thin view on the threshold sweep of :mod:`rankscore._sweep`
(distinct thresholds, strictly decreasing, with cumulative weighted counts of positives
``tps`` and negatives ``fps`` scoring at or above each): the work after the sweep is
O(number of distinct scores), whatever the number of rows.

* :func:`gain_table` cuts the sorted population into groups (deciles by default) and
  reports count, positives, response rate, gain, lift and KS per group.
* :func:`cumulative_gain_curve` (the captured response curve) and :func:`lift_curve`.
* :func:`roc_to_captured_response` and :func:`captured_response_to_roc` convert between the
  ROC curve and the captured response curve for a given prior (a linear map).
* :func:`captured_response_gini`: the Gini read from the captured response curve (equal to
  ``2 * AUC - 1`` from the ROC curve); :func:`prevalence` gives the prior it needs.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _validation
from ._validation import quoted
from ._labels import binary_target
from ._sweep import Sweep, _sweep

__all__ = [
    "GainTable",
    "gain_table",
    "cumulative_gain_curve",
    "lift_curve",
    "roc_to_captured_response",
    "captured_response_to_roc",
    "captured_response_gini",
    "prevalence",
]

# A point of a converted curve may leave [0, 1] by rounding only; more than this is an error.
_ROUNDING_SLACK = 1e-9


# ------------------------------------------------------------------------------------------
# Sweep totals


def _with_totals(sweep: Sweep):
    """The sweep plus cumulative counts ``counts`` and the totals of positives/negatives."""
    counts = sweep.tps + sweep.fps  # rows (weight) scoring >= each threshold
    return sweep, counts, float(sweep.tps[-1]), float(sweep.fps[-1])


def _require_positives(positives: float) -> None:
    if not positives > 0:
        raise ValueError(
            "y_true has no positive samples (or they all have zero weight): "
            "the fraction of positives captured is not defined"
        )


# ------------------------------------------------------------------------------------------
# Gain table

_COLUMNS = (
    "group", "score_max", "score_min", "count", "positives", "response_rate", "gain",
    "cumulative_gain", "lift", "cumulative_lift", "ks",
)


@dataclass(frozen=True, eq=False)
class GainTable:
    """One row per group of a gain/lift table (see :func:`gain_table`).

    Each attribute below except the totals is a NumPy column with one entry per group,
    best-scored group first. ``count`` and ``positives`` are ``int64`` without sample
    weights and ``float64`` (sums of weights) with them.

    Attributes
    ----------
    group : ndarray of int64
        Group number, 1-based, consecutive.
    score_max, score_min : ndarray of float64
        Highest and lowest score in the group.
    count : ndarray
        Number of samples (total weight) in the group.
    positives : ndarray
        Positives (their total weight) in the group.
    response_rate : ndarray of float64
        ``positives / count``: the fraction of positives inside the group.
    gain : ndarray of float64
        ``positives / total_positives``: the group's share of all positives.
    cumulative_gain : ndarray of float64
        Share of all positives in this group and the ones above it.
    lift : ndarray of float64
        ``response_rate / prior``.
    cumulative_lift : ndarray of float64
        ``cumulative_gain / cumulative fraction targeted``.
    ks : ndarray of float64
        ``TPR - FPR`` when every group down to this one is predicted positive (the
        threshold is the group's lower border, ``score_min``).
    total_count, total_positives : float
        Number (weight) of all samples and of all positives.
    prior : float
        ``total_positives / total_count``.
    n_groups : int
        The number of groups asked for (``len(table)`` may be smaller, see
        :func:`gain_table`).

    Examples
    --------
    >>> from rankscore.gains import gain_table
    >>> table = gain_table([1, 0, 1, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4], n_groups=3)
    >>> table.lift.round(4).tolist()
    [1.0, 2.0, 0.0]
    >>> table.to_pandas().columns[:4].tolist()
    ['group', 'score_max', 'score_min', 'count']
    """

    group: np.ndarray
    score_max: np.ndarray
    score_min: np.ndarray
    count: np.ndarray
    positives: np.ndarray
    response_rate: np.ndarray
    gain: np.ndarray
    cumulative_gain: np.ndarray
    lift: np.ndarray
    cumulative_lift: np.ndarray
    ks: np.ndarray
    total_count: float
    total_positives: float
    prior: float
    n_groups: int

    @staticmethod
    def column_names() -> tuple[str, ...]:
        """Names of the per-group columns, in table order."""
        return _COLUMNS

    def __len__(self) -> int:
        return len(self.group)

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self.column_names():
            raise KeyError(f"{quoted(name)} is not a column; columns: "
                           f"{', '.join(self.column_names())}")
        return getattr(self, name)

    def to_dict(self) -> dict[str, np.ndarray]:
        """The columns as ``{name: array}``, in table order."""
        return {name: getattr(self, name) for name in self.column_names()}

    def to_pandas(self) -> Any:
        """The table as a ``pandas.DataFrame`` (needs pandas: ``pip install rankscore[pandas]``)."""
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover - depends on the environment
            raise ImportError(
                "GainTable.to_pandas() needs pandas; install it with "
                "'pip install rankscore[pandas]'"
            ) from None
        return pd.DataFrame(self.to_dict())

    def _cells(self) -> list[list[str]]:
        rows = []
        for i in range(len(self)):
            row = []
            for name in self.column_names():
                value = getattr(self, name)[i]
                if isinstance(value, np.integer):
                    row.append(str(int(value)))
                elif name in ("score_max", "score_min", "count", "positives"):
                    row.append(f"{value:.6g}")
                else:  # rates, gains, lifts, ks
                    row.append(f"{value:.4f}")
            rows.append(row)
        return rows

    def to_markdown(self) -> str:
        """The table as GitHub-flavoured Markdown (rates rounded to 4 decimals)."""
        names = self.column_names()
        lines = ["| " + " | ".join(names) + " |", "|" + "---:|" * len(names)]
        lines += ["| " + " | ".join(row) + " |" for row in self._cells()]
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:  # Jupyter shows the Markdown table
        return self.to_markdown()

    def __str__(self) -> str:
        names = self.column_names()
        rows = self._cells()
        widths = [max(len(n), *(len(r[j]) for r in rows)) for j, n in enumerate(names)]
        lines = ["  ".join(n.rjust(w) for n, w in zip(names, widths))]
        lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in rows]
        return "\n".join(lines)

    def __repr__(self) -> str:
        head = (
            f"GainTable({len(self)} groups of {self.n_groups} asked; "
            f"total_count={self.total_count:.6g}, total_positives={self.total_positives:.6g}, "
            f"prior={self.prior:.4f})"
        )
        return head + "\n" + str(self)


def _group_borders(sweep: Sweep, n_groups: int, *, weighted: bool) -> np.ndarray:
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
        next_group = np.floor(np.ldexp(counts, shift) * float(min(n_groups, 2**1000))
                              / np.ldexp(total, shift))
    borders = np.flatnonzero(np.diff(next_group, prepend=0) > 0)
    borders[-1] = len(counts) - 1  # the last group ends the sweep
    return borders


def gain_table(
    y_true: Any,
    y_score: Any,
    n_groups: int = 10,
    *,
    pos_label: Any = None,
    sample_weight: Any = None,
) -> GainTable:
    """Gain/lift table: the population sorted by score and cut into groups.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels: {0, 1}, {-1, 1}, bool, or any two values with ``pos_label``.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive. Finite.
    n_groups : int, default=10
        Number of groups asked for (10: deciles). Must be >= 1.
    pos_label : int, float, bool or str, default=None
        The positive class, as in scikit-learn's ``roc_curve``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights; counts become sums of weights.

    Returns
    -------
    GainTable
        One row per group, best scores first, with NumPy columns ``group``, ``score_max``,
        ``score_min``, ``count``, ``positives``, ``response_rate``, ``gain``,
        ``cumulative_gain``, ``lift``, ``cumulative_lift``, ``ks``; ``str(table)`` and
        ``table.to_markdown()`` print it, ``table.to_pandas()`` gives a DataFrame.

    Raises
    ------
    ValueError
        If ``y_true`` does not hold both classes (with nonzero weight), plus every error
        of :func:`rankscore.roc_curve` for bad labels, scores or weights.
    TypeError
        If ``n_groups`` is not an integer.

    See Also
    --------
    cumulative_gain_curve : The cumulative gain at every distinct threshold.
    lift_curve : The cumulative lift at every distinct threshold.

    Notes
    -----
    With ``P`` the positives and ``N`` the total count (sums of weights if given), the
    prior is ``P / N``, and for a group with ``n_g`` samples of which ``p_g`` positive:

    * gain ``= p_g / P``; cumulative gain = running sum of the gains;
    * response rate ``= p_g / n_g``; lift ``= (p_g / n_g) / (P / N)``;
    * cumulative lift ``= cumulative gain / (cumulative count / N)``;
    * KS ``= TPR - FPR`` at the group's lower border (everything down to and including the
      group predicted positive).

    **Where the borders go.** Ideally the border after group ``g`` lies after
    ``g * N / n_groups`` samples. The population is cut only between distinct scores: the
    border is the first distinct-score boundary at or after the ideal cut. Equivalently,
    every block of tied scores goes wholly to the group its first (best-placed) row would
    have in an untied order, so that group sizes differ by at most one without ties (with
    ``N = 23`` deciles have sizes 3, 2, 2, 3, 2, 2, 3, 2, 2, 2). Consequences:

    * the table does not depend on the order of the input rows;
    * with ties, groups can be unequal, and when several ideal cuts fall inside one tie
      block they collapse into one border: the table then has **fewer rows than**
      ``n_groups``. Groups are numbered 1, 2, ... consecutively over the rows present;
    * when ``n_groups`` exceeds the number of distinct scores (e.g. ``n_groups`` larger
      than the number of samples), every group holds at least one whole tie block and
      there are at most as many groups as distinct scores;
    * with weights, cuts are made in cumulative weight, and samples with zero weight are
      ignored (as scikit-learn's curves ignore them).

    Cost: one sweep (sort) of the input, then O(number of distinct scores), whatever
    ``n_groups``.

    Examples
    --------
    The spam demo of the documentation: 20 e-mails, 9 spam, so each decile holds 2.

    >>> from rankscore.gains import gain_table
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> table = gain_table(data.target, data.score, pos_label="spam")
    >>> print(table.to_markdown())  # doctest: +NORMALIZE_WHITESPACE
    | group | score_max | score_min | count | positives | response_rate | gain | cumulative_gain | lift | cumulative_lift | ks |
    |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
    | 1 | 0.963 | 0.96 | 2 | 2 | 1.0000 | 0.2222 | 0.2222 | 2.2222 | 2.2222 | 0.2222 |
    | 2 | 0.877 | 0.833 | 2 | 1 | 0.5000 | 0.1111 | 0.3333 | 1.1111 | 1.6667 | 0.2424 |
    | 3 | 0.781 | 0.719 | 2 | 2 | 1.0000 | 0.2222 | 0.5556 | 2.2222 | 1.8519 | 0.4646 |
    | 4 | 0.676 | 0.657 | 2 | 1 | 0.5000 | 0.1111 | 0.6667 | 1.1111 | 1.6667 | 0.4848 |
    | 5 | 0.348 | 0.302 | 2 | 0 | 0.0000 | 0.0000 | 0.6667 | 0.0000 | 1.3333 | 0.3030 |
    | 6 | 0.293 | 0.246 | 2 | 1 | 0.5000 | 0.1111 | 0.7778 | 1.1111 | 1.2963 | 0.3232 |
    | 7 | 0.226 | 0.184 | 2 | 1 | 0.5000 | 0.1111 | 0.8889 | 1.1111 | 1.2698 | 0.3434 |
    | 8 | 0.16 | 0.094 | 2 | 1 | 0.5000 | 0.1111 | 1.0000 | 1.1111 | 1.2500 | 0.3636 |
    | 9 | 0.064 | 0.059 | 2 | 0 | 0.0000 | 0.0000 | 1.0000 | 0.0000 | 1.1111 | 0.1818 |
    | 10 | 0.003 | 0.001 | 2 | 0 | 0.0000 | 0.0000 | 1.0000 | 0.0000 | 1.0000 | 0.0000 |

    Tied scores never straddle a border, so heavy ties give fewer groups:

    >>> len(gain_table([1, 0, 1, 0, 1, 0], [3, 3, 3, 3, 2, 1], n_groups=3))
    2
    """
    n_groups = _validation.check_positive_int(n_groups, "n_groups")
    sweep = _sweep(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    return _gain_table_view(sweep, n_groups, weighted=sample_weight is not None)


def _gain_table_view(sweep: Sweep, n_groups: int, *, weighted: bool) -> GainTable:
    """gain_table of a summary's sweep."""
    positives, negatives = float(sweep.tps[-1]), float(sweep.fps[-1])
    if not (positives > 0 and negatives > 0):
        raise ValueError(
            "Only one class is present in y_true (counting samples with nonzero weight): "
            "the gain table needs both positives and negatives"
        )
    borders = _group_borders(sweep, n_groups, weighted=weighted)
    firsts = np.concatenate(([0], borders[:-1] + 1))
    return _gain_table_at(sweep.tps[borders], sweep.fps[borders], sweep.thresholds[firsts],
                          sweep.thresholds[borders], positives, negatives, n_groups,
                          weighted=weighted)


def _gain_table_at(cumulative_positives, cumulative_negatives, score_max, score_min,
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


# ------------------------------------------------------------------------------------------
# Curves


def cumulative_gain_curve(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cumulative gain (captured response) curve: share of positives among the top scores.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels: {0, 1}, {-1, 1}, bool, or any two values with ``pos_label``.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive. Finite.
    pos_label : int, float, bool or str, default=None
        The positive class, as in scikit-learn's ``roc_curve``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights; fractions become fractions of the total weight.

    Returns
    -------
    fraction_targeted : ndarray of float64, shape (n_thresholds + 1,)
        ``x``: fraction of the population with ``score >= thresholds[i]``; starts at 0,
        ends at 1.
    fraction_captured : ndarray of float64, shape (n_thresholds + 1,)
        ``y``: fraction of all positives with ``score >= thresholds[i]`` (the TPR);
        starts at 0, ends at 1.
    thresholds : ndarray of float64, shape (n_thresholds + 1,)
        The distinct scores, decreasing; ``thresholds[0]`` is ``inf`` (nothing targeted),
        as in scikit-learn's ``roc_curve``.

    Raises
    ------
    ValueError
        If there are no positives (with nonzero weight), plus every error of
        :func:`rankscore.roc_curve` for bad labels, scores or weights.

    See Also
    --------
    lift_curve : ``fraction_captured / fraction_targeted``.
    roc_to_captured_response : The same curve from an ROC curve and the prior.
    captured_response_gini : The Gini read from this curve.
    gain_table : The same curve cut into groups.

    Notes
    -----
    One point per distinct score (ties form one step; no points are dropped). With prior
    ``pi = P / N`` the curve is the ROC curve under the linear map
    ``x = pi * TPR + (1 - pi) * FPR``, ``y = TPR``. A random ranking follows the diagonal;
    the ideal one goes (0, 0) -> (pi, 1) -> (1, 1).

    Examples
    --------
    >>> from rankscore.gains import cumulative_gain_curve
    >>> x, y, thresholds = cumulative_gain_curve([0, 1, 0, 0, 1, 1],
    ...                                          [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> x.round(4).tolist()
    [0.0, 0.1667, 0.3333, 0.5, 0.6667, 0.8333, 1.0]
    >>> y.round(4).tolist()
    [0.0, 0.3333, 0.6667, 0.6667, 0.6667, 1.0, 1.0]
    >>> thresholds[:3].tolist()
    [inf, 0.9, 0.73]
    """
    return _cumulative_gain_view(_sweep(y_true, y_score, pos_label=pos_label,
                                        sample_weight=sample_weight))


def _cumulative_gain_view(sweep: Sweep) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """cumulative_gain_curve of a summary's sweep."""
    sweep, counts, positives, _ = _with_totals(sweep)
    _require_positives(positives)
    x = np.concatenate(([0.0], counts / counts[-1]))
    y = np.concatenate(([0.0], sweep.tps / positives))
    thresholds = np.concatenate(([np.inf], np.asarray(sweep.thresholds, dtype=np.float64)))
    return x, y, thresholds


def lift_curve(
    y_true: Any, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cumulative lift at every distinct threshold.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels: {0, 1}, {-1, 1}, bool, or any two values with ``pos_label``.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive. Finite.
    pos_label : int, float, bool or str, default=None
        The positive class, as in scikit-learn's ``roc_curve``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights.

    Returns
    -------
    fraction_targeted : ndarray of float64, shape (n_thresholds,)
        ``x``: fraction of the population with ``score >= thresholds[i]``; > 0, ends at 1.
    lift : ndarray of float64, shape (n_thresholds,)
        ``fraction_captured / fraction_targeted``: how many times the prior the positive
        rate is among the targeted; ends at 1.
    thresholds : ndarray of float64, shape (n_thresholds,)
        The distinct scores, decreasing.

    Raises
    ------
    ValueError
        If there are no positives (with nonzero weight), plus every error of
        :func:`rankscore.roc_curve` for bad labels, scores or weights.

    See Also
    --------
    cumulative_gain_curve : The numerator; this curve is it divided by ``x``.
    gain_table : Lift per group and cumulative.

    Notes
    -----
    ``lift(t) = TPR(t) / x(t) = precision(t) / prior``. The point ``x = 0`` of the
    cumulative gain curve (nothing targeted, lift 0/0) is left out: the curve starts at the
    first distinct threshold, whose lift is that of the best tie block. The lift of a random
    ranking is 1 everywhere; the best possible is ``1 / prior`` up to ``x = prior``.

    Examples
    --------
    >>> from rankscore.gains import lift_curve
    >>> x, lift, thresholds = lift_curve([0, 1, 0, 0, 1, 1],
    ...                                  [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> lift.round(4).tolist()
    [2.0, 2.0, 1.3333, 1.0, 1.2, 1.0]
    """
    return _lift_view(_sweep(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight))


def _lift_view(sweep: Sweep) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """lift_curve of a summary's sweep."""
    x, y, thresholds = _cumulative_gain_view(sweep)
    return x[1:], y[1:] / x[1:], thresholds[1:]


# ------------------------------------------------------------------------------------------
# ROC <-> captured response


def prevalence(y_true: Any, *, pos_label: Any = None, sample_weight: Any = None) -> float:
    """Share of positives (the prior ``pi``): positives / all samples, weighted if asked.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels: {0, 1}, {-1, 1}, bool, or any two values with ``pos_label``
        (the same rules as :func:`rankscore.roc_curve`).
    pos_label : int, float, bool or str, default=None
        The positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights.

    Returns
    -------
    float
        ``sum(w[y == pos_label]) / sum(w)``; in [0, 1] (0 or 1 when one class is absent).

    Raises
    ------
    ValueError
        Bad labels (as :func:`rankscore.roc_curve`), weights of the wrong length, negative
        or non-finite, or all zero.

    See Also
    --------
    roc_to_captured_response, captured_response_to_roc, captured_response_gini :
        They take this number as ``prior``.

    Notes
    -----
    No sort and no scores: one pass over the labels (and weights). It is the right end of
    the precision-recall curve and the slope ``1 / pi`` of the ideal lift.

    Examples
    --------
    >>> from rankscore.gains import prevalence
    >>> from rankscore.datasets import load_spam
    >>> prevalence(load_spam().target, pos_label="spam")
    0.45
    """
    is_positive = binary_target(y_true, pos_label)
    weights = _validation.check_sample_weight(sample_weight, len(is_positive))
    if weights is None:
        return int(np.count_nonzero(is_positive)) / len(is_positive)
    total = float(weights.sum())
    if not total > 0:
        raise ValueError("sample_weight is zero for every sample; the prevalence is undefined")
    return float(weights[is_positive].sum()) / total


def _check_prior(prior: Any) -> float:
    return _validation.check_real(prior, "prior", low=0, high=1, low_open=True, high_open=True,
                                  interval="in the open interval (0, 1)")


def _check_curve(a: Any, b: Any, name_a: str, name_b: str) -> tuple[np.ndarray, np.ndarray]:
    """Two same-length, finite float64 arrays with values in [0, 1]."""
    a = np.asarray(_validation.as_scores(a, name_a), dtype=np.float64)
    b = np.asarray(_validation.as_scores(b, name_b), dtype=np.float64)
    _validation.check_same_length(**{name_a: a, name_b: b})
    for name, arr in ((name_a, a), (name_b, b)):
        outside = (arr < 0.0) | (arr > 1.0)
        if outside.any():
            i = int(np.flatnonzero(outside)[0])
            raise ValueError(f"{name} must lie in [0, 1]; got {arr[i]} at index {i}")
    return a, b


def roc_to_captured_response(
    fpr: Any, tpr: Any, prior: float
) -> tuple[np.ndarray, np.ndarray]:
    """Map ROC points to captured response (cumulative gain) points.

    Parameters
    ----------
    fpr, tpr : array-like of shape (n_points,)
        ROC points, e.g. from :func:`rankscore.roc_curve`; values in [0, 1].
    prior : float
        Fraction of positives in the population, ``0 < prior < 1``.

    Returns
    -------
    fraction_targeted : ndarray of float64
        ``x = prior * tpr + (1 - prior) * fpr``.
    fraction_captured : ndarray of float64
        ``y = tpr`` (a copy).

    Raises
    ------
    ValueError
        If ``prior`` is not in (0, 1), the arrays differ in length, are empty, not 1-D, or
        hold values outside [0, 1], NaN or infinity.
    TypeError
        If ``prior`` is not a real number or the arrays are not numeric.

    See Also
    --------
    captured_response_to_roc : The inverse map.
    cumulative_gain_curve : The captured response curve straight from labels and scores.

    Notes
    -----
    Targeting everything with ``score >= t`` reaches ``TP + FP`` samples out of ``N``, so
    ``x = (TP + FP) / N = prior * TPR + (1 - prior) * FPR``, computed as
    ``fpr + prior * (tpr - fpr)`` so that (0, 0) and (1, 1) map exactly onto themselves.
    The map is linear, so straight ROC segments stay straight and areas scale: the Gini of
    both curves is the same (see :func:`captured_response_gini`).

    Examples
    --------
    >>> from rankscore.gains import roc_to_captured_response
    >>> x, y = roc_to_captured_response([0.0, 0.25, 1.0], [0.0, 0.75, 1.0], prior=0.2)
    >>> x.round(4).tolist(), y.tolist()
    ([0.0, 0.35, 1.0], [0.0, 0.75, 1.0])
    """
    prior = _check_prior(prior)
    fpr, tpr = _check_curve(fpr, tpr, "fpr", "tpr")
    x = fpr + prior * (tpr - fpr)  # = prior * tpr + (1 - prior) * fpr
    return np.clip(x, 0.0, 1.0), tpr.copy()


def captured_response_to_roc(
    x: Any, y: Any, prior: float
) -> tuple[np.ndarray, np.ndarray]:
    """Map captured response (cumulative gain) points back to ROC points.

    Parameters
    ----------
    x : array-like of shape (n_points,)
        Fraction of the population targeted, in [0, 1].
    y : array-like of shape (n_points,)
        Fraction of the positives captured (the TPR), in [0, 1].
    prior : float
        Fraction of positives in the population, ``0 < prior < 1``.

    Returns
    -------
    fpr : ndarray of float64
        ``(x - prior * y) / (1 - prior)``.
    tpr : ndarray of float64
        ``y`` (a copy).

    Raises
    ------
    ValueError
        As :func:`roc_to_captured_response`, and if a point cannot come from any ranking
        with this prior: ``x < prior * y`` (above the ideal curve) or
        ``x > prior * y + 1 - prior`` (below the worst one); i.e. the implied FPR leaves
        [0, 1] by more than rounding.

    See Also
    --------
    roc_to_captured_response : The forward map.

    Notes
    -----
    Inverse of ``x = prior * TPR + (1 - prior) * FPR``, ``y = TPR``:
    ``FPR = (x - prior * y) / (1 - prior)``. Rounding errors that push the FPR just past
    0 or 1 are clipped.

    Examples
    --------
    >>> from rankscore.gains import captured_response_to_roc
    >>> fpr, tpr = captured_response_to_roc([0.0, 0.35, 1.0], [0.0, 0.75, 1.0], prior=0.2)
    >>> fpr.round(4).tolist(), tpr.tolist()
    ([0.0, 0.25, 1.0], [0.0, 0.75, 1.0])
    """
    prior = _check_prior(prior)
    x, y = _check_curve(x, y, "x", "y")
    return _implied_fpr(x, y, prior), y.copy()


def _implied_fpr(x: np.ndarray, y: np.ndarray, prior: float) -> np.ndarray:
    """``FPR = (x - prior y) / (1 - prior)`` of captured-response points, clipped to [0, 1]
    for rounding; a point no ranking with this prior can give is an error."""
    fpr = (x - prior * y) / (1.0 - prior)
    outside = (fpr < -_ROUNDING_SLACK) | (fpr > 1.0 + _ROUNDING_SLACK)
    if outside.any():
        i = int(np.flatnonzero(outside)[0])
        raise ValueError(
            f"point {i} (x={x[i]}, y={y[i]}) is not on any captured response curve with "
            f"prior {prior}: it needs prior*y <= x <= prior*y + 1 - prior"
        )
    return np.clip(fpr, 0.0, 1.0)


def captured_response_gini(x: Any, y: Any, prior: float) -> float:
    """Gini coefficient read from a captured response (cumulative gain) curve.

    Parameters
    ----------
    x : array-like of shape (n_points,)
        Fraction of the population targeted, non-decreasing, from 0 to 1.
    y : array-like of shape (n_points,)
        Fraction of the positives captured, from 0 to 1.
    prior : float
        Fraction of positives in the population, ``0 < prior < 1``.

    Returns
    -------
    float
        (area between the curve and the diagonal) / (area between the ideal curve and the
        diagonal); equal to ``2 * AUC - 1`` of the corresponding ROC curve.

    Raises
    ------
    ValueError
        If ``prior`` is not in (0, 1), the arrays differ in length, are empty, hold values
        outside [0, 1], NaN or infinity, ``x`` decreases somewhere, the curve does not
        start at (0, 0) and end at (1, 1), or a point is impossible for this prior
        (``x < prior * y`` or ``x > prior * y + 1 - prior``, as
        :func:`captured_response_to_roc` checks): the Gini would leave [-1, 1].
    TypeError
        If ``prior`` is not a real number or the arrays are not numeric.

    See Also
    --------
    cumulative_gain_curve : Gives ``x`` and ``y`` (with ``prior = positives / total``).
    roc_to_captured_response : Gives ``x`` and ``y`` from an ROC curve.

    Notes
    -----
    The ideal curve for prior ``pi`` goes (0, 0) -> (pi, 1) -> (1, 1), so the area between
    it and the diagonal is ``(1 - pi) / 2``. With ``A`` the trapezoid area under the curve,

        Gini = (A - 1/2) / ((1 - pi) / 2).

    Since ``x = pi * TPR + (1 - pi) * FPR`` and ``y = TPR``, ``A = pi / 2 + (1 - pi) * AUC``
    (the map is linear, so the trapezoid rule is exact on both sides), hence
    ``Gini = 2 * AUC - 1``: the same number up to rounding.

    Examples
    --------
    Six samples (AUC 0.7778, so Gini 0.5556; :ref:`def-sweep-example`):

    >>> from rankscore.gains import captured_response_gini, cumulative_gain_curve
    >>> y_true = [0, 1, 0, 0, 1, 1]
    >>> x, y, _ = cumulative_gain_curve(y_true, [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> round(captured_response_gini(x, y, prior=sum(y_true) / len(y_true)), 4)
    0.5556
    """
    prior = _check_prior(prior)
    x, y = _check_curve(x, y, "x", "y")
    if (np.diff(x) < 0).any():
        i = int(np.flatnonzero(np.diff(x) < 0)[0])
        raise ValueError(f"x must be non-decreasing; x[{i + 1}] < x[{i}]")
    ends = (x[0], y[0], x[-1], y[-1])
    if not (abs(ends[0]) <= _ROUNDING_SLACK and abs(ends[1]) <= _ROUNDING_SLACK
            and abs(ends[2] - 1) <= _ROUNDING_SLACK and abs(ends[3] - 1) <= _ROUNDING_SLACK):
        raise ValueError(
            f"the curve must run from (0, 0) to (1, 1); it runs from ({x[0]}, {y[0]}) "
            f"to ({x[-1]}, {y[-1]})"
        )
    _implied_fpr(x, y, prior)  # every point possible for this prior (else Gini > 1 or < -1)
    area = float(np.trapezoid(y, x))  # area under the curve
    return (area - 0.5) / ((1.0 - prior) / 2.0)
