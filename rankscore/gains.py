"""Gain and lift: who is reached when the best-scored part of a population is targeted.

Every function here is a thin view on the threshold sweep of the engine (``rankscore._engine``)
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

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._docstrings import fill_doc
from ._engine.arrays import Curve, Label
from ._engine.labels import binary_target
from ._engine.parts import binary_problem
from ._engine.results import GainTable
from ._engine.sweep import sweep_of_problem
from ._engine.validate import (as_scores, check_positive_int, check_real, check_same_length,
                               check_sample_weight)
from ._engine.views import cumulative_gain_view, gain_table_view, lift_view

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

# docstring parts the functions here share (filled in by fill_doc)
_LABELS_AND_SCORES = """
y_true : array-like of shape (n_samples,)
    True binary labels: {0, 1}, {-1, 1}, bool, or any two values with ``pos_label``.
y_score : array-like of shape (n_samples,)
    Scores; higher means more likely positive. Finite.
"""
_POS_LABEL = """
pos_label : int, float, bool or str, default=None
    The positive class, as in scikit-learn's ``roc_curve``.
"""
_NO_POSITIVES = """
Raises
------
ValueError
    If there are no positives (with nonzero weight), plus every error of
    :func:`rankscore.roc_curve` for bad labels, scores or weights.
"""


# ------------------------------------------------------------------------------------------
# Sweep totals


# ------------------------------------------------------------------------------------------
# Gain table

@fill_doc(labels_and_scores=_LABELS_AND_SCORES, pos_label=_POS_LABEL)
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
    {labels_and_scores}
    n_groups : int, default=10
        Number of groups asked for (10: deciles). Must be >= 1.
    {pos_label}
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
      ignored (as scikit-learn's curves ignore them). A running weight within a relative
      1e-9 below an ideal cut counts as reaching it, so that the rounding of float sums
      does not move a border (ten rows of weight 0.1 make ten deciles of one row).

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
    n_groups = check_positive_int(n_groups, "n_groups")
    sweep = sweep_of_problem(binary_problem(y_true, y_score, pos_label, sample_weight))
    return gain_table_view(sweep, n_groups, weighted=sample_weight is not None)


# ------------------------------------------------------------------------------------------
# Curves


@fill_doc(labels_and_scores=_LABELS_AND_SCORES, pos_label=_POS_LABEL,
          raises_no_positives=_NO_POSITIVES)
def cumulative_gain_curve(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Label | None = None,
    sample_weight: ArrayLike | None = None
) -> Curve:
    """Cumulative gain (captured response) curve: share of positives among the top scores.

    Parameters
    ----------
    {labels_and_scores}
    {pos_label}
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

    {raises_no_positives}

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
    return cumulative_gain_view(sweep_of_problem(binary_problem(y_true, y_score, pos_label, sample_weight)))


@fill_doc(labels_and_scores=_LABELS_AND_SCORES, pos_label=_POS_LABEL,
          raises_no_positives=_NO_POSITIVES)
def lift_curve(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Label | None = None,
    sample_weight: ArrayLike | None = None
) -> Curve:
    """Cumulative lift at every distinct threshold.

    Parameters
    ----------
    {labels_and_scores}
    {pos_label}
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

    {raises_no_positives}

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
    return lift_view(sweep_of_problem(binary_problem(y_true, y_score, pos_label, sample_weight)))


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
    weights = check_sample_weight(sample_weight, len(is_positive))
    if weights is None:
        return int(np.count_nonzero(is_positive)) / len(is_positive)
    total = float(weights.sum())
    if not total > 0:
        raise ValueError("sample_weight is zero for every sample; the prevalence is undefined")
    return float(weights[is_positive].sum()) / total


def _check_prior(prior: Any) -> float:
    return check_real(prior, "prior", low=0, high=1, low_open=True, high_open=True,
                                  interval="in the open interval (0, 1)")


def _check_curve(a: Any, b: Any, name_a: str, name_b: str) -> tuple[np.ndarray, np.ndarray]:
    """Two same-length, finite float64 arrays with values in [0, 1]."""
    a = np.asarray(as_scores(a, name_a), dtype=np.float64)
    b = np.asarray(as_scores(b, name_b), dtype=np.float64)
    check_same_length(**{name_a: a, name_b: b})
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
