"""Displays in the style of scikit-learn's (``RocCurveDisplay`` …): the ROC and
precision–recall curves here, the cumulative gain and lift curves in ``gain_displays``,
built from scores
(``from_predictions``) or from a fitted binary classifier (``from_estimator``).

A display holds the curve's numbers (``fpr``/``tpr``/``roc_auc`` …, exactly what
:func:`rankscore.roc_curve` and its siblings return) and draws them with :meth:`plot`, which
keeps the artists it drew (``line_``, ``chance_level_``, ``ax_``, ``figure_``).
scikit-learn is not needed: ``from_estimator`` calls the estimator's ``predict_proba`` or
``decision_function`` (whichever it has, in that order, for ``response_method="auto"``) and
reads its ``classes_`` when it has them to pick the positive class's column.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._docstrings import fill_doc
from .._engine.validate import quoted
from .._figures import line_style, target_axes
from ..summary import ScoreSummary
from .curves import CURVE, checked_prior

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure, SubFigure
    from matplotlib.lines import Line2D

__all__ = ["RocCurveDisplay", "PrecisionRecallDisplay", "CurveDisplay", "estimator_scores",
           "summary_of", "pos_label_of"]

Array = NDArray[np.float64]
D = TypeVar("D", bound="CurveDisplay")

RESPONSE_METHODS = ("predict_proba", "decision_function")

# parameters the ROC and precision-recall displays describe alike (filled in by fill_doc)
_NAME_AND_POS_LABEL = """
name : str, optional
    Name of the model, shown in the legend.
pos_label : int, float, bool or str, optional
    The positive class, shown in the axis labels.
"""
_THRESHOLDS = """
thresholds : ndarray, optional
    The thresholds of the curve's points (kept, not drawn).
"""


# --------------------------------------------------------------------------------------
# scores of a fitted classifier (duck typing: no scikit-learn needed)
# --------------------------------------------------------------------------------------
def estimator_scores(
    estimator: Any, X: Any, response_method: str, pos_label: Any
) -> tuple[NDArray[Any], Any]:
    """The positive class's scores from ``estimator`` and the positive class itself.

    ``predict_proba``: the column of ``pos_label`` among ``estimator.classes_`` (the second
    column when the estimator has no ``classes_``). ``decision_function``: its values,
    negated when ``pos_label`` is the first class (the function scores the second one).
    """
    if response_method == "auto":
        methods: tuple[str, ...] = RESPONSE_METHODS
    elif response_method in RESPONSE_METHODS:
        methods = (response_method,)
    else:
        raise ValueError(
            f"response_method must be 'auto', 'predict_proba' or 'decision_function', "
            f"got {quoted(response_method)}"
        )
    name = type(estimator).__name__
    found = [m for m in methods if callable(getattr(estimator, m, None))]
    if not found:
        raise AttributeError(f"{name} has none of the following attributes: {', '.join(methods)}.")
    method = found[0]
    classes = getattr(estimator, "classes_", None)
    column = 1
    if classes is not None:
        classes = list(np.asarray(classes).tolist())
        if len(classes) != 2:
            raise ValueError(
                f"Expected 'estimator' to be a binary classifier. Got {len(classes)} classes instead."
            )
        if pos_label is None:
            pos_label = classes[1]
        elif pos_label not in classes:
            raise ValueError(
                f"pos_label={quoted(pos_label)} is not a valid label: It should be one of {classes}"
            )
        column = classes.index(pos_label)
    scores = np.asarray(getattr(estimator, method)(X))
    if method == "predict_proba":
        if scores.ndim == 2:
            if scores.shape[1] != 2:
                raise ValueError(
                    f"{name}.predict_proba returned {scores.shape[1]} columns; a binary "
                    "classifier has 2"
                )
            scores = scores[:, column]
        elif scores.ndim != 1:
            raise ValueError(f"{name}.predict_proba returned a {scores.ndim}-d array")
    else:
        if scores.ndim != 1:
            raise ValueError(
                f"{name}.decision_function returned shape {scores.shape}; a binary "
                "classifier returns one score per sample"
            )
        if column == 0:
            scores = -scores
    return scores, pos_label


def summary_of(y_true: ArrayLike, y_score: ArrayLike, pos_label: Any,
               sample_weight: ArrayLike | None, what: str) -> ScoreSummary:
    """The data's summary (every number of a display is a view of it), both classes checked."""
    checked_prior(y_true, pos_label, sample_weight, what)
    return ScoreSummary.from_arrays(y_true, y_score, pos_label=pos_label,
                                    sample_weight=sample_weight)


