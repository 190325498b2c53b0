"""rankscore.summary: ScoreSummary / ScoreAccumulator. Any chunking merged in any order, and
the accumulator, equal the one-shot summary exactly (ties and weights included); the
summary equals the sweep of the curve functions; bytes and pickle round-trip; every error.
Runs on both backends (conftest fixture)."""

import pickle
import struct
import warnings

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import rankscore as rs
from rankscore import ScoreAccumulator, ScoreSummary, _backend
from rankscore._engine.parts import binary_problem
from rankscore._engine.sweep import sweep_of_problem


def _sweep(y_true, y_score, *, pos_label=None, sample_weight=None):
    """The engine's sweep of a binary problem."""
    return sweep_of_problem(binary_problem(y_true, y_score, pos_label, sample_weight))
from rankscore.datasets import load_spam


@st.composite
def chunked_problem(draw, max_n=80, weighted=None):
    """(y, s, w or None, cut points): tied scores on a small grid, float32 or float64,
    integer weights (zeros included) so that every weight sum is exact."""
    n = draw(st.integers(1, max_n))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)), dtype=np.int64)
    grid = draw(st.sampled_from([3, 10, 1000]))
    s = np.array(draw(st.lists(st.integers(-grid, grid), min_size=n, max_size=n))) / 7
    s = s.astype(draw(st.sampled_from([np.float64, np.float32])))
    if weighted is None:
        weighted = draw(st.booleans())
    w = None
    if weighted:
        w = np.array(draw(st.lists(st.integers(0, 5), min_size=n, max_size=n)), dtype=float)
    cuts = sorted(set(draw(st.lists(st.integers(1, max(1, n - 1)), max_size=6))) - {n})
    return y, s, w, [0, *cuts, n]


def _chunks(y, s, w, cuts):
    return [(y[a:b], s[a:b], None if w is None else w[a:b]) for a, b in zip(cuts, cuts[1:])]


def _one_shot(y, s, w):
    return ScoreSummary.from_arrays(y, s, sample_weight=w)


def _assert_same(a, b):
    assert a == b
    assert a.thresholds.dtype == b.thresholds.dtype
    np.testing.assert_array_equal(a.thresholds, b.thresholds)
    np.testing.assert_array_equal(a.negatives, b.negatives)
    np.testing.assert_array_equal(a.positives, b.positives)


# ---------------------------------------------------------------------------------------
# merging is exact, associative and commutative


@given(chunked_problem(), st.randoms(use_true_random=False))
def test_any_chunking_merged_in_any_order_equals_one_shot(problem, random):
    y, s, w, cuts = problem
    parts = [ScoreSummary.from_arrays(*c[:2], sample_weight=c[2]) for c in _chunks(y, s, w, cuts)]
    random.shuffle(parts)
    _assert_same(ScoreSummary.merge_all(parts), _one_shot(y, s, w))
    # a left fold in the shuffled order, and a right fold
    left = parts[0]
    for p in parts[1:]:
        left = left.merge(p)
    right = parts[-1]
    for p in parts[-2::-1]:
        right = p.merge(right)
    _assert_same(left, _one_shot(y, s, w))
    _assert_same(right, _one_shot(y, s, w))


@given(chunked_problem(weighted=False), st.randoms(use_true_random=False))
def test_accumulator_equals_one_shot(problem, random):
    y, s, w, cuts = problem
    acc = ScoreAccumulator()
    for chunk in _chunks(y, s, w, cuts):
        assert acc.update(*chunk) is acc
    _assert_same(acc.summary(), _one_shot(y, s, w))


@given(chunked_problem(weighted=True))
def test_weighted_accumulator_equals_one_shot(problem):
    y, s, w, cuts = problem
    acc = ScoreAccumulator()
    for chunk in _chunks(y, s, w, cuts):
        acc.update(*chunk)
    _assert_same(acc.summary(), _one_shot(y, s, w))


@given(st.lists(st.tuples(st.integers(0, 1), st.sampled_from([0.0, -0.0, 0.5, -1.5, 3.0]),
                          st.integers(0, 3)), min_size=1, max_size=40),
       st.sampled_from([np.float64, np.float32]), st.booleans(), st.booleans())
def test_accumulator_of_one_row_batches_equals_one_shot(rows, dtype, weighted, one_class):
    # every batch one row (so one class only), -0.0 beside 0.0, zero weights
    y = np.array([0 if one_class else r[0] for r in rows], dtype=np.int64)
    s = np.array([r[1] for r in rows], dtype=dtype)
    w = np.array([r[2] for r in rows], dtype=float) if weighted else None
    acc = ScoreAccumulator()
    for i in range(len(rows)):
        acc.update(y[i:i + 1], s[i:i + 1], None if w is None else w[i:i + 1])
    summary = acc.summary()
    _assert_same(summary, _one_shot(y, s, w))
    assert not np.signbit(summary.thresholds[summary.thresholds == 0]).any()  # -0.0 as 0.0


@given(chunked_problem())
def test_summary_is_the_sweep_of_the_curve_functions(problem):
    y, s, w, _ = problem
    summary = _one_shot(y, s, w)
    if w is not None and not w.any():
        assert len(summary) == 0 and summary.n_positives == summary.n_negatives == 0
        return
    sweep = _sweep(y, s, sample_weight=w)
    np.testing.assert_array_equal(summary.thresholds, sweep.thresholds)
    fps, tps = summary._cumulative()
    np.testing.assert_array_equal(fps, sweep.fps)
    np.testing.assert_array_equal(tps, sweep.tps)
    assert summary.n_positives == sweep.tps[-1] and summary.n_negatives == sweep.fps[-1]


@given(st.lists(st.floats(0, 1, width=32), min_size=1, max_size=60), st.data())
def test_backends_agree_bit_for_bit_with_float_weights(scores, data):
    n = len(scores)
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    w = np.array(data.draw(st.lists(st.floats(0, 10), min_size=n, max_size=n)))
    s = np.round(np.array(scores), 1)  # ties
    results = []
    for name in ("cython", "python"):
        try:
            with _backend.using(name):
                results.append(ScoreSummary.from_arrays(y, s, sample_weight=w).to_bytes())
        except ImportError:
            pytest.skip("compiled module not built")
    assert results[0] == results[1]


@given(st.lists(st.floats(0, 1, width=32), min_size=1, max_size=60), st.data())
def test_accumulator_backends_agree_bit_for_bit_with_float_weights(scores, data):
    # the buffered parts' stable sort fixes the order each tie's weights are summed in:
    # the same bits on both backends, batch by batch (-0.0, zero weights, float32)
    n = len(scores)
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    w = np.array(data.draw(st.lists(st.floats(0, 10), min_size=n, max_size=n)))
    s = np.round(np.array(scores), 1) * data.draw(st.sampled_from([1.0, -1.0]))
    s = s.astype(data.draw(st.sampled_from([np.float64, np.float32])))
    size = data.draw(st.integers(1, n))
    results = []
    for name in ("cython", "python"):
        try:
            with _backend.using(name):
                acc = ScoreAccumulator()
                for i in range(0, n, size):
                    acc.update(y[i:i + size], s[i:i + size], sample_weight=w[i:i + size])
                results.append(acc.summary().to_bytes())
        except ImportError:
            pytest.skip("compiled module not built")
    assert results[0] == results[1]


def test_large_tied_input_takes_the_counting_path_and_merges_exactly():
    rng = np.random.default_rng(3)
    n = 1 << 16  # past the counting threshold of the curve functions
    y, s = rng.integers(0, 2, n), np.round(rng.random(n), 2)
    whole = _one_shot(y, s, None)
    assert len(whole) == 101
    parts = [_one_shot(y[i:i + 5000], s[i:i + 5000], None) for i in range(0, n, 5000)]
    _assert_same(ScoreSummary.merge_all(parts), whole)
    sweep = _sweep(y, s)
    np.testing.assert_array_equal(whole._cumulative()[1], sweep.tps)


def test_counts_stay_exact_beyond_2_53():
    big = 2**53 + 1  # not a float64
    a = ScoreSummary([0.5], [big], [1])
    b = ScoreSummary([0.5], [2], [0])
    merged = a.merge(b)
    assert merged.n_negatives == 2**53 + 3 and isinstance(merged.n_negatives, int)
    assert merged.negatives.dtype == np.int64


def test_promotions():
    a = ScoreSummary.from_arrays([0, 1], np.array([0.1, 0.5], dtype=np.float32))
    b = ScoreSummary.from_arrays([1, 0], [0.5, 0.9], sample_weight=[2.0, 0.5])
    m = a.merge(b)
    assert m.dtype == np.float64 and m.weighted
    # float32 0.1 is kept as the float64 value it is, distinct from 0.1
    assert m.thresholds.tolist() == [0.9, 0.5, float(np.float32(0.1))]
    assert m.positives.tolist() == [0.0, 3.0, 0.0] and m.negatives.tolist() == [0.5, 0, 1]
    assert m == ScoreSummary.from_arrays(
        [0, 1, 1, 0], np.array([np.float32(0.1), 0.5, 0.5, 0.9]), sample_weight=[1, 1, 2, 0.5])


# ---------------------------------------------------------------------------------------
# labels per chunk


