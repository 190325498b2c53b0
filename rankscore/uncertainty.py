"""Uncertainty and model comparison: DeLong, the bootstrap, and intervals for rates.

* **DeLong** (DeLong, DeLong & Clarke-Pearson 1988) for the ROC AUC: variance, interval,
  the covariance of several models scored on the same samples, paired and unpaired tests.
  The placements come from one merge of the sorted class parts (the midrank idea of Sun &
  Xu 2014, O(n log n)); they are exact integers, so 10^7 rows cannot overflow. The numbers
  are those of R's pROC (``var()``, ``ci.auc(method = "delong")``, ``roc.test``).
* **Bootstrap** for any threshold-sweep metric: percentile and BCa intervals, stratified by
  class by default (pROC's default), and the paired bootstrap test of two models. Every
  sample is a *cell* (its class and the rank of its score among the distinct scores), so a
  replicate is only a vector of multiplicities over the cells: nothing is sorted again, and
  each replicate is one linear pass in the kernels (GIL released, replicates spread over
  threads).
* **Rates at one threshold**: Wilson and Agresti–Coull intervals in closed form,
  Clopper–Pearson through SciPy when it is installed.

Orientation is scikit-learn's: a higher score means "more likely positive" (pROC's
``direction = "<"``, controls below cases); an AUC below 0.5 stays below 0.5.
"""

from __future__ import annotations

import math
import numbers
import warnings
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from statistics import NormalDist
from typing import Any, Callable, NamedTuple, Sequence

import numpy as np

from . import _backend
from ._engine.labels import label_codes
from ._engine.validate import (
    to_float,
    as_array,
    as_real,
    as_scores,
    check_choice,
    check_finite,
    check_flag,
    check_positive_int,
    check_real,
    check_same_length,
    check_sample_weight,
    check_threshold,
    quoted,
    shorten,
)
from ._engine.areas import check_max_fpr
from ._engine.parts import binary_problem, thread_count
from ._engine.views import TIE_RTOL, ap_of_sweep, partial_auc
from .curves import auc
from .metrics import binary_confusion

__all__ = [
    "ConfidenceInterval",
    "DeLongTest",
    "ContrastTest",
    "BootstrapResult",
    "BootstrapTest",
    "PairwiseComparison",
    "delong_variance",
    "delong_covariance",
    "roc_auc_ci",
    "gini_ci",
    "delong_test",
    "delong_test_unpaired",
    "delong_contrast_test",
    "compare_models",
    "holm_adjust",
    "bootstrap_ci",
    "bootstrap_test",
    "proportion_ci",
    "rate_intervals",
    "RocBand",
    "roc_confidence_band",
    "BOOTSTRAP_METRICS",
]

_NORMAL = NormalDist()


class ConfidenceInterval(NamedTuple):
    """A point estimate with its two-sided interval.

    Examples
    --------
    >>> from rankscore.uncertainty import roc_auc_ci
    >>> ci = roc_auc_ci([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> round(ci.estimate, 4), ci.low <= ci.estimate <= ci.high
    (0.7778, True)
    """

    estimate: float
    low: float
    high: float
    confidence_level: float
    method: str


class DeLongTest(NamedTuple):
    """DeLong's test of AUC(a) = AUC(b): the difference, its standard error, the statistic
    (z when paired, Welch-type t with ``df`` degrees of freedom when unpaired), the
    two-sided p-value and the interval of the difference.

    Examples
    --------
    >>> from rankscore.uncertainty import delong_test
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> a = [0.1, 0.8, 0.3, 0.2, 0.7, 0.9, 0.4, 0.6]
    >>> b = [0.2, 0.6, 0.5, 0.1, 0.4, 0.8, 0.7, 0.3]
    >>> test = delong_test(y, a, b)
    >>> round(test.difference, 4), 0 < test.p_value <= 1
    (0.3125, True)
    """

    auc_a: float
    auc_b: float
    difference: float
    std_error: float
    statistic: float
    p_value: float
    low: float
    high: float
    confidence_level: float
    df: float
    paired: bool


class ContrastTest(NamedTuple):
    """DeLong's test of a contrast L · AUC = 0 over several paired models.

    Examples
    --------
    >>> import numpy as np
    >>> from rankscore.uncertainty import delong_contrast_test
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> a = [0.1, 0.8, 0.3, 0.2, 0.7, 0.9, 0.4, 0.6]
    >>> b = [0.2, 0.6, 0.5, 0.1, 0.4, 0.8, 0.7, 0.3]
    >>> test = delong_contrast_test(y, np.column_stack([a, b]), [1, -1])
    >>> 0 < test.p_value <= 1
    True
    """

    estimate: float
    std_error: float
    statistic: float
    p_value: float
    low: float
    high: float
    confidence_level: float


class BootstrapResult(NamedTuple):
    """A bootstrap interval: the estimate on the data, the interval, the standard error
    (standard deviation of the replicates) and the replicates themselves (NaN replicates,
    where the metric is undefined, are left out).

    Examples
    --------
    >>> from rankscore.uncertainty import bootstrap_ci
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> s = [0.1, 0.8, 0.3, 0.2, 0.7, 0.9, 0.4, 0.6]
    >>> result = bootstrap_ci(y, s, metric="roc_auc", n_resamples=200, random_state=0)
    >>> result.estimate, result.low <= result.estimate <= result.high
    (1.0, True)
    """

    estimate: float
    low: float
    high: float
    confidence_level: float
    method: str
    std_error: float
    replicates: np.ndarray


class BootstrapTest(NamedTuple):
    """Paired bootstrap test of metric(a) = metric(b) (pROC's ``roc.test(method =
    "bootstrap")``): D = difference / sd(replicate differences), two-sided normal p-value,
    and the percentile interval of the difference.

    Examples
    --------
    >>> from rankscore.uncertainty import bootstrap_test
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> a = [0.1, 0.8, 0.3, 0.2, 0.7, 0.9, 0.4, 0.6]
    >>> b = [0.2, 0.6, 0.5, 0.1, 0.4, 0.8, 0.7, 0.3]
    >>> test = bootstrap_test(y, a, b, n_resamples=200, random_state=0)
    >>> round(test.difference, 4), 0 <= test.p_value <= 1
    (0.3125, True)
    """

    estimate_a: float
    estimate_b: float
    difference: float
    std_error: float
    statistic: float
    p_value: float
    low: float
    high: float
    confidence_level: float
    n_resamples: int


class PairwiseComparison(NamedTuple):
    """One pair of :func:`compare_models`: its DeLong test and the Holm-adjusted p-value.

    Examples
    --------
    >>> from rankscore.uncertainty import compare_models
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> models = {"a": [0.1, 0.8, 0.3, 0.2, 0.7, 0.9, 0.4, 0.6],
    ...           "b": [0.2, 0.6, 0.5, 0.1, 0.4, 0.8, 0.7, 0.3]}
    >>> pair = compare_models(y, models)[0]
    >>> pair.model_a, pair.model_b, pair.p_holm >= pair.test.p_value
    ('a', 'b', True)
    """

    model_a: str
    model_b: str
    test: DeLongTest
    p_holm: float


# ---------------------------------------------------------------------------------------
# argument checks


def _check_level(confidence_level: Any) -> float:
    return check_real(confidence_level, "confidence_level", low=0, high=1, low_open=True,
                      high_open=True, what="a float in (0, 1)")


def _float_array(value: Any, name: str, what: str) -> np.ndarray:
    """``value`` as a float64 array, or a ValueError naming ``name`` (strings, numbers
    beyond float64, ragged lists)."""
    if isinstance(value, (str, bytes, set, dict)) or value is None:
        raise TypeError(f"{name} must be {what}, got {quoted(value)}")
    try:
        with np.errstate(over="ignore"):
            return np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} must be {what}, got {quoted(value)}") from None


def _z(level: float) -> float:
    """The two-sided critical value Φ⁻¹(1 − (1 − level) / 2)."""
    return _NORMAL.inv_cdf(1 - (1 - level) / 2)


