"""One sign for every difference between two models: first minus second (a − b), as
delong_test, scipy.stats.ttest_rel(a, b) and pROC's roc.test report it."""

import numpy as np
import pytest

from rankscore import uncertainty
from rankscore.ir import compare_runs
from rankscore.report import format_comparison, model_comparison

RNG = np.random.default_rng(3)
Y = np.array([0, 1] * 60)
WEAK = Y * 0.3 + RNG.random(120)      # a: the weaker model
STRONG = Y * 1.5 + RNG.random(120)    # b: the stronger one


def test_delong_paired_and_unpaired_bootstrap_and_pairs_are_a_minus_b():
    auc_a = uncertainty.roc_auc_ci(Y, WEAK).estimate
    auc_b = uncertainty.roc_auc_ci(Y, STRONG).estimate
    assert auc_a < auc_b
    tests = [uncertainty.delong_test(Y, WEAK, STRONG),
             uncertainty.delong_test_unpaired(Y, WEAK, Y, STRONG),
             uncertainty.bootstrap_test(Y, WEAK, STRONG, n_resamples=200)]
    for t in tests:
        assert t.difference == pytest.approx(auc_a - auc_b, rel=1e-12)
        assert t.difference < 0 and t.low < t.difference < t.high
    (pair,) = uncertainty.compare_models(Y, np.column_stack([WEAK, STRONG]))
    assert pair.test.difference == pytest.approx(auc_a - auc_b, rel=1e-12)
    report = model_comparison(Y, {"weak": WEAK, "strong": STRONG})
    (row,) = report["pairs"]
    assert (row["model_a"], row["model_b"]) == ("weak", "strong")
    assert row["difference"] == pytest.approx(auc_a - auc_b, rel=1e-12)
    assert "difference = AUC a − AUC b" in format_comparison(report)


def test_compare_runs_is_a_minus_b():
    qrels = {f"q{i}": {"rel": 1} for i in range(5)}
    good = {q: {"rel": 2.0, "other": 1.0} for q in qrels}
    bad = {q: {"rel": 1.0, "other": 2.0} for q in qrels}
    table = compare_runs(qrels, {"bad": bad, "good": good}, "mrr", tests="t-test")
    (row,) = table.rows
    assert (row["run_a"], row["run_b"]) == ("bad", "good")
    assert (row["mean_a"], row["mean_b"], row["difference"]) == (0.5, 1.0, -0.5)
    assert "a - b" in str(table) and "-0.5000" in str(table)
    swapped = compare_runs(qrels, {"good": good, "bad": bad}, "mrr", tests="t-test")
    assert swapped.rows[0]["difference"] == 0.5
    assert swapped.rows[0]["p_value"] == row["p_value"]
