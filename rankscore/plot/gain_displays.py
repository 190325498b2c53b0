"""Displays of the cumulative gain and lift curves, in the style of scikit-learn's
(:class:`~rankscore.plot.RocCurveDisplay`): built from scores (``from_predictions``) or a
fitted binary classifier (``from_estimator``), drawn again with ``plot``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

from .._figures import line_style
from .displays import Array, CurveDisplay, estimator_scores, pos_label_of, summary_of

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes

__all__ = ["CumulativeGainDisplay", "LiftCurveDisplay"]


class GainDisplay(CurveDisplay):
    """What the gain and lift displays share: their x axis and their constructors."""

    _xlabel = "Fraction of population targeted"

    def __init__(
        self,
        fraction_targeted: ArrayLike,
        values: ArrayLike,
        *,
        value: float | None = None,
        name: str | None = None,
        pos_label: Any = None,
        thresholds: ArrayLike | None = None,
    ) -> None:
        self.fraction_targeted: Array = np.asarray(fraction_targeted, dtype=np.float64)
        self.values: Array = np.asarray(values, dtype=np.float64)
        self.value = value
        self.name = name
        self.pos_label = pos_label
        self.thresholds: Array | None = (
            None if thresholds is None else np.asarray(thresholds, dtype=np.float64)
        )

    def _curve_xy(self) -> tuple[Array, Array]:
        return self.fraction_targeted, self.values

    def _metric_value(self) -> float | None:
        return self.value


class CumulativeGainDisplay(GainDisplay):
    """Cumulative gain (captured response) display, in the style of scikit-learn's.

    x is the fraction of the population targeted (highest scores first), y the fraction of
    the positives captured; the chance level is the diagonal of random targeting, and the
    legend shows the Gini (``2 AUC - 1``).

    Parameters
    ----------
    fraction_targeted, fraction_captured : ndarray
        As :func:`rankscore.gains.cumulative_gain_curve` returns them.
    gini : float, optional
        Shown in the legend.
    name, pos_label, thresholds
        As in :class:`RocCurveDisplay`.

    Examples
    --------
    >>> from rankscore.plot import CumulativeGainDisplay
    >>> display = CumulativeGainDisplay.from_predictions(
    ...     [0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90], color="C3")
    >>> display.line_.get_label(), display.line_.get_color()
    ('Gini = 0.56', 'C3')
    """

    _ylabel = "Fraction of positives captured"
    _metric = "Gini"

    def __init__(
        self,
        fraction_targeted: ArrayLike,
        fraction_captured: ArrayLike,
        *,
        gini: float | None = None,
        name: str | None = None,
        pos_label: Any = None,
        thresholds: ArrayLike | None = None,
    ) -> None:
        super().__init__(fraction_targeted, fraction_captured, value=gini, name=name,
                         pos_label=pos_label, thresholds=thresholds)

    @property
    def fraction_captured(self) -> Array:
        return self.values

    @property
    def gini(self) -> float | None:
        return self.value

    def _chance_level(self) -> tuple[list[float], list[float], dict[str, Any]]:
        return [0.0, 1.0], [0.0, 1.0], {"label": "Chance level (Gini = 0)", "color": "k",
                                        "linestyle": "--"}

    def plot(
        self,
        ax: Axes | None = None,
        *,
        name: str | None = None,
        curve_kwargs: Mapping[str, Any] | None = None,
        plot_chance_level: bool = False,
        chance_level_kw: Mapping[str, Any] | None = None,
        despine: bool = False,
        **kwargs: Any,
    ) -> CumulativeGainDisplay:
        """Draw the curve; the arguments are :meth:`RocCurveDisplay.plot`'s."""
        return self._draw(ax, name, curve_kwargs, plot_chance_level, chance_level_kw, despine,
                         kwargs)

    @classmethod
    def from_predictions(
        cls,
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
    ) -> CumulativeGainDisplay:
        """Compute the cumulative gain curve of scores and draw it.

        The arrays are :func:`rankscore.gains.cumulative_gain_curve`'s, ``gini`` is
        :func:`rankscore.gini_score`.
        """
        line_style("CumulativeGainDisplay.from_predictions", {},
                   curve_kwargs, kwargs)
        summary = summary_of(y_true, y_score, pos_label, sample_weight, "a cumulative gain curve")
        x, y, thresholds = summary.cumulative_gain_curve()
        display = cls(x, y, gini=summary.gini(), name=name,
                      pos_label=pos_label_of(y_true, pos_label), thresholds=thresholds)
        return display.plot(ax, curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kw, despine=despine, **kwargs)

    @classmethod
    def from_estimator(
        cls,
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
    ) -> CumulativeGainDisplay:
        """Score ``X`` with a fitted binary classifier and draw the cumulative gain curve,
        as :meth:`RocCurveDisplay.from_estimator`."""
        scores, pos_label = estimator_scores(estimator, X, response_method, pos_label)
        return cls.from_predictions(
            y, scores, sample_weight=sample_weight, pos_label=pos_label,
            name=type(estimator).__name__ if name is None else name, ax=ax,
            curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine, **kwargs,
        )