def _two_sided_normal_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2)) if not math.isnan(z) else math.nan


def _ratio(estimate: float, se: float) -> float:
    """The statistic estimate / se; 0 / 0 (identical curves) is 0, so p = 1 as in pROC, and
    x / 0 is ±inf."""
    if se > 0:
        return estimate / se
    return 0.0 if estimate == 0 else math.copysign(math.inf, estimate)


# ---------------------------------------------------------------------------------------
# DeLong


def _delong_labels(y_true, pos_label, sample_weight):
    if sample_weight is not None:
        raise ValueError("sample_weight is not supported by DeLong's method (its variance "
                         "is defined for unweighted samples); use bootstrap_ci / "
                         "bootstrap_test, which take sample_weight")
    codes, pos_code = label_codes(y_true, pos_label)
    return codes, pos_code


def _check_two_per_class(n_neg: int, n_pos: int, name: str = "y_true") -> None:
    if n_neg == 0 or n_pos == 0:
        present = "positives" if n_neg == 0 else "negatives"
        raise ValueError(f"{name} holds one class only ({present}); the AUC and its variance "
                         "need both classes")
    if n_neg < 2 or n_pos < 2:
        raise ValueError(f"DeLong's variance needs at least two samples of each class; {name} "
                         f"has {n_pos} positive(s) and {n_neg} negative(s)")


def _delong_one(y_true, y_score, pos_label, sample_weight):
    """(AUC, DeLong variance, number of samples) of one model: its class parts sorted, then
    one merge for the pair count and one for the squared deviations of the placements (no
    per-sample arrays)."""
    k = _backend.kernels
    codes, pos_code = _delong_labels(y_true, pos_label, sample_weight)
    scores = as_scores(y_score)
    check_same_length(y_true=codes, y_score=scores)
    neg, pos, _, _ = k.split_scores(codes, pos_code, scores)
    _check_two_per_class(len(neg), len(pos))
    neg.sort()
    pos.sort()
    m, n = len(pos), len(neg)
    twice_u = k.auc_merge(neg, pos)  # exact integer: 2U = sum of the c (and of the d)
    sx, sy = k.delong_square_sums(neg, pos, twice_u / m, twice_u / n)
    # S10 = sum (c / 2n - AUC)^2 / (m - 1), S01 = sum (d / 2m - AUC)^2 / (n - 1)
    variance = sx / (2.0 * n) ** 2 / (m - 1) / m + sy / (2.0 * m) ** 2 / (n - 1) / n
    return twice_u / (2 * m * n), variance, m + n


def delong_variance(y_true: Any, y_score: Any, *, pos_label: Any = None) -> float:
    """DeLong's variance of the ROC AUC.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels ({0, 1}, {-1, 1}, bool, or any labels with ``pos_label``); at least
        two samples of each class.
    y_score : array-like of shape (n_samples,)
        Finite scores; higher means more likely positive.
    pos_label : label, optional
        The positive class.

    Returns
    -------
    float
        Var(AUC) = S10 / m + S01 / n.

    See Also
    --------
    roc_auc_ci : The interval built on it.
    delong_covariance : The covariance matrix of several models.

    Notes
    -----
    With m positives x_i and n negatives y_j, the placements are
    V10(x_i) = (#{y < x_i} + ½ #{y = x_i}) / n and V01(y_j) = (#{x > y_j} + ½ #{x = y_j}) / m;
    AUC = mean V10 = mean V01, S10 = Σ (V10 − AUC)² / (m − 1), S01 likewise over n − 1.
    Equals pROC's ``var(roc(y, s, direction = "<"))``. Weights are not defined here: use
    :func:`bootstrap_ci` with ``sample_weight``.

    Examples
    --------
    The spam demo (:ref:`def-spam`; AUC 79/99):

    >>> from rankscore.uncertainty import delong_variance
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> round(delong_variance(data.target, data.score, pos_label="spam"), 6)
    0.010805
    """
    return _delong_one(y_true, y_score, pos_label, None)[1]


def _score_columns(y_score: Any, n: int) -> np.ndarray:
    arr = as_array(y_score, "y_score")
    if arr.ndim == 1:
        arr = arr[:, None]
    if arr.ndim != 2 or arr.shape[1] == 0:
        raise ValueError(f"y_score must be 1-D or 2-D of shape (n_samples, n_models), got "
                         f"shape {arr.shape}")
    if arr.shape[0] != n:
        raise ValueError(f"inconsistent numbers of samples: y_true has {n}, y_score has "
                         f"{arr.shape[0]} rows")
    arr = to_float(arr, "y_score")
    check_finite(arr, "y_score")
    return arr


def _covariance(codes, pos_code, columns: Sequence[np.ndarray], n_threads: int):
    """(aucs, S) of models scored on the same samples (one score array per model), from
    every sample's placements: one kernel call per model, the models on threads."""
    k = _backend.kernels
    n_pos = int(np.count_nonzero(codes == pos_code))
    n_neg = len(codes) - n_pos
    _check_two_per_class(n_neg, n_pos)
    # row j: model j's twice-placements in sample order (c for positives, d for negatives),
    # then e = (V − AUC) / sqrt((count − 1) count) with V10 = c / 2n, V01 = d / 2m: S = e eᵀ
    e, twice_u = np.empty((len(columns), len(codes))), np.empty(len(columns))
    pos_scale = 1 / (2.0 * n_neg * math.sqrt((n_pos - 1) * n_pos))
    neg_scale = 1 / (2.0 * n_pos * math.sqrt((n_neg - 1) * n_neg))

    def one(j):
        twice_u[j] = k.delong_sample_placements(codes, pos_code, columns[j], n_pos, e[j])
        k.delong_scale(codes, pos_code, e[j], twice_u[j] / n_pos, pos_scale,
                       twice_u[j] / n_neg, neg_scale)

    if n_threads > 1 and len(columns) > 1:
        with ThreadPoolExecutor(min(n_threads, len(columns))) as pool:
            list(pool.map(one, range(len(columns))))
    else:
        for j in range(len(columns)):
            one(j)
    return twice_u / (2.0 * n_pos * n_neg), e @ e.T


