"""Hostile use of the score summary, on both backends: one accumulator shared by many
threads, summaries read from many threads, bytes that are damaged or written by a careless
writer, and summaries at the edges of what they can hold. Each gives the exact summary, a
summary every view reads without error, or a one-line ValueError/TypeError."""

import ctypes
import math
import pathlib
import pickle
import struct
import sys
import threading
import warnings

import numpy as np
import pytest

from rankscore import ScoreAccumulator, ScoreSummary, _backend
from rankscore.report import summary_report

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # (pytest imports in importlib mode)
from summary_fuzz import fuzz, mutations  # noqa: E402


def _assert_same(a, b):
    assert a == b
    assert a.dtype == b.dtype and a.weighted == b.weighted
    np.testing.assert_array_equal(a.thresholds, b.thresholds)
    np.testing.assert_array_equal(a.negatives, b.negatives)
    np.testing.assert_array_equal(a.positives, b.positives)


def _sealed(data):
    """Bytes with their checksum recomputed: what a careless writer could produce."""
    body = bytes(data[:-4])
    return body + _backend.kernels.crc32c(body).to_bytes(4, "little")


# --------------------------------------------------------------------------- threads


def _batches(seed, weighted, n_batches=240):
    """Many small batches and a few large ones (tied scores on a grid, integer weights, so
    every sum is exact in any order)."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n_batches):
        n = int(rng.choice([0, 1, 3, 40, 700])) if i % 40 else 40_000
        y = (rng.random(n) < 0.3).astype(np.int64)
        s = rng.integers(0, 5000, n) / 8  # ties across batches
        if i % 7 == 3:
            s = s.astype(np.float32)
        w = rng.integers(0, 4, n).astype(np.float64) if weighted else None
        out.append((y, s, w))
    return out


@pytest.mark.parametrize("weighted", [False, True])
def test_one_accumulator_updated_and_read_from_many_threads(weighted, monkeypatch):
    """Four threads update one accumulator (batches of 0 to 40,000 rows, float32 and
    float64) while a fifth reads summaries and metrics: no row is lost or counted twice,
    the final summary is the one-shot summary of all the rows, and every summary read on
    the way is a summary of some of them (totals only growing)."""
    monkeypatch.setattr(sys, "getswitchinterval", sys.getswitchinterval)
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads change hands as often as possible
    batches = _batches(1 + weighted, weighted)
    acc = ScoreAccumulator()
    n_threads = 4
    start = threading.Barrier(n_threads + 1)
    done = threading.Event()
    errors, totals = [], []

    def update(k):
        try:
            start.wait()
            for y, s, w in batches[k::n_threads]:
                assert acc.update(y, s, sample_weight=w) is acc
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    def read():
        try:
            start.wait()
            while not done.is_set():
                try:
                    s = acc.summary()
                except ValueError as exc:  # before the first rows
                    assert "no data yet" in str(exc)
                    continue
                totals.append(float(s.n_negatives) + float(s.n_positives))
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # one class only, early on
                    auc = s.roc_auc()
                assert math.isnan(auc) or 0 <= auc <= 1
                assert acc.nbytes > 0 and "batches" in repr(acc)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=update, args=(k,)) for k in range(n_threads)]
    reader = threading.Thread(target=read)
    try:
        for t in [*threads, reader]:
            t.start()
        for t in threads:
            t.join()
        done.set()
        reader.join()
    finally:
        sys.setswitchinterval(switch)
    assert not errors, errors[0]
    y = np.concatenate([b[0] for b in batches])
    s = np.concatenate([b[1].astype(np.float64) for b in batches])
    w = np.concatenate([b[2] for b in batches]) if weighted else None
    expected = ScoreSummary.from_arrays(y, s, sample_weight=w)
    got = acc.summary()
    _assert_same(got, expected)
    assert got.n_positives == expected.n_positives == (
        w[y == 1].sum() if weighted else int(y.sum()))
    assert acc.n_batches == len(batches)
    assert totals == sorted(totals) and totals[-1] <= got.n_negatives + got.n_positives
    assert len(totals) > 3  # the reader did read while the updates ran


def test_a_summary_read_from_many_threads_gives_one_answer():
    """Views computed for the first time on many threads at once (the caches filled by
    whichever thread comes first) equal the views of a fresh copy."""
    rng = np.random.default_rng(3)
    y, s = rng.random(200_000) < 0.2, rng.integers(0, 10**5, 200_000) / 7
    reference = ScoreSummary.from_arrays(y, s)
    expected = (reference.roc_auc(), reference.average_precision(),
                reference.ks_statistic(), reference.gain_table(10).lift.tolist(),
                reference.best_threshold("youden").threshold, reference.n_positives)
    for _ in range(3):
        shared = ScoreSummary.from_bytes(reference.to_bytes())
        results, start = [], threading.Barrier(6)

        def read(shared=shared, results=results, start=start):
            start.wait()
            results.append((shared.roc_auc(), shared.average_precision(),
                            shared.ks_statistic(), shared.gain_table(10).lift.tolist(),
                            shared.best_threshold("youden").threshold, shared.n_positives))

        threads = [threading.Thread(target=read) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert results == [expected] * 6
    with pytest.raises(ValueError, match="read-only"):
        reference.sweep().fps[0] = 1.0  # a cached array cannot be changed under others


def test_zero_row_batches_change_nothing():
    acc = ScoreAccumulator()
    acc.update([], [])
    with pytest.raises(ValueError, match=r"no data yet.*every batch so far had 0 rows"):
        acc.summary()
    acc.update(np.array([1, 0]), np.array([0.5, 0.25], dtype=np.float32))
    for empty in ([], np.empty(0), np.empty(0, dtype=np.float64)):
        acc.update(empty, empty, sample_weight=None)
    acc.update(np.empty(0, dtype=int), np.empty(0), sample_weight=np.empty(0))
    s = acc.summary()
    assert s.dtype == np.float32 and not s.weighted  # a 0-row batch promotes nothing
    _assert_same(s, ScoreSummary.from_arrays([1, 0], np.array([0.5, 0.25], np.float32)))
    assert acc.n_batches == 6
    with pytest.raises(ValueError, match="y_true has 0, y_score has 2"):
        acc.update([], [0.1, 0.2])
    with pytest.raises(ValueError, match="y_score is empty"):
        acc.update([0, 1], [])
    with pytest.raises(ValueError, match="sample_weight has 1 entries, expected 0"):
        acc.update([], [], sample_weight=[1.0])
    with pytest.raises(TypeError, match="y_score"):
        acc.update([], "text")
    with pytest.raises(ValueError, match="y_score"):
        acc.update([], np.empty((0, 2)))
    assert acc.n_batches == 6


def test_accumulator_weights_beyond_float64_are_refused():
    acc = ScoreAccumulator().update([0, 1], [0.1, 0.2], sample_weight=[1e307, 1e307])
    with pytest.raises(ValueError, match="more than 2..1022"):
        acc.update([0, 1], [0.1, 0.3], sample_weight=[1e307, 2e307])
    s = acc.summary()  # the refused batch left nothing behind
    assert s.n_negatives == 1e307 and len(s) == 2
    big = ScoreSummary.from_arrays([0, 1], [0.1, 0.2], sample_weight=[1e307, 3e307])
    with pytest.raises(ValueError, match="weights add up to more than 2..1022"):
        big.merge(big)


def test_accumulator_pickles_through_the_checked_bytes():
    acc = ScoreAccumulator(pos_label="spam")
    assert pickle.loads(pickle.dumps(acc)).n_batches == 0
    acc.update(["ham", "spam", "spam"], [0.1, 0.7, 0.2]).update(["ham"], [0.7])
    back = pickle.loads(pickle.dumps(acc))
    _assert_same(back.summary(), acc.summary())
    assert back.n_batches == 2 and back.pos_label == "spam"
    back.update(["spam"], [0.9])
    acc.update(["spam"], [0.9])
    _assert_same(back.summary(), acc.summary())
    _, (label, n, data) = acc.__reduce__()
    with pytest.raises(ValueError, match="checksum"):
        type(acc).__reduce__(acc)[0](label, n, data[:-1] + bytes([data[-1] ^ 1]))
    other = ScoreSummary.from_arrays([0, 1], [0.1, 0.2]).to_bytes()
    with pytest.raises(ValueError, match="pos_label 1 is not the accumulator's 'spam'"):
        type(acc).__reduce__(acc)[0](label, n, other)


# --------------------------------------------------------------------- crafted arrays

_SIGNALLING_NAN = np.frombuffer(struct.pack("<Q", 0x7FF0000000000001), "<f8")[0]


def _every_view(s):
    """Every view of a summary: each returns numbers in range, or a ValueError (the
    message of the public function); nothing else may escape."""
    out = {}
    calls = {
        "repr": lambda: repr(s), "auc": s.roc_auc, "partial": lambda: s.roc_auc(max_fpr=0.3),
        "gini": s.gini, "ap": s.average_precision, "pr_auc": s.pr_auc, "ks": s.ks_statistic,
        "ks_curve": s.ks_curve, "roc": s.roc_curve, "pr": s.precision_recall_curve,
        "det": s.det_curve, "gain3": lambda: s.gain_table(3), "gain": s.gain_table,
        "gain5000": lambda: s.gain_table(5000), "cumulative": s.cumulative_gain_curve,
        "lift": s.lift_curve, "lift_at": s.lift_at, "confusion": lambda: s.confusion(0.5),
        "youden": lambda: s.best_threshold("youden"), "f1": lambda: s.best_threshold("f_beta"),
        "at_precision": lambda: s.best_threshold("recall_at_precision", min_precision=0.5),
        "prevalence": s.prevalence, "report": lambda: summary_report(s),
        "compress": lambda: s.compress(1), "bytes": lambda: ScoreSummary.from_bytes(s.to_bytes()),
        "pickle": lambda: pickle.loads(pickle.dumps(s)), "merge": lambda: s.merge(s),
        "bound": lambda: s.auc_error_bound, "sweep": s.sweep,
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # one class: NaN with a warning, as the functions
        for name, call in calls.items():
            try:
                out[name] = call()
            except ValueError as exc:
                assert "\n" not in str(exc)
                out[name] = exc
    for name in ("auc", "partial", "ap", "pr_auc", "prevalence", "bound", "lift_at"):
        value = out[name]
        if not isinstance(value, ValueError):
            assert math.isnan(value) or 0 <= value <= (1 if name != "lift_at" else 10.0), name
    if not isinstance(out["ks"], ValueError):
        assert math.isnan(out["ks"].statistic) or 0 <= out["ks"].statistic <= 1
    for name in ("bytes", "pickle"):
        _assert_same(out[name], s)
    return out


EDGE_SUMMARIES = {
    "2**62 rows": ([0.9, 0.1], [0, 2**61], [2**61, 0]),
    "2**62 rows, one threshold": ([0.5], [2**62 - 1], [1]),
    "near 2**62 everywhere": ([0.9, 0.5, 0.1], [1, 2**60 - 5, 2**60], [2**60, 3, 2**59]),
    "weights near float64's largest": ([0.9, 0.5, 0.1], [0.0, 8e307, 1.0], [8e307, 1e300, 0.0]),
    "subnormal weights": ([0.9, 0.5, 0.1], [0.0, 5e-324, 1e-323], [1.5e-323, 5e-324, 0.0]),
    "weights 600 orders apart": ([0.9, 0.5, 0.1], [1e-300, 1e300, 1.0], [1e300, 1e-300, 1e-320]),
    "huge weights, one class": ([0.9, 0.5], [1e300, 1e300], [0.0, 0.0]),
    "one subnormal weight each": ([0.9], [5e-324], [5e-324]),
    "float32 extremes": (np.array([3.4e38, 1e-45, -3.4e38], np.float32), [1, 2, 3], [3, 2, 1]),
}


@pytest.mark.parametrize("name", sorted(EDGE_SUMMARIES))
def test_summaries_at_the_edges_work_everywhere(name):
    thresholds, negatives, positives = EDGE_SUMMARIES[name]
    counts = np.float64 if isinstance(negatives[0], float) else np.int64
    s = ScoreSummary(thresholds, np.array(negatives, counts), np.array(positives, counts))
    out = _every_view(s)
    assert not isinstance(out["auc"], ValueError)
    if name == "2**62 rows":
        assert out["auc"] == out["ap"] == out["ks"].statistic == 1.0
        assert out["report"]["counts"]["n"] == 2**62
    if name == "2**62 rows, one threshold":
        assert out["youden"].confusion.fp == 2**62 - 1  # exact past 2**53
        assert out["report"]["counts"]["negatives"] == 2**62 - 1


def test_the_same_counts_as_subnormal_weights_give_the_same_metrics():
    """A summary's int64 counts read as float64 bits (the weighted flag flipped by a
    writer) are the counts times 2**-1074, exactly: every scale-free metric is unchanged."""
    counted = ScoreSummary.from_arrays([0, 1, 0, 0, 1, 1, 1], [0.1, 0.2, 0.2, 0.4, 0.5, 0.6, 0.6])
    data = bytearray(counted.to_bytes())
    data[5] |= 1
    weighted = ScoreSummary.from_bytes(_sealed(data))
    assert weighted.weighted and weighted.n_positives == 4 * 2.0**-1074
    for view in ("roc_auc", "average_precision", "pr_auc", "prevalence"):
        assert getattr(weighted, view)() == pytest.approx(getattr(counted, view)(), rel=1e-12)
    assert weighted.ks_statistic().statistic == pytest.approx(counted.ks_statistic().statistic)
    _every_view(weighted)


@pytest.mark.parametrize("negatives, positives, message", [
    ([0, 2**63 - 1, 6], [2**63 - 1, 0, 1], "more than 2..62 rows"),  # wraps in int64 to 5
    ([2**62, 0, 0], [0, 1, 1], "more than 2..62 rows"),
    ([2**61, 2**61, 0], [0, 0, 1], "more than 2..62 rows"),
    ([-(2**63), 1, 1], [2**63 - 1, 1, 1], "negatives must be finite and non-negative"),
    ([1.0, 1e308, 1e308], [0.0, 0.0, 1.0], "beyond float64's range"),
    ([1.0, np.nan, 1.0], [0.0, 0.0, 1.0], r"negatives\[1\] is nan"),
    ([1.0, 1.0, 1.0], [0.0, -0.0, -1e-300], r"positives\[2\] is -1e-300"),
    ([1.0, 0.0, 1.0], [0.0, -0.0, 1.0], r"thresholds\[1\] holds none"),
    ([1.0, _SIGNALLING_NAN, 1.0], [0.0, 1.0, 1.0], r"negatives\[1\] is nan"),
])
def test_constructor_refuses_inconsistent_counts(negatives, positives, message):
    counts = np.float64 if isinstance(negatives[0], float) else np.int64
    with pytest.raises(ValueError, match=message):
        ScoreSummary([0.9, 0.5, 0.1], np.array(negatives, counts), np.array(positives, counts))


def test_a_signalling_nan_is_refused_without_a_warning():
    t = np.array([0.9, 0.5, 0.1])
    t[1] = _SIGNALLING_NAN
    with pytest.raises(ValueError, match=r"thresholds\[1\] is nan"):
        ScoreSummary(t, [1, 1, 1], [0, 0, 0])  # (RuntimeWarnings are errors in the suite)


def test_constructor_takes_any_byte_order_and_stores_minus_zero_as_zero():
    big = ScoreSummary(np.array([0.5, -0.0], ">f8"), np.array([1, 0], ">i8"),
                       np.array([0, 2], ">i8"))
    assert big.thresholds.dtype.isnative and big.thresholds.tolist() == [0.5, 0.0]
    assert not np.signbit(big.thresholds[1])
    _assert_same(big, ScoreSummary([0.5, 0.0], [1, 0], [0, 2]))


def test_a_compression_share_that_is_not_known_is_the_worst_case():
    s = ScoreSummary.from_arrays([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4])
    for pairs, bound in ((float("nan"), 0.5), (float("inf"), 0.5), (-3.0, 0.0), (1.0, 0.125)):
        t = ScoreSummary.from_bytes(s.to_bytes())
        t.loose_pairs = pairs
        assert t.auc_error_bound == pytest.approx(bound, rel=1e-6)
        assert ScoreSummary.from_bytes(t.to_bytes()) == t
    heavy = ScoreSummary.from_arrays([0, 1] * 50, np.arange(100.0), sample_weight=[1e300] * 100)
    small = heavy.compress(3)  # pairs beyond float64: the bound is kept as a share
    assert 0 < small.auc_error_bound <= 0.5 and math.isfinite(small.auc_error_bound)
    assert abs(small.roc_auc() - heavy.roc_auc()) <= small.auc_error_bound
    _assert_same(ScoreSummary.from_bytes(small.to_bytes()), small)


# ------------------------------------------------------------------------ crafted bytes


def _v2(flags=0, kind=0, zero=0, label=b"1", d=None, loose=0.0, arrays=None, pad=b""):
    """Version 2 bytes put together field by field (checksum included)."""
    thresholds, negatives, positives = arrays or (np.array([0.5, 0.25]), np.array([1, 0]),
                                                  np.array([0, 1]))
    d = len(thresholds) if d is None else d
    head = struct.pack("<4sBBBBIQd", b"RSSM", 2, flags, kind, zero, len(label), d, loose)
    return _backend.kernels.bytes_with_crc32c((head + label, thresholds, negatives,
                                               positives))[:-4] + pad


def _sealed_v2(**fields):
    return _sealed(_v2(**fields) + b"\0\0\0\0")


@pytest.mark.parametrize("fields, message", [
    ({"flags": 8}, "unknown flags"),
    ({"kind": 5}, "unknown flags or label kind"),
    ({"zero": 1}, "unknown flags or label kind"),
    ({"d": 2**63}, "its header says"),
    ({"d": 1}, "its header says"),
    ({"label": b" 1"}, "unreadable pos_label"),
    ({"label": b"01"}, "unreadable pos_label"),
    ({"kind": 2, "label": b"Tru"}, "unreadable pos_label"),
    ({"kind": 2, "label": b"1"}, "unreadable pos_label"),
    ({"kind": 1, "label": b"1234567"}, "unreadable pos_label"),
    ({"kind": 3, "label": b"\xff"}, "unreadable pos_label"),
    ({"label": b"1" * 5000}, "unreadable pos_label"),
    ({"flags": 4, "loose": -0.0}, "compression share"),
    ({"loose": 0.25}, "compression share"),
    ({"flags": 4, "loose": 1.5}, "compression share"),
    ({"flags": 4, "loose": float("nan")}, "compression share"),
    ({"loose": -0.0}, "compression share"),
    ({"flags": 4, "loose": 0.5, "arrays": (np.array([0.5]), np.array([1]), np.array([0]))},
     "holds both classes"),
    ({"arrays": (np.array([0.5, -0.0]), np.array([1, 0]), np.array([0, 1]))}, "-0.0"),
    ({"arrays": (np.array([0.5, 0.5]), np.array([1, 0]), np.array([0, 1]))},
     "strictly decreasing"),
    ({"arrays": (np.array([np.inf, 0.5]), np.array([1, 0]), np.array([0, 1]))},
     "strictly decreasing"),
    ({"arrays": (np.array([0.5, 0.2]), np.array([2**62, 0]), np.array([0, 1]))},
     "more than 2..62"),
    ({"flags": 1, "arrays": (np.array([0.5, 0.2]), np.array([1e308, 0.0]),
                             np.array([0.0, 1e308]))}, "beyond float64's range"),
    ({"flags": 1, "arrays": (np.array([0.5, 0.2]), np.array([np.inf, 0.0]),
                             np.array([0.0, 1.0]))}, r"negatives\[0\] is inf"),
])
def test_from_bytes_refuses_what_to_bytes_never_writes(fields, message):
    data = _sealed_v2(**fields)
    with pytest.raises(ValueError, match=message):
        ScoreSummary.from_bytes(data)
    with pytest.raises(ValueError, match=message):
        pickle.loads(pickle.dumps(_Pickled(data)))  # a summary's pickle holding these bytes


class _Pickled:
    """Pickles as a ScoreSummary holding ``data`` does (its __reduce__)."""

    def __init__(self, data):
        self.data = data

    def __reduce__(self):
        return (ScoreSummary.from_bytes, (self.data,))


def test_from_bytes_refuses_nonzero_padding_and_reads_a_sealed_summary():
    good = _sealed_v2()
    _assert_same(ScoreSummary.from_bytes(good), ScoreSummary([0.5, 0.25], [1, 0], [0, 1]))
    bad = bytearray(good)
    bad[31] = 1  # the padding after the 1-byte label
    with pytest.raises(ValueError, match="padding"):
        ScoreSummary.from_bytes(_sealed(bad))
    f32 = ScoreSummary(np.array([0.5, 0.25, 0.125], np.float32), [1, 0, 1], [0, 1, 1])
    bad = bytearray(f32.to_bytes())
    bad[32 + 12] = 7  # the padding after three float32 thresholds
    with pytest.raises(ValueError, match="padding"):
        ScoreSummary.from_bytes(_sealed(bad))


def test_from_bytes_copies_buffers_that_can_change_and_views_bytes():
    s = ScoreSummary.from_arrays([0, 1, 1], [0.1, 0.2, 0.3])
    buffer = bytearray(s.to_bytes())
    back = ScoreSummary.from_bytes(buffer)
    buffer[32:40] = np.float64(7.0).tobytes()
    _assert_same(back, s)
    from_memoryview = ScoreSummary.from_bytes(memoryview(s.to_bytes()))
    _assert_same(from_memoryview, s)
    viewed = ScoreSummary.from_bytes(s.to_bytes())
    assert not viewed.thresholds.flags.writeable and not viewed.thresholds.flags.owndata


def test_every_single_bit_flip_is_refused():
    """79 % of single-bit flips were accepted as another summary by version 1."""
    for data in (ScoreSummary.from_arrays([0, 1, 1, 0], [0.1, 0.4, 0.35, 0.8]).to_bytes(),
                 ScoreSummary.from_arrays(["a", "b"], np.array([0.5, 0.25], np.float32),
                                          pos_label="b", sample_weight=[0.5, 2]
                                          ).compress(1).to_bytes()):
        for bit in range(8 * len(data)):
            flipped = bytearray(data)
            flipped[bit // 8] ^= 1 << (bit % 8)
            with pytest.raises(ValueError):
                ScoreSummary.from_bytes(bytes(flipped))


# ----------------------------------------------------------------------- checksum


def test_crc32c_of_known_values_and_of_any_split():
    assert _backend.kernels.crc32c(b"123456789") == 0xE3069283  # the check value
    assert _backend.kernels.crc32c(b"") == 0
    assert _backend.kernels.crc32c(bytes(32)) == 0x8A9136AA  # RFC 3720 B.4: 32 zeros
    assert _backend.kernels.crc32c(bytes(range(32))) == 0x46DD794E  # incrementing
    rng = np.random.default_rng(0)
    for n in (1, 7, 8, 9, 64, 1000, 24_575, 24_577, 70_001):
        data = rng.integers(0, 256, n, dtype=np.uint8).tobytes()
        whole = _backend.kernels.crc32c(data)
        for cut in (0, 1, n // 3, n - 1):
            assert _backend.kernels.crc32c(data[cut:], _backend.kernels.crc32c(data[:cut])) == whole
        for level in range(3):
            assert _backend.kernels.crc32c(data, 0, level) == whole


def test_compiled_kernels_read_a_buffer_that_leaves_out_its_strides():
    """A ctypes array exports a C-contiguous buffer without strides: read as one."""
    try:
        compiled = _backend.load("cython")
    except ImportError:
        pytest.skip("the compiled kernels are not built")
    data = (ctypes.c_char * 9).from_buffer_copy(b"123456789")
    assert compiled.crc32c(data) == 0xE3069283
    labels, scores = (ctypes.c_uint8 * 3)(0, 1, 1), (ctypes.c_double * 3)(0.5, 0.25, 0.75)
    neg, pos, _, _ = compiled.split_scores(labels, np.uint8(1), scores)
    assert neg.tolist() == [0.5] and pos.tolist() == [0.25, 0.75]


@pytest.mark.parametrize("n", [0, 5, 8, 1 << 20, 3 * 8192 * 20 + 13])
def test_both_backends_and_both_compiled_paths_give_the_same_checksum(n):
    data = np.random.default_rng(n).integers(0, 256, n, dtype=np.uint8).tobytes()
    python = _backend.load("python")
    expected = python.crc32c(data)
    try:
        compiled = _backend.load("cython")
    except ImportError:
        pytest.skip("the compiled kernels are not built")
    # every way this CPU has (tables, crc32 instruction streams, 512-bit folding)
    assert {compiled.crc32c(data, 0, level) for level in range(3)} == {expected}
    parts = (data[:n // 3], np.frombuffer(data[n // 3:], np.uint8))
    written = python.bytes_with_crc32c(parts)
    assert compiled.bytes_with_crc32c(parts) == compiled.bytes_with_crc32c(parts, 2) == written


def test_large_bytes_are_the_same_written_on_two_threads():
    """Outputs of 8 MiB or more are written on two threads, one half each, and their
    checksums joined: the same bytes as one thread writes."""
    rng = np.random.default_rng(5)
    parts = (b"head", rng.random(900_001), b"", rng.integers(0, 9, 500_003).astype(np.int32),
             rng.random(3))
    one = _backend.kernels.bytes_with_crc32c(parts, 1)
    assert _backend.kernels.bytes_with_crc32c(parts, 2) == one
    assert len(one) > 1 << 23
    assert _backend.load("python").crc32c(one[:-4]) == int.from_bytes(one[-4:], "little")


@pytest.mark.parametrize("d", [1, 2, 2048, 2049, 6000])
@pytest.mark.parametrize("score, count", [(np.float64, np.int64), (np.float32, np.int64),
                                          (np.float64, np.float64), (np.float32, np.float64)])
def test_summary_check_finds_the_first_problem_in_any_block(d, score, count):
    """summary_check reads blocks of 2048 entries at once and a block with a problem again
    one entry at a time: every kind of problem, anywhere, is found at its first entry,
    with the totals of a fine summary, on both backends alike."""
    rng = np.random.default_rng(d)
    thresholds = np.sort(rng.choice(10**6, d, replace=False))[::-1].astype(score) / 7
    negatives = rng.integers(0, 3, d).astype(count)
    positives = np.where(negatives == 0, 1, rng.integers(0, 2, d)).astype(count)
    python = _backend.load("python")
    expected = (0, -1, negatives.sum() if count is np.float64 else int(negatives.sum()),
                positives.sum() if count is np.float64 else int(positives.sum()))
    assert python.summary_check(thresholds, negatives, positives, 2**62)[:2] == (0, -1)
    assert _backend.kernels.summary_check(thresholds, negatives, positives, 2**62) == (
        python.summary_check(thresholds, negatives, positives, 2**62))
    assert _backend.kernels.summary_check(thresholds, negatives, positives, 2**62)[2] == (
        pytest.approx(expected[2]))
    big = 2**62 + 1 if count is np.int64 else 1e308
    for at in sorted({0, d // 2, d - 1}):
        for kind, change in ((1, ("t", np.inf)), (1, ("t", np.nan)), (2, ("t", None)),
                             (3, ("t", -0.0)), (4, ("n", -1)), (5, ("p", -1)),
                             (6, ("both", 0)), (7, ("n", big))):
            t, n, p = thresholds.copy(), negatives.copy(), positives.copy()
            what, value = change
            if what == "t":
                if value is None:  # equal to the one before (or above it at 0: fine)
                    if at == 0:
                        continue
                    value = t[at - 1]
                t[at] = value
            elif what == "n":
                n[at] = value
                if kind == 7 and count is np.float64:
                    p[at] = value  # 2e308 in all: beyond float64
            elif what == "p":
                p[at] = value
            else:
                n[at] = p[at] = 0
            if kind == 3 and (at and t[at - 1] <= 0 or at + 1 < d and t[at + 1] >= 0):
                kind = 2  # -0.0 out of order too: the order is reported first
            got = _backend.kernels.summary_check(t, n, p, 2**62)
            assert got == python.summary_check(t, n, p, 2**62), (kind, at)
            assert got[0] == kind, (kind, at, got)
            if kind != 7 or count is np.int64:
                assert got[1] == at or kind == 2 and got[1] == at + 1
            else:
                assert got[1] == d - 1


# -------------------------------------------------------------------------- fuzzing


@pytest.mark.parametrize("seed", [0, 1])
def test_fuzzed_bytes_give_the_summary_or_a_clear_error(seed):
    """A few thousand mutated byte strings of real summaries (see summary_fuzz.py, which
    runs 10**5 and more from the command line)."""
    report = fuzz(1500, seed)
    assert report["cases"] == 1500
    assert report["accepted damaged"] == report["failures"] == 0
    assert report["refused"] > 500 and report["sealed other"] > 50  # both paths ran
    assert set(report["outcomes"]) <= {"original", "refused", "sealed other", "sealed refused"}


def test_the_fuzzer_mutates_every_field():
    kinds = {kind for kind, _ in mutations(ScoreSummary.from_arrays([0, 1], [0.1, 0.2]),
                                           np.random.default_rng(0), 400)}
    assert kinds >= {"bit flip", "truncation", "extension", "length field", "totals",
                     "weighted flag", "version", "label", "compression", "version 1"}


@pytest.mark.parametrize("name, arrays", [
    ("summary_scan_counts", (np.array([1, 2], np.int64), np.array([1], np.int64))),
    ("summary_scan_weights", (np.array([1.0], np.float64), np.array([1.0, 2.0], np.float64))),
    ("summary_running", (np.array([1, 2, 3], np.int64), np.array([1, 2], np.int64))),
    ("objective_scan_counts", (np.array([1, 2], np.int64), np.array([1], np.int64))),
])
def test_summary_kernels_refuse_arrays_of_two_lengths(name, arrays):
    # the loops read the two arrays together: one shorter than the other is refused, not
    # read past its end
    k = _backend.kernels
    extra = {"objective_scan_counts": (2, 0.0, 0.0, 1.0, 3.0, float("nan"))}.get(name, ())
    with pytest.raises(ValueError, match="must have one length, got"):
        getattr(k, name)(*arrays, *extra)


def test_summary_report_and_objective_refuse_arrays_of_two_lengths():
    k = _backend.kernels
    with pytest.raises(ValueError, match="must have one length, got 2 and 1"):
        k.summary_report_counts(np.array([0.9, 0.1]), np.array([1], np.int64),
                                np.array([1], np.int64), np.array([1], np.int64), 0.0, 0.5)
    with pytest.raises(ValueError, match="must have one length, got 2 and 3"):
        k.objective_scan(np.array([0.0, 1.0]), np.array([1.0, 1.0, 2.0]), 2, 0.0, 0.0, 0.0,
                         0.0, 2.0, 1.0, float("nan"))


def _in_place_summary(d=2, room=4):
    thr = np.zeros(room)
    thr[:d] = np.arange(d, 0, -1, dtype=np.float64)
    return thr, np.ones(room, np.int64), np.ones(room, np.int64)


@pytest.mark.parametrize("case, message", [
    ("d past the end", r"d must be in \[0, 4\], got 5"),
    ("d negative", r"d must be in \[0, 4\], got -1"),
    ("short counts", "must have one length, got 4 and 3"),
    ("short weights", "the weights must have their scores' length, got 1 and 2"),
])
def test_summary_merge_in_place_refuses_what_it_would_read_past(case, message):
    # the accumulator's in-place merges write into arrays whose lengths, summary length d
    # and weights the loops trust: each mismatch is a ValueError before anything is written
    k = _backend.kernels
    thr, negatives, positives = _in_place_summary()
    d, neg, neg_w, pos, pos_w = 2, np.array([0.5, 3.0]), None, np.array([0.25]), None
    if case == "d past the end":
        d = 5
    elif case == "d negative":
        d = -1
    elif case == "short counts":
        positives = positives[:3]
    else:
        neg_w, pos_w = np.ones(1), np.ones(1)
        negatives, positives = negatives.astype(np.float64), positives.astype(np.float64)
    before = thr.copy(), negatives.copy(), positives.copy()
    with pytest.raises(ValueError, match=message):
        k.summary_merge_sorted_into(thr, negatives, positives, d, neg, neg_w, pos, pos_w)
    for after, was in zip((thr, negatives, positives), before):
        np.testing.assert_array_equal(after, was)
    if case.startswith("d"):
        with pytest.raises(ValueError, match=message):
            k.summary_merge_sorted_size(thr, d, neg, pos)
        a, b = _in_place_summary(), _in_place_summary()
        with pytest.raises(ValueError, match=message):
            k.summary_merge_sorted_pair_into(*a, 2, neg, pos, *b, d, neg, pos)
        np.testing.assert_array_equal(a[0], _in_place_summary()[0])  # a not merged either


def test_summary_from_sorted_refuses_mismatched_parts():
    k = _backend.kernels
    with pytest.raises(ValueError, match="weights must have their scores' length, got 3 and 2"):
        k.summary_from_sorted(np.array([0.1, 0.2]), np.ones(3), np.array([0.5]), np.ones(1))
    out = np.zeros(4), np.zeros(4, np.int64), np.zeros(4, np.int64)
    with pytest.raises(ValueError, match=r"at must be in \[0, 4\], got 5"):
        k.summary_from_sorted_into(*out, 5, np.array([0.1]), np.array([0.2]))
    with pytest.raises(ValueError, match="must have one length, got 4 and 2"):
        k.summary_from_sorted_into(out[0], out[1][:2], out[2], 0, np.array([0.1]),
                                   np.array([0.2]))
