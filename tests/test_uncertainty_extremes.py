"""rankscore.uncertainty at the edges of its inputs: arguments that are not real numbers,
contrasts of any scale, counts and weights near float64's limits.

Every test runs on both backends (the session fixture of conftest.py).
"""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

import rankscore as rs
from rankscore import uncertainty as u

Y = [0, 1, 0, 1, 0, 1]
M = np.column_stack([[0.1, 0.4, 0.35, 0.8, 0.2, 0.7], [0.2, 0.3, 0.1, 0.9, 0.5, 0.4]])


# ---------------------------------------------------------------------------------------
# Arrays of real numbers only


@pytest.mark.parametrize("p_values", [
    np.array([0.01 + 5j, 0.04]),                                  # imaginary part dropped
    ["0.01", "0.04"],                                             # strings of numbers
    np.array(["0.01", "0.04"]),
    np.array([(0.01,), (0.04,)], dtype=[("p", "f8")]),            # one-field structured
    np.array([1, 2], dtype="datetime64[D]"),
    np.array([1, 2], dtype="timedelta64[s]"),
    [0.01, None],
])
def test_holm_adjust_refuses_what_is_not_a_real_number(p_values):
    with pytest.raises(TypeError, match="p_values must be"):
        u.holm_adjust(p_values)


def test_holm_adjust_keeps_reading_real_numbers():
    # statsmodels' multipletests(method="holm") takes lists of Python floats; by hand:
    # sorted 0.01, 0.03, 0.04 -> 3 * 0.01, max(0.03, 2 * 0.03), max(0.06, 1 * 0.04)
    expected = [0.03, 0.06, 0.06]
    for p in ([0.01, 0.04, 0.03], (0.01, 0.04, 0.03), np.array([0.01, 0.04, 0.03], np.float32),
              [Fraction(1, 100), 0.04, 0.03]):
        assert u.holm_adjust(p).tolist() == pytest.approx(expected, rel=1e-7)
    assert u.holm_adjust(np.array([True, False])).tolist() == [1.0, 0.0]
    assert u.holm_adjust([0, 1]).tolist() == [0.0, 1.0]


@pytest.mark.parametrize("contrast", [
    np.array([1, 2], dtype="datetime64[D]"), np.array([1 + 0j, -1]), ["1", "-1"],
    np.array([(1.0,), (-1.0,)], dtype=[("c", "f8")]),
])
def test_contrast_refuses_what_is_not_a_real_number(contrast):
    with pytest.raises(TypeError, match="contrast must be"):
        u.delong_contrast_test(Y, M, contrast)


@pytest.mark.parametrize("specificities", [np.array([0.1 + 1j]), ["0.5"],
                                           np.array([1], dtype="datetime64[D]")])
def test_roc_band_refuses_specificities_that_are_not_real_numbers(specificities):
    with pytest.raises(TypeError, match="specificities must be"):
        u.roc_confidence_band(Y, M[:, 0], specificities=specificities, n_resamples=10,
                              random_state=0)


def test_a_number_beyond_float64_is_a_value_error():
    with pytest.raises(ValueError, match="contrast must be .*beyond float64"):
        u.delong_contrast_test(Y, M, [1, -10**400])


# ---------------------------------------------------------------------------------------
# delong_contrast_test: the contrast's scale


def _contrast_z(contrast, scores):
    """z = L·θ / sqrt(L S Lᵀ) from DeLong's AUCs and covariance, L of moderate scale."""
    aucs, cov = u.delong_covariance(Y, scores)
    c = np.asarray(contrast, dtype=float)
    return float(c @ aucs) / math.sqrt(float(c @ cov @ c))


@pytest.mark.parametrize("scale", [1.0, 3.0, 1e-3, 1e300, 1e308, 1e-300, 5e-324])
def test_contrast_statistic_does_not_depend_on_the_scale(scale):
    pair = u.delong_test(Y, M[:, 0], M[:, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow warning either
        t = u.delong_contrast_test(Y, M, [scale, -scale])
    assert t.statistic == pytest.approx(pair.statistic, rel=1e-12)
    assert t.p_value == pytest.approx(pair.p_value, rel=1e-12)
    assert 0 < t.p_value < 1 and t.statistic != 0


def test_contrast_results_in_the_contrasts_units():
    three = np.column_stack([M, [0.3, 0.6, 0.2, 0.5, 0.45, 0.9]])
    base = u.delong_contrast_test(Y, three, [2, -1, -1])
    assert base.statistic == pytest.approx(_contrast_z([2, -1, -1], three), rel=1e-12)
    for scale in (1e300, 1e-300, 7.0):
        t = u.delong_contrast_test(Y, three, [2 * scale, -scale, -scale])
        assert t.statistic == pytest.approx(base.statistic, rel=1e-12)
        assert t.p_value == pytest.approx(base.p_value, rel=1e-12)
        for field in ("estimate", "std_error", "low", "high"):
            assert getattr(t, field) == pytest.approx(getattr(base, field) * scale, rel=1e-12)
    # beyond float64 in the contrast's units: infinite there, the test itself unchanged
    big = u.delong_contrast_test(Y, three, [1.5e308, 1.5e308, 1.5e308])
    aucs, _ = u.delong_covariance(Y, three)
    assert aucs.sum() > 1.2  # so 1.5e308 * the sum is beyond 1.8e308
    assert big.estimate == math.inf and big.high == math.inf
    assert big.statistic == pytest.approx(_contrast_z([1, 1, 1], three), rel=1e-12)


@pytest.mark.parametrize("contrast", [[0, 0], [0.0, -0.0], np.zeros(2)])
def test_an_all_zero_contrast_is_refused(contrast):
    with pytest.raises(ValueError, match="contrast is all zeros"):
        u.delong_contrast_test(Y, M, contrast)


@pytest.mark.parametrize("contrast", [[1, math.nan], [math.inf, -1], [-math.inf, 0]])
def test_a_non_finite_contrast_is_refused(contrast):
    with pytest.raises(ValueError, match="contrast must be 2 finite numbers"):
        u.delong_contrast_test(Y, M, contrast)
