"""What every rankscore figure shares with matplotlib, imported on first use.

``import rankscore`` and ``import rankscore.plot`` import this module but never matplotlib:
the first call that draws does, and raises an ``ImportError`` naming the ``plot`` extra when
it is missing. Here: the checks of ``ax=`` (one Axes, or a group of them), the Axes to draw
on (the one given, or one on a new pyplot figure), headless figures with their own Agg
canvas for the command line, the image format a file name asks for, and the grey reference
lines and integer ticks the plots draw alike, and the matplotlib keyword arguments a plot
passes through to the artist it draws (checked before anything is drawn).
"""

from __future__ import annotations

import math
import numbers
import os
from types import ModuleType
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from ._engine.validate import quoted

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes
    from matplotlib.axis import Axis
    from matplotlib.figure import Figure

INSTALL_HINT = "rankscore.plot needs matplotlib; install it with: pip install rankscore[plot]"

# Grey reference lines (chance, ideal, baselines) stay behind the model curves.
REFERENCE: dict[str, Any] = dict(color="0.45", linestyle="--", linewidth=1.0, zorder=1)
IDEAL: dict[str, Any] = dict(color="0.45", linestyle=":", linewidth=1.3, zorder=1)


# --------------------------------------------------------------------------------------
# matplotlib, imported on first use
# --------------------------------------------------------------------------------------
def require_matplotlib() -> None:
    try:
        import matplotlib
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    del matplotlib  # imported only to know that it is there


def pyplot() -> ModuleType:
    require_matplotlib()
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    return plt


def check_axes(ax: Any) -> None:
    """``ax`` must be a matplotlib Axes (a Figure, a string, an array of Axes are not)."""
    require_matplotlib()
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes, got {_describe(ax)}")


def axes_group(ax: Any, n: int, what: str) -> list[Axes]:
    """The ``n`` Axes in ``ax`` (any nesting, e.g. ``fig.subplots(2, 2)``), checked."""
    require_matplotlib()
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


def check_ax_given(ax: Any) -> None:
    """Check ``ax`` up front (before any input is read or anything is drawn)."""
    require_matplotlib()
    if ax is not None:
        check_axes(ax)


def target_axes(ax: Axes | None, square: bool = False) -> Axes:
    """The Axes to draw on: ``ax`` itself (checked), or one on a new pyplot figure."""
    require_matplotlib()
    if ax is not None:
        check_axes(ax)
    if ax is None:
        figsize = (5.6, 5.2) if square else None  # unit-square curves: no wasted margins
        _, ax = pyplot().subplots(figsize=figsize, layout="constrained")
    return ax


# --------------------------------------------------------------------------------------
# matplotlib keyword arguments passed through to a drawn line
# --------------------------------------------------------------------------------------
def line_style(
    function: str, defaults: Mapping[str, Any], *given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The properties of a line: ``defaults`` overridden by the caller's ``given`` mappings
    (a later one wins: a display's ``**kwargs`` over its ``curve_kwargs``).

    Aliases are resolved first, in each mapping (``c=`` is ``color=``, ``lw=`` is ``linewidth=``, ``ls=`` is
    ``linestyle=``), so ``lw=3`` replaces a default ``linewidth`` instead of clashing with
    it. Every property is checked on a throw-away ``Line2D`` before anything is drawn: a
    name that is no property of a line raises a ``TypeError`` naming ``function``, a bad
    value (``color="nope"``) matplotlib's own ``ValueError``.
    """
    require_matplotlib()
    from matplotlib.cbook import normalize_kwargs
    from matplotlib.lines import Line2D

    caller: dict[str, Any] = {}
    for layer in given:
        caller.update(normalize_kwargs(dict(layer or {}), Line2D))
    style = {**normalize_kwargs(dict(defaults), Line2D), **caller}
    zorder = caller.get("zorder")  # (matplotlib checks it only when it draws)
    if zorder is not None and (isinstance(zorder, bool) or not isinstance(zorder, numbers.Real)
                               or not math.isfinite(zorder)):
        raise ValueError(f"{function}: zorder must be a finite number, got {quoted(zorder)}")
    try:
        Line2D([], [], **caller)
    except AttributeError as exc:  # Line2D.set() got an unexpected keyword argument 'x'
        unknown = sorted(name for name in caller if not hasattr(Line2D, f"set_{name}"))
        shown = ", ".join(repr(name) for name in unknown) or str(exc)
        raise TypeError(
            f"{function} got keyword arguments that are not properties of a matplotlib line: "
            f"{shown}"
        ) from None
    return style


def takes_color(style: Mapping[str, Any]) -> bool:
    """Whether the caller fixed the colour of a line (``color=``, ``c=`` resolved first)."""
    return style.get("color") is not None


# --------------------------------------------------------------------------------------
# lines and ticks every figure draws alike
# --------------------------------------------------------------------------------------
def reference_line(ax: Axes, x: Any, y: Any, label: str, style: Mapping[str, Any] = REFERENCE,
                   hline: bool = False) -> None:
    """A grey reference line, drawn once per Axes (plotting again on ``ax=`` reuses it).

    ``hline=True``: ``y`` is a constant spanning the Axes' width, as ``axhline``.
    """
    if any(line.get_label() == label for line in ax.lines):
        return
    if hline:
        ax.plot([0, 1], [y, y], transform=ax.get_yaxis_transform(), **style, label=label)
    else:
        ax.plot(x, y, **style, label=label)


def integer_ticks(axis: Axis) -> None:
    from matplotlib.ticker import MaxNLocator

    # min_n_ticks=1: an axis spanning one integer (k = 1, p = 1) gets that one tick instead
    # of MaxNLocator's fallback to fractional ticks 0.5, 0.6, ... 1.5
    axis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))


# --------------------------------------------------------------------------------------
# command line helpers: a headless Figure with its own Agg canvas, written to a file
# --------------------------------------------------------------------------------------
def headless_figure(
    nrows: int = 1, ncols: int = 1, figsize: tuple[float, float] = (6.4, 4.8)
) -> tuple[Figure, Any]:
    """A Figure with its own Agg canvas: no pyplot, no global backend (for the CLI)."""
    require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(nrows, ncols, squeeze=False)
    return fig, axes


def image_format(path: str) -> str:
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
