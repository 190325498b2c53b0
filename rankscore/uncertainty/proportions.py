"""Intervals for rates at one threshold: Wilson, Agresti-Coull and Clopper-Pearson."""

from __future__ import annotations

import math
from typing import Any, Callable

from .._engine.validate import check_choice, check_real, check_threshold
from ..metrics import binary_confusion
from .results import ConfidenceInterval
from .stats import NORMAL, check_level, normal_critical

__all__ = ["proportion_ci", "rate_intervals"]


def _check_count(value: Any, name: str) -> float:
    return check_real(value, name, low=0, finite=True, what="a number")


# Clopper–Pearson's bounds are Beta quantiles. SciPy's beta.ppf (Boost's inverse incomplete
# beta) loses accuracy when both parameters are large (checked against mpmath's quadrature
# at 40 digits: within 1e-9 of the standard deviation below 1e8, 6e-6 at 1e14, and bounds
# on the wrong side of the estimate from 1e16) and returns NaN when one of them is beyond
# about 1e155. From 1e8 on both, the Cornish–Fisher expansion to order 1/n is within 1e-8
# standard deviations (or an ulp of the bound) up to 1e30, its error O(n^-3/2); below 1e8
# on one, SciPy is checked to 1e20 on the other.
CORNISH_FISHER_FROM = 1e8
SCIPY_UP_TO = 1e20


def _cornish_fisher(q: float, a: float, b: float, upper: bool = False) -> float:
    """The q-quantile of Beta(a, b) for large a and b (with ``upper``, the quantile with q
    above it): mean + sd (z + γ1 (z² − 1) / 6 + γ2 (z³ − 3z) / 24 − γ1² (2z³ − 5z) / 36),
    written in a / (a + b) and b / (a + b) so that nothing overflows."""
    z = -NORMAL.inv_cdf(q) if upper else NORMAL.inv_cdf(q)
    n = a + b
    pa, pb = a / n, b / n
    sd = math.sqrt(pa * pb / (n + 1))
    g1 = 2 * (pb - pa) * math.sqrt(n + 1) / ((n + 2) * math.sqrt(pa * pb))
    g2 = 6 * ((pa - pb) ** 2 * ((n + 1) / (n + 2)) - pa * pb) / (pa * pb * (n + 3))
    w = z + (z * z - 1) * g1 / 6 + (z**3 - 3 * z) * g2 / 24 - (2 * z**3 - 5 * z) * g1 * g1 / 36
    return min(1.0, max(0.0, pa + sd * w))


