"""DeLong's variance and covariance of the ROC AUC (from one merge of the sorted class
parts), its intervals, and the paired, unpaired and contrast tests."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Sequence

import numpy as np

from .. import _backend
from .._engine.labels import label_codes
from .._engine.parts import thread_count
from .._engine.scaling import unit_exponent
from .._engine.validate import (as_array, as_scores, check_choice, check_finite, check_same_length,
                                quoted, to_float)
from .bootstrap import bootstrap_ci
from .results import ConfidenceInterval, ContrastTest, DeLongTest
from .stats import (check_level, float_array, normal_critical, paired_columns, t_critical,
                    t_two_sided_p, two_sided_normal_p, z_statistic)

__all__ = ["aucs_and_covariance", "paired_result", "score_columns", "delong_contrast_test",
           "delong_covariance", "delong_test", "delong_test_unpaired", "delong_variance",
           "gini_ci", "roc_auc_ci"]

# Models are scored on threads from this many samples on: below, one after another is
# faster than starting the threads (two models, 4,000 samples: 0.2 ms against 0.5 ms;
# 16,000: 1.0 ms against 0.9 ms).
THREADS_FROM_ROWS = 1 << 14


def _delong_labels(y_true: Any, pos_label: Any, sample_weight: Any) -> tuple[np.ndarray, Any]:
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


def _delong_one(y_true: Any, y_score: Any, pos_label: Any,
                sample_weight: Any) -> tuple[float, float, int]:
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
    result: float = _delong_one(y_true, y_score, pos_label, None)[1]
    return result


def score_columns(y_score: Any, n: int) -> np.ndarray:
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


def aucs_and_covariance(codes: np.ndarray, pos_code: Any, columns: Sequence[np.ndarray],
                        n_threads: int) -> tuple[np.ndarray, np.ndarray]:
    """(aucs, S) of models scored on the same samples (one score array per model), from
    every sample's placements: one kernel call per model, the models on threads from
    THREADS_FROM_ROWS samples on."""
    k = _backend.kernels
    n_pos = int(np.count_nonzero(codes == pos_code))
    n_neg = len(codes) - n_pos
    _check_two_per_class(n_neg, n_pos)
    # row j: model j's twice-placements in sample order (c for positives, d for negatives),
    # then e = (V − AUC) / sqrt((count − 1) count) with V10 = c / 2n, V01 = d / 2m: S = e eᵀ
    e, twice_u = np.empty((len(columns), len(codes))), np.empty(len(columns))
    pos_scale = 1 / (2.0 * n_neg * math.sqrt((n_pos - 1) * n_pos))
    neg_scale = 1 / (2.0 * n_pos * math.sqrt((n_neg - 1) * n_neg))

    def one(j: int) -> None:
        twice_u[j] = k.delong_sample_placements(codes, pos_code, columns[j], n_pos, e[j])
        k.delong_scale(codes, pos_code, e[j], twice_u[j] / n_pos, pos_scale,
                       twice_u[j] / n_neg, neg_scale)

    if n_threads > 1 and len(columns) > 1 and len(codes) >= THREADS_FROM_ROWS:
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
        Threads over the models (default: the CPUs this process may use); under 16,384
        samples the models are scored one after another, which is faster.

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
    columns = score_columns(y_score, len(codes))
    nt = 1 if n_threads is None and columns.shape[1] == 1 else thread_count(n_threads)
    result: tuple[np.ndarray, np.ndarray] = aucs_and_covariance(codes, pos_code, list(columns.T), nt)
    return result


def _interval(theta: float, variance: float, level: float,
              transform: str | None) -> tuple[float, float]:
    se = math.sqrt(variance)
    z = normal_critical(level)
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
    progress: bool = False,
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
    n_resamples, stratified, random_state, n_threads, progress
        Bootstrap options, as in :func:`bootstrap_ci` (DeLong's interval is immediate:
        ``progress`` shows nothing there).

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
    level = check_level(confidence_level)
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
                         sample_weight=sample_weight, n_threads=n_threads, progress=progress)
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
    statistic = z_statistic(d, se)
    if paired:
        p_value, critical = two_sided_normal_p(statistic), normal_critical(level)
    else:
        p_value = t_two_sided_p(statistic, df)
        critical = t_critical(1 - level, df)
    return DeLongTest(auc_a, auc_b, d, se, statistic, p_value, d - critical * se,
                      d + critical * se, level, df, paired)


def paired_result(aucs: np.ndarray, cov: np.ndarray, a: int, b: int,
                   level: float) -> DeLongTest:
    """The paired test of models a and b from the AUCs and DeLong's covariance matrix:
    se = sqrt(S_aa + S_bb − 2 S_ab)."""
    se = math.sqrt(max(0.0, float(cov[a, a] + cov[b, b] - 2 * cov[a, b])))
    return _delong_result(float(aucs[a]), float(aucs[b]), se, level, paired=True)


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
        Threads over the two models (default: the CPUs this process may use); under 16,384
        samples the models are scored one after another, which is faster.

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
    level = check_level(confidence_level)
    codes, pos_code, a, b = paired_columns(y_true, y_score_a, y_score_b, pos_label)
    aucs, cov = aucs_and_covariance(codes, pos_code, [a, b], thread_count(n_threads))
    return paired_result(aucs, cov, 0, 1, level)


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
    level = check_level(confidence_level)
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
        ``p_value``, and the interval estimate ∓ z_{1−α/2} se. ``statistic`` and
        ``p_value`` do not depend on L's scale (``[1, -1]``, ``[1e308, -1e308]`` and
        ``[5e-324, -5e-324]`` give the same); ``estimate``, ``std_error``, ``low`` and
        ``high`` are in L's units, rounded to float64: ±inf where they exceed its range
        (about 1.8e308), 0 or subnormal where they fall below it.

    Raises
    ------
    ValueError
        A contrast that is not one finite number per model, or all zeros.

    See Also
    --------
    delong_covariance, delong_test

    Notes
    -----
    z = L·θ / sqrt(L S Lᵀ), p = 2 Φ(−|z|) (DeLong et al. 1988). L is first scaled by a
    power of two (exactly) so that its largest entry is in [0.5, 1); the results in L's
    units are scaled back.

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
    level = check_level(confidence_level)
    codes, pos_code = label_codes(y_true, pos_label)
    columns = score_columns(y_score, len(codes))
    what = f"{columns.shape[1]} finite numbers (one per column of y_score)"
    weights = float_array(contrast, "contrast", what)
    if weights.shape != (columns.shape[1],) or not np.isfinite(weights).all():
        raise ValueError(f"contrast must be {what}, got {quoted(contrast)}")
    if not weights.any():
        raise ValueError(f"contrast is all zeros, got {quoted(contrast)}: L · AUC = 0 holds "
                         "for any AUCs, there is nothing to test (e.g. [1, -1] tests model 0 "
                         "against model 1)")
    aucs, cov = aucs_and_covariance(codes, pos_code, list(columns.T), thread_count(n_threads))
    # z does not depend on L's scale: L times 2^-e (exact), its largest entry in [0.5, 1),
    # so that neither L·θ nor L S Lᵀ overflows or underflows; the results in L's units
    # are those times 2^e
    exponent = unit_exponent(weights)
    unit = np.ldexp(weights, -exponent)
    estimate = float(unit @ aucs)
    se = math.sqrt(max(0.0, float(unit @ cov @ unit)))
    z = z_statistic(estimate, se)
    half = normal_critical(level) * se
    with np.errstate(over="ignore", under="ignore"):
        scaled = np.ldexp([estimate, se, estimate - half, estimate + half], exponent).tolist()
    return ContrastTest(scaled[0], scaled[1], z, two_sided_normal_p(z), scaled[2], scaled[3],
                        level)
