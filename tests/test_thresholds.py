"""best_threshold: brute force over every distinct score, the spam demo, ties, errors."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankscore as rs
from rankscore.datasets import load_spam

RTOL = 1e-12


def _objective(c: rs.BinaryConfusion, objective, **kw):
    """The objective at one confusion, from the BinaryConfusion properties (or None when a
    constraint is not met)."""
    if objective == "max_recall":
        return c.recall if c.precision >= kw["min_precision"] else None
    if objective == "max_precision":
        return c.precision if c.recall >= kw["min_recall"] else None
    if objective == "youden":
        return c.informedness
    if objective == "f_beta":
        return c.fbeta(kw.get("beta", 1.0))
    (v_tp, v_fn), (v_fp, v_tn) = kw["profit_matrix"]
    return v_tp * c.tp + v_fn * c.fn + v_fp * c.fp + v_tn * c.tn


def _brute_force(y, s, objective, w=None, **kw):
    """(threshold, value) by trying every distinct score, highest first; ties -> highest."""
    candidates = sorted(set(np.asarray(s).tolist()), reverse=True)
    if objective == "profit":
        candidates = [math.inf] + candidates
    values = []
    for t in candidates:
        c = rs.binary_confusion(y, s, threshold=t, sample_weight=w)
        if c.predicted_positives == 0 and t != math.inf:
            continue  # only zero-weight samples score here: not a threshold of the sweep
        v = _objective(c, objective, **kw)
        if v is not None:
            values.append((t, v))
    if not values:
        return None
    top = max(v for _, v in values)
    best = next((t, v) for t, v in values if v >= top - 1e-12 * max(1.0, abs(top)))
    return best


@st.composite
def scored(draw):
    n = draw(st.integers(2, 40))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    y = rng.integers(0, 2, n)
    i, j = rng.choice(n, 2, replace=False)
    y[i], y[j] = 1, 0  # both classes
    levels = draw(st.sampled_from([3, 10, 1000]))  # heavy ties .. almost none
    s = rng.integers(0, levels, n) / levels
    if draw(st.booleans()):
        s = s.astype(np.float32)
    w = None
    if draw(st.booleans()):
        w = rng.integers(0, 4, n).astype(float) if draw(st.booleans()) else rng.random(n)
    return y, s, w


OBJECTIVES = [
    ("max_recall", dict(min_precision=0.5)),
    ("max_recall", dict(min_precision=0.8)),
    ("max_precision", dict(min_recall=0.5)),
    ("max_precision", dict(min_recall=0.9)),
    ("youden", {}),
    ("f_beta", {}),
    ("f_beta", dict(beta=2.0)),
    ("f_beta", dict(beta=0.5)),
    ("profit", dict(profit_matrix=[[10.0, 0.0], [-3.0, 0.0]])),
    ("profit", dict(profit_matrix=[[1.0, -2.0], [-7.0, 0.5]])),
]


@given(scored(), st.sampled_from(OBJECTIVES))
def test_matches_brute_force_over_every_distinct_score(data, case):
    y, s, w = data
    objective, kw = case
    if w is not None and (w[y == 1].sum() == 0 or w[y == 0].sum() == 0):
        w = None
    expected = _brute_force(y, s, objective, w, **kw)
    if expected is None:
        with pytest.raises(ValueError, match="no threshold reaches"):
            rs.best_threshold(y, s, objective, sample_weight=w, **kw)
        return
    choice = rs.best_threshold(y, s, objective, sample_weight=w, **kw)
    assert choice.objective == objective
    assert choice.threshold == expected[0]
    assert choice.value == pytest.approx(expected[1], rel=1e-9, abs=1e-12)
    at = rs.binary_confusion(y, s, threshold=choice.threshold, sample_weight=w)
    np.testing.assert_allclose(
        [choice.confusion.tp, choice.confusion.fp, choice.confusion.fn, choice.confusion.tn],
        [at.tp, at.fp, at.fn, at.tn],
        rtol=1e-12,
    )
    assert choice.confusion.threshold == choice.threshold
    if w is None:
        assert all(isinstance(v, int) for v in (choice.confusion.tp, choice.confusion.tn))


def test_spam_demo():
    data = load_spam()
    kw = dict(pos_label="spam")
    youden = rs.best_threshold(data.target, data.score, "youden", **kw)
    assert youden.threshold == 0.676 and youden.value == pytest.approx(6 / 9 - 1 / 11)
    c = youden.confusion
    assert (c.tp, c.fp, c.fn, c.tn) == (6, 1, 3, 10)
    # F1 = 0.75 at 0.676 (tp 6 fp 1) and at 0.16 (tp 9 fp 6): the highest threshold wins
    f1 = rs.best_threshold(data.target, data.score, "f_beta", **kw)
    assert f1.threshold == 0.676 and f1.value == 0.75
    assert rs.binary_confusion(data.target, data.score, threshold=0.16, **kw).f1 == 0.75
    recall = rs.best_threshold(data.target, data.score, "max_recall", min_precision=0.75, **kw)
    assert recall.threshold == 0.676 and recall.value == pytest.approx(6 / 9)
    recall = rs.best_threshold(data.target, data.score, "max_recall", min_precision=0.6, **kw)
    assert recall.threshold == 0.16 and recall.value == 1.0


def test_ties_go_to_the_highest_threshold():
    # recall 1 at every threshold <= 0.8; precision >= 0.5 everywhere
    y = [1, 0, 0, 0]
    s = [0.8, 0.6, 0.4, 0.2]
    choice = rs.best_threshold(y, s, "max_recall", min_precision=0.2)
    assert choice.threshold == 0.8 and choice.value == 1.0


def test_profit_may_flag_nobody():
    choice = rs.best_threshold([1, 0, 0], [0.9, 0.8, 0.7], "profit",
                               profit_matrix=[[1, 0], [-5, 0]])  # fmt: skip
    assert choice.threshold == 1.0 * 0.9  # flagging the top one earns 1
    choice = rs.best_threshold([0, 1, 0], [0.9, 0.8, 0.7], "profit",
                               profit_matrix=[[1, 0], [-5, 0]])  # fmt: skip
    assert choice.threshold == math.inf and choice.value == 0.0
    c = choice.confusion
    assert (c.tp, c.fp, c.fn, c.tn) == (0, 0, 1, 2)


def test_constraint_nobody_meets_is_a_clear_error():
    with pytest.raises(ValueError, match=r"no threshold reaches precision >= 0.9: the highest "
                       r"precision is 0.5 \(at threshold 0.9\)"):  # fmt: skip
        rs.best_threshold([1, 0, 0, 1], [0.9, 0.9, 0.5, 0.1], "max_recall", min_precision=0.9)


@pytest.mark.parametrize(
    "args, kwargs, error, match",
    [
        (("best",), {}, ValueError, "objective must be one of"),
        (("max_recall",), {}, ValueError, "needs min_precision="),
        (("max_precision",), {}, ValueError, "needs min_recall="),
        (("profit",), {}, ValueError, "needs profit_matrix="),
        (("youden",), dict(min_precision=0.5), ValueError, "does not apply"),
        (("max_recall",), dict(min_precision=0.5, min_recall=0.5), ValueError,
         "min_recall= does not apply"),
        (("youden",), dict(beta=2.0), ValueError, "beta= applies to objective='f_beta'"),
        (("f_beta",), dict(beta=-1.0), ValueError, "beta must be >= 0"),
        (("max_recall",), dict(min_precision=1.5), ValueError, r"in \[0, 1\]"),
        (("max_recall",), dict(min_precision="high"), TypeError, "must be a number"),
        (("profit",), dict(profit_matrix=[1, 2, 3, 4]), ValueError, "shape"),
        (("profit",), dict(profit_matrix=[[1, 2], [3, np.nan]]), ValueError, "NaN"),
        (("profit",), dict(profit_matrix=[["a", 2], [3, 4]]), TypeError, "2x2 array"),
    ],
)
def test_option_errors(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        rs.best_threshold([0, 1, 1], [0.2, 0.4, 0.9], *args, **kwargs)


def test_data_errors():
    with pytest.raises(ValueError, match="no positive samples"):
        rs.best_threshold([0, 0], [0.2, 0.4], "f_beta")
    with pytest.raises(ValueError, match="no negative samples"):
        rs.best_threshold([1, 1], [0.2, 0.4], "youden")
    with pytest.raises(ValueError, match="pos_label"):
        rs.best_threshold(["a", "b"], [0.2, 0.4], "youden")
    with pytest.raises(ValueError, match="NaN"):
        rs.best_threshold([0, 1], [0.2, np.nan], "youden")
    with pytest.raises(ValueError, match="inconsistent numbers"):
        rs.best_threshold([0, 1], [0.2], "youden")