def test_one_class_chunks_infer_pos_label_1():
    for y in ([0, 0], [-1, -1], [False, False], [1, 1]):
        s = ScoreSummary.from_arrays(y, [0.2, 0.4])
        assert s.pos_label == 1
    neg_only = ScoreSummary.from_arrays([0, 0], [0.2, 0.4])
    assert neg_only.n_positives == 0 and neg_only.n_negatives == 2
    pos_only = ScoreSummary.from_arrays([1], [0.3])
    assert neg_only.merge(pos_only) == ScoreSummary.from_arrays([0, 0, 1], [0.2, 0.4, 0.3])
    mixed = ScoreSummary.from_arrays([-1, 1], [0.2, 0.3]).merge(
        ScoreSummary.from_arrays([True], [0.2]))
    assert mixed.positives.tolist() == [1, 1] and mixed.negatives.tolist() == [0, 1]


def test_other_labels_need_pos_label_as_the_curve_functions():
    with pytest.raises(ValueError, match="pos_label is not specified") as got:
        ScoreSummary.from_arrays(["ham", "spam"], [0.1, 0.2])
    with pytest.raises(ValueError) as expected:
        rs.roc_curve(["ham", "spam"], [0.1, 0.2])
    assert str(got.value) == str(expected.value)
    ham = ScoreSummary.from_arrays(["ham"], [0.1], pos_label="spam")
    spam = ScoreSummary.from_arrays(["spam"], [0.2], pos_label="spam")
    assert ham.merge(spam).positives.tolist() == [1, 0]
    acc = ScoreAccumulator(pos_label="spam").update(["ham"], [0.1]).update(["spam"], [0.2])
    assert acc.summary() == ham.merge(spam)



@pytest.mark.parametrize("first, second", [([0, 1], [-1, 1]), ([-1, 1], [False, True]),
                                           ([0, 0], [-1, -1])])
def test_accumulator_checks_the_labels_of_all_batches(first, second):
    # one array of labels {-1, 0, 1} is refused without pos_label: so are {0, 1} in one
    # batch and {-1, 1} in the next (0 and -1 were both counted negatives: 2 and 2)
    with pytest.raises(ValueError) as expected:
        ScoreSummary.from_arrays(np.concatenate([first, second]), [0.1, 0.2, 0.3, 0.4])
    acc = ScoreAccumulator().update(first, [0.1, 0.2])
    with pytest.raises(ValueError) as got:
        acc.update(second, [0.3, 0.4])
    assert str(got.value) == str(expected.value).replace("y_true", "y_true (all batches)", 1)
    assert acc.n_batches == 1 and len(acc.summary()) == 2  # the refused batch left no trace
    restored = pickle.loads(pickle.dumps(acc))  # the labels seen travel with it
    with pytest.raises(ValueError, match="all batches"):
        restored.update(second, [0.3, 0.4])
    summary = restored.update(first, [0.3, 0.4]).summary()
    assert (summary.n_negatives + summary.n_positives, restored.n_batches) == (4, 2)
    assert ScoreAccumulator(pos_label=1).update(first, [0.1, 0.2]).update(
        second, [0.3, 0.4]).summary().n_positives == np.sum(np.concatenate([first, second]) == 1)

def test_validation_is_that_of_the_curve_functions():
    for y, s, w in [([0, 1], [0.1, np.nan], None), ([0, 1, 1], [0.1, 0.2], None),
                    ([], [], None), ([0, 1], [0.1, 0.2], [1, -1]), ([0, 2, 3], [1, 2, 3], None)]:
        with pytest.raises(ValueError) as expected:
            rs.roc_curve(y, s, sample_weight=w)
        with pytest.raises(ValueError) as got:
            ScoreSummary.from_arrays(y, s, sample_weight=w)
        assert str(got.value) == str(expected.value)


def test_input_arrays_are_not_modified_and_results_are_read_only():
    y, s = np.array([0, 1, 0, 1]), np.array([0.4, 0.3, -0.0, 0.0])
    before = s.copy()
    summary = ScoreSummary.from_arrays(y, s)
    np.testing.assert_array_equal(s, before)
    assert np.signbit(summary.thresholds).sum() == 0  # -0.0 and 0.0: one threshold, 0.0
    assert summary.thresholds.tolist() == [0.4, 0.3, 0.0]
    with pytest.raises(ValueError):
        summary.positives[0] = 7


def test_zero_weight_chunk_is_an_empty_summary():
    empty = ScoreSummary.from_arrays([0, 1], [0.1, 0.2], sample_weight=[0, 0])
    assert len(empty) == 0 and empty.weighted
    other = ScoreSummary.from_arrays([0, 1], [0.1, 0.2], sample_weight=[1, 3])
    assert empty.merge(other) == other


def test_merge_errors():
    a = ScoreSummary.from_arrays([0, 1], [0.1, 0.2])
    b = ScoreSummary.from_arrays(["x", "y"], [0.1, 0.2], pos_label="y")
    with pytest.raises(ValueError, match="different positive classes: pos_label=1 and "
                                         "pos_label='y'"):
        a.merge(b)
    with pytest.raises(ValueError, match="different positive classes"):
        a.merge(ScoreSummary.from_arrays([0, 1], [0.1, 0.2], pos_label="1"))
    with pytest.raises(TypeError, match="can only merge ScoreSummary objects, got list"):
        a.merge([1, 2])
    with pytest.raises(ValueError, match="no summaries given"):
        ScoreSummary.merge_all([])
    with pytest.raises(TypeError, match="an iterable of ScoreSummary"):
        ScoreSummary.merge_all(a)
    with pytest.raises(ValueError, match="no data yet"):
        ScoreAccumulator().summary()


def test_summaries_of_a_bytes_pos_label_and_its_str_merge():
    # bytes labels are the text they encode: pos_label=b'spam' and 'spam' name one class,
    # but merging such summaries raised "different positive classes"
    y, score = ["ham", "spam", "spam", "ham"], [0.1, 0.7, 0.4, 0.5]
    as_bytes = ScoreSummary.from_arrays(y[:2], score[:2], pos_label=b"spam")
    as_str = ScoreSummary.from_arrays(y[2:], score[2:], pos_label="spam")
    whole = ScoreSummary.from_arrays(y, score, pos_label="spam")
    assert as_bytes.merge(as_str) == whole
    assert ScoreSummary.merge_all([as_str, as_bytes]) == whole
    with pytest.raises(ValueError, match="different positive classes"):
        as_bytes.merge(ScoreSummary.from_arrays(["a", "b"], [0.1, 0.2], pos_label=b"b"))


def test_constructor_checks_its_arrays():
    with pytest.raises(ValueError, match="strictly decreasing"):
        ScoreSummary([0.1, 0.2], [1, 1], [0, 0])
    with pytest.raises(ValueError, match="one length"):
        ScoreSummary([0.2, 0.1], [1], [0, 0])
    with pytest.raises(ValueError, match="non-negative"):
        ScoreSummary([0.2, 0.1], [1, -1], [0, 2])
    with pytest.raises(ValueError, match="hold a sample"):
        ScoreSummary([0.2, 0.1], [1, 0], [0, 0])
    with pytest.raises(TypeError, match="int64 .counts. or both"):
        ScoreSummary([0.2], [1], [0.5])
    with pytest.raises(TypeError, match="float32 or float64"):
        ScoreSummary([2], [1], [0])


# ---------------------------------------------------------------------------------------
# bytes and pickle


