"""Gain figures: cumulative gain (captured response), cumulative lift, and the ROC curve
beside the captured-response curve with the same Gini."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

from .. import gains
from .._figures import (IDEAL, axes_group, check_ax_given, pyplot, reference_line,
                        require_matplotlib, target_axes)
from .curves import CURVE, Scores, labelled, legend_label, model_curves, unit_square

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes

__all__ = ["plot_cumulative_gain", "plot_lift", "plot_roc_vs_captured_response"]


def _gain_reference_lines(ax: Axes, prior: float) -> None:
    reference_line(ax, [0, 1], [0, 1], "random")
    reference_line(ax, [0, prior, 1], [0, 1, 1], f"ideal (prevalence = {prior:.4f})", IDEAL)


def plot_cumulative_gain(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Axes | None = None,
    **kwargs: Any,
) -> Axes:
    """Plot the cumulative gain (captured response) curve with the random and ideal lines.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight, name, ax
        As in :func:`plot_roc` (a dict of scores, or a DataFrame, draws one curve per
        model).
    **kwargs
        matplotlib line properties for the curve(s) (``color``, ``linestyle``, ``label``
        …), as in :func:`plot_roc`.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.gains.cumulative_gain_curve, plot_lift, plot_roc_vs_captured_response
    CumulativeGainDisplay : The same curve as a scikit-learn style display.

    Notes
    -----
    x = fraction of the population targeted (highest scores first), y = fraction of the
    positives captured. Targeting at random captures ``x`` (the diagonal); the ideal model
    captures every positive by ``x = prevalence``. The Gini in the legend is the area
    between the curve and the diagonal over the area between the ideal line and the
    diagonal; it equals ``2 AUC - 1`` of the ROC curve (:func:`rankscore.gini_score`,
    read from the data's :class:`~rankscore.ScoreSummary`).

    Examples
    --------
    >>> from rankscore.plot import plot_cumulative_gain
    >>> ax = plot_cumulative_gain([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> ax.get_legend().get_texts()[0].get_text()
    'Gini = 0.5556'
    """
    check_ax_given(ax)
    summaries, style, prior = model_curves("plot_cumulative_gain", y_true, y_score, name,
                                           pos_label, sample_weight, kwargs,
                                           "a cumulative gain curve")
    computed = [(model, *summary.cumulative_gain_curve()[:2], summary.gini())
                for model, summary in summaries]
    ax = target_axes(ax, square=True)
    for model, x, y, gini in computed:
        ax.plot(x, y, **labelled(style, legend_label(model, f"Gini = {gini:.4f}")))
    _gain_reference_lines(ax, prior)
    return unit_square(ax, "fraction of population targeted", "fraction of positives captured",
                       "cumulative gain (captured response)")


def plot_lift(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Axes | None = None,
    **kwargs: Any,
) -> Axes:
    """Plot the cumulative lift curve with the baseline lift 1 of random targeting.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight, name, ax, **kwargs
        As in :func:`plot_cumulative_gain`.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.gains.lift_curve, plot_cumulative_gain
    LiftCurveDisplay : The same curve as a scikit-learn style display.

    Notes
    -----
    Cumulative lift = (fraction of positives captured) / (fraction targeted): how many
    times more positives the top of the list holds than a random pick of the same size.
    The legend gives the lift at 10 % targeted (top-decile lift,
    :meth:`ScoreSummary.lift_at <rankscore.ScoreSummary.lift_at>`), read on the cumulative
    gain curve by linear interpolation (ties spread evenly). The ideal model has lift
    ``1 / prevalence`` up to ``x = prevalence``, then ``1 / x``.

    Examples
    --------
    >>> from rankscore.plot import plot_lift
    >>> ax = plot_lift([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> ax.lines[0].get_ydata().round(4).tolist()
    [2.0, 2.0, 1.3333, 1.0, 1.2, 1.0]
    >>> ax.get_legend().get_texts()[0].get_text()
    'lift at 10 % = 2'
    """
    check_ax_given(ax)
    summaries, style, prior = model_curves("plot_lift", y_true, y_score, name, pos_label,
                                           sample_weight, kwargs, "a lift curve",
                                           {**CURVE, "markersize": 3})
    computed = [(model, *summary.lift_curve()[:2], summary.lift_at(0.1))
                for model, summary in summaries]
    ax = target_axes(ax)
    for model, x, lift, top_decile in computed:
        label = legend_label(model, f"lift at 10 % = {top_decile:.3g}")
        ax.plot(x, lift, **labelled({"marker": "o" if x.size <= 50 else None, **style}, label))
    ideal_x = np.concatenate(([prior], np.linspace(prior, 1.0, 200)))
    ideal_x[0] = 0.0
    ideal = f"ideal (1 / prevalence = {1.0 / prior:.3g})"
    reference_line(ax, ideal_x, 1.0 / np.maximum(ideal_x, prior), ideal, IDEAL)
    reference_line(ax, None, 1.0, "random (lift = 1)", hline=True)
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(0, 1.08 / prior)  # the ideal lift 1 / prevalence is the ceiling, plus room
    ax.set_xlabel("fraction of population targeted")
    ax.set_ylabel("cumulative lift")
    ax.set_title("cumulative lift")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper right", fontsize="small")
    return ax


def plot_roc_vs_captured_response(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Sequence[Axes] | None = None,
    **kwargs: Any,
) -> tuple[Axes, Axes]:
    """The ROC curve and the captured-response curve side by side, with the same Gini.

    The captured-response curve is the ROC curve under a linear map
    (:ref:`def-captured-response`)
    (``x = prior·TPR + (1 - prior)·FPR``, ``y = TPR``), computed here with
    :func:`rankscore.gains.roc_to_captured_response` from the plotted ROC points. The shaded
    areas are the two Gini numerators; the legends show the Gini measured on each curve
    (they agree).

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight, name
        As in :func:`plot_roc` (a dict of scores draws one curve per model on each side).
    ax : pair of matplotlib Axes, optional
        Where to draw (left: ROC, right: captured response); a new 1×2 figure when omitted.
    **kwargs
        matplotlib line properties for the curves on both sides, as in :func:`plot_roc`.

    Returns
    -------
    (Axes, Axes)
        The ROC axes and the captured-response axes.

    See Also
    --------
    plot_roc, plot_cumulative_gain, rankscore.gains.roc_to_captured_response

    Notes
    -----
    ROC: ``Gini = 2 AUC - 1`` (twice the area between curve and diagonal). Captured
    response: ``Gini = (A_cr - 1/2) / (1/2 - prior/2)``, the area between curve and diagonal
    over that of the ideal curve.

    Examples
    --------
    >>> from rankscore.plot import plot_roc_vs_captured_response
    >>> left, right = plot_roc_vs_captured_response(
    ...     [0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> left.get_legend().get_texts()[0].get_text(), right.get_legend().get_texts()[0].get_text()
    ('Gini = 0.5556', 'Gini = 0.5556')
    """
    require_matplotlib()
    if ax is not None:
        ax = axes_group(ax, 2, "a pair of matplotlib Axes (ROC, captured response)")
    summaries, style, prior = model_curves("plot_roc_vs_captured_response", y_true, y_score,
                                           name, pos_label, sample_weight, kwargs,
                                           "a ROC or captured-response curve")
    computed = []
    for model, summary in summaries:
        fpr, tpr, _ = summary.roc_curve()
        x, y = gains.roc_to_captured_response(fpr, tpr, prior)
        gini_cr = gains.captured_response_gini(x, y, prior)  # measured on the right curve
        computed.append((model, fpr, tpr, x, y, summary.gini(), gini_cr))
    if ax is None:
        _, ax = pyplot().subplots(1, 2, figsize=(11, 5), layout="constrained")
    ax_roc, ax_cr = ax
    for model, fpr, tpr, x, y, gini_roc, gini_cr in computed:
        (line,) = ax_roc.plot(
            fpr, tpr, **labelled(style, legend_label(model, f"Gini = {gini_roc:.4f}"))
        )
        ax_cr.plot(x, y, **labelled({**style, "color": line.get_color()},
                                    legend_label(model, f"Gini = {gini_cr:.4f}")))
        if len(summaries) == 1:
            ax_roc.fill_between(fpr, fpr, tpr, color=line.get_color(), alpha=0.15, zorder=2)
            ax_cr.fill_between(x, x, y, color=line.get_color(), alpha=0.15, zorder=2)
    reference_line(ax_roc, [0, 1], [0, 1], "chance")
    unit_square(ax_roc, "false positive rate (FPR)", "true positive rate (TPR)", "ROC curve")
    _gain_reference_lines(ax_cr, prior)
    unit_square(ax_cr, "fraction of population targeted", "fraction of positives captured",
                "captured response")
    return ax_roc, ax_cr
