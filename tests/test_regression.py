import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn import metrics as skm

import rankscore as rs

T = [3, -0.5, 2, 7]
P = [2.5, 0.0, 2, 8]


# --------------------------------------------------------------------------- SPEC §5 by hand

def test_sse_keeps_the_half():
    # residuals 0.5, -0.5, 0, -1 → Σ r² = 1.5 → SSE = ½ · 1.5
    assert rs.regression.half_sum_squared_error(T, P) == 0.75
    assert rs.regression.half_sum_squared_error(T, P, sample_weight=[2, 0, 1, 1]) == 0.5 * (2 * 0.25 + 1)


def test_mse_rmse_mae_by_hand():
    assert rs.mean_squared_error(T, P) == 1.5 / 4
    assert rs.root_mean_squared_error(T, P) == math.sqrt(1.5 / 4)
    assert rs.mean_absolute_error(T, P) == 2.0 / 4


def test_r2_is_one_minus_sse_over_sst():
    t = np.array(T)
    sst = 0.5 * np.sum((t - t.mean()) ** 2)  # the ½ of SPEC cancels
    assert rs.r2_score(T, P) == pytest.approx(1 - rs.regression.half_sum_squared_error(T, P) / sst, rel=1e-15)


def test_sse_multioutput():
    t = [[0.5, 1], [-1, 1], [7, -6]]
    p = [[0, 2], [-1, 2], [8, -5]]
    np.testing.assert_array_equal(rs.regression.half_sum_squared_error(t, p, multioutput="raw_values"), [0.625, 1.5])
    assert rs.regression.half_sum_squared_error(t, p) == (0.625 + 1.5) / 2
    assert rs.regression.half_sum_squared_error(t, p, multioutput=[1, 3]) == (0.625 + 3 * 1.5) / 4


def test_r2_constant_target_force_finite():
    assert rs.r2_score([2, 2, 2], [2, 2, 2]) == 1.0
    assert rs.r2_score([2, 2, 2], [2, 2, 3]) == 0.0
    assert math.isnan(rs.r2_score([2, 2, 2], [2, 2, 2], force_finite=False))
    assert rs.r2_score([2, 2, 2], [2, 2, 3], force_finite=False) == -math.inf


def test_r2_one_sample_warns_and_is_nan():
    with pytest.warns(Warning, match="less than two samples"):
        assert math.isnan(rs.r2_score([1.0], [2.0]))


def test_r2_variance_weighted_all_constant_falls_back_to_uniform():
    t = [[1, 5], [1, 5], [1, 5]]
    p = [[1, 5], [1, 6], [1, 5]]
    assert rs.r2_score(t, p, multioutput="variance_weighted") == 0.5
    assert skm.r2_score(t, p, multioutput="variance_weighted") == 0.5


def test_float32_stays_float32_like_sklearn():
    t = np.array([1.5, 2.25, 3.0], dtype=np.float32)
    p = np.array([1.0, 2.0, 3.5], dtype=np.float32)
    got = rs.mean_squared_error(t, p, multioutput="raw_values")
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, skm.mean_squared_error(t, p, multioutput="raw_values"))


def test_bool_targets_are_zero_one_brier_score():
    y = np.array([True, False, True, True])
    prob = np.array([0.9, 0.2, 0.6, 1.0])
    assert rs.mean_squared_error(y, prob) == skm.brier_score_loss(y, prob)


def test_pandas_and_integer_input():
    pd = pytest.importorskip("pandas")
    assert rs.mean_absolute_error(pd.Series([1, 2, 3]), pd.Series([1, 2, 5])) == 2 / 3


# --------------------------------------------------------------------------- sklearn parity

@st.composite
def regression_task(draw, min_samples=1):
    n = draw(st.integers(min_samples, 25))
    n_outputs = draw(st.integers(1, 3))
    # few distinct values: constant columns, exact fits and ties happen often
    values = st.sampled_from([-3.0, -1.5, 0.0, 0.25, 1.0, 2.0, 1e3, 7.125])
    t = np.array(draw(st.lists(values, min_size=n * n_outputs, max_size=n * n_outputs)))
    p = np.array(draw(st.lists(values, min_size=n * n_outputs, max_size=n * n_outputs)))
    t, p = t.reshape(n, n_outputs), p.reshape(n, n_outputs)
    if n_outputs == 1 and draw(st.booleans()):
        t, p = t.ravel(), p.ravel()
    weights = None
    if draw(st.booleans()):
        weights = np.array(draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 3.0]),
                                         min_size=n, max_size=n)))
        if weights.sum() == 0:
            weights[0] = 1.0
    choices = ["raw_values", "uniform_average"]
    if n_outputs > 1:
        choices.append(np.array(draw(st.lists(st.sampled_from([0.0, 1.0, 2.5]),
                                              min_size=n_outputs, max_size=n_outputs))) + 0.5)
    multioutput = draw(st.sampled_from(choices))
    return t, p, weights, multioutput


def _same(a, b):
    if isinstance(b, np.ndarray):
        assert isinstance(a, np.ndarray)
    else:
        assert isinstance(a, float)
    np.testing.assert_array_equal(a, b)  # same NumPy calls in the same order: bit-exact


