"""A confidence band for the whole ROC curve: bootstrap sensitivities on a grid of
false positive rates."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from .._engine.parts import thread_count
from .._engine.validate import quoted
from .._progress import progress_bar
from .bootstrap import (binary_cells, check_bootstrap_args, check_bootstrap_memory, counts_full,
                        each_replicate_counts, replicate_seeds, sweep_of)
from .results import RocBand
from .stats import float_array

__all__ = ["roc_confidence_band"]


def _sensitivity_at(fps: np.ndarray, tps: np.ndarray, fpr_grid: np.ndarray) -> np.ndarray:
    """TPR of the ROC curve (points joined by straight lines, from (0, 0)) at each FPR of
    the grid; on a vertical step the top of the step."""
    fpr = np.concatenate(([0.0], fps / fps[-1]))
    tpr = np.concatenate(([0.0], tps / tps[-1]))
    i = np.searchsorted(fpr, fpr_grid, "right") - 1  # the last point at or left of x
    j = np.minimum(i + 1, len(fpr) - 1)
    span = fpr[j] - fpr[i]
    with np.errstate(invalid="ignore", divide="ignore"):
        step = np.where(span > 0, (fpr_grid - fpr[i]) / span, 0.0)
    return np.where(fpr[i] == fpr_grid, tpr[i], tpr[i] + step * (tpr[j] - tpr[i]))


def roc_confidence_band(
    y_true: Any,
    y_score: Any,
    *,
    specificities: Any = None,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    pos_label: Any = None,
    sample_weight: Any = None,
    n_threads: int | None = None,
    progress: bool = False,
) -> RocBand:
    """Bootstrap confidence band of the sensitivity at each specificity (pROC's ``ci.se``).

    Parameters
    ----------
    y_true, y_score
        Binary labels and scores, as in :func:`bootstrap_ci`.
    specificities : array-like of numbers in [0, 1], optional
        Where to evaluate (default: 0, 0.01, ..., 1).
    confidence_level, n_resamples, stratified, random_state, pos_label, sample_weight,
    n_threads, progress
        As in :func:`bootstrap_ci`.

    Returns
    -------
    RocBand
        ``specificity`` (as given, float64), ``sensitivity`` on the data, and the
        percentile band ``low`` / ``high`` at each specificity.

    Raises
    ------
    MemoryLimitError
        The curves kept (``n_resamples`` x ``len(specificities)`` x 24 bytes with their
        copies) would not fit in the memory available; raised before allocating.

    See Also
    --------
    rankscore.plot.plot_roc_confidence_band : Draws it.
    bootstrap_ci

    Notes
    -----
    The ROC curve joins its points by straight lines (the trapezoid curve of the AUC);
    the sensitivity at specificity sp is the curve's TPR at FPR = 1 − sp (the top of a
    vertical step). Replicates are drawn as in :func:`bootstrap_ci`; the band is the
    pointwise α/2 and 1 − α/2 quantiles.

    Examples
    --------
    >>> from rankscore.uncertainty import roc_confidence_band
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> band = roc_confidence_band(data.target, data.score, pos_label="spam",
    ...                            specificities=[0.5, 0.9], n_resamples=500, random_state=0)
    >>> band.sensitivity.round(4).tolist()
    [0.7778, 0.6667]
    >>> bool((band.low <= band.sensitivity).all() and (band.sensitivity <= band.high).all())
    True
    """
    level, n_resamples, stratified, progress = check_bootstrap_args(
        confidence_level, "percentile", n_resamples, stratified, progress)
    what = "a non-empty 1-D array of numbers in [0, 1]"
    grid = np.linspace(0.0, 1.0, 101) if specificities is None else float_array(
        specificities, "specificities", what)
    if grid.ndim != 1 or grid.size == 0 or not ((grid >= 0) & (grid <= 1)).all():
        raise ValueError(f"specificities must be {what}, got {quoted(specificities)}")
    parts = binary_cells(y_true, y_score, pos_label, sample_weight)
    n_threads = thread_count(n_threads)
    # a curve of len(grid) float64 per replicate, the valid ones and np.quantile's copy
    check_bootstrap_memory(n_resamples, 8 + 24 * len(grid), 2 * len(parts.values), n_threads,
                            "roc_confidence_band")
    seeds, _ = replicate_seeds(random_state, n_resamples)
    fpr_grid = 1.0 - grid
    fps, tps, _ = sweep_of(counts_full(parts), parts.values)
    on_data = _sensitivity_at(fps, tps, fpr_grid)
    curves_ = np.empty((n_resamples, len(grid)))

    def take(r: int, counts: np.ndarray) -> None:
        f, t, _ = sweep_of(counts, parts.values)
        curves_[r] = _sensitivity_at(f, t, fpr_grid) if f[-1] > 0 and t[-1] > 0 else np.nan

    with progress_bar(n_resamples, "bootstrap ROC band", progress, "replicate") as bar:
        each_replicate_counts(parts, stratified, seeds, n_threads, bar, take)
    valid = curves_[np.isfinite(curves_).all(axis=1)]
    if len(valid) < len(curves_):
        warnings.warn(f"{len(curves_) - len(valid)} of {len(curves_)} bootstrap replicates "
                      "lack a class and were left out", RuntimeWarning, stacklevel=2)
    low, high = np.quantile(valid, [(1 - level) / 2, 1 - (1 - level) / 2], axis=0)
    return RocBand(grid, on_data, low, high, level)