def delong_covariance(y_true: Any, y_score: Any, *, pos_label: Any = None,
                      n_threads: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """AUCs of several models scored on the same samples, and DeLong's covariance matrix.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels; at least two samples of each class.
    y_score : array-like of shape (n_samples,) or (n_samples, n_models)
        One column of scores per model.
    pos_label : label, optional
        The positive class.
    n_threads : int, optional
        Threads over the models (default: the CPUs this process may use).

    Returns
    -------
    aucs : ndarray of shape (n_models,)
    covariance : ndarray of shape (n_models, n_models)
        S = S10 / m + S01 / n with S10[a, b] = Σ_i (V10_a(x_i) − AUC_a)(V10_b(x_i) − AUC_b)
        / (m − 1), S01 likewise.

    See Also
    --------
    delong_test, delong_contrast_test : Tests built on the matrix.

    Notes
    -----
    Each model's scores are sorted once per class with every sample's index carried
    along (to keep the samples paired) and merged in one pass; the diagonal is
    :func:`delong_variance`.

    Examples
    --------
    >>> import numpy as np
    >>> from rankscore.uncertainty import delong_covariance
    >>> y = [0, 1, 0, 0, 1, 1]
    >>> s = np.column_stack([[0.14, 0.23, 0.39, 0.52, 0.73, 0.90],
    ...                      [0.2, 0.6, 0.1, 0.4, 0.5, 0.8]])
    >>> aucs, cov = delong_covariance(y, s)
    >>> aucs.round(4).tolist()
    [0.7778, 1.0]
    """
    codes, pos_code = label_codes(y_true, pos_label)
    columns = _score_columns(y_score, len(codes))
    nt = 1 if n_threads is None and columns.shape[1] == 1 else thread_count(n_threads)
    return _covariance(codes, pos_code, list(columns.T), nt)


def _interval(theta: float, variance: float, level: float, transform: str | None):
    se = math.sqrt(variance)
    z = _z(level)
    if transform == "logit" and 0 < theta < 1:
        # logit(AUC) ± z se / (AUC (1 − AUC)), mapped back
        centre, half = math.log(theta / (1 - theta)), z * se / (theta * (1 - theta))
        return 1 / (1 + math.exp(-(centre - half))), 1 / (1 + math.exp(-(centre + half)))
    return max(0.0, theta - z * se), min(1.0, theta + z * se)


def roc_auc_ci(
    y_true: Any,
    y_score: Any,
    *,
    confidence_level: float = 0.95,
    method: str = "delong",
    transform: str | None = None,
    pos_label: Any = None,
    sample_weight: Any = None,
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    n_threads: int | None = None,
) -> ConfidenceInterval:
    """Confidence interval of the ROC AUC: DeLong's (default) or a bootstrap's.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels; DeLong needs at least two samples of each class.
    y_score : array-like of shape (n_samples,)
        Finite scores; higher means more likely positive.
    confidence_level : float in (0, 1), default=0.95
    method : {"delong", "bootstrap", "percentile", "bca"}, default="delong"
        DeLong's normal interval, or a bootstrap interval (see :func:`bootstrap_ci`;
        ``"bootstrap"``, pROC's name, is the percentile interval).
    transform : {None, "logit"}, default=None
        DeLong only: build the normal interval on logit(AUC) and map it back (stays
        inside (0, 1), asymmetric near the ends).
    pos_label : label, optional
        The positive class.
    sample_weight : array-like, optional
        Bootstrap only (DeLong's variance is not defined for weights: a ValueError).
    n_resamples, stratified, random_state, n_threads
        Bootstrap options, as in :func:`bootstrap_ci`.

    Returns
    -------
    ConfidenceInterval
        ``estimate`` (the AUC), ``low``, ``high``, ``confidence_level``, ``method``.

    See Also
    --------
    delong_variance, bootstrap_ci, gini_ci

    Notes
    -----
    DeLong: AUC ± z_{1−α/2} sqrt(Var) clipped to [0, 1], exactly pROC's
    ``ci.auc(roc(y, s, direction = "<"), method = "delong")``. With ``transform="logit"``:
    expit(logit(AUC) ± z sqrt(Var) / (AUC (1 − AUC))); an AUC of exactly 0 or 1 falls back
    to the plain interval.

    Examples
    --------
    >>> from rankscore.uncertainty import roc_auc_ci
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> ci = roc_auc_ci(data.target, data.score, pos_label="spam")
    >>> round(ci.estimate, 4), round(ci.low, 4), round(ci.high, 4)
    (0.798, 0.5942, 1.0)
    """
    level = _check_level(confidence_level)
    check_choice(method, "method", ("delong", "bootstrap", "percentile", "bca"))
    method = "percentile" if method == "bootstrap" else method  # pROC's name
    if transform is not None:
        check_choice(transform, "transform", ("logit",))
    if method != "delong":
        if transform is not None:
            raise ValueError("transform applies to method='delong' only")
        r = bootstrap_ci(y_true, y_score, metric="roc_auc", confidence_level=level,
                         method=method, n_resamples=n_resamples, stratified=stratified,
                         random_state=random_state, pos_label=pos_label,
                         sample_weight=sample_weight, n_threads=n_threads)
        return ConfidenceInterval(r.estimate, r.low, r.high, level, method)
    theta, variance, _ = _delong_one(y_true, y_score, pos_label, sample_weight)
    low, high = _interval(theta, variance, level, transform)
    return ConfidenceInterval(theta, low, high, level,
                              "delong" if transform is None else "delong-logit")


def gini_ci(y_true: Any, y_score: Any, **options: Any) -> ConfidenceInterval:
    """Confidence interval of the Gini coefficient 2 · AUC − 1.

    Parameters
    ----------
    y_true, y_score
        As in :func:`roc_auc_ci`.
    **options
        Every keyword of :func:`roc_auc_ci`.

    Returns
    -------
    ConfidenceInterval
        The AUC interval mapped by g = 2 a − 1 (a monotone map, so the same coverage).

    See Also
    --------
    roc_auc_ci

    Notes
    -----
    Var(Gini) = 4 Var(AUC).

    Examples
    --------
    >>> from rankscore.uncertainty import gini_ci
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> ci = gini_ci(data.target, data.score, pos_label="spam")
    >>> round(ci.estimate, 4), round(ci.low, 4), round(ci.high, 4)
    (0.596, 0.1885, 1.0)
    """
    r = roc_auc_ci(y_true, y_score, **options)
    return ConfidenceInterval(2 * r.estimate - 1, 2 * r.low - 1, 2 * r.high - 1,
                              r.confidence_level, r.method)


def _delong_result(auc_a: float, auc_b: float, se: float, level: float, *, paired: bool,
                   df: float = math.inf) -> DeLongTest:
    """DeLong's test of AUC_a − AUC_b with standard error se: normal (paired) or Student's
    t with df degrees of freedom (unpaired); the interval is the difference ∓ the
    critical value times se."""
    d = auc_a - auc_b
    statistic = _ratio(d, se)
    if paired:
        p_value, critical = _two_sided_normal_p(statistic), _z(level)
    else:
        p_value = _t_two_sided_p(statistic, df)
        critical = _t_quantile(1 - (1 - level) / 2, df)
    return DeLongTest(auc_a, auc_b, d, se, statistic, p_value, d - critical * se,
                      d + critical * se, level, df, paired)


def _paired_result(aucs: np.ndarray, cov: np.ndarray, a: int, b: int,
                   level: float) -> DeLongTest:
    """The paired test of models a and b from the AUCs and DeLong's covariance matrix:
    se = sqrt(S_aa + S_bb − 2 S_ab)."""
    se = math.sqrt(max(0.0, float(cov[a, a] + cov[b, b] - 2 * cov[a, b])))
    return _delong_result(float(aucs[a]), float(aucs[b]), se, level, paired=True)


def _paired_columns(y_true, y_score_a, y_score_b, pos_label):
    codes, pos_code = label_codes(y_true, pos_label)
    a, b = as_scores(y_score_a, "y_score_a"), as_scores(y_score_b, "y_score_b")
    if not len(codes) == len(a) == len(b):
        raise ValueError(f"a paired test needs both models scored on the same samples: y_true "
                         f"has {len(codes)} samples, y_score_a {len(a)}, y_score_b {len(b)}")
    return codes, pos_code, a, b


def delong_test(
    y_true: Any,
    y_score_a: Any,
    y_score_b: Any,
    *,
    pos_label: Any = None,
    confidence_level: float = 0.95,
    n_threads: int | None = None,
) -> DeLongTest:
    """DeLong's paired test of two models scored on the same samples.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels; at least two samples of each class.
    y_score_a, y_score_b : array-like of shape (n_samples,)
        The two models' scores of the same samples.
    pos_label : label, optional
        The positive class.
    confidence_level : float in (0, 1), default=0.95
        Of the interval of the difference.
    n_threads : int, optional
        Threads over the two models (default: the CPUs this process may use).

    Returns
    -------
    DeLongTest
        ``difference`` = AUC(a) − AUC(b), ``std_error``, ``statistic`` (z), two-sided
        ``p_value``, ``low``/``high`` = difference ∓ z_{1−α/2} se, ``df`` = inf,
        ``paired`` = True.

    See Also
    --------
    delong_test_unpaired : Models scored on different samples.
    delong_contrast_test : More than two models.
    bootstrap_test : Any metric, with weights.

    Notes
    -----
    z = (AUC_a − AUC_b) / sqrt(S_aa + S_bb − 2 S_ab) with S from
    :func:`delong_covariance`; p = 2 Φ(−|z|). Identical curves (0 / 0) give z = 0, p = 1,
    as pROC's ``roc.test(r1, r2, method = "delong", paired = TRUE)``.

    Examples
    --------
    >>> from rankscore.uncertainty import delong_test
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> a = [0.14, 0.23, 0.39, 0.52, 0.73, 0.90, 0.3, 0.6]
    >>> b = [0.2, 0.6, 0.1, 0.4, 0.5, 0.8, 0.55, 0.15]
    >>> t = delong_test(y, a, b)
    >>> round(t.difference, 4), round(t.p_value, 4)
    (0.0625, 0.8518)
    """
    level = _check_level(confidence_level)
    codes, pos_code, a, b = _paired_columns(y_true, y_score_a, y_score_b, pos_label)
    aucs, cov = _covariance(codes, pos_code, [a, b], thread_count(n_threads))
    return _paired_result(aucs, cov, 0, 1, level)


def delong_test_unpaired(
    y_true_a: Any,
    y_score_a: Any,
    y_true_b: Any,
    y_score_b: Any,
    *,
    pos_label: Any = None,
    confidence_level: float = 0.95,
) -> DeLongTest:
    """DeLong's test of two models scored on different samples.

    Parameters
    ----------
    y_true_a, y_score_a : array-like
        Labels and scores of model a's sample.
    y_true_b, y_score_b : array-like
        Labels and scores of model b's sample (any length).
    pos_label : label, optional
        The positive class (the same for both samples).
    confidence_level : float in (0, 1), default=0.95
        Of the interval of the difference.

    Returns
    -------
    DeLongTest
        ``statistic`` t = (AUC_a − AUC_b) / sqrt(V_a + V_b), ``df`` its Welch-type degrees
        of freedom, two-sided ``p_value`` from Student's t, ``low``/``high`` = difference ∓
        t_{df, 1−α/2} se, ``paired`` = False.

    See Also
    --------
    delong_test : The paired test.

    Notes
    -----
    As pROC's ``roc.test(r1, r2, method = "delong", paired = FALSE)``:
    df = (V_a + V_b)² / (V_a² / (N_a − 1) + V_b² / (N_b − 1)), N the sample sizes.

    Examples
    --------
    >>> from rankscore.uncertainty import delong_test_unpaired
    >>> t = delong_test_unpaired([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90],
    ...                          [0, 0, 1, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.8, 0.4, 0.7, 0.9])
    >>> round(t.statistic, 4), round(t.df, 2)
    (-0.5051, 7.2)
    """
    level = _check_level(confidence_level)
    theta_a, var_a, n_a = _delong_one(y_true_a, y_score_a, pos_label, None)
    theta_b, var_b, n_b = _delong_one(y_true_b, y_score_b, pos_label, None)
    denominator = var_a**2 / (n_a - 1) + var_b**2 / (n_b - 1)
    df = (var_a + var_b) ** 2 / denominator if denominator > 0 else math.inf
    return _delong_result(theta_a, theta_b, math.sqrt(var_a + var_b), level, paired=False,
                          df=df)


def delong_contrast_test(
    y_true: Any,
    y_score: Any,
    contrast: Any,
    *,
    pos_label: Any = None,
    confidence_level: float = 0.95,
    n_threads: int | None = None,
) -> ContrastTest:
    """DeLong's test of a contrast L · AUC = 0 over several models on the same samples.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels; at least two samples of each class.
    y_score : array-like of shape (n_samples, n_models)
        One column per model.
    contrast : array-like of shape (n_models,)
        The weights L (e.g. ``[1, -1, 0]``: model 0 against model 1; ``[2, -1, -1]``:
        model 0 against the mean of the others).
    pos_label : label, optional
        The positive class.
    confidence_level : float in (0, 1), default=0.95
    n_threads : int, optional
        Threads over the models.

    Returns
    -------
    ContrastTest
        ``estimate`` L · AUC, ``std_error`` sqrt(L S Lᵀ), ``statistic`` z, two-sided
        ``p_value``, and the interval estimate ∓ z_{1−α/2} se.

    See Also
    --------
    delong_covariance, delong_test

    Notes
    -----
    z = L·θ / sqrt(L S Lᵀ), p = 2 Φ(−|z|) (DeLong et al. 1988).

    Examples
    --------
    >>> import numpy as np
    >>> from rankscore.uncertainty import delong_contrast_test
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> s = np.column_stack([[0.14, 0.23, 0.39, 0.52, 0.73, 0.90, 0.3, 0.6],
    ...                      [0.2, 0.6, 0.1, 0.4, 0.5, 0.8, 0.55, 0.15]])
    >>> round(delong_contrast_test(y, s, [1, -1]).p_value, 4)
    0.8518
    """
    level = _check_level(confidence_level)
    codes, pos_code = label_codes(y_true, pos_label)
    columns = _score_columns(y_score, len(codes))
    what = f"{columns.shape[1]} finite numbers (one per column of y_score)"
    weights = _float_array(contrast, "contrast", what)
    if weights.shape != (columns.shape[1],) or not np.isfinite(weights).all():
        raise ValueError(f"contrast must be {what}, got {quoted(contrast)}")
    aucs, cov = _covariance(codes, pos_code, list(columns.T), thread_count(n_threads))
    estimate = float(weights @ aucs)
    se = math.sqrt(max(0.0, float(weights @ cov @ weights)))
    z = _ratio(estimate, se)
    half = _z(level) * se
    return ContrastTest(estimate, se, z, _two_sided_normal_p(z), estimate - half,
                        estimate + half, level)


def holm_adjust(p_values: Any, *, nan_policy: str = "raise") -> np.ndarray:
    """Holm's step-down adjustment of p-values (family-wise error rate).

    Parameters
    ----------
    p_values : array-like of shape (k,)
        Raw p-values in [0, 1].
    nan_policy : {"raise", "omit"}, default="raise"
        A NaN p-value (a test that could not be computed) is a ValueError, or with
        ``"omit"`` stays NaN while the others are adjusted among themselves (k counts the
        non-NaN p-values), as R's ``p.adjust``.

    Returns
    -------
    ndarray of shape (k,)
        Adjusted p-values, in the input order.

    See Also
    --------
    compare_models
    rankscore.ir.compare_runs : Holm over the pairs of runs (``nan_policy="omit"``).

    Notes
    -----
    Sorted ascending, p_(i) becomes max_{j ≤ i} min(1, (k − j + 1) p_(j)); R's
    ``p.adjust(p, "holm")``.

    Examples
    --------
    >>> from rankscore.uncertainty import holm_adjust
    >>> holm_adjust([0.01, 0.04, 0.03]).round(4).tolist()
    [0.03, 0.06, 0.06]
    >>> holm_adjust([0.01, float("nan"), 0.03], nan_policy="omit").round(4).tolist()
    [0.02, nan, 0.03]
    """
    check_choice(nan_policy, "nan_policy", ("raise", "omit"))
    what = "a 1-D array of numbers in [0, 1]"
    p = _float_array(p_values, "p_values", what)
    if p.ndim != 1 or ((p < 0) | (p > 1)).any():
        raise ValueError(f"p_values must be {what}, got {quoted(p_values)}")
    defined = np.flatnonzero(~np.isnan(p))
    if len(defined) < len(p) and nan_policy == "raise":
        raise ValueError(f"p_values holds NaN, got {quoted(p_values)}; nan_policy='omit' "
                         "leaves NaN p-values out of the adjustment (they stay NaN)")
    order = defined[np.argsort(p[defined], kind="stable")]
    k = len(order)
    out = np.full(len(p), np.nan)
    out[order] = np.maximum.accumulate(np.minimum(1.0, (k - np.arange(k)) * p[order]))
    return out


def compare_models(
    y_true: Any,
    y_score: Any,
    *,
    names: Sequence[str] | None = None,
    pos_label: Any = None,
    confidence_level: float = 0.95,
    n_threads: int | None = None,
) -> list[PairwiseComparison]:
    """DeLong's paired test of every pair of models, with Holm-adjusted p-values.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels.
    y_score : array-like of shape (n_samples, n_models), or a dict of name -> scores
        Two or more models scored on the same samples.
    names : sequence of str, optional
        Model names for a matrix (default ``"0"``, ``"1"``, …).
    pos_label : label, optional
    confidence_level : float in (0, 1), default=0.95
    n_threads : int, optional

    Returns
    -------
    list of PairwiseComparison
        One per pair (a, b), a before b in column order: ``test`` (:class:`DeLongTest`)
        and ``p_holm``.

    See Also
    --------
    delong_test, holm_adjust

    Notes
    -----
    The covariance matrix is computed once for all models; each pair's z uses its 2 × 2
    block (identical to :func:`delong_test` of the pair).

    Examples
    --------
    >>> from rankscore.uncertainty import compare_models
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> models = {"a": [0.14, 0.23, 0.39, 0.52, 0.73, 0.90, 0.3, 0.6],
    ...           "b": [0.2, 0.6, 0.1, 0.4, 0.5, 0.8, 0.55, 0.35],
    ...           "c": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]}
    >>> [(c.model_a, c.model_b, round(c.p_holm, 3)) for c in compare_models(y, models)]
    [('a', 'b', 1.0), ('a', 'c', 1.0), ('b', 'c', 1.0)]
    """
    level = _check_level(confidence_level)
    codes, pos_code = label_codes(y_true, pos_label)
    if isinstance(y_score, dict):
        if names is not None:
            raise ValueError("names= together with a dict: the keys already name the models")
        names = [str(key) for key in y_score]
        columns = [as_scores(v, f"y_score[{quoted(key)}]") for key, v in y_score.items()]
        for key, col in zip(names, columns):
            if len(col) != len(codes):
                raise ValueError(f"a paired test needs every model scored on the same samples:"
                                 f" y_true has {len(codes)}, model {quoted(key)} {len(col)}")
        matrix = np.column_stack(columns) if columns else np.empty((len(codes), 0))
    else:
        matrix = _score_columns(y_score, len(codes))
        names = [str(j) for j in range(matrix.shape[1])] if names is None else [
            str(x) for x in names]
        if len(names) != matrix.shape[1]:
            raise ValueError(f"names has {len(names)} entries for {matrix.shape[1]} models")
    if matrix.shape[1] < 2:
        raise ValueError(f"compare_models needs at least two models, got {matrix.shape[1]}")
    aucs, cov = _covariance(codes, pos_code, list(matrix.T), thread_count(n_threads))
    tests = [(a, b, _paired_result(aucs, cov, a, b, level))
             for a, b in combinations(range(matrix.shape[1]), 2)]
    adjusted = holm_adjust([t.p_value for _, _, t in tests])
    return [PairwiseComparison(names[a], names[b], t, float(p))
            for (a, b, t), p in zip(tests, adjusted)]


# ---------------------------------------------------------------------------------------
# Student's t (unpaired DeLong) without SciPy


def _betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b) (continued fraction, Lentz's method)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _betainc(b, a, 1.0 - x)
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x)
                 + b * math.log1p(-x))
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 10000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-16:
            break
    return math.exp(log_front) * f / a


