"""rankscore.dask on a real cluster: two worker processes, every result equal to memory's.

One ``distributed.LocalCluster`` serves the whole session. Worker processes run the kernels
the autouse ``backend`` fixture picked (rankscore.dask passes the name into each task).
"""

import logging
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import warnings

import numpy as np
import pytest

import rankscore as rs
from rankscore import report

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")

import rankscore.dask as rd  # noqa: E402


# The killed-worker test must fail, never hang: every wait in it has a deadline.
_KILL_TIMEOUT = 120.0  # seconds


@pytest.fixture(scope="session")
def client():
    # A cluster closes a worker's nanny for good when the worker it restarts has not joined
    # within distributed.deploy.lost-worker-timeout (15 s); on a loaded machine (the full
    # suite beside other jobs) starting a worker process takes longer, and the cluster
    # would stay at one worker. Give a killed worker's restart as long as the test waits.
    with dask.config.set({"distributed.deploy.lost-worker-timeout": f"{_KILL_TIMEOUT}s"}), \
            distributed.LocalCluster(
                n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None,
                silence_logs=logging.ERROR,
            ) as cluster, distributed.Client(cluster) as client:
        yield client


def _data(n=3000, seed=0, weighted=False, ties=True):
    rng = np.random.default_rng(seed)
    score = rng.random(n)
    if ties:
        score = np.round(score, 2)  # ~100 distinct scores: ties inside and across partitions
    y = (rng.random(n) < score).astype(np.int64)
    # dyadic weights: every sum is exact, so merging in any order gives the same bits
    weight = rng.integers(1, 64, n) / 16 if weighted else None
    return y, score, weight


def _summary(y, s, w=None, pos_label=None):
    return rs.ScoreSummary.from_arrays(y, s, sample_weight=w, pos_label=pos_label)


def _lazy(x, chunks):
    return None if x is None else da.from_array(x, chunks=chunks)


def test_import_rankscore_does_not_import_dask():
    code = "import sys, rankscore; print(any(m.split('.')[0] in ('dask', 'distributed')" \
           " for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ})
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("weighted", [False, True])
def test_every_function_equals_memory(client, weighted):
    y, s, w = _data(n=1200, weighted=weighted)
    dy, ds, dw = _lazy(y, 150), _lazy(s, 150), _lazy(w, 150)  # 8 partitions; more below
    kw, dkw = {"sample_weight": w}, {"sample_weight": dw}
    assert rd.roc_auc_score(dy, ds, **dkw) == rs.roc_auc_score(y, s, **kw)
    assert rd.roc_auc_score(dy, ds, max_fpr=0.3, **dkw) == rs.roc_auc_score(y, s, max_fpr=0.3,
                                                                             **kw)
    for ours, theirs in [
        (rd.roc_curve(dy, ds, **dkw), rs.roc_curve(y, s, **kw)),
        (rd.roc_curve(dy, ds, drop_intermediate=False, **dkw),
         rs.roc_curve(y, s, drop_intermediate=False, **kw)),
        (rd.precision_recall_curve(dy, ds, **dkw), rs.precision_recall_curve(y, s, **kw)),
    ]:
        for a, b in zip(ours, theirs, strict=True):
            np.testing.assert_array_equal(a, b)
    assert rd.average_precision_score(dy, ds, **dkw) == rs.average_precision_score(y, s, **kw)
    assert rd.ks_statistic(dy, ds, **dkw) == rs.ks_statistic(y, s, **kw)
    ours, theirs = rd.gain_table(dy, ds, 7, **dkw).to_dict(), rs.gains.gain_table(y, s, 7, **kw).to_dict()
    assert list(ours) == list(theirs)
    for column in ours:
        np.testing.assert_array_equal(ours[column], theirs[column])
    assert rd.binary_confusion(dy, ds, threshold=0.5, **dkw) == rs.binary_confusion(
        y, s, threshold=0.5, **kw)
    for objective in ("youden", "f_beta"):
        assert rd.best_threshold(dy, ds, objective, **dkw) == rs.best_threshold(
            y, s, objective, **kw)
    assert rd.best_threshold(dy, ds, "max_recall", min_precision=0.7, **dkw) == \
        rs.best_threshold(y, s, "max_recall", min_precision=0.7, **kw)
    if not weighted:
        assert rd.binary_report(dy, ds, threshold=0.4, n_groups=5) == report.binary_report(
            y, s, threshold=0.4, n_groups=5)


def test_distinct_scores_many_partitions(client):
    y, s, _ = _data(n=5000, seed=1, ties=False)
    dy, ds = _lazy(y, 50), _lazy(s, 50)  # 100 partitions, a tree of up to seven levels
    assert rd.score_summary(dy, ds, split_every=2) == _summary(y, s)
    assert rd.roc_auc_score(dy, ds, split_every=4) == rs.roc_auc_score(y, s)


