"""Kolmogorov–Smirnov tests: the two-class test of a scored classifier and scipy's drop-ins.

* :func:`ks_test` tests whether the positives' and the negatives' scores come from one
  distribution: the statistic of :func:`rankscore.ks_statistic` with its p-value.
* :func:`ks_2samp`, :func:`ks_1samp` and :func:`kstest` take scipy's arguments and return
  scipy's numbers (``scipy.stats.ks_2samp``, ``ks_1samp``, ``kstest``) without importing
  scipy.

Every test returns a :class:`KSTestResult`. The statistic comes from the sweep engine (one
sort or count per class, exact integer comparisons); the null distributions live in
:mod:`rankscore._kolmogorov`, the exact two-sample path count in the ``ks_two_sample_sf``
kernel.
"""

from __future__ import annotations

import importlib
import math
from typing import Any, Callable, NamedTuple

import numpy as np

from . import _backend, _kolmogorov
from ._engine.parts import Problem, binary_problem, class_parts, class_totals
from ._engine.validate import as_scores, check_choice, check_flag, check_positive_int, quoted
from ._engine.views import warn_one_class

__all__ = ["KSTestResult", "ks_test", "ks_2samp", "ks_1samp", "kstest"]

_ALTERNATIVES = ("two-sided", "less", "greater")
_TWO_SAMPLE_METHODS = ("auto", "exact", "asymp")
_ONE_SAMPLE_METHODS = ("auto", "exact", "approx", "asymp")


class _StatisticPValue(NamedTuple):
    statistic: float
    pvalue: float


class KSTestResult(_StatisticPValue):
    """Result of a Kolmogorov–Smirnov test, shaped as scipy's ``KstestResult``.

    A named tuple of ``(statistic, pvalue)``, so ``d, p = ks_2samp(a, b)`` unpacks as with
    scipy, carrying two more attributes (as scipy's result does):

    * ``statistic_location``: the value where the statistic is reached (the smallest such
      value; for :func:`ks_test`, a score threshold).
    * ``statistic_sign``: +1 when the statistic is the largest excess of the first CDF over
      the second (the empirical over the theoretical CDF in the one-sample tests, the
      negatives' over the positives' in :func:`ks_test`), -1 for the other direction, 0
      when the test is undefined.

    Examples
    --------
    >>> from rankscore.ks import ks_2samp
    >>> res = ks_2samp([0.1, 0.2, 0.3], [0.25, 0.4, 0.5, 0.6])
    >>> d, p = res
    >>> d, round(p, 4), res.statistic_location, res.statistic_sign
    (0.75, 0.2286, 0.3, 1)
    """

    statistic_location: float
    statistic_sign: int

    def __new__(cls, statistic: float, pvalue: float, statistic_location: float = math.nan,
                statistic_sign: int = 0) -> KSTestResult:
        self = super().__new__(cls, statistic, pvalue)
        self.statistic_location = statistic_location
        self.statistic_sign = statistic_sign
        return self

    def __repr__(self) -> str:
        return (f"KSTestResult(statistic={self.statistic!r}, pvalue={self.pvalue!r}, "
                f"statistic_location={self.statistic_location!r}, "
                f"statistic_sign={self.statistic_sign!r})")

    def __getnewargs__(self) -> tuple[float, float, float, int]:
        return (self.statistic, self.pvalue, self.statistic_location, self.statistic_sign)

    def _asdict(self) -> dict[str, Any]:
        return {"statistic": self.statistic, "pvalue": self.pvalue,
                "statistic_location": self.statistic_location,
                "statistic_sign": self.statistic_sign}

    def _replace(self, **changes: Any) -> KSTestResult:
        return KSTestResult(**{**self._asdict(), **changes})


# ---------------------------------------------------------------------------------------
# two samples


