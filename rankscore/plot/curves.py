"""Curves of a scored classifier: ROC (with its KS point and its bootstrap confidence band),
precision–recall and the KS score CDFs, and the pieces every curve plot shares (one or
several models, a legend label, the unit square, the class-share check)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Union

import numpy as np
from numpy.typing import ArrayLike

from .. import gains
from .._engine.results import percent_text
from .._engine.validate import quoted
from .._figures import check_ax_given, line_style, reference_line, target_axes
from ..summary import ScoreSummary
from ..uncertainty import roc_confidence_band

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes

__all__ = ["plot_roc", "plot_roc_confidence_band", "plot_precision_recall", "plot_ks"]

Scores = Union[ArrayLike, Mapping[str, ArrayLike]]


# --------------------------------------------------------------------------------------
# shared pieces
# --------------------------------------------------------------------------------------
def scored_models(y_score: Scores, name: str | None) -> list[tuple[str | None, Any]]:
    """``[(name, scores), ...]`` from one array, a dict ``name -> scores`` or a DataFrame."""
    if hasattr(y_score, "columns") and hasattr(y_score, "items"):  # pandas DataFrame
        y_score = dict(y_score.items())
    if isinstance(y_score, Mapping):
        if len(y_score) == 0:
            raise ValueError("y_score is an empty dict; give at least one model name -> scores")
        if name is not None:
            raise ValueError(f"name={quoted(name)} names a single model's scores; the keys of a "
                             "dict (or DataFrame columns) already name its models")
        return [(str(key), scores) for key, scores in y_score.items()]
    return [(name, y_score)]


def legend_label(name: str | None, stats: str) -> str:
    return f"{name} ({stats})" if name else stats


# Every model curve is drawn thick and above the grey reference lines.
CURVE = {"linewidth": 2, "zorder": 3}


def curve_style(
    function: str, kwargs: Mapping[str, Any], n_models: int, defaults: Mapping[str, Any] = CURVE
) -> dict[str, Any]:
    """The caller's line properties over ``defaults``, checked before anything is drawn.

    ``label=`` names one curve: with several models (a dict of scores) their keys name the
    curves, and a ``label`` would give them all one legend entry, so it is refused.
    """
    style = line_style(function, defaults, kwargs)
    if n_models > 1 and "label" in style:
        raise ValueError(
            f"{function} got label={quoted(style['label'])} for {n_models} models; the keys of "
            "the dict (or DataFrame columns) label their curves"
        )
    return style


def labelled(style: Mapping[str, Any], label: str) -> dict[str, Any]:
    """``style`` with ``label`` unless the caller gave one."""
    return {"label": label, **style}


def unit_square(ax: Axes, xlabel: str, ylabel: str, title: str,
                legend_loc: Literal["lower right", "lower left"] = "lower right") -> Axes:
    """A unit-square curve's frame (limits, aspect, axis labels, grid), title and legend."""
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(-0.01, 1.01)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    ax.set_title(title)
    ax.legend(loc=legend_loc, fontsize="small")
    return ax


def checked_prior(y_true: ArrayLike, pos_label: Any, sample_weight: ArrayLike | None,
                  what: str) -> float:
    """The share of positives, checked to lie strictly between 0 and 1.

    Checked before any curve is computed: with one class only, every curve is undefined
    (``roc_curve`` warns and returns NaN), so a plot of it would say nothing.
    """
    prior = gains.prevalence(y_true, pos_label=pos_label, sample_weight=sample_weight)
    if not 0.0 < prior < 1.0:
        missing = "positive" if prior == 0.0 else "negative"
        weighted = " with non-zero weight" if sample_weight is not None else ""
        label = "" if pos_label is None else f" (pos_label = {quoted(pos_label)})"
        raise ValueError(
            f"y_true has no {missing} samples{weighted}{label}; {what} needs both classes"
        )
    return prior