def test_dataframe_columns_with_text_labels(client):
    y, s, w = _data(seed=2, weighted=True)
    frame = pd.DataFrame({"target": np.where(y == 1, "spam", "ham"), "score": s, "w": w})
    df = dd.from_pandas(frame, npartitions=9)
    summary = rd.score_summary(df.target, df.score, pos_label="spam", sample_weight=df.w)
    assert summary == _summary(frame.target, frame.score, w, pos_label="spam")
    ours = rd.roc_curve(df["target"], df["score"], pos_label="spam", sample_weight=df["w"])
    theirs = rs.roc_curve(frame.target, frame.score, pos_label="spam", sample_weight=w)
    for a, b in zip(ours, theirs, strict=True):
        np.testing.assert_array_equal(a, b)
    assert rd.ks_statistic(df.target, df.score, pos_label="spam") == rs.ks_statistic(
        frame.target, frame.score, pos_label="spam")


def test_misaligned_chunks_are_rechunked(client):
    y, s, w = _data(seed=3, weighted=True)
    ours = rd.score_summary(_lazy(y, 13), _lazy(s, 291), sample_weight=_lazy(w, 700))
    assert ours == _summary(y, s, w)
    frame = dd.from_pandas(pd.DataFrame({"y": y}), npartitions=4)  # a Series and an array
    assert rd.score_summary(frame.y, _lazy(s, 500)) == _summary(y, s)


def test_different_lengths_are_an_error(client):
    y, s, _ = _data(seed=4)
    with pytest.raises(ValueError, match="different lengths: y_true 3000, y_score 2999"):
        rd.roc_auc_score(_lazy(y, 100), _lazy(s[1:], 100))



def test_a_partition_of_zero_weights_still_refuses_nan_scores(client):
    # a partition whose weights were all zero summarised to nothing without reading its
    # scores: NaN there gave an AUC of 1.0 (the in-memory functions raise)
    y, s, w = np.array([1, 0, 1]), np.array([np.nan, 0.2, 0.5]), np.array([0.0, 1, 1])
    with pytest.raises(ValueError, match="y_score contains NaN"):
        rs.roc_auc_score(y, s, sample_weight=w)
    for function in (rd.roc_auc_score, rd.average_precision_score):
        with pytest.raises(ValueError, match=r"partition 1 of 3 .*y_score contains NaN"):
            function(_lazy(y, 1), _lazy(s, 1), sample_weight=_lazy(w, 1))


def test_empty_partitions(client):
    y, s, _ = _data(seed=5)
    chunks = ((0, 1000, 0, 0, 1500, 500, 0),)
    dy, ds = da.from_array(y, chunks=chunks), da.from_array(s, chunks=chunks)
    assert rd.score_summary(dy, ds) == _summary(y, s)
    assert rd.roc_auc_score(dy, ds) == rs.roc_auc_score(y, s)
    order = np.argsort(s, kind="stable")  # sorted by score: filtering empties partitions
    frame = dd.from_pandas(pd.DataFrame({"y": y[order], "s": s[order]}), npartitions=6)
    kept = frame[frame.s > 0.6]
    keep = s[order] > 0.6
    assert rd.score_summary(kept.y, kept.s) == _summary(y[order][keep], s[order][keep])
    assert rd.roc_auc_score(kept.y, kept.s) == rs.roc_auc_score(y[order][keep], s[order][keep])
    nothing = frame[frame.s > 2]
    with pytest.raises(ValueError, match="y_true is empty"):
        rd.roc_auc_score(nothing.y, nothing.s)


@pytest.mark.parametrize("chunks", [((0,), ((0, 0),)), (((0, 0, 0),), (0,))])
def test_no_rows_in_columns_of_different_chunks_is_the_memory_error(client, chunks):
    # Dask rechunks no rows to one chunk whatever the chunks asked: an IndexError
    y_chunks, s_chunks = chunks
    dy = da.from_array(np.zeros(0, dtype=np.int64), chunks=y_chunks)
    ds = da.from_array(np.zeros(0), chunks=s_chunks)
    with pytest.raises(ValueError, match="y_true is empty") as memory:
        rs.roc_curve(np.zeros(0, dtype=np.int64), np.zeros(0))
    for function in (rd.roc_auc_score, rd.roc_curve, rd.score_summary,
                     lambda y, s: rd.score_summary(y, s, max_thresholds=4),
                     lambda y, s: rd.group_metrics(y, s, by=y)):
        with pytest.raises(ValueError) as ours:
            function(dy, ds)
        assert str(ours.value) == str(memory.value)


@pytest.mark.parametrize("ties", [False, True])
def test_roc_auc_without_a_client_adds_the_pairs_of_score_ranges(client, monkeypatch, ties):
    """Without a distributed client, roc_auc_score counts the pairs within and across
    score ranges of the partition summaries; with one, per worker (both exact)."""
    y, s, _ = _data(n=6000, seed=14, ties=ties)
    dy, ds = _lazy(y, 700), _lazy(s, 700)
    on_workers = rd.roc_auc_score(dy, ds)
    for module in (rd.summaries, rd.workers):  # (where the client is looked up)
        monkeypatch.setattr(module, "current_client", lambda: None)
    monkeypatch.setattr(rd.summaries, "_RANGE_SCORES", 500)  # many ranges
    assert rd.roc_auc_score(dy, ds, split_every=3) == on_workers == rs.roc_auc_score(y, s)
    assert rd.score_summary(dy, ds) == _summary(y, s)


