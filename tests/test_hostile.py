"""Hostile input (issue 16): values at the edges of NumPy's types, fed to the public
functions on both backends. Each gives the exact number or a one-line ValueError/TypeError
that names the argument."""

import inspect
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankscore as rs

# integers around the places where float64, int64 and uint64 stop being exact
EDGES = [2**53, 2**60, 2**62, 2**63 - 1, 2**63, 2**64 - 1]
NEAR_EDGES = st.sampled_from(EDGES).flatmap(
    lambda e: st.integers(min_value=max(e - 3, 0), max_value=min(e + 3, 2**64 - 1)))


def _exact_confusion(y_true, y_pred):
    """The confusion matrix counted with Python ints (the reference)."""
    classes = sorted(set(map(int, y_true)) | set(map(int, y_pred)))
    index = {c: i for i, c in enumerate(classes)}
    cm = np.zeros((len(classes), len(classes)), dtype=np.int64)
    for t, p in zip(y_true, y_pred):
        cm[index[int(t)], index[int(p)]] += 1
    return cm


def _as_dtype(values, dtype):
    """values as an array of dtype when it holds them all, else as a Python list."""
    info = np.iinfo(dtype)
    if all(info.min <= v <= info.max for v in values):
        return np.array(values, dtype=dtype)
    return list(values)


# --------------------------------------------------------------------------- label dtypes


def test_uint64_and_int64_labels_compare_exactly():
    y_true = np.array([2**60, 2**60 + 1], dtype=np.uint64)
    y_pred = np.array([2**60 + 1, 2**60])  # int64
    np.testing.assert_array_equal(rs.confusion_matrix(y_true, y_pred), [[0, 1], [1, 0]])
    assert rs.accuracy_score(y_true, y_pred) == 0.0
    assert rs.balanced_accuracy_score(y_true, y_pred) == 0.0
    assert rs.matthews_corrcoef(y_true, y_pred) == -1.0
    assert rs.f1_score(y_true, y_pred, average="macro") == 0.0
    assert rs.binary_confusion(y_true, y_pred, pos_label=2**60).tp == 0
    np.testing.assert_array_equal(
        rs.confusion_matrix(y_true, y_pred, labels=np.array([2**60 + 1, 2**60])),
        [[0, 1], [1, 0]])


@pytest.mark.filterwarnings("ignore:A single label was found")
@given(st.lists(st.tuples(NEAR_EDGES, NEAR_EDGES), min_size=1, max_size=12),
       st.sampled_from([np.int64, np.uint64, np.float64]),
       st.sampled_from([np.int64, np.uint64]))
def test_label_metrics_match_exact_counts_near_type_edges(pairs, true_dtype, pred_dtype):
    t_values = [t for t, _ in pairs]
    p_values = [p for _, p in pairs]
    if true_dtype is np.float64:  # float labels: the values float64 holds
        t_values = [int(float(v)) for v in t_values if float(v) < 2**64]
        p_values = p_values[:len(t_values)]
        if not t_values:
            return
        y_true = np.array(t_values, dtype=np.float64)
    else:
        y_true = _as_dtype(t_values, true_dtype)
    y_pred = _as_dtype(p_values, pred_dtype)
    expected = _exact_confusion(t_values, p_values)
    np.testing.assert_array_equal(rs.confusion_matrix(y_true, y_pred), expected)
    assert rs.accuracy_score(y_true, y_pred, normalize=False) == np.trace(expected)


def test_labels_no_64_bit_type_holds_are_an_error():
    with pytest.raises(ValueError, match="y_true and y_pred hold labels that cannot be compared exactly: from -1 to 9223372036854775808"):
        rs.confusion_matrix(np.array([-1, 2]), np.array([2**63, 2], dtype=np.uint64))
    with pytest.raises(ValueError, match="y_true holds integer labels from -1 to 18446744073709551616"):
        rs.confusion_matrix(np.array([-1, 2**64], dtype=object), [1, 2])


# ------------------------------------------------------------------ Python ints beyond 2**53


def test_python_ints_beyond_2_53_reach_the_exactness_check():
    for backend_input in ([0, 2**63, 2**63 + 1], (0, 2**63, 2**63 + 1), [0, -(2**62) - 1, 3]):
        with pytest.raises(ValueError, match="y_score holds integers beyond 2\\*\\*53"):
            rs.roc_auc_score([0, 0, 1], backend_input)
    # exactly representable large ints are fine
    assert rs.roc_auc_score([0, 0, 1], [0, 2**63, 2**63 + 2**11]) == 1.0


def test_python_int_labels_beyond_2_53_stay_distinct():
    np.testing.assert_array_equal(
        rs.confusion_matrix([2**63, 2**63 + 1], [2**63 + 1, 2**63 + 1]), [[0, 1], [0, 1]])
    np.testing.assert_array_equal(
        rs.confusion_matrix(np.array([2**64 - 1, 1], dtype=object), [2**64 - 1, 2**64 - 2]),
        [[0, 1, 0], [0, 0, 0], [0, 0, 1]])  # classes 1, 2**64 - 2, 2**64 - 1


def test_floats_mixed_with_inexact_ints_are_an_error():
    with pytest.raises(ValueError, match="y_pred mixes floats with integers beyond 2\\*\\*53"):
        rs.confusion_matrix([1, 2], [0.5, 2**63 + 1])
    with pytest.raises(ValueError, match="y_true mixes floats with integers beyond 2\\*\\*53"):
        rs.confusion_matrix(np.array([1.0, 2**60 + 1], dtype=object), [1, 2])


# ----------------------------------------------------------- exact counts to 2**62 rows