def _t_two_sided_p(t: float, df: float) -> float:
    """2 P(T > |t|) for Student's t with df degrees of freedom (normal for df = inf)."""
    if math.isnan(t):
        return math.nan
    if math.isinf(df):
        return _two_sided_normal_p(t)
    if math.isinf(t):
        return 0.0
    return _betainc(df / 2, 0.5, df / (df + t * t))


def _t_quantile(q: float, df: float) -> float:
    """The q-quantile (q > 1/2) of Student's t, by bisection on the p-value."""
    if math.isinf(df):
        return _NORMAL.inv_cdf(q)
    target = 2 * (1 - q)
    low, high = 0.0, 1.0
    while _t_two_sided_p(high, df) > target:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        if _t_two_sided_p(mid, df) > target:
            low = mid
        else:
            high = mid
        if high - low <= 1e-15 * high:
            break
    return (low + high) / 2


# ---------------------------------------------------------------------------------------
# bootstrap: cells, replicates, metrics


class _Parts(NamedTuple):
    """One model's scores split by class and sorted ascending (weights alongside), the
    sample positions of the sorted scores when replicates must pair models (else None),
    and the distinct scores ascending."""

    neg: np.ndarray
    neg_w: np.ndarray | None
    pos: np.ndarray
    pos_w: np.ndarray | None
    neg_order: np.ndarray | None
    pos_order: np.ndarray | None
    values: np.ndarray

    @property
    def kernel_args(self):
        return (self.neg, self.neg_w, self.pos, self.pos_w, self.neg_order, self.pos_order)

    def cells(self) -> np.ndarray:
        """2 g (negatives) or 2 g + 1 (positives), g the rank of the score among the
        distinct scores, in sorted-position order (negatives first)."""
        return np.concatenate([2 * np.searchsorted(self.values, self.neg),
                               2 * np.searchsorted(self.values, self.pos) + 1])

    def weights(self) -> np.ndarray:
        ones = np.ones(len(self.neg) + len(self.pos))
        return ones if self.neg_w is None else np.concatenate([self.neg_w, self.pos_w])