class LiftCurveDisplay(GainDisplay):
    """Cumulative lift display, in the style of scikit-learn's.

    x is the fraction of the population targeted, y the cumulative lift (how many times
    the prevalence the positive rate among the targeted is); the chance level is lift 1,
    and the legend shows the lift at 10 % targeted.

    Parameters
    ----------
    fraction_targeted, lift : ndarray
        As :func:`rankscore.gains.lift_curve` returns them.
    lift_at_10 : float, optional
        The lift at 10 % targeted (:meth:`ScoreSummary.lift_at
        <rankscore.ScoreSummary.lift_at>`), shown in the legend.
    name, pos_label, thresholds
        As in :class:`RocCurveDisplay`.

    Examples
    --------
    >>> from rankscore.plot import LiftCurveDisplay
    >>> display = LiftCurveDisplay.from_predictions(
    ...     [0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90], linestyle=":")
    >>> display.lift.tolist()[:2], display.line_.get_linestyle()
    ([2.0, 2.0], ':')
    """

    _ylabel = "Cumulative lift"
    _metric = "lift at 10 %"
    _legend_loc = "upper right"
    _unit_square = False

    def __init__(
        self,
        fraction_targeted: ArrayLike,
        lift: ArrayLike,
        *,
        lift_at_10: float | None = None,
        name: str | None = None,
        pos_label: Any = None,
        thresholds: ArrayLike | None = None,
    ) -> None:
        super().__init__(fraction_targeted, lift, value=lift_at_10, name=name,
                         pos_label=pos_label, thresholds=thresholds)

    @property
    def lift(self) -> Array:
        return self.values

    @property
    def lift_at_10(self) -> float | None:
        return self.value

    def _metric_text(self, value: float) -> str:
        return f"{self._metric} = {value:.3g}"

    def _chance_level(self) -> tuple[list[float], list[float], dict[str, Any]]:
        return [0.0, 1.0], [1.0, 1.0], {"label": "Chance level (lift = 1)", "color": "k",
                                        "linestyle": "--"}

    def plot(
        self,
        ax: Axes | None = None,
        *,
        name: str | None = None,
        curve_kwargs: Mapping[str, Any] | None = None,
        plot_chance_level: bool = False,
        chance_level_kw: Mapping[str, Any] | None = None,
        despine: bool = False,
        **kwargs: Any,
    ) -> LiftCurveDisplay:
        """Draw the curve; the arguments are :meth:`RocCurveDisplay.plot`'s."""
        return self._draw(ax, name, curve_kwargs, plot_chance_level, chance_level_kw, despine,
                         kwargs)

    @classmethod
    def from_predictions(
        cls,
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
    ) -> LiftCurveDisplay:
        """Compute the lift curve of scores and draw it.

        The arrays are :func:`rankscore.gains.lift_curve`'s, ``lift_at_10`` is
        :meth:`ScoreSummary.lift_at(0.1) <rankscore.ScoreSummary.lift_at>`.
        """
        line_style("LiftCurveDisplay.from_predictions", {}, curve_kwargs, kwargs)
        summary = summary_of(y_true, y_score, pos_label, sample_weight, "a lift curve")
        x, lift, thresholds = summary.lift_curve()
        display = cls(x, lift, lift_at_10=summary.lift_at(0.1), name=name,
                      pos_label=pos_label_of(y_true, pos_label), thresholds=thresholds)
        return display.plot(ax, curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kw, despine=despine, **kwargs)

    @classmethod
    def from_estimator(
        cls,
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
    ) -> LiftCurveDisplay:
        """Score ``X`` with a fitted binary classifier and draw the lift curve, as
        :meth:`RocCurveDisplay.from_estimator`."""
        scores, pos_label = estimator_scores(estimator, X, response_method, pos_label)
        return cls.from_predictions(
            y, scores, sample_weight=sample_weight, pos_label=pos_label,
            name=type(estimator).__name__ if name is None else name, ax=ax,
            curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine, **kwargs,
        )