def model_curves(
    function: str, y_true: ArrayLike, y_score: Scores, name: str | None, pos_label: Any,
    sample_weight: ArrayLike | None, kwargs: Mapping[str, Any], what: str,
    defaults: Mapping[str, Any] = CURVE,
) -> tuple[list[tuple[str | None, ScoreSummary]], dict[str, Any], float]:
    """What a curve plot reads before it draws: one :class:`ScoreSummary` per model (every
    curve and legend number is a view of it), the line properties (checked) and the share
    of positives (both classes checked, before any summary is built)."""
    models = scored_models(y_score, name)
    style = curve_style(function, kwargs, len(models), defaults)
    prior = checked_prior(y_true, pos_label, sample_weight, what)
    keyed = isinstance(y_score, Mapping) or hasattr(y_score, "columns")  # models by name
    summaries = []
    for model, scores in models:
        try:
            summaries.append((model, ScoreSummary.from_arrays(
                y_true, scores, pos_label=pos_label, sample_weight=sample_weight)))
        except (ValueError, TypeError) as exc:  # the model whose scores are refused
            if not keyed or "y_score" not in str(exc):
                raise
            raise type(exc)(f"model {quoted(model)}: {exc}") from None
    return summaries, style, prior


# --------------------------------------------------------------------------------------
# curves of a scored classifier (the threshold sweep)
# --------------------------------------------------------------------------------------
def plot_roc(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    drop_intermediate: bool = True,
    ks: bool = False,
    name: str | None = None,
    ax: Axes | None = None,
    **kwargs: Any,
) -> Axes:
    """Plot the ROC curve (TPR against FPR) with the chance diagonal; AUC in the legend.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,) or dict of str to array-like
        Scores (higher means more likely positive); a dict ``name -> scores`` (or a
        DataFrame, one model per column) draws one curve per model.
    pos_label : int, float, bool or str, optional
        The positive class, as in :func:`rankscore.roc_curve`.
    sample_weight : array-like of shape (n_samples,), optional
        Sample weights.
    drop_intermediate : bool, default True
        Passed to :func:`rankscore.roc_curve` (drops collinear points; the picture and
        the AUC do not change).
    ks : bool, default False
        Mark the Kolmogorov–Smirnov point: the largest vertical gap ``|TPR - FPR|`` between
        the curve and the diagonal, with its value in the legend.
    name : str, optional
        Legend name of a single model (dict keys name several models).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    **kwargs
        matplotlib line properties for the model's curve (``color``, ``linestyle``,
        ``linewidth``, ``label`` …, as ``Axes.plot`` takes them); with several models, for
        each of their curves.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.roc_curve, rankscore.roc_auc_score, plot_roc_vs_captured_response
    RocCurveDisplay : The same curve as scikit-learn's display, from an estimator or scores.

    Notes
    -----
    The AUC in the legend is ``roc_auc_score`` (the Mann–Whitney probability
    ``P(s+ > s-) + P(s+ = s-)/2``, the trapezoid area under the plotted points) and KS
    ``= max |TPR - FPR|`` is :func:`rankscore.ks_statistic`, both read from the data's
    :class:`~rankscore.ScoreSummary`, as the curve is.

    Examples
    --------
    >>> from rankscore.plot import plot_roc
    >>> ax = plot_roc([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> ax.get_legend().get_texts()[0].get_text()
    'AUC = 0.7778'
    """
    check_ax_given(ax)
    summaries, style, _ = model_curves("plot_roc", y_true, y_score, name, pos_label,
                                       sample_weight, kwargs, "a ROC curve")
    computed = [
        (model, summary.roc_curve(drop_intermediate=drop_intermediate), summary.roc_auc(),
         summary.ks_statistic() if ks else None)
        for model, summary in summaries
    ]
    ax = target_axes(ax, square=True)
    for model, (fpr, tpr, thresholds), auc, ks_result in computed:
        stats = f"AUC = {auc:.4f}"
        if ks_result is not None:
            stats += f", KS = {ks_result.statistic:.4f}"
            # the KS is reached predicting positive for score > its threshold: the last
            # point whose threshold is above it (a corner of the curve, never dropped)
            i = int(np.searchsorted(-thresholds, -ks_result.threshold, "left")) - 1
        (curve,) = ax.plot(fpr, tpr, **labelled(style, legend_label(model, stats)))
        if ks_result is not None:
            ax.plot(
                [fpr[i], fpr[i]], [fpr[i], tpr[i]], color=curve.get_color(), linestyle="-",
                linewidth=1.2, marker="o", markersize=4, zorder=4, label="_nolegend_",
                gid="ks",
            )
    reference_line(ax, [0, 1], [0, 1], "chance (AUC = 0.5)")
    return unit_square(ax, "false positive rate (FPR)", "true positive rate (TPR)", "ROC curve")