def ks_test(
    y_true: Any,
    y_score: Any,
    *,
    pos_label: Any = None,
    alternative: str = "two-sided",
    method: str = "auto",
    exact_ties: bool = False,
) -> KSTestResult:
    """Kolmogorov–Smirnov test of a scored classifier: do both classes score alike?

    The two-sample test of the negatives' scores (first sample) against the positives'
    scores (second sample): the statistic of :func:`rankscore.ks_statistic` with its
    p-value, equal to ``scipy.stats.ks_2samp(negatives' scores, positives' scores)``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels ({0, 1}, {-1, 1}, bool, or others with ``pos_label``).
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The positive class.
    alternative : {'two-sided', 'greater', 'less'}, default='two-sided'
        With F− and F+ the score distributions of negatives and positives:
        ``'two-sided'``: F− ≠ F+; ``'greater'``: F−(t) > F+(t) somewhere, i.e. positives
        tend to score higher (the direction a useful model separates in); ``'less'``:
        F−(t) < F+(t) somewhere, negatives tend to score higher.
    method : {'auto', 'exact', 'asymp'}, default='auto'
        How the p-value is computed: ``'exact'`` counts lattice paths (O(n− n+)),
        ``'asymp'`` uses the large-sample law, ``'auto'`` is exact when neither class has
        more than 10,000 samples (scipy's rule).
    exact_ties : bool, default=False
        With tied scores, use the exact null law given the ties (the permutation law of the
        statistic when the CDFs can only step at the distinct scores) instead of scipy's
        law for continuous scores, which is then conservative. Applies where the exact
        method is used; without ties it changes nothing.

    Returns
    -------
    KSTestResult
        ``(statistic, pvalue)`` with ``statistic_location`` (a score threshold: predicting
        positive for ``score > statistic_location`` attains the statistic) and
        ``statistic_sign`` (+1 when there F− − F+ = statistic, i.e. TPR − FPR; −1 when
        F+ − F− = statistic). One class missing: all NaN (sign 0) with an
        ``UndefinedMetricWarning``.

    Warns
    -----
    RuntimeWarning
        When an exact p-value was asked for but scipy's exact computation does not apply
        (see :func:`ks_2samp`); the asymptotic one is returned.

    See Also
    --------
    rankscore.ks_statistic : The two-sided statistic and its threshold alone.
    ks_2samp : The same test for two samples, with scipy's signature.

    Notes
    -----
    With F−(t), F+(t) the fractions of negatives and positives scoring ``<= t``:
    D+ = max_t (F−(t) − F+(t)) (``'greater'``), D− = max_t (F+(t) − F−(t)) (``'less'``),
    D = max(D+, D−) (``'two-sided'``, D+ when they are equal), the maxima taken over the
    distinct scores, in exact integer arithmetic. With m negatives and n positives and no
    ties, under the null hypothesis every order of the pooled scores is equally likely and
    P(D >= d) is the share of the C(m + n, m) lattice paths that reach the boundary
    ``|i/m − j/n| >= d`` (Hodges 1957); the asymptotic p-value is the finite-n Kolmogorov law
    at n_e = round(m n / (m + n)) (two-sided) or exp(−2 z² − 2 z (M + 2 N) / (3 sqrt(M N
    (M + N)))) with z = sqrt(n_e) D, M >= N the sample sizes (one-sided, Hodges' formula),
    exactly as scipy. The statistic is the same number as
    :func:`rankscore.ks_statistic`'s; ``statistic_location`` is the smallest score where
    it is reached in the reported direction (when D+ = D−, ``ks_statistic`` may report the
    threshold of D−).

    Weights are not taken: the null distribution is a law of counts (scipy has no weights
    either). For frequency weights, repeat the rows.

    The name follows the library's other tests (``delong_test``, ``bootstrap_test``) and
    its arguments those of :func:`rankscore.ks_statistic`; scipy's names (``ks_2samp``,
    ``ks_1samp``, ``kstest``) are kept for the functions with scipy's signatures.

    Examples
    --------
    >>> from rankscore.ks import ks_test
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1, 0, 1]
    >>> s = [0.1, 0.8, 0.3, 0.2, 0.65, 0.9, 0.7, 0.6, 0.4, 0.35]
    >>> res = ks_test(y, s)
    >>> res.statistic, round(res.pvalue, 4), res.statistic_location, res.statistic_sign
    (0.6, 0.3571, 0.3, 1)
    >>> round(ks_test(y, s, alternative="greater").pvalue, 4)
    0.1786
    """
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    method = check_choice(method, "method", _TWO_SAMPLE_METHODS)
    exact_ties = check_flag(exact_ties, "exact_ties")
    problem = binary_problem(y_true, y_score, pos_label)
    return _two_sample(problem, alternative, method, exact_ties, "ks_test")


