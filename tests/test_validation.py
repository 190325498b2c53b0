"""The shared input checks every public function goes through."""

import numpy as np
import pytest

import rankscore
from rankscore._engine.validate import (
    as_1d,
    as_scores,
    check_positive_int,
    check_sample_weight,
    check_same_length,
)


def test_as_scores_keeps_float_arrays_without_copy():
    for dtype in (np.float32, np.float64):
        x = np.arange(5, dtype=dtype)
        assert as_scores(x) is x


def test_as_scores_accepts_read_only_and_strided_views():
    base = np.arange(10, dtype=np.float64)
    base.flags.writeable = False
    view = base[::2]
    out = as_scores(view)
    assert out is view and not out.flags.writeable


def test_as_scores_converts_byte_order_and_integers():
    swapped = np.arange(4, dtype=">f8")
    out = as_scores(swapped)
    assert out.dtype == np.float64 and out.dtype.isnative
    np.testing.assert_array_equal(out, [0, 1, 2, 3])
    assert swapped.dtype.byteorder == ">"  # input untouched
    assert as_scores([1, 2, 3]).dtype == np.float64
    assert as_scores(np.array([True, False])).tolist() == [1.0, 0.0]


@pytest.mark.parametrize(
    ("value", "error", "match"),
    [
        ([0.1, np.nan], ValueError, r"y_score contains NaN \(first at index 1\)"),
        ([np.inf, 0.0], ValueError, r"y_score contains infinity \(first at index 0\)"),
        ([], ValueError, "y_score is empty"),
        ([[0.1, 0.2], [0.3, 0.4]], ValueError, r"must be 1-D, got an array of shape \(2, 2\)"),
        ([[0.1], [0.2]], ValueError, r"use \.ravel\(\)"),
        (0.5, TypeError, "got a scalar float"),
        ("abc", TypeError, "got a scalar str"),
        (None, TypeError, "y_score is None"),
        (["a", "b"], TypeError, "must be numeric"),
        ([1 + 2j], TypeError, "complex"),
        ([[1], [2, 3]], ValueError, "could not be read as a 1-D array"),
    ],
)
def test_as_scores_errors(value, error, match):
    with pytest.raises(error, match=match):
        as_scores(value)


def test_as_1d_reads_pandas_series():
    pd = pytest.importorskip("pandas")
    s = pd.Series([0.5, 0.25])
    np.testing.assert_array_equal(as_1d(s, "x"), [0.5, 0.25])


def test_check_same_length_names_each_length():
    with pytest.raises(ValueError, match="y_true has 3, y_score has 2"):
        check_same_length(y_true=np.zeros(3), y_score=np.zeros(2))
    assert check_same_length(a=np.zeros(4), b=np.zeros(4), c=None) == 4


def test_check_sample_weight():
    assert check_sample_weight(None, 3) is None
    np.testing.assert_array_equal(check_sample_weight([1, 2, 0], 3), [1.0, 2.0, 0.0])
    with pytest.raises(ValueError, match=r"non-negative; got -1\.0 at index 1"):
        check_sample_weight([1, -1, 0], 3)
    with pytest.raises(ValueError, match="2 entries, expected 3"):
        check_sample_weight([1, 1], 3)
    with pytest.raises(ValueError, match="sample_weight contains NaN"):
        check_sample_weight([1, np.nan, 1], 3)


@pytest.mark.parametrize(
    "fn",
    [rankscore.gains.gain_table, rankscore.ks_statistic, rankscore.roc_curve, rankscore.f1_score],
    ids=lambda f: f.__name__,
)
def test_weights_whose_sum_overflows_are_rejected(fn):
    # each weight is finite but their total is inf: cumulative sums would be inf/NaN
    # (an IndexError in gain_table, a silent NaN or a backend-dependent KS before)
    with pytest.raises(ValueError, match="sample_weight sums to inf"):
        check_sample_weight([1e308, 1e308], 2)
    with pytest.raises(ValueError, match="sample_weight sums to inf"):
        fn([0, 1, 0, 1], [0, 1, 1, 1], sample_weight=[1e308] * 4)


def test_check_positive_int():
    assert check_positive_int(np.int64(3), "n") == 3
    with pytest.raises(TypeError, match="n must be an integer, got True"):
        check_positive_int(True, "n")
    with pytest.raises(TypeError, match="got 2.5"):
        check_positive_int(2.5, "n")
    with pytest.raises(ValueError, match="n must be >= 1, got 0"):
        check_positive_int(0, "n")