def _parts(is_pos, scores, weights, *, paired: bool) -> _Parts:
    """Sort each class once. ``paired``: positions are the samples' own (negatives then
    positives, in input order), so two models' replicates draw the same samples."""
    out = []
    for rows in (np.flatnonzero(~is_pos), np.flatnonzero(is_pos)):
        part = scores[rows]
        if weights is None and not paired:
            out += [np.sort(part), None, None]
            continue
        order = np.argsort(part, kind="stable")  # stable: the same replicates everywhere
        out += [part[order], None if weights is None else weights[rows][order],
                order if paired else None]
    neg, neg_w, neg_order, pos, pos_w, pos_order = out
    values = np.unique(np.concatenate([neg, pos]))
    return _Parts(neg, neg_w, pos, pos_w, neg_order, pos_order, values)


def _seeds(random_state: Any, n_resamples: int) -> tuple[np.ndarray, np.random.Generator]:
    """One SplitMix64 seed per replicate, and the generator (BCa's jackknife groups)."""
    if isinstance(random_state, np.random.RandomState):
        rng = np.random.default_rng(random_state.randint(0, 2**31 - 1, size=4))
    elif random_state is None or isinstance(random_state, (np.random.Generator,
                                                            np.random.SeedSequence)) or (
            isinstance(random_state, numbers.Integral)
            and not isinstance(random_state, (bool, np.bool_))):
        try:
            rng = np.random.default_rng(random_state)
        except ValueError as exc:  # a negative int
            raise ValueError(f"random_state: {exc}") from None
    else:
        raise TypeError("random_state must be None, an int, a numpy Generator, SeedSequence "
                        f"or RandomState, got {quoted(random_state)}")
    return rng.integers(0, 2**64, size=n_resamples, dtype=np.uint64), rng


def _counts_full(p: _Parts) -> np.ndarray:
    """The data's own weight per cell (every sample drawn once)."""
    return np.bincount(p.cells(), p.weights(), minlength=2 * len(p.values))


def _sweep_of(counts: np.ndarray, values: np.ndarray):
    """(fps, tps, thresholds descending) of one replicate's cell counts (empty groups out)."""
    neg_c, pos_c = counts[0::2], counts[1::2]
    keep = (neg_c + pos_c) > 0
    return (np.cumsum(neg_c[keep][::-1]), np.cumsum(pos_c[keep][::-1]), values[keep][::-1])


def _m_roc_auc(fps, tps, thresholds, options):
    if fps[-1] == 0 or tps[-1] == 0:
        return math.nan
    if options.get("max_fpr") is not None and options["max_fpr"] != 1:
        fpr = np.concatenate(([0.0], fps)) / fps[-1]
        tpr = np.concatenate(([0.0], tps)) / tps[-1]
        return partial_auc(fpr, tpr, options["max_fpr"])
    neg_c = np.diff(np.concatenate(([0.0], fps)))[::-1]  # ascending groups again
    pos_c = np.diff(np.concatenate(([0.0], tps)))[::-1]
    below = np.concatenate(([0.0], np.cumsum(neg_c)[:-1]))
    return float(np.cumsum(pos_c * (below + 0.5 * neg_c))[-1] / (tps[-1] * fps[-1]))