def _reference_from_counts(values, neg, pos, threshold):
    """AUC (Fraction), KS (Fraction, threshold) and the confusion at ``threshold`` from
    per-score class counts, with Python ints."""
    from fractions import Fraction

    neg, pos = [int(v) for v in neg], [int(v) for v in pos]
    n_neg, n_pos = sum(neg), sum(pos)
    below = pairs = 0
    for n, p in zip(neg, pos):
        pairs += p * (2 * below + n)
        below += n
    auc = Fraction(pairs, 2 * n_pos * n_neg)
    best, best_t, c_neg, c_pos = -1, None, 0, 0
    for v, n, p in zip(values, neg, pos):
        c_neg, c_pos = c_neg + n, c_pos + p
        gap = abs(Fraction(c_neg, n_neg) - Fraction(c_pos, n_pos))
        if gap > best:
            best, best_t = gap, v
    tp = sum(p for v, p in zip(values, pos) if v >= threshold)
    fp = sum(n for v, n in zip(values, neg) if v >= threshold)
    return auc, (best, best_t), (tp, fp, n_pos - tp, n_neg - fp)


@pytest.mark.parametrize("rows", [10**10, 2**33 + 7, 2**62])
@pytest.mark.parametrize("seed", range(4))
def test_counts_are_exact_at_huge_row_counts(rows, seed):
    from rankscore._engine import areas, parts

    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 50))
    share = rng.dirichlet(np.ones(2 * k))
    counts = np.floor(share * rows).astype(np.int64)
    counts[0] += rows - int(counts.sum())  # exactly ``rows`` in all
    neg, pos = counts[:k].copy(), counts[k:].copy()
    if seed % 2:  # no ties at the extremes: one class on top
        neg[-1], pos[0] = 0, 0
    values = np.sort(rng.choice(np.arange(1000, dtype=np.float64) / 7, size=k, replace=False))
    threshold = float(values[k // 2])
    counted = parts.Counts(values, neg, pos)
    auc, (ks, ks_t), _ = _reference_from_counts(values.tolist(), neg, pos, threshold)
    assert areas.auc_of_counts(counted) == float(auc)
    result = areas.ks_of_counts(counted)
    assert (result.statistic, result.threshold) == (float(ks), ks_t)


@pytest.mark.parametrize("rows", [10**10, 2**62])
def test_public_functions_on_the_counting_path_are_exact_at_huge_row_counts(rows, monkeypatch):
    """roc_auc_score, gini_score and ks_statistic read per-score counts from the
    count_scores kernel; given the counts of ``rows`` rows they give the exact values."""
    from rankscore import _backend
    from rankscore._engine import parts

    values = np.array([0.1, 0.2, 0.3, 0.4])
    neg = np.array([rows // 4, rows // 8, rows // 8, 0], dtype=np.int64)
    pos = np.array([0, rows // 8, rows // 8, rows // 4], dtype=np.int64)
    neg[0] += rows - int(neg.sum() + pos.sum())
    fake = lambda labels, pos_code, scores, max_distinct: (values, neg, pos, 0, 1)  # noqa: E731
    monkeypatch.setattr(_backend.kernels, "count_scores", fake)
    y = np.tile([0, 1], parts.COUNT_MIN_ROWS)  # enough rows to take the counting path
    s = np.tile(values, len(y) // 4)
    auc, (ks, ks_t), _ = _reference_from_counts(values.tolist(), neg, pos, 0.3)
    assert rs.roc_auc_score(y, s) == float(auc)
    assert rs.gini_score(y, s) == 2 * float(auc) - 1
    result = rs.ks_statistic(y, s)
    assert (result.statistic, result.threshold) == (float(ks), ks_t)


def test_count_kernels_at_2_62_rows_do_not_wrap():
    from rankscore import _backend

    half = 2**61
    neg = np.array([half, 0], dtype=np.int64)
    pos = np.array([0, half], dtype=np.int64)  # every positive above every negative
    assert _backend.kernels.auc_counts(neg, pos) == 2 * half * half  # 2**123
    assert _backend.kernels.ks_counts(neg, pos) == (half * half, 0)  # 2**122
    tied = np.array([half], dtype=np.int64)
    assert _backend.kernels.auc_counts(tied, tied) == half * half


def test_more_than_2_62_counted_rows_are_an_error():
    from rankscore._engine import areas, parts

    counts = parts.Counts(np.array([0.0, 1.0]), np.array([2**62, 0]), np.array([0, 1]))
    with pytest.raises(ValueError, match="exact counts are kept up to 2\\*\\*62 rows"):
        areas.auc_of_counts(counts)


# ------------------------------------------------------------------ error messages


def test_long_values_are_shortened_in_messages():
    digits = "9" * 5000
    with pytest.raises(ValueError) as info:
        rs.ranking_score("xx-x", m=digits + "x")
    message = str(info.value)
    assert len(message) < 200 and "(5003 characters)" in message
    with pytest.raises(ValueError) as info:
        rs.binary_confusion(["a", "b"], ["a", "b"], pos_label="p" * 10**6)
    assert len(str(info.value)) < 300 and "(1000002 characters)" in str(info.value)


def test_cli_report_rejects_rows_longer_than_the_header(tmp_path, capsys):
    from rankscore.cli import main

    path = tmp_path / "data.csv"
    path.write_text("y,comment,p\n1,a,0.9\n0,3,5,0.2\n")
    assert main(["report", str(path), "--label", "y", "--score", "p"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert f"{path}, row 3: 4 fields, expected 3 (as the header)" in err


def test_cli_error_shortens_a_megabyte_label(tmp_path, capsys):
    from rankscore.cli import main

    path = tmp_path / "data.csv"
    path.write_text("y,s\n" + "L" * 10**6 + ",0.9\nb,0.2\nc,0.3\n")
    assert main(["report", str(path), "--label", "y", "--score", "s"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and len(err) < 400 and "(1000002 characters)" in err


@pytest.mark.parametrize("call", [
    lambda: rs.binary_confusion([0, 1], [0.1, 0.2], threshold=10**400),
    lambda: rs.BinaryConfusion(10**400, 1, 1, 1),
    lambda: rs.BinaryConfusion(1, 1, 1, 1, threshold=-(10**400)),
    lambda: rs.multiclass.improvement(10**400, 1),
    lambda: rs.fbeta_score([0, 1], [0, 1], beta=10**400),
    lambda: rs.precision_score([0, 1], [0, 1], zero_division=10**400),
    lambda: rs.binary_confusion([0, 1, 2], [0, 1, 2], pos_label=10**400),
    lambda: rs.binary_confusion([0, 1, 2], [0.1, 0.2, 0.3], threshold=0.5, pos_label=10**400),
])
def test_numbers_beyond_float64_are_a_value_error_naming_the_argument(call):
    with pytest.raises((ValueError, TypeError)) as info:
        call()
    message = str(info.value)
    assert "\n" not in message and len(message) < 200
    assert any(name in message for name in
               ("threshold", "tp", "r1", "beta", "zero_division", "pos_label")), message


def test_ranking_set_index_errors_are_clear():
    rankings = rs.rankings.enumerate_rankings(4, 2)
    for index in ("a", 1.5, None, (0, 0)):
        with pytest.raises(TypeError, match="RankingSet indices must be integers"):
            rankings[index]
    with pytest.raises(IndexError, match="index 3 is out of range for 3 rankings"):
        rankings[3]
    assert rankings[-1].to_string() == "--xx"


def test_cli_plot_with_m_beyond_float64(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from rankscore.cli import main

    path = tmp_path / "r.png"
    assert main(["plot", "xx-x", "--m", "1e309", "-o", str(path)]) == 0
    assert path.stat().st_size > 0


def test_n_threads_is_capped_at_the_usable_cpus(monkeypatch):
    from rankscore._engine import areas, parts

    workers = []

    class Recording(areas.ThreadPoolExecutor):
        def __init__(self, max_workers=None, *args, **kwargs):
            workers.append(max_workers)
            super().__init__(max_workers, *args, **kwargs)

    monkeypatch.setattr(areas, "ThreadPoolExecutor", Recording)
    monkeypatch.setattr(parts, "usable_cpus", lambda: 2)
    y = np.array([0, 1] * 50)
    scores = np.random.default_rng(0).random((100, 40))
    expected = rs.curves.roc_auc_columns(y, scores, n_threads=1)
    np.testing.assert_array_equal(rs.curves.roc_auc_columns(y, scores, n_threads=20000),
                                  expected)
    assert workers and max(workers) <= 2
    assert parts.thread_count(20000) == 2 and parts.thread_count(None) == 2


# ----------------------------------------------------------------------- auc(x, y)


def test_auc_differences_integer_x_exactly():
    x = np.array([2**62, 2**62 + 1000, 2**62 + 3000])
    assert rs.auc(x, [0, 1, 1]) == 2500.0
    assert rs.auc(x[::-1], [1, 1, 0]) == 2500.0
    assert rs.auc(np.array([-(2**63), 2**63 - 1]), [1, 1]) == float(2**64 - 1)
    assert rs.auc(np.array([0, 2**64 - 1], dtype=np.uint64), [2, 2]) == 2 * float(2**64 - 1)


@given(st.integers(-(2**63), 2**63 - 1), st.lists(st.integers(0, 2**20), min_size=1, max_size=8),
       st.lists(st.integers(-5, 5), min_size=9, max_size=9))
def test_auc_of_int64_timestamps_matches_exact_trapezoids(start, steps, heights):
    from fractions import Fraction

    points = [start]
    for step in steps:
        points.append(points[-1] + step)
    if points[-1] >= 2**63:
        return
    y = heights[:len(points)]
    exact = sum(Fraction(b - a) * (y0 + y1) / 2
                for a, b, y0, y1 in zip(points, points[1:], y, y[1:]))
    assert rs.auc(np.array(points, dtype=np.int64), y) == pytest.approx(float(exact), abs=1e-9)



@pytest.mark.parametrize("x, y, message", [
    ([0, 1, 2], [0, np.nan, 1], "y contains NaN"),
    ([0, np.nan, 2], [0, 1, 1], "x contains NaN"),  # (NaN passed the monotonic check)
    ([0, 1, 2], [0, np.inf, 1], "y contains infinity"),
    ([0, 1, np.inf], [0, 1, 1], "x contains infinity"),
    (np.array([2, 1, -np.inf], dtype=np.float32), [0, 1, 1], "x contains infinity"),
])
def test_auc_refuses_coordinates_that_are_not_finite(x, y, message):
    with pytest.raises(ValueError, match=message):
        rs.auc(x, y)


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_cohen_kappa_does_not_depend_on_the_weights_scale(weights):
    # its chance table is an outer product of sums: weights of 1e200 overflowed it to inf and
    # 1e-200 underflowed it to 0, and kappa came out NaN ("only one label in common")
    from fractions import Fraction

    y1, y2 = [0, 1, 2, 0, 1, 2, 2], [0, 1, 1, 0, 2, 2, 0]
    w = np.array([1, 2, 1, 1, 3, 1, 2.0])
    c = [[Fraction(0)] * 3 for _ in range(3)]  # kappa from its definition, exactly
    for a, b, v in zip(y1, y2, w):
        c[a][b] += Fraction(v)
    total = sum(map(sum, c))
    rows, cols = [sum(r) for r in c], [sum(c[i][j] for i in range(3)) for j in range(3)]
    cost = {None: lambda i, j: int(i != j), "linear": lambda i, j: abs(i - j),
            "quadratic": lambda i, j: (i - j) ** 2}[weights]
    observed = sum(cost(i, j) * c[i][j] for i in range(3) for j in range(3))
    chance = sum(cost(i, j) * rows[i] * cols[j] / total for i in range(3) for j in range(3))
    expected = rs.cohen_kappa_score(y1, y2, weights=weights, sample_weight=w)
    assert expected == pytest.approx(float(1 - observed / chance), rel=1e-14)
    for scale in (2.0**600, 2.0**-600, 2.0**-1040):  # powers of two: the same weights, scaled
        assert rs.cohen_kappa_score(y1, y2, weights=weights, sample_weight=w * scale) == expected
    for scale in (1e200, 1e-200):
        assert rs.cohen_kappa_score(y1, y2, weights=weights, sample_weight=w * scale) == (
            pytest.approx(expected, rel=1e-14))



_Y_REG, _P_REG = np.array([1.0, 2, 3, 4, 5, 6]), np.array([1.5, 2, 2, 4, 6, 5])
_Y_BIN, _P_BIN = [0, 1, 1, 0, 1, 0], np.array([0.2, 0.7, 0.6, 0.4, 0.9, 0.3])


@pytest.mark.parametrize("metric, args", [
    (rs.mean_squared_error, (_Y_REG, _P_REG)),
    (rs.mean_absolute_error, (_Y_REG, _P_REG)),
    (rs.r2_score, (_Y_REG, _P_REG)),
    (rs.log_loss, (_Y_BIN, _P_BIN)),
    (rs.brier_score_loss, (_Y_BIN, _P_BIN)),
    (rs.information.cross_entropy, (_Y_BIN, _P_BIN)),
])
def test_weighted_means_do_not_depend_on_the_weights_scale(metric, args):
    # products of tiny weights and errors underflowed: mean_squared_error with weights of
    # 5e-324 read 0.333 where every weight equal must give the unweighted 0.5417
    w = np.array([1, 2, 1, 1, 3, 1.0])
    expected = metric(*args, sample_weight=w)
    assert metric(*args, sample_weight=np.ones(6)) == metric(*args)
    for scale in (2.0**-1070, 2.0**-600, 2.0**600):  # the same ratios, exactly
        assert metric(*args, sample_weight=w * scale) == expected
    assert metric(*args, sample_weight=np.full(6, 5e-324)) == metric(*args)



def test_weighted_auc_and_ks_stay_within_0_and_1():
    # the AUC's weighted pair sum and W+ W- add the same weights in two orders: at full
    # separation the ratio rounded to 1 + 2**-52 (Gini 1 + 2**-51), for roc_auc_score,
    # gini_score and ScoreSummary.roc_auc alike, and to 1 - 2**-52 in about a quarter of
    # random weighted cases; the AUC is now the ratio of two sums of one order, exactly 1
    y, s = [0, 1, 1, 0, 1, 0], [0.1, 0.4, 0.8, 0.35, 0.7, 0.2]
    w = np.array([1, 2, 1, 1, 3, 1.0]) * 1e200
    assert rs.roc_auc_score(y, s, sample_weight=w) == 1.0
    assert rs.gini_score(y, s, sample_weight=w) == 1.0
    assert rs.ScoreSummary.from_arrays(y, s, sample_weight=w).roc_auc() == 1.0
    rng = np.random.default_rng(1)
    for _ in range(300):
        n = int(rng.integers(2, 60))
        y = rng.integers(0, 2, n)
        y[:2] = [0, 1]
        s, w = rng.random(n) + 2.0 * y, rng.random(n) * 10 ** rng.uniform(-5, 5)
        small = np.round(s * 4)  # few distinct integer scores: the counting path
        for scores, auc in ((s, 1.0), (-s, 0.0), (small, 1.0)):
            assert rs.roc_auc_score(y, scores, sample_weight=w) == auc, (y, scores, w)
            summary = rs.ScoreSummary.from_arrays(y, scores, sample_weight=w)
            assert summary.roc_auc() == auc
        with_ties = np.round(rng.random(n) * 3)  # against the exact pair sum
        exact = sum(Fraction(float(w[i])) * Fraction(float(w[j]))
                    * (2 * (with_ties[i] > with_ties[j]) + (with_ties[i] == with_ties[j]))
                    for i in range(n) if y[i] for j in range(n) if not y[j]) / (
            2 * sum(Fraction(float(v)) for v in w[y == 1])
            * sum(Fraction(float(v)) for v in w[y == 0]))
        for got in (rs.roc_auc_score(y, with_ties, sample_weight=w),
                    rs.ScoreSummary.from_arrays(y, with_ties, sample_weight=w).roc_auc()):
            assert abs(Fraction(got) - exact) <= 2**-48 * exact
    rng = np.random.default_rng(0)
    for _ in range(300):
        n = int(rng.integers(2, 12))
        y = rng.integers(0, 2, n)
        y[:2] = [0, 1]
        s, w = rng.random(n), rng.random(n) * 10 ** rng.uniform(-300, 300)
        summary = rs.ScoreSummary.from_arrays(y, s, sample_weight=w)
        for value in (rs.roc_auc_score(y, s, sample_weight=w), summary.roc_auc(),
                      rs.ks_statistic(y, s, sample_weight=w).statistic,
                      summary.ks_statistic().statistic):
            assert 0 <= value <= 1


# ------------------------------------------------------- confusion matrices as input


def _per_class_table(matrix):
    table = rs.multiclass.per_class_metrics(matrix)
    return {name: np.asarray(getattr(table, name), dtype=np.float64)
            for name in ("tp", "fp", "fn", "tn", "sensitivity", "specificity", "precision")}


@pytest.mark.parametrize("matrix", [
    np.array([[2047, 2], [2, 2047]], dtype=np.float16),  # row sums 2049: not a float16
    np.array([[2**61, 2**61], [2**61, 2**61 + 5]], dtype=np.uint64),  # total beyond 2**63
    np.array([[2**62, 3], [1, 2**62]], dtype=np.int64),
    np.array([[7, 1], [2, 9]], dtype=np.uint8),
])
def test_confusion_matrix_input_is_counted_without_losing_digits(matrix):
    exact = [[int(v) for v in row] for row in matrix.tolist()]
    reference = np.array(exact, dtype=np.float64)  # what the counts are, in float64
    got, expected = _per_class_table(matrix), _per_class_table(reference)
    for name in expected:
        np.testing.assert_allclose(got[name], expected[name], rtol=1e-15, err_msg=name)
    tp0, rows0 = exact[0][0], exact[0][0] + exact[0][1]
    tp1, rows1 = exact[1][1], exact[1][0] + exact[1][1]
    assert rs.multiclass.average_class_accuracy(matrix) == pytest.approx((tp0 / rows0 + tp1 / rows1) / 2,
                                                              rel=1e-15)
    assert rs.multiclass.profit(matrix, [[1, -1], [-1, 1]]) == pytest.approx(
        float(exact[0][0] - exact[0][1] - exact[1][0] + exact[1][1]), rel=1e-15, abs=1e-3)


# ---------------------------------------------------------- captured response Gini


def test_captured_response_gini_rejects_curves_impossible_for_the_prior():
    with pytest.raises(ValueError, match="point 1 .* is not on any captured response curve"):
        rs.gains.captured_response_gini([0, 0, 1], [0, 1, 1], 0.3)  # was 1.43
    with pytest.raises(ValueError, match="not on any captured response curve"):
        rs.gains.captured_response_to_roc([0, 0, 1], [0, 1, 1], 0.3)
    assert rs.gains.captured_response_gini([0, 0.3, 1], [0, 1, 1], 0.3) == pytest.approx(1.0)


@given(st.floats(0.01, 0.99), st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)),
                                       max_size=6))
def test_captured_response_gini_stays_in_range_or_raises(prior, points):
    x = sorted([0.0, 1.0] + [p[0] for p in points])
    y = [0.0] + [p[1] for p in points] + [1.0]
    try:
        gini = rs.gains.captured_response_gini(x, y, prior)
    except ValueError as exc:
        assert "\n" not in str(exc)
        return
    assert -1 - 1e-9 <= gini <= 1 + 1e-9


# ------------------------------------------------------------------- MCC and scale


@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.floats(0.1, 10)),
                min_size=2, max_size=20),
       st.sampled_from([1e-300, 1e-100, 1e-20, 1.0, 1e20, 1e100, 1e300]))
def test_matthews_corrcoef_does_not_depend_on_the_weights_scale(rows, scale):
    y_true, y_pred, w = (np.array(c) for c in zip(*rows))
    base = rs.matthews_corrcoef(y_true, y_pred, sample_weight=w)
    scaled = rs.matthews_corrcoef(y_true, y_pred, sample_weight=w * scale)
    assert scaled == pytest.approx(base, rel=1e-12, abs=1e-12)


def test_matthews_corrcoef_uniform_tiny_weights_equal_the_unweighted_value():
    y_true, y_pred = [0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1]
    expected = rs.matthews_corrcoef(y_true, y_pred)
    assert expected == pytest.approx(1 / 3)
    for weight in (1e-100, 1e-300, 1e300):
        assert rs.matthews_corrcoef(y_true, y_pred, sample_weight=np.full(6, weight)) == expected
        assert rs.BinaryConfusion(3 * weight, weight, weight, weight).mcc == 0.25


# --------------------------------------------------- weighted counts, bit for bit


@given(st.lists(st.tuples(st.booleans(), st.floats(0, 1), st.floats(0, 10)), min_size=1,
                max_size=60), st.floats(0, 1))
def test_weighted_binary_confusion_is_the_same_bits_on_both_backends(rows, threshold):
    from rankscore import _backend

    y, score, w = (np.array(c) for c in zip(*rows))
    results = []
    for name in ("cython", "python"):
        try:
            with _backend.using(name):
                c = rs.binary_confusion(y, score, threshold=threshold, sample_weight=w)
        except ImportError:
            pytest.skip("compiled kernels not built")
        except ValueError:  # every weight zero
            return
        results.append((c.tp, c.fp, c.fn, c.tn))
    assert results[0] == results[1]


def test_ten_weights_of_a_tenth_sum_alike_on_both_backends():
    c = rs.binary_confusion(np.ones(10, dtype=int), np.ones(10), threshold=0.5,
                            sample_weight=np.full(10, 0.1))
    assert c.tp == sum([0.1] * 10)  # added left to right: 0.9999999999999999


# ------------------------------------- every public function × hostile values (issue 16)

Y, S, P = [0, 1, 1], [0.1, 0.4, 0.8], [0, 1, 0]
PROB = [[0.9, 0.1], [0.4, 0.6], [0.2, 0.8]]
Y4, S4, S4B = [0, 1, 0, 1], [0.1, 0.4, 0.35, 0.8], [0.2, 0.3, 0.1, 0.9]
SUMMARY = rs.ScoreSummary.from_arrays(Y, S)
QRELS = {"q1": {"a": 1, "b": 0}, "q2": {"c": 2}}
RUN = {"q1": {"a": 0.5, "b": 0.7}, "q2": {"c": 1.0, "d": 2.0}}
RUN_B = {"q1": {"a": 0.9, "b": 0.7}, "q2": {"c": 3.0, "d": 2.0}}


def _accumulate(y_true, y_score, sample_weight=None):
    """ScoreAccumulator.update on a fresh accumulator (the sweep calls it many times)."""
    return rs.ScoreAccumulator(pos_label=1).update(y_true, y_score, sample_weight).summary()


# (function, positional arguments, keyword arguments): one working call of each public
# function; the sweep replaces one argument at a time by a hostile value
CALLS = [
    (rs.rk, ("xx-x",), {}), (rs.Ranking, ("xx-x",), {}), (rs.rankings.RankingSet, ([3, 5],), {"m": 10}),
    (rs.rankings.count_rankings, (5, 3), {}), (rs.rankings.enumerate_rankings, (5, 3), {"m": 10}),
    (rs.ranking_score, ("xx-x",), {"m": 10}), (rs.rankings.ranking_score_exact, ("xx-x",), {"m": 10}),
    (rs.rankings.ranking_score_many, (["xx-x", "x-x"],), {"m": 10}), (rs.rankings.tied_rankings, (6, 3), {"m": 10}),
    (rs.rankings.find_ties, ([1, 2, 2],), {}),
    (rs.roc_curve, (Y, S), {"pos_label": 1, "drop_intermediate": True}),
    (rs.precision_recall_curve, (Y, S), {"pos_label": 1}),
    (rs.det_curve, (Y, S), {"pos_label": 1}), (rs.auc, ([0, 1, 2], [0, 1, 1]), {}),
    (rs.roc_auc_score, (Y, S), {"max_fpr": 0.5, "n_threads": 1}),
    (rs.gini_score, (Y, S), {"n_threads": 1}),
    (rs.curves.roc_auc_columns, (Y, np.column_stack([S, S])), {"max_fpr": 0.5, "n_threads": 1}),
    (rs.average_precision_score, (Y, S), {"pos_label": 1}),
    (rs.pr_auc_score, (Y, S), {"pos_label": 1}), (rs.ks_statistic, (Y, S), {"pos_label": 1}),
    (rs.curves.ks_curve, (Y, S), {"pos_label": 1}), (rs.gains.gain_table, (Y, S), {"n_groups": 2}),
    (rs.gains.cumulative_gain_curve, (Y, S), {"pos_label": 1}),
    (rs.gains.lift_curve, (Y, S), {"pos_label": 1}),
    (rs.gains.roc_to_captured_response, ([0, 0.5, 1], [0, 0.5, 1]), {"prior": 0.3}),
    (rs.gains.captured_response_to_roc, ([0, 0.5, 1], [0, 0.5, 1]), {"prior": 0.3}),
    (rs.gains.captured_response_gini, ([0, 0.5, 1], [0, 0.5, 1]), {"prior": 0.3}),
    (rs.gains.prevalence, (Y,), {"pos_label": 1}),
    (rs.BinaryConfusion, (3, 1, 1, 1), {"threshold": 0.5}),
    (rs.binary_confusion, (Y, S), {"threshold": 0.5, "pos_label": 1}),
    (rs.binary_confusion, (Y, P), {"pos_label": 1}),
    (rs.confusion_matrix, (Y, P), {"labels": [0, 1], "normalize": "true"}),
    (rs.accuracy_score, (Y, P), {"normalize": True}),
    (rs.precision_score, (Y, P), {"pos_label": 1, "zero_division": 0}),
    (rs.recall_score, (Y, P), {"pos_label": 1}), (rs.f1_score, (Y, P), {"pos_label": 1}),
    (rs.fbeta_score, (Y, P), {"beta": 2, "pos_label": 1}),
    (rs.precision_recall_fscore_support, (Y, P), {"beta": 1.0}),
    (rs.specificity_score, (Y, P), {"pos_label": 1}), (rs.npv_score, (Y, P), {"pos_label": 1}),
    (rs.g_mean_score, (Y, P), {"pos_label": 1}),
    (rs.balanced_accuracy_score, (Y, P), {"adjusted": False}),
    (rs.matthews_corrcoef, (Y, P), {}),
    (rs.classification_report, (Y, P), {"digits": 2}),
    (rs.multilabel_confusion_matrix, (Y, P), {"labels": [0, 1], "samplewise": False}),
    (rs.hamming_loss, (Y, P), {}),
    (rs.zero_one_loss, (Y, P), {"normalize": True}),
    (rs.jaccard_score, (Y, P), {"pos_label": 1, "zero_division": 0}),
    (rs.cohen_kappa_score, (Y, P), {"weights": "linear", "replace_undefined_by": 0.0}),
    (rs.brier_score_loss, (Y, S), {"pos_label": 1, "scale_by_half": "auto"}),
    (rs.f1_score, ([[0, 1], [1, 1], [1, 0]], [[0, 1], [1, 0], [1, 0]]), {"average": "samples"}),
    (rs.best_threshold, (Y, S, "f_beta"), {"beta": 1.0}),
    (rs.binary_report, (Y, S), {"threshold": 0.5, "n_groups": 3}),
    (rs.multiclass.per_class_metrics, (Y, P), {"zero_division": 0}),
    (rs.multiclass.per_class_metrics, ([[2, 1], [0, 3]],), {}),
    (rs.multiclass.average_class_accuracy, (Y, P), {"mean": "harmonic"}),
    (rs.multiclass.profit, ([[2, 1], [0, 3]], [[1, -1], [-1, 1]]), {}),
    (rs.multiclass.improvement, (0.8, 0.9), {}),
    (rs.top_k_accuracy_score, ([0, 1, 2], [[0.5, 0.3, 0.2], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7]]),
     {"k": 2}),
    (rs.regression.half_sum_squared_error, (S, P), {}), (rs.mean_squared_error, (S, P), {}),
    (rs.root_mean_squared_error, (S, P), {}), (rs.mean_absolute_error, (S, P), {}),
    (rs.r2_score, (S, P), {"force_finite": True}),
    (rs.log_loss, (Y, S), {"normalize": True}), (rs.information.cross_entropy, (Y, PROB), {}),
    (rs.information.perplexity, (Y, PROB), {}),
    (rs.ScoreSummary, ([0.8, 0.4, 0.1], [0, 0, 1], [1, 1, 0]), {"pos_label": 1}),
    (rs.ScoreSummary.from_arrays, (Y, S), {"pos_label": 1}),
    (rs.group_metrics, (Y, S, ["a", "b", "a"]), {"one_class": "nan"}),
    (SUMMARY.confusion, (0.5,), {}), (SUMMARY.roc_auc, (), {"max_fpr": 0.5}),
    (SUMMARY.compress, (2,), {}), (SUMMARY.lift_at, (0.5,), {}),
    (SUMMARY.gain_table, (2,), {}), (SUMMARY.merge, (SUMMARY,), {}),
    (SUMMARY.best_threshold, ("f_beta",), {"beta": 1.0}),
    (rs.ScoreSummary.from_bytes, (SUMMARY.to_bytes(),), {}),
    (rs.ScoreAccumulator, (), {"pos_label": 1}),
    (_accumulate, (Y, S), {"sample_weight": None}),
    (rs.text.bleu_score, ([["a", "b"]], [["a", "b"]]), {"max_n": 2}),
    (rs.text.sentence_bleu, ([["a", "b", "c"]], ["a", "b", "c"]), {"max_n": 2}),
    # uncertainty (issue 12): DeLong needs two samples of each class
    (rs.uncertainty.delong_variance, (Y4, S4), {"pos_label": 1}),
    (rs.uncertainty.delong_covariance, (Y4, S4), {"n_threads": 1}),
    (rs.uncertainty.roc_auc_ci, (Y4, S4), {"confidence_level": 0.9, "transform": "logit"}),
    (rs.uncertainty.roc_auc_ci, (Y4, S4), {"method": "bca", "n_resamples": 20, "random_state": 0}),
    (rs.uncertainty.gini_ci, (Y4, S4), {"confidence_level": 0.9}),
    (rs.uncertainty.delong_test, (Y4, S4, S4B), {"confidence_level": 0.9, "n_threads": 1}),
    (rs.uncertainty.delong_test_unpaired, (Y4, S4, Y4, S4B), {"confidence_level": 0.9}),
    (rs.uncertainty.delong_contrast_test, (Y4, np.column_stack([S4, S4B]), [1, -1]), {"n_threads": 1}),
    (rs.uncertainty.compare_models, (Y4, {"a": S4, "b": S4B}), {"confidence_level": 0.9}),
    (rs.uncertainty.holm_adjust, ([0.01, 0.04],), {}),
    (rs.uncertainty.bootstrap_ci, (Y4, S4), {"metric": "roc_auc", "n_resamples": 20, "random_state": 0,
                                 "n_threads": 1, "max_fpr": 0.5}),
    (rs.uncertainty.bootstrap_ci, (Y4, S4), {"metric": "recall", "threshold": 0.3, "n_resamples": 20,
                                 "random_state": 0, "method": "bca", "stratified": True}),
    (rs.uncertainty.bootstrap_test, (Y4, S4, S4B), {"n_resamples": 20, "random_state": 0,
                                        "confidence_level": 0.9}),
    (rs.uncertainty.roc_confidence_band, (Y4, S4), {"n_resamples": 20, "random_state": 0,
                                        "specificities": [0.5]}),
    (rs.uncertainty.proportion_ci, (3, 4), {"confidence_level": 0.9, "method": "wilson"}),
    (rs.uncertainty.rate_intervals, (Y4, S4), {"threshold": 0.3, "method": "agresti_coull"}),
    (rs.ir.Qrels, (QRELS,), {"name": "q"}), (rs.ir.Run, (RUN,), {"name": "r"}),
    (rs.ir.evaluate, (QRELS, RUN, "map"),
     {"m": 10, "ties": "trec", "relevance_level": 1, "ndcg_gain": "linear",
      "empty_queries": "zero", "missing_queries": "skip", "score_precision": "float64"}),
    (rs.ir.compare_runs, (QRELS, {"a": RUN, "b": RUN_B}, "P@1"),
     {"tests": "t-test", "correction": "holm", "alpha": 0.05, "n_resamples": 10}),
]
SCALARS = [10**400, -(10**400), 2**63, 2**64, -(2**63) - 1, float("nan"), float("inf"),
           -float("inf"), True, "x" * 5000, None, object(), [1], 5e-324, -0.0,
           np.uint64(2**64 - 1), np.float16(1), complex(1, 1), 0, -1]
ARRAYS = [
    [0, 2**63, 2**63 + 1], np.array([2**60, 2**60 + 1, 2**60], dtype=np.uint64),
    [2**53 + 1, 0, 1], [float("nan"), 0, 1], [float("inf"), 0, 1], ["a", 1, 2],
    np.array([None, 1, 0], dtype=object), np.array([0, 1, 1], dtype=">i8"),
    np.array([0, 1, 1], dtype=np.float16), ["L" * 10**5, "a", "a"], [1j, 0, 1],
    np.array(["2020-01-01"] * 3, dtype="datetime64[D]"), [10**400, 0, 1], [True, False, True],
    [], [[0, 1, 1]], np.zeros((3, 0)), 5, None, {0, 1, 1},
]


def _outcome(fn, args, kwargs, name=None):
    """('ok', result as text) or ('error', type name); other exceptions propagate. An error
    about the replaced keyword argument ``name`` must name it."""
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = fn(*args, **kwargs)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        assert "\n" not in message.strip() or type(exc).__name__ == "RankingSetTooLargeError", \
            message
        assert len(message) < 600, f"{fn.__name__}: message of {len(message)} characters"
        if name is not None:  # the replaced argument, or the one its value made wrong
            names = [name] + [part for p in inspect.signature(fn).parameters
                              for part in p.replace("_score_or_", "_score y_").split()]
            assert any(n in message or n.replace("_", " ") in message for n in names), message
        return "error", type(exc).__name__
    return "ok", repr(result)


def _cases():
    for fn, args, kwargs in CALLS:
        for i in range(len(args)):
            for value in ARRAYS + SCALARS:
                yield fn, args[:i] + (value,) + args[i + 1:], kwargs, None
        for key in kwargs:
            for value in SCALARS:
                yield fn, args, {**kwargs, key: value}, key


def test_every_public_function_is_covered():
    covered = {getattr(fn, "__qualname__", fn.__name__).split(".")[0] for fn, _, _ in CALLS}
    modules = [rs, rs.rankings, rs.curves, rs.gains, rs.metrics, rs.thresholds, rs.multiclass,
               rs.regression, rs.information, rs.text, rs.uncertainty, rs.ir, rs.summary]
    public = {name for module in modules for name in module.__all__
              if callable(getattr(module, name))}
    exempt = {"RankingSetTooLargeError", "UndefinedMetricWarning", "Ties", "KSResult",
              "KSCurve", "GainTable", "ThresholdChoice", "PerClassMetrics", "Improvement",
              "ConfidenceInterval", "DeLongTest", "ContrastTest", "BootstrapResult",
              "BootstrapTest", "PairwiseComparison", "RocBand", "Comparison",
              "GroupMetrics",
              "get_include"}  # (no input: the directory of the C API's header)
    assert public - exempt <= covered, public - exempt - covered


def _hostile_sweep() -> list[str]:
    """Every hostile case on both backends: the two must agree; each raises ValueError or
    TypeError (one short line) or returns. Returns the disagreements."""
    from rankscore import _backend

    problems = []
    for fn, args, kwargs, name in _cases():
        saved = [a.copy() for a in args if isinstance(a, np.ndarray)]
        outcomes = []
        for backend_name in ("cython", "python"):
            try:
                backend = _backend.using(backend_name)
                backend.__enter__()
            except ImportError:
                continue
            try:
                outcomes.append(_outcome(fn, args, kwargs, name))
            except Exception as exc:  # noqa: BLE001 - the failure being looked for
                problems.append(f"{fn.__name__}{_short(args, kwargs)}: {type(exc).__name__}:"
                                f" {str(exc)[:200]}")
                outcomes.append(("raised", type(exc).__name__))
            finally:
                backend.__exit__(None, None, None)
        if len(set(outcomes)) > 1:
            problems.append(f"{fn.__name__}{_short(args, kwargs)}: backends differ {outcomes}")
        after = [a for a in args if isinstance(a, np.ndarray)]
        if any(not np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
               for a, b in zip(saved, after)):
            problems.append(f"{fn.__name__}{_short(args, kwargs)}: modified its input")
    return problems


def _short(args, kwargs) -> str:
    return repr((args, kwargs))[:160]


def test_hostile_values_give_clear_errors_on_both_backends(backend):
    """In a subprocess (a crash of the compiled kernels must fail the test, not pytest),
    which compares both backends itself: run once."""
    if backend != "python":
        pytest.skip("runs a subprocess comparing both backends; once is enough")
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, json; sys.path.insert(0, sys.argv[1]); import test_hostile as t; "
            "print(json.dumps(t._hostile_sweep()))")
    here = Path(__file__).parent
    done = subprocess.run([sys.executable, "-c", code, str(here)], capture_output=True,
                          text=True, timeout=600, env={**__import__("os").environ,
                                                       "PYTHONPATH": str(here.parent)})
    assert done.returncode == 0, done.stderr[-2000:]
    import json

    problems = json.loads(done.stdout.strip().splitlines()[-1])
    assert problems == [], "\n".join(problems[:40])


def test_cli_report_refuses_integer_scores_beyond_2_53(tmp_path, capsys):
    from rankscore.cli import main

    path = tmp_path / "data.csv"
    path.write_text("y,s\n1,9007199254740993\n0,9007199254740992\n")
    assert main(["report", str(path), "--label", "y", "--score", "s"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "row 2: score column 's' has 9007199254740993" in err
    path.write_text("y,s\n1,9007199254740994\n0,9007199254740992\n")  # exact in float64
    assert main(["report", str(path), "--label", "y", "--score", "s"]) == 0


def test_cli_report_refuses_parquet_integer_scores_beyond_2_53(tmp_path, capsys):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    from rankscore.cli import main

    path = tmp_path / "data.parquet"
    pq.write_table(pa.table({"y": [1, 0], "s": pa.array([2**62 + 1, 2**62], pa.int64())}), path)
    assert main(["report", str(path), "--label", "y", "--score", "s"]) == 2
    _, err = capsys.readouterr()
    assert "row 1: score column 's' has 4611686018427387905" in err
