"""Figures of rankings and of every curve rankscore computes (needs matplotlib).

``pip install rankscore[plot]`` installs matplotlib. Neither ``import rankscore`` nor
``import rankscore.plot`` imports matplotlib: the first plot call does, and raises an
``ImportError`` naming the extra when it is missing.

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

Every function passes its remaining keyword arguments to matplotlib as the properties of
the line it draws (``color=``, ``linestyle=``, ``linewidth=``, ``label=`` …; aliases such as
``c=``, ``ls=``, ``lw=`` too), checked before anything is drawn.

``RocCurveDisplay``, ``PrecisionRecallDisplay``, ``CumulativeGainDisplay`` and
``LiftCurveDisplay`` work as scikit-learn's displays: ``from_predictions(y_true, y_score)``
or ``from_estimator(estimator, X, y)`` (any fitted binary classifier with ``predict_proba``
or ``decision_function``; scikit-learn itself is not needed), then ``plot(ax=...)`` again
as often as wanted.

The functions live in six modules: ``rankings`` (one ranking, the score landscape),
``curves`` (ROC, its confidence band, precision–recall, KS), ``gains`` (cumulative gain,
lift, ROC beside captured response), ``panel`` (the report's 2×2 panel), ``displays`` and
``gain_displays`` (the scikit-learn style displays); what every figure shares with
matplotlib is in ``rankscore._figures``.
"""

from __future__ import annotations

from .displays import PrecisionRecallDisplay, RocCurveDisplay
from .gain_displays import CumulativeGainDisplay, LiftCurveDisplay
from .curves import plot_ks, plot_precision_recall, plot_roc, plot_roc_confidence_band
from .gains import plot_cumulative_gain, plot_lift, plot_roc_vs_captured_response
from .panel import plot_report_panel
from .rankings import plot_ranking, plot_score_landscape

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
    "RocCurveDisplay",
    "PrecisionRecallDisplay",
    "CumulativeGainDisplay",
    "LiftCurveDisplay",
]