def test_one_class_missing_from_some_partitions(client):
    y, s, _ = _data(seed=6)
    order = np.argsort(y, kind="stable")  # negatives first: every partition holds one class
    dy, ds = _lazy(y[order], 300), _lazy(s[order], 300)
    assert rd.score_summary(dy, ds) == _summary(y, s)
    assert rd.ks_statistic(dy, ds) == rs.ks_statistic(y, s)


def _in_memory_error(call):
    with pytest.raises((ValueError, TypeError)) as caught:
        call()
    return caught.type, str(caught.value)


def _dask_error(call):
    with pytest.raises((ValueError, TypeError)) as caught:
        call()
    return caught.type, str(caught.value)


# labels that pass in every partition (4 rows each) but not for all rows
_SPLIT_LABELS = {
    "0/1 then -1/1": [0, 1, 0, 1, -1, 1, -1, 1],
    "-1/1 then 0/1": [-1, 1, -1, 1, 1, 0, 1, 0],
    "0 then -1": [0, 0, 0, 0, -1, -1, 1, 1],
}


@pytest.mark.parametrize("case", sorted(_SPLIT_LABELS))
@pytest.mark.parametrize("path", ["workers", "ranges", "compressed", "weighted"])
def test_labels_of_all_partitions_are_checked_as_in_memory(client, monkeypatch, case, path):
    """Without pos_label the labels of all rows must lie within {0, 1} or {-1, 1}, though
    each partition's do: the error is memory's, on every path of the summary and AUC."""
    y, s = np.array(_SPLIT_LABELS[case]), np.arange(8.0)
    w = np.ones(8) if path == "weighted" else None
    dy, ds, dw = _lazy(y, 4), _lazy(s, 4), _lazy(w, 4)
    if path == "ranges":
        for module in (rd.summaries, rd.workers):
            monkeypatch.setattr(module, "current_client", lambda: None)
    options = {"max_thresholds": 4} if path == "compressed" else {}
    expected = _in_memory_error(lambda: rs.ScoreSummary.from_arrays(y, s, sample_weight=w))
    assert "multiclass format is not supported" in expected[1]
    assert _dask_error(lambda: rd.score_summary(dy, ds, sample_weight=dw, **options)) \
        == expected
    if path != "compressed":
        assert _dask_error(lambda: rd.roc_auc_score(dy, ds, sample_weight=dw)) == expected
        assert _dask_error(lambda: rd.ks_statistic(dy, ds, sample_weight=dw)) == expected
        assert _dask_error(lambda: rd.group_metrics(dy, ds, _lazy(np.arange(8) % 2, 4),
                                                    sample_weight=dw)) == expected
    # with pos_label, one class against the rest, as in memory
    ours = rd.score_summary(dy, ds, sample_weight=dw, pos_label=1, **options)
    theirs = rs.ScoreSummary.from_arrays(y, s, sample_weight=w, pos_label=1)
    assert (ours.n_positives, ours.n_negatives) == (theirs.n_positives, theirs.n_negatives)
    assert ours == theirs or path == "compressed"  # (4 bins for 8 scores)


@pytest.mark.parametrize("labels, pos_label, shown", [
    ([-1, 1, -1, 1, 1, 2, 1, 2], 1, "-1, 1, 2"),  # three classes in all, two in each partition
    ([-1, 1, -1, 1, 1, 2, 1, 2], 2, "-1, 1, 2"),
    ([-1, 1, -1, 1, 1, 0, 1, 0], None, "-1, 0, 1"),
    (["a", "b", "a", "b", "b", "c", "b", "c"], "b", "'a', 'b', 'c'"),
    ([0, 2, 0, 2, 2, 0, 2, 0], 1, None),  # pos_label neither of two classes: memory's error
    ([True, False, True, True, False, False, True, False], 2, None),  # (bools: 0.0 and a
    ([True] * 4 + [False] * 4, "1", None),                            # warning were returned)
])
@pytest.mark.parametrize("weighted", [False, True])
def test_average_precision_checks_the_classes_of_all_rows(client, labels, pos_label, shown,
                                                          weighted):
    """Average precision takes two classes (scikit-learn's rule): in memory, three or more
    with one column of scores are an error (the classes' columns are another input)."""
    y, s = np.array(labels), np.arange(8.0)
    w = np.linspace(1, 2, 8) if weighted else None
    kind, message = _in_memory_error(lambda: rs.average_precision_score(
        y, s, pos_label=pos_label, sample_weight=w))
    if shown is not None:
        message = (f"y_true holds three classes or more ({shown}, …); average_precision_score"
                   " of one column of scores takes two (scikit-learn's rule, with pos_label "
                   "too): pass y_true == the positive class to score it against the rest")
    assert _dask_error(lambda: rd.average_precision_score(
        _lazy(y, 4), _lazy(s, 4), pos_label=pos_label, sample_weight=_lazy(w, 4))) \
        == (kind, message)


