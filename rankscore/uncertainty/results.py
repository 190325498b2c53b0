"""What the uncertainty functions return: intervals, tests, bootstrap results, bands."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

__all__ = ["BootstrapResult", "BootstrapTest", "ConfidenceInterval", "ContrastTest", "DeLongTest",
           "PairwiseComparison", "RocBand"]


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
