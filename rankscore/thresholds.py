"""Choosing a threshold exactly: every distinct score is a candidate, no grid.

``best_threshold`` runs the threshold sweep of the engine (``rankscore._engine``) once (cumulative
positives ``tps`` and negatives ``fps`` scoring at or above each distinct score) and
evaluates the objective at every distinct score in one vectorized pass.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._engine.parts import binary_problem
from ._engine.results import ThresholdChoice, check_beta
from ._engine.sweep import sweep_of_problem
from ._engine.validate import check_choice, check_real, quoted
from ._engine.views import best_threshold_view

__all__ = ["ThresholdChoice", "best_threshold", "OBJECTIVES"]

#: The objectives :func:`best_threshold` maximizes: ``"max_recall"`` (under a minimum
#: precision), ``"max_precision"`` (under a minimum recall), ``"youden"``, ``"f_beta"``,
#: ``"profit"``.
OBJECTIVES = ("max_recall", "max_precision", "youden", "f_beta", "profit")

def _check_fraction(value: Any, name: str) -> float:
    return check_real(value, name, low=0, high=1, what="a number in [0, 1]")


def _check_profit_matrix(profit_matrix: Any) -> np.ndarray:
    try:
        matrix = np.asarray(profit_matrix, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError("profit_matrix must be a 2x2 array of numbers, got "
                        f"{quoted(profit_matrix)}")
    if matrix.shape != (2, 2):
        raise ValueError(
            f"profit_matrix must have shape (2, 2) [[tp, fn], [fp, tn]], got {matrix.shape}"
        )
    if not np.isfinite(matrix).all():
        raise ValueError("profit_matrix contains NaN or infinity")
    return matrix


def _check_options(objective: Any, min_precision: Any, min_recall: Any, beta: Any,
                   profit_matrix: Any) -> None:
    check_choice(objective, "objective", OBJECTIVES)
    wanted = {
        "min_precision": objective == "max_recall",
        "min_recall": objective == "max_precision",
        "profit_matrix": objective == "profit",
    }
    given = {
        "min_precision": min_precision, "min_recall": min_recall, "profit_matrix": profit_matrix
    }
    for name, needed in wanted.items():
        if needed and given[name] is None:
            raise ValueError(f"objective={quoted(objective)} needs {name}=")
        if not needed and given[name] is not None:
            raise ValueError(f"{name}= does not apply to objective={quoted(objective)}")
    if objective != "f_beta" and beta != 1.0:
        raise ValueError(f"beta= applies to objective='f_beta' only, not {quoted(objective)}")


def best_threshold(y_true: Any, y_score: Any, objective: str, *, pos_label: Any = None,
                   sample_weight: Any = None, min_precision: float | None = None,
                   min_recall: float | None = None, beta: float = 1.0,
                   profit_matrix: Any = None) -> ThresholdChoice:
    """The threshold that maximizes an objective, over every distinct score.

    Predicted positive means ``score >= threshold`` (:ref:`def-one-threshold`). Every
    distinct score is tried; no grid, no interpolation.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels: {0, 1}, {-1, 1}, bool, or any labels with ``pos_label``.
    y_score : array-like of shape (n_samples,)
        Finite scores, higher = more likely positive.
    objective : {"max_recall", "max_precision", "youden", "f_beta", "profit"}
        * ``"max_recall"``: highest recall with precision >= ``min_precision``;
        * ``"max_precision"``: highest precision with recall >= ``min_recall``;
        * ``"youden"``: highest informedness J = TPR − FPR;
        * ``"f_beta"``: highest F-beta (``beta``);
        * ``"profit"``: highest total profit, ``profit_matrix`` weighing the cells.
    pos_label : label, optional
        The positive class (needed unless labels are {0, 1}, {-1, 1} or bool).
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights; zero-weight samples are ignored.
    min_precision, min_recall : float in [0, 1]
        The constraint of ``"max_recall"`` / ``"max_precision"`` (required there, an error
        elsewhere).
    beta : float, default 1.0
        Of ``"f_beta"`` only.
    profit_matrix : array-like of shape (2, 2)
        Of ``"profit"`` only: value of one sample in each cell, in the positive-first layout
        ``[[tp, fn], [fp, tn]]`` (rows = actual, columns = predicted; :ref:`def-layout`),
        e.g. ``[[100, 0], [-5, 0]]`` for a campaign earning 100 per responder reached and
        costing 5 per non-responder contacted.

    Returns
    -------
    ThresholdChoice
        ``threshold`` (a score of the data, or ``inf`` — see Notes), ``value`` (the
        objective there), ``confusion`` (the :class:`BinaryConfusion` there) and
        ``objective``.

    Raises
    ------
    ValueError
        When no threshold meets the constraint (the message gives the best reachable
        value), when y_true has no positives (no negatives, for "youden"), or for
        options that do not fit the objective.

    See Also
    --------
    binary_confusion : the counts and rates at a given threshold.

    Notes
    -----
    With tps(t), fps(t) the positives/negatives scoring >= t, P and N the totals:
    recall = tps / P, precision = tps / (tps + fps), J = tps / P − fps / N,
    F-beta = (1 + b²) tps / (b² P + tps + fps), profit = v_tp tps + v_fn (P − tps) +
    v_fp fps + v_tn (N − fps).

    *Ties*: among thresholds whose values are equal (to 1e-12 relative), the highest
    threshold wins — the one flagging the fewest samples for the same value.

    *Candidates*: the distinct scores (each flags at least one sample). For ``"profit"``
    the threshold ``inf`` (flag nobody) is a candidate too, since a campaign may lose
    money at every threshold.

    Cost: one sweep (a sort of each class's scores and a merge), then O(distinct scores).

    Examples
    --------
    The spam demo (:ref:`def-spam`):

    >>> from rankscore import best_threshold
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> choice = best_threshold(data.target, data.score, "youden", pos_label="spam")
    >>> choice.threshold, round(choice.value, 4)
    (0.676, 0.5758)
    >>> choice = best_threshold(data.target, data.score, "max_recall", pos_label="spam",
    ...                         min_precision=0.6)
    >>> choice.threshold, choice.confusion.tp, choice.confusion.fp
    (0.16, 9, 6)
    """
    options = checked_options(objective, min_precision, min_recall, beta, profit_matrix)
    sweep = sweep_of_problem(binary_problem(y_true, y_score, pos_label, sample_weight))
    return best_threshold_view(sweep, sample_weight is not None, objective, *options)


def checked_options(objective: Any, min_precision: Any, min_recall: Any, beta: Any,
                    profit_matrix: Any) -> tuple[Any, Any, Any, Any]:
    """(min_precision, min_recall, beta, profit matrix) checked for the objective."""
    _check_options(objective, min_precision, min_recall, beta, profit_matrix)
    if min_precision is not None:
        min_precision = _check_fraction(min_precision, "min_precision")
    if min_recall is not None:
        min_recall = _check_fraction(min_recall, "min_recall")
    beta = check_beta(beta)
    matrix = None if profit_matrix is None else _check_profit_matrix(profit_matrix)
    return min_precision, min_recall, beta, matrix