def ks_2samp(
    data1: Any,
    data2: Any,
    alternative: str = "two-sided",
    method: str = "auto",
    *,
    exact_ties: bool = False,
) -> KSTestResult:
    """Two-sample Kolmogorov–Smirnov test: ``scipy.stats.ks_2samp`` without scipy.

    Same arguments, statistic, p-value, location and sign as scipy (to 1e-10, relative for
    tiny p-values), on 1-D samples, except where max(F1 − F2) and max(F2 − F1) are equal:
    the sign is then +1 (scipy's choice there follows the rounding of its sums).

    Parameters
    ----------
    data1, data2 : array-like of shape (n1,), (n2,)
        The two samples (finite numbers; neither empty).
    alternative : {'two-sided', 'less', 'greater'}, default='two-sided'
        With F1, F2 the distributions of ``data1`` and ``data2``: ``'two-sided'``: F1 ≠ F2;
        ``'less'``: F1(x) < F2(x) for some x (``data1`` tends to be larger);
        ``'greater'``: F1(x) > F2(x) for some x (``data1`` tends to be smaller).
    method : {'auto', 'exact', 'asymp'}, default='auto'
        ``'exact'`` counts lattice paths, ``'asymp'`` uses the large-sample law, ``'auto'``
        is exact when neither sample has more than 10,000 values.
    exact_ties : bool, default=False
        Not in scipy: with ties, the exact law given the ties where the exact method is used
        (see :func:`ks_test`).

    Returns
    -------
    KSTestResult
        ``(statistic, pvalue)``, ``statistic_location`` (the smallest value where the
        statistic is reached) and ``statistic_sign`` (+1 for max(F1 − F2), −1 for
        max(F2 − F1); +1 when the two are equal).

    Warns
    -----
    RuntimeWarning
        As scipy, when an exact p-value is asked for (``'exact'``, or ``'auto'`` on small
        samples) but cannot be computed: lcm(n1, n2) >= 2**31, or one-sided with n1 ≠ n2
        and C(n1 + n2, n1) beyond the largest double (scipy's own range). The asymptotic
        p-value is returned.

    See Also
    --------
    ks_test : The same test for a classifier's labels and scores.
    ks_1samp : One sample against a theoretical distribution.

    Notes
    -----
    D+ = max_x (F1(x) − F2(x)), D− = max_x (F2(x) − F1(x)) over the pooled values,
    D = max(D+, D−); p-values as described in :func:`ks_test`. Unlike scipy, ``axis``,
    ``nan_policy`` and masked arrays are not supported: the samples are 1-D, and NaN or
    infinite values are an error. When several values reach the statistic, the location is
    the smallest (the CDF differences are compared exactly; scipy compares them in floating
    point and may report another value reaching the same statistic). One p-value differs on
    purpose: with samples of equal size, scipy's exact two-sided formula can round a
    p-value of 1 to just above 1, and scipy then returns the asymptotic p-value with a
    RuntimeWarning ("Exact calculation unsuccessful"); rankscore returns 1.

    Examples
    --------
    >>> from rankscore.ks import ks_2samp
    >>> res = ks_2samp([0.1, 0.2, 0.3, 0.4], [0.35, 0.5, 0.6, 0.7, 0.8])
    >>> res.statistic, round(res.pvalue, 4), res.statistic_location, res.statistic_sign
    (0.8, 0.0794, 0.4, 1)
    >>> d, p = ks_2samp([1, 2, 3], [4, 5, 6], alternative="less")
    >>> d, round(p, 4)
    (0.0, 1.0)
    """
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    method = check_choice(method, "method", _TWO_SAMPLE_METHODS)
    exact_ties = check_flag(exact_ties, "exact_ties")
    first = as_scores(data1, "data1")
    second = as_scores(data2, "data2")
    scores = np.concatenate([first, second])
    codes = np.zeros(len(scores), dtype=np.uint8)
    codes[len(first):] = 1
    return _two_sample(Problem(codes, np.uint8(1), scores), alternative, method, exact_ties,
                       "ks_2samp")