def _m_gini(fps, tps, thresholds, options):
    return 2 * _m_roc_auc(fps, tps, thresholds, options) - 1


def _m_average_precision(fps, tps, thresholds, options):
    return math.nan if tps[-1] == 0 else max(0.0, ap_of_sweep(fps, tps))


def _m_pr_auc(fps, tps, thresholds, options):
    if tps[-1] == 0:
        return math.nan
    # precision_recall_curve's points: lowest threshold first, then (recall 0, precision 1)
    precision = np.concatenate(((tps / (tps + fps))[::-1], [1.0]))
    recall = np.concatenate(((tps / tps[-1])[::-1], [0.0]))
    return auc(recall, precision)


def _m_ks(fps, tps, thresholds, options):
    if fps[-1] == 0 or tps[-1] == 0:
        return math.nan
    # F(t) = weight <= t; over descending thresholds, weight <= t_i = total - weight >= t_(i-1)
    neg_le = fps[-1] - np.concatenate(([0.0], fps[:-1]))
    pos_le = tps[-1] - np.concatenate(([0.0], tps[:-1]))
    return float(np.max(np.abs(neg_le / fps[-1] - pos_le / tps[-1])))


def _m_best_threshold(fps, tps, thresholds, options):
    if fps[-1] == 0 or tps[-1] == 0:
        return math.nan
    value = tps / tps[-1] - fps / fps[-1]  # Youden's J, as best_threshold(..., "youden")
    best = float(value.max())
    return float(thresholds[int(np.argmax(value >= best - TIE_RTOL * max(1.0, abs(best))))])


def _rate(name):
    def metric(fps, tps, thresholds, options):
        above = thresholds >= options["threshold"]
        k = int(np.count_nonzero(above))  # thresholds descending: the first k
        tp, fp = (tps[k - 1], fps[k - 1]) if k else (0.0, 0.0)
        positives, negatives = tps[-1], fps[-1]
        fn, tn = positives - tp, negatives - fp
        num, den = {
            "recall": (tp, positives), "specificity": (tn, negatives),
            "fpr": (fp, negatives), "fnr": (fn, positives), "precision": (tp, tp + fp),
            "npv": (tn, tn + fn), "accuracy": (tp + tn, positives + negatives),
            "f1": (2 * tp, 2 * tp + fp + fn),
        }[name]
        return float(num / den) if den > 0 else math.nan
    return metric


_RATES = ("recall", "specificity", "fpr", "fnr", "precision", "npv", "accuracy", "f1")

#: The metrics :func:`bootstrap_ci` and :func:`bootstrap_test` resample, by name.
BOOTSTRAP_METRICS: dict[str, Callable] = {
    "roc_auc": _m_roc_auc,
    "gini": _m_gini,
    "average_precision": _m_average_precision,
    "pr_auc": _m_pr_auc,
    "ks": _m_ks,
    "best_threshold": _m_best_threshold,
    **{name: _rate(name) for name in _RATES},
}
"""The metrics :func:`bootstrap_ci` and :func:`bootstrap_test` resample, by name."""


def _metric_options(metric, threshold, max_fpr):
    check_choice(metric, "metric", tuple(BOOTSTRAP_METRICS))
    options = {"threshold": None, "max_fpr": None}
    if metric in _RATES:
        if threshold is None:
            raise ValueError(f"metric={metric!r} is a rate at one threshold: pass threshold=")
        options["threshold"] = as_real(threshold, "threshold")
        if math.isnan(options["threshold"]):
            raise ValueError("threshold is NaN")
    elif threshold is not None:
        raise ValueError(f"threshold applies to the rates {_RATES}, not to {metric!r}")
    if max_fpr is not None:
        if metric != "roc_auc":
            raise ValueError("max_fpr (partial AUC) applies to metric='roc_auc' only")
        options["max_fpr"] = check_max_fpr(max_fpr)
    return options


def _chunks(n: int, parts: int) -> list[tuple[int, int]]:
    edges = np.linspace(0, n, max(1, min(parts, n)) + 1).astype(int)
    return [(int(a), int(b)) for a, b in zip(edges[:-1], edges[1:]) if b > a]


_BLOCK_BYTES = 1 << 25