def _clopper_pearson(x: float, n: float, alpha: float) -> tuple[float, float]:
    """Beta(x, n − x + 1)'s α/2 and Beta(x + 1, n − x)'s 1 − α/2 quantiles; Beta(n, 1) and
    Beta(1, n) (x = n, x = 0) in closed form. The upper bound is found from its upper tail
    α/2, not from 1 − α/2, which rounds to 1 for α below 2.2e-16 (a level of
    0.9999999999999999)."""
    def quantile(tail: float, a: float, b: float, upper: bool) -> float:
        # the quantile with ``tail`` below it (above it with ``upper``)
        if min(a, b) >= CORNISH_FISHER_FROM:
            return _cornish_fisher(tail, a, b, upper)
        if b == 1:  # Beta(a, 1): t^a
            return math.exp((math.log1p(-tail) if upper else math.log(tail)) / a)
        if a == 1:  # Beta(1, b): 1 − (1 − t)^b
            return -math.expm1((math.log(tail) if upper else math.log1p(-tail)) / b)
        if max(a, b) > SCIPY_UP_TO:
            raise ValueError(
                f"method='clopper_pearson' is not computed reliably for successes={x:g}, "
                f"trials={n:g}: with fewer than {CORNISH_FISHER_FROM:g} successes or failures, "
                f"trials beyond {SCIPY_UP_TO:g} are out of its range; use method='wilson'")
        try:
            from scipy.stats import beta
        except ImportError:
            raise ImportError("method='clopper_pearson' needs SciPy (pip install scipy); "
                              "rankscore itself depends only on NumPy. 'wilson' and "
                              "'agresti_coull' need nothing else") from None
        return float(beta.isf(tail, a, b) if upper else beta.ppf(tail, a, b))

    low = 0.0 if x == 0 else quantile(alpha / 2, x, n - x + 1, False)
    high = 1.0 if x == n else quantile(alpha / 2, x + 1, n - x, True)
    if not 0 <= low <= high <= 1:  # NaN included
        raise ValueError(f"method='clopper_pearson' could not be computed for successes="
                         f"{x:g}, trials={n:g} (got {low!r}, {high!r}); use method='wilson'")
    return low, high


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
        Clopper–Pearson interval needs SciPy (an ImportError saying so otherwise) unless
        x = 0, x = n, or both x and n − x are at least 10^8.

    Returns
    -------
    ConfidenceInterval
        ``estimate`` = successes / trials and the interval, which always holds it.

    Raises
    ------
    ValueError
        Counts that are negative or not finite, successes above trials, no trials; with
        ``method="clopper_pearson"``, fewer than 10^8 successes or failures out of more
        than 10^20 trials (beyond what its Beta quantiles are computed reliably for: use
        ``"wilson"``).

    See Also
    --------
    rate_intervals : Every rate of a classifier at one threshold.

    Notes
    -----
    With p = x / n, q = (n − x) / n and z = z_{1−α/2}: Wilson (x + z²/2) / (n + z²) ± z
    sqrt(x q + z² / 4) / (n + z²) (R's ``prop.test(x, n, correct = FALSE)``; x q is
    x (n − x) / n, written so that no count up to float64's limit overflows, and the lower
    bound is computed as p (x / (n + z²)) / upper, the product of the roots, which does not
    cancel near 0);
    Agresti–Coull p̃ ± z sqrt(p̃ q̃ / ñ) with ñ = n + z², p̃ = (x + z²/2) / ñ,
    q̃ = (n − x + z²/2) / ñ, clipped to [0, 1]; Clopper–Pearson the Beta(x, n − x + 1) α/2
    and Beta(x + 1, n − x) 1 − α/2 quantiles (0 and 1 at the ends; R's
    ``binom.test(x, n)``). Weighted (non-integer) counts are used as they are, as counts.

    Clopper–Pearson's quantiles: (α/2)^(1/n) and 1 − (α/2)^(1/n) at x = n and x = 0; SciPy's
    ``beta.ppf`` while x or n − x is below 10^8 (and n at most 10^20); from 10^8 on both,
    the Cornish–Fisher expansion of the Beta quantile to order 1/n (SciPy's loses accuracy
    there: at 2·10^14 of 3·10^14 it is off by 2·10^-4 of the interval's width, from 10^16
    the bounds fall on the wrong side of the estimate). Checked against 40-digit
    quadrature: within 10^-8 standard deviations, or an ulp of the bound.

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
        # x (n − x) / n as x q: neither overflows for counts up to float64's limit
        q = (n - x) / n
        centre = (x + z * z / 2) / (n + z * z)
        half = z * math.sqrt(x * q + z * z / 4) / (n + z * z)
        high = 1.0 if x == n else min(1.0, centre + half)
        # the bounds are the roots of (n + z²) t² − (2x + z²) t + x² / n: low = p (x / (n +
        # z²)) / high, without centre − half's cancellation when low is near 0
        low = 0.0 if x == 0 else p * (x / (n + z * z)) / (centre + half)
    elif method == "agresti_coull":
        n_tilde = n + z * z
        p_tilde, q_tilde = (x + z * z / 2) / n_tilde, (n - x + z * z / 2) / n_tilde
        half = z * math.sqrt(p_tilde * q_tilde / n_tilde)
        low, high = max(0.0, p_tilde - half), min(1.0, p_tilde + half)
    else:
        low, high = _clopper_pearson(x, n, 1 - level)
    # the exact interval holds p; rounding may put a bound an ulp past it
    low, high = min(low, p), max(high, p)
    return ConfidenceInterval(p, low, high, level, method)


_RATE_PARTS: dict[str, Callable[[Any], tuple[Any, Any]]] = {
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
    strict: bool = False,
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
    strict : bool, default False
        Predicted positive when ``score > threshold`` instead, as in :func:`binary_confusion`.

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
                                 sample_weight=sample_weight, strict=strict)
    out = {}
    for name, parts in _RATE_PARTS.items():
        x, n = parts(confusion)
        if n > 0:
            out[name] = proportion_ci(x, n, confidence_level=level, method=method)
    return out