@pytest.mark.parametrize("name", ["mean_squared_error", "root_mean_squared_error",
                                  "mean_absolute_error"])
@given(task=regression_task())
def test_errors_match_sklearn(name, task):
    t, p, w, multioutput = task
    _same(getattr(rs, name)(t, p, sample_weight=w, multioutput=multioutput),
          getattr(skm, name)(t, p, sample_weight=w, multioutput=multioutput))


@given(task=regression_task(min_samples=2), force_finite=st.booleans(),
       variance_weighted=st.booleans())
def test_r2_matches_sklearn(task, force_finite, variance_weighted):
    t, p, w, multioutput = task
    if variance_weighted:
        multioutput = "variance_weighted"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # -inf · 0 weights in both
        _same(rs.r2_score(t, p, sample_weight=w, multioutput=multioutput,
                          force_finite=force_finite),
              skm.r2_score(t, p, sample_weight=w, multioutput=multioutput,
                           force_finite=force_finite))


@given(task=regression_task())
def test_sse_is_half_the_weighted_sum_of_squares(task):
    t, p, w, _ = task
    t2, p2 = np.reshape(t, (len(t), -1)), np.reshape(p, (len(p), -1))
    w1 = np.ones(len(t)) if w is None else w
    expected = 0.5 * ((t2 - p2) ** 2 * w1[:, None]).sum(axis=0)
    np.testing.assert_allclose(rs.regression.half_sum_squared_error(t, p, sample_weight=w, multioutput="raw_values"),
                               expected, rtol=1e-13)  # sums in another order


# --------------------------------------------------------------------------- validation

FUNCS = [rs.regression.half_sum_squared_error, rs.mean_squared_error, rs.root_mean_squared_error, rs.mean_absolute_error,
         rs.r2_score]


@pytest.mark.parametrize("f", FUNCS)
@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, error, match",
    [
        ([1, 2], [1, 2, 3], {}, ValueError, "inconsistent numbers of samples"),
        ([], [], {}, ValueError, "y_true is empty"),
        ([[1, 2], [3, 4]], [1, 2], {}, ValueError, "different numbers of outputs"),
        ([1, np.nan], [1, 2], {}, ValueError, "y_true contains NaN"),
        ([1, 2], [1, np.inf], {}, ValueError, "y_pred contains infinity"),
        (np.zeros((2, 2, 2)), np.zeros((2, 2, 2)), {}, ValueError, "1-D or 2-D"),
        (np.zeros((2, 0)), np.zeros((2, 0)), {}, ValueError, "no outputs"),
        ([[1, 2], [3]], [1, 2], {}, ValueError, "could not be read"),
        (["a", "b"], [1, 2], {}, TypeError, "real numbers"),
        (None, [1, 2], {}, TypeError, "y_true is None"),
        (3.0, [1, 2], {}, TypeError, "scalar"),
        ([1, 2], [1, 2], {"sample_weight": [1, -1]}, ValueError, "non-negative"),
        ([1, 2], [1, 2], {"sample_weight": [1, 2, 3]}, ValueError, "sample_weight has 3"),
        ([1, 2], [1, 2], {"sample_weight": [0, 0]}, ValueError, "sums to zero"),
        ([1, 2], [1, 2], {"sample_weight": [1, np.nan]}, ValueError, "sample_weight contains"),
        ([1, 2], [1, 2], {"multioutput": "mean"}, ValueError, "multioutput must be one of"),
        ([1, 2], [1, 2], {"multioutput": None}, TypeError, "multioutput must be one of"),
        ([1, 2], [1, 2], {"multioutput": [1.0]}, ValueError, "several outputs"),
        ([[1, 2]] * 2, [[1, 2]] * 2, {"multioutput": [1.0]}, ValueError, "1 weights for 2"),
        ([[1, 2]] * 2, [[1, 2]] * 2, {"multioutput": [[1.0, 2]]}, ValueError, "1-D array"),
        ([[1, 2]] * 2, [[1, 2]] * 2, {"multioutput": [1, -1]}, ValueError, "non-negative"),
        ([[1, 2]] * 2, [[1, 2]] * 2, {"multioutput": [0, 0]}, ValueError, "positive sum"),
        ([[1, 2]] * 2, [[1, 2]] * 2, {"multioutput": [1, np.nan]}, ValueError, "NaN"),
    ],
)
def test_validation(f, y_true, y_pred, kwargs, error, match):
    with pytest.raises(error, match=match):
        f(y_true, y_pred, **kwargs)


@pytest.mark.parametrize("f", FUNCS[:4])
def test_variance_weighted_only_for_r2(f):
    with pytest.raises(ValueError, match="multioutput must be one of"):
        f([1, 2], [1, 2], multioutput="variance_weighted")


def test_force_finite_must_be_bool():
    with pytest.raises(TypeError, match="force_finite"):
        rs.r2_score([1, 2], [1, 2], force_finite="yes")


def test_inputs_not_modified():
    t = np.array([1.0, 2.0, 3.0])
    p = np.array([1.5, 2.0, 2.0])
    t.flags.writeable = p.flags.writeable = False
    rs.r2_score(t, p)
    rs.regression.half_sum_squared_error(t, p)
    np.testing.assert_array_equal(t, [1.0, 2.0, 3.0])