def _two_sample(problem: Problem, alternative: str, method: str, exact_ties: bool,
                caller: str) -> KSTestResult:
    """The test of the negatives' scores (first sample) against the positives'."""
    k = _backend.kernels
    parts = class_parts(problem)
    assert parts is not None  # labels validated
    counts = parts.counts
    if counts is not None:
        n_neg, n_pos = class_totals(counts)
        if n_neg and n_pos:
            plus, i_plus, minus, i_minus = k.ks_counts_signed(counts.neg, counts.pos)
            t_plus, t_minus = float(counts.values[i_plus]), float(counts.values[i_minus])
    else:
        n_neg, n_pos = len(parts.neg), len(parts.pos)
        if n_neg and n_pos:
            plus, t_plus, minus, t_minus = k.ks_merge_signed(parts.neg, parts.pos)
    if n_neg == 0 or n_pos == 0:
        warn_one_class("The KS test")
        return KSTestResult(math.nan, math.nan, math.nan, 0)
    if alternative == "less" or (alternative == "two-sided" and minus > plus):
        gap, location, sign = minus, t_minus, -1
    else:
        gap, location, sign = plus, t_plus, 1
    tie_sizes = None
    if exact_ties and (method == "exact" or (
            method == "auto" and max(n_neg, n_pos) <= _kolmogorov.MAX_AUTO_EXACT)):
        if counts is not None:
            tie_sizes = counts.neg + counts.pos
        else:
            tie_sizes = np.unique(problem.scores, return_counts=True)[1]
        if len(tie_sizes) == n_neg + n_pos:
            tie_sizes = None  # no ties: the continuous law is exact
    pvalue = _kolmogorov.two_sample_sf(n_neg, n_pos, gap, alternative, method, tie_sizes,
                                       caller=caller)
    return KSTestResult(gap / (n_neg * n_pos), pvalue, location, sign)


# ---------------------------------------------------------------------------------------
# one sample