@pytest.mark.parametrize("labels, pos_label", [
    ([0, 1, 0, 1, 1, 1, 1, 1], 1), ([-1, 1, -1, -1, 1, 1, 1, 1], 1), ([2, 2, 2, 2, 1, 2, 1, 2], 2),
    (["a", "b", "a", "b", "b", "b", "b", "b"], "b"), ([True, False, True, True] * 2, True),
])
def test_average_precision_of_two_classes_split_over_partitions(client, labels, pos_label):
    y, s = np.array(labels), np.array([0.3, 0.1, 0.9, 0.4, 0.2, 0.8, 0.6, 0.7])
    assert rd.average_precision_score(_lazy(y, 4), _lazy(s, 4), pos_label=pos_label) \
        == rs.average_precision_score(y, s, pos_label=pos_label)


@pytest.mark.parametrize("labels", [[0, 1, 0, 1], [False, True, False, True]])
@pytest.mark.parametrize("pos_label", [7, "1"])
def test_binary_confusion_refuses_a_pos_label_as_memory_does(client, labels, pos_label):
    # it counted every row negative: (0, 1, 0, 3)
    y, s = np.array(labels), np.array([0.1, 0.4, 0.35, 0.8])
    expected = _in_memory_error(lambda: rs.binary_confusion(y, s, threshold=0.5,
                                                            pos_label=pos_label))
    assert _dask_error(lambda: rd.binary_confusion(_lazy(y, 2), _lazy(s, 2), threshold=0.5,
                                                   pos_label=pos_label)) == expected
    ours = rd.binary_confusion(_lazy(y, 2), _lazy(s, 2), threshold=0.5, pos_label=y[1])
    assert ours == rs.binary_confusion(y, s, threshold=0.5, pos_label=y[1])


def test_text_and_number_labels_in_different_partitions(client):
    y, s = np.array(["0", "1", 0, 1], dtype=object), np.array([0.1, 0.4, 0.35, 0.8])
    expected = _in_memory_error(lambda: rs.roc_curve(y, s, pos_label=1))
    assert expected == (ValueError, "y_true mixes string and number labels")
    for call in (rd.roc_curve, rd.ks_statistic, rd.score_summary):
        assert _dask_error(lambda: call(_lazy(y, 2), _lazy(s, 2), pos_label=1)) == expected


def test_bytes_and_number_labels_in_different_partitions(client):
    # bytes are text: memory said "y_true has labels that are neither strings nor numbers"
    # (a TypeError) of the column, Dask "mixes string and number labels" across partitions
    y, s = np.array([b"0", b"1", 0, 1], dtype=object), np.array([0.1, 0.4, 0.35, 0.8])
    expected = _in_memory_error(lambda: rs.roc_curve(y, s, pos_label=1))
    assert expected == (ValueError, "y_true mixes string and number labels")
    for call in (rd.roc_curve, rd.ks_statistic, rd.score_summary):
        assert _dask_error(lambda: call(_lazy(y, 2), _lazy(s, 2), pos_label=1)) == expected
        assert _dask_error(lambda: call(_lazy(y, 4), _lazy(s, 4), pos_label=1)) == \
            (ValueError, f"partition 1 of 1 (rows 1..4): {expected[1]}")


@pytest.mark.parametrize("keys, shown", [
    (np.array([-0.0, -0.0, 0.0, 0.0]), [-0.0]),  # one group (equal keys), as in memory
    (np.array([1, 1, 1.0, 1.0], dtype=object), [1]),
    (np.array([True, True, 1, 1], dtype=object), [True]),
    (np.array([2**64 - 1, 2**64 - 1, 0, 0], dtype=np.uint64), [0, 2**64 - 1]),
    (np.array([-100, -100, 100, 100], dtype=np.int8), [-100, 100]),
])
def test_group_metrics_groups_equal_keys_from_different_partitions(client, keys, shown):
    # equal keys written differently went to different buckets: two rows of one group
    y, s = np.array([0, 1, 0, 1]), np.array([0.1, 0.4, 0.35, 0.8])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rs.UndefinedMetricWarning)
        theirs = rs.group_metrics(y, s, keys).to_pandas()
        ours = rd.group_metrics(_lazy(y, 2), _lazy(s, 2), _lazy(keys, 2))
    assert theirs["group"].tolist() == shown
    assert ours.columns.tolist() == theirs.columns.tolist()  # 'group', not the array's token
    assert ours["group"].tolist() == shown
    assert ours["positives"].tolist() == theirs["positives"].tolist()


@pytest.mark.parametrize("chunks", [(1, 0, 9, 0, 40, 30, 0), (40, 40), (2, 78), (80,)])
@pytest.mark.parametrize("labels", ["01", "minus_one", "bool"])
def test_roc_auc_of_signed_zeros_and_ties_across_workers(client, chunks, labels):
    # -0.0 and 0.0 are one score, whichever worker holds them; the rows sorted by label so
    # that partitions (and workers) hold one class; empty partitions: the pairs across
    # workers add up to the AUC in memory, exactly
    rng = np.random.default_rng(len(chunks))
    y = np.sort(rng.random(80) < 0.4).astype(np.int64)
    s = rng.choice([-0.0, 0.0, 0.5, -1.0, 5e-324], 80)
    y_true = {"01": y, "minus_one": np.where(y == 1, 1, -1), "bool": y == 1}[labels]
    want = rs.roc_auc_score(y_true, s)
    pos, neg = s[y == 1][:, None], s[y == 0][None, :]
    assert want == (2 * np.count_nonzero(pos > neg) + np.count_nonzero(pos == neg)) / (
        2 * pos.size * neg.size)
    assert rd.roc_auc_score(_lazy(y_true, (chunks,)), _lazy(s, (chunks,))) == want
    flipped = s[::-1].copy()  # the other class above
    assert rd.roc_auc_score(_lazy(y_true, (chunks,)), _lazy(flipped, (chunks,))) == (
        rs.roc_auc_score(y_true, flipped))


