"""The report panel: ROC (with the KS point), precision–recall, KS CDFs and cumulative
gain on one 2×2 figure, and the file ``rankscore report --plot`` writes."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .._figures import axes_group, headless_figure, image_format, pyplot, require_matplotlib
from .curves import Scores, plot_ks, plot_precision_recall, plot_roc
from .gains import plot_cumulative_gain

__all__ = ["plot_report_panel"]


def plot_report_panel(
    y_true: ArrayLike,
    y_score: Scores,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    name: str | None = None,
    ax: Any = None,
    **kwargs: Any,
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
    **kwargs
        matplotlib line properties for the model curve(s) of every panel (the KS panel:
        both CDF lines), as in :func:`plot_roc`.

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
    require_matplotlib()
    new_figure = None
    if ax is None:
        new_figure, ax = pyplot().subplots(2, 2, figsize=(10, 9), layout="constrained")
    flat = np.empty(4, dtype=object)
    flat[:] = axes_group(ax, 4, "a 2×2 array of matplotlib Axes (e.g. fig.subplots(2, 2))")
    axes = flat.reshape(2, 2)
    common: dict[str, Any] = dict(pos_label=pos_label, sample_weight=sample_weight, name=name,
                                  **kwargs)
    try:
        # the ROC call checks every input before anything is drawn
        plot_roc(y_true, y_score, ks=True, ax=axes[0, 0], **common)
        plot_precision_recall(y_true, y_score, ax=axes[0, 1], **common)
        plot_ks(y_true, y_score, ax=axes[1, 0], **common)
        plot_cumulative_gain(y_true, y_score, ax=axes[1, 1], **common)
    except BaseException:
        if new_figure is not None:  # no half-drawn (or blank) figure left in pyplot
            pyplot().close(new_figure)
        raise
    return axes


def save_report_panel(
    y_true: ArrayLike, y_score: Scores, path: str, *, pos_label: Any = None,
    title: str | None = None
) -> None:
    """``rankscore report ... --plot PATH``: the 2×2 panel of :func:`plot_report_panel`."""
    require_matplotlib()
    file_format = image_format(path)
    fig, axes = headless_figure(2, 2, figsize=(10, 9.4))
    plot_report_panel(y_true, y_score, pos_label=pos_label, ax=axes)
    if title:
        fig.suptitle(title)
    fig.savefig(path, dpi=120, format=file_format)