def plot_roc_confidence_band(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: Any = 0,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Axes | None = None,
    progress: bool = False,
    **kwargs: Any,
) -> Axes:
    """Plot the ROC curve with a bootstrap confidence band of the sensitivity at each
    specificity.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores of one model.
    confidence_level : float in (0, 1), default 0.95
    n_resamples : int, default 2000
        Stratified bootstrap replicates.
    random_state : default 0
        Seed (a fixed seed: the same figure every run).
    pos_label, sample_weight, name, ax
        As in :func:`plot_roc`.
    progress : bool, default False
        Show the bootstrap's progress on stderr, as
        :func:`rankscore.uncertainty.bootstrap_ci` does.
    **kwargs
        matplotlib line properties for the curve, as in :func:`plot_roc`; the band takes
        the curve's colour.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.uncertainty.roc_confidence_band : The band's numbers.
    plot_roc

    Notes
    -----
    The curve and its legend are :func:`plot_roc`'s; the shaded band is
    :func:`rankscore.uncertainty.roc_confidence_band` at specificities 0, 0.01, …, 1 (drawn against
    FPR = 1 − specificity).

    Examples
    --------
    >>> from rankscore.plot import plot_roc_confidence_band
    >>> ax = plot_roc_confidence_band([0, 1, 0, 0, 1, 1, 0, 1], [0.1, 0.2, 0.3, 0.4, 0.5,
    ...                               0.9, 0.35, 0.8], n_resamples=200)
    >>> [c.get_gid() for c in ax.collections]
    ['confidence band']
    """
    check_ax_given(ax)
    curve_style("plot_roc_confidence_band", kwargs, 1)  # checked before the bootstrap runs
    band = roc_confidence_band(y_true, y_score, confidence_level=confidence_level,
                               n_resamples=n_resamples, random_state=random_state,
                               pos_label=pos_label, sample_weight=sample_weight,
                               progress=progress)
    n_before = 0 if ax is None else len(ax.lines)
    ax = plot_roc(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight, name=name,
                  ax=ax, **kwargs)
    color = ax.lines[n_before].get_color()  # the curve just drawn
    ax.fill_between(1 - band.specificity, band.low, band.high, color=color, alpha=0.2,
                    linewidth=0, zorder=2, gid="confidence band",
                    label=(f"{percent_text(confidence_level)} bootstrap band "
                           f"({n_resamples} replicates)"))
    ax.legend(loc="lower right", fontsize="small")
    return ax


def plot_precision_recall(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    drop_intermediate: bool = False,
    name: str | None = None,
    ax: Axes | None = None,
    **kwargs: Any,
) -> Axes:
    """Plot the precision–recall curve with the prevalence baseline; AP in the legend.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight, name, ax
        As in :func:`plot_roc` (a dict of scores, or a DataFrame, draws one curve per
        model; ``pos_label`` as in :func:`rankscore.precision_recall_curve`).
    drop_intermediate : bool, default False
        Passed to :func:`rankscore.precision_recall_curve`.
    **kwargs
        matplotlib line properties for the curve(s), as in :func:`plot_roc`.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.precision_recall_curve, rankscore.average_precision_score
    PrecisionRecallDisplay : The same curve as scikit-learn's display.

    Notes
    -----
    The curve is drawn as steps (``drawstyle="steps-post"``, as scikit-learn's
    ``PrecisionRecallDisplay``): the area under the steps is the average precision
    ``AP = sum_n (R_n - R_{n-1}) P_n`` shown in the legend. A model that ranks at random has
    precision equal to the prevalence (share of positives) at every recall: the dashed line.

    Examples
    --------
    >>> from rankscore.plot import plot_precision_recall
    >>> ax = plot_precision_recall([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['AP = 0.8667', 'prevalence = 0.5000']
    """
    check_ax_given(ax)
    summaries, style, _ = model_curves(
        "plot_precision_recall", y_true, y_score, name, pos_label, sample_weight, kwargs,
        "a precision–recall curve", {**CURVE, "drawstyle": "steps-post"})
    computed = [
        (model, summary.precision_recall_curve(drop_intermediate=drop_intermediate)[:2],
         summary.average_precision())
        for model, summary in summaries
    ]
    ax = target_axes(ax, square=True)
    prevalence = summaries[0][1].prevalence()
    for model, (precision, recall), ap in computed:
        ax.plot(recall, precision, **labelled(style, legend_label(model, f"AP = {ap:.4f}")))
    reference_line(ax, None, prevalence, f"prevalence = {prevalence:.4f}", hline=True)
    return unit_square(ax, "recall (TPR)", "precision", "precision–recall curve", "lower left")