def test_one_class_missing_everywhere_is_the_memory_error(client):
    _, s, _ = _data(seed=7)
    y = np.zeros(len(s), dtype=np.int64)
    with pytest.warns(rs.UndefinedMetricWarning) as memory:
        assert np.isnan(rs.roc_auc_score(y, s))
    with pytest.warns(rs.UndefinedMetricWarning) as ours:
        assert np.isnan(rd.roc_auc_score(_lazy(y, 400), _lazy(s, 400)))
    assert [str(w.message) for w in ours] == [str(w.message) for w in memory]
    with pytest.raises(ValueError, match="y_true has no positive samples"):
        rd.binary_report(_lazy(y, 400), _lazy(s, 400))


def test_nan_in_one_partition_names_it(client):
    y, s, _ = _data(seed=8)
    s[2345] = np.nan
    with pytest.raises(ValueError, match=r"partition 8 of 10 \(rows 2101..2400\).*NaN"):
        rd.roc_auc_score(_lazy(y, 300), _lazy(s, 300))


def test_not_dask_is_a_type_error():
    y, s, _ = _data(n=10)
    with pytest.raises(TypeError, match="y_score must be a Dask array.*rankscore.roc_auc_score"):
        rd.roc_auc_score(_lazy(y, 5), s)
    frame = dd.from_pandas(pd.DataFrame({"y": y, "s": s}), npartitions=2)
    with pytest.raises(TypeError, match=r"a Dask DataFrame \(pick one column"):
        rd.roc_auc_score(frame.y, frame)
    with pytest.raises(ValueError, match="y_true must be 1-D"):
        rd.roc_auc_score(da.ones((10, 2), chunks=5), _lazy(s, 5))


def _in_thread(function, *args, **kwargs) -> queue.Queue:
    """Run ``function`` in a daemon thread; its result (or exception) arrives in the queue.

    A daemon thread, so that a computation that never ends fails the test at its deadline
    instead of holding up the test run; closing the session's client cancels it."""
    results: queue.Queue = queue.Queue()

    def run():
        try:
            results.put((True, function(*args, **kwargs)))
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            results.put((False, exc))

    threading.Thread(target=run, daemon=True).start()
    return results


@pytest.mark.parametrize("function", ["score_summary", "roc_auc_score"])
def test_worker_killed_during_a_computation(client, tmp_path, function):
    """SIGKILL one worker process while it computes: the tasks it held run again (on the
    other worker or the one its nanny starts) and the result is still exact (the summary;
    the AUC counted per worker)."""
    y, s, w = _data(n=4000, seed=9, weighted=function == "score_summary")
    marker = str(tmp_path / "started")

    # Defined here, not at module level: Dask pickles a module-level function by reference,
    # and a worker of an installed rankscore (CI's fresh virtual environment) cannot import
    # this test module, so the task would never run (that was the hang). A local function
    # travels by value (cloudpickle).
    def slow(block):
        open(marker, "a").close()
        time.sleep(0.25)
        return block

    ds = _lazy(s, 250).map_blocks(slow, dtype=s.dtype)  # 16 slow partitions
    victim = next(iter(client.run(os.getpid).values()))
    results = _in_thread(getattr(rd, function), _lazy(y, 250), ds, sample_weight=_lazy(w, 250))
    deadline = time.monotonic() + _KILL_TIMEOUT
    while not os.path.exists(marker):
        assert results.empty(), "the computation ended before any slow partition started"
        assert time.monotonic() < deadline, "no partition started on the workers"
        time.sleep(0.01)
    os.kill(victim, signal.SIGKILL)
    try:
        done, ours = results.get(timeout=_KILL_TIMEOUT)
    except queue.Empty:
        pytest.fail(f"no result {_KILL_TIMEOUT:.0f} s after killing worker process {victim}")
    if not done:
        raise ours
    if function == "score_summary":
        assert ours == _summary(y, s, w)
        assert ours.roc_auc() == rs.roc_auc_score(y, s, sample_weight=w)
    else:
        assert ours == rs.roc_auc_score(y, s)
    client.wait_for_workers(2, timeout=_KILL_TIMEOUT)  # the nanny started a new process
    assert victim not in client.run(os.getpid).values()


def test_zero_weights(client):
    y, s, w = _data(seed=15, weighted=True)
    w[:1000] = 0  # partitions 1 to 3 weigh nothing, the fourth in part
    dy, ds, dw = _lazy(y, 300), _lazy(s, 300), _lazy(w, 300)
    assert rd.score_summary(dy, ds, sample_weight=dw) == _summary(y, s, w)
    assert rd.roc_auc_score(dy, ds, sample_weight=dw) == rs.roc_auc_score(y, s, sample_weight=w)
    zero = np.zeros_like(w)
    with pytest.raises(ValueError) as memory:
        rs.roc_curve(y, s, sample_weight=zero)
    with pytest.raises(ValueError, match=re.escape(str(memory.value))):
        rd.roc_curve(dy, ds, sample_weight=_lazy(zero, 300))