def ks_1samp(
    x: Any,
    cdf: Any,
    args: tuple[Any, ...] = (),
    alternative: str = "two-sided",
    method: str = "auto",
) -> KSTestResult:
    """One-sample Kolmogorov–Smirnov test: ``scipy.stats.ks_1samp`` without scipy.

    Tests whether ``x`` is a sample of the continuous distribution with CDF F; same
    statistic, p-value, location and sign as scipy (to 1e-10, relative for tiny p-values).

    Parameters
    ----------
    x : array-like of shape (n,)
        The sample (finite numbers, not empty).
    cdf : callable or distribution
        F: a function taking an array (and ``*args``) and returning F at each value (a
        function of one number, such as ``statistics.NormalDist().cdf``, is called once
        per value), or any object with a ``cdf`` method (a scipy.stats distribution, frozen
        or not: its ``cdf`` is used).
    args : tuple, default=()
        Extra arguments of ``cdf``.
    alternative : {'two-sided', 'less', 'greater'}, default='two-sided'
        ``'two-sided'``: the sample's distribution G ≠ F; ``'less'``: G(x) < F(x) for some
        x (the sample tends to be larger); ``'greater'``: G(x) > F(x) for some x.
    method : {'auto', 'exact', 'approx', 'asymp'}, default='auto'
        For the two-sided test: ``'exact'`` the finite-n law, ``'asymp'`` the limit law
        (Kolmogorov's), ``'approx'`` twice the one-sided p-value, ``'auto'`` exact. The
        one-sided tests always use the exact one-sided law.

    Returns
    -------
    KSTestResult
        ``(statistic, pvalue)``, ``statistic_location`` (the value of ``x`` where it is
        reached, the smallest one) and ``statistic_sign`` (+1 for D+, −1 for D−).

    See Also
    --------
    kstest : The same, with scipy's other ways to name the distribution.
    ks_2samp : Two samples.

    Notes
    -----
    With x_(1) <= ... <= x_(n) sorted: D+ = max_i (i/n − F(x_(i))) (``'greater'``),
    D− = max_i (F(x_(i)) − (i−1)/n) (``'less'``), D = max(D+, D−) (``'two-sided'``, D−
    when they are equal). P-values: P(D+_n >= d) by Birnbaum & Tingey's sum;
    P(D_n >= d) for finite n chosen among exact and asymptotic methods as Simard &
    L'Ecuyer (2011); the limit law P(K > sqrt(n) D) with
    P(K > z) = 2 Σ_{k>=1} (−1)^(k−1) exp(−2 k² z²). ``cdf`` must return values in
    [0, 1]; anything else (NaN included) is an error. Unlike scipy, ``axis`` and
    ``nan_policy`` are not supported.

    Examples
    --------
    >>> from statistics import NormalDist
    >>> from rankscore.ks import ks_1samp
    >>> x = [-1.2, -0.4, 0.1, 0.3, 0.9, 1.4, 2.2]
    >>> res = ks_1samp(x, NormalDist().cdf)
    >>> round(res.statistic, 4), round(res.pvalue, 4), res.statistic_location, res.statistic_sign
    (0.2541, 0.6693, 0.1, -1)
    """
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    method = check_choice(method, "method", _ONE_SAMPLE_METHODS)
    function = _cdf_function(cdf)
    if not isinstance(args, tuple):
        raise TypeError(f"args must be a tuple, got {quoted(args)}")
    values = np.sort(as_scores(x, "x")).astype(np.float64, copy=False)
    n = len(values)
    cdf_values = _cdf_at(function, values, args)
    if alternative != "two-sided":
        sign = 1 if alternative == "greater" else -1
        d, location = _one_sided(cdf_values, values, sign)
        return KSTestResult(d, _kolmogorov.smirnov_sf(n, d), location, sign)
    d_plus, plus_location = _one_sided(cdf_values, values, 1)
    d_minus, minus_location = _one_sided(cdf_values, values, -1)
    d, location, sign = ((d_plus, plus_location, 1) if d_plus > d_minus
                         else (d_minus, minus_location, -1))
    if method in ("auto", "exact"):
        pvalue = _kolmogorov.kolmogorov_n_sf(n, d)
    elif method == "asymp":
        pvalue = _kolmogorov.kolmogorov_sf(d * math.sqrt(n))
    else:
        pvalue = min(max(2 * _kolmogorov.smirnov_sf(n, d), 0.0), 1.0)
    return KSTestResult(d, pvalue, location, sign)


def kstest(
    rvs: Any,
    cdf: Any,
    args: tuple[Any, ...] = (),
    N: int = 20,
    alternative: str = "two-sided",
    method: str = "auto",
) -> KSTestResult:
    """Kolmogorov–Smirnov test, one or two samples: ``scipy.stats.kstest`` without scipy.

    ``kstest(x, F)`` is :func:`ks_1samp` and ``kstest(x, y)`` (``y`` a second sample) is
    :func:`ks_2samp`, with scipy's numbers.

    Parameters
    ----------
    rvs : array-like, callable or str
        The sample; or a function drawing one (``rvs(*args, size=N)``); or the name of a
        scipy.stats distribution (needs scipy).
    cdf : callable, distribution, array-like or str
        The theoretical CDF (a function or an object with a ``cdf`` method, as in
        :func:`ks_1samp`), a second sample (the two-sample test), or the name of a
        scipy.stats distribution (needs scipy).
    args : tuple, default=()
        Extra arguments of ``cdf`` (and of ``rvs`` when it draws the sample).
    N : int, default=20
        The sample size when ``rvs`` draws it.
    alternative : {'two-sided', 'less', 'greater'}, default='two-sided'
        As in :func:`ks_1samp` or :func:`ks_2samp`.
    method : {'auto', 'exact', 'approx', 'asymp'}, default='auto'
        As in :func:`ks_1samp` or :func:`ks_2samp` (which has no ``'approx'``).

    Returns
    -------
    KSTestResult
        As :func:`ks_1samp` or :func:`ks_2samp`.

    See Also
    --------
    ks_1samp, ks_2samp, ks_test

    Notes
    -----
    The statistics and laws are those of :func:`ks_1samp` and :func:`ks_2samp`. Names of
    distributions are looked up in ``scipy.stats`` (only then is scipy imported); passing
    the distribution object itself (``scipy.stats.norm``) or any function works without
    it.

    Examples
    --------
    >>> from statistics import NormalDist
    >>> from rankscore.ks import kstest
    >>> x = [-1.2, -0.4, 0.1, 0.3, 0.9, 1.4, 2.2]
    >>> round(kstest(x, NormalDist(0, 1).cdf).pvalue, 4)
    0.6693
    >>> round(kstest(x, [0.5, 1.5, 2.5, 3.5]).pvalue, 4)
    0.2121
    """
    if isinstance(rvs, str):
        rvs = getattr(_scipy_stats(rvs), rvs).rvs
    if callable(rvs):
        size = check_positive_int(N, "N")
        rvs = rvs(*args, size=size)
    if isinstance(cdf, str):
        cdf = getattr(_scipy_stats(cdf), cdf)
    if callable(cdf) or hasattr(cdf, "cdf"):
        return ks_1samp(rvs, cdf, args, alternative=alternative, method=method)
    return ks_2samp(rvs, cdf, alternative=alternative, method=method)