def plot_ks(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Axes | None = None,
    **kwargs: Any,
) -> Axes:
    """Plot the empirical CDFs of the negatives' and the positives' scores and the KS gap.

    Parameters
    ----------
    y_true, pos_label, sample_weight, name, ax
        As in :func:`plot_roc`.
    y_score : array-like of shape (n_samples,) or dict of str to array-like
        Scores; a dict draws one pair of CDFs per model (negatives solid, positives dashed,
        one colour per model; the legend has one entry per model, with its KS, and one
        per line style).
    **kwargs
        matplotlib line properties for both CDF lines of a model (``color``, ``linewidth``
        …). When the two lines share a colour (several models, or ``color=``), the
        positives' line is dashed and a ``linestyle`` applies to the negatives' line; a
        ``label`` replaces the model name in front of the two lines' legend entries.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.curves.ks_curve, rankscore.ks_statistic

    Notes
    -----
    ``F-(t)`` and ``F+(t)`` are the fractions of negatives and positives with score
    ``<= t`` (step functions, right-continuous), drawn from 0 at the smallest score; the
    line data after that first point are :func:`rankscore.curves.ks_curve`'s arrays.
    ``KS = max_t |F-(t) - F+(t)|``; the vertical segment marks it at the threshold
    :func:`rankscore.ks_statistic` reports.

    Examples
    --------
    >>> from rankscore.plot import plot_ks
    >>> ax = plot_ks([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> [t.get_text() for t in ax.get_legend().get_texts()][-1]
    'KS = 0.6667 at t = 0.52'
    """
    check_ax_given(ax)
    summaries, style, _ = model_curves("plot_ks", y_true, y_score, name, pos_label,
                                       sample_weight, kwargs, "the KS statistic")
    if "label" in style:  # one model: the label names it
        summaries = [(str(style.pop("label")), summaries[0][1])]
    computed = [(model, summary.ks_curve(), summary.ks_statistic())
                for model, summary in summaries]
    ax = target_axes(ax)
    several = len(summaries) > 1
    shared_color = several or style.get("color") is not None
    for model, curve, (statistic, threshold) in computed:
        thresholds, cdf_negative, cdf_positive = (np.asarray(a, dtype=np.float64) for a in curve)
        prefix = f"{model}: " if model else ""
        # both CDFs are 0 left of the smallest score: start the steps there
        x = np.concatenate((thresholds[:1], thresholds))
        gid = "cdf" if several else None
        (negatives,) = ax.plot(
            x, np.concatenate(([0.0], cdf_negative)),
            **{"drawstyle": "steps-post", **style, "label": f"{prefix}negatives F−(t)", "gid": gid},
        )
        color = negatives.get_color()
        positives_style = {"drawstyle": "steps-post", **style}
        if shared_color:  # the same colour: dashed tells the positives apart
            positives_style.update(color=color, linestyle="--")
        ax.plot(
            x, np.concatenate(([0.0], cdf_positive)),
            **positives_style, label=f"{prefix}positives F+(t)", gid=gid,
        )
        at = np.flatnonzero(thresholds == threshold)
        i = int(at[0]) if at.size else int(np.argmax(np.abs(cdf_negative - cdf_positive)))
        ax.plot(
            [thresholds[i], thresholds[i]], [cdf_positive[i], cdf_negative[i]],
            color=color if several else "k", linewidth=1.5, marker="_",
            markersize=10, zorder=4, gid="ks",
            label=f"{prefix}KS = {float(statistic):.4f} at t = {float(threshold):.4g}",
        )
    ax.set_ylim(-0.01, 1.01)
    ax.set_xlabel("score threshold t")
    ax.set_ylabel("fraction with score ≤ t")
    ax.set_title("Kolmogorov–Smirnov: score CDFs by class")
    ax.grid(True, alpha=0.3)
    handles, labels = ax.get_legend_handles_labels()
    if several:  # one entry per model (its KS, in its colour), one per line style
        from matplotlib.lines import Line2D

        kept = [(h, t) for h, t in zip(handles, labels) if h.get_gid() != "cdf"]
        handles = [h for h, _ in kept] + [
            Line2D([], [], color="0.3", linewidth=2),
            Line2D([], [], color="0.3", linewidth=2, linestyle="--"),
        ]
        labels = [t for _, t in kept] + ["negatives F−(t)", "positives F+(t)"]
    ax.legend(handles, labels, loc="lower right", fontsize="small")
    return ax