def test_weights_as_a_series_of_another_frame(client):
    y, s, w = _data(seed=10, weighted=True)
    frame = dd.from_pandas(pd.DataFrame({"y": y, "s": s}), npartitions=5)
    weights = dd.from_pandas(pd.Series(w), npartitions=3)  # other partitions: rechunked
    assert rd.score_summary(frame.y, frame.s, sample_weight=weights) == _summary(y, s, w)


def test_float32_scores_stay_float32(client):
    y, s, _ = _data(seed=11)
    s32 = s.astype(np.float32)
    summary = rd.score_summary(_lazy(y, 512), _lazy(s32, 512))
    assert summary.dtype == np.float32 and summary == _summary(y, s32)



@pytest.mark.skipif(np.finfo(np.longdouble).nmant <= 52, reason="long double is float64 here")
def test_long_doubles_float64_merges_across_partitions_are_the_memory_error(client):
    # 1 and 1 + 2**-60 in different partitions: each partition's check passed, and the
    # merged summary held them as one score (AUC 0.8125), where memory refuses the column
    y = np.array([0, 0, 0, 1, 0, 1])
    s = np.array([0.5, 1, 0.2, 1, 0.3, 0.9], dtype=np.longdouble)
    s[3] += np.longdouble(2) ** -60
    with pytest.raises(ValueError, match="cannot tell apart") as memory:
        rs.roc_auc_score(y, s)
    dy, ds, by = _lazy(y, 3), _lazy(s, 3), _lazy(np.zeros(6, dtype=int), 3)
    calls = [lambda: rd.roc_auc_score(dy, ds), lambda: rd.score_summary(dy, ds),
             lambda: rd.roc_auc_score(dy, ds, sample_weight=_lazy(np.ones(6), 3)),
             lambda: rd.score_summary(dy, ds, max_thresholds=4),
             lambda: rd.group_metrics(dy, ds, by)]
    for call in calls:
        with pytest.raises(ValueError, match=f"^{re.escape(str(memory.value))}$"):
            call()
    s[3] = 1 + np.longdouble(2) ** -40  # distinct in float64: memory's number
    assert rd.roc_auc_score(dy, _lazy(s, 3)) == rs.roc_auc_score(y, s)


def test_bad_split_every():
    y, s, _ = _data(n=10)
    with pytest.raises(ValueError, match="split_every must be an integer >= 2, got 1"):
        rd.score_summary(_lazy(y, 5), _lazy(s, 5), split_every=1)


@pytest.mark.parametrize("weighted", [False, True])
def test_compressed_summary_is_bounded_and_on_the_exact_curve(client, weighted):
    y, s, w = _data(n=20_000, seed=12, weighted=weighted, ties=False)
    s[::7] = np.round(s[::7], 2)  # some ties too
    dy, ds, dw = _lazy(y, 1500), _lazy(s, 1500), _lazy(w, 1500)
    small = rd.score_summary(dy, ds, sample_weight=dw, max_thresholds=200)
    exact = _summary(y, s, w)
    assert 150 <= len(small) <= 200 and small.weighted == weighted
    assert small.n_positives == exact.n_positives and small.n_negatives == exact.n_negatives
    assert 0 < small.auc_error_bound < 0.01
    assert abs(small.roc_auc() - exact.roc_auc()) <= small.auc_error_bound
    # every compressed threshold is a score, and its ROC point is the exact curve's point
    fpr, tpr, thresholds = small.roc_curve(drop_intermediate=False)
    efpr, etpr, ethresholds = exact.roc_curve(drop_intermediate=False)
    at = np.searchsorted(-ethresholds, -thresholds)
    np.testing.assert_array_equal(ethresholds[at], thresholds)
    np.testing.assert_array_equal(efpr[at], fpr)
    np.testing.assert_array_equal(etpr[at], tpr)


def test_compressed_summary_of_one_class_refuses_to_merge(client):
    # positives only: no bin ties a pair, the bound is 0.0, yet the bins hide the scores
    small = rd.score_summary(_lazy(np.ones(100), 25), _lazy(np.arange(100.0), 25),
                             max_thresholds=4)
    assert len(small) <= 4 and small.auc_error_bound == 0.0 and small.compressed
    with pytest.raises(ValueError, match="compressed summaries cannot be merged"):
        small.merge(rs.ScoreSummary.from_arrays([0], [48.5]))


def test_compressed_summary_keeps_the_partition_errors(client):
    y, s, _ = _data(seed=13)
    s[700] = np.nan
    with pytest.raises(ValueError, match=r"partition 3 of 10 \(rows 601..900\).*index 700"):
        rd.score_summary(_lazy(y, 300), _lazy(s, 300), max_thresholds=10)
    with pytest.raises(ValueError, match="max_thresholds must be"):
        rd.score_summary(_lazy(y, 300), _lazy(s, 300), max_thresholds=0)