@given(chunked_problem(), st.sampled_from([1, True, 2.5, "spam", b"x", -3]))
def test_bytes_and_pickle_round_trip(problem, label):
    y, s, w, _ = problem
    summary = ScoreSummary.from_arrays(np.where(y == 1, label, "other") if isinstance(label, str)
                                       else y, s, sample_weight=w,
                                       pos_label=label if isinstance(label, str) else None)
    if not isinstance(label, str):
        summary = ScoreSummary(summary.thresholds, summary.negatives, summary.positives, label)
    for back in (ScoreSummary.from_bytes(summary.to_bytes()),
                 pickle.loads(pickle.dumps(summary))):
        _assert_same(back, summary)
        assert back.pos_label == label and type(back.pos_label) is type(label)
    # a 28-byte header and the label, then the arrays (each part padded to 8 bytes), then
    # the 4-byte checksum
    label_bytes = len(label) if isinstance(label, bytes) else 8 if isinstance(
        label, float) else len(str(label).encode())
    padded = -(-(28 + label_bytes) // 8) * 8 + -(-len(summary) * summary.dtype.itemsize // 8) * 8
    assert len(summary.to_bytes()) == padded + 16 * len(summary) + 4


def _v1_bytes(summary, pairs=None):
    """The version 1 form (rankscore before the checksum) of a summary."""
    label = summary.pos_label
    kind = [int, float, bool, str, bytes].index(type(label))
    payload = (str(label).encode() if kind in (0, 2) else struct.pack("<d", label)
               if kind == 1 else label.encode() if kind == 3 else label)
    pairs = summary.loose_pairs if pairs is None else pairs
    flags = (1 if summary.weighted else 0) | (2 if summary.dtype == np.float32 else 0) | (
        4 if pairs else 0)
    parts = [struct.pack("<4sBBBI", b"RSSM", 1, flags, kind, len(payload)), payload,
             struct.pack("<Q", len(summary))]
    if pairs:
        parts.append(struct.pack("<d", pairs))
    parts += [a.astype(a.dtype.newbyteorder("<")).tobytes()
              for a in (summary.thresholds, summary.negatives, summary.positives)]
    return b"".join(parts)


def _sealed(data):
    """Version 2 bytes with their checksum recomputed (a writer's mistake, not damage)."""
    body = bytes(data[:-4])
    return body + _backend.kernels.crc32c(body).to_bytes(4, "little")


def test_from_bytes_rejects_bad_data():
    data = ScoreSummary.from_arrays([0, 1, 1], [0.1, 0.2, 0.3]).to_bytes()
    with pytest.raises(ValueError, match="bad magic"):
        ScoreSummary.from_bytes(b"XXXX" + data[4:])
    with pytest.raises(ValueError, match="format version 9 is not supported"):
        ScoreSummary.from_bytes(data[:4] + bytes([9]) + data[5:])
    with pytest.raises(ValueError, match="has 107 bytes; its header says 108"):
        ScoreSummary.from_bytes(data[:-1])
    flipped = bytearray(data)
    flipped[-60:-52] = np.float64(0.9).tobytes()  # the last threshold: no longer decreasing
    with pytest.raises(ValueError, match="checksum does not match"):
        ScoreSummary.from_bytes(bytes(flipped))
    with pytest.raises(ValueError, match="inconsistent ScoreSummary data: thresholds must be "
                                         "finite and strictly decreasing"):
        ScoreSummary.from_bytes(_sealed(flipped))
    with pytest.raises(TypeError, match="must be bytes"):
        ScoreSummary.from_bytes("text")
    odd = ScoreSummary([0.5], [1], [1], pos_label=(1, 2))
    with pytest.raises(TypeError, match="cannot be stored"):
        odd.to_bytes()


def test_version_1_bytes_are_read_with_the_same_checks():
    s = ScoreSummary.from_arrays([0, 1, 1, 0], [0.1, 0.2, 0.3, 0.3], pos_label=1)
    _assert_same(ScoreSummary.from_bytes(_v1_bytes(s)), s)
    small = ScoreSummary.from_arrays(np.arange(100) % 3 == 0, np.arange(100) / 7).compress(5)
    back = ScoreSummary.from_bytes(_v1_bytes(small))
    _assert_same(back, small)
    assert back.auc_error_bound == pytest.approx(small.auc_error_bound, rel=1e-12)
    wrapped = ScoreSummary._trusted(np.array([0.9, 0.5, 0.1]),
                                    np.array([0, 2**63 - 1, 6]), np.array([2**63 - 1, 0, 1]), 1)
    with pytest.raises(ValueError, match="more than 2..62 rows"):
        ScoreSummary.from_bytes(_v1_bytes(wrapped))
    with pytest.raises(ValueError, match="compression bound"):
        ScoreSummary.from_bytes(_v1_bytes(s, pairs=s.n_positives * s.n_negatives + 1.0))
    one_class = ScoreSummary.from_arrays([1, 1], [0.1, 0.2])  # repr divided by 0 P N
    with pytest.raises(ValueError, match="compression bound"):
        ScoreSummary.from_bytes(_v1_bytes(one_class, pairs=1.0))
    flipped = bytearray(_v1_bytes(s))
    flipped[5] ^= 1  # counts read as weight sums: subnormal weights, the same curves
    weighted = ScoreSummary.from_bytes(bytes(flipped))
    assert weighted.weighted and weighted.roc_auc() == pytest.approx(s.roc_auc())
    assert weighted.average_precision() == pytest.approx(s.average_precision())


def test_repr_and_sizes():
    s = ScoreSummary.from_arrays([0, 1, 1], np.array([0.1, 0.2, 0.2], dtype=np.float32))
    assert repr(s) == ("ScoreSummary(2 thresholds, 2 positives, 1 negatives, unweighted, "
                       "pos_label=1, float32)")
    assert s.nbytes == 2 * (4 + 8 + 8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert rs.ScoreSummary is ScoreSummary


# ---------------------------------------------------------------------------------------
# every view of a merged summary equals the public function on all the data


def _outcome(fn, *args, **kwargs):
    """(result or the exception's type and message, warning categories and messages)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = fn(*args, **kwargs)
        except (ValueError, TypeError) as exc:
            result = (type(exc), str(exc))
    return result, sorted((w.category.__name__, str(w.message)) for w in caught)


def _assert_same_result(a, b):
    if isinstance(a, tuple) and len(a) == 2 and isinstance(a[0], type):
        assert a == b
    elif isinstance(a, rs.gains.GainTable):
        assert isinstance(b, rs.gains.GainTable)
        for name in a.column_names():
            np.testing.assert_array_equal(a[name], b[name])
            assert a[name].dtype == b[name].dtype
    elif isinstance(a, rs.ThresholdChoice):
        assert (a.threshold, a.value, a.objective) == (b.threshold, b.value, b.objective)
        _assert_same_result(a.confusion, b.confusion)
    elif isinstance(a, rs.BinaryConfusion):
        np.testing.assert_equal(a.to_dict(), b.to_dict())  # NaN rates equal
        assert [type(getattr(a, c)) for c in "tp fp fn tn".split()] == [
            type(getattr(b, c)) for c in "tp fp fn tn".split()]
    elif isinstance(a, tuple):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            _assert_same_result(x, y)
    else:
        np.testing.assert_array_equal(a, b)
        assert np.asarray(a).dtype == np.asarray(b).dtype


VIEWS = {  # view name: (public function, its extra arguments, the view's arguments)
    "roc_curve": (rs.roc_curve, {}, {}),
    "roc_curve_all": (rs.roc_curve, {"drop_intermediate": False},
                      {"drop_intermediate": False}),
    "roc_auc": (rs.roc_auc_score, {}, {}),
    "roc_auc_partial": (rs.roc_auc_score, {"max_fpr": 0.3}, {"max_fpr": 0.3}),
    "gini": (rs.gini_score, {}, {}),
    "precision_recall_curve": (rs.precision_recall_curve, {}, {}),
    "precision_recall_curve_dropped": (rs.precision_recall_curve,
                                       {"drop_intermediate": True},
                                       {"drop_intermediate": True}),
    "average_precision": (rs.average_precision_score, {}, {}),
    "pr_auc": (rs.pr_auc_score, {}, {}),
    "det_curve": (rs.det_curve, {}, {}),
    "ks_statistic": (rs.ks_statistic, {}, {}),
    "ks_curve": (rs.curves.ks_curve, {}, {}),
    "gain_table": (rs.gains.gain_table, {"n_groups": 4}, {"n_groups": 4}),
    "cumulative_gain_curve": (rs.gains.cumulative_gain_curve, {}, {}),
    "lift_curve": (rs.gains.lift_curve, {}, {}),
    "confusion": (rs.binary_confusion, {"threshold": 0.3}, {"threshold": 0.3}),
    "best_threshold_youden": (rs.best_threshold, {"objective": "youden"},
                              {"objective": "youden"}),
    "best_threshold_f2": (rs.best_threshold, {"objective": "f_beta", "beta": 2.0},
                          {"objective": "f_beta", "beta": 2.0}),
    "best_threshold_recall": (rs.best_threshold,
                              {"objective": "max_recall", "min_precision": 0.5},
                              {"objective": "max_recall", "min_precision": 0.5}),
    "best_threshold_precision": (rs.best_threshold,
                                 {"objective": "max_precision", "min_recall": 0.5},
                                 {"objective": "max_precision", "min_recall": 0.5}),
    "best_threshold_profit": (rs.best_threshold,
                              {"objective": "profit", "profit_matrix": [[5, -1], [-2, 0]]},
                              {"objective": "profit", "profit_matrix": [[5, -1], [-2, 0]]}),
    "prevalence": (rs.gains.prevalence, {}, {}),
}


def _view_method(name):
    return {"roc_curve_all": "roc_curve", "roc_auc_partial": "roc_auc",
            "precision_recall_curve_dropped": "precision_recall_curve"}.get(
        name, name.split("_threshold")[0] + "_threshold" if name.startswith("best_threshold")
        else name)


@pytest.mark.parametrize("name", sorted(VIEWS))
@settings(max_examples=25)
@given(problem=chunked_problem(max_n=40), random=st.randoms(use_true_random=False))
def test_every_view_of_a_merged_summary_equals_the_function(name, problem, random):
    y, s, w, cuts = problem
    parts = [ScoreSummary.from_arrays(*c[:2], sample_weight=c[2]) for c in _chunks(y, s, w, cuts)]
    random.shuffle(parts)
    summary = ScoreSummary.merge_all(parts)
    function, args, view_args = VIEWS[name]
    if function is rs.binary_confusion:
        expected = _outcome(function, y, s, sample_weight=w, **args)
    elif function is rs.gains.prevalence:
        expected = _outcome(function, y, sample_weight=w)
    elif function in (rs.roc_auc_score, rs.gini_score, rs.average_precision_score):
        expected = _outcome(function, y, s, sample_weight=w, **args)
    else:
        expected = _outcome(function, y, s, sample_weight=w, **args)
    got = _outcome(getattr(summary, _view_method(name)), **view_args)
    if function in (rs.gains.prevalence, rs.binary_confusion) and w is not None and not w.any():
        assert isinstance(got[0], tuple) and got[0][0] is ValueError  # nothing to score
        return
    if function is rs.gains.gain_table and isinstance(expected[0], tuple) and isinstance(
            expected[0][0], type):
        assert got[0][0] is ValueError
        return
    _assert_same_result(got[0], expected[0])
    assert got[1] == expected[1]


def test_views_on_the_spam_demo():
    data = load_spam()
    acc = ScoreAccumulator(pos_label="spam")
    for i in range(0, 20, 6):
        acc.update(data.target[i:i + 6], data.score[i:i + 6])
    summary = acc.summary()
    assert summary.roc_auc() == 79 / 99  # SPEC §4
    c = summary.confusion(0.25)
    assert (c.tp, c.fn, c.fp, c.tn) == (7, 2, 4, 7)
    assert summary.prevalence() == 0.45
    assert summary.gini() == 2 * (79 / 99) - 1


def test_views_of_an_empty_summary_raise_as_the_functions():
    empty = ScoreSummary.from_arrays([0, 1], [0.1, 0.2], sample_weight=[0, 0])
    for view in ("roc_curve", "roc_auc", "average_precision", "ks_statistic", "gain_table",
                 "confusion", "prevalence"):
        with pytest.raises(ValueError, match="sample_weight is zero for every sample"):
            getattr(empty, view)()
    with pytest.raises(ValueError, match="sample_weight is zero for every sample"):
        rs.roc_curve([0, 1], [0.1, 0.2], sample_weight=[0, 0])
    # built from no rows: no weight is named (it was "sample_weight is zero")
    counts = np.zeros(0, dtype=np.int64)
    for view in ("roc_auc", "average_precision", "ks_statistic", "prevalence"):
        with pytest.raises(ValueError, match="^the summary holds no rows; nothing to score$"):
            getattr(ScoreSummary(np.zeros(0), counts, counts), view)()



@pytest.mark.parametrize("bad, what", [(np.nan, "NaN"), (np.inf, "infinity")])
def test_zero_weights_do_not_hide_scores_that_are_not_finite(bad, what):
    # every weight zero: the empty summary was returned without reading the scores
    y, s, w = [1, 0], [bad, 0.2], [0.0, 0.0]
    for build in (lambda: ScoreSummary.from_arrays(y, s, sample_weight=w),
                  lambda: rs.group_metrics(y, s, by=[1, 1], sample_weight=w),
                  lambda: rs.roc_auc_score(y, s, sample_weight=w)):
        with pytest.raises(ValueError, match=f"y_score contains {what} \\(first at index 0\\)"):
            build()


@pytest.mark.parametrize("n, distinct", [(1 << 16, 100), (1 << 16, None), ((1 << 21) + 5, None)])
def test_fused_fast_paths_equal_the_views(n, distinct):
    # roc_auc_score (counting pass, merge of sorted parts, two threads past 2**21 rows),
    # average_precision_score and ks_statistic keep their fused kernels: same numbers
    rng = np.random.default_rng(n)
    y = (rng.random(n) < 0.1).astype(np.int8)
    s = rng.random(n) if distinct is None else rng.integers(0, distinct, n) / distinct
    summary = ScoreAccumulator().update(y[: n // 3], s[: n // 3]).update(
        y[n // 3:], s[n // 3:]).summary()
    assert summary.roc_auc() == rs.roc_auc_score(y, s)
    assert summary.roc_auc() == rs.roc_auc_score(y, s, n_threads=1)
    assert summary.average_precision() == rs.average_precision_score(y, s)
    assert summary.ks_statistic() == rs.ks_statistic(y, s)


@given(chunked_problem(max_n=60, weighted=True), st.floats(0.01, 100))
def test_fused_functions_agree_with_views_for_float_weights(problem, scale):
    # non-integer weight sums round differently when grouped per threshold
    y, s, w, _ = problem
    w = w * scale / 3
    if not w.any():
        return
    summary = _one_shot(y, s, w)
    for view, function in ((summary.roc_auc, rs.roc_auc_score),
                           (summary.average_precision, rs.average_precision_score)):
        expected, _ = _outcome(function, y, s, sample_weight=w)
        got, _ = _outcome(view)
        np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-15)
    expected, _ = _outcome(rs.ks_statistic, y, s, sample_weight=w)
    got, _ = _outcome(summary.ks_statistic)
    # atol: where the statistic is 0, one grouping gives 0.0 and the other rounding noise
    # (hypothesis found 0.0 against 3.8e-17); rtol alone would demand noise equal zero
    np.testing.assert_allclose(got.statistic, expected.statistic, rtol=1e-12, atol=1e-15)


@given(st.integers(2, 6000), st.sampled_from([2, 10, 20, 1000, 10**6]),
       st.sampled_from([7, 100, None]), st.integers(0, 2**32 - 1))
def test_gain_table_borders_by_binary_search_equal_the_scan(n, n_groups, grid, seed):
    # few groups of many tie blocks: the borders are looked up by bisection; they must be
    # those of the scan floor(counts * groups / n) (SPEC §3: ties never straddle a border)
    from rankscore._engine.views import group_borders as _group_borders

    rng = np.random.default_rng(seed)
    s = rng.random(n) if grid is None else rng.integers(0, grid, n) / grid
    sweep = _sweep(rng.integers(0, 2, n), s)
    counts = (sweep.tps + sweep.fps).astype(np.int64)
    groups = min(n_groups, n)
    expected = np.flatnonzero(np.diff(counts * groups // n, prepend=0) > 0)
    expected[-1] = len(counts) - 1
    np.testing.assert_array_equal(_group_borders(sweep, n_groups, weighted=False), expected)


def test_confusion_compares_float32_scores_in_float64():
    s = np.array([0.1, 0.2, 0.3], dtype=np.float32)  # float32(0.1) > 0.1 and float32(0.3) > 0.3
    y = [1, 0, 1]
    summary = ScoreSummary.from_arrays(y, s)
    for t in (0.1, 0.3, float(np.float32(0.1)), 0.2):
        np.testing.assert_equal(summary.confusion(t).to_dict(),
                                rs.binary_confusion(y, s, threshold=t).to_dict())
    assert summary.confusion(0.3).tp == 1


# ---------------------------------------------------------------------------------------
# opt-in compression


@given(chunked_problem(max_n=300), st.integers(1, 40))
def test_compressed_auc_stays_within_its_bound(problem, max_thresholds):
    y, s, w, _ = problem
    exact = _one_shot(y, s, w)
    if w is not None and not w.any():
        return
    small = exact.compress(max_thresholds)
    assert len(small) <= max_thresholds
    assert small.n_positives == exact.n_positives and small.n_negatives == exact.n_negatives
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # one class: NaN on both sides
        a, b = exact.roc_auc(), small.roc_auc()
    if np.isnan(a):
        assert np.isnan(b)
        return
    assert abs(a - b) <= small.auc_error_bound + 1e-12
    if len(exact) <= max_thresholds:
        assert small is exact and small.auc_error_bound == 0.0
    # every kept point is a point of the exact sweep (a bin keeps its lowest score)
    fps, tps, thr = exact.sweep()
    c_fps, c_tps, c_thr = small.sweep()
    at = np.searchsorted(-thr.astype(np.float64), -c_thr.astype(np.float64))
    np.testing.assert_array_equal(thr[at], c_thr)
    np.testing.assert_array_equal(fps[at], c_fps)
    np.testing.assert_array_equal(tps[at], c_tps)


def test_compression_bound_and_round_trips():
    rng = np.random.default_rng(7)
    y = rng.random(20_000) < 0.1
    exact = ScoreSummary.from_arrays(y, rng.random(20_000) + 0.5 * y)
    small = exact.compress(500)
    assert len(small) == 500 and small.nbytes < exact.nbytes / 39
    # continuous scores, equal bins: about 1 / (8 k prior (1 - prior))
    assert small.auc_error_bound < 1.2 / (8 * 500 * 0.1 * 0.9)
    assert abs(small.roc_auc() - exact.roc_auc()) <= small.auc_error_bound
    for back in (ScoreSummary.from_bytes(small.to_bytes()), pickle.loads(pickle.dumps(small))):
        assert back == small and back.auc_error_bound == small.auc_error_bound
    assert "compressed: AUC within" in repr(small)
    smaller = small.compress(50)  # bounds add up
    assert smaller.loose_pairs > small.loose_pairs
    assert abs(smaller.roc_auc() - exact.roc_auc()) <= smaller.auc_error_bound
    with pytest.raises(ValueError, match="compressed summaries cannot be merged"):
        small.merge(exact)
    with pytest.raises(ValueError, match="max_thresholds must be >= 1"):
        exact.compress(0)
    with pytest.raises(TypeError, match="max_thresholds must be an integer"):
        exact.compress(2.5)


def test_a_compressed_summary_whose_bins_tie_no_pair_refuses_to_merge():
    # the bins (0.9, 0.8) and (0.1) hold one class each: no pair made a tie, AUC exact
    exact = ScoreSummary.from_arrays([1, 1, 0], [0.9, 0.8, 0.1])
    small = exact.compress(2)
    assert small.thresholds.tolist() == [0.8, 0.1] and small.auc_error_bound == 0.0
    other = ScoreSummary.from_arrays([0], [0.85])
    # merged, the bin would put the negative at 0.85 above both positives: AUC 1/2, not
    # the 3/4 of the data (positive 0.9 > negative 0.85)
    assert rs.roc_auc_score([1, 1, 0, 0], [0.9, 0.8, 0.1, 0.85]) == 0.75
    assert exact.merge(other).roc_auc() == 0.75
    for parts in ((small, other), (other, small)):
        with pytest.raises(ValueError, match="compressed summaries cannot be merged"):
            ScoreSummary.merge_all(parts)
    one_class = ScoreSummary.from_arrays([1, 1, 1], [0.3, 0.2, 0.1]).compress(1)
    with pytest.raises(ValueError, match="compressed summaries cannot be merged"):
        one_class.merge(ScoreSummary.from_arrays([0], [0.25]))
    assert small.compressed and not exact.compressed and small != exact
    for s in (small, one_class):  # the mark survives bytes and pickle
        for back in (ScoreSummary.from_bytes(s.to_bytes()), pickle.loads(pickle.dumps(s))):
            assert back == s and back.compressed and back.auc_error_bound == 0.0
            with pytest.raises(ValueError, match="compressed summaries cannot be merged"):
                back.merge(other)
    restore, args = ScoreAccumulator().update([0, 1], [0.1, 0.2]).__reduce__()
    with pytest.raises(ValueError, match="a compressed summary"):
        restore(args[0], args[1], small.to_bytes())  # an accumulator's pickle holding it


@pytest.mark.parametrize("first_weights", [None, [1.0, 2.0]])
def test_a_batch_of_zero_weights_makes_the_accumulated_summary_weighted_float64(
        first_weights):
    first = ([0, 1], np.float32([0.25, 0.5]), first_weights)
    zeros = ([0, 1], np.array([0.75, 1.0]), [0.0, 0.0])  # float64 scores, weights all 0
    acc = ScoreAccumulator().update(*first).update(*zeros)
    # the merge's rules: float32 with float64 is float64, counts with weights are weights
    merged = ScoreSummary.from_arrays(*first[:2], sample_weight=first[2]).merge(
        ScoreSummary.from_arrays(*zeros[:2], sample_weight=zeros[2]))
    whole = ScoreSummary.from_arrays(
        [0, 1, 0, 1], np.r_[first[1], zeros[1]],
        sample_weight=np.r_[first[2] or [1.0, 1.0], zeros[2]])
    assert whole.dtype == np.float64 and whole.weighted
    for s in (acc.summary(), merged):
        assert s == whole and s.dtype == np.float64 and s.weighted
    acc.update([1], [0.375])  # and it keeps going
    assert acc.summary() == whole.merge(ScoreSummary.from_arrays([1], [0.375]))


def test_accumulator_keeps_going_after_a_summary():
    acc = ScoreAccumulator().update([0, 1, 1], [0.1, 0.5, 0.9])
    first = acc.summary()
    kept = first.to_bytes()
    for i in range(5):
        acc.update([1, 0], [0.5, 0.05 * i])
    assert first.to_bytes() == kept  # merged into a copy
    assert acc.summary() == ScoreSummary.from_arrays(
        [0, 1, 1] + [1, 0] * 5, [0.1, 0.5, 0.9] + [v for i in range(5) for v in (0.5, 0.05 * i)])
    mixed = ScoreAccumulator().update([0, 1], np.array([0.1, 0.5], dtype=np.float32))
    mixed.update([1, 0], [0.5, 0.7], sample_weight=[2.5, 1])
    assert mixed.summary() == ScoreSummary.from_arrays(
        [0, 1, 1, 0], np.array([np.float32(0.1), np.float32(0.5), 0.5, 0.7]),
        sample_weight=[1, 1, 2.5, 1])


@given(st.lists(chunked_problem(max_n=30), min_size=3, max_size=7))
@example([(np.array([0]), np.array([0.0]), np.array([0.0]), [0, 1])] * 3)  # nothing to merge
def test_merge_on_two_threads_equals_one_thread(problems):
    # large merges are cut at a median score into two ranges merged side by side: the
    # same thresholds and (in run order) the same sums, ties across the cut included
    from rankscore.summary import merging as summary_module

    parts = [_one_shot(*p[:3]) for p in problems]
    if len({s.weighted for s in parts}) > 1:
        parts = [ScoreSummary(s.thresholds, s.negatives.astype(float),
                              s.positives.astype(float)) for s in parts]
    one_thread = ScoreSummary.merge_all(parts)
    saved = summary_module._PARALLEL_MERGE_THRESHOLDS
    summary_module._PARALLEL_MERGE_THRESHOLDS = 0
    try:
        two_threads = ScoreSummary.merge_all(parts)
    finally:
        summary_module._PARALLEL_MERGE_THRESHOLDS = saved
    _assert_same(two_threads, one_thread)
    y = np.concatenate([p[0] for p in problems])
    s = np.concatenate([p[1] for p in problems])
    w = None if all(p[2] is None for p in problems) else np.concatenate(
        [np.ones(len(p[0])) if p[2] is None else p[2] for p in problems])
    expected = _one_shot(y, s, w)
    np.testing.assert_array_equal(two_threads.thresholds, expected.thresholds)
    np.testing.assert_array_equal(two_threads.negatives, expected.negatives)


@given(chunked_problem(max_n=200, weighted=False), st.booleans())
def test_accumulator_with_counted_or_reserved_room(problem, disjoint):
    # a flush either reserves room for every distinct score of the buffer (scores seen
    # distinct so far) or counts the merged thresholds first: the same summary
    y, s, w, cuts = problem
    acc = ScoreAccumulator()
    acc._disjoint = disjoint
    for chunk in _chunks(y, s, w, cuts):
        acc.update(*chunk)
        acc._disjoint = acc._disjoint and disjoint
    _assert_same(acc.summary(), _one_shot(y, s, w))


@given(chunked_problem(max_n=200), st.booleans(), st.sampled_from([1, 2]))
def test_accumulator_flushing_on_two_threads_equals_one_shot(problem, disjoint, cpus):
    # large flushes are cut at a median buffered score, each side merged into its own
    # part of the grown arrays (on two threads, or with one CPU and integer counts by the
    # pair kernel): the same summary, ties and weights included, whether the room was
    # reserved or counted
    from rankscore._engine import parts as _sweep_module
    from rankscore.summary import accumulator as summary_module

    y, s, w, cuts = problem
    saved = (summary_module._PARALLEL_FLUSH_ENTRIES, _sweep_module.PARALLEL_SORT_ROWS,
             _sweep_module.usable_cpus)
    # (and the larger class's buffered scores sorted as two halves cut at their median)
    summary_module._PARALLEL_FLUSH_ENTRIES = _sweep_module.PARALLEL_SORT_ROWS = 0
    _sweep_module.usable_cpus = lambda: cpus
    try:
        acc = ScoreAccumulator()
        acc._disjoint = disjoint
        for chunk in _chunks(y, s, w, cuts):
            acc.update(*chunk)
            acc._disjoint = acc._disjoint and disjoint
        summary = acc.summary()
    finally:
        (summary_module._PARALLEL_FLUSH_ENTRIES, _sweep_module.PARALLEL_SORT_ROWS,
         _sweep_module.usable_cpus) = saved
    _assert_same(summary, _one_shot(y, s, w))


@st.composite
def _merge_job(draw, dtype):
    """(summary arrays with room, d, neg, pos): a descending summary of distinct scores
    and ascending class parts on a small grid (ties with it and each other, -0.0, empty
    parts); room of the exact merged length or a few slots more."""
    grid = st.sampled_from([-0.0, 0.0, 0.5, -1.5, 2.0, 3.25, 7.0])
    thr = np.array(sorted(set(draw(st.lists(grid, max_size=6))), reverse=True), dtype=dtype)
    thr[thr == 0] = 0.0
    neg = np.sort(np.array(draw(st.lists(grid, max_size=8)), dtype=dtype))
    pos = np.sort(np.array(draw(st.lists(grid, max_size=8)), dtype=dtype))
    d = len(thr)
    room = _backend.kernels.summary_merge_sorted_size(thr, d, neg, pos) + draw(st.integers(0, 2))
    arrays = [np.full(room, 99.0, dtype=dtype), np.full(room, -1, dtype=np.int64),
              np.full(room, -1, dtype=np.int64)]
    arrays[0][:d] = thr
    arrays[1][:d] = draw(st.lists(st.integers(0, 5), min_size=d, max_size=d))
    arrays[2][:d] = draw(st.lists(st.integers(0, 5), min_size=d, max_size=d))
    return arrays, d, neg, pos


@given(st.sampled_from([np.float64, np.float32]).flatmap(
    lambda dtype: st.tuples(_merge_job(dtype), _merge_job(dtype))))
def test_pair_merge_kernel_equals_two_merges(jobs):
    # the pair kernel's two merges taking turns give the arrays of two separate calls
    k = _backend.kernels
    expected = []
    for arrays, d, neg, pos in jobs:
        copies = [x.copy() for x in arrays]
        size = k.summary_merge_sorted_into(*copies, d, neg, None, pos, None)
        expected.append((size, copies))
    (a, d_a, neg_a, pos_a), (b, d_b, neg_b, pos_b) = jobs
    sizes = k.summary_merge_sorted_pair_into(*a, d_a, neg_a, pos_a, *b, d_b, neg_b, pos_b)
    for size, (want_size, want), got in zip(sizes, expected, (a, b)):
        assert size == want_size
        for x, y in zip(got, want):
            np.testing.assert_array_equal(x[:size], y[:size])
        assert not np.signbit(got[0][:size][got[0][:size] == 0]).any()


def test_accumulator_two_thread_flush_of_zero_weights_only(monkeypatch):
    # a first batch whose weights are all zero buffers nothing: the flush has no median
    from rankscore._engine import parts as _sweep_module
    from rankscore.summary import accumulator as summary_module

    monkeypatch.setattr(summary_module, "_PARALLEL_FLUSH_ENTRIES", 0)
    monkeypatch.setattr(_sweep_module, "PARALLEL_SORT_ROWS", 0)
    acc = ScoreAccumulator().update([0, 1], [0.1, 0.2], sample_weight=[0, 0])
    assert len(acc.summary()) == 0
    acc.update([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[1, 2, 0])
    _assert_same(acc.summary(), ScoreSummary.from_arrays([0, 1], [0.1, 0.2],
                                                         sample_weight=[1.0, 2.0]))


@given(st.lists(chunked_problem(max_n=30), min_size=3, max_size=7))
def test_many_way_merge_equals_pairwise_merges(problems):
    parts = [_one_shot(*p[:3]) for p in problems]
    parts = [ScoreSummary(p.thresholds.astype(np.float64), p.negatives.astype(np.float64),
                          p.positives.astype(np.float64)) for p in parts]
    merged = ScoreSummary.merge_all(parts)
    pairwise = parts[0]
    for p in parts[1:]:
        pairwise = pairwise.merge(p)
    np.testing.assert_array_equal(merged.thresholds, pairwise.thresholds)
    np.testing.assert_allclose(merged.negatives, pairwise.negatives, rtol=1e-15)
    # integer-valued weight sums are exact: the same on both routes
    np.testing.assert_array_equal(merged.positives, pairwise.positives)


def _large_parts(k, layout, ties, dtype, weights, seed, n=70_000):
    """k summaries of about n rows in all (large enough for the vector tournament of CPUs
    with AVX-512F: 9 to 128 runs, 2**16 thresholds and more), with the data they came from.
    ``layout``: even runs; one run with most rows and the others small (many shorter than
    the tournament's 32 samples); or many runs of 1-40 rows and a few large (ranges of
    the runs are empty in most of the three tournaments).
    ``ties``: None (every score distinct) or a grid shared by every run; scores span
    [-1, 1] (zeros, and -0.0 among the float scores)."""
    rng = np.random.default_rng(seed)
    if layout == "even":
        sizes = np.full(k, n // k)
    elif layout == "skewed":
        sizes = rng.integers(1, 60, k)
        sizes[rng.integers(k)] = n
    else:
        sizes = rng.integers(1, 41, k)
        sizes[rng.choice(k, min(k, 3), replace=False)] = n // 3
    total = int(sizes.sum())
    s = rng.uniform(-1, 1, total)
    if ties is not None:
        s = np.round(s * ties) / ties
    s[rng.random(total) < 0.01] = -0.0
    s = s.astype(dtype)
    y = (rng.random(total) < 0.3).astype(np.int64)
    w = None
    if weights == "integer":
        w = rng.integers(0, 4, total).astype(float)
    elif weights == "float":
        w = rng.random(total) * 3
    bounds = np.concatenate(([0], np.cumsum(sizes)))
    parts = [_one_shot(y[a:b], s[a:b], None if w is None else w[a:b])
             for a, b in zip(bounds, bounds[1:])]
    return parts, (y, s, w)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 140), st.sampled_from(["even", "skewed", "tiny runs"]),
       st.sampled_from([None, 40, 3000]), st.sampled_from([np.float64, np.float32]),
       st.sampled_from([None, "integer", "float"]), st.integers(0, 2**32 - 1))
def test_large_many_way_merges_equal_one_shot(k, layout, ties, dtype, weights, seed):
    # large merges of 9 to 128 runs take the vector tournament where the CPU has
    # AVX-512F, cut into three ranges of scores merged side by side; others the loser tree:
    # every route gives the one-shot thresholds and counts, and weight sums added in run
    # order, bit for bit on both backends
    parts, (y, s, w) = _large_parts(k, layout, ties, dtype, weights, seed)
    merged = ScoreSummary.merge_all(parts)
    if weights != "float":  # integer sums: exact in any order
        _assert_same(merged, _one_shot(y, s, w))
        return
    expected = _one_shot(y, s, w)
    np.testing.assert_array_equal(merged.thresholds, expected.thresholds)
    np.testing.assert_allclose(merged.negatives, expected.negatives, rtol=1e-12)
    np.testing.assert_allclose(merged.positives, expected.positives, rtol=1e-12)
    for name in ("cython", "python"):
        try:
            with _backend.using(name):
                other = ScoreSummary.merge_all(parts)
        except ImportError:
            continue
        assert other.to_bytes() == merged.to_bytes()


@pytest.mark.parametrize("weights", [None, "float"])
def test_large_merge_on_two_threads_equals_one_shot(weights):
    # past 2**21 thresholds the merge runs on two threads, each cut again into four
    # tournaments (AVX-512F): ties across every cut, the same summary as one thread
    from rankscore.summary import merging as summary_module

    parts, (y, s, w) = _large_parts(100, "even", 1_000_000, np.float64, weights, 7,
                                    n=2_300_000)
    merged = ScoreSummary.merge_all(parts)
    assert len(merged) > summary_module._PARALLEL_MERGE_THRESHOLDS // 2
    saved = summary_module._PARALLEL_MERGE_THRESHOLDS
    summary_module._PARALLEL_MERGE_THRESHOLDS = 1 << 40
    try:
        one_thread = ScoreSummary.merge_all(parts)
    finally:
        summary_module._PARALLEL_MERGE_THRESHOLDS = saved
    assert merged.to_bytes() == one_thread.to_bytes()
    if weights is None:
        _assert_same(merged, _one_shot(y, s, w))


def test_merging_past_2_62_rows_is_refused():
    a = ScoreSummary([0.5], [2**61], [2**60])
    b = ScoreSummary([0.4], [2**61], [2**60])
    with pytest.raises(ValueError, match="more than 2\\*\\*62 rows"):
        a.merge(b)
    assert a.merge(ScoreSummary([0.4], [1], [0])).n_negatives == 2**61 + 1


@given(chunked_problem(weighted=False))
def test_the_curve_functions_fast_sweep_is_the_summary_s(problem):
    # unweighted sorted parts go straight to the running sums (summary_sweep)
    y, s, _, _ = problem
    sweep = _sweep(y, s)
    summary = _one_shot(y, s, None)
    for got, want in zip(sweep, summary.sweep()):
        np.testing.assert_array_equal(got, want)
        assert got.dtype == want.dtype
    assert not ((sweep.thresholds == 0) & np.signbit(sweep.thresholds)).any()  # no -0.0


@pytest.mark.parametrize("distinct", [10_000, None])
def test_large_summary_built_on_two_threads_equals_one_pass(distinct):
    # past 2**21 rows the summary of the sorted parts is built on two threads, cut at a
    # median score (ties across the cut included): the same arrays as one pass
    from rankscore._engine.parts import class_parts
    from rankscore._engine.sweep import summary_arrays

    n = (1 << 21) + 5
    rng = np.random.default_rng(3)
    y = (rng.random(n) < 0.1).astype(np.int8)
    s = rng.random(n) if distinct is None else rng.integers(0, distinct, n) / distinct
    problem = binary_problem(y, s)
    parts = class_parts(problem, count=False)
    expected = _backend.kernels.summary_from_sorted(parts.neg, None, parts.pos, None)
    for got, want in zip(summary_arrays(problem), expected):
        np.testing.assert_array_equal(got, want)


@settings(max_examples=30)
@given(st.integers(200, 4000), st.sampled_from([5, 50, None]), st.integers(1, 12),
       st.floats(0.05, 0.9), st.integers(0, 2**32 - 1))
def test_report_reads_equal_the_views(n, grid, n_groups, prior, seed):
    # binary_report reads Youden's J, F1, the gain table and the scan in one compiled
    # pass: the same numbers as best_threshold, gain_table and the scan views
    from rankscore.report import summary_report

    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prior).astype(np.int64)
    y[:2] = [0, 1]
    s = rng.random(n) if grid is None else rng.integers(0, grid, n) / grid
    summary = ScoreSummary.from_arrays(y, s)
    youden, f1, table = summary._report_reads(n_groups)
    expected = [rs.best_threshold(y, s, "youden"), rs.best_threshold(y, s, "f_beta")]
    for got, want in zip((youden, f1), expected):
        assert (got.threshold, got.value, got.objective) == (
            want.threshold, want.value, want.objective)
        counts = [(c.tp, c.fp, c.fn, c.tn, c.threshold) for c in (got.confusion,
                                                                  want.confusion)]
        assert counts[0] == counts[1]
        assert all(type(v) is int for v in counts[0][:4])
    want_table = rs.gains.gain_table(y, s, n_groups=n_groups)
    for name, values in table.to_dict().items():
        np.testing.assert_array_equal(values, want_table.to_dict()[name])
    fresh = ScoreSummary.from_arrays(y, s)
    assert summary._scan() == fresh._scan()
    report = summary_report(fresh, n_groups=n_groups)
    assert report["ranking"]["roc_auc"] == rs.roc_auc_score(y, s)
    assert report["ranking"]["pr_auc"] == rs.pr_auc_score(y, s)


@pytest.mark.parametrize("scale", [1, 2**40])
def test_scan_exact_in_int64_and_past_it(scale):
    # pair counts and KS gaps are kept in int64 while P N < 2**61, in 128 bits beyond:
    # both give the exact integers (here checked against Python's own)
    negatives = [3 * scale, 1, 2 * scale, 5]
    positives = [scale, 4 * scale, 0, 2]
    summary = ScoreSummary([0.9, 0.7, 0.4, 0.1], negatives, positives)
    n_neg, n_pos = sum(negatives), sum(positives)
    pairs = sum(p * (2 * sum(negatives[i + 1:]) + negatives[i]) for i, p in enumerate(positives))
    gaps = [abs(n_pos * sum(negatives[i:]) - n_neg * sum(positives[i:])) for i in range(4)]
    assert summary.roc_auc() == pairs / (2 * n_pos * n_neg)
    ks = summary.ks_statistic()
    assert ks.statistic == max(gaps) / (n_pos * n_neg)
    assert ks.threshold == [0.9, 0.7, 0.4, 0.1][max(i for i in range(4) if gaps[i] == max(gaps))]


# ---------------------------------------------------------------------------------------
# binary_report from the two sorted class parts (report_of_parts), without the summary


@st.composite
def class_parts(draw):
    """(y, s): both classes (one may hold a single row), scores on a small grid (ties
    within and across the classes) or continuous, -0.0 beside 0.0, float32 or float64."""
    n_neg, n_pos = draw(st.integers(1, 120)), draw(st.integers(1, 40))
    grid = draw(st.sampled_from([2, 5, 40, None]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    n = n_neg + n_pos
    s = rng.normal(size=n) if grid is None else rng.integers(-grid, grid + 1, n) / grid
    s[rng.random(n) < 0.1] = -0.0
    s[rng.random(n) < 0.1] = 0.0
    y = np.r_[np.zeros(n_neg, np.int64), np.ones(n_pos, np.int64)]
    order = rng.permutation(n)
    return y[order], s[order].astype(draw(st.sampled_from([np.float64, np.float32])))


@settings(max_examples=150)
@given(class_parts(), st.integers(1, 200), st.sampled_from(["between", "on", "above",
                                                            "below"]), st.data())
def test_report_of_classes_equals_summary_report(problem, n_groups, where, data):
    from rankscore.report import _report_of_classes, binary_report, summary_report

    y, s = problem
    if where == "on":  # a threshold equal to a score (ties to "positive")
        threshold = float(s[data.draw(st.integers(0, len(s) - 1))])
    else:
        threshold = {"between": float(np.median(s)) + 1e-7, "above": 9.0, "below": -9.0}[where]
    want = summary_report(ScoreSummary.from_arrays(y, s), threshold=threshold,
                          n_groups=n_groups)
    neg, pos = s[y == 0], s[y == 1]
    kept = neg.copy(), pos.copy()
    assert _report_of_classes(neg, pos, threshold=threshold, n_groups=n_groups) == want
    np.testing.assert_array_equal(neg, kept[0])  # not in place: the inputs are untouched
    np.testing.assert_array_equal(pos, kept[1])
    assert _report_of_classes(neg, pos, threshold=threshold, n_groups=n_groups,
                              in_place=True) == want
    assert binary_report(y, s, threshold=threshold, n_groups=n_groups) == want


@settings(max_examples=60)
@given(class_parts(), st.integers(1, 12), st.sampled_from([1e-12, 1e-3, 0.3, 10.0]),
       st.data())
def test_report_kernels_agree_on_any_split_of_the_negatives(problem, n_groups, rtol, data):
    # report_of_parts reads the negatives as two sorted runs (large inputs sort two halves
    # on two threads): any split gives summary_report_counts's numbers, on both backends;
    # a large rtol overflows the J and F1 records (a second read finds the choice)
    from rankscore.summary.reports import report_cuts

    y, s = problem
    neg, pos = np.sort(s[y == 0]), np.sort(s[y == 1])
    cut = data.draw(st.integers(0, len(neg)))
    shuffled = neg[np.array(data.draw(st.permutations(range(len(neg)))), dtype=np.intp)]
    neg_a, neg_b = np.sort(shuffled[:cut]), np.sort(shuffled[cut:])
    cuts = report_cuts(len(s), n_groups)
    threshold = float(s[0])
    summary = ScoreSummary.from_arrays(y, s)
    arrays = (summary.thresholds, summary.negatives, summary.positives)
    results = []
    for name in ("cython", "python"):
        try:
            kernels = _backend.load(name)
        except ImportError:
            continue
        results.append(kernels.report_of_parts(neg_a, neg_b, pos, cuts, rtol, threshold))
        results.append(kernels.summary_report_counts(*arrays, cuts, rtol, threshold))
    for got in results[1:]:
        for a, b in zip(got, results[0]):
            if isinstance(a, np.ndarray):
                assert a.dtype == b.dtype
                np.testing.assert_array_equal(a, b)
            else:
                assert a == b


@pytest.mark.parametrize("grid", [None, 1000])
def test_binary_report_of_many_rows_equals_the_public_functions(grid):
    # 2**21 rows and more: the negatives are sorted in two halves on two threads and
    # merged as three runs; every number is the public function's
    from rankscore.report import binary_report

    n = (1 << 21) + 11
    rng = np.random.default_rng(5)
    y = (rng.random(n) < 0.1).astype(np.int64)
    s = rng.random(n) if grid is None else rng.integers(0, grid, n) / grid
    report = binary_report(y, s, threshold=0.7, n_groups=10)
    assert report == rs.report.summary_report(ScoreSummary.from_arrays(y, s), threshold=0.7)
    ranking = report["ranking"]
    assert ranking["roc_auc"] == rs.roc_auc_score(y, s)
    ks = rs.ks_statistic(y, s)
    assert (ranking["ks"], ranking["ks_threshold"]) == (ks.statistic, ks.threshold)
    assert ranking["average_precision"] == rs.average_precision_score(y, s)
    assert ranking["pr_auc"] == rs.pr_auc_score(y, s)
    best = rs.best_threshold(y, s, "f_beta")
    assert report["best_thresholds"]["f1"]["threshold"] == best.threshold
    assert report["best_thresholds"]["f1"]["value"] == best.value
    table = rs.gains.gain_table(y, s, n_groups=10)
    assert [g["score_min"] for g in report["gain_table"]] == table.score_min.tolist()
    assert [g["positives"] for g in report["gain_table"]] == table.positives.tolist()
    c = report["confusion"]
    assert (c["tp"], c["fp"]) == (int(((s >= 0.7) & (y == 1)).sum()),
                                  int(((s >= 0.7) & (y == 0)).sum()))


def test_report_of_classes_needs_both_classes():
    from rankscore.report import _report_of_classes

    with pytest.raises(ValueError, match="no positive samples"):
        _report_of_classes(np.array([0.1, 0.2]), np.array([]))
    with pytest.raises(ValueError, match="no negative samples"):
        _report_of_classes(np.array([], dtype=np.float32), np.array([0.5], dtype=np.float32))


@pytest.mark.parametrize("labels", ["bool", "int8", "minus_one", "strings"])
@pytest.mark.parametrize("n", [50, 70_000])
def test_binary_report_of_any_labels_equals_summary_report(labels, n):
    # native {0, 1} labels take the fast path (labels and finiteness checked on the way),
    # others the general validation: the same report either way
    from rankscore.report import binary_report, summary_report

    rng = np.random.default_rng(n)
    y = rng.random(n) < 0.3
    y[:2] = [False, True]
    s = rng.normal(size=n).astype(np.float32)
    y_true, pos_label = {"bool": (y, None), "int8": (y.astype(np.int8), None),
                         "minus_one": (np.where(y, 1, -1), None),
                         "strings": (np.where(y, "spam", "ham"), "spam")}[labels]
    want = summary_report(ScoreSummary.from_arrays(y_true, s, pos_label=pos_label))
    assert binary_report(y_true, s, pos_label=pos_label) == want


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_binary_report_names_a_bad_score_as_the_summary_does(bad):
    from rankscore.report import binary_report

    y = np.array([0, 1] * 50_000)
    s = np.linspace(0, 1, len(y))
    s[777] = bad
    with pytest.raises(ValueError) as want:
        ScoreSummary.from_arrays(y, s)
    with pytest.raises(ValueError) as got:
        binary_report(y, s)
    assert str(got.value) == str(want.value)
    with pytest.raises(ValueError, match="no negative samples"):
        binary_report(np.ones(5, dtype=np.int64), np.arange(5.0))


def test_report_of_classes_in_place_allocates_nothing_of_the_data_size(backend):
    # the streaming reader sorts its one buffer of scores in place and reads the report
    # from it: no array as long as the data (the compiled kernel; the fallback merges)
    import tracemalloc

    from rankscore.report import _report_of_classes, summary_report

    if backend == "python":
        pytest.skip("the fallback concatenates the negatives' runs")
    rng = np.random.default_rng(1)
    scores = rng.random((1 << 21) + 3)
    n_pos = len(scores) // 10
    y = np.r_[np.ones(n_pos, np.int64), np.zeros(len(scores) - n_pos, np.int64)]
    want = summary_report(ScoreSummary.from_arrays(y, scores))
    tracemalloc.start()
    try:
        got = _report_of_classes(scores[n_pos:], scores[:n_pos], in_place=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got == want
    # a copy of either class would be >= 1.6 MiB; the margin below that absorbs what other
    # threads of the test process (a Dask cluster's) allocate while tracemalloc traces
    assert peak < scores.nbytes / 20


@pytest.mark.parametrize("scale", [1, 2**40])
def test_summary_report_exact_in_int64_and_past_it(scale):
    # summary_report_counts keeps pair counts and KS gaps in int64 while P N < 2**61, in
    # 128 bits beyond: the report's numbers are the views' (summary_scan_counts)
    from rankscore.report import summary_report

    summary = ScoreSummary([0.9, 0.7, 0.4, 0.1], [3 * scale, 1, 2 * scale, 5],
                           [scale, 4 * scale, 0, 2])
    fresh = ScoreSummary(summary.thresholds, summary.negatives, summary.positives)
    ranking = summary_report(summary, threshold=0.5, n_groups=3)["ranking"]
    ks = fresh.ks_statistic()
    assert ranking["roc_auc"] == fresh.roc_auc()
    assert (ranking["ks"], ranking["ks_threshold"]) == (ks.statistic, ks.threshold)
    assert ranking["average_precision"] == fresh.average_precision()
    assert ranking["pr_auc"] == fresh.pr_auc()


_TINY, _HUGE = 5e-324, float(np.finfo(np.float64).max)


@st.composite
def extreme_problem(draw):
    """(y, s): scores at the ends of the doubles (+-largest, subnormals, +-0.0) beside
    ordinary ties, as float64, float32 (where they fit) or int64; either class may hold a
    single row, and the classes may be separated either way."""
    n_neg, n_pos = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    pool = draw(st.sampled_from([
        [-_HUGE, _HUGE, -0.0, 0.0, 1.0, -1.0],
        [_TINY, -_TINY, 2 * _TINY, 1e-310, -0.0, 0.0],
        [0.1, 0.2, 0.5, 0.7, 0.9],
        [-3e38, 3e38, 1e-45, -1e-45, -0.0, 0.0, 0.5],  # fit in float32
    ]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    layout = draw(st.sampled_from(["mixed", "positives_above", "negatives_above"]))
    s = rng.choice(pool, n_neg + n_pos)
    if layout != "mixed":  # each class on its side of the pool's median
        s = np.sort(s)
        if layout == "negatives_above":
            s = s[::-1]
    y = np.r_[np.zeros(n_neg, np.int64), np.ones(n_pos, np.int64)]
    dtype = draw(st.sampled_from(["float64", "float32", "int64"]))
    if dtype == "float32" and np.all(np.abs(s) < 3.4e38):
        s = s.astype(np.float32)
    elif dtype == "int64":
        s = rng.integers(-3, 4, len(s))
    order = rng.permutation(len(s))
    return y[order], s[order]


def _brute_auc(y, s):
    """ROC AUC by comparing every positive-negative pair, correctly rounded."""
    pos, neg = s[y == 1].astype(np.float64)[:, None], s[y == 0].astype(np.float64)[None, :]
    pairs = 2 * int(np.count_nonzero(pos > neg)) + int(np.count_nonzero(pos == neg))
    return pairs / (2 * pos.size * neg.size)


@settings(max_examples=200)
@given(extreme_problem(), st.integers(1, 90), st.sampled_from(["on", "above", "below", 0.0,
                                                               -0.0, 0.5]), st.data())
def test_binary_report_of_extreme_scores_equals_the_public_functions(problem, n_groups,
                                                                     where, data):
    # every number of the report (both sort paths: one part of negatives, or two halves)
    # is the public function's, the pair count's and scikit-learn's; the input is untouched
    from rankscore._engine import parts as _sweep_module
    from rankscore.report import _report_of_classes, binary_report, summary_report

    skm = pytest.importorskip("sklearn.metrics")
    y, s = problem
    threshold = where
    if where in ("on", "above", "below"):
        value = float(s[data.draw(st.integers(0, len(s) - 1))])
        with np.errstate(over="ignore"):  # beside the largest double: +-inf (no row passes)
            threshold = {"on": value, "above": float(np.nextafter(value, np.inf)),
                         "below": float(np.nextafter(value, -np.inf))}[where]
    kept = s.copy()
    want = summary_report(ScoreSummary.from_arrays(y, s), threshold=threshold,
                          n_groups=n_groups)
    saved = _sweep_module.PARALLEL_SORT_ROWS
    try:
        for rows in (saved, 0):  # 0: the negatives sorted in two halves, three runs merged
            _sweep_module.PARALLEL_SORT_ROWS = rows
            assert binary_report(y, s, threshold=threshold, n_groups=n_groups) == want
            assert _report_of_classes(s[y == 0], s[y == 1], threshold=threshold,
                                      n_groups=n_groups) == want
    finally:
        _sweep_module.PARALLEL_SORT_ROWS = saved
    assert s.tobytes() == kept.tobytes()
    ranking = want["ranking"]
    assert ranking["roc_auc"] == rs.roc_auc_score(y, s) == _brute_auc(y, s)
    assert ranking["average_precision"] == rs.average_precision_score(y, s)
    with np.errstate(all="ignore"):  # (scikit-learn's finiteness check sums the scores)
        sk_auc, sk_ap = skm.roc_auc_score(y, s), skm.average_precision_score(y, s)
    assert ranking["roc_auc"] == pytest.approx(sk_auc, abs=1e-15)
    assert ranking["average_precision"] == pytest.approx(sk_ap, abs=1e-12)
    ks = rs.ks_statistic(y, s)
    assert (ranking["ks"], ranking["ks_threshold"]) == (ks.statistic, ks.threshold)
    for key, objective in (("youden", "youden"), ("f1", "f_beta")):
        best = rs.best_threshold(y, s, objective)
        got = want["best_thresholds"][key]
        assert (got["threshold"], got["value"]) == (best.threshold, best.value)
    c, scores = want["confusion"], s.astype(np.float64)  # the threshold read as a double
    assert (c["tp"], c["fp"]) == (int(np.count_nonzero((scores >= threshold) & (y == 1))),
                                  int(np.count_nonzero((scores >= threshold) & (y == 0))))
    table = rs.gains.gain_table(y, s, n_groups=n_groups)
    assert [g["score_min"] for g in want["gain_table"]] == table.score_min.tolist()
    assert [g["count"] for g in want["gain_table"]] == table.count.tolist()
    assert [g["positives"] for g in want["gain_table"]] == table.positives.tolist()


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_binary_report_through_the_bucket_sort_equals_summary_report(monkeypatch, dtype):
    # RANKSCORE_SORT=bucket: the class parts come sorted from the buckets (the negatives as
    # one run); extremes, subnormals and signed zeros among 6,000 distinct scores
    from rankscore.report import binary_report, summary_report

    monkeypatch.setenv("RANKSCORE_SORT", "bucket")
    rng = np.random.default_rng(12)
    n = 1 << 17
    pool = np.r_[rng.normal(size=6000), -0.0, 0.0, _TINY, -_TINY, 1e-310, 3e38, -3e38]
    if dtype == np.float64:
        pool = np.r_[pool, _HUGE, -_HUGE]
    s = rng.choice(pool, n).astype(dtype)
    for prevalence in (0.001, 0.3, 0.999):
        y = (rng.random(n) < prevalence).astype(np.int64)
        for threshold, n_groups in ((0.0, 10), (-0.0, 1000), (float(s[7]), 3000)):
            want = summary_report(ScoreSummary.from_arrays(y, s), threshold=threshold,
                                  n_groups=n_groups)
            assert binary_report(y, s, threshold=threshold, n_groups=n_groups) == want
            assert binary_report(y.astype(bool), s, threshold=threshold,
                                 n_groups=n_groups) == want


@settings(max_examples=60)
@given(st.integers(1, 300), st.sampled_from([3, 40, None]), st.integers(1, 8),
       st.integers(0, 2**32 - 1))
def test_two_threads_add_any_weights_in_the_one_thread_order(n, grid, n_chunks, seed):
    # weights whose sums round (not representable): the two-thread flush and merge add
    # each threshold's weights in the one-thread order, so the sums are the same bits
    from rankscore._engine import parts as _sweep_module
    from rankscore.summary import accumulator, merging

    rng = np.random.default_rng(seed)
    s = rng.normal(size=n) if grid is None else rng.integers(-grid, grid + 1, n) / grid
    s[rng.random(n) < 0.1] = -0.0
    y = rng.random(n) < 0.4
    w = rng.random(n) * rng.choice([1e-3, 1.0, 1e3], n)
    w[rng.random(n) < 0.1] = 0.0
    cuts = [0, *np.sort(rng.integers(0, n + 1, n_chunks - 1)).tolist(), n]

    def build():
        acc = ScoreAccumulator()
        for chunk in _chunks(y, s, w, cuts):
            if len(chunk[0]):
                acc.update(*chunk)
        parts = [_one_shot(*chunk) for chunk in _chunks(y, s, w, cuts) if len(chunk[0])]
        return acc.summary(), ScoreSummary.merge_all(parts)

    one_thread = build()
    names = ((accumulator, "_PARALLEL_FLUSH_ENTRIES"), (merging, "_PARALLEL_MERGE_THRESHOLDS"))
    saved = [getattr(*name) for name in names], _sweep_module.PARALLEL_SORT_ROWS
    for module, name in names:
        setattr(module, name, 0)
    _sweep_module.PARALLEL_SORT_ROWS = 0
    try:
        two_threads = build()
    finally:
        for (module, name), value in zip(names, saved[0]):
            setattr(module, name, value)
        _sweep_module.PARALLEL_SORT_ROWS = saved[1]
    for a, b in zip(two_threads, one_thread):
        _assert_same(a, b)
        assert a.negatives.tobytes() == b.negatives.tobytes()
        assert a.positives.tobytes() == b.positives.tobytes()
    one_shot = _one_shot(y, s, w)  # the same thresholds; sums within rounding
    np.testing.assert_array_equal(one_thread[0].thresholds, one_shot.thresholds)
    np.testing.assert_allclose(one_thread[0].negatives, one_shot.negatives, rtol=1e-12)
