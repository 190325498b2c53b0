"""Normal and Student t: critical values and p-values, and the checks of levels, real
arrays and paired score columns that every interval and test shares."""

from __future__ import annotations

import math
import numbers
from statistics import NormalDist
from typing import Any

import numpy as np

from .._engine.labels import label_codes
from .._engine.validate import as_scores, check_real, quoted, read_array, to_float

__all__ = ["NORMAL", "check_level", "float_array", "paired_columns", "z_statistic", "t_critical",
           "t_two_sided_p", "two_sided_normal_p", "normal_critical"]


NORMAL = NormalDist()


def check_level(confidence_level: Any) -> float:
    return check_real(confidence_level, "confidence_level", low=0, high=1, low_open=True,
                      high_open=True, what="a float in (0, 1)")


def float_array(value: Any, name: str, what: str) -> np.ndarray:
    """``value`` as a float64 array of real numbers: bool, integer and float arrays read as
    every score array is (``to_float``), lists of Python numbers as float64. Complex numbers,
    strings (also of numbers), datetimes, structured arrays, None and scalars are a
    TypeError naming ``name``; ragged lists and numbers beyond float64 a ValueError."""
    if isinstance(value, (str, bytes, set, dict)) or value is None:
        raise TypeError(f"{name} must be {what}, got {quoted(value)}")
    arr = read_array(value, name, "an array")
    if arr.dtype == object:  # Python numbers NumPy keeps as objects (10**20, Fraction), or None
        if not all(isinstance(v, numbers.Real) for v in arr.ravel().tolist()):
            raise TypeError(f"{name} must be {what}, got {quoted(value)}")
        try:
            return arr.astype(np.float64)
        except OverflowError:
            raise ValueError(f"{name} must be {what}, got a number beyond float64's range "
                             f"in {quoted(value)}") from None
    try:  # the dtypes every score array accepts; not scores, so integers beyond 2**53 may round
        floats = to_float(arr, name, exact=False)
    except TypeError:
        raise TypeError(f"{name} must be {what}, got dtype {arr.dtype}") from None
    return np.asarray(floats, dtype=np.float64)


def normal_critical(level: float) -> float:
    """The two-sided critical value Φ⁻¹(1 − (1 − level) / 2), computed as −Φ⁻¹((1 − level)
    / 2): 1 − (1 − level) / 2 rounds to 1 for a level within 1e-16 of 1."""
    return -NORMAL.inv_cdf((1 - level) / 2)


def two_sided_normal_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2)) if not math.isnan(z) else math.nan


def z_statistic(estimate: float, se: float) -> float:
    """The statistic estimate / se; 0 / 0 (identical curves) is 0, so p = 1 as in pROC, and
    x / 0 is ±inf."""
    if se > 0:
        return estimate / se
    return 0.0 if estimate == 0 else math.copysign(math.inf, estimate)


def paired_columns(y_true: Any, y_score_a: Any, y_score_b: Any,
                   pos_label: Any) -> tuple[np.ndarray, Any, np.ndarray, np.ndarray]:
    codes, pos_code = label_codes(y_true, pos_label)
    a, b = as_scores(y_score_a, "y_score_a"), as_scores(y_score_b, "y_score_b")
    if not len(codes) == len(a) == len(b):
        raise ValueError(f"a paired test needs both models scored on the same samples: y_true "
                         f"has {len(codes)} samples, y_score_a {len(a)}, y_score_b {len(b)}")
    return codes, pos_code, a, b


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


def t_two_sided_p(t: float, df: float) -> float:
    """2 P(T > |t|) for Student's t with df degrees of freedom (normal for df = inf)."""
    if math.isnan(t):
        return math.nan
    if math.isinf(df):
        return two_sided_normal_p(t)
    if math.isinf(t):
        return 0.0
    return _betainc(df / 2, 0.5, df / (df + t * t))


def t_critical(alpha: float, df: float) -> float:
    """The two-sided critical value of Student's t at level 1 − alpha (the
    (1 − alpha / 2)-quantile), by bisection on the p-value; alpha is given rather than the
    level, which would round to 1 for alpha below 1e-16."""
    if math.isinf(df):
        return -NORMAL.inv_cdf(alpha / 2)
    target = alpha
    low, high = 0.0, 1.0
    while t_two_sided_p(high, df) > target:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        if t_two_sided_p(mid, df) > target:
            low = mid
        else:
            high = mid
        if high - low <= 1e-15 * high:
            break
    return (low + high) / 2
