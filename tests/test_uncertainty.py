"""DeLong, bootstrap and rate intervals (rankscore.uncertainty).

Reference values come from R's pROC 1.18.0 (r-cran-proc), computed with the data below;
every curve is built as ``roc(y, s, levels = c(0, 1), direction = "<")`` (higher score =
positive, as rankscore), called ``ra``, ``rb`` (data ``Y``, ``A``, ``B``) and ``rc``
(``Y2``, ``C``).
"""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankscore as rs
from rankscore import _backend
from rankscore.uncertainty import BOOTSTRAP_METRICS
from rankscore.uncertainty.bootstrap import _jackknife_acceleration, sorted_cells, sweep_of
from rankscore.uncertainty.stats import t_two_sided_p

Y = [1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0]
A = [2.8, 0.9, 1.9, 0.9, 0.6, 0.7, -0.3, -0.5, 0.9, -0.6, -0.6, -0.3, 0.3, 1.8, -0.6, 0.8,
     -0.6, 0.5, -1.4, 0.9, 0.8, 0.2, -0.5, 1.1, 1.8, 0.4, 0.4, 1.0, -0.1, 0.6]
B = [1.7, 0.1, 0.2, 0.7, 0.5, 0.0, 0.1, 0.3, 0.6, 0.4, 0.6, 0.4, 1.3, 1.7, 1.5, 0.3, -0.2, 1.1,
     -0.9, 0.1, 0.4, 0.2, 0.1, 0.2, -0.4, -0.0, 0.6, 0.3, 0.3, 0.8]
Y2 = [1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1, 0]
C = [1.8, -0.31, 2.37, 0.76, 0.97, 0.27, 1.95, -1.43, 0.99, 0.08, -0.77, -0.28, -2.19, 0.55,
     1.38, -0.71, -0.33, 1.05, 1.25, 1.02, 1.18, 0.94, 0.54, 3.28, -0.34]

REL = 1e-12


def _loadable_backends():
    """The kernel modules' names, without the compiled one when it is not built."""
    for name in ("cython", "python"):
        try:
            _backend.load(name)
        except ImportError:
            continue
        yield name


def close(x, y, rel=REL):
    return x == pytest.approx(y, rel=rel, abs=0)


# ---------------------------------------------------------------------------------------
# DeLong against pROC


def test_delong_variance_matches_proc():
    assert close(rs.uncertainty.delong_variance(Y, A), 0.0084478247434402118)  # var(ra)
    assert close(rs.uncertainty.delong_variance(Y, B), 0.0065817373994116919)  # var(rb)
    assert close(rs.uncertainty.delong_variance(Y2, C), 0.0033321379475225628)  # var(rc)


def test_delong_ci_matches_proc():
    ci = rs.uncertainty.roc_auc_ci(Y, A)  # ci.auc(ra, method = "delong")
    assert close(ci.estimate, 0.76620370370370372)
    assert close(ci.low, 0.58605939800306139)
    assert close(ci.high, 0.94634800940434605)
    ci = rs.uncertainty.roc_auc_ci(Y, A, confidence_level=0.9)  # ci.auc(ra, method="delong", conf.level=0.9)
    assert close(ci.low, 0.61502183661654297)
    assert close(ci.high, 0.91738557079086436)
    ci = rs.uncertainty.roc_auc_ci(Y2, C)  # ci.auc(rc, method = "delong"): clipped at 1
    assert close(ci.low, 0.79711812889117051)
    assert ci.high == 1.0


def test_paired_delong_test_matches_proc():
    # t <- roc.test(ra, rb, method = "delong", paired = TRUE): t$statistic, t$p.value, t$conf.int
    t = rs.uncertainty.delong_test(Y, A, B)
    assert close(t.statistic, -0.3964194237627589, rel=1e-11)
    assert close(t.p_value, 0.69179563923342136, rel=1e-11)
    assert close(t.low, -0.3302315212195569, rel=1e-11)
    assert close(t.high, 0.21912041010844596, rel=1e-11)
    assert close(t.auc_a, 0.76620370370370372) and close(t.auc_b, 0.82175925925925919)
    assert t.paired and math.isinf(t.df)


def test_delong_covariance_matches_proc():
    aucs, cov = rs.uncertainty.delong_covariance(Y, np.column_stack([A, B]))
    assert close(cov[0, 1], -0.0023053015631991666)  # cov(ra, rb)
    assert cov[0, 1] == cov[1, 0]
    assert close(cov[0, 0], 0.0084478247434402118) and close(cov[1, 1], 0.0065817373994116919)
    assert aucs.tolist() == [rs.roc_auc_score(Y, A), rs.roc_auc_score(Y, B)]