def pos_label_of(y_true: ArrayLike, pos_label: Any) -> Any:
    """The positive class the curve functions use (``pos_label``, or the larger of two)."""
    if pos_label is not None:
        return pos_label
    classes = np.unique(np.asarray(y_true))
    return classes[-1].item() if classes.size == 2 else None


# --------------------------------------------------------------------------------------
# what every display shares
# --------------------------------------------------------------------------------------
class CurveDisplay:
    """What the displays share: the drawn artists, :meth:`plot`, :meth:`from_predictions`
    and :meth:`from_estimator` (the ROC and precision–recall displays add
    ``drop_intermediate`` to the last two); each display says how its curve is read from
    the data's summary and drawn.

    Attributes
    ----------
    line_ : matplotlib Line2D
        The curve.
    chance_level_ : matplotlib Line2D or None
        The chance-level line, when ``plot_chance_level=True``.
    ax_ : matplotlib Axes
        The Axes drawn on.
    figure_ : matplotlib Figure
        The figure holding ``ax_``.
    """

    line_: Line2D
    chance_level_: Line2D | None
    ax_: Axes
    figure_: Figure | SubFigure

    # x and y axis labels, the legend's metric, the legend place, the unit square, the
    # curve's line properties, and the curve's name in the one-class error
    _xlabel = ""
    _ylabel = ""
    _metric = ""
    _legend_loc: Literal["lower right", "lower left", "upper right"] = "lower right"
    _unit_square = True
    _line_defaults: Mapping[str, Any] = CURVE
    _curve_name = ""

    def __init__(self, name: str | None, pos_label: Any, thresholds: ArrayLike | None) -> None:
        self.name = name
        self.pos_label = pos_label
        self.thresholds: Array | None = (
            None if thresholds is None else np.asarray(thresholds, dtype=np.float64)
        )

    @classmethod
    def _from_summary(cls: type[D], summary: ScoreSummary, name: str | None, pos_label: Any,
                      options: Mapping[str, Any]) -> D:
        """The display of the data's summary (``options``: the curve's, such as
        ``drop_intermediate``)."""
        raise NotImplementedError

    def _curve_xy(self) -> tuple[Array, Array]:
        raise NotImplementedError

    def _metric_value(self) -> float | None:
        raise NotImplementedError

    def _metric_text(self, value: float) -> str:
        return f"{self._metric} = {value:0.2f}"

    def _chance_level(self) -> tuple[list[float], list[float], dict[str, Any]]:
        raise NotImplementedError

    def _check_chance_level(self, plot_chance_level: bool) -> None:
        """Refuse ``plot_chance_level=True`` where the display lacks what the level needs."""

    def plot(
        self: D,
        ax: Axes | None = None,
        *,
        name: str | None = None,
        curve_kwargs: Mapping[str, Any] | None = None,
        plot_chance_level: bool = False,
        chance_level_kw: Mapping[str, Any] | None = None,
        despine: bool = False,
        **kwargs: Any,
    ) -> D:
        """Draw the curve.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; a new figure when omitted.
        name : str, optional
            Legend name (default: the display's ``name``).
        curve_kwargs : dict, optional
            matplotlib line properties of the curve (scikit-learn's argument).
        plot_chance_level : bool, default False
            Draw the chance level: the diagonal (ROC, cumulative gain), lift 1 (lift), or
            the prevalence (precision–recall; it needs the display's
            ``prevalence_pos_label``, which ``from_predictions`` and ``from_estimator``
            set).
        chance_level_kw : dict, optional
            matplotlib line properties of the chance level.
        despine : bool, default False
            Remove the top and right spines.
        **kwargs
            matplotlib line properties of the curve too (``color=``, ``linestyle=`` …);
            they win over ``curve_kwargs``.

        Returns
        -------
        display
            ``self``, with ``line_``, ``chance_level_``, ``ax_`` and ``figure_`` set.
        """
        self._check_chance_level(plot_chance_level)
        function = f"{type(self).__name__}.plot"
        style = line_style(function, self._line_defaults, curve_kwargs, kwargs)
        name = self.name if name is None else name
        value = self._metric_value()
        if "label" not in style:
            if value is not None:
                style["label"] = (f"{name} ({self._metric_text(value)})" if name
                                  else self._metric_text(value))
            elif name:
                style["label"] = name
        chance_x, chance_y, chance_defaults = self._chance_level()
        chance_style = line_style(function, chance_defaults, chance_level_kw or {})
        ax = target_axes(ax, square=self._unit_square)
        x, y = self._curve_xy()
        (self.line_,) = ax.plot(x, y, **style)
        self.chance_level_ = None
        if plot_chance_level:
            (self.chance_level_,) = ax.plot(chance_x, chance_y, **chance_style)
        info = f" (Positive label: {self.pos_label})" if self.pos_label is not None else ""
        ax.set_xlabel(self._xlabel + info)
        ax.set_ylabel(self._ylabel + info)
        if self._unit_square:
            ax.set(xlim=(-0.01, 1.01), ylim=(-0.01, 1.01), aspect="equal")
        if despine:
            for side in ("top", "right"):
                ax.spines[side].set_visible(False)
            if self._unit_square:
                for side in ("left", "bottom"):
                    ax.spines[side].set_bounds(0, 1)
        if style.get("label") is not None or (plot_chance_level and chance_style.get("label")):
            ax.legend(loc=self._legend_loc)
        self.ax_ = ax
        self.figure_ = ax.figure
        return self

    @classmethod
    def from_predictions(
        cls: type[D],
        y_true: ArrayLike,
        y_score: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        pos_label: Any = None,
        name: str | None = None,
        ax: Axes | None = None,
        curve_kwargs: Mapping[str, Any] | None = None,
        plot_chance_level: bool = False,
        chance_level_kw: Mapping[str, Any] | None = None,
        despine: bool = False,
        **kwargs: Any,
    ) -> D:
        """Compute the curve of scores and draw it.

        The display's arrays and legend number are those its description names, read
        from one :class:`~rankscore.ScoreSummary` of the data. The other arguments are
        :meth:`plot`'s.
        """
        return cls._predicted(y_true, y_score, sample_weight, pos_label, name, {},
                              dict(ax=ax, curve_kwargs=curve_kwargs, despine=despine,
                                   plot_chance_level=plot_chance_level,
                                   chance_level_kw=chance_level_kw), kwargs)

    @classmethod
    def from_estimator(
        cls: type[D],
        estimator: Any,
        X: Any,
        y: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        response_method: str = "auto",
        pos_label: Any = None,
        name: str | None = None,
        ax: Axes | None = None,
        curve_kwargs: Mapping[str, Any] | None = None,
        plot_chance_level: bool = False,
        chance_level_kw: Mapping[str, Any] | None = None,
        despine: bool = False,
        **kwargs: Any,
    ) -> D:
        """Score ``X`` with a fitted binary classifier and draw the curve against ``y``.

        ``estimator`` needs ``predict_proba`` or ``decision_function`` (``response_method``
        ``"auto"`` tries them in that order); ``name`` defaults to its class name. The
        other arguments are :meth:`from_predictions`'s.
        """
        return cls._estimated(estimator, X, y, response_method, sample_weight, pos_label, name,
                              {}, dict(ax=ax, curve_kwargs=curve_kwargs, despine=despine,
                                       plot_chance_level=plot_chance_level,
                                       chance_level_kw=chance_level_kw), kwargs)

    @classmethod
    def _predicted(cls: type[D], y_true: ArrayLike, y_score: ArrayLike,
                   sample_weight: ArrayLike | None, pos_label: Any, name: str | None,
                   options: Mapping[str, Any], drawing: Mapping[str, Any],
                   kwargs: Mapping[str, Any]) -> D:
        """``from_predictions``: the line properties checked, the data summarised (both
        classes checked), the display built from the summary (``options``: the curve's)
        and drawn (``drawing`` and ``kwargs``: :meth:`plot`'s arguments)."""
        line_style(f"{cls.__name__}.from_predictions", {}, drawing["curve_kwargs"], kwargs)
        summary = summary_of(y_true, y_score, pos_label, sample_weight, cls._curve_name)
        display = cls._from_summary(summary, name, pos_label_of(y_true, pos_label), options)
        return display.plot(**drawing, **kwargs)

    @classmethod
    def _estimated(cls: type[D], estimator: Any, X: Any, y: ArrayLike, response_method: str,
                   sample_weight: ArrayLike | None, pos_label: Any, name: str | None,
                   options: Mapping[str, Any], drawing: Mapping[str, Any],
                   kwargs: Mapping[str, Any]) -> D:
        """``from_estimator``: the estimator's scores, then :meth:`_predicted`."""
        scores, pos_label = estimator_scores(estimator, X, response_method, pos_label)
        name = type(estimator).__name__ if name is None else name
        return cls._predicted(y, scores, sample_weight, pos_label, name, options, drawing,
                              kwargs)


