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


# ---------------------------------------------------------------------------------------
# Intervals of a proportion: large and small counts


def _wilson_decimal(x, n, z=1.959963984540054):
    """Wilson's interval in 60-digit decimal arithmetic, from its textbook form
    (x + z²/2) / (n + z²) ± z / (n + z²) sqrt(x (n − x) / n + z² / 4)."""
    from decimal import Decimal, localcontext

    with localcontext() as ctx:
        ctx.prec = 60
        x, n, z = Decimal(x), Decimal(n), Decimal(z)
        centre = (x + z * z / 2) / (n + z * z)
        half = z / (n + z * z) * (x * (n - x) / n + z * z / 4).sqrt()
        return float(max(0, centre - half)), float(min(1, centre + half))


@pytest.mark.parametrize("scale", [1e-300, 1e-5, 1.0, 1e20, 1e100, 1e200, 1e300])
@pytest.mark.parametrize("x, n", [(2, 3), (0, 3), (3, 3), (1, 1000)])
def test_wilson_at_any_scale_of_the_counts(x, n, scale):
    ci = u.proportion_ci(x * scale, n * scale)
    low, high = _wilson_decimal(x * scale, n * scale)
    assert ci.low == pytest.approx(low, rel=1e-13, abs=1e-300)
    assert ci.high == pytest.approx(high, rel=1e-13, abs=1e-300)
    assert ci.low <= ci.estimate <= ci.high


@pytest.mark.parametrize("method", ["wilson", "agresti_coull", "clopper_pearson"])
def test_huge_counts_give_a_narrow_interval_around_the_estimate(method):
    # n = 3e20: the half-width is z sqrt(p q / n) = 5.3e-11 to first order
    ci = u.proportion_ci(2e20, 3e20, method=method)
    assert ci.low < ci.estimate < ci.high
    assert (ci.high - ci.low) / 2 == pytest.approx(1.959963984540054 * math.sqrt(2 / 9 / 3e20),
                                                  rel=1e-6)
    for x, n in ((2e200, 3e200), (1e307, 1.5e308)):
        ci = u.proportion_ci(x, n, method=method)
        assert ci.low <= ci.estimate <= ci.high and ci.high - ci.low < 1e-90


def test_agresti_coull_at_huge_counts():
    z = 1.959963984540054
    ci = u.proportion_ci(2e200, 3e200, method="agresti_coull")
    assert ci.low <= ci.estimate <= ci.high and ci.high - ci.low < 1e-90
    n_tilde = 30 + z * z  # and the same closed form as before at moderate counts
    p = (20 + z * z / 2) / n_tilde
    ci = u.proportion_ci(20, 30, method="agresti_coull")
    assert ci.low == pytest.approx(p - z * math.sqrt(p * (1 - p) / n_tilde), rel=1e-13)


# Clopper–Pearson against 40-digit quadrature of the Beta density (mpmath), solved for the
# quantiles: Beta(x, n − x + 1) at 0.025 and Beta(x + 1, n − x) at 0.975.
CP_REFERENCE = [
    (2e14, 3e14, 0.6666666133232003214378742, 0.6666667200101297959999031),
    (2e18, 3e18, 0.6666666661332320356330597, 0.666666667200101297378684),
    (1e9, 1e20, 9.999380214439282317922343e-12, 1.00006198145040863822804e-11),
]


@pytest.mark.parametrize("x, n, low, high", CP_REFERENCE)
def test_clopper_pearson_of_large_counts_matches_quadrature(x, n, low, high):
    ci = u.proportion_ci(x, n, method="clopper_pearson")
    width = high - low
    assert abs(ci.low - low) <= 1e-6 * width and abs(ci.high - high) <= 1e-6 * width


@pytest.mark.parametrize("x, n", [(6, 9), (0.5, 2.25), (12.5, 30.25), (200, 300), (1, 10**6),
                                  (2 * 10**6, 3 * 10**6), (10**6 - 3, 10**6)])
def test_clopper_pearson_of_moderate_counts_is_scipys(x, n):
    beta = pytest.importorskip("scipy.stats").beta
    ci = u.proportion_ci(x, n, method="clopper_pearson")
    assert ci.low == pytest.approx(beta.ppf(0.025, x, n - x + 1), rel=1e-12)
    assert ci.high == pytest.approx(beta.ppf(0.975, x + 1, n - x), rel=1e-12)


