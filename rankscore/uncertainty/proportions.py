"""Intervals for rates at one threshold: Wilson, Agresti-Coull and Clopper-Pearson."""

from __future__ import annotations

import math
from typing import Any

from .._engine.validate import check_choice, check_real, check_threshold
from ..metrics import binary_confusion
from .results import ConfidenceInterval
from .stats import check_level, normal_critical

__all__ = ["proportion_ci", "rate_intervals"]


def _check_count(value: Any, name: str) -> float:
    return check_real(value, name, low=0, finite=True, what="a number")


def proportion_ci(
    successes: float,
    trials: float,
    *,
    confidence_level: float = 0.95,
    method: str = "wilson",
) -> ConfidenceInterval:
    """Confidence interval of a proportion (a rate such as recall or precision).

    Parameters
    ----------
    successes : number >= 0
        E.g. tp for recall (a weight sum is accepted).
    trials : number > 0
        E.g. tp + fn for recall; at least ``successes``.
    confidence_level : float in (0, 1), default=0.95
    method : {"wilson", "agresti_coull", "clopper_pearson"}, default="wilson"
        Wilson's score interval and Agresti–Coull in closed form; the exact
        Clopper–Pearson interval needs SciPy (an ImportError saying so otherwise).

    Returns
    -------
    ConfidenceInterval
        ``estimate`` = successes / trials and the interval.

    See Also
    --------
    rate_intervals : Every rate of a classifier at one threshold.

    Notes
    -----
    With p = x / n and z = z_{1−α/2}: Wilson (x + z²/2) / (n + z²) ± z / (n + z²)
    sqrt(x (n − x) / n + z² / 4) (R's ``prop.test(x, n, correct = FALSE)``);
    Agresti–Coull p̃ ± z sqrt(p̃ (1 − p̃) / ñ) with ñ = n + z², p̃ = (x + z²/2) / ñ, clipped
    to [0, 1]; Clopper–Pearson the Beta(x, n − x + 1) α/2 and Beta(x + 1, n − x) 1 − α/2
    quantiles (0 and 1 at the ends; R's ``binom.test(x, n)``).

    Examples
    --------
    >>> from rankscore.uncertainty import proportion_ci
    >>> ci = proportion_ci(6, 9)
    >>> round(ci.estimate, 4), round(ci.low, 4), round(ci.high, 4)
    (0.6667, 0.3542, 0.8794)
    """
    level = check_level(confidence_level)
    check_choice(method, "method", ("wilson", "agresti_coull", "clopper_pearson"))
    x, n = _check_count(successes, "successes"), _check_count(trials, "trials")
    if n == 0:
        raise ValueError("trials must be > 0 (the rate is undefined with no trials)")
    if x > n:
        raise ValueError(f"successes ({x:g}) must not exceed trials ({n:g})")
    p = x / n
    z = normal_critical(level)
    if method == "wilson":
        centre = (x + z * z / 2) / (n + z * z)
        half = z / (n + z * z) * math.sqrt(x * (n - x) / n + z * z / 4)
        low, high = max(0.0, centre - half), min(1.0, centre + half)
    elif method == "agresti_coull":
        n_tilde = n + z * z
        p_tilde = (x + z * z / 2) / n_tilde
        half = z * math.sqrt(p_tilde * (1 - p_tilde) / n_tilde)
        low, high = max(0.0, p_tilde - half), min(1.0, p_tilde + half)
    else:
        try:
            from scipy.stats import beta
        except ImportError:
            raise ImportError("method='clopper_pearson' needs SciPy (pip install scipy); "
                              "rankscore itself depends only on NumPy. 'wilson' and "
                              "'agresti_coull' need nothing else") from None
        alpha = 1 - level
        low = 0.0 if x == 0 else float(beta.ppf(alpha / 2, x, n - x + 1))
        high = 1.0 if x == n else float(beta.ppf(1 - alpha / 2, x + 1, n - x))
    return ConfidenceInterval(p, low, high, level, method)


_RATE_PARTS = {
    "recall": lambda c: (c.tp, c.tp + c.fn),
    "specificity": lambda c: (c.tn, c.tn + c.fp),
    "fpr": lambda c: (c.fp, c.tn + c.fp),
    "fnr": lambda c: (c.fn, c.tp + c.fn),
    "precision": lambda c: (c.tp, c.tp + c.fp),
    "npv": lambda c: (c.tn, c.tn + c.fn),
    "accuracy": lambda c: (c.tp + c.tn, c.tp + c.fp + c.fn + c.tn),
    "prevalence": lambda c: (c.tp + c.fn, c.tp + c.fp + c.fn + c.tn),
}


def rate_intervals(
    y_true: Any,
    y_score: Any,
    *,
    threshold: float,
    pos_label: Any = None,
    sample_weight: Any = None,
    confidence_level: float = 0.95,
    method: str = "wilson",
) -> dict[str, ConfidenceInterval]:
    """Intervals for every rate of a classifier at one threshold.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; predicted positive when ``score >= threshold``.
    threshold : float
    pos_label : label, optional
    sample_weight : array-like, optional
        Counts become weight sums (the binomial intervals then treat them as counts).
    confidence_level : float in (0, 1), default=0.95
    method : {"wilson", "agresti_coull", "clopper_pearson"}, default="wilson"
        See :func:`proportion_ci`.

    Returns
    -------
    dict of str to ConfidenceInterval
        ``recall``, ``specificity``, ``fpr``, ``fnr``, ``precision``, ``npv``,
        ``accuracy``, ``prevalence``; a rate with a zero denominator is left out.

    See Also
    --------
    binary_confusion, proportion_ci

    Notes
    -----
    Each rate is successes / trials of the confusion at the threshold (recall tp / (tp +
    fn), precision tp / (tp + fp), …), with its binomial interval.

    Examples
    --------
    >>> from rankscore.uncertainty import rate_intervals
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> ci = rate_intervals(data.target, data.score, threshold=0.5, pos_label="spam")
    >>> round(ci["recall"].estimate, 4), round(ci["recall"].low, 4)
    (0.6667, 0.3542)
    """
    threshold = check_threshold(threshold)  # required here: None would read hard predictions
    level = check_level(confidence_level)
    check_choice(method, "method", ("wilson", "agresti_coull", "clopper_pearson"))
    confusion = binary_confusion(y_true, y_score, threshold=threshold, pos_label=pos_label,
                                 sample_weight=sample_weight)
    out = {}
    for name, parts in _RATE_PARTS.items():
        x, n = parts(confusion)
        if n > 0:
            out[name] = proportion_ci(x, n, confidence_level=level, method=method)
    return out