# --------------------------------------------------------------------------------------
# ROC
# --------------------------------------------------------------------------------------
@fill_doc(name_and_pos_label=_NAME_AND_POS_LABEL, thresholds=_THRESHOLDS)
class RocCurveDisplay(CurveDisplay):
    """ROC curve display, as scikit-learn's ``sklearn.metrics.RocCurveDisplay``.

    Build it with :meth:`from_predictions` or :meth:`from_estimator` (they compute and
    draw), or from the arrays of :func:`rankscore.roc_curve` and call :meth:`plot`.

    Parameters
    ----------
    fpr, tpr : ndarray
        False and true positive rates, as :func:`rankscore.roc_curve` returns them.
    roc_auc : float, optional
        The area under the curve, shown in the legend.
    {name_and_pos_label}
    {thresholds}

    Attributes
    ----------
    line_, chance_level_, ax_, figure_
        The drawn artists (after :meth:`plot`), as in scikit-learn.

    See Also
    --------
    rankscore.roc_curve, rankscore.roc_auc_score, rankscore.plot.plot_roc

    Examples
    --------
    >>> from rankscore.plot import RocCurveDisplay
    >>> display = RocCurveDisplay.from_predictions([0, 1, 0, 0, 1, 1],
    ...                                            [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> round(display.roc_auc, 4), display.line_.get_label()
    (0.7778, 'AUC = 0.78')
    """

    _xlabel = "False Positive Rate"
    _ylabel = "True Positive Rate"
    _metric = "AUC"
    _curve_name = "a ROC curve"

    def __init__(
        self,
        *,
        fpr: ArrayLike,
        tpr: ArrayLike,
        roc_auc: float | None = None,
        name: str | None = None,
        pos_label: Any = None,
        thresholds: ArrayLike | None = None,
    ) -> None:
        super().__init__(name, pos_label, thresholds)
        self.fpr: Array = np.asarray(fpr, dtype=np.float64)
        self.tpr: Array = np.asarray(tpr, dtype=np.float64)
        self.roc_auc = roc_auc

    @classmethod
    def _from_summary(cls, summary: ScoreSummary, name: str | None, pos_label: Any,
                      options: Mapping[str, Any]) -> RocCurveDisplay:
        fpr, tpr, thresholds = summary.roc_curve(**options)
        return cls(fpr=fpr, tpr=tpr, roc_auc=summary.roc_auc(), name=name, pos_label=pos_label,
                   thresholds=thresholds)

    def _curve_xy(self) -> tuple[Array, Array]:
        return self.fpr, self.tpr

    def _metric_value(self) -> float | None:
        return self.roc_auc

    def _chance_level(self) -> tuple[list[float], list[float], dict[str, Any]]:
        return [0.0, 1.0], [0.0, 1.0], {"label": "Chance level (AUC = 0.5)", "color": "k",
                                        "linestyle": "--"}

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        drop_intermediate: bool = True,
        pos_label: Any = None,
        name: str | None = None,
        ax: Axes | None = None,
        curve_kwargs: Mapping[str, Any] | None = None,
        plot_chance_level: bool = False,
        chance_level_kw: Mapping[str, Any] | None = None,
        despine: bool = False,
        **kwargs: Any,
    ) -> RocCurveDisplay:
        """Compute the ROC curve of scores and draw it.

        ``fpr``, ``tpr`` and ``thresholds`` are :func:`rankscore.roc_curve`'s arrays,
        ``roc_auc`` is :func:`rankscore.roc_auc_score`. The other arguments are
        :meth:`plot`'s.
        """
        return cls._predicted(y_true, y_score, sample_weight, pos_label, name,
                              {"drop_intermediate": drop_intermediate},
                              dict(ax=ax, curve_kwargs=curve_kwargs, despine=despine,
                                   plot_chance_level=plot_chance_level,
                                   chance_level_kw=chance_level_kw), kwargs)

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: Any,
        y: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        drop_intermediate: bool = True,
        response_method: str = "auto",
        pos_label: Any = None,
        name: str | None = None,
        ax: Axes | None = None,
        curve_kwargs: Mapping[str, Any] | None = None,
        plot_chance_level: bool = False,
        chance_level_kw: Mapping[str, Any] | None = None,
        despine: bool = False,
        **kwargs: Any,
    ) -> RocCurveDisplay:
        """Score ``X`` with a fitted binary classifier and draw the ROC curve against ``y``.

        ``estimator`` needs ``predict_proba`` or ``decision_function`` (``response_method``
        ``"auto"`` tries them in that order); ``name`` defaults to its class name. The
        other arguments are :meth:`from_predictions`'s.
        """
        return cls._estimated(estimator, X, y, response_method, sample_weight, pos_label, name,
                              {"drop_intermediate": drop_intermediate},
                              dict(ax=ax, curve_kwargs=curve_kwargs, despine=despine,
                                   plot_chance_level=plot_chance_level,
                                   chance_level_kw=chance_level_kw), kwargs)