@pytest.mark.parametrize("n", [9, 2.5, 1e6, 1e30, 1e300])
def test_clopper_pearson_ends_in_closed_form(n):
    # x = 0: the upper bound solves (1 − t)^n = α/2; x = n: the lower bound t^n = α/2
    # (R: binom.test(0, 9)$conf.int = 0, 0.3362671)
    assert u.proportion_ci(0, n, method="clopper_pearson").high == pytest.approx(
        1 - 0.025 ** (1 / n) if n < 1e20 else -math.log(0.025) / n, rel=1e-9)
    assert u.proportion_ci(n, n, method="clopper_pearson").low == pytest.approx(
        0.025 ** (1 / n), rel=1e-12)
    assert u.proportion_ci(0, 9, method="clopper_pearson").high == pytest.approx(0.3362671,
                                                                                 abs=1e-7)


def test_clopper_pearson_upper_bound_at_a_level_next_to_1():
    # α/2 = 5.55e-17: 1 − α/2 rounds to 1, so the upper bound comes from its upper tail
    # (x = 0 raised 'math domain error'; x = 1 of 5 gave high = 1.0)
    level = 0.9999999999999999
    half_alpha = (1 - level) / 2
    ci = u.proportion_ci(0, 5, confidence_level=level, method="clopper_pearson")
    assert ci.low == 0.0
    assert ci.high == pytest.approx(1 - half_alpha ** (1 / 5), rel=1e-12)  # 0.99944…
    assert ci.high < 0.9995
    beta = pytest.importorskip("scipy.stats").beta
    ci = u.proportion_ci(1, 5, confidence_level=level, method="clopper_pearson")
    assert ci.high == pytest.approx(beta.isf(half_alpha, 2, 4), rel=1e-12)
    assert ci.high < 0.99995


@pytest.mark.parametrize("k", range(1, 309, 7))
@pytest.mark.parametrize("share", [2 / 3, 1e-3, 1 - 1e-9])
def test_clopper_pearson_holds_the_estimate_or_refuses(k, share):
    pytest.importorskip("scipy")
    n = 10.0**k
    x = math.floor(share * n) if n < 2**53 else share * n
    try:
        ci = u.proportion_ci(x, n, method="clopper_pearson")
    except ValueError as exc:
        assert "use method='wilson'" in str(exc)
        assert min(x, n - x) < 1e8 and n > 1e20
        return
    assert 0 <= ci.low <= ci.estimate <= ci.high <= 1


def test_clopper_pearson_refuses_few_successes_of_a_huge_number_of_trials():
    with pytest.raises(ValueError, match="clopper_pearson.*not computed reliably.*wilson"):
        u.proportion_ci(5, 1e100, method="clopper_pearson")


def test_rate_intervals_of_huge_weights_are_the_weighted_counts_intervals():
    y = [0, 1, 1, 0, 1, 0]
    s = [0.1, 0.4, 0.8, 0.35, 0.7, 0.2]
    w = np.array([1, 2, 1, 1, 3, 1.0])
    # at 0.5: tp = 1 + 3 (scores 0.8, 0.7), fn = 2 (0.4), fp = 0, tn = 3
    for scale in (1e200, 1e-200):
        ci = u.rate_intervals(y, s, threshold=0.5, sample_weight=w * scale)
        low, high = _wilson_decimal(4 * scale, 6 * scale)
        assert ci["recall"].estimate == pytest.approx(4 / 6, rel=1e-15)
        assert ci["recall"].low == pytest.approx(low, rel=1e-13)
        assert ci["recall"].high == pytest.approx(high, rel=1e-13)
    recall = u.rate_intervals(y, s, threshold=0.5, sample_weight=w * 1e200)["recall"]
    assert recall.high - recall.low < 1e-90  # not (0, 1)


# ---------------------------------------------------------------------------------------
# The bootstrap: only the weights' ratios matter

RNG = np.random.default_rng(7)
BY = (RNG.random(40) < 0.4).astype(int)
BS = np.round(RNG.normal(size=40) + BY, 1)  # ties included
BS2 = np.round(RNG.normal(size=40) + 0.5 * BY, 1)
BW = RNG.integers(1, 5, size=40).astype(float) * RNG.random(40)


def _bootstrap(metric, weights, **options):
    if metric in ("recall", "specificity", "fpr", "fnr", "precision", "npv", "accuracy", "f1"):
        options["threshold"] = 0.3
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow or invalid-value warning leaks
        return u.bootstrap_ci(BY, BS, metric=metric, sample_weight=weights, n_resamples=60,
                              random_state=3, **options)


