"""Figures of rankings: one ranking (list position against ranking position), the scores of
every ranking of a ``k`` over a range of lengths ``p``, and the ranking figure that
``rankscore plot`` writes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from .._engine.validate import check_positive_int, quoted
from .._figures import (check_ax_given, headless_figure, image_format, integer_ticks,
                        line_style, require_matplotlib, target_axes)
from ..rankings import Ranking, count_rankings, enumerate_rankings, rk
from ..rankings.figure import draw_ranking
from ..rankings.positions import MAX_MASK_P, exact_m

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes

__all__ = ["plot_ranking", "plot_score_landscape"]

# plot_score_landscape enumerates every ranking of every p it shows; beyond this many in
# all (about a second and 640 MB for the largest p) it refuses before enumerating any.
_LANDSCAPE_MAX_RANKINGS = 20_000_000
# The score ticks; the caller's line properties override these.
_TICKS = {"linestyle": "none", "marker": "_", "markersize": 12, "markeredgewidth": 1.2,
          "color": "C0", "zorder": 3}
# At most this many points per p in the score landscape (evenly spaced in score order,
# min and max always kept); beyond it the markers would only hide each other.
_LANDSCAPE_MAX_POINTS = 2000


def plot_ranking(
    r: Ranking | str | Sequence[int],
    line: bool = True,
    fun: Callable[[Ranking], Any] | None = None,
    ax: Axes | None = None,
    **kwargs: Any,
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
    **kwargs
        matplotlib line properties of the list elements' points (``color``, ``marker``,
        ``markersize``, ``label`` …, as ``Axes.plot`` takes them).

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
    check_ax_given(ax)  # before the ranking is read, as every plot
    line_style("plot_ranking", {}, kwargs)  # checked before the ranking is read, too
    return draw_ranking(rk(r), line=line, fun=fun, ax=ax, **kwargs)


def plot_score_landscape(
    k: int,
    p_range: Sequence[int] | range,
    m: float | Fraction | str = 10,
    ax: Axes | None = None,
    **kwargs: Any,
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
    **kwargs
        matplotlib line properties of the score ticks (``color``, ``marker``, ``alpha`` …);
        the bars behind them take the ticks' colour.

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
    require_matplotlib()
    style = line_style("plot_score_landscape", _TICKS, kwargs)
    k = check_positive_int(k, "k")
    m = exact_m(m)  # as every score function: 10, 3.5, "21/2", Fraction(21, 2)
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
    check_ax_given(ax)
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
    ax = target_axes(ax)
    for i, p in enumerate(ps):
        scores = shown[p]
        ax.bar(
            p, scores[-1] - scores[0], bottom=scores[0], width=2 * half, color=style["color"],
            alpha=0.15, zorder=1, label="range of one p" if i == 0 else "_nolegend_",
        )
        ticks = {
            "alpha": min(1.0, max(0.15, 15.0 / scores.size)),  # dense p: shading shows density
            **style,
            "label": style.get("label", "one ranking's score") if i == 0 else "_nolegend_",
        }
        ax.plot(np.full(scores.size, p), scores, **ticks)
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
    integer_ticks(ax.xaxis)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper right", fontsize="small")
    return ax


def _m_text(m: Any) -> str:
    """An exact ``m`` for a title: ``10``, ``3.5``, or its first digits when beyond float64."""
    m = exact_m(m)
    try:
        return f"{float(m):g}"
    except OverflowError:  # 1e309: more than float64 holds (and str() of 10**4300 refuses)
        return f"{(Decimal(m.numerator) / Decimal(m.denominator)).normalize():.6g}"


def save_ranking_plot(ranking: Any, path: str, *, m: Any = 10, line: bool = True) -> None:
    """``rankscore plot RANKING -o PATH``: the ranking plot with ``s(r)`` in the title."""
    require_matplotlib()
    file_format = image_format(path)
    m = exact_m(m)  # 10, 3.5, "21/2" as every score function
    r = rk(ranking)
    fig, axes = headless_figure()
    ax = plot_ranking(r, line=line, ax=axes[0, 0])
    ax.set_title(f"{ax.get_title()}\ns(r) = {r.score(m):.4f} (m = {_m_text(m)})")
    fig.savefig(path, dpi=150, format=file_format)