def test_unpaired_delong_test_matches_proc():
    # t <- roc.test(ra, rc, method = "delong", paired = FALSE): statistic D, parameter df
    t = rs.uncertainty.delong_test_unpaired(Y, A, Y2, C)
    assert close(t.statistic, -1.3272400095992138)
    assert close(t.df, 47.465926263352493)
    assert close(t.p_value, 0.19077825829407405, rel=1e-10)
    assert not t.paired


def test_student_t_p_value_matches_scipy():
    scipy_stats = pytest.importorskip("scipy.stats")
    for t, df in [(-1.3, 47.4), (0.2, 1.5), (3.7, 8.0), (12.0, 3.0), (0.0, 10.0)]:
        assert close(t_two_sided_p(t, df), 2 * scipy_stats.t.sf(abs(t), df), rel=1e-10)


def test_delong_logit_interval_stays_inside_and_is_asymmetric():
    ci = rs.uncertainty.roc_auc_ci(Y2, C, transform="logit")
    assert ci.method == "delong-logit"
    assert 0 < ci.low < ci.estimate < ci.high < 1
    se = math.sqrt(rs.uncertainty.delong_variance(Y2, C))
    logit = math.log(ci.estimate / (1 - ci.estimate))
    half = 1.959963984540054 * se / (ci.estimate * (1 - ci.estimate))
    assert close(ci.high, 1 / (1 + math.exp(-(logit + half))), rel=1e-9)


def test_gini_ci_is_the_auc_interval_rescaled():
    auc_ci, gini = rs.uncertainty.roc_auc_ci(Y, A), rs.uncertainty.gini_ci(Y, A)
    assert (gini.estimate, gini.low, gini.high) == (2 * auc_ci.estimate - 1, 2 * auc_ci.low - 1,
                                                    2 * auc_ci.high - 1)