def test_integer_scores_that_float64_would_round_are_rejected():
    # nanosecond timestamps as scores: float64 rounds them to multiples of 256, so distinct
    # scores merged into ties and roc_auc_score returned 0.823 where scikit-learn gives 0.842
    rng = np.random.default_rng(0)
    s = 1_700_000_000_000_000_000 + rng.integers(0, 1000, 1000)
    y = (rng.random(1000) < (s - s.min()) / 1000).astype(int)
    for fn in (rankscore.roc_auc_score, rankscore.roc_curve, rankscore.average_precision_score,
               rankscore.ks_statistic, rankscore.gains.gain_table):
        with pytest.raises(ValueError, match=r"y_score holds integers beyond 2\*\*53 .* index 0"):
            fn(y, s)
    with pytest.raises(ValueError, match=r"index \(0, 1\)"):
        rankscore.roc_auc_score(y, np.column_stack([s - s.min(), s]))
    with pytest.raises(ValueError, match="18446744073709551615 at index 1"):
        as_scores(np.array([0, 2**64 - 1], dtype=np.uint64))
    # the advice works and gives scikit-learn's value
    sk = pytest.importorskip("sklearn.metrics")
    assert rankscore.roc_auc_score(y, s - s.min()) == pytest.approx(sk.roc_auc_score(y, s),
                                                                    rel=1e-14)
    # large integers that float64 holds exactly are fine, int32 is never checked
    np.testing.assert_array_equal(as_scores(np.array([2**60, -2**62, 2**53])),
                                  [2.0**60, -2.0**62, 2.0**53])
    assert as_scores(np.array([2**31 - 1], dtype=np.int32)).tolist() == [2**31 - 1]
    assert rankscore.auc([0, 2**60 + 1], [1, 1]) == 2.0**60  # coordinates: as scikit-learn


def test_long_double_scores_that_float64_would_merge_or_overflow_are_rejected():
    # float64 rounded long doubles silently: 1 and 1 + 2**-60 became a tie, so
    # roc_auc_score returned 0.625 where scikit-learn gives 0.75 and top_k_accuracy_score
    # 0.25 for 0.75; 1e400 became inf ("y_score contains infinity")
    if np.finfo(np.longdouble).nmant <= np.finfo(np.float64).nmant:
        pytest.skip("long double is float64 on this platform")
    tiny = np.longdouble(2) ** -60
    s = np.array([1, 1 + tiny, 0.5, 0.2], dtype=np.longdouble)
    y = [0, 1, 1, 0]
    for fn in (rankscore.roc_auc_score, rankscore.roc_curve, rankscore.average_precision_score,
               rankscore.ks_statistic, rankscore.ScoreSummary.from_arrays):
        with pytest.raises(ValueError, match=r"y_score holds long doubles that float64 cannot "
                                             r"tell apart \(1 and 1\.0000000000000000009\)"):
            fn(y, s)
    matrix = np.array([[1 + tiny, 1, 0], [1, 1 + tiny, 0], [0, 1, 1 + tiny], [1 + tiny, 0, 1]],
                      dtype=np.longdouble)
    with pytest.raises(ValueError, match="cannot tell apart"):
        rankscore.top_k_accuracy_score([0, 0, 2, 0], matrix, k=1, labels=[0, 1, 2])
    huge = np.array(["1e400", "1", "2", "3"]).astype(np.longdouble)
    with pytest.raises(ValueError, match=r"beyond float64's range .*1e\+400 at index 0"):
        rankscore.roc_auc_score(y, huge)
    with pytest.raises(ValueError, match=r"beyond float64's range .*1e\+400 at index \(1, 2\)"):
        rankscore.top_k_accuracy_score([0, 1], np.array([[1, 2, 3], [1, 2, huge[0]]]), k=1)
    # long doubles that stay distinct in float64 give the float64 values
    exact = np.array([0.1, 0.2, 0.3, 0.4], dtype=np.longdouble)  # inexact, no two merge
    assert rankscore.roc_auc_score(y, exact) == rankscore.roc_auc_score(y, [0.1, 0.2, 0.3, 0.4])
    assert rankscore.roc_auc_score(y, s - 1) == 0.75  # the advice: scikit-learn's value
    assert rankscore.top_k_accuracy_score([0, 0, 2, 0], matrix - 1, k=1, labels=[0, 1, 2]) == 0.75