# --- roc_auc_score on the workers: partitions placed on chosen workers ----------------------


def _placed(client, x, chunks, owners):
    """A Dask array of ``x`` cut into ``chunks``, partition i held by worker ``owners[i]``
    (0 or 1): the per-worker path sees exactly this split."""
    client.wait_for_workers(2, timeout=_KILL_TIMEOUT)  # the killed-worker test restarts one
    workers = sorted(client.scheduler_info()["workers"])
    starts = np.concatenate([[0], np.cumsum(chunks)])
    return da.concatenate([
        da.from_delayed(client.scatter(x[a:b], workers=[workers[owner]], hash=False),
                        (b - a,), x.dtype)
        for a, b, owner in zip(starts[:-1], starts[1:], owners)])


def _auc_placed(client, y, s, chunks, owners):
    return rd.roc_auc_score(_placed(client, y, chunks, owners), _placed(client, s, chunks, owners))


@pytest.mark.parametrize("case", ["one class on a worker", "empty worker", "ties across workers",
                                  "signed zeros", "more positives", "float32", "one row"])
def test_auc_on_workers_equals_memory(client, case):
    rng = np.random.default_rng(16)
    n = 2000
    s = np.round(rng.normal(size=n), 1)  # ~60 distinct scores: ties within and across workers
    y = (rng.random(n) < 0.3).astype(np.int64)
    chunks, owners = [500, 500, 500, 500], [0, 1, 0, 1]
    if case == "one class on a worker":  # worker 0 holds negatives only, worker 1 both
        order = np.argsort(y, kind="stable")
        y, s = y[order], s[order]
        chunks, owners = [700, 1300], [0, 1]
        assert y[:700].max() == 0 and y[700:].min() == 0
    elif case == "empty worker":  # every partition of worker 1 is empty
        chunks, owners = [0, 1200, 0, 800], [1, 0, 1, 0]
    elif case == "ties across workers":
        s = rng.integers(0, 3, n).astype(np.float64)
    elif case == "signed zeros":
        s = rng.choice([-0.0, 0.0, 1.0, -1.0], n)
        s[:1000] = np.abs(s[:1000])  # worker 0 holds +0.0, worker 1 both
    elif case == "more positives":  # the negatives are the smaller class: they travel
        y = 1 - y
    elif case == "float32":
        s = (s + rng.random(n) * 1e-3).astype(np.float32)
    else:
        y, s, chunks, owners = y[:2], s[:2], [1, 1], [0, 1]
        y[:] = [0, 1]
    assert _auc_placed(client, y, s, chunks, owners) == rs.roc_auc_score(y, s)


def test_auc_on_workers_nan_names_its_partition(client):
    y, s, _ = _data(n=2000, seed=17)
    s[1234] = np.inf
    with pytest.raises(ValueError, match=r"partition 3 of 4 \(rows 1001..1500\).*infinity"
                                         r".*index 1234"):
        _auc_placed(client, y, s, [500] * 4, [0, 1, 1, 0])


@pytest.mark.parametrize("seed", range(24))
def test_auc_on_workers_any_split(client, seed):
    """Random rows, partitions and owners (seeded; hypothesis is not used here because the
    in-process scheduler draws from the global random module while placing partitions):
    any split of the rows between the two workers gives the in-memory AUC exactly."""
    rng = np.random.default_rng([18, seed])
    n, n_parts = int(rng.integers(2, 600)), int(rng.integers(1, 9))
    decimals, dtype = rng.choice([-1, 0, 2]), rng.choice([np.float64, np.float32])
    s = rng.normal(size=n)
    s = (s if decimals < 0 else np.round(s, decimals)).astype(dtype)
    y = rng.random(n) < rng.choice([0.02, 0.5, 0.97])
    y[:2] = [False, True]  # both classes somewhere
    cuts = np.sort(rng.integers(0, n + 1, n_parts - 1))
    chunks = np.diff(np.concatenate([[0], cuts, [n]])).tolist()
    owners = rng.integers(0, 2, n_parts).tolist()
    assert _auc_placed(client, y, s, chunks, owners) == rs.roc_auc_score(y, s)


def test_auc_on_workers_nan_with_one_class(client):
    """NaN is the in-memory error even when every row is of one class (no pairs to
    count: the larger class is still sorted and checked). Empty float32 classes of a
    worker holding only empty partitions are test_roc_auc_of_signed_zeros_and_ties_..."""
    y, s, _ = _data(n=1000, seed=19)
    s[700] = np.nan
    with pytest.raises(ValueError, match=r"rows 601..1000\).*NaN \(first at index 700\)"):
        _auc_placed(client, np.zeros(1000, dtype=int), s, [600, 400], [1, 0])