def _replicates(p: _Parts, metric: str, options, seeds, stratified, n_threads) -> np.ndarray:
    """The metric on every replicate (the AUC entirely in the kernel; other metrics from
    the kernel's per-score counts)."""
    k = _backend.kernels
    n_cells = 2 * len(p.values)
    out = np.empty(len(seeds))
    if metric in ("roc_auc", "gini") and options["max_fpr"] in (None, 1.0):
        def run(span):
            k.bootstrap_auc(*p.kernel_args, stratified, seeds[span[0]:span[1]],
                            out[span[0]:span[1]])
    else:
        fn = BOOTSTRAP_METRICS[metric]
        block = max(1, _BLOCK_BYTES // (8 * n_cells))

        def run(span):
            for start in range(span[0], span[1], block):
                stop = min(span[1], start + block)
                counts = np.empty((stop - start, n_cells))
                k.bootstrap_group_counts(*p.kernel_args, stratified, seeds[start:stop], counts)
                for r in range(stop - start):
                    out[start + r] = fn(*_sweep_of(counts[r], p.values), options)
    spans = _chunks(len(seeds), n_threads)
    if len(spans) > 1:
        with ThreadPoolExecutor(len(spans)) as pool:
            list(pool.map(run, spans))
    else:
        run(spans[0])
    if metric == "gini" and options["max_fpr"] in (None, 1.0):
        out = 2 * out - 1
    return out


def _jackknife_acceleration(p: _Parts, metric: str, options, rng) -> float:
    """BCa's acceleration a = Σ d³ / (6 (Σ d²)^{3/2}) from jackknife influence values.

    Leaving out one sample only lowers one cell's count, so the units are the distinct
    (cell, weight) pairs counted with their multiplicity; AUC and Gini in closed form, other
    metrics evaluated once per unit, or per group of a delete-a-group jackknife (1000
    random groups) when there are more units than that."""
    n_cells = 2 * len(p.values)
    full = _counts_full(p)
    all_cells, weights = p.cells(), p.weights()
    keys = np.stack([all_cells.astype(np.float64), weights])
    units, mult = np.unique(keys, axis=1, return_counts=True)
    cell, w = units[0].astype(np.intp), units[1]
    if metric in ("roc_auc", "gini") and options["max_fpr"] in (None, 1.0):
        neg_c, pos_c = full[0::2], full[1::2]
        w_neg, w_pos = neg_c.sum(), pos_c.sum()
        neg_below = np.cumsum(neg_c) - neg_c
        pos_above = pos_c.sum() - np.cumsum(pos_c)
        u = float(np.dot(pos_c, neg_below + 0.5 * neg_c))
        g, is_pos = cell // 2, cell % 2 == 1
        u_out = np.where(is_pos, u - w * (neg_below[g] + 0.5 * neg_c[g]),
                         u - w * (pos_above[g] + 0.5 * pos_c[g]))
        with np.errstate(invalid="ignore", divide="ignore"):
            theta = u_out / np.where(is_pos, (w_pos - w) * w_neg, w_pos * (w_neg - w))
        if metric == "gini":
            theta = 2 * theta - 1
    else:
        fn = BOOTSTRAP_METRICS[metric]
        if len(cell) > 1000:
            group = rng.permutation(len(all_cells)) % 1000
            left_out = [np.bincount(all_cells[group == b], weights[group == b],
                                    minlength=n_cells) for b in range(1000)]
            mult = np.ones(1000, dtype=np.int64)
        else:
            left_out = []
            for j in range(len(cell)):
                one = np.zeros(n_cells)
                one[cell[j]] = w[j]
                left_out.append(one)
        theta = np.array([fn(*_sweep_of(np.maximum(full - lo, 0.0), p.values), options)
                          for lo in left_out])
    ok = np.isfinite(theta)
    if not ok.any():
        return 0.0
    theta, mult = theta[ok], mult[ok]
    d = np.average(theta, weights=mult) - theta
    s2 = float(np.dot(mult, d * d))
    return float(np.dot(mult, d**3)) / (6 * s2**1.5) if s2 > 0 else 0.0


def _interval_from(replicates, estimate, level, method, acceleration):
    alpha = 1 - level
    if method == "percentile":
        q = [alpha / 2, 1 - alpha / 2]
    else:
        below = float(np.mean(replicates < estimate))
        if below in (0.0, 1.0):
            warnings.warn("every bootstrap replicate lies on one side of the estimate: the BCa "
                          "bias correction is infinite, the interval is NaN; use "
                          "method='percentile'", RuntimeWarning, stacklevel=3)
            return math.nan, math.nan
        z0 = _NORMAL.inv_cdf(below)
        q = []
        for tail in (alpha / 2, 1 - alpha / 2):
            zt = z0 + _NORMAL.inv_cdf(tail)
            q.append(_NORMAL.cdf(z0 + zt / (1 - acceleration * zt)))
    low, high = np.quantile(replicates, q)
    return float(low), float(high)


_MAX_RESAMPLES = 10**8


def _check_bootstrap_args(confidence_level, method, n_resamples, stratified):
    level = _check_level(confidence_level)
    check_choice(method, "method", ("percentile", "bca"))
    n_resamples = check_positive_int(n_resamples, "n_resamples")
    if n_resamples > _MAX_RESAMPLES:
        raise ValueError(f"n_resamples must be <= {_MAX_RESAMPLES:,} (the replicates are kept "
                         f"in memory), got {shorten(n_resamples)}")
    return level, n_resamples, check_flag(stratified, "stratified")


def _valid(replicates: np.ndarray, what: str) -> np.ndarray:
    ok = np.isfinite(replicates)
    if not ok.all():
        warnings.warn(f"{int((~ok).sum())} of {len(replicates)} bootstrap replicates have an "
                      f"undefined {what} (e.g. a class not drawn) and were left out",
                      RuntimeWarning, stacklevel=3)
    if not ok.any():
        raise ValueError(f"every bootstrap replicate has an undefined {what}")
    return replicates[ok]


def _check_classes(is_pos, weights, name="y_true"):
    w = np.ones(len(is_pos)) if weights is None else weights
    if not (w[is_pos].sum() > 0 and w[~is_pos].sum() > 0):
        raise ValueError(f"{name} needs both classes (with nonzero weight) to resample the "
                         "metric")


def bootstrap_ci(
    y_true: Any,
    y_score: Any,
    *,
    metric: str = "roc_auc",
    confidence_level: float = 0.95,
    method: str = "percentile",
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    pos_label: Any = None,
    sample_weight: Any = None,
    threshold: float | None = None,
    max_fpr: float | None = None,
    n_threads: int | None = None,
) -> BootstrapResult:
    """Bootstrap confidence interval of a threshold-sweep metric.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels ({0, 1}, {-1, 1}, bool, or any labels with ``pos_label``).
    y_score : array-like of shape (n_samples,)
        Finite scores; higher means more likely positive.
    metric : str, default="roc_auc"
        One of :data:`BOOTSTRAP_METRICS`: ``"roc_auc"`` (partial with ``max_fpr``),
        ``"gini"``, ``"average_precision"``, ``"pr_auc"``, ``"ks"``, ``"best_threshold"``
        (the threshold maximising Youden's J, as :func:`best_threshold`), or a rate at
        ``threshold``: ``"recall"``, ``"specificity"``, ``"fpr"``, ``"fnr"``,
        ``"precision"``, ``"npv"``, ``"accuracy"``, ``"f1"``.
    confidence_level : float in (0, 1), default=0.95
    method : {"percentile", "bca"}, default="percentile"
        Percentile interval (pROC's) or bias-corrected and accelerated (Efron 1987).
    n_resamples : int >= 1, default=2000
        Replicates (pROC's ``boot.n`` default).
    stratified : bool, default=True
        Resample each class on its own, keeping the class sizes (pROC's default).
    random_state : None, int, numpy Generator, SeedSequence or RandomState
        Same seed, same replicates, on either backend and any ``n_threads``.
    pos_label : label, optional
        The positive class.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights; a replicate weighs each drawn sample by its weight.
    threshold : float, optional
        The threshold of a rate metric (predicted positive when score >= threshold).
    max_fpr : float in (0, 1], optional
        ``metric="roc_auc"`` only: the McClish-standardised partial AUC of
        :func:`roc_auc_score`.
    n_threads : int, optional
        Threads over the replicates (default: the CPUs this process may use).

    Returns
    -------
    BootstrapResult
        ``estimate`` (the metric on the data), ``low``, ``high``, ``confidence_level``,
        ``method``, ``std_error`` and the ``replicates``.

    Raises
    ------
    ValueError
        Unknown metric, confidence level outside (0, 1), ``n_resamples`` < 1, a class
        missing, or every replicate undefined.

    See Also
    --------
    roc_auc_ci : DeLong's interval of the AUC (exact variance, no resampling).
    bootstrap_test : Paired comparison of two models.

    Notes
    -----
    Every sample becomes a cell (its class, and the rank of its score among the distinct
    scores), computed once; replicate r draws positions from the SplitMix64 stream of
    seed r (seeds from ``random_state``) and counts the drawn cells, so the metric is one
    pass over the cells — the data are never sorted again. Percentile: the α/2 and
    1 − α/2 quantiles of the replicates (R's type 7, as pROC). BCa: quantiles
    Φ(z0 + (z0 + z_q) / (1 − a (z0 + z_q))) with z0 = Φ⁻¹(#{θ* < θ̂} / B) and the
    acceleration a from the jackknife (one unit per distinct (cell, weight), with its
    multiplicity; a delete-a-group jackknife of 1000 random groups beyond 1000 units,
    except for the AUC and Gini, which use the exact closed form). Replicates where the
    metric is undefined (a class not drawn without stratification, no predicted positive
    for precision) are left out with a warning, as pROC does.

    Examples
    --------
    >>> from rankscore.uncertainty import bootstrap_ci
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> r = bootstrap_ci(data.target, data.score, pos_label="spam", random_state=0)
    >>> round(r.estimate, 4), 0.5 < r.low < r.estimate < r.high <= 1
    (0.798, True)
    """
    level, n_resamples, stratified = _check_bootstrap_args(confidence_level, method,
                                                           n_resamples, stratified)
    options = _metric_options(metric, threshold, max_fpr)
    codes, pos_code, scores, weights, _ = binary_problem(y_true, y_score, pos_label,
                                                         sample_weight, finite=True)
    is_pos = codes == pos_code
    _check_classes(is_pos, weights)
    parts = _parts(is_pos, scores, weights, paired=False)
    seeds, rng = _seeds(random_state, n_resamples)
    estimate = BOOTSTRAP_METRICS[metric](*_sweep_of(_counts_full(parts), parts.values), options)
    if math.isnan(estimate):
        raise ValueError(f"{metric} is undefined on the data (e.g. no predicted positive "
                         "at this threshold)")
    replicates = _valid(_replicates(parts, metric, options, seeds, stratified,
                                    thread_count(n_threads)), metric)
    acceleration = _jackknife_acceleration(parts, metric, options, rng) if method == "bca" \
        else 0.0
    low, high = _interval_from(replicates, estimate, level, method, acceleration)
    std = float(np.std(replicates, ddof=1)) if len(replicates) > 1 else math.nan
    return BootstrapResult(float(estimate), low, high, level, method, std, replicates)


def bootstrap_test(
    y_true: Any,
    y_score_a: Any,
    y_score_b: Any,
    *,
    metric: str = "roc_auc",
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    pos_label: Any = None,
    sample_weight: Any = None,
    threshold: float | None = None,
    max_fpr: float | None = None,
    n_threads: int | None = None,
) -> BootstrapTest:
    """Paired bootstrap test of two models scored on the same samples.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels.
    y_score_a, y_score_b : array-like of shape (n_samples,)
        The two models' scores of the same samples.
    metric, confidence_level, n_resamples, stratified, random_state, pos_label,
    sample_weight, threshold, max_fpr, n_threads
        As in :func:`bootstrap_ci`.

    Returns
    -------
    BootstrapTest
        The two estimates, their ``difference``, ``std_error`` = sd of the replicate
        differences, ``statistic`` D, two-sided ``p_value``, the percentile interval
        (``low``, ``high``) of the difference, and the number of valid replicates.

    See Also
    --------
    delong_test : The exact test for the AUC without weights.

    Notes
    -----
    Both models see the same drawn samples in every replicate. D = (θ_a − θ_b) /
    sd(θ*_a − θ*_b), p = 2 Φ(−|D|), as pROC's ``roc.test(method = "bootstrap",
    paired = TRUE)``; D = 0 when every difference is 0.

    Examples
    --------
    >>> from rankscore.uncertainty import bootstrap_test
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> a = [0.14, 0.23, 0.39, 0.52, 0.73, 0.90, 0.3, 0.6]
    >>> t = bootstrap_test(y, a, a, random_state=0)
    >>> t.difference, t.statistic, t.p_value
    (0.0, 0.0, 1.0)
    """
    level, n_resamples, stratified = _check_bootstrap_args(confidence_level, "percentile",
                                                           n_resamples, stratified)
    options = _metric_options(metric, threshold, max_fpr)
    codes, pos_code, a, b = _paired_columns(y_true, y_score_a, y_score_b, pos_label)
    weights = check_sample_weight(sample_weight, len(codes))
    is_pos = codes == pos_code
    _check_classes(is_pos, weights)
    seeds, _ = _seeds(random_state, n_resamples)
    nt = thread_count(n_threads)
    estimates, reps = [], []
    for scores in (a, b):
        parts = _parts(is_pos, scores, weights, paired=True)
        estimates.append(BOOTSTRAP_METRICS[metric](*_sweep_of(_counts_full(parts),
                                                               parts.values), options))
        reps.append(_replicates(parts, metric, options, seeds, stratified, nt))
    diffs = _valid(reps[0] - reps[1], f"difference of {metric}")
    d = float(estimates[0] - estimates[1])
    sd = float(np.std(diffs, ddof=1)) if len(diffs) > 1 else math.nan
    if sd > 0:
        stat = d / sd
    else:
        stat = 0.0 if d == 0 and not np.any(diffs) else math.copysign(math.inf, d) if d else \
            math.nan
    low, high = np.quantile(diffs, [(1 - level) / 2, 1 - (1 - level) / 2])
    return BootstrapTest(float(estimates[0]), float(estimates[1]), d, sd, stat,
                         _two_sided_normal_p(stat), float(low), float(high), level,
                         len(diffs))


class RocBand(NamedTuple):
    """Sensitivity at each specificity on the data, with its bootstrap percentile band.

    Examples
    --------
    >>> from rankscore.uncertainty import roc_confidence_band
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> s = [0.1, 0.8, 0.3, 0.2, 0.7, 0.9, 0.4, 0.6]
    >>> band = roc_confidence_band(y, s, n_resamples=200, random_state=0)
    >>> bool((band.low <= band.sensitivity).all() and (band.sensitivity <= band.high).all())
    True
    """

    specificity: np.ndarray
    sensitivity: np.ndarray
    low: np.ndarray
    high: np.ndarray
    confidence_level: float


def _sensitivity_at(fps, tps, fpr_grid):
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
) -> RocBand:
    """Bootstrap confidence band of the sensitivity at each specificity (pROC's ``ci.se``).

    Parameters
    ----------
    y_true, y_score
        Binary labels and scores, as in :func:`bootstrap_ci`.
    specificities : array-like of numbers in [0, 1], optional
        Where to evaluate (default: 0, 0.01, ..., 1).
    confidence_level, n_resamples, stratified, random_state, pos_label, sample_weight,
    n_threads
        As in :func:`bootstrap_ci`.

    Returns
    -------
    RocBand
        ``specificity`` (as given, float64), ``sensitivity`` on the data, and the
        percentile band ``low`` / ``high`` at each specificity.

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
    level, n_resamples, stratified = _check_bootstrap_args(confidence_level, "percentile",
                                                           n_resamples, stratified)
    what = "a non-empty 1-D array of numbers in [0, 1]"
    grid = np.linspace(0.0, 1.0, 101) if specificities is None else _float_array(
        specificities, "specificities", what)
    if grid.ndim != 1 or grid.size == 0 or not ((grid >= 0) & (grid <= 1)).all():
        raise ValueError(f"specificities must be {what}, got {quoted(specificities)}")
    codes, pos_code, scores, weights, _ = binary_problem(y_true, y_score, pos_label,
                                                         sample_weight, finite=True)
    is_pos = codes == pos_code
    _check_classes(is_pos, weights)
    parts = _parts(is_pos, scores, weights, paired=False)
    seeds, _ = _seeds(random_state, n_resamples)
    fpr_grid = 1.0 - grid
    fps, tps, _ = _sweep_of(_counts_full(parts), parts.values)
    on_data = _sensitivity_at(fps, tps, fpr_grid)
    n_cells = 2 * len(parts.values)
    block = max(1, _BLOCK_BYTES // (8 * n_cells))
    curves_ = np.empty((n_resamples, len(grid)))
    k = _backend.kernels

    def run(span):
        for start in range(span[0], span[1], block):
            stop = min(span[1], start + block)
            counts = np.empty((stop - start, n_cells))
            k.bootstrap_group_counts(*parts.kernel_args, stratified, seeds[start:stop], counts)
            for r in range(stop - start):
                f, t, _ = _sweep_of(counts[r], parts.values)
                curves_[start + r] = (_sensitivity_at(f, t, fpr_grid) if f[-1] > 0 and t[-1] > 0
                                      else np.nan)

    spans = _chunks(n_resamples, thread_count(n_threads))
    if len(spans) > 1:
        with ThreadPoolExecutor(len(spans)) as pool:
            list(pool.map(run, spans))
    else:
        run(spans[0])
    valid = curves_[np.isfinite(curves_).all(axis=1)]
    if len(valid) < len(curves_):
        warnings.warn(f"{len(curves_) - len(valid)} of {len(curves_)} bootstrap replicates "
                      "lack a class and were left out", RuntimeWarning, stacklevel=2)
    low, high = np.quantile(valid, [(1 - level) / 2, 1 - (1 - level) / 2], axis=0)
    return RocBand(grid, on_data, low, high, level)


# ---------------------------------------------------------------------------------------
# rates at one threshold


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
    level = _check_level(confidence_level)
    check_choice(method, "method", ("wilson", "agresti_coull", "clopper_pearson"))
    x, n = _check_count(successes, "successes"), _check_count(trials, "trials")
    if n == 0:
        raise ValueError("trials must be > 0 (the rate is undefined with no trials)")
    if x > n:
        raise ValueError(f"successes ({x:g}) must not exceed trials ({n:g})")
    p = x / n
    z = _z(level)
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
    level = _check_level(confidence_level)
    check_choice(method, "method", ("wilson", "agresti_coull", "clopper_pearson"))
    confusion = binary_confusion(y_true, y_score, threshold=threshold, pos_label=pos_label,
                                 sample_weight=sample_weight, strict=strict)
    out = {}
    for name, parts in _RATE_PARTS.items():
        x, n = parts(confusion)
        if n > 0:
            out[name] = proportion_ci(x, n, confidence_level=level, method=method)
    return out
