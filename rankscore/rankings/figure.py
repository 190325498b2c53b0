"""The figure of one ranking (:meth:`rankscore.Ranking.plot`): list position against
ranking position, with the least-squares line and the perfect ranking's diagonal.

Drawn here, beside the ranking, so that :mod:`rankscore.plot` reads the rankings and never
the other way round; matplotlib is imported by the first call (``rankscore._figures``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from .._figures import IDEAL, check_ax_given, integer_ticks, line_style, reference_line, target_axes
from .positions import position_chars

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes

# The list elements' points; the caller's line properties override these.
_POINTS = {"linestyle": "none", "marker": "o", "markersize": 7, "color": "C0",
           "label": "list elements", "zorder": 3}

# Rankings longer than this are abbreviated in the figure's title.
_TITLE_MAX_CHARS = 40


def draw_ranking(
    ranking: Any,
    line: bool = True,
    fun: Callable[[Any], Any] | None = None,
    ax: Axes | None = None,
    function: str = "plot_ranking",
    **kwargs: Any,
) -> Axes:
    """Draw the :class:`~rankscore.Ranking` ``ranking``; the body of
    :func:`rankscore.plot.plot_ranking` and :meth:`rankscore.Ranking.plot`.

    ``kwargs``: matplotlib line properties of the list elements' points (``function`` names
    the caller in the message for a property that a line does not have).
    """
    check_ax_given(ax)
    style = line_style(function, _POINTS, kwargs)
    k, p = ranking.k, ranking.p
    x, y = ranking.table().T  # (list position, ranking position)
    title = _ranking_title(ranking)
    if fun is not None:
        value = fun(ranking)
        shown = f"{value:.4f}" if isinstance(value, (float, np.floating)) else f"{value}"
        title += f"\n{_function_name(fun)} = {shown}"
    ax = target_axes(ax)
    ax.plot(x, y, **style)
    y_low, y_high = 0.5, p + 0.5
    if line and k >= 2:
        slope, intercept = _least_squares(y.tolist())
        xs = np.array([1.0, float(k)])
        ys = np.array([float(slope + intercept), float(slope * k + intercept)])
        slope_f, intercept_f = float(slope), float(intercept)
        sign = "+" if intercept_f >= 0 else "−"
        ax.plot(
            xs, ys, color="C1", linewidth=1.5, zorder=2,
            label=f"least squares: y = {slope_f:.3g}·x {sign} {abs(intercept_f):.3g}",
        )
        y_low, y_high = min(y_low, ys.min() - 0.3), max(y_high, ys.max() + 0.3)
    reference_line(ax, [1, k], [1, k], "perfect ranking (y = x)", IDEAL)
    ax.set_title(title)
    ax.set_xlabel("list position")
    ax.set_ylabel("ranking position")
    ax.set_xlim(0.5, k + 0.5)
    ax.set_ylim(y_low, y_high)
    integer_ticks(ax.xaxis)
    integer_ticks(ax.yaxis)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    return ax


def _function_name(fun: Callable[..., Any]) -> str:
    name = getattr(fun, "__name__", "")
    return name if name and name != "<lambda>" else "f(r)"


def _ranking_title(ranking: Any) -> str:
    """``ranking: [x-x-x-xx] (p = 8, k = 5)``, the string abbreviated to fit a figure.

    Up to ``p = 40`` the whole string; beyond, its first 24 and last 12 characters around
    an ellipsis (``repr``'s 81 characters ran off a default-size figure).
    """
    p = ranking.p
    if p <= _TITLE_MAX_CHARS:
        text = ranking.to_string()
    else:
        positions = ranking.positions
        text = position_chars(positions, 1, 24) + "…" + position_chars(positions, p - 11, p)
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