@pytest.mark.parametrize("metric", sorted(u.BOOTSTRAP_METRICS))
@pytest.mark.parametrize("scale", [1e200, 1e-200, 1e300, 1e-300])
def test_bootstrap_ci_does_not_depend_on_the_weights_scale(metric, scale):
    base = _bootstrap(metric, BW)
    scaled = _bootstrap(metric, BW * scale)
    np.testing.assert_allclose(scaled.replicates, base.replicates, rtol=1e-12)
    assert scaled.estimate == pytest.approx(base.estimate, rel=1e-12)
    assert (scaled.low, scaled.high) == pytest.approx((base.low, base.high), rel=1e-12)
    # a power of two scales exactly: the same bits
    exact = _bootstrap(metric, BW * 2.0**700)
    assert exact.replicates.tolist() == base.replicates.tolist()


@pytest.mark.parametrize("scale", [1e200, 1e-200])
def test_bca_and_partial_auc_do_not_depend_on_the_weights_scale(scale):
    for options in ({"method": "bca"}, {"max_fpr": 0.5}):
        base = _bootstrap("roc_auc", BW, **options)
        scaled = _bootstrap("roc_auc", BW * scale, **options)
        assert (scaled.low, scaled.high) == pytest.approx((base.low, base.high), rel=1e-12)


@pytest.mark.parametrize("scale", [1e200, 1e-200])
def test_bootstrap_test_and_friends_do_not_depend_on_the_weights_scale(scale):
    def run(weights):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return (u.bootstrap_test(BY, BS, BS2, sample_weight=weights, n_resamples=60,
                                     random_state=1),
                    u.roc_auc_ci(BY, BS, method="percentile", sample_weight=weights,
                                 n_resamples=60, random_state=1),
                    u.roc_confidence_band(BY, BS, sample_weight=weights, n_resamples=60,
                                          specificities=[0.2, 0.8], random_state=1))

    (test, ci, band), (test_s, ci_s, band_s) = run(BW), run(BW * scale)
    for field in ("estimate_a", "estimate_b", "difference", "std_error", "statistic",
                  "p_value", "low", "high"):
        assert getattr(test_s, field) == pytest.approx(getattr(test, field), rel=1e-12)
    assert test_s.n_resamples == test.n_resamples == 60
    assert (ci_s.estimate, ci_s.low, ci_s.high) == pytest.approx((ci.estimate, ci.low, ci.high),
                                                                 rel=1e-12)
    for field in ("sensitivity", "low", "high"):
        np.testing.assert_allclose(getattr(band_s, field), getattr(band, field), rtol=1e-12)


def test_the_reported_reproducer_of_huge_weights():
    y = [0, 1, 1, 0, 1, 0]
    s = np.array([0.1, 0.4, 0.8, 0.35, 0.7, 0.2])
    w = np.array([1, 2, 1, 1, 3, 1.0])
    # every positive scores above every negative: AUC 1 on the data and on every replicate
    r = u.bootstrap_ci(y, s, sample_weight=w * 1e200, n_resamples=50, random_state=0)
    assert r.estimate == pytest.approx(1.0, rel=1e-15) and len(r.replicates) == 50
    np.testing.assert_allclose(r.replicates, 1.0, rtol=1e-15)
    t = u.bootstrap_test(y, s, s[::-1], sample_weight=w * 1e-200, n_resamples=50,
                         random_state=0)
    assert t.n_resamples == 50 and t.estimate_a == pytest.approx(1.0, rel=1e-15)


@pytest.mark.parametrize("metric", ["roc_auc", "gini"])
@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_bootstrap_auc_at_full_separation_stays_at_most_1(metric, method):
    # the weighted pair sum and W+ W- add the same weights in two orders: replicates, the
    # estimate and the interval read 1 + 2**-52 (Gini 1 + 2**-51) in 146 of 150 such cases,
    # then 1 - 2**-52 once clamped; the ratio of two sums of one order is exactly 1
    rng = np.random.default_rng(1)
    for seed in range(20):
        n = int(rng.integers(6, 14))
        y = rng.integers(0, 2, n)
        y[:2] = [0, 1]
        s = np.where(y == 1, 1 + rng.random(n), rng.random(n))
        w = rng.random(n) * 10 ** rng.uniform(-5, 5)
        with warnings.catch_warnings():
            # BCa of replicates that all equal the estimate: NaN, with a RuntimeWarning
            warnings.filterwarnings("ignore", "every bootstrap replicate lies on one side")
            r = u.bootstrap_ci(y, s, sample_weight=w, metric=metric, method=method,
                               n_resamples=200, random_state=seed)
        assert r.estimate == 1.0
        assert np.all((r.replicates == 1.0) | np.isnan(r.replicates))
        assert r.high <= 1.0 if method == "percentile" else (math.isnan(r.high)
                                                              or r.high <= 1.0)
