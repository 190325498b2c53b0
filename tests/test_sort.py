"""The ordering kernels (split_buckets, sort_runs) on adversarial scores.

Every test runs on both backends (tests/conftest.py); each compares the kernels' arrays
with a NumPy reference bit for bit, so the compiled bucket sort and the fallback's np.sort
agree with each other. Scores are chosen to hit the bucket scheme's worst cases: all equal,
two values, ±0.0, subnormals, ±inf, the largest and smallest doubles, and heavily skewed
distributions (most scores in one bucket).
"""

import os
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankscore as rs
from rankscore import _backend
from rankscore._engine import parts

TINY = np.finfo(np.float64).smallest_subnormal
HUGE = np.finfo(np.float64).max
SPECIAL = [0.0, -0.0, TINY, -TINY, 2.2250738585072014e-308, -2.2250738585072014e-308,
           HUGE, -HUGE, np.inf, -np.inf, 1.0, -1.0, 0.5, 1e-300, -1e300]


@st.composite
def adversarial_scores(draw, max_n=3000):
    n = draw(st.integers(1, max_n))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    kind = draw(st.sampled_from(
        ["equal", "two", "zeros", "special", "subnormal", "skewed", "lognormal", "integers",
         "uniform", "narrow"]))
    if kind == "equal":
        s = np.full(n, draw(st.sampled_from(SPECIAL)))
    elif kind == "two":
        s = rng.choice(draw(st.lists(st.sampled_from(SPECIAL), min_size=2, max_size=2)), n)
    elif kind == "zeros":
        s = rng.choice([0.0, -0.0, 1.0, -1.0], n)
    elif kind == "special":
        s = rng.choice(SPECIAL, n)
    elif kind == "subnormal":
        s = rng.integers(-50, 50, n) * TINY
    elif kind == "skewed":  # almost all in one bucket, a few far away
        s = 0.5 + rng.random(n) * 1e-12
        s[rng.random(n) < 0.01] = rng.choice(SPECIAL, 1)[0]
    elif kind == "lognormal":
        s = rng.lognormal(0, 300, n) * rng.choice([-1, 1], n)
        s[~np.isfinite(s)] = np.inf
    elif kind == "integers":
        s = rng.integers(-(2**53), 2**53, n).astype(np.float64)
    elif kind == "uniform":
        s = rng.random(n)
    else:
        s = 1 + rng.integers(0, 8, n) * np.spacing(1.0)
    dtype = draw(st.sampled_from([np.float64, np.float32]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # float32 overflow to inf is fine here
        return s.astype(dtype)


def _bits(a):
    return a.view(np.uint64 if a.dtype == np.float64 else np.uint32)


def _reference(scores, keep):
    """np.sort of the chosen scores, -0.0 as 0.0, with the stable order's positions."""
    chosen = scores[keep] + scores.dtype.type(0)
    order = np.argsort(chosen, kind="stable")
    return chosen[order], order


@settings(max_examples=150, deadline=None)
@given(adversarial_scores(), st.integers(0, 2**32 - 1), st.booleans())
def test_split_buckets_then_sort_runs_sorts_each_class(scores, seed, weighted):
    k = _backend.kernels
    rng = np.random.default_rng(seed)
    labels = (rng.random(len(scores)) < rng.random()).astype(np.int8)
    weights = rng.choice([0.0, 0.5, 1.0, 2.0], len(scores)) if weighted else None
    before = scores.copy()
    neg, neg_w, neg_edges, pos, pos_w, pos_edges, lo, hi = k.split_buckets(
        labels, np.int8(1), scores, weights)
    assert (lo, hi) == (labels.min(), labels.max())
    for part, part_w, edges, cls in ((neg, neg_w, neg_edges, 0), (pos, pos_w, pos_edges, 1)):
        keep = labels == cls if weights is None else (labels == cls) & (weights != 0)
        assert edges[0] == 0 and edges[-1] == len(part) and np.all(np.diff(edges) >= 0)
        for r in range(len(edges) - 2):  # every run below the next
            left, right = part[edges[r]:edges[r + 1]], part[edges[r + 1]:]
            if len(left) and len(right):
                assert left.max() <= right.min()
        k.sort_runs(part, edges, part_w)
        expected, order = _reference(scores, keep)
        np.testing.assert_array_equal(_bits(part), _bits(expected))
        if weighted:  # equal scores keep their input order: the weights in the same places
            np.testing.assert_array_equal(part_w, weights[keep][order])
        else:
            assert part_w is None
    np.testing.assert_array_equal(_bits(scores), _bits(before))  # input not modified


@settings(max_examples=100, deadline=None)
@given(adversarial_scores(max_n=500), st.integers(1, 40))
def test_sort_runs_sorts_every_run(scores, n_runs):
    edges = np.unique(np.linspace(0, len(scores), n_runs + 1).astype(np.int64))
    work = scores.copy()
    _backend.kernels.sort_runs(work, edges)
    for start, stop in zip(edges[:-1], edges[1:]):
        expected = np.sort(scores[start:stop] + scores.dtype.type(0))
        np.testing.assert_array_equal(_bits(work[start:stop]), _bits(expected))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_long_run_in_one_bucket_is_sorted_in_place(dtype):
    # 2^17 scores within 1e-9 of each other and two outliers: the first pass puts nearly
    # all of them in one bucket, longer than the scratch buffer (the in-place path)
    rng = np.random.default_rng(5)
    s = (0.5 + rng.random(1 << 17) * 1e-7).astype(dtype)
    s[[10, 20]] = [-1e30, 1e30]
    labels = (rng.random(len(s)) < 0.5).astype(np.uint8)
    k = _backend.kernels
    neg, _, neg_edges, pos, _, pos_edges, _, _ = k.split_buckets(labels, np.uint8(1), s)
    k.sort_runs(neg, neg_edges)
    k.sort_runs(pos, pos_edges)
    np.testing.assert_array_equal(neg, np.sort(s[labels == 0]))
    np.testing.assert_array_equal(pos, np.sort(s[labels == 1]))


@pytest.mark.parametrize("nan", [np.nan, -np.nan])
def test_nan_ends_up_at_an_end_and_is_rejected(nan):
    s = np.linspace(-1, 1, 50_000)
    s[1234] = nan
    y = np.arange(len(s)) % 2
    for function in (rs.roc_auc_score, rs.average_precision_score, rs.roc_curve):
        with pytest.raises(ValueError, match="y_score"):
            function(y, s)


def _metrics(y, s, w):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [
            rs.roc_auc_score(y, s, sample_weight=w),
            rs.roc_auc_score(y, s, sample_weight=w, n_threads=2),
            *rs.roc_curve(y, s, sample_weight=w),
            *rs.precision_recall_curve(y, s, sample_weight=w),
            rs.average_precision_score(y, s, sample_weight=w),
            tuple(rs.ks_statistic(y, s, sample_weight=w)),
        ]


def _same(a, b):
    if isinstance(a, tuple):
        return all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(_bits(a + a.dtype.type(0)),
                                                    _bits(b + b.dtype.type(0)))
    return a == b or (a != a and b != b)


@settings(max_examples=60, deadline=None)
@given(adversarial_scores(max_n=400), st.integers(0, 2**32 - 1), st.booleans())
def test_bucket_and_numpy_sorts_give_the_same_metrics(scores, seed, weighted):
    scores = np.where(np.isfinite(scores), scores, 0).astype(scores.dtype)
    rng = np.random.default_rng(seed)
    y = (rng.random(len(scores)) < 0.3).astype(np.int64)
    w = rng.choice([0.0, 1.0, 3.0], len(scores)) if weighted else None
    if w is not None and not w.any():
        w[0] = 1.0
    saved = parts.PARALLEL_SORT_ROWS, os.environ.get("RANKSCORE_SORT")
    parts.PARALLEL_SORT_ROWS = 1  # the two-thread split too
    try:
        results = {}
        for choice in ("bucket", "numpy"):
            os.environ["RANKSCORE_SORT"] = choice
            results[choice] = _metrics(y, scores, w)
    finally:
        parts.PARALLEL_SORT_ROWS = saved[0]
        if saved[1] is None:
            del os.environ["RANKSCORE_SORT"]
        else:
            os.environ["RANKSCORE_SORT"] = saved[1]
    for a, b in zip(results["bucket"], results["numpy"]):
        assert _same(a, b)


def test_metrics_agree_across_backends_on_large_skewed_scores(monkeypatch):
    # 2^17 rows: the sampled bucket plan, the two-thread split and the in-place path
    rng = np.random.default_rng(11)
    n = 1 << 17
    s = np.concatenate([rng.lognormal(0, 40, n // 2), 0.25 + rng.random(n // 2) * 1e-9])
    s[::1000] = -0.0
    y = (rng.random(n) < 0.1).astype(np.int64)
    w = rng.choice([0.5, 1.0, 2.0], n)
    monkeypatch.setenv("RANKSCORE_SORT", "bucket")
    got = _metrics(y, s, None) + _metrics(y, s, w)
    with _backend.using("python"):
        expected = _metrics(y, s, None) + _metrics(y, s, w)
    for a, b in zip(got, expected):
        assert _same(a, b)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8])
def test_integer_scores_match_scikit_learn(dtype, monkeypatch):
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(3)
    s = rng.integers(0, 100, 70_000).astype(dtype)
    y = (rng.random(len(s)) < 0.2).astype(np.int64)
    monkeypatch.setenv("RANKSCORE_SORT", "bucket")
    assert rs.roc_auc_score(y, s) == pytest.approx(sklearn_metrics.roc_auc_score(y, s),
                                                   rel=1e-12)
    assert rs.average_precision_score(y, s) == pytest.approx(
        sklearn_metrics.average_precision_score(y, s), rel=1e-12)


def test_sort_choice_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("RANKSCORE_SORT", "numpy")
    assert parts._bucket_sort_pays(10**7) == _backend.kernels.NUMPY_SORT
    monkeypatch.setenv("RANKSCORE_SORT", "bucket")
    assert parts._bucket_sort_pays(10) is True


def test_sort_runs_touches_only_its_runs(backend):
    # Two threads sort disjoint runs of one array (parts.sort_buckets); a kernel that
    # wrote outside its runs raced with the other thread (fallback: `scores += 0.0` over the
    # whole array undid the other thread's sort, so average_precision_score was wrong on
    # 2**21 + 5 rows about one run in three under load)
    from rankscore import _backend

    scores = np.array([3.0, 1.0, 2.0, -0.0, 9.0, 8.0, 7.0])
    _backend.kernels.sort_runs(scores, np.array([4, 7], dtype=np.int64))
    np.testing.assert_array_equal(scores, [3.0, 1.0, 2.0, -0.0, 7.0, 8.0, 9.0])
    assert np.signbit(scores[3])  # outside every run: not even -0.0 is rewritten


@settings(max_examples=100, deadline=None)
@given(adversarial_scores(), st.integers(0, 2**32 - 1), st.sampled_from([np.int8, np.uint8,
                                                                         np.int64]))
def test_split_scores_into_writes_split_scores_in_place(scores, seed, dtype):
    """Each class lands in its slice of a larger array, bit for bit as split_scores gives
    it, and nothing outside the slices changes (the slots the branch-free loop writes
    twice are its own)."""
    k = _backend.kernels
    rng = np.random.default_rng(seed)
    labels = (rng.random(len(scores)) < rng.random()).astype(dtype)
    neg, pos, _, _ = k.split_scores(labels, dtype(1), scores)
    out = [np.full(len(part) + 6, 7.0, dtype=scores.dtype) for part in (neg, pos)]
    k.split_scores_into(labels, dtype(1), scores, out[0][3:-3], out[1][3:-3])
    for part, got in zip((neg, pos), out):
        np.testing.assert_array_equal(_bits(got[3:-3]), _bits(part))
        assert (got[:3] == 7).all() and (got[-3:] == 7).all()
    with pytest.raises(ValueError, match="split_scores_into needs"):
        k.split_scores_into(labels, dtype(1), scores, out[0][2:-3], out[1][3:-3])


@settings(max_examples=100, deadline=None)
@given(st.lists(adversarial_scores(max_n=300), min_size=1, max_size=4),
       st.integers(0, 2**32 - 1), st.sampled_from([np.int8, np.uint8, np.int64]),
       st.booleans())
def test_split_scores_append_stacks_batches_as_mask_indexing(batches, seed, dtype, weighted):
    """Batch after batch, each batch's negatives follow the front ones and its positives
    (input order) go just before the back ones, weights alongside, zero weights dropped:
    bit for bit the mask-indexed parts (-0.0 kept), nothing else in the buffer written."""
    k = _backend.kernels
    rng = np.random.default_rng(seed)
    dtype_s = batches[0].dtype
    with np.errstate(over="ignore"):  # (a float64 batch past float32's range: +-inf)
        batches = [b.astype(dtype_s) for b in batches]
    room = sum(map(len, batches))
    buffer = np.full(room + 5, 7.0, dtype=dtype_s)
    buffer_w = np.full(room + 5, 7.0) if weighted else None
    front, back, front_w, back_w = [], [], [], []
    n_neg = n_pos = 0
    for scores in batches:
        labels = (rng.random(len(scores)) < rng.random()).astype(dtype)
        w = rng.choice([0.0, 0.5, 2.0], len(scores)) if weighted else None
        keep = np.ones(len(scores), bool) if w is None else w != 0
        is_pos = labels == 1
        added = k.split_scores_append(labels, dtype(1), scores, w, buffer, buffer_w, n_neg,
                                      n_pos)
        assert added == (np.count_nonzero(keep & ~is_pos), np.count_nonzero(keep & is_pos))
        n_neg, n_pos = n_neg + added[0], n_pos + added[1]
        front.append(scores[keep & ~is_pos])
        back.insert(0, scores[keep & is_pos])
        if weighted:
            front_w.append(w[keep & ~is_pos])
            back_w.insert(0, w[keep & is_pos])
    top = len(buffer) - n_pos
    np.testing.assert_array_equal(_bits(buffer[:n_neg]), _bits(np.concatenate(front)))
    np.testing.assert_array_equal(_bits(buffer[top:]), _bits(np.concatenate(back)))
    assert (buffer[n_neg:top] == 7).all()
    if weighted:
        np.testing.assert_array_equal(buffer_w[:n_neg], np.concatenate(front_w))
        np.testing.assert_array_equal(buffer_w[top:], np.concatenate(back_w))
        assert (buffer_w[n_neg:top] == 7).all()
    labels = np.ones(6 + len(buffer) - n_neg - n_pos, dtype=dtype)
    scores = np.zeros(len(labels), dtype=dtype_s)
    w = np.ones(len(labels)) if weighted else None
    with pytest.raises(ValueError, match="split_scores_append needs"):
        k.split_scores_append(labels, dtype(1), scores, w, buffer, buffer_w, n_neg, n_pos)
    with pytest.raises(ValueError, match="split_scores_append needs buffer_weights"):
        k.split_scores_append(labels[:1], dtype(1), scores[:1], None if w is None else w[:1],
                              buffer, None if weighted else np.ones(len(buffer)), 0, 0)


@settings(max_examples=100, deadline=None)
@given(adversarial_scores(), st.integers(0, 2**32 - 1))
def test_merge_sorted_is_the_stable_sort_of_both(scores, seed):
    """Equal scores keep a's first, then b's: the same bits on both backends (±0.0)."""
    cut = np.random.default_rng(seed).integers(0, len(scores) + 1)
    a, b = np.sort(scores[:cut], kind="stable"), np.sort(scores[cut:], kind="stable")
    merged = _backend.kernels.merge_sorted(a, b)
    expected = np.sort(np.concatenate([a, b]), kind="stable")
    assert merged.dtype == scores.dtype
    np.testing.assert_array_equal(_bits(merged), _bits(expected))
