"""Ranking.roc_curve / roc_auc / precision_recall_curve / average_precision (SPEC §1, §3).

A ranking is the sorted label vector: ``x`` positive, ``-`` negative, the score of
position i is p - i + 1 (no ties).
"""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score as sk_average_precision
from sklearn.metrics import precision_recall_curve as sk_precision_recall_curve
from sklearn.metrics import roc_auc_score as sk_roc_auc_score
from sklearn.metrics import roc_curve as sk_roc_curve

from rankscore import Ranking, rk


def label_vector(text):
    return np.array([c == "x" for c in text], dtype=int), np.arange(len(text), 0, -1.0)


def pairs_in_order(text):
    """Fraction of (x, -) pairs with the x first, by brute force."""
    xs = [i for i, c in enumerate(text) if c == "x"]
    gaps = [i for i, c in enumerate(text) if c == "-"]
    return Fraction(sum(x < g for x in xs for g in gaps), len(xs) * len(gaps))


def mean_precision_at_hits(text):
    hits, total = 0, Fraction(0)
    for i, c in enumerate(text, start=1):
        if c == "x":
            hits += 1
            total += Fraction(hits, i)
    return total / hits


@st.composite
def ranking_texts(draw, min_gaps=0):
    body = draw(st.text(alphabet="x-", min_size=min_gaps, max_size=40))
    if body.count("-") < min_gaps:
        body = "-" * min_gaps + body
    return body + "x"  # a ranking always ends with a list element


def test_hand_values():
    r = rk("xx--x")
    assert r.roc_auc() == pytest.approx(4 / 6, rel=1e-15)
    assert r.average_precision() == pytest.approx((1 + 1 + 3 / 5) / 3, rel=1e-15)
    fpr, tpr, thresholds = rk("x-x-x").roc_curve(drop_intermediate=False)
    assert fpr.tolist() == [0.0, 0.0, 0.5, 0.5, 1.0, 1.0]
    np.testing.assert_allclose(tpr, [0, 1 / 3, 1 / 3, 2 / 3, 2 / 3, 1], rtol=1e-15)
    assert thresholds.tolist() == [np.inf, 5, 4, 3, 2, 1]
    precision, recall, thresholds = rk("x-x").precision_recall_curve()
    np.testing.assert_allclose(precision, [2 / 3, 1 / 2, 1, 1], rtol=1e-15)
    assert recall.tolist() == [1.0, 0.5, 0.5, 0.0]
    assert thresholds.tolist() == [1, 2, 3]


def test_worst_ranking_for_its_k_and_p():
    r = rk("---xx")  # every gap before every list element
    assert r.roc_auc() == 0.0
    assert r.average_precision() == pytest.approx((1 / 4 + 2 / 5) / 2, rel=1e-15)


def test_single_element_ranking_has_no_negatives():
    with pytest.raises(ValueError, match="Only one class is present"):
        rk("x").roc_auc()


def test_perfect_ranking():
    r = rk("xxxx")
    with pytest.raises(ValueError, match=r"Only one class is present.*perfect ranking"):
        r.roc_auc()
    with pytest.raises(ValueError, match=r"Only one class is present.*no '-'"):
        r.roc_curve()
    assert r.average_precision() == 1.0
    precision, recall, _ = r.precision_recall_curve()
    assert precision.tolist() == [1.0] * 5 and recall.tolist() == [1.0, 0.75, 0.5, 0.25, 0.0]


@given(ranking_texts(min_gaps=1))
def test_roc_matches_sklearn_and_pair_count(text):
    r = Ranking(text)
    y, s = label_vector(text)
    assert r.roc_auc() == pytest.approx(float(pairs_in_order(text)), abs=1e-12)
    assert r.roc_auc() == pytest.approx(sk_roc_auc_score(y, s), abs=1e-12)
    n = r.p - r.k  # closed form of the Notes
    assert r.roc_auc() == pytest.approx((r.soma - n * (n + 1) / 2) / (r.k * n), abs=1e-12)
    for drop in (True, False):
        ours = r.roc_curve(drop_intermediate=drop)
        theirs = sk_roc_curve(y, s, drop_intermediate=drop)
        for a, b in zip(ours, theirs):
            np.testing.assert_allclose(a, b, rtol=1e-12)
    fpr, tpr, _ = r.roc_curve()
    assert fpr[-1] == tpr[-1] == 1.0


@given(ranking_texts())
def test_precision_recall_matches_sklearn_and_hand_formula(text):
    r = Ranking(text)
    y, s = label_vector(text)
    assert r.average_precision() == pytest.approx(float(mean_precision_at_hits(text)),
                                                  abs=1e-12)
    assert r.average_precision() == pytest.approx(sk_average_precision(y, s), abs=1e-12)
    ours = r.precision_recall_curve()
    theirs = sk_precision_recall_curve(y, s)
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a, b, rtol=1e-12)


def test_methods_agree_whatever_the_constructor():
    a = Ranking("x-x--xx")
    b = Ranking.from_positions([7, 1, 3, 6])
    c = Ranking("●○●○○●●")
    assert a.roc_auc() == b.roc_auc() == c.roc_auc()
    assert a.average_precision() == b.average_precision() == c.average_precision()
