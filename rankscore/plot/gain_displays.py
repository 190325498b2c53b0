"""Displays of the cumulative gain and lift curves, in the style of scikit-learn's
(:class:`~rankscore.plot.RocCurveDisplay`): built from scores (``from_predictions``) or a
fitted binary classifier (``from_estimator``), drawn again with ``plot``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..summary import ScoreSummary
from .displays import Array, CurveDisplay

__all__ = ["CumulativeGainDisplay", "LiftCurveDisplay"]


class GainDisplay(CurveDisplay):
    """What the gain and lift displays share: their x axis and their arrays."""

    _xlabel = "Fraction of population targeted"

    def __init__(self, fraction_targeted: ArrayLike, values: ArrayLike, value: float | None,
                 name: str | None, pos_label: Any, thresholds: ArrayLike | None) -> None:
        super().__init__(name, pos_label, thresholds)
        self.fraction_targeted: Array = np.asarray(fraction_targeted, dtype=np.float64)
        self.values: Array = np.asarray(values, dtype=np.float64)
        self.value = value

    def _curve_xy(self) -> tuple[Array, Array]:
        return self.fraction_targeted, self.values

    def _metric_value(self) -> float | None:
        return self.value


class CumulativeGainDisplay(GainDisplay):
    """Cumulative gain (captured response) display, in the style of scikit-learn's.

    x is the fraction of the population targeted (highest scores first), y the fraction of
    the positives captured; the chance level is the diagonal of random targeting, and the
    legend shows the Gini (``2 AUC - 1``). :meth:`from_predictions` computes the arrays
    with :func:`rankscore.gains.cumulative_gain_curve` and the Gini with
    :func:`rankscore.gini_score`; :meth:`plot` and :meth:`from_estimator` work as
    :class:`RocCurveDisplay`'s.

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
    _curve_name = "a cumulative gain curve"

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
        super().__init__(fraction_targeted, fraction_captured, gini, name, pos_label, thresholds)

    @classmethod
    def _from_summary(cls, summary: ScoreSummary, name: str | None, pos_label: Any,
                      options: Mapping[str, Any]) -> CumulativeGainDisplay:
        x, y, thresholds = summary.cumulative_gain_curve()
        return cls(x, y, gini=summary.gini(), name=name, pos_label=pos_label,
                   thresholds=thresholds)

    @property
    def fraction_captured(self) -> Array:
        return self.values

    @property
    def gini(self) -> float | None:
        return self.value

    def _chance_level(self) -> tuple[list[float], list[float], dict[str, Any]]:
        return [0.0, 1.0], [0.0, 1.0], {"label": "Chance level (Gini = 0)", "color": "k",
                                        "linestyle": "--"}


class LiftCurveDisplay(GainDisplay):
    """Cumulative lift display, in the style of scikit-learn's.

    x is the fraction of the population targeted, y the cumulative lift (how many times
    the prevalence the positive rate among the targeted is); the chance level is lift 1,
    and the legend shows the lift at 10 % targeted. :meth:`from_predictions` computes the
    arrays with :func:`rankscore.gains.lift_curve` and the lift at 10 % with
    :meth:`ScoreSummary.lift_at(0.1) <rankscore.ScoreSummary.lift_at>`; :meth:`plot` and
    :meth:`from_estimator` work as :class:`RocCurveDisplay`'s.

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
    _curve_name = "a lift curve"

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
        super().__init__(fraction_targeted, lift, lift_at_10, name, pos_label, thresholds)

    @classmethod
    def _from_summary(cls, summary: ScoreSummary, name: str | None, pos_label: Any,
                      options: Mapping[str, Any]) -> LiftCurveDisplay:
        x, lift, thresholds = summary.lift_curve()
        return cls(x, lift, lift_at_10=summary.lift_at(0.1), name=name, pos_label=pos_label,
                   thresholds=thresholds)

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
