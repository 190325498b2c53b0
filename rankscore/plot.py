"""Figures of rankings and of every curve rankscore computes (needs matplotlib).

``pip install rankscore[plot]`` installs matplotlib. ``import rankscore`` never imports this
module or matplotlib; ``import rankscore.plot`` does not import matplotlib either — the first
plot call does, and raises an ``ImportError`` naming the extra when it is missing.

Every function draws on the ``ax=`` it is given (or on a new figure from
``matplotlib.pyplot.subplots``), returns the Axes, never calls ``show()`` and never chooses a
backend, so it works in notebooks, scripts and on headless servers alike. The plotted data
are exactly what rankscore's own functions return (``roc_curve``, ``ks_curve``,
``cumulative_gain_curve`` …), so a figure never disagrees with the numbers.

The curve plots take ``y_score`` either as one array or as a dict ``name -> scores`` (or a
pandas DataFrame, one model per column): several models against the same ``y_true`` on one
figure, one legend entry per model with its AUC / Gini / KS / average precision. They pass
``pos_label`` and ``sample_weight`` through. Every input (``ax`` too) is checked before
anything is drawn, so a failed call leaves no blank figure and no half-drawn Axes; a
``y_true`` with one class only is a ``ValueError`` (every curve is undefined then).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Union

import numpy as np
from numpy.typing import ArrayLike

from . import gains
from ._engine.validate import check_positive_int, quoted, shorten
from .rankings import (MAX_MASK_P, Ranking, _chars, _exact_m, count_rankings,
                       enumerate_rankings, rk)
from .summary import ScoreSummary
from .uncertainty import roc_confidence_band

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "plot_ranking",
    "plot_score_landscape",
    "plot_roc",
    "plot_roc_confidence_band",
    "plot_precision_recall",
    "plot_ks",
    "plot_cumulative_gain",
    "plot_lift",
    "plot_roc_vs_captured_response",
    "plot_report_panel",
]

Scores = Union[ArrayLike, Mapping[str, ArrayLike]]

INSTALL_HINT = "rankscore.plot needs matplotlib; install it with: pip install rankscore[plot]"

# Grey reference lines (chance, ideal, baselines) stay behind the model curves.
_REFERENCE = dict(color="0.45", linestyle="--", linewidth=1.0, zorder=1)
_IDEAL = dict(color="0.45", linestyle=":", linewidth=1.3, zorder=1)
# Rankings longer than this are abbreviated in plot_ranking's title.
_TITLE_MAX_CHARS = 40
# plot_score_landscape enumerates every ranking of every p it shows; beyond this many in
# all (about a second and 640 MB for the largest p) it refuses before enumerating any.
_LANDSCAPE_MAX_RANKINGS = 20_000_000
# At most this many points per p in the score landscape (evenly spaced in score order,
# min and max always kept); beyond it the markers would only hide each other.
_LANDSCAPE_MAX_POINTS = 2000


# --------------------------------------------------------------------------------------
# matplotlib, imported on first use
# --------------------------------------------------------------------------------------
def _require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc


def _pyplot():
    _require_matplotlib()
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    return plt


def _check_axes(ax: Any) -> None:
    """``ax`` must be a matplotlib Axes (a Figure, a string, an array of Axes are not)."""
    _require_matplotlib()
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes, got {_describe(ax)}")


def _axes_group(ax: Any, n: int, what: str) -> list:
    """The ``n`` Axes in ``ax`` (any nesting, e.g. ``fig.subplots(2, 2)``), checked."""
    _require_matplotlib()
    from matplotlib.axes import Axes

    items = None
    if not isinstance(ax, (Axes, str, bytes)) and np.iterable(ax):
        items = list(np.asarray(ax, dtype=object).ravel())
    if items is None or len(items) != n or not all(isinstance(a, Axes) for a in items):
        raise TypeError(f"ax must be {what}, got {_describe(ax)}")
    return items


def _describe(value: Any) -> str:
    if isinstance(value, (str, bytes)) or not np.iterable(value):
        return type(value).__name__
    return f"{type(value).__name__} of {len(np.asarray(value, dtype=object).ravel())} items"


def _check_ax_given(ax: Any) -> None:
    """Check ``ax`` up front (before any input is read or anything is drawn)."""
    _require_matplotlib()
    if ax is not None:
        _check_axes(ax)


def _axes(ax: Axes | None, square: bool = False) -> Axes:
    """The Axes to draw on: ``ax`` itself (checked), or one on a new pyplot figure."""
    _require_matplotlib()
    if ax is not None:
        _check_axes(ax)
    if ax is None:
        figsize = (5.6, 5.2) if square else None  # unit-square curves: no wasted margins
        _, ax = _pyplot().subplots(figsize=figsize, layout="constrained")
    return ax


def _headless_figure(nrows: int = 1, ncols: int = 1, figsize=(6.4, 4.8)) -> tuple[Figure, Any]:
    """A Figure with its own Agg canvas: no pyplot, no global backend (for the CLI)."""
    _require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(nrows, ncols, squeeze=False)
    return fig, axes


# --------------------------------------------------------------------------------------
# shared pieces
# --------------------------------------------------------------------------------------
def _models(y_score: Scores, name: str | None) -> list[tuple[str | None, Any]]:
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


def _reference(ax: Axes, x, y, label: str, style=_REFERENCE, hline: bool = False) -> None:
    """A grey reference line, drawn once per Axes (plotting again on ``ax=`` reuses it).

    ``hline=True``: ``y`` is a constant spanning the Axes' width, as ``axhline``.
    """
    if any(line.get_label() == label for line in ax.lines):
        return
    if hline:
        ax.plot([0, 1], [y, y], transform=ax.get_yaxis_transform(), **style, label=label)
    else:
        ax.plot(x, y, **style, label=label)


def _label(name: str | None, stats: str) -> str:
    return f"{name} ({stats})" if name else stats


def _unit_square(ax: Axes, xlabel: str, ylabel: str) -> None:
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(-0.01, 1.01)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)


def _summaries(y_true, models, pos_label, sample_weight) -> list[tuple[str | None, ScoreSummary]]:
    """One :class:`ScoreSummary` per model: every curve and legend number is a view of it."""
    return [(model, ScoreSummary.from_arrays(y_true, scores, pos_label=pos_label,
                                             sample_weight=sample_weight))
            for model, scores in models]


def _prior(y_true, pos_label, sample_weight, what: str) -> float:
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


# --------------------------------------------------------------------------------------
# rankings: list position against ranking position
# --------------------------------------------------------------------------------------
def _as_ranking(r: Any) -> Ranking:
    return rk(r)


def _integer_ticks(axis) -> None:
    from matplotlib.ticker import MaxNLocator

    # min_n_ticks=1: an axis spanning one integer (k = 1, p = 1) gets that one tick instead
    # of MaxNLocator's fallback to fractional ticks 0.5, 0.6, ... 1.5
    axis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))


def _function_name(fun: Callable) -> str:
    name = getattr(fun, "__name__", "")
    return name if name and name != "<lambda>" else "f(r)"


def _ranking_title(ranking: Ranking) -> str:
    """``ranking: [x-x-x-xx] (p = 8, k = 5)``, the string abbreviated to fit a figure.

    Up to ``p = 40`` the whole string; beyond, its first 24 and last 12 characters around
    an ellipsis (``repr``'s 81 characters ran off a default-size figure).
    """
    p = ranking.p
    if p <= _TITLE_MAX_CHARS:
        text = ranking.to_string()
    else:
        positions = ranking.positions
        text = _chars(positions, 1, 24) + "…" + _chars(positions, p - 11, p)
    return f"ranking: [{text}] (p = {p}, k = {ranking.k})"


def _least_squares(positions: list[int]) -> tuple[Fraction, Fraction]:
    """Exact slope and intercept of the least-squares line through ``(i, positions[i-1])``.

    Integer sums, so a perfect ranking gives ``y = 1·x + 0`` exactly (``numpy.polyfit``
    left rounding noise such as ``- 1.07e-15`` in the legend).
    """
    k = len(positions)
    sum_x, sum_xx = k * (k + 1) // 2, k * (k + 1) * (2 * k + 1) // 6
    sum_y = sum(positions)
    sum_xy = sum(i * y for i, y in enumerate(positions, start=1))
    denominator = k * sum_xx - sum_x * sum_x  # k^2 (k^2 - 1) / 12 > 0 for k >= 2
    slope = Fraction(k * sum_xy - sum_x * sum_y, denominator)
    intercept = Fraction(sum_y * sum_xx - sum_x * sum_xy, denominator)
    return slope, intercept


def plot_ranking(
    r: Ranking | str | Sequence[int],
    line: bool = True,
    fun: Callable[[Ranking], Any] | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Plot one ranking: list position against ranking position.

    Read more in :ref:`Definitions: the table and plot of one ranking <def-ranking-table>`.

    The i-th list element met reading the ranking left to right is drawn at
    ``(i, position)``; a perfect ranking lies on the diagonal ``y = x``, and every ``-``
    before a list element lifts it above. By default the least-squares line through the
    points is drawn too. The title is the ranking with ``p`` and ``k``; past ``p = 40``
    its string is abbreviated (first 24 and last 12 characters) so that it fits.

    Parameters
    ----------
    r : Ranking, str or sequence of int
        The ranking: a ``Ranking``, a string such as ``"x-x-x-xx"`` (or the ●/○ form), or
        the 1-based positions of the list elements.
    line : bool, default True
        Draw the least-squares regression line (needs ``k >= 2``).
    fun : callable, optional
        A function of the ranking (e.g. ``lambda r: r.correlation()``); its value is added
        to the title as ``name = value`` (``f(r) = value`` for a lambda).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.Ranking.table : the plotted pairs as a table.
    rankscore.Ranking.plot : the same, as a method.

    Notes
    -----
    The regression line is ``y = a x + b`` with ``a, b`` minimising
    ``sum (position_i - a i - b)^2``, computed exactly from integer sums.

    Examples
    --------
    >>> from rankscore.plot import plot_ranking
    >>> ax = plot_ranking("x-x-x-xx")
    >>> ax.lines[0].get_ydata().tolist()
    [1, 3, 5, 7, 8]
    >>> ax.get_title()
    'ranking: [x-x-x-xx] (p = 8, k = 5)'
    """
    _check_ax_given(ax)
    ranking = _as_ranking(r)
    k, p = ranking.k, ranking.p
    x, y = ranking.table().T  # (list position, ranking position)
    title = _ranking_title(ranking)
    if fun is not None:
        value = fun(ranking)
        shown = f"{value:.4f}" if isinstance(value, (float, np.floating)) else f"{value}"
        title += f"\n{_function_name(fun)} = {shown}"
    ax = _axes(ax)
    ax.plot(
        x, y, linestyle="none", marker="o", markersize=7, color="C0", label="list elements",
        zorder=3,
    )
    y_low, y_high = 0.5, p + 0.5
    if line and k >= 2:
        slope, intercept = _least_squares(y.tolist())
        xs = np.array([1.0, float(k)])
        ys = np.array([float(slope + intercept), float(slope * k + intercept)])
        slope, intercept = float(slope), float(intercept)
        sign = "+" if intercept >= 0 else "−"
        ax.plot(
            xs, ys, color="C1", linewidth=1.5, zorder=2,
            label=f"least squares: y = {slope:.3g}·x {sign} {abs(intercept):.3g}",
        )
        y_low, y_high = min(y_low, ys.min() - 0.3), max(y_high, ys.max() + 0.3)
    _reference(ax, [1, k], [1, k], "perfect ranking (y = x)", _IDEAL)
    ax.set_title(title)
    ax.set_xlabel("list position")
    ax.set_ylabel("ranking position")
    ax.set_xlim(0.5, k + 0.5)
    ax.set_ylim(y_low, y_high)
    _integer_ticks(ax.xaxis)
    _integer_ticks(ax.yaxis)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    return ax


def plot_score_landscape(
    k: int, p_range: Sequence[int] | range, m: float = 10, ax: Axes | None = None
) -> Axes:
    """Scores of every ranking with ``k`` list elements, for each length ``p`` in ``p_range``.

    Each ranking is one short horizontal tick at ``(p, s(r))`` over a bar spanning the
    smallest to the largest score of that ``p``. Scores fall as ``p`` grows; where the
    ranges of neighbouring ``p`` overlap (a longer ranking with its gaps late beats a
    shorter one with its gaps early) the overlap is shaded between the two bars. Smaller
    ``m`` widens each ``p``'s range and the overlap.

    Parameters
    ----------
    k : int
        Number of list elements (``k >= 1``).
    p_range : sequence of int
        Ranking lengths to show (each ``>= k`` and ``<= 62``), e.g. ``range(5, 13)``.
    m : float, Fraction or str, default 10
        The score's parameter (``m > 2``, :ref:`def-ranking-score`); exact forms such as
        ``"21/2"`` as in :func:`rankscore.ranking_score`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    ``s(r) = k/p + (2/m) * soma / (p (p - 1))``. When a ``p`` has more than 2000 rankings,
    2000 of its scores are drawn, evenly spaced in score order (minimum and maximum
    included); the bar always spans the full range. Every ranking is enumerated, so more
    than 20 million in all (``sum of C(p - 1, k - 1)``) is refused with a ``ValueError``
    before any is.

    Examples
    --------
    >>> from rankscore.plot import plot_score_landscape
    >>> ax = plot_score_landscape(3, range(3, 7), m=3)
    >>> [round(float(s), 4) for s in ax.lines[1].get_ydata()]  # p = 4: -xxx, x-xx, xx-x
    [0.8056, 0.8611, 0.9167]
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ["one ranking's score", 'overlap of neighbouring p', 'range of one p']
    """
    _require_matplotlib()
    k = check_positive_int(k, "k")
    m = _exact_m(m)  # as every score function: 10, 3.5, "21/2", Fraction(21, 2)
    if isinstance(p_range, (str, bytes)) or np.isscalar(p_range):
        raise TypeError(f"p_range must be a sequence of ranking lengths, got {quoted(p_range)}")
    ps = []
    for value in p_range:  # stops at the first bad p, so range(1, 10**12) fails at once
        p = check_positive_int(value, "p")
        if p < k:
            raise ValueError(f"p_range holds p = {p} < k = {k}; a ranking has p >= k")
        if p > MAX_MASK_P:
            raise ValueError(
                f"p_range holds p = {p}; plot_score_landscape draws p up to {MAX_MASK_P} "
                "(every ranking is enumerated, as a 64-bit mask)"
            )
        ps.append(p)
    if not ps:
        raise ValueError("p_range is empty; give at least one ranking length p")
    _check_ax_given(ax)
    ps = sorted(set(ps))
    total = sum(count_rankings(p, k) for p in ps)  # exact ints: C(p - 1, k - 1) each
    if total > _LANDSCAPE_MAX_RANKINGS:
        lengths = f"p = {ps[0]}" if len(ps) == 1 else f"p = {ps[0]}..{ps[-1]}"
        raise ValueError(
            f"plot_score_landscape would enumerate {total:,} rankings (k = {k}, {lengths}); "
            f"it draws at most {_LANDSCAPE_MAX_RANKINGS:,}: choose fewer or shorter p, or "
            "another k"
        )
    half = 0.3  # half-width of a p's bar
    ranges, shown = {}, {}
    for p in ps:
        scores = np.sort(np.asarray(enumerate_rankings(p, k, m=m).scores, dtype=np.float64))
        ranges[p] = (scores[0], scores[-1])
        if scores.size > _LANDSCAPE_MAX_POINTS:
            keep = np.linspace(0, scores.size - 1, _LANDSCAPE_MAX_POINTS).round().astype(int)
            scores = scores[np.unique(keep)]
        shown[p] = scores
    ax = _axes(ax)
    for i, p in enumerate(ps):
        scores = shown[p]
        ax.bar(
            p, scores[-1] - scores[0], bottom=scores[0], width=2 * half, color="C0",
            alpha=0.15, zorder=1, label="range of one p" if i == 0 else "_nolegend_",
        )
        ax.plot(
            np.full(scores.size, p), scores, linestyle="none", marker="_", markersize=12,
            markeredgewidth=1.2, color="C0", zorder=3,
            alpha=min(1.0, max(0.15, 15.0 / scores.size)),  # dense p: shading shows density
            label="one ranking's score" if i == 0 else "_nolegend_",
        )
    overlap_label = "overlap of neighbouring p"
    for p, q in zip(ps, ps[1:]):
        low, high = ranges[p][0], ranges[q][1]  # p's worst vs. the longer q's best
        if q == p + 1 and high > low:
            ax.fill_between(
                [p - half, q + half], low, high, color="C3", alpha=0.2, zorder=2,
                linewidth=0, label=overlap_label,
            )
            overlap_label = "_nolegend_"
    ax.set_title(f"scores of all rankings with k = {k} (m = {_m_text(m)})")
    ax.set_xlabel("ranking length p")
    ax.set_ylabel("score s(r)")
    ax.set_xlim(ps[0] - 0.7, ps[-1] + 0.7)
    bottom = min(low for low, _ in ranges.values())
    top = max(high for _, high in ranges.values())
    pad = 0.04 * max(top - bottom, 0.05)
    ax.set_ylim(bottom - pad, top + pad)
    _integer_ticks(ax.xaxis)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper right", fontsize="small")
    return ax


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

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.roc_curve, rankscore.roc_auc_score, plot_roc_vs_captured_response

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
    _check_ax_given(ax)
    models = _models(y_score, name)
    _prior(y_true, pos_label, sample_weight, "a ROC curve")
    computed = [
        (model, summary.roc_curve(drop_intermediate=drop_intermediate), summary.roc_auc(),
         summary.ks_statistic() if ks else None)
        for model, summary in _summaries(y_true, models, pos_label, sample_weight)
    ]
    ax = _axes(ax, square=True)
    for model, (fpr, tpr, thresholds), auc, ks_result in computed:
        stats = f"AUC = {auc:.4f}"
        if ks:
            stats += f", KS = {ks_result.statistic:.4f}"
            # the KS is reached predicting positive for score > its threshold: the last
            # point whose threshold is above it (a corner of the curve, never dropped)
            i = int(np.searchsorted(-thresholds, -ks_result.threshold, "left")) - 1
        (curve,) = ax.plot(fpr, tpr, linewidth=2, zorder=3, label=_label(model, stats))
        if ks:
            ax.plot(
                [fpr[i], fpr[i]], [fpr[i], tpr[i]], color=curve.get_color(), linestyle="-",
                linewidth=1.2, marker="o", markersize=4, zorder=4, label="_nolegend_",
                gid="ks",
            )
    _reference(ax, [0, 1], [0, 1], "chance (AUC = 0.5)")
    _unit_square(ax, "false positive rate (FPR)", "true positive rate (TPR)")
    ax.set_title("ROC curve")
    ax.legend(loc="lower right", fontsize="small")
    return ax


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
    _check_ax_given(ax)
    band = roc_confidence_band(y_true, y_score, confidence_level=confidence_level,
                               n_resamples=n_resamples, random_state=random_state,
                               pos_label=pos_label, sample_weight=sample_weight)
    ax = plot_roc(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight, name=name,
                  ax=ax)
    color = ax.lines[0].get_color() if ax.lines else None
    ax.fill_between(1 - band.specificity, band.low, band.high, color=color, alpha=0.2,
                    linewidth=0, zorder=2, gid="confidence band",
                    label=f"{confidence_level:.0%} bootstrap band ({n_resamples} replicates)")
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
) -> Axes:
    """Plot the precision–recall curve with the prevalence baseline; AP in the legend.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,) or dict of str to array-like
        Scores; a dict (or DataFrame) draws one curve per model.
    pos_label : int, float, bool or str, optional
        The positive class, as in :func:`rankscore.precision_recall_curve`.
    sample_weight : array-like of shape (n_samples,), optional
        Sample weights.
    drop_intermediate : bool, default False
        Passed to :func:`rankscore.precision_recall_curve`.
    name : str, optional
        Legend name of a single model.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.precision_recall_curve, rankscore.average_precision_score

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
    _check_ax_given(ax)
    models = _models(y_score, name)
    _prior(y_true, pos_label, sample_weight, "a precision–recall curve")
    computed = [
        (model, summary.precision_recall_curve(drop_intermediate=drop_intermediate)[:2],
         summary.average_precision(), summary.prevalence())
        for model, summary in _summaries(y_true, models, pos_label, sample_weight)
    ]
    ax = _axes(ax, square=True)
    prevalence = computed[0][3]
    for model, (precision, recall), ap, _ in computed:
        ax.plot(
            recall, precision, drawstyle="steps-post", linewidth=2, zorder=3,
            label=_label(model, f"AP = {ap:.4f}"),
        )
    _reference(ax, None, prevalence, f"prevalence = {prevalence:.4f}", hline=True)
    _unit_square(ax, "recall (TPR)", "precision")
    ax.set_title("precision–recall curve")
    ax.legend(loc="lower left", fontsize="small")
    return ax


def plot_ks(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Plot the empirical CDFs of the negatives' and the positives' scores and the KS gap.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,) or dict of str to array-like
        Scores; a dict draws one pair of CDFs per model (negatives solid, positives dashed,
        one colour per model; the legend has one entry per model, with its KS, and one
        per line style).
    pos_label : int, float, bool or str, optional
        The positive class.
    sample_weight : array-like of shape (n_samples,), optional
        Sample weights.
    name : str, optional
        Legend name of a single model.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

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
    _check_ax_given(ax)
    models = _models(y_score, name)
    _prior(y_true, pos_label, sample_weight, "the KS statistic")
    computed = [(model, summary.ks_curve(), summary.ks_statistic())
                for model, summary in _summaries(y_true, models, pos_label, sample_weight)]
    ax = _axes(ax)
    several = len(models) > 1
    for model, curve, (statistic, threshold) in computed:
        thresholds, cdf_negative, cdf_positive = (np.asarray(a, dtype=np.float64) for a in curve)
        prefix = f"{model}: " if model else ""
        # both CDFs are 0 left of the smallest score: start the steps there
        x = np.concatenate((thresholds[:1], thresholds))
        (negatives,) = ax.plot(
            x, np.concatenate(([0.0], cdf_negative)), drawstyle="steps-post", linewidth=2,
            zorder=3, label=f"{prefix}negatives F−(t)", gid="cdf" if several else None,
        )
        color = negatives.get_color()
        ax.plot(
            x, np.concatenate(([0.0], cdf_positive)), drawstyle="steps-post", linewidth=2,
            zorder=3, color=color if several else None, linestyle="--" if several else "-",
            label=f"{prefix}positives F+(t)", gid="cdf" if several else None,
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


def _gain_reference_lines(ax: Axes, prior: float) -> None:
    _reference(ax, [0, 1], [0, 1], "random")
    _reference(ax, [0, prior, 1], [0, 1, 1], f"ideal (prevalence = {prior:.4f})", _IDEAL)


def plot_cumulative_gain(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Plot the cumulative gain (captured response) curve with the random and ideal lines.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,) or dict of str to array-like
        Scores; a dict (or DataFrame) draws one curve per model.
    pos_label : int, float, bool or str, optional
        The positive class.
    sample_weight : array-like of shape (n_samples,), optional
        Sample weights.
    name : str, optional
        Legend name of a single model.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.gains.cumulative_gain_curve, plot_lift, plot_roc_vs_captured_response

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
    _check_ax_given(ax)
    models = _models(y_score, name)
    prior = _prior(y_true, pos_label, sample_weight, "a cumulative gain curve")
    computed = [(model, *summary.cumulative_gain_curve()[:2], summary.gini())
                for model, summary in _summaries(y_true, models, pos_label, sample_weight)]
    ax = _axes(ax, square=True)
    for model, x, y, gini in computed:
        ax.plot(x, y, linewidth=2, zorder=3, label=_label(model, f"Gini = {gini:.4f}"))
    _gain_reference_lines(ax, prior)
    _unit_square(ax, "fraction of population targeted", "fraction of positives captured")
    ax.set_title("cumulative gain (captured response)")
    ax.legend(loc="lower right", fontsize="small")
    return ax


def plot_lift(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Plot the cumulative lift curve with the baseline lift 1 of random targeting.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,) or dict of str to array-like
        Scores; a dict (or DataFrame) draws one curve per model.
    pos_label : int, float, bool or str, optional
        The positive class.
    sample_weight : array-like of shape (n_samples,), optional
        Sample weights.
    name : str, optional
        Legend name of a single model.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankscore.gains.lift_curve, plot_cumulative_gain

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
    _check_ax_given(ax)
    models = _models(y_score, name)
    prior = _prior(y_true, pos_label, sample_weight, "a lift curve")
    computed = [(model, *summary.lift_curve()[:2], summary.lift_at(0.1))
                for model, summary in _summaries(y_true, models, pos_label, sample_weight)]
    ax = _axes(ax)
    for model, x, lift, top_decile in computed:
        ax.plot(
            x, lift, linewidth=2, zorder=3, marker="o" if x.size <= 50 else None,
            markersize=3, label=_label(model, f"lift at 10 % = {top_decile:.3g}"),
        )
    ideal_x = np.concatenate(([prior], np.linspace(prior, 1.0, 200)))
    ideal_x[0] = 0.0
    ideal = f"ideal (1 / prevalence = {1.0 / prior:.3g})"
    _reference(ax, ideal_x, 1.0 / np.maximum(ideal_x, prior), ideal, _IDEAL)
    _reference(ax, None, 1.0, "random (lift = 1)", hline=True)
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
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,) or dict of str to array-like
        Scores; a dict draws one curve per model on each side.
    pos_label : int, float, bool or str, optional
        The positive class.
    sample_weight : array-like of shape (n_samples,), optional
        Sample weights.
    name : str, optional
        Legend name of a single model.
    ax : pair of matplotlib Axes, optional
        Where to draw (left: ROC, right: captured response); a new 1×2 figure when omitted.

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
    _require_matplotlib()
    if ax is not None:
        ax = _axes_group(ax, 2, "a pair of matplotlib Axes (ROC, captured response)")
    models = _models(y_score, name)
    prior = _prior(y_true, pos_label, sample_weight, "a ROC or captured-response curve")
    computed = []
    for model, summary in _summaries(y_true, models, pos_label, sample_weight):
        fpr, tpr, _ = summary.roc_curve()
        x, y = gains.roc_to_captured_response(fpr, tpr, prior)
        gini_cr = gains.captured_response_gini(x, y, prior)  # measured on the right curve
        computed.append((model, fpr, tpr, x, y, summary.gini(), gini_cr))
    if ax is None:
        _, ax = _pyplot().subplots(1, 2, figsize=(11, 5), layout="constrained")
    ax_roc, ax_cr = ax
    for model, fpr, tpr, x, y, gini_roc, gini_cr in computed:
        (line,) = ax_roc.plot(
            fpr, tpr, linewidth=2, zorder=3, label=_label(model, f"Gini = {gini_roc:.4f}")
        )
        ax_cr.plot(
            x, y, linewidth=2, zorder=3, color=line.get_color(),
            label=_label(model, f"Gini = {gini_cr:.4f}"),
        )
        if len(models) == 1:
            ax_roc.fill_between(fpr, fpr, tpr, color=line.get_color(), alpha=0.15, zorder=2)
            ax_cr.fill_between(x, x, y, color=line.get_color(), alpha=0.15, zorder=2)
    _reference(ax_roc, [0, 1], [0, 1], "chance")
    _unit_square(ax_roc, "false positive rate (FPR)", "true positive rate (TPR)")
    ax_roc.set_title("ROC curve")
    ax_roc.legend(loc="lower right", fontsize="small")
    _gain_reference_lines(ax_cr, prior)
    _unit_square(ax_cr, "fraction of population targeted", "fraction of positives captured")
    ax_cr.set_title("captured response")
    ax_cr.legend(loc="lower right", fontsize="small")
    return ax_roc, ax_cr


def plot_report_panel(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Any = None,
) -> np.ndarray:
    """A 2×2 panel: ROC (with the KS point), precision–recall, KS CDFs, cumulative gain.

    This is the figure ``rankscore report --plot FILE.png`` writes.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight, name
        As in :func:`plot_roc`.
    ax : 2×2 array of matplotlib Axes, optional
        Where to draw (e.g. ``fig.subplots(2, 2)``; any four Axes, in reading order); a new
        10×9-inch figure when omitted.

    Returns
    -------
    numpy.ndarray of shape (2, 2)
        The four Axes.

    Examples
    --------
    >>> from rankscore.plot import plot_report_panel
    >>> axes = plot_report_panel([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> [a.get_title() for a in axes.ravel()][:2]
    ['ROC curve', 'precision–recall curve']
    """
    _require_matplotlib()
    new_figure = None
    if ax is None:
        new_figure, ax = _pyplot().subplots(2, 2, figsize=(10, 9), layout="constrained")
    axes = np.empty(4, dtype=object)
    axes[:] = _axes_group(ax, 4, "a 2×2 array of matplotlib Axes (e.g. fig.subplots(2, 2))")
    axes = axes.reshape(2, 2)
    common = dict(pos_label=pos_label, sample_weight=sample_weight, name=name)
    try:
        # the ROC call checks every input before anything is drawn
        plot_roc(y_true, y_score, ks=True, ax=axes[0, 0], **common)
        plot_precision_recall(y_true, y_score, ax=axes[0, 1], **common)
        plot_ks(y_true, y_score, ax=axes[1, 0], **common)
        plot_cumulative_gain(y_true, y_score, ax=axes[1, 1], **common)
    except BaseException:
        if new_figure is not None:  # no half-drawn (or blank) figure left in pyplot
            _pyplot().close(new_figure)
        raise
    return axes


# --------------------------------------------------------------------------------------
# command line helpers: a headless Figure with its own Agg canvas, written to a file
# --------------------------------------------------------------------------------------
def _image_format(path: str) -> str:
    """The image format named by ``path``'s extension (``"png"`` for ``a/ranking.PNG``).

    Checked before drawing. ``savefig`` would append ``.png`` to a name without one, so
    ``-o ranking`` (or a folder, or ``''``) wrote another file than the one named.
    """
    from matplotlib.backend_bases import FigureCanvasBase

    if not path:
        raise ValueError("the image file name is empty")
    if os.path.isdir(path):
        example = os.path.join(path, "figure.png")
        raise ValueError(f"{path!r} is a directory; give a file name such as {example}")
    supported = FigureCanvasBase.get_supported_filetypes()
    choices = ", ".join("." + name for name in sorted(supported))
    extension = os.path.splitext(path)[1][1:].lower()
    if not extension:
        raise ValueError(
            f"cannot tell the image format of {path!r}: give the file an extension ({choices})"
        )
    if extension not in supported:
        raise ValueError(
            f"image format {quoted(extension)} of {path!r} is not supported; use one of {choices}"
        )
    return extension


def _m_text(m: Any) -> str:
    """An exact ``m`` for a title: ``10``, ``3.5``, or its first digits when beyond float64."""
    m = _exact_m(m)
    try:
        return f"{float(m):g}"
    except OverflowError:  # 1e309: more than float64 holds
        return shorten(str(m), 12)


def _save_ranking_plot(ranking: Any, path: str, *, m: Any = 10, line: bool = True) -> None:
    """``rankscore plot RANKING -o PATH``: the ranking plot with ``s(r)`` in the title."""
    _require_matplotlib()
    image_format = _image_format(path)
    m = _exact_m(m)  # 10, 3.5, "21/2" as every score function
    r = _as_ranking(ranking)
    fig, axes = _headless_figure()
    ax = plot_ranking(r, line=line, ax=axes[0, 0])
    ax.set_title(f"{ax.get_title()}\ns(r) = {r.score(m):.4f} (m = {_m_text(m)})")
    fig.savefig(path, dpi=150, format=image_format)


def _save_report_panel(
    y_true, y_score, path: str, *, pos_label: Any = None, title: str | None = None
) -> None:
    """``rankscore report ... --plot PATH``: the 2×2 panel of :func:`plot_report_panel`."""
    _require_matplotlib()
    image_format = _image_format(path)
    fig, axes = _headless_figure(2, 2, figsize=(10, 9.4))
    plot_report_panel(y_true, y_score, pos_label=pos_label, ax=axes)
    if title:
        fig.suptitle(title)
    fig.savefig(path, dpi=120, format=image_format)