# --------------------------------------------------------------------------------------
# precision–recall
# --------------------------------------------------------------------------------------
@fill_doc(name_and_pos_label=_NAME_AND_POS_LABEL, thresholds=_THRESHOLDS)
class PrecisionRecallDisplay(CurveDisplay):
    """Precision–recall display, as scikit-learn's ``sklearn.metrics.PrecisionRecallDisplay``.

    The curve is drawn as steps (``drawstyle="steps-post"``), whose area is the average
    precision; the chance level is the prevalence of the positive class.

    Parameters
    ----------
    precision, recall : ndarray
        As :func:`rankscore.precision_recall_curve` returns them.
    average_precision : float, optional
        Shown in the legend.
    {name_and_pos_label}
    prevalence_pos_label : float, optional
        The share of positives: the chance level's height.
    {thresholds}

    See Also
    --------
    rankscore.precision_recall_curve, rankscore.average_precision_score,
    rankscore.plot.plot_precision_recall

    Examples
    --------
    >>> from rankscore.plot import PrecisionRecallDisplay
    >>> display = PrecisionRecallDisplay.from_predictions(
    ...     [0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90], plot_chance_level=True)
    >>> display.line_.get_label(), display.chance_level_.get_label()
    ('AP = 0.87', 'Chance level (AP = 0.50)')
    """

    _xlabel = "Recall"
    _ylabel = "Precision"
    _metric = "AP"
    _legend_loc = "lower left"
    _line_defaults = {**CURVE, "drawstyle": "steps-post"}
    _curve_name = "a precision–recall curve"

    def __init__(
        self,
        precision: ArrayLike,
        recall: ArrayLike,
        *,
        average_precision: float | None = None,
        name: str | None = None,
        pos_label: Any = None,
        prevalence_pos_label: float | None = None,
        thresholds: ArrayLike | None = None,
    ) -> None:
        super().__init__(name, pos_label, thresholds)
        self.precision: Array = np.asarray(precision, dtype=np.float64)
        self.recall: Array = np.asarray(recall, dtype=np.float64)
        self.average_precision = average_precision
        self.prevalence_pos_label = prevalence_pos_label

    @classmethod
    def _from_summary(cls, summary: ScoreSummary, name: str | None, pos_label: Any,
                      options: Mapping[str, Any]) -> PrecisionRecallDisplay:
        precision, recall, thresholds = summary.precision_recall_curve(**options)
        return cls(precision, recall, average_precision=summary.average_precision(),
                   name=name, pos_label=pos_label, prevalence_pos_label=summary.prevalence(),
                   thresholds=thresholds)

    def _curve_xy(self) -> tuple[Array, Array]:
        return self.recall, self.precision

    def _metric_value(self) -> float | None:
        return self.average_precision

    def _chance_level(self) -> tuple[list[float], list[float], dict[str, Any]]:
        level = self.prevalence_pos_label
        if level is None:
            return [], [], {}
        return [0.0, 1.0], [level, level], {"label": f"Chance level (AP = {level:0.2f})",
                                             "color": "k", "linestyle": "--"}

    def _check_chance_level(self, plot_chance_level: bool) -> None:
        if plot_chance_level and self.prevalence_pos_label is None:
            raise ValueError(
                "plot_chance_level=True needs the display's prevalence_pos_label (the share of "
                "positives); build the display with from_predictions or from_estimator, or "
                "pass prevalence_pos_label"
            )

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        drop_intermediate: bool = False,
        pos_label: Any = None,
        name: str | None = None,
        ax: Axes | None = None,
        curve_kwargs: Mapping[str, Any] | None = None,
        plot_chance_level: bool = False,
        chance_level_kw: Mapping[str, Any] | None = None,
        despine: bool = False,
        **kwargs: Any,
    ) -> PrecisionRecallDisplay:
        """Compute the precision–recall curve of scores and draw it.

        The arrays are :func:`rankscore.precision_recall_curve`'s, ``average_precision`` is
        :func:`rankscore.average_precision_score`, ``prevalence_pos_label`` is
        :func:`rankscore.gains.prevalence`.
        """
        return cls._predicted(y_true, y_score, sample_weight, pos_label, name,
                              {"drop_intermediate": drop_intermediate},
                              dict(ax=ax, curve_kwargs=curve_kwargs, despine=despine,
                                   plot_chance_level=plot_chance_level,
                                   chance_level_kw=chance_level_kw), kwargs)

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: Any,
        y: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        drop_intermediate: bool = False,
        response_method: str = "auto",
        pos_label: Any = None,
        name: str | None = None,
        ax: Axes | None = None,
        curve_kwargs: Mapping[str, Any] | None = None,
        plot_chance_level: bool = False,
        chance_level_kw: Mapping[str, Any] | None = None,
        despine: bool = False,
        **kwargs: Any,
    ) -> PrecisionRecallDisplay:
        """Score ``X`` with a fitted binary classifier and draw the precision–recall curve,
        as :meth:`RocCurveDisplay.from_estimator`."""
        return cls._estimated(estimator, X, y, response_method, sample_weight, pos_label, name,
                              {"drop_intermediate": drop_intermediate},
                              dict(ax=ax, curve_kwargs=curve_kwargs, despine=despine,
                                   plot_chance_level=plot_chance_level,
                                   chance_level_kw=chance_level_kw), kwargs)