def _scipy_stats(name: str) -> Any:
    try:
        scipy_stats = importlib.import_module("scipy.stats")
    except ImportError:
        raise ValueError(f"{name!r} names a scipy.stats distribution, which needs scipy; pass "
                         "a function or an object with a .cdf method instead") from None
    if not hasattr(scipy_stats, name):
        raise ValueError(f"scipy.stats has no distribution named {name!r}")
    return scipy_stats


def _cdf_function(cdf: Any) -> Callable[..., Any]:
    """The callable F of a ``cdf`` argument: ``cdf.cdf`` for distributions, else ``cdf``."""
    method = getattr(cdf, "cdf", None)
    if callable(method):
        function: Callable[..., Any] = method
        return function
    if callable(cdf):
        return cdf  # type: ignore[no-any-return]
    raise TypeError(f"cdf must be a function or an object with a .cdf method, got "
                    f"{quoted(cdf)}")


def _cdf_at(function: Callable[..., Any], values: np.ndarray, args: tuple[Any, ...]) -> np.ndarray:
    """F at the sorted sample as float64, checked to be n numbers in [0, 1]. A function
    that does not take an array (a TypeError) is called once per value."""
    try:
        result = np.asarray(function(values, *args))
    except TypeError:
        try:
            result = np.array([function(v, *args) for v in values.tolist()])
        except Exception:
            raise TypeError(f"cdf could not be evaluated at the sample, neither on the array "
                            f"nor value by value: {quoted(function)}") from None
    if result.shape != values.shape:
        if result.size == 1:
            raise ValueError(f"cdf returned one value for {len(values)} points; it must take "
                             "an array and return one value per point")
        raise ValueError(f"cdf returned an array of shape {result.shape} for "
                         f"{len(values)} points; expected ({len(values)},)")
    if result.dtype.kind not in "biuf":
        raise TypeError(f"cdf returned {result.dtype} values; expected real numbers")
    result = result.astype(np.float64, copy=False)
    bad = ~((result >= 0.0) & (result <= 1.0))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"cdf returned {result[i]!r} at x = {values[i]!r}; a CDF takes "
                         "values in [0, 1]")
    return result


def _one_sided(cdf_values: np.ndarray, values: np.ndarray, sign: int) -> tuple[float, float]:
    """(D+, where) for sign +1: max_i i/n - F(x_(i)); (D-, where) for -1:
    max_i F(x_(i)) - (i-1)/n; the first (smallest) x reaching it."""
    n = len(values)
    if sign == 1:
        excess = np.arange(1.0, n + 1) / n - cdf_values
    else:
        excess = cdf_values - np.arange(0.0, n) / n
    i = int(np.argmax(excess))
    return float(excess[i]), float(values[i])