def _brute_delong(y, s):
    """O(n^2) placements and pROC's variance, straight from the definitions."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    pos, neg = s[y == 1], s[y == 0]
    x = np.array([np.mean((neg < v) + 0.5 * (neg == v)) for v in pos])
    z = np.array([np.mean((pos > v) + 0.5 * (pos == v)) for v in neg])
    theta = x.mean()
    return theta, x.var(ddof=1) / len(x) + z.var(ddof=1) / len(z), x, z


labels_and_scores = st.integers(4, 40).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(
        lambda y: 2 <= sum(y) <= len(y) - 2),
    st.lists(st.integers(-3, 3), min_size=n, max_size=n),  # small integers: many ties
    st.lists(st.floats(-1, 1), min_size=n, max_size=n)))


@given(labels_and_scores)
def test_delong_matches_the_definition_with_ties(data):
    y, a, b = data
    theta, variance, xa, za = _brute_delong(y, a)
    ci = rs.uncertainty.roc_auc_ci(y, a)
    assert close(ci.estimate, theta, rel=1e-12) or abs(ci.estimate - theta) < 1e-15
    assert rs.uncertainty.delong_variance(y, a) == pytest.approx(variance, rel=1e-9, abs=1e-15)
    _, _, xb, zb = _brute_delong(y, b)
    _, cov = rs.uncertainty.delong_covariance(y, np.column_stack([a, b]))
    expected = (np.cov(xa, xb)[0, 1] / len(xa) + np.cov(za, zb)[0, 1] / len(za))
    assert cov[0, 1] == pytest.approx(expected, rel=1e-9, abs=1e-15)


def test_contrast_and_compare_models_agree_with_the_pair_test():
    pair = rs.uncertainty.delong_test(Y, A, B)
    contrast = rs.uncertainty.delong_contrast_test(Y, np.column_stack([A, B]), [1, -1])
    assert close(contrast.statistic, pair.statistic) and close(contrast.p_value, pair.p_value)
    rows = rs.uncertainty.compare_models(Y, {"a": A, "b": B, "a2": np.array(A) * 2 + 1})
    assert [(r.model_a, r.model_b) for r in rows] == [("a", "b"), ("a", "a2"), ("b", "a2")]
    assert close(rows[0].test.statistic, pair.statistic)
    assert rows[1].test.statistic == 0.0 and rows[1].test.p_value == 1.0  # same ranking
    raw = [r.test.p_value for r in rows]
    assert [r.p_holm for r in rows] == rs.uncertainty.holm_adjust(raw).tolist()


def test_holm_matches_r():
    # p.adjust(c(0.01, 0.04, 0.03), "holm")
    assert rs.uncertainty.holm_adjust([0.01, 0.04, 0.03]).tolist() == pytest.approx([0.03, 0.06, 0.06])
    with pytest.raises(ValueError, match="p_values"):
        rs.uncertainty.holm_adjust([0.5, 1.5])
    with pytest.raises(ValueError, match="p_values holds NaN.*nan_policy='omit'"):
        rs.uncertainty.holm_adjust([0.5, math.nan])
    with pytest.raises(ValueError, match="nan_policy must be one of"):
        rs.uncertainty.holm_adjust([0.5], nan_policy="propagate")
    # p.adjust(c(0.01, NaN, 0.04, 0.03), "holm"): NaN left out, k = 3
    adjusted = rs.uncertainty.holm_adjust([0.01, math.nan, 0.04, 0.03], nan_policy="omit")
    assert np.isnan(adjusted[1])
    assert adjusted[[0, 2, 3]].tolist() == pytest.approx([0.03, 0.06, 0.06], rel=1e-15)
    assert np.isnan(rs.uncertainty.holm_adjust([math.nan, math.nan], nan_policy="omit")).all()
    assert rs.uncertainty.holm_adjust([], nan_policy="omit").shape == (0,)


def test_delong_errors():
    with pytest.raises(ValueError, match="one class"):
        rs.uncertainty.roc_auc_ci([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="at least two samples of each class"):
        rs.uncertainty.roc_auc_ci([0, 1, 1, 1], [0.1, 0.2, 0.3, 0.4])
    with pytest.raises(ValueError, match=r"confidence_level must be in \(0, 1\)"):
        rs.uncertainty.roc_auc_ci(Y, A, confidence_level=1.0)
    with pytest.raises(ValueError, match=r"confidence_level must be in \(0, 1\)"):
        rs.uncertainty.roc_auc_ci(Y, A, confidence_level=0)
    with pytest.raises(TypeError, match="confidence_level"):
        rs.uncertainty.roc_auc_ci(Y, A, confidence_level="95%")
    with pytest.raises(ValueError, match="sample_weight is not supported by DeLong.*bootstrap"):
        rs.uncertainty.roc_auc_ci(Y, A, sample_weight=np.ones(len(Y)))
    with pytest.raises(ValueError, match="same samples"):
        rs.uncertainty.delong_test(Y, A, B[:-1])
    with pytest.raises(ValueError, match="NaN"):
        rs.uncertainty.roc_auc_ci(Y, [math.nan] + A[1:])
    with pytest.raises(ValueError, match="contrast must be 2"):
        rs.uncertainty.delong_contrast_test(Y, np.column_stack([A, B]), [1, -1, 0])
    with pytest.raises(ValueError, match="method must be one of"):
        rs.uncertainty.roc_auc_ci(Y, A, method="wald")
    with pytest.raises(ValueError, match="at least two models"):
        rs.uncertainty.compare_models(Y, {"a": A})
    with pytest.raises(ValueError, match="y_score: the model names 1 and '1' are one name once "
                                         "converted to str"):
        rs.uncertainty.compare_models(Y, {1: A, "1": B})


def test_inputs_are_not_modified():
    y, a, b = np.array(Y), np.array(A), np.array(B)
    copies = y.copy(), a.copy(), b.copy()
    rs.uncertainty.delong_test(y, a, b)
    rs.uncertainty.roc_auc_ci(y, a)
    rs.uncertainty.bootstrap_test(y, a, b, n_resamples=20, random_state=0)
    rs.uncertainty.bootstrap_ci(y, a, n_resamples=20, random_state=0, sample_weight=np.ones(30),
                    method="bca")
    for before, after in zip(copies, (y, a, b)):
        assert np.array_equal(before, after)


# ---------------------------------------------------------------------------------------
# bootstrap


def test_bootstrap_is_reproducible_across_backends_and_threads():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 500)
    s = np.round(rng.normal(size=500) + y, 1)
    w = rng.random(500)
    results = []
    for name in _loadable_backends():
        with _backend.using(name):
            for n_threads in (1, 2):
                for kw in ({}, {"sample_weight": w}, {"metric": "ks", "stratified": False},
                           {"metric": "precision", "threshold": 0.5, "sample_weight": w}):
                    r = rs.uncertainty.bootstrap_ci(y, s, n_resamples=40, random_state=7,
                                        n_threads=n_threads, **kw)
                    results.append((str(sorted(kw)), r.replicates))
    by_kind = {}
    for kind, reps in results:
        by_kind.setdefault(kind, []).append(reps)
    for reps in by_kind.values():
        assert all(np.array_equal(reps[0], r) for r in reps[1:])


@pytest.mark.parametrize("metric", sorted(BOOTSTRAP_METRICS))
@pytest.mark.parametrize("weighted", [False, True])
def test_bootstrap_estimate_is_the_library_metric(metric, weighted):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    s = np.round(rng.normal(size=300) + y, 1)
    w = rng.random(300) if weighted else None
    threshold = 0.4 if metric in ("recall", "specificity", "fpr", "fnr", "precision", "npv",
                                  "accuracy", "f1") else None
    r = rs.uncertainty.bootstrap_ci(y, s, metric=metric, n_resamples=5, random_state=0, sample_weight=w,
                        threshold=threshold)
    c = rs.binary_confusion(y, s, threshold=0.4, sample_weight=w)
    expected = {
        "roc_auc": rs.roc_auc_score(y, s, sample_weight=w),
        "gini": rs.gini_score(y, s, sample_weight=w),
        "average_precision": rs.average_precision_score(y, s, sample_weight=w),
        "pr_auc": rs.pr_auc_score(y, s, sample_weight=w),
        "ks": rs.ks_statistic(y, s, sample_weight=w).statistic,
        "best_threshold": rs.best_threshold(y, s, "youden", sample_weight=w).threshold,
        "recall": c.recall, "specificity": c.specificity, "fpr": c.fpr, "fnr": c.fnr,
        "precision": c.precision, "npv": c.npv, "accuracy": c.accuracy, "f1": c.f1,
    }[metric]
    assert r.estimate == pytest.approx(expected, rel=1e-13, abs=1e-15)


def test_roc_auc_ci_bootstrap_methods_are_bootstrap_ci():
    for method, expected in (("bootstrap", "percentile"), ("percentile", "percentile"),
                             ("bca", "bca")):
        ci = rs.uncertainty.roc_auc_ci(Y, A, method=method, n_resamples=300, random_state=4)
        r = rs.uncertainty.bootstrap_ci(Y, A, method=expected, n_resamples=300, random_state=4)
        assert (ci.estimate, ci.low, ci.high, ci.method) == (r.estimate, r.low, r.high,
                                                             expected)
    with pytest.raises(ValueError, match="transform applies to method='delong' only"):
        rs.uncertainty.roc_auc_ci(Y, A, method="bca", transform="logit")
    with pytest.raises(TypeError, match="random_state"):
        rs.uncertainty.roc_auc_ci(Y, A, method="bca", random_state=True)


def test_partial_auc_estimate_and_replicates():
    r = rs.uncertainty.bootstrap_ci(Y, A, max_fpr=0.3, n_resamples=50, random_state=1)
    assert r.estimate == pytest.approx(rs.roc_auc_score(Y, A, max_fpr=0.3), rel=1e-13)
    assert r.low <= r.estimate <= r.high


def test_a_replicate_is_the_metric_of_the_drawn_sample():
    # rebuild replicate 0 from its multiplicities: the fallback's draws, repeated rows
    from rankscore._fallback.uncertainty import _draw

    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 60)
    s = np.round(rng.normal(size=60) + y, 1)
    seeds, _ = rs.uncertainty.bootstrap.replicate_seeds(5, 1)
    is_pos = y == 1
    neg, pos = np.sort(s[~is_pos]), np.sort(s[is_pos])
    mult = _draw(60, len(neg), True, seeds[0]).astype(int)
    y_rep = np.repeat(np.r_[np.zeros(len(neg)), np.ones(len(pos))], mult)
    s_rep = np.repeat(np.r_[neg, pos], mult)
    for metric in ("roc_auc", "ks", "average_precision"):
        r = rs.uncertainty.bootstrap_ci(y, s, metric=metric, n_resamples=1, random_state=5)
        expected = {"roc_auc": rs.roc_auc_score, "average_precision": rs.average_precision_score,
                    "ks": lambda a, b: rs.ks_statistic(a, b).statistic}[metric](y_rep, s_rep)
        assert r.replicates[0] == pytest.approx(expected, rel=1e-13)


def test_bootstrap_interval_is_close_to_proc():
    # set.seed(1); ci.auc(ra, method = "bootstrap", boot.n = 2000) -> 0.5741 .. 0.9283;
    # Monte-Carlo error of a 2.5 % quantile of 2000 replicates here is about 0.01
    r = rs.uncertainty.bootstrap_ci(Y, A, n_resamples=2000, random_state=1)
    assert abs(r.low - 0.57407407407407418) < 0.04
    assert abs(r.high - 0.92829861111111089) < 0.04
    # the bootstrap standard error estimates DeLong's (same data, pROC var(ra) above)
    assert r.std_error == pytest.approx(math.sqrt(0.0084478247434402118), rel=0.15)


def test_bootstrap_standard_error_agrees_with_delong_on_larger_data():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 2000)
    s = rng.normal(size=2000) + y
    r = rs.uncertainty.bootstrap_ci(y, s, n_resamples=1000, random_state=0)
    assert r.std_error == pytest.approx(math.sqrt(rs.uncertainty.delong_variance(y, s)), rel=0.1)
    bca = rs.uncertainty.bootstrap_ci(y, s, n_resamples=1000, random_state=0, method="bca")
    assert abs(bca.low - r.low) < 0.01 and abs(bca.high - r.high) < 0.01


@pytest.mark.parametrize("metric", ["roc_auc", "gini", "ks"])
def test_bca_acceleration_matches_a_leave_one_out_jackknife(metric):
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 40)
    s = np.round(rng.normal(size=40) + y, 1)
    fn = {"roc_auc": rs.roc_auc_score, "gini": rs.gini_score,
          "ks": lambda a, b: rs.ks_statistic(a, b).statistic}[metric]
    theta = np.array([fn(np.delete(y, i), np.delete(s, i)) for i in range(40)])
    d = theta.mean() - theta
    expected = (d**3).sum() / (6 * ((d**2).sum()) ** 1.5)
    parts = sorted_cells(y == 1, s, None, paired=False)
    options = {"threshold": None, "max_fpr": None}
    got = _jackknife_acceleration(parts, metric, options, np.random.default_rng(0))
    assert got == pytest.approx(expected, rel=1e-9, abs=1e-15)


def test_paired_bootstrap_test():
    t = rs.uncertainty.bootstrap_test(Y, A, B, n_resamples=2000, random_state=0)
    delong = rs.uncertainty.delong_test(Y, A, B)
    assert t.difference == pytest.approx(delong.difference, rel=1e-13)
    assert t.std_error == pytest.approx(delong.std_error, rel=0.2)
    assert t.p_value == pytest.approx(2 * (1 - rs.uncertainty.stats.NORMAL.cdf(abs(t.statistic))))
    assert t.low < t.difference < t.high
    same = rs.uncertainty.bootstrap_test(Y, A, A, n_resamples=50, random_state=0)
    assert (same.statistic, same.p_value) == (0.0, 1.0)
    # pairing: the replicate differences of a model against a shifted copy are all 0
    shifted = rs.uncertainty.bootstrap_test(Y, A, np.array(A) + 3, n_resamples=50, random_state=0)
    assert shifted.std_error == 0 and shifted.statistic == 0


def test_bootstrap_errors():
    with pytest.raises(ValueError, match="n_resamples must be >= 1"):
        rs.uncertainty.bootstrap_ci(Y, A, n_resamples=0)
    with pytest.raises(TypeError, match="n_resamples must be an integer"):
        rs.uncertainty.bootstrap_ci(Y, A, n_resamples=10.5)
    with pytest.raises(ValueError, match="metric must be one of"):
        rs.uncertainty.bootstrap_ci(Y, A, metric="auc_roc")
    with pytest.raises(ValueError, match="pass threshold="):
        rs.uncertainty.bootstrap_ci(Y, A, metric="recall")
    with pytest.raises(ValueError, match="threshold applies to the rates"):
        rs.uncertainty.bootstrap_ci(Y, A, threshold=0.5)
    with pytest.raises(ValueError, match="max_fpr"):
        rs.uncertainty.bootstrap_ci(Y, A, metric="ks", max_fpr=0.2)
    with pytest.raises(ValueError, match="both classes"):
        rs.uncertainty.bootstrap_ci([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match=r"confidence_level must be in \(0, 1\)"):
        rs.uncertainty.bootstrap_ci(Y, A, confidence_level=95)
    with pytest.raises(ValueError, match="same samples"):
        rs.uncertainty.bootstrap_test(Y, A, B[:5])
    with pytest.raises(TypeError, match="random_state"):
        rs.uncertainty.bootstrap_ci(Y, A, random_state="seed")
    with pytest.raises(TypeError, match="stratified"):
        rs.uncertainty.bootstrap_ci(Y, A, stratified="yes")


def test_unstratified_replicates_without_a_class_are_left_out_with_a_warning():
    with pytest.warns(RuntimeWarning, match="left out"):
        r = rs.uncertainty.bootstrap_ci([0, 0, 0, 0, 0, 0, 0, 1, 1, 0], np.arange(10.0), stratified=False,
                            n_resamples=200, random_state=0)
    assert 0 < len(r.replicates) < 200


# ---------------------------------------------------------------------------------------
# rates


def test_proportion_intervals_match_r():
    wilson = rs.uncertainty.proportion_ci(6, 9)  # prop.test(6, 9, correct = FALSE)$conf.int
    assert close(wilson.low, 0.35420213558039632) and close(wilson.high, 0.87941618161308888)
    pytest.importorskip("scipy")
    cp = rs.uncertainty.proportion_ci(6, 9, method="clopper_pearson")  # binom.test(6, 9)$conf.int
    assert close(cp.low, 0.29929505620854041, rel=1e-9)
    assert close(cp.high, 0.92514536858030816, rel=1e-9)
    assert rs.uncertainty.proportion_ci(0, 9, method="clopper_pearson").low == 0.0
    assert rs.uncertainty.proportion_ci(9, 9, method="clopper_pearson").high == 1.0


def test_agresti_coull_closed_form():
    z = 1.959963984540054
    n_tilde = 9 + z * z
    p = (6 + z * z / 2) / n_tilde
    ci = rs.uncertainty.proportion_ci(6, 9, method="agresti_coull")
    assert close(ci.low, p - z * math.sqrt(p * (1 - p) / n_tilde), rel=1e-12)
    assert rs.uncertainty.proportion_ci(0, 5, method="agresti_coull").low == 0.0


def test_clopper_pearson_without_scipy_names_scipy(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_scipy(name, *args, **kwargs):
        if name.startswith("scipy"):
            raise ImportError("no scipy here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_scipy)
    with pytest.raises(ImportError, match="needs SciPy.*only on NumPy"):
        rs.uncertainty.proportion_ci(3, 10, method="clopper_pearson")
    assert rs.uncertainty.proportion_ci(3, 10).method == "wilson"  # the closed forms still work


def test_rate_intervals_of_the_spam_demo():
    from rankscore.datasets import load_spam

    data = load_spam()
    ci = rs.uncertainty.rate_intervals(data.target, data.score, threshold=0.5, pos_label="spam")
    # SPEC §4 at 0.5: tp 6, fn 3, fp 2, tn 9
    expected = {"recall": (6, 9), "specificity": (9, 11), "precision": (6, 8), "npv": (9, 12),
                "accuracy": (15, 20), "fpr": (2, 11), "fnr": (3, 9), "prevalence": (9, 20)}
    assert set(ci) == set(expected)
    for name, (x, n) in expected.items():
        assert ci[name] == rs.uncertainty.proportion_ci(x, n)


def test_proportion_errors():
    with pytest.raises(ValueError, match="must not exceed trials"):
        rs.uncertainty.proportion_ci(5, 4)
    with pytest.raises(ValueError, match="trials must be > 0"):
        rs.uncertainty.proportion_ci(0, 0)
    with pytest.raises(ValueError, match="successes must be finite and >= 0"):
        rs.uncertainty.proportion_ci(-1, 4)
    with pytest.raises(ValueError, match=r"confidence_level must be in \(0, 1\)"):
        rs.uncertainty.proportion_ci(1, 4, confidence_level=1.5)
    with pytest.raises(ValueError, match="method must be one of"):
        rs.uncertainty.proportion_ci(1, 4, method="wald")


# ---------------------------------------------------------------------------------------
# ROC confidence band


def test_roc_band_on_the_data_follows_the_roc_curve():
    from rankscore.datasets import load_spam

    data = load_spam()
    band = rs.uncertainty.roc_confidence_band(data.target, data.score, pos_label="spam", n_resamples=100,
                                  random_state=0)
    fpr, tpr, _ = rs.roc_curve(data.target, data.score, pos_label="spam",
                               drop_intermediate=False)
    # straight lines between points; at a vertical step the top of the step
    for sp, se in zip(band.specificity, band.sensitivity):
        x = 1 - sp
        at = tpr[fpr == x]
        expected = at.max() if len(at) else np.interp(x, fpr, tpr)
        assert se == pytest.approx(expected, abs=1e-12)
    assert (band.low <= band.sensitivity + 1e-12).all()
    assert (band.sensitivity <= band.high + 1e-12).all()
    assert band.low[0] == band.high[0] == 1.0  # specificity 0: every positive found


def test_roc_band_is_close_to_proc_ci_se():
    # set.seed(1); ci.se(ra, specificities = c(0.5, 0.8), boot.n = 2000):
    #   sp 0.5: 0.5271 .. 1.0000; sp 0.8: 0.1667 .. 0.9167 (pROC steps between points, this
    #   band interpolates: a few hundredths apart at n = 30)
    band = rs.uncertainty.roc_confidence_band(Y, A, specificities=[0.5, 0.8], random_state=1)
    assert np.abs(band.low - [0.5271, 0.1667]).max() < 0.1
    assert np.abs(band.high - [1.0, 0.9167]).max() < 0.05


def test_roc_band_errors():
    with pytest.raises(ValueError, match="specificities"):
        rs.uncertainty.roc_confidence_band(Y, A, specificities=[0.5, 1.5])
    with pytest.raises(ValueError, match="n_resamples"):
        rs.uncertainty.roc_confidence_band(Y, A, n_resamples=0)


def test_plot_roc_confidence_band():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from rankscore.plot import plot_roc_confidence_band

    ax = plot_roc_confidence_band(Y, A, n_resamples=100, name="a")
    band = rs.uncertainty.roc_confidence_band(Y, A, n_resamples=100, random_state=0)
    (fill,) = [c for c in ax.collections if c.get_gid() == "confidence band"]
    vertices = fill.get_paths()[0].vertices
    assert np.isclose(vertices[:, 1].max(), band.high.max())
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts[0] == f"a (AUC = {rs.roc_auc_score(Y, A):.4f})"
    assert "95% bootstrap band (100 replicates)" in texts
    matplotlib.pyplot.close(ax.figure)
    ax = plot_roc_confidence_band(Y, A, n_resamples=20, confidence_level=0.975)
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "97.5% bootstrap band (20 replicates)" in texts  # not "98%"
    matplotlib.pyplot.close(ax.figure)


# ---------------------------------------------------------------------------------------
# the kernels: both backends, same bits


def _placements_by_definition(labels, scores):
    """Twice the placements, straight from their definition (O(n^2))."""
    pos, neg = scores[labels == 1], scores[labels == 0]
    c = [2 * np.sum(neg < x) + np.sum(neg == x) for x in pos]
    d = [2 * np.sum(pos > v) + np.sum(pos == v) for v in neg]
    return np.array(c, dtype=float), np.array(d, dtype=float)


EPS = np.finfo(np.float64).eps
# scores that share their leading bits (1 + k eps: equal in all but the lowest mantissa
# bits, which the compiled kernel's packed sort keys give to the sample index), with
# exact ties, signed zeros, huge and negative scales, in float64 and float32
placement_scores = st.tuples(
    st.lists(st.tuples(st.integers(0, 1), st.integers(0, 40), st.integers(0, 5)),
             min_size=2, max_size=80),
    st.sampled_from([np.float64, np.float32]))


@given(placement_scores)
def test_sample_placements_match_the_definition_on_both_backends(data):
    rows, dtype = data
    labels = np.array([label for label, _, _ in rows], dtype=np.int8)
    big, tiny = np.finfo(dtype).max / 4, np.finfo(dtype).tiny * 3
    scales = np.array([1, -1, big, -tiny, 0, -0.0], dtype=dtype)
    eps = np.finfo(dtype).eps
    scores = np.array([(1 + k * eps) * scales[s] for _, k, s in rows], dtype=dtype)
    c_expected, d_expected = _placements_by_definition(labels, scores)
    for name in _loadable_backends():
        k = _backend.load(name)
        out = np.full(len(scores), -1.0)
        twice_u = k.delong_sample_placements(labels, np.int8(1), scores, len(c_expected), out)
        assert np.array_equal(out[labels == 1], c_expected), name
        assert np.array_equal(out[labels == 0], d_expected), name
        assert twice_u == c_expected.sum() == d_expected.sum()


def test_paired_delong_matches_proc_on_ties_and_close_scores():
    # 20,000 rows: a rounded to 2 decimals (ties across classes), b = 1 + k eps (distinct
    # scores equal in their leading bits, which the compiled kernel orders by value). The
    # arrays were written with tofile and read in R with readBin; then
    # ra <- roc(y, a, levels = c(0, 1), direction = "<"), rb likewise,
    # roc.test(ra, rb, method = "delong", paired = TRUE): statistic, var(ra), var(rb)
    rng = np.random.default_rng(5)
    y = (rng.random(20000) < 0.35).astype(float)
    a = np.round(rng.normal(size=20000) + y, 2)
    b = 1 + np.round((rng.normal(size=20000) + 0.5 * y) * 1000) * EPS
    t = rs.uncertainty.delong_test(y, a, b)
    assert close(t.statistic, 22.317333025333927)
    assert close(t.p_value, 2.5081131952006841e-110, rel=1e-9)  # far tail: erfc's digits
    _, cov = rs.uncertainty.delong_covariance(y, np.column_stack([a, b]))
    assert close(cov[0, 0], 1.2149229779058224e-05)
    assert close(cov[1, 1], 1.6497101783401451e-05)


def test_paired_delong_is_the_same_on_both_backends():
    rng = np.random.default_rng(3)
    y = rng.random(5000) < 0.3
    scores = np.column_stack([rng.normal(size=5000) + y, np.round(rng.normal(size=5000), 1),
                              (1 + rng.integers(0, 300, 5000) * EPS).astype(np.float64)])
    results = []
    for name in _loadable_backends():
        with _backend.using(name):
            aucs, cov = rs.uncertainty.delong_covariance(y, scores)
            results.append((aucs, cov, rs.uncertainty.delong_test(y, scores[:, 0], scores[:, 1])))
    for other in results[1:]:
        assert np.array_equal(results[0][0], other[0])
        assert np.array_equal(results[0][1], other[1])
        assert results[0][2] == other[2]


@pytest.mark.parametrize("n", [3000, 20000])
def test_delong_is_the_same_on_one_thread_and_on_several(n):
    # the models are scored on threads from delong.THREADS_FROM_ROWS samples on
    rng = np.random.default_rng(n)
    y = rng.random(n) < 0.3
    scores = np.column_stack([rng.normal(size=n) + y, np.round(rng.normal(size=n), 1),
                              rng.normal(size=n) - y])
    serial = rs.uncertainty.delong_covariance(y, scores, n_threads=1)
    threaded = rs.uncertainty.delong_covariance(y, scores, n_threads=3)
    assert np.array_equal(serial[0], threaded[0]) and np.array_equal(serial[1], threaded[1])
    assert serial[0][0] == rs.roc_auc_score(y, scores[:, 0])


@pytest.mark.parametrize("n", [2000, 70000])
def test_sample_placements_long_runs_of_close_scores(n):
    # thousands of distinct scores equal in their leading bits, in both classes: the packed
    # keys tie over long runs that the compiled kernel orders by the scores themselves
    rng = np.random.default_rng(n)
    labels = (rng.random(n) < 0.4).astype(np.int64)
    scores = 1 + rng.integers(0, n // 3, n) * EPS
    scores[::7] = rng.normal(size=len(scores[::7]))  # and ordinary scores around them
    c_expected = np.searchsorted(np.sort(scores[labels == 0]), scores[labels == 1], "left")
    c_expected = c_expected + np.searchsorted(np.sort(scores[labels == 0]),
                                              scores[labels == 1], "right")
    out = np.empty(n)
    twice_u = _backend.kernels.delong_sample_placements(labels, np.int64(1), scores,
                                                        int(labels.sum()), out)
    assert np.array_equal(out[labels == 1], c_expected)
    assert twice_u == out[labels == 0].sum() == c_expected.sum()  # 2U from either class


kernel_inputs = st.tuples(
    st.lists(st.integers(-4, 4), min_size=1, max_size=30),
    st.lists(st.integers(-4, 4), min_size=1, max_size=30),
    st.booleans(), st.booleans(), st.booleans(), st.integers(0, 2**64 - 1))


@given(kernel_inputs)
def test_kernels_agree_bit_for_bit(data):
    neg_list, pos_list, weighted, ordered, stratified, seed = data
    try:
        compiled = _backend.load("cython")
    except ImportError:
        pytest.skip("rankscore._kernels is not built")
    fallback = _backend.load("python")
    rng = np.random.default_rng(len(neg_list) * 31 + len(pos_list))
    neg = np.sort(np.array(neg_list, dtype=float) / 2)
    pos = np.sort(np.array(pos_list, dtype=float) / 2)
    neg_w = rng.random(len(neg)) if weighted else None
    pos_w = rng.random(len(pos)) if weighted else None
    neg_o = rng.permutation(len(neg)) if ordered else None
    pos_o = rng.permutation(len(pos)) if ordered else None
    seeds = np.array([seed, seed ^ 12345, 7], dtype=np.uint64)
    values = np.unique(np.concatenate([neg, pos]))
    results = []
    for k in (compiled, fallback):
        auc = np.empty(3)
        k.bootstrap_auc(neg, neg_w, pos, pos_w, neg_o, pos_o, stratified, seeds, auc)
        counts = np.empty((3, 2 * len(values)))
        k.bootstrap_group_counts(neg, neg_w, pos, pos_w, neg_o, pos_o, stratified, seeds,
                                 counts)
        sums = k.delong_square_sums(neg, pos, 0.3 * len(neg), 0.7 * len(pos))
        results.append((auc, counts, np.array(sums)))
    for a, b in zip(*results):
        assert np.array_equal(a, b, equal_nan=True)
    # each replicate's AUC is the AUC of its own counts
    auc, counts = results[0][0], results[0][1]
    for r in range(3):
        fps, tps, thr = sweep_of(counts[r], values)
        expected = BOOTSTRAP_METRICS["roc_auc"](fps, tps, thr, {"max_fpr": None})
        assert (np.isnan(auc[r]) and np.isnan(expected)) or auc[r] == pytest.approx(
            expected, rel=1e-12)