@pytest.mark.parametrize("weighted", [False, True])
def test_group_metrics_equal_memory(client, weighted):
    y, s, w = _data(n=3000, seed=21, weighted=weighted)
    rng = np.random.default_rng(21)
    frame = pd.DataFrame({"y": y, "s": s, "region": rng.choice(["n", "s", "e"], len(y)),
                          "day": rng.integers(0, 5, len(y))})
    frame.loc[(frame.region == "e") & (frame.day == 2), "y"] = 0  # a group of one class
    if weighted:
        frame["w"] = w
    df = dd.from_pandas(frame, npartitions=7)
    with pytest.warns(rs.UndefinedMetricWarning, match=r"group \('e', 2\) holds only negatives"):
        ours = rd.group_metrics(df.y, df.s, df[["region", "day"]],
                                sample_weight=df.w if weighted else None)
    with pytest.warns(rs.UndefinedMetricWarning):
        theirs = rs.group_metrics(frame.y, frame.s, frame[["region", "day"]],
                                  sample_weight=frame.w if weighted else None).to_pandas()
    pd.testing.assert_frame_equal(ours, theirs, check_exact=True)


def test_group_metrics_reads_nullable_integer_keys_as_integers(client):
    # a partition's Int64 key column with a missing value became float64 (pandas'
    # to_numpy), so the keys 2**53 and 2**53 + 1 were one group keyed 9.007199e+15
    frame = pd.DataFrame({"y": [0, 1, 0, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
                          "k": pd.Series([2**53 + 1, 2**53, None, 2**53 + 1, 2**53, None],
                                         dtype="Int64")})
    df = dd.from_pandas(frame, npartitions=2)
    ours = rd.group_metrics(df.y, df.s, by=df.k)
    assert ours["k"].tolist()[:2] == [2**53, 2**53 + 1] and pd.isna(ours["k"].tolist()[2])
    assert ours["positives"].tolist() == [1, 1, 1]
    assert ours["negatives"].tolist() == [1, 1, 1]
    memory = rs.group_metrics(frame.y, frame.s, by=frame.k).to_pandas()
    assert ours["roc_auc"].tolist() == memory["roc_auc"].tolist()
    # the missing key as the Dask and Spark tables give it: None (memory showed <NA>)
    assert ours["k"].tolist()[2] is None and memory["k"].tolist()[2] is None


@pytest.mark.parametrize("dtype", ["boolean", "Int64", "string", "category"])
def test_group_metrics_tables_of_nullable_keys_equal_memorys(client, dtype):
    # a nullable boolean key's missing value was pandas' <NA> in memory, None in Dask
    values = {"boolean": [True, False, None, True, False, None],
              "Int64": [3, 2**53 + 1, None, 3, 2**53 + 1, None],
              "string": ["a", "b", None, "a", "b", None],
              "category": ["a", "b", None, "a", "b", None]}[dtype]
    frame = pd.DataFrame({"y": [0, 1, 0, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
                          "k": pd.Series(values, dtype=dtype)})
    ours = rd.group_metrics(dd.from_pandas(frame, npartitions=2).y,
                            dd.from_pandas(frame, npartitions=2).s,
                            by=dd.from_pandas(frame, npartitions=2).k)
    memory = rs.group_metrics(frame.y, frame.s, by=frame.k).to_pandas()
    pd.testing.assert_frame_equal(ours.reset_index(drop=True),
                                  memory.reset_index(drop=True), check_dtype=False)
    if dtype in ("boolean", "Int64"):
        assert memory["k"].tolist()[2] is None
    pd.testing.assert_frame_equal(ours, memory, check_exact=True)


@pytest.mark.parametrize("names", [["k", "k"], ["k", "k", "k_1"], ["k_2", "k", "k"]])
def test_group_metrics_names_key_columns_named_alike_as_memory(client, names):
    # Dask named them its own way (k, k_1 where memory says k_0, k_1), and with k_2, k, k
    # the third column was named k_2 too and replaced the first in the table
    frame = pd.DataFrame({"y": [0, 1, 0, 1, 0, 1], "s": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
                          "a": [1, 1, 1, 2, 2, 2], "b": list("xyxyxy"),
                          "c": [5, 5, 6, 6, 5, 5]})
    df = dd.from_pandas(frame, npartitions=2)
    columns = ["a", "b", "c"][:len(names)]
    ours = rd.group_metrics(df.y, df.s, [df[c].rename(n) for c, n in zip(columns, names)],
                            one_class="nan")
    memory = rs.group_metrics(frame.y, frame.s,
                              [frame[c].rename(n) for c, n in zip(columns, names)],
                              one_class="nan").to_pandas()
    assert len(set(ours.columns[:len(names)])) == len(names)
    groups = frame.groupby(columns).size().index  # (pandas' groups, in key order)
    assert [ours[n].tolist() for n in ours.columns[:len(names)]] == [
        groups.get_level_values(c).tolist() for c in columns]
    pd.testing.assert_frame_equal(ours, memory, check_exact=True)


def test_group_metrics_errors_name_the_partition(client):
    y, s, _ = _data(n=400, seed=22)
    s[250] = np.nan
    key = np.arange(400) % 3
    with pytest.raises(ValueError, match=r"partition 3 of 4 \(rows 201\.\.300\): y_score "
                                         r"contains NaN \(first at index 250\)"):
        rd.group_metrics(_lazy(y, 100), _lazy(s, 100), _lazy(key, 100))
    with pytest.raises(ValueError, match=r"group 0 holds only negatives"):
        rd.group_metrics(_lazy(np.zeros(9, int), 3), _lazy(np.arange(9.0), 3),
                         _lazy(np.arange(9) % 2, 3), one_class="raise")