@pytest.mark.parametrize(
    "make", [lambda v: set(v), lambda v: dict.fromkeys(v), lambda v: iter(v),
             lambda v: (x for x in v)],
    ids=["set", "dict", "iterator", "generator"],
)
@pytest.mark.parametrize(
    "call",
    [lambda y: rankscore.roc_auc_score(y, [0.1, 0.2, 0.3, 0.4]),
     lambda y: rankscore.f1_score(y, [0, 1, 0, 1]),
     lambda y: rankscore.confusion_matrix([0, 1, 0, 1], y),
     lambda y: rankscore.gains.gain_table(y, [0.1, 0.2, 0.3, 0.4], n_groups=2),
     lambda y: rankscore.mean_squared_error([0.0, 1.0, 2.0, 3.0], y),
     lambda y: rankscore.roc_curve([0, 1, 0, 1], y)],
    ids=["roc_auc_score", "f1_score", "confusion_matrix", "gain_table", "mean_squared_error",
         "roc_curve"],
)
def test_unordered_or_one_shot_containers_are_named(make, call):
    # a set, dict or generator became a 0-d object array: "labels that are neither strings
    # nor numbers" or "must be 1-D, got shape ()"
    with pytest.raises(TypeError, match=r"must be (a 1-D array|an array)-like \(a list, tuple, NumPy "
                                        r"array or pandas Series\), got a (set|dict|\w+iterator|generator)"):
        call(make([0, 1, 2, 3]))


def test_object_arrays_of_numbers_are_read_as_numpy_reads_numbers():
    # an object array of numbers (a pandas object column, Decimals) was refused as "dtype
    # object"; scikit-learn reads it. Numbers float64 does not hold are rounded unless two
    # distinct ones would merge into a tie
    from decimal import Decimal
    from fractions import Fraction

    import pandas as pd

    y = [0, 1, 0, 1, 1, 0]
    floats = [0.1, 0.4, 0.35, 0.8, 0.35, 0.9]
    expected = (rankscore.roc_auc_score(y, floats), rankscore.average_precision_score(y, floats),
                rankscore.ks_statistic(y, floats).statistic)
    for scores in (np.array(floats, dtype=object), pd.Series(floats, dtype=object),
                   [Decimal(repr(v)) for v in floats], [Fraction(repr(v)) for v in floats],
                   np.array([Decimal("0.1"), 0.4, Fraction(7, 20), 0.8, Fraction(7, 20), 0.9],
                            dtype=object)):
        got = (rankscore.roc_auc_score(y, scores), rankscore.average_precision_score(y, scores),
               rankscore.ks_statistic(y, scores).statistic)
        assert got == expected
        np.testing.assert_array_equal(rankscore.roc_curve(y, scores)[2],
                                      rankscore.roc_curve(y, floats)[2])
    assert rankscore.roc_auc_score(y, np.array([1, 4, 3, 8, 3, 9], dtype=object)) == \
        rankscore.roc_auc_score(y, [1, 4, 3, 8, 3, 9])
    assert rankscore.auc(np.array([0, 1, 2], dtype=object), np.array([0, 1, 1], dtype=object)) == 1.5
    with pytest.raises(ValueError, match=r"y_score holds 0\.1 and 0\.1000000000000000000001, "
                                         r"which float64 cannot tell apart"):
        rankscore.roc_auc_score([0, 1], [Decimal("0.1"), Decimal("0.1000000000000000000001")])
    with pytest.raises(ValueError, match=r"holds 1/10 and 0\.1, which float64 cannot tell apart"):
        rankscore.roc_auc_score([0, 1, 1], [Fraction(1, 10), 0.1, 0.2])
    with pytest.raises(TypeError, match=r"y_score has dtype object holding text \('a' at index "
                                        r"1\); expected numbers"):
        rankscore.roc_auc_score([0, 1], np.array([0.1, "a"], dtype=object))
    with pytest.raises(ValueError, match=r"y_score contains NaN \(first at index 1\)"):
        rankscore.roc_auc_score([0, 1], np.array([0.1, None], dtype=object))
    with pytest.raises(ValueError, match=r"y_score contains NaN \(first at index 0\)"):
        rankscore.roc_auc_score([0, 1], [Decimal("sNaN"), Decimal(1)])  # (comparing it raises)
    # finite numbers beyond float64's range: named (a Fraction's float() raised OverflowError,
    # a Decimal became "contains infinity")
    with pytest.raises(ValueError, match=r"y_score holds 1E\+400 \(at index 0\), beyond "
                                         r"float64's range"):
        rankscore.roc_auc_score([0, 1], [Decimal("1e400"), Decimal("0.5")])
    with pytest.raises(ValueError, match=r"\(at index 1\), beyond float64's range"):
        rankscore.roc_auc_score([0, 1], [Fraction(1, 3), Fraction(10**400, 3)])
    with pytest.raises(ValueError, match=r"y_score contains infinity \(first at index 0\)"):
        rankscore.roc_auc_score([0, 1], [Decimal("Infinity"), Decimal("0.5")])
    with pytest.raises(ValueError, match="beyond 2\\*\\*53"):
        rankscore.roc_auc_score([0, 1], np.array([2**63, 2**63 + 1], dtype=object))


def test_an_object_array_mixing_floats_with_integers_beyond_2_53_is_refused_as_a_list_is():
    # [2**53 + 1, 0.5] as a list is "mixes floats with integers beyond 2**53"; as an object
    # array the integer was rounded to 2**53 silently (an AUC of other scores than given)
    scores = [2**53 + 1, 0.5, 0.25, 2**53 + 3]
    for given in (scores, np.array(scores, dtype=object)):
        with pytest.raises(ValueError, match=r"y_score mixes floats with integers beyond "
                                             r"2\*\*53 .*\(9007199254740993 at index 0\)"):
            rankscore.roc_auc_score([0, 1, 0, 1], given)
    # floats with integers float64 holds are read
    assert rankscore.roc_auc_score([0, 1, 0, 1], np.array([2**53, 0.5, 0.25, 3], dtype=object)) == 0.5


def test_object_matrices_of_numbers_are_read_as_object_vectors_are():
    # 1-D object scores were read, but a 2-D object matrix (a DataFrame of object columns,
    # predict_proba's rows as Decimals) stayed "must be numeric, got dtype object" in
    # roc_auc_score, top_k_accuracy_score, log_loss and brier_score_loss
    from decimal import Decimal

    proba = np.array([[.6, .2, .2], [.2, .6, .2], [.2, .2, .6], [.5, .3, .2], [.1, .8, .1]])
    y = [0, 1, 2, 0, 1]
    labels = np.array([[0, 1], [1, 0], [1, 1], [0, 0], [1, 0]])
    calls = [lambda s: rankscore.roc_auc_score(y, s, multi_class="ovr"),
             lambda s: rankscore.roc_auc_score(labels, s[:, :2]),
             lambda s: rankscore.top_k_accuracy_score(y, s, k=2),
             lambda s: rankscore.log_loss(y, s),
             lambda s: rankscore.brier_score_loss([0, 1, 0, 1, 1], s[:, 0])]
    as_decimals = np.array([[Decimal(repr(v)) for v in row] for row in proba.tolist()], dtype=object)
    for call in calls:
        expected = call(proba)
        assert call(proba.astype(object)) == expected
        assert call(as_decimals) == expected
    text = proba.astype(object)
    text[0, 0] = "0.6"
    with pytest.raises(TypeError, match=r"y_score has dtype object holding text"):
        rankscore.roc_auc_score(y, text, multi_class="ovr")


@pytest.mark.parametrize("bad, what", [(np.nan, "NaN"), (-np.inf, "infinity")])
def test_a_non_finite_label_is_named_alike_by_every_metric(bad, what):
    # the curves and summaries said "y_true contains nan" / "contains -inf", the label
    # metrics "contains NaN" / "contains infinity", of the same array
    y, s = np.array([0.0, 1.0, bad, 1.0]), [0.1, 0.4, 0.35, 0.8]
    expected = f"^y_true contains {what} \\(first at index 2\\); labels must be finite$"
    rs = rankscore
    for call in (lambda: rs.binary_confusion(y, s, threshold=0.5), lambda: rs.roc_curve(y, s),
                 lambda: rs.roc_auc_score(y, s), lambda: rs.ScoreSummary.from_arrays(y, s),
                 lambda: rs.f1_score(y, y), lambda: rs.average_precision_score(y, s)):
        with pytest.raises(ValueError, match=expected):
            call()
